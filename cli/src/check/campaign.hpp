#pragma once
/// One campaign of `check`: one op of the C ABI, one float type, run in a child process so that
/// a library that crashes or hangs cannot take check down. The child generates cases, calls the
/// library, judges each answer, shrinks the first counterexample of each fault kind, and sends
/// its report to the parent as JSON through a pipe; before every call it publishes the input in
/// shared memory, so the parent can name the input a crash or a hang happened on.

#include <rapidcheck.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "check/ops.hpp"

namespace aabb::check {

/// Memory shared between check and the child running a campaign.
struct SharedState {
  std::atomic<std::uint64_t> calls{0};  ///< library calls started
  std::atomic<int> in_call{0};  ///< 1 while the library runs
  std::atomic<std::uint64_t> cases_done{0};
  std::atomic<std::uint64_t> cases_total{0};  ///< 0 when the budget is in seconds only
  std::atomic<std::size_t> query_size{0};
  char query[1 << 16];  ///< the eval query line of the current call
};

/// What one campaign is asked to do.
struct CampaignSpec {
  std::uint64_t seed = 0;
  std::uint64_t cases = 0;  ///< 0: no case limit
  double seconds = 0;  ///< 0: no time limit
  Contract contract;
  bool probe = false;  ///< probe non-finite inputs instead of judging
};

/// The library call, with the input published first and the call marked in progress.
class CallGuard {
 public:
  CallGuard(SharedState& s, const Json& query) : s_(s) {
    const std::string text = query.dump();
    const std::size_t n = std::min(text.size(), sizeof(s.query) - 1);
    std::memcpy(s.query, text.data(), n);
    s.query[n] = '\0';
    s.query_size.store(n);
    s.calls.fetch_add(1);
    s.in_call.store(1);
  }
  ~CallGuard() { s_.in_call.store(0); }
  CallGuard(const CallGuard&) = delete;
  CallGuard& operator=(const CallGuard&) = delete;

 private:
  SharedState& s_;
};

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

/// Runs the campaign of Op over the library function `fn` and returns its report as JSON:
/// {"cases", "skipped", "violations": {kind: count}, "worst_ulps", "counterexamples": [...]},
/// or for a probe {"probe": [{"input", "answer"}...]}.
template <class Op>
Json run_campaign(typename Op::Fn fn, const CampaignSpec& spec, SharedState& shared) {
  using Case = typename Op::Case;
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  Json report;

  if (spec.probe) {
    Json probes = Json::array();
    const double values[] = {std::nan(""), INFINITY, -INFINITY};
    Case base = Op::sample();
    const auto names = Op::slots(base);
    for (std::size_t s = 0; s < names.size(); ++s) {
      for (double v : values) {
        Case k = Op::sample();
        auto* slot = Op::slots(k)[s].second;
        *slot = static_cast<std::remove_reference_t<decltype(*slot)>>(v);
        typename Op::Answer a;
        {
          CallGuard guard(shared, Op::query(k));
          a = Op::call(fn, k);
        }
        probes.push_back(Json{{"input", names[s].first + " = " + ref::hex(*Op::slots(k)[s].second)},
                              {"answer", Op::answer(a)}});
        shared.cases_done.fetch_add(1);
      }
    }
    report["probe"] = std::move(probes);
    return report;
  }

  rc::Random random(spec.seed);
  std::map<Fault, std::uint64_t> counts;
  std::map<Fault, rc::Shrinkable<Case>> firsts;
  ref::Rational worst(0);
  std::uint64_t cases = 0, skipped = 0;
  const auto gen = Op::cases();
  while ((spec.cases == 0 || cases + skipped < spec.cases) &&
         (spec.seconds == 0 || elapsed() < spec.seconds)) {
    rc::Random r = random.split();
    std::optional<rc::Shrinkable<Case>> s;
    try {
      s = gen(r, rc::kNominalSize);
      (void)s->value();
    } catch (const std::exception&) {
      ++skipped;
      continue;
    }
    const Case k = s->value();
    typename Op::Answer a;
    {
      CallGuard guard(shared, Op::query(k));
      a = Op::call(fn, k);
    }
    const auto j = judge_safely<Op>(k, a, spec.contract);
    if (!j) {
      ++skipped;
      continue;
    }
    ++cases;
    shared.cases_done.store(cases);
    if (j->worst > worst) worst = j->worst;
    if (j->finding) {
      ++counts[j->finding->fault];
      firsts.try_emplace(j->finding->fault, *s);
    }
  }

  // Shrink the first counterexample of each kind: repeatedly take the first smaller case that
  // still shows the same kind of fault (RapidCheck's own strategy), within a bounded effort.
  Json examples = Json::array();
  for (auto& [fault, first] : firsts) {
    rc::Shrinkable<Case> current = first;
    const auto shrink_start = Clock::now();
    int tries = 0, steps = 0;
    bool progress = true;
    while (progress && tries < 20000 &&
           std::chrono::duration<double>(Clock::now() - shrink_start).count() < 3.0) {
      progress = false;
      auto seq = current.shrinks();
      while (auto next = seq.next()) {
        ++tries;
        std::optional<Case> k;
        try {
          k = next->value();
        } catch (const std::exception&) {
          continue;
        }
        typename Op::Answer a;
        {
          CallGuard guard(shared, Op::query(*k));
          a = Op::call(fn, *k);
        }
        const auto j = judge_safely<Op>(*k, a, spec.contract);
        if (j && j->finding && j->finding->fault == fault) {
          current = *next;
          progress = true;
          ++steps;
          break;
        }
      }
    }
    const Case k = current.value();
    typename Op::Answer a;
    {
      CallGuard guard(shared, Op::query(k));
      a = Op::call(fn, k);
    }
    const auto j = judge_safely<Op>(k, a, spec.contract);
    examples.push_back(Json{{"kind", judge::fault_name(fault)},
                            {"detail", j && j->finding ? j->finding->detail : std::string("?")},
                            {"eval", Op::query(k).dump()},
                            {"answer", Op::answer(a)},
                            {"shrink_steps", steps}});
  }

  report["cases"] = cases;
  report["skipped"] = skipped;
  Json v = Json::object();
  for (const auto& [fault, n] : counts) v[std::string(judge::fault_name(fault))] = n;
  report["violations"] = std::move(v);
  report["worst_ulps"] = ref::to_string(worst);
  report["worst_ulps_approx"] = ref::nearest_double(worst);
  report["counterexamples"] = std::move(examples);
  return report;
}

}  // namespace aabb::check
