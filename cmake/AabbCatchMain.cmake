# aabb_catch_main: Catch2's main for the test programs. Natively Debian's Catch2::Catch2WithMain;
# in a cross build (tools/aarch64.sh) that prebuilt library is the host's (/usr/lib, amd64 only),
# so the same main is compiled for the target from Catch2's single header.
find_package(Catch2 2.13 REQUIRED)  # in every including directory: it also brings include(Catch)
if(TARGET aabb_catch_main)
  return()
endif()
if(CMAKE_CROSSCOMPILING)
  set(aabb_catch_main_source ${CMAKE_BINARY_DIR}/aabb_catch_main.cpp)
  file(WRITE ${aabb_catch_main_source} "#define CATCH_CONFIG_MAIN\n#include <catch2/catch.hpp>\n")
  add_library(aabb_catch_main STATIC ${aabb_catch_main_source})
  target_link_libraries(aabb_catch_main PUBLIC Catch2::Catch2)
  # Catch2's runner, not code under test: -O1 (61 s in the aarch64 build at -O3, 26 s alone at -O1).
  target_compile_options(aabb_catch_main PRIVATE -O1)
else()
  add_library(aabb_catch_main INTERFACE)
  target_link_libraries(aabb_catch_main INTERFACE Catch2::Catch2WithMain)
endif()
