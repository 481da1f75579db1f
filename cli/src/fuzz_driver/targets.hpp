#pragma once
/// The fuzz driver's table (aabb/fuzz_driver.hpp): one target per ABI variant of the registry,
/// over check's ops (check/ops.hpp: each op's decode, call, judge and eval query), in the order
/// of check's table. Each op's runner is instantiated once per dimension and type, in one of
/// two places: check's own op_runs_<d>d_<type>.cpp (beside its campaigns, so that aabb-oracle,
/// its replay and aabb-oracle-fuzz compile each check op once), or, for the static library
/// aabb::fuzz_driver that stands without check, targets_<d>d_<type>.cpp through targets<N, T>().
/// table() is defined by whichever the program links (table_of_check.cpp, table_standalone.cpp).

#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <type_traits>
#include <vector>

#include "aabb/cases/bytes.hpp"
#include "aabb/fuzz_driver.hpp"
#include "check/op_table.hpp"
#include "check/text.hpp"

namespace aabb::fuzz_driver::detail {

using check::Contract;
using check::tool::OpEntry;

/// One input for one function: decoded, called (unless fn is null: decoded only), judged. Fills
/// status, query, answer and faults.
using Runner = check::tool::FuzzRunner;
/// Aborts from the stack frame of its op and type (then of the kind: abort_in_kind_frame).
using Failer = check::tool::FuzzFailer;

struct Target {
  OpEntry entry;  ///< name, category, default contract, dimension (the runners of check unused)
  Runner run = nullptr;
  Failer fail = nullptr;
};

/// Prints the report and aborts from a frame named after the first fault's kind (driver.cpp).
[[noreturn]] void abort_in_kind_frame(const Outcome& o);

/// The frame of one op, type and dimension on the way to abort (never inlined, so that a stack
/// trace names it).
template <class Op>
[[noreturn]] [[gnu::noinline]] void fail_in(const Outcome& o) {
  abort_in_kind_frame(o);
}

/// How an input after its selector bytes makes its case: byte 2 picks the form. One value of it
/// in kGeneratedForms (15 mod 16; not 0, so that the empty input and libFuzzer's first inputs are
/// decoded, the cheap form: a generated case costs some 25 µs of RapidCheck, a decoded one 2) makes
/// the input a seed (the next 8 bytes, little-endian) for check's own edge-aimed generator
/// of the op (Op::cases() through check::cases_of, check/cases_of.hpp: tangent spheres, touching
/// and nested boxes, ulp gaps, relations between the arguments that no number-by-number decoding
/// hits but by chance); the others are
/// decoded number by number (Op::decode, check/decode.hpp), the vocabulary of the project's
/// own fuzzers. Both are deterministic: a saved input means the same case on every run.
inline constexpr unsigned kGeneratedForms = 16;

template <class Op, class T, std::size_t N>
Outcome run_one(void* fn, gen::ByteSource& in, const Contract& c, bool half_line) {
  Outcome o;
  typename Op::Case k{};
  if (in.byte() % kGeneratedForms == kGeneratedForms - 1) {
    std::uint64_t seed = 0;
    for (unsigned i = 0; i < 8; ++i) seed |= std::uint64_t{in.byte()} << (8 * i);
    try {
      k = check::cases_of<Op>()(rc::Random(seed), rc::kNominalSize).value();
    } catch (const std::exception&) {  // the generator gave up on this seed (a discarded case)
      o.status = Outcome::Status::Invalid;
      return o;
    }
  } else {
    check::Decoder<T, N> d(in);
    k = Op::decode(d);
    if (!d.valid()) {
      o.status = Outcome::Status::Invalid;
      return o;
    }
  }
  check::apply_conventions<Op>(k, c.boundary, half_line);
  if (fn == nullptr) {
    o.status = Outcome::Status::Pass;
    o.query = check::tool::dump(Op::query(k));
    return o;
  }
  check::CallResult<typename Op::Answer> r;
  try {
    r.answer = check::library_call<Op>(fn, k);
  } catch (const check::ProcessFault& f) {  // a process (--impl-cmd) that gave no answer
    o.status = Outcome::Status::Fail;
    o.faults.push_back({f.kind, f.detail});
    o.query = check::tool::dump(Op::query(k));
    o.answer = "null";
    return o;
  }
  const check::Verdict v = check::verdict<Op>(k, r, c);
  if (!v.judged) {
    o.status = Outcome::Status::Unjudged;
  } else if (v.faults.empty()) {
    o.status = Outcome::Status::Pass;
    return o;  // the text is made only for what is reported
  } else {
    o.status = Outcome::Status::Fail;
    for (const auto& f : v.faults) o.faults.push_back({f.kind, f.detail});
  }
  o.query = check::tool::dump(Op::query(k));
  o.answer = check::tool::dump(check::answer_of<Op>(r.answer));
  return o;
}

/// Every target: dimension 3 over float, then over double, then dimension 2 over float and over
/// double, each in the registry's order of ABI variants.
[[nodiscard]] const std::vector<Target>& table();

/// The targets of one dimension and type (the standalone library's table).
template <std::size_t N, class T>
std::vector<Target> targets() {
  std::vector<Target> t;
  aabb::ops::for_each_variant_index([&]<class Op, std::size_t V>() {
    if constexpr (Op::variants[V].abi) {
      using B = check::Binding<Op, V>;
      using Check = typename B::template type<T, N>;
      OpEntry e{Check::name, Check::category, check::default_contract(Check::name)};
      e.takes_boundary = false;
      for (const auto& f : Op::fields)
        if (f.name == "boundary") e.takes_boundary = true;
      e.dim = N;
      t.push_back(Target{std::move(e), &run_one<Check, T, N>, &fail_in<Check>});
    }
  });
  return t;
}

}  // namespace aabb::fuzz_driver::detail
