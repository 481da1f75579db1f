// aabb-oracle-fuzz (docs/fuzzing-your-library.md): libFuzzer's entry points over a library of the
// C ABI loaded with dlopen. Build the library with -fsanitize=fuzzer-no-link (and ASan/UBSan if
// wanted) so that libFuzzer is guided by its coverage:
//
//   aabb-oracle-fuzz --impl=./libyours.so [--contract=ray=conservative ...] CORPUS_DIR [-max_total_time=60 ...]
//
// Arguments starting with "--" are the driver's (libFuzzer leaves them alone); the rest are
// libFuzzer's.

#include <dlfcn.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>

#include "aabb/fuzz_driver.hpp"

namespace {

std::unique_ptr<aabb::fuzz_driver::Driver> g_driver;

[[noreturn]] void usage_error(const std::string& message) {
  std::fprintf(stderr, "aabb-oracle-fuzz: %s\n", message.c_str());
  std::exit(2);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  aabb::fuzz_driver::Options o;
  if (const std::string e = aabb::fuzz_driver::parse_options(*argc, *argv, o); !e.empty()) usage_error(e);
  if (o.impl.empty()) usage_error("--impl=LIB.so (or the environment variable AABB_IMPL) names the library to fuzz");
  void* handle = dlopen(o.impl.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) usage_error("--impl=" + o.impl + ": " + dlerror());
  try {
    g_driver = std::make_unique<aabb::fuzz_driver::Driver>(
        o, [handle](const std::string& symbol) { return dlsym(handle, symbol.c_str()); });
  } catch (const std::invalid_argument& e) {
    usage_error(e.what());
  }
  const auto symbols = g_driver->symbols();
  if (symbols.empty())
    usage_error("--impl=" + o.impl + ": exports no function of the C ABI (aabb/abi.h) that the options select; "
                "`aabb-oracle check --impl` names near misses");
  std::fprintf(stderr, "aabb-oracle-fuzz: %s: %zu functions:", o.impl.c_str(), symbols.size());
  for (const auto& s : symbols) std::fprintf(stderr, " %s", s.c_str());
  std::fprintf(stderr, "\n");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return aabb::fuzz_driver::test_one_input(*g_driver, data, size);
}

// Each mutation's selector bytes name the function the input runs (Driver::canonicalize), so that
// a saved input replays the same under other --ops.
extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t max_size,
                                               unsigned int /*seed*/) {
  return aabb::fuzz_driver::custom_mutate(g_driver.get(), data, size, max_size);
}
