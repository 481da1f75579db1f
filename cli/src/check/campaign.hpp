#pragma once
/// One campaign of `check`: one op of the C ABI, one float type. check generates the cases,
/// makes the library calls through the Sandbox (sandbox.hpp: each batch in a child process, so a
/// crash or a hang is one call's outcome, not the end of the run), judges every answer, and
/// shrinks the first counterexample of each kind: wrong answers, crashes and hangs alike.

#include <rapidcheck.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "check/ops.hpp"
#include "check/sandbox.hpp"

namespace aabb::check {

/// What one campaign is asked to do.
struct CampaignSpec {
  std::uint64_t seed = 0;
  std::uint64_t cases = 0;  ///< 0: no case limit
  double seconds = 0;  ///< 0: no time limit
  Contract contract;
  bool probe = false;  ///< probe non-finite inputs instead of judging
};

/// The kinds check counts besides judge::Fault's: the library crashed or hung on the input.
inline constexpr const char* kCrash = "crash";
inline constexpr const char* kHang = "hang";

/// Cases per child process; a crash costs the rest of its batch one new child.
inline constexpr std::size_t kBatch = 256;
/// A campaign stops early after this many crashes or hangs (each hang costs the timeout; a
/// crash costs a new child process, about a millisecond).
inline constexpr std::uint64_t kMaxCrashes = 1000;
inline constexpr std::uint64_t kMaxHangs = 3;

/// Called after each batch with (cases done, cases total or 0), for the progress line.
using ProgressFn = std::function<void(std::uint64_t, std::uint64_t)>;

/// The first fault of a case, or none, without throwing: a case the reference rejects (the
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

/// The verdict on one call: the kind of fault ("crash", "hang", a judge::fault_name) and its
/// detail, or no kind when the answer met the contract. `judged` is false for a case the
/// reference rejected (skipped).
struct Verdict {
  bool judged = true;
  std::string kind;
  std::string detail;
  ref::Rational worst{0};
};

template <class Op>
Verdict verdict(const typename Op::Case& k, const CallResult<typename Op::Answer>& r,
                const Contract& c) {
  if (r.status == CallStatus::Crash) return {true, kCrash, r.detail, ref::Rational(0)};
  if (r.status == CallStatus::Hang) return {true, kHang, r.detail, ref::Rational(0)};
  const auto j = judge_safely<Op>(k, r.answer, c);
  if (!j) return {false, "", "", ref::Rational(0)};
  if (!j->finding) return {true, "", "", j->worst};
  return {true, std::string(judge::fault_name(j->finding->fault)), j->finding->detail, j->worst};
}

/// The probe: what the library answers when one scalar input of a simple valid case is NaN,
/// +inf or -inf, for every scalar input in turn. Not judged.
template <class Op>
Json run_probe(typename Op::Fn fn, Sandbox& sandbox) {
  using Case = typename Op::Case;
  const double values[] = {std::nan(""), INFINITY, -INFINITY};
  std::vector<Case> cases;
  std::vector<std::string> inputs;
  Case base = Op::sample();
  const std::size_t slots = Op::slots(base).size();
  for (std::size_t s = 0; s < slots; ++s) {
    for (double v : values) {
      Case k = Op::sample();
      auto slot = Op::slots(k)[s];
      *slot.second = static_cast<std::remove_reference_t<decltype(*slot.second)>>(v);
      inputs.push_back(slot.first + " = " + ref::hex(*slot.second));
      cases.push_back(std::move(k));
    }
  }
  const auto results = sandbox.run<typename Op::Answer>(
      cases, [fn](const Case& k) { return Op::call(fn, k); }, kMaxHangs);
  Json probes = Json::array();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    Json answer;
    switch (results[i].status) {
      case CallStatus::Ok:
        answer = Op::answer(results[i].answer);
        break;
      case CallStatus::Crash:
        answer = Json{{kCrash, results[i].detail}};
        break;
      case CallStatus::Hang:
        answer = Json{{kHang, results[i].detail}};
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

/// Runs the campaign of Op over the library function `fn` and returns its report as JSON:
/// {"cases", "skipped", "violations": {kind: count}, "worst_ulps", "counterexamples": [...],
/// "stopped"?}, or for a probe {"probe": [{"input", "eval", "answer"}...]}.
template <class Op>
Json run_campaign(typename Op::Fn fn, const CampaignSpec& spec, Sandbox& sandbox,
                  const ProgressFn& progress) {
  if (spec.probe) return run_probe<Op>(fn, sandbox);
  using Case = typename Op::Case;
  using Answer = typename Op::Answer;
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  const auto call = [fn](const Case& k) { return Op::call(fn, k); };

  rc::Random random(spec.seed);
  std::map<std::string, std::uint64_t> counts;
  std::map<std::string, std::pair<rc::Shrinkable<Case>, std::string>> firsts;  ///< case, detail
  ref::Rational worst(0);
  std::uint64_t cases = 0, skipped = 0;
  std::string stopped;
  const auto gen = Op::cases();
  while (stopped.empty() && (spec.cases == 0 || cases + skipped < spec.cases) &&
         (spec.seconds == 0 || elapsed() < spec.seconds)) {
    // One batch of generated cases (a case whose generation throws is skipped).
    std::vector<rc::Shrinkable<Case>> batch;
    std::vector<Case> ks;
    while (batch.size() < kBatch && (spec.cases == 0 || cases + skipped + batch.size() < spec.cases)) {
      rc::Random r = random.split();
      try {
        auto s = gen(r, rc::kNominalSize);
        ks.push_back(s.value());
        batch.push_back(std::move(s));
      } catch (const std::exception&) {
        ++skipped;
      }
      if (spec.seconds > 0 && batch.size() % 32 == 0 && elapsed() >= spec.seconds) break;
    }
    if (ks.empty()) continue;
    const std::uint64_t hangs_left = kMaxHangs - counts[kHang];
    const auto results = sandbox.run<Answer>(ks, call, hangs_left);
    for (std::size_t i = 0; i < ks.size(); ++i) {
      if (results[i].status == CallStatus::NotRun) break;
      const Verdict v = verdict<Op>(ks[i], results[i], spec.contract);
      if (!v.judged) {
        ++skipped;
        continue;
      }
      ++cases;
      if (v.worst > worst) worst = v.worst;
      if (v.kind.empty()) continue;
      ++counts[v.kind];
      firsts.try_emplace(v.kind, batch[i], v.detail);
    }
    if (counts[kCrash] >= kMaxCrashes)
      stopped = "stopped after " + std::to_string(kMaxCrashes) + " crashes";
    else if (counts[kHang] >= kMaxHangs)
      stopped = "stopped after " + std::to_string(kMaxHangs) + " hangs";
    if (progress) progress(cases, spec.cases);
  }
  std::erase_if(counts, [](const auto& kv) { return kv.second == 0; });

  // Shrink the first counterexample of each kind: repeatedly take the first smaller case that
  // still shows the same kind (RapidCheck's own strategy), within a bounded effort. Candidates
  // are called in batches; a hang is not shrunk, as every try would cost the timeout.
  Json examples = Json::array();
  for (auto& [kind, first] : firsts) {
    rc::Shrinkable<Case> current = first.first;
    const auto shrink_start = Clock::now();
    int tries = 0, steps = 0;
    bool progress_made = kind != kHang;
    while (progress_made && tries < 20000 &&
           std::chrono::duration<double>(Clock::now() - shrink_start).count() < 3.0) {
      progress_made = false;
      auto seq = current.shrinks();
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
        // A candidate that hangs ends the shrinking of this kind (at the current case): every
        // further hang would cost the timeout again.
        const auto results = sandbox.run<Answer>(cks, call, 1);
        for (std::size_t i = 0; i < cks.size(); ++i) {
          if (results[i].status == CallStatus::Hang || results[i].status == CallStatus::NotRun) {
            exhausted = true;
            break;
          }
          if (verdict<Op>(cks[i], results[i], spec.contract).kind == kind) {
            current = cands[i];
            progress_made = true;
            ++steps;
            break;
          }
        }
      }
    }
    const Case k = current.value();
    Json ex{{"kind", kind}, {"detail", first.second}, {"eval", Op::query(k).dump()},
            {"answer", nullptr}, {"shrink_steps", steps}};
    if (kind != kHang) {  // the shrunk case once more, for its answer and detail (a hang would
                          // cost the timeout again: its detail is the first one's)
      const auto final_result = sandbox.run<Answer>(std::vector<Case>{k}, call, 1);
      const Verdict v = verdict<Op>(k, final_result[0], spec.contract);
      ex["detail"] = v.kind == kind ? v.detail : std::string("(not reproduced on a rerun)");
      if (final_result[0].status == CallStatus::Ok) ex["answer"] = Op::answer(final_result[0].answer);
    }
    examples.push_back(std::move(ex));
  }

  Json report;
  report["cases"] = cases;
  report["skipped"] = skipped;
  Json v = Json::object();
  for (const auto& [kind, n] : counts) v[kind] = n;
  report["violations"] = std::move(v);
  report["worst_ulps"] = ref::to_string(worst);
  report["worst_ulps_approx"] = ref::nearest_double(worst);
  report["counterexamples"] = std::move(examples);
  if (!stopped.empty()) report["stopped"] = stopped;
  return report;
}

}  // namespace aabb::check
