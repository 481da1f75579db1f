#pragma once
/// One campaign of `check`: one op of the C ABI, one float type. check generates the cases,
/// makes the library calls through the Sandbox (sandbox.hpp: each batch in a child process, so a
/// crash or a hang is one call's outcome, not the end of the run), judges every answer, and
/// shrinks the first counterexample of each kind (wrong answers, crashes and hangs alike), and keeps
/// the worst of each kind beside it.

#include <rapidcheck.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "check/cases_of.hpp"
#include "check/ops.hpp"
#include "check/sandbox.hpp"

namespace aabb::check {

/// What one campaign is asked to do.
struct CampaignSpec {
  std::string symbol;  ///< the library's function, as dlsym finds it
  std::uint64_t seed = 0;
  std::uint64_t cases = 0;  ///< 0: no case limit
  double seconds = 0;  ///< 0: no time limit; else generation, shrinking and every call fit in it
  Contract contract;
  bool probe = false;  ///< probe non-finite inputs instead of judging
  bool half_line = false;  ///< rays only from t = 0 to +inf (check --ray half-line)
  /// --shard I/N: of the case indices 0, 1, 2, ... (each case drawn from its own split of the
  /// seed's random stream, so a case depends on its index alone), only those equal to `shard`
  /// modulo `shards` are generated and called; the shards of one seed and budget together run
  /// exactly the unsharded run's cases.
  std::uint64_t shard = 0, shards = 1;
};

/// The campaign's conventions applied to one case: the contract's boundary on ops whose cases
/// carry one, the half-line on ops that have rays. Generated, shrunk and decoded cases alike
/// (campaign_cases; the fuzz driver, check/fuzz_driver.cpp).
template <class Op>
void apply_conventions(typename Op::Case& k, ref::Boundary boundary, bool half_line) {
  if constexpr (requires { k.boundary = ref::Boundary::Strict; }) k.boundary = boundary;
  if constexpr (requires { Op::half_line(k); })
    if (half_line) Op::half_line(k);
}

/// The cases of a campaign: Op's generator (compiled once: check/cases_of.hpp), with the
/// campaign's conventions applied to every case (and so to every shrink).
template <class Op>
rc::Gen<typename Op::Case> campaign_cases(const CampaignSpec& spec) {
  using Case = typename Op::Case;
  rc::Gen<Case> gen = cases_of<Op>();
  constexpr bool has_boundary = requires(Case k) { k.boundary = ref::Boundary::Strict; };
  constexpr bool has_ray = requires(Case k) { Op::half_line(k); };
  if ((has_boundary && spec.contract.boundary != ref::Boundary::Closed) || (has_ray && spec.half_line))
    gen = rc::gen::map(std::move(gen), [b = spec.contract.boundary, h = spec.half_line](Case k) {
      apply_conventions<Op>(k, b, h);
      return k;
    });
  return gen;
}

/// The kinds check counts besides judge::Fault's, about the call rather than its numbers: the
/// library crashed or hung on the input, wrote outside a buffer it was given, changed a const
/// input, returned an int that is neither 0 nor 1, left an output unwritten or wrote NaN.
inline constexpr const char* kCrash = "crash";
inline constexpr const char* kHang = "hang";
inline constexpr const char* kNotFlag = "result not 0 or 1";
inline constexpr const char* kOutOfRange = "result out of range";

/// The int results the ABI allows an op: 0 and 1 (a flag) unless the op says otherwise with
/// `static constexpr std::pair<int, int> int_results` (classify: 0 to 2).
template <class Op>
constexpr std::pair<int, int> int_results() {
  if constexpr (requires { Op::int_results; })
    return Op::int_results;
  else
    return {0, 1};
}
// kOutside, kInputModified, kNotWritten, kNaNAnswer: frame.hpp, beside what they are about.

/// Cases per child process; a crash costs the rest of its batch one new child.
inline constexpr std::size_t kBatch = 256;
/// A campaign stops early after this many crashes or hangs (each hang costs the timeout; a
/// crash costs a new child process, about a millisecond); a process's broken answers
/// (malformed, missing, a flood) count with its crashes.
inline constexpr std::uint64_t kMaxCrashes = 1000;
inline constexpr std::uint64_t kMaxHangs = 3;

/// Called after each batch with (cases done, cases total or 0), for the progress line.
using ProgressFn = std::function<void(std::uint64_t, std::uint64_t)>;

/// Every fault of a case, or none, without throwing: a case the reference rejects (the
/// generators should never make one) counts as no verdict.
template <class Op>
std::optional<Judgement> judge_safely(const typename Op::Case& k, const typename Op::Answer& a,
                                      const Contract& c) {
  try {
    return Op::judge(k, a, c);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

/// One fault of a call: its kind ("crash", "hang", a judge::fault_name), its detail, and how
/// far off in ulps (0 unless a number is off: judge::Finding::ulps).
struct Found {
  std::string kind;
  std::string detail;
  ref::Rational ulps{0};
};

/// The verdict on one call: every kind of fault it shows (none when the answer met the contract),
/// and the largest error of its numbers in ulps. `judged` is false for a case the reference
/// rejected (skipped).
struct Verdict {
  bool judged = true;
  std::vector<Found> faults;
  ref::Rational worst{0};

  [[nodiscard]] const Found* of(const std::string& kind) const {
    for (const auto& f : faults)
      if (f.kind == kind) return &f;
    return nullptr;
  }
};

/// The return type of a C function pointer type.
template <class F>
struct fn_result;
template <class R, class... A>
struct fn_result<R (*)(A...)> {
  using type = R;
};

/// The verdict on one call. What the ABI itself forbids comes first and alone (a crash, a hang,
/// a write outside a buffer or into an input, an int that is not 0 or 1, an output left
/// unwritten or NaN); then the judge, under the contract, on the numbers: every kind of fault.
template <class Op>
Verdict verdict(const typename Op::Case& k, const CallResult<typename Op::Answer>& r,
                const Contract& c) {
  const auto one = [](std::string kind, std::string detail) {
    return Verdict{true, {Found{std::move(kind), std::move(detail)}}, ref::Rational(0)};
  };
  if (r.status == CallStatus::Crash) return one(kCrash, r.detail);
  if (r.status == CallStatus::Hang) return one(kHang, r.detail);
  if (r.status == CallStatus::Fault) return one(r.kind, r.detail);
  const auto& a = r.answer;
  if (a.fault.kind != BufferFault::None)
    return one(a.fault.kind == BufferFault::Outside ? kOutside : kInputModified, a.fault.detail);
  if constexpr (std::is_same_v<typename fn_result<typename Op::Fn>::type, int>) {
    constexpr auto range = int_results<Op>();
    if (a.hit < range.first || a.hit > range.second) {
      if (range == std::pair<int, int>{0, 1})
        return one(kNotFlag, "returned " + std::to_string(a.hit) + "; the ABI's int results are 1 or 0");
      return one(kOutOfRange, "returned " + std::to_string(a.hit) + "; " + Op::name + "'s results are " +
                                  std::to_string(range.first) + " to " + std::to_string(range.second));
    }
  }
  if (auto [kind, detail] = outputs_problem(a); !kind.empty()) return one(std::move(kind), std::move(detail));
  const auto j = judge_safely<Op>(k, r.answer, c);
  if (!j) return Verdict{false, {}, ref::Rational(0)};
  Verdict v{true, {}, j->worst};
  for (const auto& f : j->findings) v.faults.push_back(Found{std::string(judge::fault_name(f.fault)), f.detail, f.ulps});
  return v;
}

/// The library's answer as the report shows it: Op::answer's fields, without "result" when the
/// ABI function returns nothing (union, grow, transform, ...: their int would be a placeholder).
template <class Op>
Json answer_of(const typename Op::Answer& a) {
  Json j = Op::answer(a);
  if constexpr (std::is_void_v<typename fn_result<typename Op::Fn>::type>) j.erase("result");
  return j;
}

/// The functions of an implementation process (--impl-cmd) for code that calls a library one
/// case at a time through addresses a resolver gave it (the fuzz driver's replay, check
/// --corpus): each function has an address here that library_call recognises and answers by a
/// one-case batch through the sandbox's process (Sandbox::run: restarted when it died). The
/// table is the thread's while it lives.
class ProcessFunctions {
 public:
  ProcessFunctions(Sandbox& sandbox, const std::vector<std::string>& names, const std::vector<bool>& found)
      : sandbox_(sandbox), saved_(current_) {
    for (std::size_t i = 0; i < names.size(); ++i)
      if (i < found.size() && found[i]) symbols_.push_back(names[i]);
    current_ = this;
  }
  ~ProcessFunctions() { current_ = saved_; }
  ProcessFunctions(const ProcessFunctions&) = delete;
  ProcessFunctions& operator=(const ProcessFunctions&) = delete;

  /// The address that stands for `symbol`, or null when the process does not implement it.
  [[nodiscard]] void* address(const std::string& symbol) {
    const auto it = std::find(symbols_.begin(), symbols_.end(), symbol);
    return it == symbols_.end() ? nullptr : &*it;
  }
  /// The symbol behind an address of the thread's table, or null for any other address.
  [[nodiscard]] static const std::string* symbol_at(const void* address) {
    if (current_ == nullptr || current_->symbols_.empty()) return nullptr;
    const std::string* first = current_->symbols_.data();
    const std::less<const void*> below;
    if (below(address, first) || !below(address, first + current_->symbols_.size())) return nullptr;
    return static_cast<const std::string*>(address);
  }
  [[nodiscard]] static Sandbox& sandbox() { return current_->sandbox_; }

 private:
  Sandbox& sandbox_;
  std::vector<std::string> symbols_;  ///< never resized once made: addresses are handed out
  ProcessFunctions* saved_;
  static inline thread_local ProcessFunctions* current_ = nullptr;
};

/// A call of a ProcessFunctions address that got no answer: how it ended (CallStatus) and the
/// fault's kind ("crash", "hang", "error", "malformed answer", ...), with what happened.
struct ProcessFault {
  CallStatus status;
  std::string kind;
  std::string detail;
};

/// One call of Op's function, at the address dlsym gave in the child, or, for a process
/// (--impl-cmd), through the thunk that records the call or replays its answer (wire.hpp), or,
/// at a ProcessFunctions address, as a one-case batch (ProcessFault when it has no answer).
template <class Op>
typename Op::Answer library_call(void* symbol, const typename Op::Case& k) {
  if (symbol == wire::process_marker()) return Op::call(&wire::Thunk<typename Op::Fn>::fn, k);
  if (const std::string* name = ProcessFunctions::symbol_at(symbol)) {
    const std::vector<typename Op::Case> one{k};
    auto r = ProcessFunctions::sandbox().template run<typename Op::Answer>(*name, one, &library_call<Op>, 1, std::nullopt);
    if (r[0].status == CallStatus::Ok) return r[0].answer;
    const char* kind = r[0].status == CallStatus::Crash ? kCrash
                       : r[0].status == CallStatus::Hang ? kHang
                       : r[0].kind != nullptr            ? r[0].kind
                                                         : "not run";
    throw ProcessFault{r[0].status, kind, r[0].detail};
  }
  // POSIX guarantees that a dlsym result converts to the function pointer it names.
  return Op::call(reinterpret_cast<typename Op::Fn>(symbol), k);
}

/// The probe: what the library answers to a simple valid case (the base case, listed first), and
/// when one scalar input of it is NaN, +inf or -inf, for every scalar input in turn (every
/// coordinate, every matrix entry). Not judged.
template <class Op>
Json run_probe(const CampaignSpec& spec, Sandbox& sandbox) {
  using Case = typename Op::Case;
  const double values[] = {std::nan(""), INFINITY, -INFINITY};
  std::vector<Case> cases;
  std::vector<std::string> inputs;
  Case base = Op::sample();
  const std::size_t slots = Op::slots(base).size();
  // The base case first, so that each answer below can be read against it.
  cases.push_back(base);
  inputs.push_back("base case (every input finite)");
  for (std::size_t s = 0; s < slots; ++s) {
    for (double v : values) {
      Case k = Op::sample();
      auto slot = Op::slots(k)[s];
      *slot.second = static_cast<std::remove_reference_t<decltype(*slot.second)>>(v);
      inputs.push_back(slot.first + " = " + ref::hex(*slot.second));
      cases.push_back(std::move(k));
    }
  }
  const auto results = sandbox.run<typename Op::Answer>(spec.symbol, cases, library_call<Op>,
                                                        kMaxHangs, std::nullopt);
  Json probes = Json::array();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    Json answer;
    switch (results[i].status) {
      case CallStatus::Ok:
        answer = answer_of<Op>(results[i].answer);
        break;
      case CallStatus::Crash:
        answer = Json{{kCrash, results[i].detail}};
        break;
      case CallStatus::Hang:
        answer = Json{{kHang, results[i].detail}};
        break;
      case CallStatus::Fault:
        answer = Json{{results[i].kind, results[i].detail}};
        break;
      case CallStatus::NotRun:
        answer = Json{{"not run", "after " + std::to_string(kMaxHangs) + " hangs"}};
        break;
    }
    probes.push_back(Json{{"input", inputs[i]}, {"eval", Op::query(cases[i]).dump()},
                          {"answer", std::move(answer)}});
  }
  return Json{{"probe", std::move(probes)}};
}

/// The first case found of one kind, then the smallest one shrinking reached: the case, what
/// the judge said, and the library's answer on it (null after a crash or hang).
template <class Case>
struct Example {
  rc::Shrinkable<Case> shrinkable;
  std::string detail;
  Json answer;
  ref::Rational ulps{0};  ///< how far off (Found::ulps)
  int steps = 0;
  std::uint64_t at_case = 0;  ///< the number of cases judged when it was found (itself included)
  double after_seconds = 0;   ///< the campaign's time when it was found
};

template <class Op>
Json answer_or_null(const CallResult<typename Op::Answer>& r) {
  return r.status == CallStatus::Ok ? answer_of<Op>(r.answer) : Json(nullptr);
}

/// Shrinks `ex` in place: repeatedly takes the first smaller case that still shows the same
/// kind (RapidCheck's own strategy), at most 3 s and 20,000 tries, and never past `deadline`.
/// Candidates are called in batches; a candidate that hangs ends the shrinking of this kind (at
/// the current case): every further hang would cost the timeout again. A hang is not shrunk.
template <class Op>
void shrink(const std::string& kind, Example<typename Op::Case>& ex, const CampaignSpec& spec,
            Sandbox& sandbox, Deadline deadline) {
  using Case = typename Op::Case;
  if (kind == kHang) return;
  const auto stop = std::min(Clock::now() + std::chrono::seconds(3),
                             deadline.value_or(Clock::time_point::max()));
  int tries = 0;
  bool progress_made = true;
  while (progress_made && tries < 20000 && Clock::now() < stop && interrupted() == 0) {
    progress_made = false;
    auto seq = ex.shrinkable.shrinks();
    bool exhausted = false;
    while (!exhausted && !progress_made) {
      std::vector<rc::Shrinkable<Case>> cands;
      std::vector<Case> cks;
      while (cands.size() < 32) {
        auto next = seq.next();
        if (!next) {
          exhausted = true;
          break;
        }
        ++tries;
        try {
          cks.push_back(next->value());
          cands.push_back(std::move(*next));
        } catch (const std::exception&) {
        }
      }
      if (cks.empty()) break;
      const auto results = sandbox.run<typename Op::Answer>(spec.symbol, cks, library_call<Op>, 1, stop);
      for (std::size_t i = 0; i < cks.size() && !progress_made; ++i) {
        if (results[i].status == CallStatus::Hang || results[i].status == CallStatus::NotRun) {
          exhausted = true;
          break;
        }
        const Verdict v = verdict<Op>(cks[i], results[i], spec.contract);
        const Found* f = v.of(kind);
        if (!f) continue;
        ex.shrinkable = cands[i];
        ex.detail = f->detail;
        ex.ulps = f->ulps;
        ex.answer = answer_or_null<Op>(results[i]);
        ++ex.steps;
        progress_made = true;
      }
    }
  }
}

/// What a campaign has judged so far.
template <class Case>
struct Tally {
  std::map<std::string, std::uint64_t> counts;  ///< violations by kind
  std::map<std::string, Example<Case>> firsts;  ///< the first counterexample of each kind
  /// the case farthest off (in ulps) of each kind, when farther than its first; not shrunk
  std::map<std::string, Example<Case>> worsts;
  ref::Rational worst = ref::Rational(0);
  std::uint64_t cases = 0, skipped = 0, not_run = 0;
  std::uint64_t drawn = 0;  ///< case indices drawn so far, this shard's and the other shards'
  std::string stopped;  ///< why the campaign stopped early (crashes, hangs), if it did
  Clock::time_point start = Clock::now();
};

/// Draws the next batch of cases into `batch` and `ks` (a case whose generation throws is
/// skipped), up to kBatch, the case budget, or `out_of_time()`.
template <class Op, class OutOfTime>
void draw_batch(const CampaignSpec& spec, rc::Random& random, const rc::Gen<typename Op::Case>& gen,
                Tally<typename Op::Case>& t, std::vector<rc::Shrinkable<typename Op::Case>>& batch,
                std::vector<typename Op::Case>& ks, const OutOfTime& out_of_time) {
  while (batch.size() < kBatch && (spec.cases == 0 || t.drawn < spec.cases)) {
    rc::Random r = random.split();
    if (t.drawn++ % spec.shards != spec.shard) continue;  // another shard's case
    try {
      auto s = gen(r, rc::kNominalSize);
      ks.push_back(s.value());
      batch.push_back(std::move(s));
    } catch (const std::exception&) {
      ++t.skipped;
    }
    if (batch.size() % 32 == 0 && out_of_time()) break;
  }
}

/// Judges the library's answers to a batch into the tally, and stops the campaign after too
/// many crashes or hangs.
template <class Op>
void judge_batch(const CampaignSpec& spec, const std::vector<rc::Shrinkable<typename Op::Case>>& batch,
                 const std::vector<typename Op::Case>& ks,
                 const std::vector<CallResult<typename Op::Answer>>& results, Tally<typename Op::Case>& t) {
  using Case = typename Op::Case;
  for (std::size_t i = 0; i < ks.size(); ++i) {
    if (results[i].status == CallStatus::NotRun) {
      t.not_run += ks.size() - i;
      break;
    }
    const Verdict v = verdict<Op>(ks[i], results[i], spec.contract);
    if (!v.judged) {
      ++t.skipped;
      continue;
    }
    ++t.cases;
    if (v.worst > t.worst) t.worst = v.worst;
    for (const Found& f : v.faults) {  // a case with two kinds of fault counts under both
      ++t.counts[f.kind];
      const auto [first, fresh] =
          t.firsts.try_emplace(f.kind, Example<Case>{batch[i], f.detail, answer_or_null<Op>(results[i]), f.ulps});
      if (fresh) {
        first->second.at_case = t.cases;
        first->second.after_seconds = std::chrono::duration<double>(Clock::now() - t.start).count();
      }
      if (fresh || f.ulps <= first->second.ulps) continue;
      const auto w = t.worsts.find(f.kind);
      if (w == t.worsts.end() || f.ulps > w->second.ulps)
        t.worsts.insert_or_assign(f.kind, Example<Case>{batch[i], f.detail, answer_or_null<Op>(results[i]), f.ulps});
    }
  }
  if (t.counts[kCrash] >= kMaxCrashes)
    t.stopped = "stopped after " + std::to_string(kMaxCrashes) + " crashes";
  else if (t.counts[kCrash] + t.counts[kMalformed] + t.counts[kMissing] + t.counts[kFlood] >= kMaxCrashes)
    t.stopped = "stopped after " + std::to_string(kMaxCrashes) + " crashes and broken answers";
  else if (t.counts[kHang] >= kMaxHangs)
    t.stopped = "stopped after " + std::to_string(kMaxHangs) + " hangs";
}

/// The report of a judged campaign (run_campaign), each first counterexample shrunk by
/// `deadline`.
template <class Op>
Json campaign_report(Tally<typename Op::Case>& t, const CampaignSpec& spec, Sandbox& sandbox,
                     Deadline deadline) {
  std::erase_if(t.counts, [](const auto& kv) { return kv.second == 0; });
  Json examples = Json::array();
  const auto entry = [](const std::string& kind, const char* role, const Example<typename Op::Case>& ex) {
    return Json{{"kind", kind},
                {"role", role},
                {"detail", ex.detail},
                {"eval", Op::query(ex.shrinkable.value()).dump()},
                {"answer", ex.answer},
                {"ulps", ref::to_string(ex.ulps)},
                {"ulps_approx", ref::nearest_double(ex.ulps)},
                {"shrink_steps", ex.steps}};
  };
  for (auto& [kind, ex] : t.firsts) {
    shrink<Op>(kind, ex, spec, sandbox, deadline);
    examples.push_back(entry(kind, "first", ex));
    // When the first case of the kind came: after how many judged cases and how long.
    examples.back()["found_at_case"] = ex.at_case;
    examples.back()["found_after_seconds"] = ex.after_seconds;
    // The worst case of the kind, unshrunk, when it is farther off than the shrunk one.
    if (const auto w = t.worsts.find(kind); w != t.worsts.end() && w->second.ulps > ex.ulps)
      examples.push_back(entry(kind, "worst", w->second));
  }
  Json report;
  report["cases"] = t.cases;
  report["skipped"] = t.skipped;
  Json v = Json::object();
  for (const auto& [kind, n] : t.counts) v[kind] = n;
  report["violations"] = std::move(v);
  report["worst_ulps"] = ref::to_string(t.worst);
  report["worst_ulps_approx"] = ref::nearest_double(t.worst);
  report["counterexamples"] = std::move(examples);
  if (!t.stopped.empty()) report["stopped"] = t.stopped;
  if (interrupted() != 0) report["interrupted"] = signal_name(interrupted());
  if (t.cases == 0)
    report["untested"] =
        interrupted() != 0 ? "check was interrupted (" + signal_name(interrupted()) + ") before a case was judged"
        : t.not_run > 0 || t.skipped == 0
            ? "no case finished within the time budget (" + seconds_text(spec.seconds) +
                  " for this campaign): raise --seconds"
            : "every generated case was skipped (the reference rejected it)";
  return report;
}

/// Runs the campaign of Op over the library's function `spec.symbol` and returns its report as
/// JSON: {"cases", "skipped", "violations": {kind: count}, "worst_ulps", "counterexamples": [...],
/// "stopped"?, "untested"?}, or for a probe {"probe": [{"input", "eval", "answer"}...]}.
/// With a time budget, generation stops at 80% of it and shrinking has the rest; every library
/// call is bounded by it (sandbox.hpp). "untested" says why no case was judged, if none was.
template <class Op>
Json run_campaign(const CampaignSpec& spec, Sandbox& sandbox, const ProgressFn& progress) {
  if (spec.probe) return run_probe<Op>(spec, sandbox);
  using Case = typename Op::Case;
  const auto start = Clock::now();
  const auto budget = [&](double fraction) -> Deadline {
    if (spec.seconds <= 0) return std::nullopt;
    return start + std::chrono::duration_cast<Clock::duration>(
                       std::chrono::duration<double>(spec.seconds * fraction));
  };
  const Deadline generation_ends = budget(0.8), campaign_ends = budget(1.0);
  const auto out_of_time = [&] {
    return interrupted() != 0 || (generation_ends && Clock::now() >= *generation_ends);
  };

  rc::Random random(spec.seed);
  Tally<Case> t;
  const auto gen = campaign_cases<Op>(spec);
  while (t.stopped.empty() && (spec.cases == 0 || t.drawn < spec.cases) && !out_of_time()) {
    std::vector<rc::Shrinkable<Case>> batch;
    std::vector<Case> ks;
    draw_batch<Op>(spec, random, gen, t, batch, ks, out_of_time);
    if (ks.empty()) continue;
    const std::uint64_t hangs_left = kMaxHangs - t.counts[kHang];
    const auto results =
        sandbox.run<typename Op::Answer>(spec.symbol, ks, library_call<Op>, hangs_left, generation_ends);
    judge_batch<Op>(spec, batch, ks, results, t);
    if (progress) progress(t.cases, spec.cases);
  }
  return campaign_report<Op>(t, spec, sandbox, campaign_ends);
}

}  // namespace aabb::check
