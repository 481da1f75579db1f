#pragma once
/// The calls of the C ABI as lines of the process protocol (docs/protocol.md): check --impl-cmd
/// judges an implementation running as another process, in any language, with the same op
/// code that calls a shared library (ops.hpp). Each op's `call` is handed a C function pointer;
/// for a process it is a Thunk of the op's own function type, which either records its
/// arguments as one case of a request line (Record) or, once the process has answered, writes
/// the answer into the call's output buffers and returns its result (Replay). So the guarded
/// buffers (frame.hpp), the not-written markers and every check of an answer apply to a process
/// exactly as to a library.
///
/// What each argument is comes from the registry (ops/registry.json): the variant's C signature,
/// with T the float type and [3] / [9] the dimension D / D·D of the symbol's prefix (aabb_: 3,
/// aabb2_: 2). A number travels as its raw IEEE-754 bits in hexadecimal (8 digits for f32, 16
/// for f64), never as decimal text; a count or an index as a JSON integer.

#include <nlohmann/json.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "aabb/ops/registry.hpp"

namespace aabb::check::wire {

/// The protocol's name and version, in the process's hello line.
inline constexpr const char* kProtocol = "aabb-oracle/1";

enum class Elem : std::uint8_t { F32, F64, Size };

/// One parameter of an ABI function.
struct Param {
  std::string name;
  bool out = false;    ///< written by the function (T* x, T x[3], size_t* x)
  bool array = false;  ///< an array (JSON array) rather than one value
  Elem elem = Elem::F64;
  /// How many elements an array has: a fixed count (D, D·D), D per point (const T* xyz, with
  /// the size_t n), n + 1 (offsets), offsets[n] (neighbors).
  enum Length : std::uint8_t { Fixed, Points, Offsets, Neighbors } length = Fixed;
  std::size_t fixed = 1;
};

enum class Returns : std::uint8_t { Void, Int, Size, Float };

/// An ABI function as the protocol carries it.
struct Shape {
  std::string name;  ///< "aabb_overlap_f64"
  std::size_t dim = 3;
  Elem t = Elem::F64;
  std::vector<Param> params;
  Returns returns = Returns::Void;
  [[nodiscard]] std::vector<std::string> output_names() const {
    std::vector<std::string> n;
    for (const Param& p : params)
      if (p.out) n.push_back(p.name);
    return n;
  }
};

namespace detail {
inline std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}
inline bool starts(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

/// One parameter from its C text ("const T lo[3]", "T* t_first", "size_t n").
inline Param param_of(std::string_view text, const Shape& s) {
  Param p;
  text = trim(text);
  const bool is_const = starts(text, "const ");
  if (is_const) text.remove_prefix(6);
  if (starts(text, "T")) {
    p.elem = s.t;
    text.remove_prefix(1);
  } else if (starts(text, "size_t")) {
    p.elem = Elem::Size;
    text.remove_prefix(6);
  } else {
    throw std::logic_error("wire: unknown parameter type in \"" + std::string(text) + "\"");
  }
  const bool pointer = starts(text, "*");
  if (pointer) text.remove_prefix(1);
  text = trim(text);
  const auto bracket = text.find('[');
  p.name = std::string(text.substr(0, bracket));
  if (bracket != std::string_view::npos) {
    p.array = true;
    p.out = !is_const;
    const std::string_view n = text.substr(bracket + 1, text.find(']') - bracket - 1);
    p.fixed = n == "9" ? s.dim * s.dim : n == "3" ? s.dim : throw std::logic_error("wire: array size " + std::string(n));
  } else if (pointer && is_const) {  // const T* xyz, const size_t* offsets / neighbors
    p.array = true;
    p.length = p.elem != Elem::Size     ? Param::Points
               : p.name == "offsets"    ? Param::Offsets
               : p.name == "neighbors"  ? Param::Neighbors
                                        : throw std::logic_error("wire: unknown list " + p.name);
  } else {
    p.out = pointer;  // T* x or size_t* x: one output; T x or size_t x: one input
  }
  return p;
}
}  // namespace detail

/// The shape of the ABI function `name` (aabb_<variant>_f32 ...), or nothing when it is not one.
inline std::optional<Shape> shape_of(std::string_view name) {
  Shape s;
  s.name = std::string(name);
  std::string_view v = name;
  if (detail::starts(v, "aabb2_")) {
    s.dim = 2;
    v.remove_prefix(6);
  } else if (detail::starts(v, "aabb_")) {
    v.remove_prefix(5);
  } else {
    return std::nullopt;
  }
  if (v.size() < 4) return std::nullopt;
  const std::string_view suffix = v.substr(v.size() - 4);
  if (suffix != "_f32" && suffix != "_f64") return std::nullopt;
  s.t = suffix == "_f32" ? Elem::F32 : Elem::F64;
  v.remove_suffix(4);
  const std::optional<ops::Variant> variant = ops::find_variant(v);
  if (!variant || !variant->abi) return std::nullopt;
  std::string_view sig = variant->signature;
  while (!sig.empty()) {
    const auto comma = sig.find(',');
    s.params.push_back(detail::param_of(sig.substr(0, comma), s));
    sig = comma == std::string_view::npos ? std::string_view() : sig.substr(comma + 1);
  }
  const std::string_view r = variant->returns;
  s.returns = detail::starts(r, "int") ? Returns::Int : detail::starts(r, "size_t") ? Returns::Size
              : detail::starts(r, "void")                                              ? Returns::Void
                                                                                       : Returns::Float;
  return s;
}

/// One argument of a call as the thunk received it.
struct Arg {
  const void* in = nullptr;  ///< an input array
  void* out = nullptr;       ///< an output
  std::uint64_t bits = 0;    ///< a scalar input: its IEEE bits, or a size_t's value
};
inline Arg arg_of(const float* p) { return {p, nullptr, 0}; }
inline Arg arg_of(const double* p) { return {p, nullptr, 0}; }
inline Arg arg_of(const std::size_t* p) { return {p, nullptr, 0}; }
inline Arg arg_of(float* p) { return {nullptr, p, 0}; }
inline Arg arg_of(double* p) { return {nullptr, p, 0}; }
inline Arg arg_of(std::size_t* p) { return {nullptr, p, 0}; }
inline Arg arg_of(float x) {
  std::uint32_t b;
  std::memcpy(&b, &x, 4);
  return {nullptr, nullptr, b};
}
inline Arg arg_of(double x) {
  std::uint64_t b;
  std::memcpy(&b, &x, 8);
  return {nullptr, nullptr, b};
}
inline Arg arg_of(std::size_t x) { return {nullptr, nullptr, x}; }

/// The elements of array parameter `i` of a call (its length rule, over the call's arguments).
inline std::size_t length_of(const Shape& s, std::size_t i, const Arg* args) {
  const Param& p = s.params[i];
  if (p.length == Param::Fixed) return p.fixed;
  std::size_t n = 0;
  const std::size_t* offsets = nullptr;
  for (std::size_t k = 0; k < s.params.size(); ++k) {
    if (s.params[k].name == "n") n = static_cast<std::size_t>(args[k].bits);
    if (s.params[k].name == "offsets") offsets = static_cast<const std::size_t*>(args[k].in);
  }
  if (p.length == Param::Points) return s.dim * n;
  if (p.length == Param::Offsets) return n + 1;
  return offsets != nullptr ? offsets[n] : 0;
}

inline void append_hex(std::string& out, std::uint64_t bits, Elem e) {
  static constexpr char digits[] = "0123456789abcdef";
  const int n = e == Elem::F32 ? 8 : 16;
  out += '"';
  for (int k = n - 1; k >= 0; --k) out += digits[(bits >> (4 * k)) & 0xf];
  out += '"';
}

/// One element of an input array, as it travels.
inline void append_element(std::string& out, const void* array, std::size_t k, Elem e) {
  if (e == Elem::Size) {
    out += std::to_string(static_cast<const std::size_t*>(array)[k]);
  } else if (e == Elem::F32) {
    std::uint32_t b;
    std::memcpy(&b, static_cast<const float*>(array) + k, 4);
    append_hex(out, b, e);
  } else {
    std::uint64_t b;
    std::memcpy(&b, static_cast<const double*>(array) + k, 8);
    append_hex(out, b, e);
  }
}

/// The inputs of one call as a JSON object, appended to `out`: {"alo": ["3ff0...", ...], ...}.
inline void record(const Shape& s, const Arg* args, std::string& out) {
  out += '{';
  bool first = true;
  for (std::size_t i = 0; i < s.params.size(); ++i) {
    const Param& p = s.params[i];
    if (p.out) continue;
    if (!first) out += ',';
    first = false;
    out += '"';
    out += p.name;
    out += "\":";
    if (!p.array) {
      if (p.elem == Elem::Size)
        out += std::to_string(args[i].bits);
      else
        append_hex(out, args[i].bits, p.elem);
      continue;
    }
    out += '[';
    const std::size_t n = length_of(s, i, args);
    for (std::size_t k = 0; k < n; ++k) {
      if (k > 0) out += ',';
      append_element(out, args[i].in, k, p.elem);
    }
    out += ']';
  }
  out += '}';
}

/// One answer line, read and checked against the function's shape.
struct Reply {
  bool raised = false;   ///< {"error": ...}: the implementation raised, or could not answer
  std::string message;   ///< the error's text
  std::uint64_t result = 0;  ///< the result: a float's bits, a size_t, or an int (two's complement)
  /// per parameter: the output's elements as they came (bits or counts); empty: not written
  std::vector<std::vector<std::uint64_t>> outputs;
};

namespace detail {
/// The bits of a hex string of exactly the element's width, or a problem.
inline std::string bits_of(const nlohmann::json& j, Elem e, std::uint64_t& bits) {
  const std::size_t width = e == Elem::F32 ? 8 : 16;
  if (!j.is_string())
    return std::string("expected a string of ") + std::to_string(width) + " hex digits (the " +
           (e == Elem::F32 ? "f32" : "f64") + "'s IEEE bits), got " + j.dump().substr(0, 40);
  const std::string& t = j.get_ref<const std::string&>();
  if (t.size() != width)
    return "expected " + std::to_string(width) + " hex digits (the IEEE bits), got \"" + t.substr(0, 40) + "\"";
  bits = 0;
  for (const char c : t) {
    const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0) return "\"" + t + "\" is not hexadecimal";
    bits = bits << 4 | static_cast<std::uint64_t>(d);
  }
  return "";
}
inline std::string count_of(const nlohmann::json& j, std::uint64_t& v) {
  if (!j.is_number_unsigned() && !(j.is_number_integer() && j.get<std::int64_t>() >= 0))
    return "expected a non-negative integer, got " + j.dump().substr(0, 40);
  v = j.get<std::uint64_t>();
  return "";
}
inline std::string element_of(const nlohmann::json& j, Elem e, std::uint64_t& v) {
  return e == Elem::Size ? count_of(j, v) : bits_of(j, e, v);
}
}  // namespace detail

/// Reads one answer line (parsed) into `r`; returns what is wrong with it ("" when nothing is).
inline std::string parse_reply(const Shape& s, const nlohmann::json& j, Reply& r) {
  r = Reply{};
  r.outputs.resize(s.params.size());
  if (!j.is_object()) return "not a JSON object";
  if (const auto e = j.find("error"); e != j.end()) {
    r.raised = true;
    r.message = e->is_string() ? e->get<std::string>() : e->dump();
    return "";
  }
  for (const auto& [key, value] : j.items()) {
    if (key == "result") {
      if (s.returns == Returns::Void) return "\"result\": " + s.name + " returns nothing (void)";
      std::string bad;
      if (s.returns == Returns::Float) {
        bad = detail::bits_of(value, s.t, r.result);
      } else if (s.returns == Returns::Size) {
        bad = detail::count_of(value, r.result);
      } else if (!value.is_number_integer()) {
        bad = "expected an integer (a C int), got " + value.dump().substr(0, 40);
      } else {
        const std::int64_t v = value.get<std::int64_t>();
        if (v < INT32_MIN || v > INT32_MAX) bad = std::to_string(v) + " is not a C int";
        r.result = static_cast<std::uint64_t>(v);
      }
      if (!bad.empty()) return "\"result\": " + bad;
      continue;
    }
    std::size_t i = 0;
    while (i < s.params.size() && !(s.params[i].out && s.params[i].name == key)) ++i;
    if (i == s.params.size()) {
      std::string names;
      for (const auto& n : s.output_names()) names += (names.empty() ? "" : ", ") + n;
      return "unknown member \"" + key.substr(0, 40) + "\" (the answer of " + s.name + " has " +
             (s.returns == Returns::Void ? "" : "result") +
             (names.empty() ? "" : (s.returns == Returns::Void ? "" : ", ") + names) + ")";
    }
    const Param& p = s.params[i];
    auto& o = r.outputs[i];
    if (!p.array) {
      o.resize(1);
      if (auto bad = detail::element_of(value, p.elem, o[0]); !bad.empty()) return "\"" + key + "\": " + bad;
      continue;
    }
    if (!value.is_array() || value.size() != p.fixed)
      return "\"" + key + "\": expected an array of " + std::to_string(p.fixed) + " numbers";
    o.resize(p.fixed);
    for (std::size_t k = 0; k < p.fixed; ++k)
      if (auto bad = detail::element_of(value[k], p.elem, o[k]); !bad.empty())
        return "\"" + key + "\"[" + std::to_string(k) + "]: " + bad;
  }
  if (s.returns != Returns::Void && !j.contains("result")) return "no \"result\"";
  return "";
}

/// Writes the reply's outputs into the call's output buffers (an output the reply has not is
/// left as it is: the not-written marker).
inline void replay(const Shape& s, const Arg* args, const Reply& r) {
  for (std::size_t i = 0; i < s.params.size(); ++i) {
    const Param& p = s.params[i];
    if (!p.out) continue;
    const auto& o = r.outputs[i];
    for (std::size_t k = 0; k < o.size(); ++k) {
      if (p.elem == Elem::Size) {
        static_cast<std::size_t*>(args[i].out)[k] = static_cast<std::size_t>(o[k]);
      } else if (p.elem == Elem::F32) {
        const auto b = static_cast<std::uint32_t>(o[k]);
        std::memcpy(static_cast<float*>(args[i].out) + k, &b, 4);
      } else {
        std::memcpy(static_cast<double*>(args[i].out) + k, &o[k], 8);
      }
    }
  }
}

/// What the thunk does when an op calls it: record the case, or replay the answer.
struct Context {
  const Shape* shape = nullptr;
  std::string* record = nullptr;  ///< Record: the case's inputs are appended here
  const Reply* reply = nullptr;   ///< Replay: the answer
};
inline thread_local Context* current = nullptr;

/// Sets the thread's context for one call.
class Scope {
 public:
  explicit Scope(Context& c) : saved_(current) { current = &c; }
  ~Scope() { current = saved_; }
  Scope(const Scope&) = delete;
  Scope& operator=(const Scope&) = delete;

 private:
  Context* saved_;
};

template <class R>
R result_as(std::uint64_t v) {
  if constexpr (std::is_same_v<R, float>) {
    const auto b = static_cast<std::uint32_t>(v);
    float x;
    std::memcpy(&x, &b, 4);
    return x;
  } else if constexpr (std::is_same_v<R, double>) {
    double x;
    std::memcpy(&x, &v, 8);
    return x;
  } else {
    return static_cast<R>(v);
  }
}

/// A function of type F that an op's `call` can be given for a process (see the file comment).
template <class F>
struct Thunk;
template <class R, class... A>
struct Thunk<R (*)(A...)> {
  static R fn(A... a) {
    const std::array<Arg, sizeof...(A)> args{arg_of(a)...};
    const Context* c = current;
    if (c == nullptr || c->shape == nullptr || c->shape->params.size() != sizeof...(A))
      throw std::logic_error("wire::Thunk called outside a process call");
    if (c->record != nullptr) {
      record(*c->shape, args.data(), *c->record);
      if constexpr (!std::is_void_v<R>) return R{};
    } else {
      replay(*c->shape, args.data(), *c->reply);
      if constexpr (!std::is_void_v<R>) return result_as<R>(c->reply->result);
    }
  }
};

/// The address that stands for "the process" where a call expects a dlsym result.
inline char marker_byte = 0;
inline void* process_marker() { return &marker_byte; }

}  // namespace aabb::check::wire
