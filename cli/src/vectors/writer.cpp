// The generic writer of `vectors` (vectors/writer.hpp): flags' notes, f32 answers, invalid
// variants, per-file seeds, and the file on disk.

#include "vectors/writer.hpp"

#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <fstream>

namespace aabb::vectors {

const std::map<std::string, std::pair<std::string, std::string>>& flag_notes() {
  static const std::map<std::string, std::pair<std::string, std::string>> notes{
      {"Touching",
       {"EDGE_CASE",
        "The sets only touch: two boxes meet where one ends and the other begins on some axis (a "
        "shared face, edge or corner), a point lies on the box's boundary, or a motion or ray "
        "meets the box at a single instant or along a face. Closed boxes: touching counts as "
        "overlapping."}},
      {"Containment",
       {"EDGE_CASE",
        "One box lies inside the other (equal boxes included); for a sweep, at t = 0."}},
      {"ZeroDisplacement",
       {"EDGE_CASE",
        "The relative displacement (or a ray's direction) is exactly zero on some axis: that axis "
        "overlaps for all t or for none. Seed 001's zero-velocity branch treats touching as a miss "
        "there."}},
      {"FlatBox",
       {"EDGE_CASE", "Some input box has zero width on some axis (min == max, extent 0)."}},
      {"UlpApart",
       {"EDGE_CASE",
        "Two exact quantities the test compares (a bound of one box and a bound of the other, a "
        "point and a bound, the best and second-best projections) differ, but their values "
        "rounded to the file's type are equal or adjacent: a float evaluation can order them "
        "wrongly. For a ray, also two slab times of different axes (or a slab time and t_min or "
        "t_max) that are equal or one ulp apart: a tie the float slab test must break the exact "
        "way."}},
      {"Subnormal", {"EDGE_CASE", "Some input is a subnormal number of the file's type."}},
      {"Tangent",
       {"EDGE_CASE",
        "The sphere touches the box: the exact squared distance from its centre to the box equals "
        "r² (on a face, an edge or a corner). Closed sets: tangent counts as overlapping."}},
      {"DegenerateTriangle",
       {"EDGE_CASE",
        "The triangle's vertices are collinear or repeated: it is a segment or a point (its normal "
        "is zero), which a separating-axis test must still answer."}},
      {"Inexact",
       {"EDGE_CASE",
        "A number of the exact answer is not a value of the file's type: a float implementation "
        "can only round it (the _f64 / _f32 fields give the nearest value)."}},
      {"Overflow",
       {"EDGE_CASE",
        "An intermediate value a textbook float implementation computes (c ± e, e1 + e2, c2 - c1, "
        "a bound plus a displacement, a relative displacement, a product M[i][j]·x[j], a dot "
        "product, a ray's inverse direction 1/d or slab time (bound - origin)/d) is beyond the "
        "file's type: rounded to the type it is infinite."}},
      {"SeedListingFlaw",
       {"KNOWN_BUG",
        "A re-creation of a seed listing (tests/seeds/textbook.hpp), run in the file's type, "
        "answers this case outside the contract `aabb-oracle check` holds the op to by default "
        "(docs/check.md); the comment names the listing. Computed by running the listing."}},
      {"OverlapAtStart",
       {"EDGE_CASE",
        "The moving boxes already overlap at t = 0: t_first is 0 and t_last is still the true last "
        "instant (seed 000's listing answers u1 = 0)."}},
      {"Tie",
       {"EDGE_CASE",
        "Two or more points share the least or the greatest exact projection: the answer is the "
        "lowest such index (extreme_points) or every such index (hill_climb)."}},
      {"Invalid",
       {"INVALID_INPUT",
        "The reference rejects the input (an inverted box, a negative extent or radius, t_min > "
        "t_max, a hill-climb graph with a false local maximum): result \"invalid\"."}},
      {"NonFinite",
       {"INVALID_INPUT", "An input is NaN or an infinity where the contract does not allow one."}},
  };
  return notes;
}

const char* test_type(chk::Category c) {
  switch (c) {
    case chk::Category::Decision:
      return "AabbDecisionTest";
    case chk::Category::Index:
      return "AabbIndexTest";
    case chk::Category::Class:
      return "AabbClassTest";
    case chk::Category::Times:
      return "AabbTimesTest";
    case chk::Category::Box:
      break;
  }
  return "AabbBoxTest";
}

/// Beside every `X_f64` of an eval answer, `X_f32`: the float nearest to the exact X.
Json exact_to_f32(const Json& exact) {
  if (exact.is_array()) {
    Json r = Json::array();
    for (const auto& x : exact) r.push_back(exact_to_f32(x));
    return r;
  }
  if (!exact.is_string()) return exact;  // null: no value
  const std::string text = exact.get<std::string>();
  if (text == "inf") return "inf";
  return ref::hex_f32(ref::parse_number(text, "expected").value().value);
}
Json with_f32(const Json& j) {
  if (!j.is_object()) return j;
  Json r = Json::object();
  for (auto it = j.begin(); it != j.end(); ++it) {
    r[it.key()] = with_f32(it.value());
    const std::string& key = it.key();
    if (key.size() > 4 && key.compare(key.size() - 4, 4, "_f64") == 0) {
      const std::string base = key.substr(0, key.size() - 4);
      r[base + "_f32"] = exact_to_f32(j.at(base));
    }
  }
  return r;
}

/// The invalid variants of an op's simple valid case: each breaks one rule of the contract.
std::vector<std::tuple<std::string, std::string, Json>> invalid_variants(const Json& query) {
  std::vector<std::tuple<std::string, std::string, Json>> out;
  // The first box (or sphere radius) made invalid.
  for (const char* field : {"box", "a", "stationary"}) {
    if (!query.contains(field)) continue;
    Json q = query;
    if (q[field].contains("max")) {
      q[field]["max"][0] = "-0x1p+3";
      out.emplace_back("max below min on axis 0", "Invalid", q);
    } else {
      q[field]["extent"][0] = "-0x1p+0";
      out.emplace_back("negative extent", "Invalid", q);
    }
    break;
  }
  if (query.contains("radius")) {
    Json q = query;
    q["radius"] = "-0x1p+0";
    out.emplace_back("negative radius", "Invalid", q);
  }
  if (query.contains("t_min")) {
    Json q = query;
    q["t_min"] = "0x1p+1", q["t_max"] = "0x1p+0";
    out.emplace_back("t_min > t_max", "Invalid", q);
  }
  // The first number of the query made NaN, then +infinity.
  for (const char* word : {"nan", "inf"}) {
    Json q = query;
    std::function<bool(Json&)> replace = [&](Json& j) {
      if (j.is_string()) {
        j = word;
        return true;
      }
      if (j.is_array() || j.is_object()) {
        for (auto& x : j)
          if (replace(x)) return true;
      }
      return false;
    };
    for (auto it = q.begin(); it != q.end(); ++it)
      if (it.key() != "op" && replace(it.value())) break;
    out.emplace_back(std::string("first number is ") + word, "NonFinite", q);
  }
  return out;
}

/// A deterministic stream per file: the user's seed mixed with the file's name (FNV-1a).
std::uint64_t file_seed(std::uint64_t seed, const std::string& name) {
  std::uint64_t h = 14695981039346656037ull ^ seed;
  for (const char c : name) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return h;
}

bool write_file(const std::filesystem::path& dir, const std::string& stem, const Json& file,
                std::string& failure) {
  const std::filesystem::path path = dir / (stem + ".json");
  const auto fail = [&] {
    const int error = errno;
    failure = path.string() + ": " + (error != 0 ? std::strerror(error) : "unknown error");
    return false;
  };
  errno = 0;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return fail();
  out << file.dump(1) << "\n";
  out.flush();
  if (!out) return fail();
  out.close();
  if (!out) return fail();
  return true;
}

namespace {

/// The shortest decimal string that reads back to the hex float `hex` in the type (f32 or f64),
/// or `hex` unchanged when it is not a hex float ("inf", "nan").
std::string shortest_decimal(const std::string& hex, bool f32) {
  const bool negative = hex.rfind("-0x", 0) == 0;
  if (hex.rfind("0x", 0) != 0 && !negative) return hex;
  char buf[64];
  const double x = std::strtod(hex.c_str(), nullptr);  // exact: the hex is representable
  const auto r = f32 ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(x))
                     : std::to_chars(buf, buf + sizeof buf, x);
  return std::string(buf, r.ptr);
}

/// Every hex float inside `j` as its shortest decimal string.
Json decimal_copy(const Json& j, bool f32) {
  if (j.is_string()) return shortest_decimal(j.get<std::string>(), f32);
  if (!j.is_structured()) return j;
  Json out = j;
  for (auto it = out.begin(); it != out.end(); ++it) *it = decimal_copy(*it, f32);
  return out;
}

}  // namespace

Json with_numbers(Json file, Numbers numbers, bool f32) {
  const char* name = numbers == Numbers::Hex ? "hex" : numbers == Numbers::Decimal ? "decimal" : "both";
  Json out;  // the same fields in the same order, "numbers" after "dimension"
  for (auto it = file.begin(); it != file.end(); ++it) {
    out[it.key()] = std::move(it.value());
    if (it.key() == "dimension") out["numbers"] = name;
  }
  if (numbers == Numbers::Hex) return out;
  for (auto& group : out["testGroups"])
    for (auto& test : group["tests"]) {
      Json t;
      for (auto it = test.begin(); it != test.end(); ++it) {
        if (it.key() == "input" && numbers == Numbers::Decimal) {
          t["input"] = decimal_copy(it.value(), f32);
          continue;
        }
        t[it.key()] = it.value();
        if (it.key() == "input") t["inputDecimal"] = decimal_copy(it.value(), f32);
      }
      test = std::move(t);
    }
  return out;
}

Json test_group(chk::Category category, const char* source, const std::string& description) {
  Json g;
  g["type"] = test_type(category);
  g["source"] = source;
  g["description"] = description;
  g["tests"] = Json::array();
  return g;
}

Json file_header(const std::string& algorithm, const std::string& op,
                 const std::string& type_name, std::size_t dimension, Numbers numbers) {
  const std::string fields = "Each test's input holds the fields of an `aabb-oracle eval` query for op \"" + op + "\"";
  return Json::array({
      "Test vectors for the AABB op \"" + algorithm + "\" over " + type_name + " (IEEE-754 binary" +
          (type_name == "f32" ? "32" : "64") + "), dimension " + std::to_string(dimension) +
          (dimension == 2 ? " (the C ABI's aabb2_ functions; generated, half-line and invalid groups only)." : "."),
      numbers == Numbers::Hex
          ? fields + "; every input number is a hex float exactly representable in " + type_name + "."
      : numbers == Numbers::Decimal
          ? fields + ", with every input number as the shortest decimal string that reads back to it in " +
                type_name + ": parse each into " + type_name +
                " with correct rounding (eval would read it as an exact decimal)."
          : fields + ", every input number a hex float exactly representable in " + type_name +
                "; inputDecimal holds the same numbers as the shortest decimal strings that read back to them in " +
                type_name + ".",
      "Expected results are exact: rationals as \"p/q\" strings, as `aabb-oracle eval` prints "
      "them, each with X_f64 (and in f32 files X_f32), the nearest value of that type (ties to "
      "even) as a hex float.",
      "result \"invalid\" means the exact reference rejects the input; expected.error is eval's "
      "error. Flags are computed from the exact inputs and answer (see notes, docs/vectors.md).",
  });
}

}  // namespace aabb::vectors
