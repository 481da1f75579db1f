#pragma once
/// GMP memory that cannot take the process down: eval's per-line cap on the bytes held through
/// GMP, and allocation failures turned into C++ exceptions instead of GMP's abort().
///
/// The first LineMemoryScope installs GMP memory functions (mp_set_memory_functions) for the
/// whole process; they are malloc/realloc/free, like GMP's defaults, so blocks allocated before
/// stay valid. While a scope is open on a thread, a GMP allocation that would raise the bytes
/// held through GMP since the scope opened above its cap throws LineMemoryExceeded, and one that
/// malloc cannot satisfy throws std::bad_alloc; outside a scope a failed allocation aborts with
/// GMP's own message, as before.
///
/// The exception unwinds through GMP's C frames (Debian's libgmp has unwind tables), which run
/// no cleanup: GMP's internal temporaries of the interrupted call leak. One known GMP pattern
/// frees an integer's block and then allocates its replacement (mpz_mul), so an integer can be
/// left pointing at a freed block; the block freed last before a failed allocation is therefore
/// kept back (see gmp_memory.cpp) so that freeing it again is harmless.

#include <cstddef>
#include <new>

namespace aabb::eval_detail {

/// Thrown by GMP's allocation functions when a line's GMP memory would exceed its cap.
class LineMemoryExceeded : public std::bad_alloc {
 public:
  [[nodiscard]] const char* what() const noexcept override {
    return "the line's GMP memory would exceed its cap";
  }
};

/// Opens a line's GMP memory accounting on this thread, with at most `cap_bytes` held at once
/// through GMP; closes it on destruction. Scopes do not nest.
class LineMemoryScope {
 public:
  explicit LineMemoryScope(std::size_t cap_bytes);
  ~LineMemoryScope();
  LineMemoryScope(const LineMemoryScope&) = delete;
  LineMemoryScope& operator=(const LineMemoryScope&) = delete;
};

}  // namespace aabb::eval_detail
