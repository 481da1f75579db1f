#pragma once
/// The generic writer of `vectors`: one Wycheproof-style JSON file per op and float type, built
/// from the op's Spec (vectors/common.hpp): its groups (constructed, seed, generated, invalid),
/// each test's input, flags and expected answer (eval's line, with X_f32 in f32 files), and the
/// file's header and notes.

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "aabb/eval.hpp"
#include "aabb/vectors.hpp"
#include "check/cases_of.hpp"
#include "vectors/common.hpp"

namespace aabb::vectors {

constexpr const char* kSchemaName = "aabb_vectors_schema_v1.json";
constexpr const char* kGeneratorVersion = "aabb-oracle vectors 1";

/// Every flag a file may use, with what it says about a case; a file's `notes` lists the ones it
/// uses. Each is computed from the exact inputs and answer, never set by hand.
[[nodiscard]] const std::map<std::string, std::pair<std::string, std::string>>& flag_notes();

/// The testGroups' `type` of an op of category `c`.
[[nodiscard]] const char* test_type(chk::Category c);

/// Beside every `X_f64` of an eval answer, `X_f32`: the float nearest to the exact X.
[[nodiscard]] Json with_f32(const Json& j);

/// Whether some number in the query is a subnormal of T.
template <class T>
bool has_subnormal(const Json& j) {
  if (j.is_array() || j.is_object()) {
    for (const auto& x : j)
      if (has_subnormal<T>(x)) return true;
    return false;
  }
  if (!j.is_string()) return false;
  const auto parsed = ref::parse_number(j.get<std::string>(), "x");
  if (!parsed.ok() || parsed.value().kind != ref::NumberKind::Finite) return false;
  const Q& q = parsed.value().value;
  static const Q min_normal = ref::exact(std::numeric_limits<T>::min()).value();
  return q != 0 && absq(q) < min_normal;
}

/// The invalid variants of an op's simple valid case: each breaks one rule of the contract.
[[nodiscard]] std::vector<std::tuple<std::string, std::string, Json>> invalid_variants(
    const Json& query);

/// A deterministic stream per file: the user's seed mixed with the file's name (FNV-1a).
[[nodiscard]] std::uint64_t file_seed(std::uint64_t seed, const std::string& name);

/// The `header` lines of a file.
[[nodiscard]] Json file_header(const std::string& algorithm, const std::string& op,
                               const std::string& type_name, std::size_t dimension, Numbers numbers);

/// Builds the tests of one file, numbering them and collecting the flags they use.
template <class Op, class T>
class TestMaker {
 public:
  using Case = typename Op::Case;
  explicit TestMaker(const Spec<Op>& spec) : spec_(spec) {}

  /// One test: `query` answered by eval; with the case `k`, its flags and the seed listings
  /// that answer it wrongly; `flags` are given ones (an invalid variant's).
  Json operator()(const std::string& comment, const Json& query, const std::optional<Case>& k,
                  Flags flags) {
    const EvalAnswer answer = eval_line(query.dump());
    Json parsed = Json::parse(answer.json);
    Json input = Json::object();
    for (auto it = query.begin(); it != query.end(); ++it)
      if (it.key() != "op") input[it.key()] = it.value();
    std::string text = comment;
    Json expected = Json::object();
    if (answer.ok) {
      if (k) case_flags(comment, *k, flags, text);
      if (has_subnormal<T>(query)) flags.insert("Subnormal");
      for (auto it = parsed.begin(); it != parsed.end(); ++it)
        if (it.key() != "id" && it.key() != "op") expected[it.key()] = it.value();
      if (std::is_same_v<T, float>) expected = with_f32(expected);
    } else {
      if (flags.empty()) flags.insert("Invalid");
      expected["error"] = parsed["error"];
    }
    used_flags_.insert(flags.begin(), flags.end());
    Json test;
    test["tcId"] = next_id_++;
    test["comment"] = text;
    test["flags"] = Json(std::vector<std::string>(flags.begin(), flags.end()));
    test["input"] = std::move(input);
    test["result"] = answer.ok ? "valid" : "invalid";
    test["expected"] = std::move(expected);
    return test;
  }

  /// The flags every test file may use, with what they say: the ones the tests used.
  [[nodiscard]] Json notes() const {
    Json notes = Json::object();
    for (const auto& flag : used_flags_) {
      const auto& [bug_type, description] = flag_notes().at(flag);
      notes[flag] = Json{{"bugType", bug_type}, {"description", description}};
    }
    return notes;
  }
  [[nodiscard]] int tests() const { return next_id_ - 1; }

 private:
  /// The flags computed from the exact case, and the listings that answer it wrongly (named in
  /// the comment `text`).
  void case_flags(const std::string& comment, const Case& k, Flags& flags, std::string& text) {
    try {
      spec_.flags(flags, k);
      if (spec_.wrong_listings) {
        const auto wrong = spec_.wrong_listings(k);
        for (const auto& name : wrong) text += "; " + name + " answers wrongly";
        if (!wrong.empty()) flags.insert("SeedListingFlaw");
      }
    } catch (const std::exception& e) {
      throw std::runtime_error("flags of \"" + comment + "\": " + e.what());
    }
  }

  const Spec<Op>& spec_;
  std::set<std::string> used_flags_;
  int next_id_ = 1;
};

/// An empty test group of an op of category `category`.
[[nodiscard]] Json test_group(chk::Category category, const char* source,
                              const std::string& description);

/// The "generated" group: up to `cases_per_group` distinct cases drawn from check's generators.
/// With `half_line`, the "half-line" group of a ray file instead: the same generators, every case
/// with t_min = 0 and t_max = +inf (check --ray half-line), from its own stream.
template <class Op, class T>
Json generated_group(const Spec<Op>& spec, TestMaker<Op, T>& make_test,
                     const std::string& type_name, std::uint64_t seed, int cases_per_group,
                     bool half_line = false) {
  using Case = typename Op::Case;
  Json generated =
      half_line ? test_group(Op::category, "half-line",
                             "Rays with t_min = 0 and t_max = +inf only, the half-lines of ray APIs "
                             "without a range (every JS one), drawn from the generators of "
                             "`aabb-oracle check --ray half-line`, seed " + std::to_string(seed) + ".")
                : test_group(Op::category, "generated",
                             "Cases drawn from the edge-aimed generators of `aabb-oracle check` "
                             "(properties/generators.hpp), seed " +
                                 std::to_string(seed) + ".");
  rc::Random random(file_seed(seed, spec.file + "_" + type_name + (half_line ? "_half_line" : "")));
  auto gen = chk::cases_of<Op>();  // check's generator, compiled once (check/cases_of.hpp)
  if constexpr (requires(Case k) { Op::half_line(k); })
    if (half_line) gen = chk::half_line_cases<Op>(std::move(gen));
  std::set<std::string> seen;
  for (int drawn = 0, tries = 0; drawn < cases_per_group && tries < 20 * cases_per_group; ++tries) {
    rc::Random r = random.split();
    std::optional<Case> k;
    try {
      k = gen(r, rc::kNominalSize).value();
    } catch (const std::exception&) {
      continue;  // a generator that gave up (gen::suchThat): draw again
    }
    const Json query = Op::query(*k);
    if (!seen.insert(query.dump()).second) continue;
    ++drawn;
    generated["tests"].push_back(
        make_test((half_line ? "half-line case " : "generated case ") + std::to_string(drawn), query, k, {}));
  }
  return generated;
}

/// The groups of one file: constructed, seed (each when not empty), generated and invalid.
template <class Op, class T>
Json test_groups(const Spec<Op>& spec, TestMaker<Op, T>& make_test, const std::string& type_name,
                 std::uint64_t seed, int cases_per_group) {
  Json groups = Json::array();
  Json constructed = test_group(Op::category, "constructed",
                                "Systematic edge constructions, named in each comment.");
  for (const auto& [name, k] : spec.constructed)
    constructed["tests"].push_back(make_test(name, Op::query(k), k, {}));
  if (!constructed["tests"].empty()) groups.push_back(std::move(constructed));

  Json seeds = test_group(Op::category, "seed",
                          "The worked cases of the seed-listing tests (tests/seeds/"
                          "seed_listings_test.cpp), answered by the exact reference.");
  for (const auto& [name, k] : spec.seeds)
    seeds["tests"].push_back(make_test(name, Op::query(k), k, {}));
  if (!seeds["tests"].empty()) groups.push_back(std::move(seeds));

  groups.push_back(generated_group(spec, make_test, type_name, seed, cases_per_group));
  if constexpr (requires(typename Op::Case k) { Op::half_line(k); })
    groups.push_back(generated_group(spec, make_test, type_name, seed, cases_per_group, /*half_line=*/true));

  Json invalid = test_group(Op::category, "invalid",
                            "Inputs the reference rejects; the expected error is eval's.");
  for (const auto& [name, flag, query] : invalid_variants(Op::query(Op::sample())))
    invalid["tests"].push_back(make_test(name, query, std::nullopt, {flag}));
  groups.push_back(std::move(invalid));
  return groups;
}

/// The whole file of `spec`'s op over T.
template <class Op, class T>
Json build_file(const Spec<Op>& spec, const std::string& type_name, std::uint64_t seed,
                int cases_per_group, std::size_t dimension, Numbers numbers) {
  TestMaker<Op, T> make_test(spec);
  Json groups = test_groups(spec, make_test, type_name, seed, cases_per_group);
  const std::string op = Op::query(Op::sample())["op"];
  Json file;
  file["algorithm"] = spec.file;
  file["op"] = op;
  file["boxForm"] = spec.form.empty() ? Json(nullptr) : Json(spec.form);
  file["floatType"] = type_name;
  file["dimension"] = dimension;
  file["contract"] = chk::default_contract(Op::name).text();
  file["schema"] = kSchemaName;
  file["generatorVersion"] = kGeneratorVersion;
  file["seed"] = seed;
  file["numberOfTests"] = make_test.tests();
  file["header"] = file_header(spec.file, op, type_name, dimension, numbers);
  file["notes"] = make_test.notes();
  file["testGroups"] = std::move(groups);
  return file;
}

/// The file with its input numbers in the plan's form (Plan::numbers): unchanged for hex; for
/// decimal, every hex float of each test's input as the shortest decimal string that reads back
/// to it in the file's type; for both, that decimal copy as `inputDecimal` after `input`. The
/// file's `numbers` field says which (and its header, written by file_header).
[[nodiscard]] Json with_numbers(Json file, Numbers numbers, bool f32);

/// Writes `stem_type.json` into `dir`; false when the file cannot be written, with `failure` set
/// to "PATH: REASON".
[[nodiscard]] bool write_file(const std::filesystem::path& dir, const std::string& stem,
                              const Json& file, std::string& failure);

/// Builds and writes the files of one float type and dimension, one op at a time:
/// DIR/<op>_<type>.json in 3D, DIR/2d/<op>_<type>.json in 2D. After a file that cannot be
/// written, builds the rest but writes no more.
template <class T, std::size_t N>
class FileWriter {
 public:
  FileWriter(const Plan& plan, std::string type_name, Report& report)
      : plan_(plan), type_name_(std::move(type_name)), report_(report) {}

  /// Builds the file of `spec`'s op, counts it and its tests, and writes it.
  template <class Op>
  void operator()(const Spec<Op>& spec) {
    const Json file = with_numbers(build_file<Op, T>(spec, type_name_, plan_.seed, plan_.cases_per_group, N, plan_.numbers),
                                   plan_.numbers, std::is_same_v<T, float>);
    report_.tests += file["numberOfTests"].template get<std::size_t>();
    ++report_.files;
    if (ok_ && !write_file(N == 2 ? plan_.dir / "2d" : plan_.dir, spec.file + "_" + type_name_, file,
                           report_.failure))
      ok_ = false;
  }
  /// Whether every file so far was written.
  [[nodiscard]] bool ok() const { return ok_; }

 private:
  const Plan& plan_;
  std::string type_name_;
  Report& report_;
  bool ok_ = true;
};

}  // namespace aabb::vectors
