#pragma once
/// The buffers one library call gets, guarded. Every array the library receives is a copy made
/// for that call, with guard bytes before and after it; outputs start filled with a marker value
/// ("not written"). After the call check verifies that the guards are intact (nothing written
/// outside a buffer) and that every input still equals the case's value (nothing written into
/// a const input), and reads the outputs back. These run in the sandbox's child, right after
/// the call; what they find travels back inside the answer as a BufferFault.

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace aabb::check {

/// The names check reports for what a call did to its buffers (violation kinds, like crash).
inline constexpr const char* kOutside = "wrote outside a buffer";
inline constexpr const char* kInputModified = "changed an input";
inline constexpr const char* kNotWritten = "no value written";
inline constexpr const char* kNaNAnswer = "NaN answer";

/// What a call did to its buffers that the ABI forbids, beyond its answer.
struct BufferFault {
  enum Kind : std::uint8_t { None, Outside, InputModified };
  Kind kind = None;
  char detail[96] = {};
};

/// The value an output starts with, so that one the library did not write is recognised: a quiet
/// NaN with a payload no arithmetic produces, or an index no call returns.
template <class T>
T not_written() {
  if constexpr (std::is_same_v<T, float>) {
    const std::uint32_t bits = 0x7fc5a5a5u;
    T x;
    std::memcpy(&x, &bits, sizeof x);
    return x;
  } else if constexpr (std::is_same_v<T, double>) {
    const std::uint64_t bits = 0x7ff8a5a5a5a5a5a5ull;
    T x;
    std::memcpy(&x, &bits, sizeof x);
    return x;
  } else {
    return static_cast<T>(0xa5a5a5a5a5a5a5a5ull);
  }
}

/// Whether x is still the not-written marker (bit for bit).
template <class T>
bool is_not_written(T x) {
  const T m = not_written<T>();
  return std::memcmp(&x, &m, sizeof x) == 0;
}

/// The guarded buffers of one call (see the file comment).
class Frame {
 public:
  /// A guarded copy of n input elements; the original must outlive verify().
  template <class E>
  const E* in(const E* data, std::size_t n, const char* name) {
    Buffer& b = add(n * sizeof(E), sizeof(E), name, data);
    if (n > 0) std::memcpy(b.data(), data, n * sizeof(E));
    return reinterpret_cast<const E*>(b.data());
  }
  template <class E, std::size_t N>
  const E* in(const std::array<E, N>& a, const char* name) {
    return in(a.data(), N, name);
  }
  template <class E>
  const E* in(const std::vector<E>& v, const char* name) {
    return in(v.data(), v.size(), name);
  }

  /// A guarded output of n elements, each set to not_written<E>().
  template <class E>
  E* out(std::size_t n, const char* name) {
    Buffer& b = add(n * sizeof(E), sizeof(E), name, nullptr);
    E* p = reinterpret_cast<E*>(b.data());
    for (std::size_t i = 0; i < n; ++i) p[i] = not_written<E>();
    return p;
  }

  /// The first thing the call did wrong to its buffers, or a fault of kind None.
  [[nodiscard]] BufferFault verify() const {
    BufferFault f;
    for (const Buffer& b : buffers_) {
      if (const std::size_t k = b.guard_hit_before(); k > 0) {
        set(f, BufferFault::Outside, "wrote %zu byte(s) before the start of %s", k, b.name);
        return f;
      }
      if (const std::size_t k = b.guard_hit_after(); k > 0) {
        set(f, BufferFault::Outside, "wrote past the end of %s (%zu element(s)): byte %zu after it",
            b.name, b.bytes / b.element, k - 1);
        return f;
      }
      if (b.original != nullptr && b.bytes > 0 && std::memcmp(b.data(), b.original, b.bytes) != 0) {
        std::size_t i = 0;
        while (std::memcmp(b.data() + i * b.element,
                           static_cast<const unsigned char*>(b.original) + i * b.element,
                           b.element) == 0)
          ++i;
        set(f, BufferFault::InputModified, "changed the const input %s[%zu]", b.name, i);
        return f;
      }
    }
    return f;
  }

 private:
  static constexpr std::size_t kGuard = 64;  ///< guard bytes on each side
  static constexpr unsigned char kGuardByte = 0xa5;

  struct Buffer {
    std::unique_ptr<unsigned char[]> storage;
    std::size_t bytes = 0, element = 1;
    const char* name = "";
    const void* original = nullptr;  ///< an input's value, to compare after the call

    [[nodiscard]] unsigned char* data() const { return storage.get() + kGuard; }
    /// How many bytes before the buffer were overwritten (counted from the farthest one).
    [[nodiscard]] std::size_t guard_hit_before() const {
      for (std::size_t i = 0; i < kGuard; ++i)
        if (storage[i] != kGuardByte) return kGuard - i;
      return 0;
    }
    /// 1 + the offset past the end of the farthest overwritten guard byte, or 0.
    [[nodiscard]] std::size_t guard_hit_after() const {
      const unsigned char* g = data() + bytes;
      for (std::size_t i = kGuard; i > 0; --i)
        if (g[i - 1] != kGuardByte) return i;
      return 0;
    }
  };

  Buffer& add(std::size_t bytes, std::size_t element, const char* name, const void* original) {
    Buffer b;
    // Each buffer starts 16-byte aligned: the guard is a multiple of 16 and new[] aligns to 16.
    b.storage = std::make_unique<unsigned char[]>(bytes + 2 * kGuard);
    std::memset(b.storage.get(), kGuardByte, bytes + 2 * kGuard);
    b.bytes = bytes;
    b.element = element;
    b.name = name;
    b.original = original;
    buffers_.push_back(std::move(b));
    return buffers_.back();
  }

  template <class... A>
  static void set(BufferFault& f, BufferFault::Kind kind, const char* format, A... args) {
    f.kind = kind;
    std::snprintf(f.detail, sizeof f.detail, format, args...);
  }

  std::vector<Buffer> buffers_;
};

}  // namespace aabb::check
