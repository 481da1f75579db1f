#pragma once
/// The names a shared library exports, read from its ELF dynamic symbol table without running
/// any of its code, and the ones that look like an ABI name but are not one: a C++ name without
/// `extern "C"` (mangled), another suffix (`aabb_overlap_float`), another case, or a typo. check
/// prints them so that a library whose symbols check cannot find says why.

#include <cxxabi.h>
#include <elf.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace aabb::check {

namespace elf_detail {

/// Bounds-checked reads of a file image of either ELF class and byte order.
class Image {
 public:
  explicit Image(std::vector<unsigned char> bytes) : b_(std::move(bytes)) {}
  [[nodiscard]] bool valid() const {
    return b_.size() >= EI_NIDENT && std::memcmp(b_.data(), ELFMAG, SELFMAG) == 0 &&
           (cls() == ELFCLASS32 || cls() == ELFCLASS64) &&
           (b_[EI_DATA] == ELFDATA2LSB || b_[EI_DATA] == ELFDATA2MSB);
  }
  [[nodiscard]] int cls() const { return b_[EI_CLASS]; }
  [[nodiscard]] bool wide() const { return cls() == ELFCLASS64; }
  /// An unsigned integer of `size` bytes at `at`, or nullopt past the end.
  [[nodiscard]] std::optional<std::uint64_t> u(std::uint64_t at, unsigned size) const {
    if (at > b_.size() || size > b_.size() - at) return std::nullopt;
    std::uint64_t v = 0;
    for (unsigned i = 0; i < size; ++i) {
      const unsigned shift = b_[EI_DATA] == ELFDATA2LSB ? 8 * i : 8 * (size - 1 - i);
      v |= static_cast<std::uint64_t>(b_[at + i]) << shift;
    }
    return v;
  }
  /// The NUL-terminated string at `at`, at most 4096 bytes; nullopt if it does not end in the file.
  [[nodiscard]] std::optional<std::string> str(std::uint64_t at) const {
    if (at >= b_.size()) return std::nullopt;
    const auto* start = b_.data() + at;
    const std::size_t room = std::min<std::size_t>(b_.size() - at, 4096);
    const void* nul = std::memchr(start, 0, room);
    if (nul == nullptr) return std::nullopt;
    return std::string(reinterpret_cast<const char*>(start),
                       static_cast<const unsigned char*>(nul) - start);
  }

 private:
  std::vector<unsigned char> b_;
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
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    error = "cannot read the file";
    return names;
  }
  constexpr std::size_t kMaxBytes = std::size_t{1} << 30;
  std::vector<unsigned char> bytes;
  bytes.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
  if (bytes.size() > kMaxBytes) bytes.resize(kMaxBytes);
  const Image im(std::move(bytes));
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
