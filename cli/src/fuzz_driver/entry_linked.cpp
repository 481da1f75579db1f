// aabb::fuzz_driver (docs/fuzzing-your-library.md): libFuzzer's entry points over the functions
// of the C ABI linked into the same binary, for an OSS-Fuzz or ClusterFuzzLite build.sh:
//
//   $CC $CFLAGS -c yours.c                       # your implementation of aabb/abi.h
//   $CXX $CXXFLAGS yours.o -o $OUT/aabb_fuzz_yours \
//        -L<prefix>/lib -laabb_fuzz_driver ... $LIB_FUZZING_ENGINE
//
// Every function of abi.h is a weak reference here: the ones the binary defines are fuzzed, the
// others are absent. Link your implementation's object files (or its archive with
// --whole-archive): a weak reference does not pull a member out of an archive. Options come
// from "--name=value" arguments and the environment variable AABB_FUZZ_OPTIONS.

#define AABB_ABI_EXPORT __attribute__((weak))
#include "aabb/abi.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>

#include "aabb/fuzz_driver.hpp"
#include "aabb/ops/descriptors.hpp"

namespace {

struct Linked {
  const char* symbol;
  void* address;
};
// The address of every ABI function the binary defines (null for the others), by name.
#define AABB_LINKED(v)                                                                            \
  {"aabb_" #v "_f32", reinterpret_cast<void*>(&aabb_##v##_f32)},                                  \
      {"aabb_" #v "_f64", reinterpret_cast<void*>(&aabb_##v##_f64)},                              \
      {"aabb2_" #v "_f32", reinterpret_cast<void*>(&aabb2_##v##_f32)},                            \
      {"aabb2_" #v "_f64", reinterpret_cast<void*>(&aabb2_##v##_f64)},
const Linked kLinked[] = {AABB_OPS_ABI_VARIANTS(AABB_LINKED)};
#undef AABB_LINKED

std::unique_ptr<aabb::fuzz_driver::Driver> g_driver;

[[noreturn]] void usage_error(const std::string& message) {
  std::fprintf(stderr, "aabb::fuzz_driver: %s\n", message.c_str());
  std::exit(2);
}

void start(int argc, char** argv) {
  aabb::fuzz_driver::Options o;
  if (const std::string e = aabb::fuzz_driver::parse_options(argc, argv, o); !e.empty()) usage_error(e);
  if (!o.impl.empty()) usage_error("--impl: this fuzz target calls the functions linked into it (aabb-oracle-fuzz loads a library)");
  try {
    g_driver = std::make_unique<aabb::fuzz_driver::Driver>(o, [](const std::string& symbol) -> void* {
      for (const auto& l : kLinked)
        if (symbol == l.symbol) return l.address;
      return nullptr;
    });
  } catch (const std::invalid_argument& e) {
    usage_error(e.what());
  }
  if (g_driver->symbols().empty())
    usage_error("no function of the C ABI (aabb/abi.h) that the options select is linked into this binary "
                "(link the object files that define them, or their archive with --whole-archive)");
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  start(*argc, *argv);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (!g_driver) start(0, nullptr);  // an engine that does not call LLVMFuzzerInitialize
  return aabb::fuzz_driver::test_one_input(*g_driver, data, size);
}

// Each mutation's selector bytes name the function the input runs (Driver::canonicalize), so that
// a saved input replays the same under other --ops.
extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t max_size,
                                               unsigned int /*seed*/) {
  return aabb::fuzz_driver::custom_mutate(g_driver.get(), data, size, max_size);
}
