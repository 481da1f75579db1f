// GMP memory functions for eval: a per-line cap, and exceptions instead of abort().

#include "gmp_memory.hpp"

#include <gmp.h>
#include <link.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <vector>

namespace aabb::eval_detail {
namespace {

// The accounting of the line being answered on this thread.
struct LineState {
  bool active = false;
  long long cap = 0;   // bytes
  long long held = 0;  // bytes allocated minus bytes freed through GMP since the line began
  // The block GMP freed last, not yet given back to malloc. GMP's mpz_mul frees the result's
  // old block and only then allocates the new one, updating the integer's pointer after the
  // allocation returns: when that allocation throws, the integer still points at the freed
  // block and its destructor frees it a second time. Holding back the last freed block, and
  // keeping it (as an orphan) when an allocation fails, makes that second free safe: the block
  // was never returned to malloc, so its address cannot belong to anything else.
  void* pending = nullptr;
};

thread_local LineState state;

// GMP (6.2 on) initialises integers without allocating: mpz_init points an integer at a static
// limb inside libgmp, mpq_init its numerator at another, with an allocation of 0. When mpz_mul
// (or the like) grows such an integer, it sets the allocation to the new size before the
// allocation that may throw: the integer then holds the static limb with a non-zero
// allocation, and its destructor hands the static limb to deallocate (a transform of
// 170,000-digit numbers under a 1 MiB cap did). An address inside libgmp's own image is never
// malloc's, so it is never given to free. The image is the loaded object (its PT_LOAD segments)
// that holds mpz_init's static limb.
struct Image {
  std::uintptr_t lo = 0, hi = 0;
};

Image gmp_image() {
  mpz_t z;
  mpz_init(z);
  const auto limb = reinterpret_cast<std::uintptr_t>(z->_mp_d);
  const bool static_limb = z->_mp_alloc == 0;
  mpz_clear(z);
  if (!static_limb) return {};
  struct Search {
    std::uintptr_t limb;
    Image found;
  } search{limb, {}};
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* data) {
        auto* s = static_cast<Search*>(data);
        Image im{UINTPTR_MAX, 0};
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr)& ph = info->dlpi_phdr[i];
          if (ph.p_type != PT_LOAD) continue;
          const std::uintptr_t start = info->dlpi_addr + ph.p_vaddr;
          im.lo = std::min(im.lo, start);
          im.hi = std::max(im.hi, static_cast<std::uintptr_t>(start + ph.p_memsz));
        }
        if (s->limb < im.lo || s->limb >= im.hi) return 0;
        s->found = im;
        return 1;
      },
      &search);
  return search.found;
}

const Image& gmp_static_data() {
  static const Image image = gmp_image();
  return image;
}

bool inside_gmp(const void* p) {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  const Image& im = gmp_static_data();
  return a >= im.lo && a < im.hi;
}

// Blocks held back when an allocation failed; freed when GMP frees them again, otherwise kept
// (a few bytes per failed line, in the list, so no leak checker counts them).
std::mutex orphans_mutex;
std::vector<void*> orphans;
std::atomic<std::size_t> orphan_count{0};

bool take_orphan(void* p) {
  const std::lock_guard<std::mutex> lock(orphans_mutex);
  const auto it = std::find(orphans.begin(), orphans.end(), p);
  if (it == orphans.end()) return false;
  orphans.erase(it);
  orphan_count.fetch_sub(1, std::memory_order_relaxed);
  return true;
}

void release_pending() {
  if (state.pending != nullptr) {
    std::free(state.pending);
    state.pending = nullptr;
  }
}

[[noreturn]] void fail(bool over_cap) {
  if (state.pending != nullptr) {
    const std::lock_guard<std::mutex> lock(orphans_mutex);
    orphans.push_back(state.pending);
    orphan_count.fetch_add(1, std::memory_order_relaxed);
    state.pending = nullptr;
  }
  if (over_cap) throw LineMemoryExceeded();
  throw std::bad_alloc();
}

// Outside a line, GMP's own behaviour: a failed allocation is fatal.
[[noreturn]] void gmp_out_of_memory() {
  std::fputs("GNU MP: Cannot allocate memory\n", stderr);
  std::abort();
}

bool over_cap(std::size_t grow) {
  if (grow > static_cast<std::size_t>(state.cap)) return true;
  return state.held + static_cast<long long>(grow) > state.cap;
}

void* allocate(std::size_t n) {
  if (!state.active) {
    void* p = std::malloc(n);
    if (p == nullptr) gmp_out_of_memory();
    return p;
  }
  if (over_cap(n)) fail(true);
  void* p = std::malloc(n);
  if (p == nullptr) fail(false);
  state.held += static_cast<long long>(n);
  return p;
}

void* reallocate(void* p, std::size_t old_size, std::size_t new_size) {
  if (!state.active) {
    void* q = std::realloc(p, new_size);
    if (q == nullptr && new_size != 0) gmp_out_of_memory();
    return q;
  }
  if (new_size > old_size && over_cap(new_size - old_size)) fail(true);
  void* q = std::realloc(p, new_size);
  if (q == nullptr && new_size != 0) fail(false);  // p is still valid and still the integer's
  state.held += static_cast<long long>(new_size) - static_cast<long long>(old_size);
  return q;
}

void deallocate(void* p, std::size_t size) {
  if (p == nullptr || inside_gmp(p)) return;
  if (orphan_count.load(std::memory_order_relaxed) != 0 && take_orphan(p)) {
    std::free(p);  // its bytes were already counted as freed the first time
    return;
  }
  if (!state.active) {
    std::free(p);
    return;
  }
  state.held -= static_cast<long long>(size);
  release_pending();
  state.pending = p;
}

void install() {
  static std::once_flag once;
  std::call_once(once, [] {
    (void)gmp_static_data();  // found before any line is answered
    mp_set_memory_functions(allocate, reallocate, deallocate);
  });
}

}  // namespace

LineMemoryScope::LineMemoryScope(std::size_t cap_bytes) {
  install();
  state.active = true;
  state.cap = static_cast<long long>(std::min<std::size_t>(cap_bytes, std::size_t{1} << 62));
  state.held = 0;
}

LineMemoryScope::~LineMemoryScope() {
  release_pending();
  state.active = false;
}

}  // namespace aabb::eval_detail
