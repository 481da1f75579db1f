// The differential fuzz driver (aabb/fuzz_driver.hpp): options, the table of the library's
// functions, one input at a time, and the report and abort of a violation.

#include "aabb/fuzz_driver.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

#include "aabb/eval.hpp"
#include "check/conventions.hpp"
#include "fuzz_driver/targets.hpp"

namespace aabb::fuzz_driver {

namespace {

using detail::Contract;
using detail::OpEntry;
using detail::Target;

/// "a,b" and repeated options alike.
void add_list(std::vector<std::string>& to, const std::string& text) {
  std::stringstream ss(text);
  std::string part;
  while (std::getline(ss, part, ','))
    if (!part.empty()) to.push_back(part);
}

/// One "--name=value" argument; an error message, or "" (also for an argument not ours).
std::string take_option(const std::string& arg, Options& o) {
  if (arg.rfind("--", 0) != 0) return "";
  const auto eq = arg.find('=');
  const std::string name = arg.substr(0, eq);
  if (eq == std::string::npos)
    return name + ": expected " + name + "=VALUE (libFuzzer would take a separate value for a corpus directory)";
  const std::string value = arg.substr(eq + 1);
  if (name == "--impl")
    o.impl = value;
  else if (name == "--ops")
    add_list(o.ops, value);
  else if (name == "--types")
    add_list(o.types, value);
  else if (name == "--contract")
    o.contracts.push_back(value);
  else if (name == "--boundary")
    o.boundary = value;
  else if (name == "--ray")
    o.ray = value;
  else if (name == "--known")
    add_list(o.known, value);
  else
    return name + ": unknown option (--impl, --ops, --types, --contract, --boundary, --ray, --known)";
  return "";
}

/// The abort of each kind of fault, in a frame of its own. The kinds are check's (judge::Fault's
/// names and the call's own: check/campaign.hpp, frame.hpp).
[[noreturn]] void die(const std::string& text) {
  std::fputs(text.c_str(), stderr);
  std::fflush(stderr);
  std::abort();
}
#define AABB_KIND_FRAME(ident) \
  [[noreturn]] [[gnu::noinline]] void violation_##ident(const std::string& text) { die(text); }
AABB_KIND_FRAME(false_hit)
AABB_KIND_FRAME(missed_hit)
AABB_KIND_FRAME(wrong_index)
AABB_KIND_FRAME(first_contact_too_late)
AABB_KIND_FRAME(first_contact_too_early)
AABB_KIND_FRAME(last_contact_wrong)
AABB_KIND_FRAME(box_not_containing_the_exact_box)
AABB_KIND_FRAME(error_beyond_k_ulps)
AABB_KIND_FRAME(wrong_class)
AABB_KIND_FRAME(wrong_side)
AABB_KIND_FRAME(wrote_outside_a_buffer)
AABB_KIND_FRAME(changed_an_input)
AABB_KIND_FRAME(no_value_written)
AABB_KIND_FRAME(nan_answer)
AABB_KIND_FRAME(result_not_0_or_1)
AABB_KIND_FRAME(result_out_of_range)
AABB_KIND_FRAME(other)
#undef AABB_KIND_FRAME

struct KindFrame {
  const char* kind;
  void (*frame)(const std::string&);
};
constexpr KindFrame kKindFrames[] = {
    {"false hit", violation_false_hit},
    {"missed hit", violation_missed_hit},
    {"wrong index", violation_wrong_index},
    {"first contact too late", violation_first_contact_too_late},
    {"first contact too early", violation_first_contact_too_early},
    {"last contact wrong", violation_last_contact_wrong},
    {"box not containing the exact box", violation_box_not_containing_the_exact_box},
    {"error beyond k ulps", violation_error_beyond_k_ulps},
    {"wrong class", violation_wrong_class},
    {"wrong side", violation_wrong_side},
    {check::kOutside, violation_wrote_outside_a_buffer},
    {check::kInputModified, violation_changed_an_input},
    {check::kNotWritten, violation_no_value_written},
    {check::kNaNAnswer, violation_nan_answer},
    {check::kNotFlag, violation_result_not_0_or_1},
    {check::kOutOfRange, violation_result_out_of_range},
};

// ---- The driver's own coverage -----------------------------------------------------------------
// The driver is not instrumented (libFuzzer should follow the library's branches, not the exact
// evaluator's), but an input that never reaches the library (one the options map to a function
// whose arguments come out invalid, say an all-zero plane normal) would then show no coverage at
// all, and libFuzzer stops when no input of the initial corpus shows any. So the driver counts,
// in counters of its own registered with libFuzzer as a module, which function each input
// called and how it came out: every input shows coverage, and an input that is the first to
// reach a function validly, or to fail there, is kept. No-ops outside libFuzzer (weak symbols).

extern "C" __attribute__((weak)) void __sanitizer_cov_8bit_counters_init(std::uint8_t*, std::uint8_t*);
extern "C" __attribute__((weak)) void __sanitizer_cov_pcs_init(const std::uintptr_t*, const std::uintptr_t*);

constexpr std::size_t kOutcomes = 5;  // Outcome::Status's values
constexpr std::size_t kMaxFunctions = 256;
constexpr std::size_t kCounters = kMaxFunctions * kOutcomes;
alignas(64) std::uint8_t g_counters[kCounters];
std::uintptr_t g_pcs[2 * kCounters];  // (pc, flags) per counter: distinct made-up addresses

void register_counters() {
  static bool done = false;
  if (done || __sanitizer_cov_8bit_counters_init == nullptr || __sanitizer_cov_pcs_init == nullptr) return;
  done = true;
  for (std::size_t i = 0; i < kCounters; ++i) {
    g_pcs[2 * i] = reinterpret_cast<std::uintptr_t>(&g_counters[i]);
    g_pcs[2 * i + 1] = 0;
  }
  __sanitizer_cov_8bit_counters_init(g_counters, g_counters + kCounters);
  __sanitizer_cov_pcs_init(g_pcs, g_pcs + 2 * kCounters);
}

void count(std::size_t function, Outcome::Status s) {
  const std::size_t i = (function % kMaxFunctions) * kOutcomes + static_cast<std::size_t>(s) % kOutcomes;
  ++g_counters[i];
}

}  // namespace

std::string parse_options(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i)
    if (auto e = take_option(argv[i], o); !e.empty()) return e;
  if (const char* env = std::getenv("AABB_FUZZ_OPTIONS")) {
    std::stringstream ss(env);
    std::string arg;
    while (ss >> arg) {
      if (arg.rfind("--", 0) != 0) return "AABB_FUZZ_OPTIONS: \"" + check::tool::shortened(arg) + "\" is not an option (--name=value)";
      if (auto e = take_option(arg, o); !e.empty()) return "AABB_FUZZ_OPTIONS: " + e;
    }
  }
  if (o.impl.empty())
    if (const char* env = std::getenv("AABB_IMPL")) o.impl = env;
  return "";
}

std::string Outcome::signature() const {
  return check::tool::signature(op, type, faults.empty() ? "none" : faults.front().kind);
}

std::string report(const Outcome& o) {
  std::string r = "aabb-oracle: " + o.signature() + "\n";
  r += "  function   " + o.symbol + "\n";
  for (const auto& f : o.faults) r += "  fault      " + f.kind + ": " + f.detail + "\n";
  r += "  eval line  " + o.query + "\n";
  r += "  exact      " + aabb::eval_line(o.query).json + "\n";
  r += "  library    " + o.answer + "\n";
  r += "  replay     echo '" + o.query + "' | aabb-oracle eval\n";
  return r;
}

[[noreturn]] void detail::abort_in_kind_frame(const Outcome& o) {
  const std::string text = report(o);
  const std::string kind = o.faults.empty() ? "" : o.faults.front().kind;
  for (const auto& k : kKindFrames)
    if (kind == k.kind) {
      k.frame(text);
      std::abort();
    }
  violation_other(text);
}

struct Driver::Impl {
  struct Function {
    const Target* target = nullptr;
    bool f64 = false;
    std::string symbol;
    void* address = nullptr;
    Contract contract;
    bool selected = false;
  };
  const std::vector<Target>& targets = detail::table();  ///< 3D f32, 3D f64, 2D f32, 2D f64
  std::vector<Function> functions;    ///< every ABI function: per variant and dimension, f32 then f64
  std::vector<std::size_t> selected;  ///< the functions exported and selected by the options
  bool half_line = false;
  std::vector<std::string> known;     ///< --known signatures
};

Driver::Driver(const Options& o, const Resolve& resolve) : impl_(std::make_unique<Impl>()) {
  auto& m = *impl_;
  const std::size_t v = m.targets.size() / 4;  // ABI variants per dimension and type
  // check's table: one entry per variant and dimension, 3D first.
  std::vector<OpEntry> entries;
  for (std::size_t dim = 0; dim < 2; ++dim)
    for (std::size_t i = 0; i < v; ++i) entries.push_back(m.targets[2 * dim * v + i].entry);
  check::tool::Conventions c;
  try {
    c = check::tool::parse_conventions(entries, o.contracts, o.boundary, o.ray);
  } catch (const check::tool::UsageError& e) {
    throw std::invalid_argument(e.message);
  }
  m.half_line = c.half_line;
  std::vector<bool> op_on(entries.size(), o.ops.empty());
  for (const auto& name : o.ops) {
    const auto found = check::tool::find_ops(entries, name);
    if (found.empty())
      throw std::invalid_argument("--ops: unknown op \"" + check::tool::shortened(name) + "\" (ops: " +
                                  check::tool::op_names(entries) + ")");
    for (const OpEntry* e : found) op_on[static_cast<std::size_t>(e - entries.data())] = true;
  }
  bool on32 = o.types.empty(), on64 = o.types.empty();
  for (const auto& t : o.types) {
    if (t == "f32" || t == "float")
      on32 = true;
    else if (t == "f64" || t == "double")
      on64 = true;
    else
      throw std::invalid_argument("--types: unknown type \"" + check::tool::shortened(t) + "\" (f32 or f64)");
  }
  for (std::size_t i = 0; i < entries.size(); ++i)
    for (const bool f64 : {false, true}) {
      const std::size_t dim = i / v, k = i % v;
      Impl::Function f;
      f.target = &m.targets[(2 * dim + (f64 ? 1 : 0)) * v + k];
      f.f64 = f64;
      f.symbol = entries[i].symbol(f64);
      f.address = resolve(f.symbol);
      f.contract = c.contracts[i];
      f.selected = f.address != nullptr && op_on[i] && (f64 ? on64 : on32);
      if (f.selected) m.selected.push_back(m.functions.size());
      m.functions.push_back(std::move(f));
    }
  if (m.functions.size() > kMaxFunctions) throw std::logic_error("fuzz driver: more ABI functions than counters");
  // --known: each a signature the driver could print (an ABI function's op and type, a kind).
  for (const auto& sig : o.known) {
    bool ok = false;
    for (const auto& f : m.functions)
      for (const auto& k : kKindFrames)
        ok = ok || sig == check::tool::signature(f.target->entry.label(), f.f64 ? "f64" : "f32", k.kind);
    if (!ok)
      throw std::invalid_argument("--known: \"" + check::tool::shortened(sig) +
                                  "\" is not a signature the driver prints (op-type-kind, e.g. overlap-f32-missed_hit)");
    m.known.push_back(sig);
  }
  register_counters();
}

Driver::~Driver() = default;

std::vector<std::string> Driver::symbols() const {
  std::vector<std::string> s;
  for (const std::size_t i : impl_->selected) s.push_back(impl_->functions[i].symbol);
  return s;
}

Outcome Driver::run(const std::uint8_t* data, std::size_t size, bool call) const {
  const auto& m = *impl_;
  if (m.selected.empty()) return Outcome{};
  gen::ByteSource in(data, size);
  const unsigned lo = in.byte();
  const unsigned selector = lo | (unsigned{in.byte()} << 8);
  std::size_t id = selector % m.functions.size();
  if (!m.functions[id].selected) id = m.selected[selector % m.selected.size()];
  const auto& f = m.functions[id];
  Outcome o = f.target->run(call ? f.address : nullptr, in, f.contract, m.half_line);
  count(id, o.status);
  o.op = f.target->entry.label();
  o.type = f.f64 ? "f64" : "f32";
  o.symbol = f.symbol;
  return o;
}

std::size_t Driver::canonicalize(std::uint8_t* data, std::size_t size, std::size_t max_size) const {
  const auto& m = *impl_;
  if (m.selected.empty() || max_size < 2) return size;
  if (size < 2) {
    for (std::size_t i = size; i < 2; ++i) data[i] = 0;
    size = 2;
  }
  const unsigned selector = data[0] | (unsigned{data[1]} << 8);
  std::size_t id = selector % m.functions.size();
  if (!m.functions[id].selected) id = m.selected[selector % m.selected.size()];
  data[0] = static_cast<std::uint8_t>(id & 0xff);
  data[1] = static_cast<std::uint8_t>(id >> 8);
  return size;
}

// libFuzzer's mutation, when the program is linked with libFuzzer (weak: replay has none).
extern "C" __attribute__((weak)) std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size,
                                                              std::size_t max_size);

int test_one_input(const Driver& d, const std::uint8_t* data, std::size_t size) {
  Outcome o = d.run(data, size);
  if (o.status == Outcome::Status::Fail && !d.drop_known(o)) d.abort_on(o);
  return 0;
}

bool Driver::drop_known(Outcome& o) const {
  const auto& known = impl_->known;
  std::erase_if(o.faults, [&](const Outcome::Fault& f) {
    return std::find(known.begin(), known.end(), check::tool::signature(o.op, o.type, f.kind)) != known.end();
  });
  if (!o.faults.empty()) return false;
  o.status = Outcome::Status::Pass;
  return true;
}

std::size_t custom_mutate(const Driver* d, std::uint8_t* data, std::size_t size, std::size_t max_size) {
  if (LLVMFuzzerMutate != nullptr) size = LLVMFuzzerMutate(data, size, max_size);
  return d ? d->canonicalize(data, size, max_size) : size;
}

void Driver::abort_on(const Outcome& o) const {
  for (const auto& f : impl_->functions)
    if (f.symbol == o.symbol) f.target->fail(o);
  detail::abort_in_kind_frame(o);
}

}  // namespace aabb::fuzz_driver
