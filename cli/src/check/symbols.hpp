#pragma once
/// The names a shared library exports, read from its ELF dynamic symbol table without running
/// any of its code, and the ones that look like an ABI name but are not one: a C++ name without
/// `extern "C"` (mangled), another suffix (`aabb_overlap_float`), another case, or a typo. check
/// prints them so that a library whose symbols check cannot find says why.

#include <cxxabi.h>
#include <elf.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace aabb::check {

namespace elf_detail {

/// Bounds-checked reads of an ELF file of either class and byte order, straight from the file:
/// only the blocks the headers and the symbol table occupy are read (a few of them cached), so
/// a library of gigabytes costs check kilobytes of memory.
class Image {
 public:
  explicit Image(int fd) : fd_(fd) {
    struct stat st {};
    if (fd_ >= 0 && fstat(fd_, &st) == 0 && S_ISREG(st.st_mode)) size_ = static_cast<std::uint64_t>(st.st_size);
    for (std::size_t i = 0; i < EI_NIDENT && i < size_; ++i) ident_[i] = byte(i);
  }
  [[nodiscard]] bool valid() const {
    return size_ >= EI_NIDENT && std::memcmp(ident_, ELFMAG, SELFMAG) == 0 &&
           (cls() == ELFCLASS32 || cls() == ELFCLASS64) &&
           (ident_[EI_DATA] == ELFDATA2LSB || ident_[EI_DATA] == ELFDATA2MSB);
  }
  [[nodiscard]] int cls() const { return ident_[EI_CLASS]; }
  [[nodiscard]] bool wide() const { return cls() == ELFCLASS64; }
  /// An unsigned integer of `size` bytes at `at`, or nullopt past the end.
  [[nodiscard]] std::optional<std::uint64_t> u(std::uint64_t at, unsigned size) const {
    if (at > size_ || size > size_ - at) return std::nullopt;
    std::uint64_t v = 0;
    for (unsigned i = 0; i < size; ++i) {
      const unsigned shift = ident_[EI_DATA] == ELFDATA2LSB ? 8 * i : 8 * (size - 1 - i);
      v |= static_cast<std::uint64_t>(byte(at + i)) << shift;
    }
    return v;
  }
  /// The NUL-terminated string at `at`, at most 4096 bytes; nullopt if it does not end in the file.
  [[nodiscard]] std::optional<std::string> str(std::uint64_t at) const {
    std::string r;
    for (std::uint64_t i = at; i < size_ && r.size() < 4096; ++i) {
      const unsigned char c = byte(i);
      if (c == 0) return r;
      r += static_cast<char>(c);
    }
    return std::nullopt;
  }

 private:
  static constexpr std::uint64_t kBlock = 1 << 14;
  static constexpr std::size_t kSlots = 16;
  /// The byte at `at` (< size_), through a direct-mapped cache of kSlots blocks; 0 if unreadable.
  [[nodiscard]] unsigned char byte(std::uint64_t at) const {
    const std::uint64_t block = at / kBlock;
    Slot& slot = slots_[block % kSlots];
    if (slot.block != block) {
      slot.block = block;
      slot.bytes.assign(kBlock, 0);
      std::uint64_t done = 0;
      while (done < kBlock) {
        const ssize_t r = pread(fd_, slot.bytes.data() + done, kBlock - done, static_cast<off_t>(block * kBlock + done));
        if (r <= 0) break;
        done += static_cast<std::uint64_t>(r);
      }
    }
    return slot.bytes[at % kBlock];
  }
  struct Slot {
    std::uint64_t block = ~std::uint64_t{0};
    std::vector<unsigned char> bytes;
  };
  int fd_;
  std::uint64_t size_ = 0;
  unsigned char ident_[EI_NIDENT] = {};
  mutable Slot slots_[kSlots];
};

struct Section {
  std::uint64_t type = 0, offset = 0, size = 0, link = 0, entsize = 0;
};

inline std::optional<Section> section(const Image& im, std::uint64_t shoff, std::uint64_t shentsize,
                                      std::uint64_t i) {
  const std::uint64_t at = shoff + i * shentsize;
  const bool w = im.wide();
  const auto type = im.u(at + 4, 4);
  const auto offset = im.u(at + (w ? 24 : 16), w ? 8 : 4);
  const auto size = im.u(at + (w ? 32 : 20), w ? 8 : 4);
  const auto link = im.u(at + (w ? 40 : 24), 4);
  const auto entsize = im.u(at + (w ? 56 : 36), w ? 8 : 4);
  if (!type || !offset || !size || !link || !entsize) return std::nullopt;
  return Section{*type, *offset, *size, *link, *entsize};
}

}  // namespace elf_detail

/// The defined global and weak names of the library's dynamic symbol table (.dynsym). An empty
/// list and `error` set when the file is not an ELF shared object this can read.
inline std::vector<std::string> exported_symbols(const std::string& path, std::string& error) {
  using namespace elf_detail;
  std::vector<std::string> names;
  // O_NONBLOCK: a FIFO given as the library must not block check here.
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    error = "cannot read the file";
    return names;
  }
  struct Closer {
    int fd;
    ~Closer() { close(fd); }
  } closer{fd};
  const Image im(fd);
  if (!im.valid()) {
    error = "not an ELF file";
    return names;
  }
  const bool w = im.wide();
  const auto shoff = im.u(w ? 0x28 : 0x20, w ? 8 : 4);
  const auto shentsize = im.u(w ? 0x3a : 0x2e, 2);
  const auto shnum = im.u(w ? 0x3c : 0x30, 2);
  if (!shoff || !shentsize || !shnum || *shoff == 0 || *shentsize == 0) {
    error = "no section headers";
    return names;
  }
  for (std::uint64_t i = 0; i < *shnum; ++i) {
    const auto dynsym = section(im, *shoff, *shentsize, i);
    if (!dynsym || dynsym->type != SHT_DYNSYM || dynsym->entsize == 0) continue;
    const auto strtab = section(im, *shoff, *shentsize, dynsym->link);
    if (!strtab) break;
    const std::uint64_t count = std::min<std::uint64_t>(dynsym->size / dynsym->entsize, 1u << 20);
    for (std::uint64_t k = 1; k < count; ++k) {
      const std::uint64_t at = dynsym->offset + k * dynsym->entsize;
      const auto name = im.u(at, 4);
      const auto info = im.u(at + (w ? 4 : 12), 1);
      const auto shndx = im.u(at + (w ? 6 : 14), 2);
      if (!name || !info || !shndx || *shndx == SHN_UNDEF) continue;
      const unsigned bind = static_cast<unsigned>(*info) >> 4;
      if (bind != STB_GLOBAL && bind != STB_WEAK) continue;
      if (*name >= strtab->size) continue;
      if (auto s = im.str(strtab->offset + *name); s && !s->empty()) names.push_back(*s);
    }
    return names;
  }
  error = "no dynamic symbol table";
  return names;
}

/// An exported name that looks like an ABI name but is not one.
struct NearMiss {
  std::string symbol;  ///< as exported
  std::string close_to;  ///< the ABI name it resembles
  std::string why;  ///< what differs, and what to do
};

namespace elf_detail {

inline std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

/// Levenshtein distance, stopping early above `cap`.
inline std::size_t edit_distance(const std::string& a, const std::string& b, std::size_t cap) {
  if (a.size() > b.size() + cap || b.size() > a.size() + cap) return cap + 1;
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    std::size_t best = row[0];
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
      best = std::min(best, row[j]);
    }
    if (best > cap) return cap + 1;
  }
  return row[b.size()];
}

/// The name a C++ symbol declares: "ns::aabb_overlap_f32(float const*, ...)" gives
/// "aabb_overlap_f32"; empty when `symbol` is not a mangled name.
inline std::string demangled_base(const std::string& symbol) {
  if (symbol.rfind("_Z", 0) != 0) return "";
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> text(
      abi::__cxa_demangle(symbol.c_str(), nullptr, nullptr, &status), std::free);
  if (status != 0 || !text) return "";
  std::string s(text.get());
  if (const auto paren = s.find('('); paren != std::string::npos) s.resize(paren);
  if (const auto colons = s.rfind("::"); colons != std::string::npos) s.erase(0, colons + 2);
  return s;
}

}  // namespace elf_detail

/// The exported names that resemble one of `abi_names` without being one (at most `limit`).
inline std::vector<NearMiss> near_misses(const std::vector<std::string>& exported,
                                         const std::vector<std::string>& abi_names,
                                         std::size_t limit = 20) {
  using namespace elf_detail;
  std::vector<NearMiss> out;
  const auto is_abi = [&](const std::string& s) {
    return std::find(abi_names.begin(), abi_names.end(), s) != abi_names.end();
  };
  for (const std::string& sym : exported) {
    if (out.size() >= limit) break;
    if (is_abi(sym)) continue;
    if (const std::string base = demangled_base(sym); !base.empty()) {
      if (is_abi(base)) out.push_back({sym, base, "a C++ name: declare it extern \"C\""});
      continue;
    }
    const std::string low = lower(sym);
    if (low.find("aabb") == std::string::npos) continue;
    std::string best;
    std::size_t best_d = 4;
    for (const std::string& name : abi_names) {
      if (low == name) {
        best = name, best_d = 0;
        break;
      }
      const std::size_t d = edit_distance(low, name, 3);
      if (d < best_d) best = name, best_d = d;
    }
    if (best.empty()) {  // a longer or shorter name around an op: aabb_overlap, aabb_overlap_float
      for (const std::string& name : abi_names) {
        const std::string stem = name.substr(0, name.rfind('_'));  // aabb_overlap
        if (low == stem || low.rfind(stem + "_", 0) == 0) {
          if (best.empty() || name.size() > best.size()) best = name;
        }
      }
      if (!best.empty())
        out.push_back({sym, best, "another suffix: the ABI's names end in _f32 or _f64"});
      continue;
    }
    out.push_back({sym, best,
                   best_d == 0 ? "the case differs: ABI names are lower case"
                               : "differs by " + std::to_string(best_d) + " character(s)"});
  }
  return out;
}

}  // namespace aabb::check
