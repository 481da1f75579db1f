# Cross toolchain for the aarch64 run (issue 15: the contracts on a second platform, where
# long double is not x87's and fma is a native instruction). Debian's g++-aarch64-linux-gnu,
# the arm64 libraries installed by multiarch (tools/setup.sh --aarch64), and qemu-user to run
# the binaries: CMAKE_CROSSCOMPILING_EMULATOR makes ctest (and Catch's test discovery) run
# every test program through qemu-aarch64.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
# GCC's note that the ABI of passing pairs of doubles changed in GCC 10.1 concerns mixing objects
# built by GCC < 10 with newer ones, which this build never does.
set(CMAKE_CXX_FLAGS_INIT "-Wno-psabi")
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;/usr/aarch64-linux-gnu)
# Libraries and packages' CMake files from the arm64 multiarch paths only; headers from /usr/include
# (arch-independent, and the arm64 multiarch include directory is searched by the compiler).
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu /usr/lib/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
