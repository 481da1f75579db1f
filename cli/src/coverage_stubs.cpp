// The callbacks a library built with clang's -fsanitize=fuzzer-no-link calls (SanitizerCoverage:
// inline 8-bit counters, PC tables, comparison tracing, stack depth), as no-ops, exported from
// aabb-oracle: `check`, `replay` and `check --corpus` load the very build a user fuzzes
// (docs/fuzzing-your-library.md), whose undefined references libFuzzer resolves in
// aabb-oracle-fuzz and nothing would resolve here. Weak: a real runtime in the process wins.

#include <cstddef>
#include <cstdint>

#define AABB_SANCOV extern "C" __attribute__((weak, visibility("default")))

// In braces: `extern "C" T x;` alone would only declare it.
extern "C" {
__attribute__((weak, visibility("default"), tls_model("initial-exec"))) thread_local std::uintptr_t
    __sancov_lowest_stack = 0;
}

AABB_SANCOV void __sanitizer_cov_8bit_counters_init(std::uint8_t*, std::uint8_t*) {}
AABB_SANCOV void __sanitizer_cov_bool_flag_init(bool*, bool*) {}
AABB_SANCOV void __sanitizer_cov_pcs_init(const std::uintptr_t*, const std::uintptr_t*) {}
AABB_SANCOV void __sanitizer_cov_trace_pc_guard_init(std::uint32_t*, std::uint32_t*) {}
AABB_SANCOV void __sanitizer_cov_trace_pc_guard(std::uint32_t*) {}
AABB_SANCOV void __sanitizer_cov_trace_pc_indir(std::uintptr_t) {}
AABB_SANCOV void __sanitizer_cov_trace_cmp1(std::uint8_t, std::uint8_t) {}
AABB_SANCOV void __sanitizer_cov_trace_cmp2(std::uint16_t, std::uint16_t) {}
AABB_SANCOV void __sanitizer_cov_trace_cmp4(std::uint32_t, std::uint32_t) {}
AABB_SANCOV void __sanitizer_cov_trace_cmp8(std::uint64_t, std::uint64_t) {}
AABB_SANCOV void __sanitizer_cov_trace_const_cmp1(std::uint8_t, std::uint8_t) {}
AABB_SANCOV void __sanitizer_cov_trace_const_cmp2(std::uint16_t, std::uint16_t) {}
AABB_SANCOV void __sanitizer_cov_trace_const_cmp4(std::uint32_t, std::uint32_t) {}
AABB_SANCOV void __sanitizer_cov_trace_const_cmp8(std::uint64_t, std::uint64_t) {}
AABB_SANCOV void __sanitizer_cov_trace_switch(std::uint64_t, std::uint64_t*) {}
AABB_SANCOV void __sanitizer_cov_trace_div4(std::uint32_t) {}
AABB_SANCOV void __sanitizer_cov_trace_div8(std::uint64_t) {}
AABB_SANCOV void __sanitizer_cov_trace_gep(std::uintptr_t) {}
