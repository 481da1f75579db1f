// eval_line and eval_stream: the parsing rules and error messages of docs/eval.md, and
// robustness on arbitrary bytes (the fuzz target calls eval_line the same way).

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <random>
#include <sstream>
#include <string>

#include "aabb/eval.hpp"

namespace {

using aabb::eval_line;

const std::string kBox2 = R"("box": {"min": [0, 0], "max": [1, 1]})";
const std::string kRay = R"("op": "ray", )" + kBox2 + R"(, "origin": [0, 0], "dir": [1, 0])";

// The error line eval_line must give for a query with this id, kind and message.
std::string error_line(const std::string& id, const std::string& kind, const std::string& message) {
  return R"({"id": )" + id + R"(, "error": {"kind": ")" + kind + R"(", "message": )" +
         nlohmann::json(message).dump() + "}}";
}

// Checks that eval_line answers `line` with exactly `expected`, and that ok matches.
void check_answer(const std::string& line, const std::string& expected) {
  INFO("line: " << line);
  const aabb::EvalAnswer a = eval_line(line);
  CHECK(a.json == expected);
  CHECK(a.ok == (expected.find(R"("error": {"kind")") == std::string::npos));
}

// One bounds_of_sphere answer whose box is the single point `exact`, nearest double `f64`.
std::string point_box(const std::string& exact, const std::string& f64) {
  return R"({"id": null, "op": "bounds_of_sphere", "box": {"min": [")" + exact + R"(", "0"], "max": [")" +
         exact + R"(", "0"], "min_f64": [")" + f64 + R"(", "0x0p+0"], "max_f64": [")" + f64 +
         R"(", "0x0p+0"]}})";
}
std::string sphere_at(const std::string& x) {
  return R"({"op": "bounds_of_sphere", "center": [)" + x + R"(, 0], "radius": 0})";
}

std::string nested_arrays(std::size_t depth) {
  return std::string(depth, '[') + std::string(depth, ']');
}

}  // namespace

TEST_CASE("eval_line reads numbers exactly") {
  SECTION("a JSON number literal is the exact decimal it spells") {
    check_answer(sphere_at("0.1"), point_box("1/10", "0x1.999999999999ap-4"));
    check_answer(sphere_at("-2.5e-7"), point_box("-1/4000000", "-0x1.0c6f7a0b5ed8dp-22"));
  }
  SECTION("strings hold hex floats, decimals and rationals") {
    check_answer(sphere_at(R"("0x1.8p-3")"), point_box("3/16", "0x1.8p-3"));
    check_answer(sphere_at(R"("-2.5e-7")"), point_box("-1/4000000", "-0x1.0c6f7a0b5ed8dp-22"));
    check_answer(sphere_at(R"("-6/14")"), point_box("-3/7", "-0x1.b6db6db6db6dbp-2"));
  }
  SECTION("literals beyond the double range stay exact and round to infinity") {
    check_answer(sphere_at("1e309"), point_box("1" + std::string(309, '0'), "inf"));
    check_answer(sphere_at("-1" + std::string(400, '0')), point_box("-1" + std::string(400, '0'), "-inf"));
  }
  SECTION("literals below the double range stay exact") {
    check_answer(sphere_at("1e-400"), point_box("1/1" + std::string(400, '0'), "0x0p+0"));
  }
  SECTION("negative zero is zero") { check_answer(sphere_at("-0.0"), point_box("0", "0x0p+0")); }
  SECTION("exponents beyond the supported range are parse errors naming the field") {
    check_answer(sphere_at("1e100001"),
                 error_line("null", "parse",
                            R"(center[0]: "1e100001" is not a number (exponent beyond the supported range of +-100000))"));
    check_answer(sphere_at(R"("0x1p400001")"),
                 error_line("null", "parse",
                            R"(center[0]: "0x1p400001" is not a number (exponent beyond the supported range of +-400000))"));
  }
  SECTION("a string that is not a number is a parse error with the id echoed") {
    check_answer(R"({"id": "q", "op": "bounds_of_sphere", "center": ["1.2.3", 0], "radius": 0})",
                 error_line(R"("q")", "parse", R"(center[0]: "1.2.3" is not a number (unexpected character '.'))"));
  }
  SECTION("NaN and infinity are invalid input") {
    check_answer(sphere_at(R"("NaN")"), error_line("null", "invalid_input", "center[0]: NaN is not allowed"));
    check_answer(sphere_at(R"("Infinity")"),
                 error_line("null", "invalid_input", "center[0]: infinity is not allowed here"));
  }
  SECTION("t_max accepts any spelling of +infinity, and only that infinity") {
    const std::string unbounded = R"({"id": null, "op": "ray", "hit": true, "t_enter": "0", "t_enter_f64": "0x0p+0", "t_exit": "1", "t_exit_f64": "0x1p+0"})";
    for (const char* inf : {R"("inf")", R"("+inf")", R"("Infinity")", R"("+INF")"})
      check_answer("{" + kRay + R"(, "t_max": )" + inf + "}", unbounded);
    check_answer("{" + kRay + R"(, "t_max": "-Infinity"})",
                 error_line("null", "invalid_input",
                            "t_max: -infinity is not allowed (only +infinity, for an unbounded ray)"));
  }
}

TEST_CASE("eval_line echoes the id") {
  const std::string rest = R"("op": "contains", )" + kBox2 + R"(, "point": [0, 0]})";
  SECTION("numbers keep their literal text") {
    for (const char* id : {"-0", "1.0", "1E2", "0.1e-5", "123456789012345678901234567890", "1e999"})
      check_answer(std::string(R"({"id": )") + id + ", " + rest,
                   std::string(R"({"id": )") + id + R"(, "op": "contains", "contains": true})");
  }
  SECTION("strings are re-escaped to ASCII with the same value") {
    check_answer(R"({"id": "caf\u00e9 \/ é", )" + rest,
                 R"({"id": "caf\u00e9 / \u00e9", "op": "contains", "contains": true})");
  }
  SECTION("containers keep their order and use the output's separators") {
    check_answer(R"({"id":{"z":[1,{"a":null}],"a":false}, )" + rest,
                 R"({"id": {"z": [1, {"a": null}], "a": false}, "op": "contains", "contains": true})");
  }
  SECTION("a missing id is null") {
    check_answer("{" + rest, R"({"id": null, "op": "contains", "contains": true})");
  }
  SECTION("the id is echoed on an error found after it was read, even when it comes last") {
    check_answer(R"({"op": "contains", "point": [0, 0], "id": [7]})",
                 error_line("[7]", "missing_field", "box: missing"));
  }
}

TEST_CASE("eval_line rejects lines that are not one JSON object") {
  SECTION("a line that is not JSON has a null id") {
    check_answer(R"({"id": 1, "op": )",
                 error_line("null", "parse",
                            "line: parse error at line 1, column 17: syntax error while parsing value - "
                            "unexpected end of input; expected '[', '{', or a literal"));
  }
  SECTION("a JSON value that is not an object") {
    for (const char* line : {"[]", "1", "null", R"("op")", "true"})
      check_answer(line, error_line("null", "parse", "line: expected a JSON object"));
  }
  SECTION("nesting up to 64 levels is accepted and deeper is a parse error") {
    check_answer(R"({"id": )" + nested_arrays(63) + "}", error_line(nested_arrays(63), "missing_field", "op: missing"));
    check_answer(R"({"id": )" + nested_arrays(64) + "}",
                 error_line("null", "parse", "line: nesting deeper than 64 levels"));
  }
  SECTION("a very deep line is an error, not a stack overflow") {
    check_answer(std::string(1000000, '['), error_line("null", "parse", "line: nesting deeper than 64 levels"));
    CHECK_FALSE(eval_line(std::string(1000000, '{')).ok);
  }
  SECTION("duplicate keys are parse errors naming the key's path") {
    check_answer(R"({"id": {"x": 1, "x": 2}})", error_line("null", "parse", "id.x: duplicate key"));
    check_answer(R"({"id": [0, {"k": 1, "k": 2}]})", error_line("null", "parse", "id[1].k: duplicate key"));
    check_answer(R"({"a b": 1, "a b": 2})", error_line("null", "parse", R"(["a b"]: duplicate key)"));
  }
  SECTION("a NUL byte is not JSON, even after a complete object") {
    check_answer(std::string("{\"op\": \"x\"}\0tail", 16),
                 error_line("null", "parse", "line: NUL byte at column 12 is not valid JSON"));
  }
  SECTION("bytes that are not UTF-8 do not leak into the output") {
    const aabb::EvalAnswer a = eval_line("{\"id\": \"\xc3\x28\"}");
    CHECK_FALSE(a.ok);
    for (char c : a.json) CHECK(static_cast<unsigned char>(c) < 0x80);
    CHECK(a.json.find("\\ufffd") != std::string::npos);
  }
  SECTION("comments are not JSON") {
    CHECK_FALSE(eval_line(R"({"op": "contains"} // note)").ok);
    CHECK_FALSE(eval_line(R"(/* c */ {"op": "contains"})").ok);
  }
}

TEST_CASE("eval_line reports the first problem in contract order") {
  SECTION("op is checked before everything else, and must be a known string") {
    check_answer(R"({"id": 1, "a": 2})", error_line("1", "missing_field", "op: missing"));
    check_answer(R"({"id": 1, "op": null})", error_line("1", "invalid_input", "op: expected a string naming the operation"));
    check_answer(R"({"id": 1, "op": "Contains"})", error_line("1", "unknown_op", R"(op: unknown op "Contains")"));
    check_answer(R"({"op": ")" + std::string(100, 'x') + R"("})",
                 error_line("null", "unknown_op", R"(op: unknown op ")" + std::string(40, 'x') + R"(...")"));
  }
  SECTION("unknown fields are reported before missing ones") {
    check_answer(R"({"op": "contains", "bx": {}})", error_line("null", "invalid_input", R"(bx: unknown field for op "contains")"));
    check_answer(R"({"op": "contains", "": 1})", error_line("null", "invalid_input", R"([""]: unknown field for op "contains")"));
  }
  SECTION("fields are read in the contract's order, not the line's") {
    check_answer(R"({"op": "ray", "dir": "x", "origin": [0], )" + kBox2 + "}",
                 error_line("null", "invalid_input", "origin: expected an array of 2 or 3 numbers, got 1"));
  }
  SECTION("the first vector read fixes the dimension") {
    check_answer(R"({"op": "extreme_points", "points": [[0, 0, 0], [1, 1]], "dir": [1, 0]})",
                 error_line("null", "invalid_input", "points[1]: dimension 2 differs from the query's dimension 3"));
    check_answer(R"({"op": "ray", )" + kBox2 + R"(, "origin": [0, 0], "dir": [1, 0, 0]})",
                 error_line("null", "invalid_input", "dir: dimension 3 differs from the query's dimension 2"));
  }
  SECTION("a box has exactly one form, and each form its two keys") {
    check_answer(R"({"op": "contains", "box": {"center": [0, 0], "max": [1, 1]}, "point": [0, 0]})",
                 error_line("null", "invalid_input", "box: mixes min/max with center/extent (give one form)"));
    check_answer(R"({"op": "contains", "box": {"center": [0, 0]}, "point": [0, 0]})",
                 error_line("null", "missing_field", "box.extent: missing"));
    check_answer(R"({"op": "contains", "box": {}, "point": [0, 0]})",
                 error_line("null", "missing_field", "box.min: missing"));
    check_answer(R"({"op": "contains", "box": {"min": [0, 0], "max": [1, 1], "Min": [0, 0]}, "point": [0, 0]})",
                 error_line("null", "invalid_input",
                            "box.Min: unknown field in a box (a box has min and max, or center and extent)"));
  }
  SECTION("boxes are validated as they are read") {
    check_answer(R"({"op": "union", "a": {"min": [0, 0, 5], "max": [1, 1, 4]}, "b": 0})",
                 error_line("null", "invalid_input", "a.max[2] < a.min[2]"));
    check_answer(R"({"op": "union", "a": {"center": [0, 0], "extent": [0, "-1/3"]}, "b": 0})",
                 error_line("null", "invalid_input", "a.extent[1] < 0"));
  }
  SECTION("sweep motion: da or a_end, never both; a_end of the same form and size") {
    const std::string ab = R"("op": "sweep", "a": {"min": [0, 0], "max": [1, 1]}, "b": {"center": [5, 5], "extent": [1, 1]})";
    check_answer("{" + ab + R"(, "db": [1, 1], "b_end": {"center": [0, 0], "extent": [1, 1]}})",
                 error_line("null", "invalid_input", "db: give db or b_end, not both"));
    check_answer("{" + ab + R"(, "b_end": {"min": [0, 0], "max": [2, 2]}})",
                 error_line("null", "invalid_input", "b_end: form differs from b"));
    check_answer("{" + ab + R"(, "a_end": {"min": [0, 0], "max": [1, 2]}})",
                 error_line("null", "invalid_input", "a_end: size differs from a on axis 1"));
    check_answer("{" + ab + R"(, "a_end": {"min": [2, 0], "max": [1, 1]}})",
                 error_line("null", "invalid_input", "a_end.max[0] < a_end.min[0]"));
  }
  SECTION("hill_climb indices are non-negative integers within range") {
    const std::string pts = R"("op": "hill_climb", "points": [[0, 0]], "dir": [1, 0])";
    check_answer("{" + pts + R"(, "neighbors": [[]], "start": 1e30})",
                 error_line("null", "invalid_input", "start: index 1000000000000000000000000000000 out of range (1 points)"));
    check_answer("{" + pts + R"(, "neighbors": [[]], "start": 1e50})",
                 error_line("null", "invalid_input",
                            "start: index " + std::string("1") + std::string(39, '0') + "... out of range (1 points)"));
    check_answer("{" + pts + R"(, "neighbors": [[]], "start": "0"})",
                 error_line("null", "invalid_input", "start: expected a non-negative integer index"));
    check_answer("{" + pts + R"(, "neighbors": [[]], "start": -0.0})",
                 R"({"id": null, "op": "hill_climb", "value": "0", "value_f64": "0x0p+0", "indices": [0]})");
    check_answer("{" + pts + R"(, "neighbors": [0], "start": 0})",
                 error_line("null", "invalid_input", "neighbors[0]: expected an array of indices"));
    check_answer("{" + pts + R"(, "neighbors": {}, "start": 0})",
                 error_line("null", "invalid_input", "neighbors: expected an array of index lists, one per point"));
  }
}

TEST_CASE("eval_line answers every op in both dimensions") {
  SECTION("sweep of two centre-extent boxes uses seed 000's form and agrees with min-max") {
    const std::string ce = eval_line(R"({"op": "sweep", "a": {"center": [0, 0, 0], "extent": [1, 1, 1]}, "da": [6, 0, 0], "b": {"center": [1.5, 0, 0], "extent": [1, 1, 1]}})").json;
    const std::string mm = eval_line(R"({"op": "sweep", "a": {"min": [-1, -1, -1], "max": [1, 1, 1]}, "da": [6, 0, 0], "b": {"min": [0.5, -1, -1], "max": [2.5, 1, 1]}})").json;
    CHECK(ce == mm);
    CHECK(ce == R"({"id": null, "op": "sweep", "hit": true, "t_first": "0", "t_first_f64": "0x0p+0", "t_last": "7/12", "t_last_f64": "0x1.2aaaaaaaaaaabp-1"})");
  }
  SECTION("transform of a min-max box has no center and extent fields") {
    check_answer(R"({"op": "transform", "box": {"min": [0, 0], "max": [1, 1]}, "m": [[2, 0], [0, 2]], "t": [1, 1]})",
                 R"({"id": null, "op": "transform", "box": {"min": ["1", "1"], "max": ["3", "3"], "min_f64": ["0x1p+0", "0x1p+0"], "max_f64": ["0x1.8p+1", "0x1.8p+1"]}})");
  }
  SECTION("3d matrices have three rows of three") {
    check_answer(R"({"op": "transform", "box": {"min": [0, 0, 0], "max": [1, 1, 1]}, "m": [[1, 0, 0], [0, 1, 0]], "t": [0, 0, 0]})",
                 error_line("null", "invalid_input", "m: dimension 2 differs from the query's dimension 3"));
  }
}

TEST_CASE("eval_line never throws and always answers with one JSON object") {
  std::mt19937_64 rng(20240611);
  const std::vector<std::string> seeds = {
      R"({"id": 1, "op": "sweep", "a": {"min": [0, 0], "max": [1, 1]}, "da": [3, 0], "b": {"center": [2.5, 0.5], "extent": [0.5, 0.5]}})",
      R"({"id": [1], "op": "hill_climb", "points": [[0, 0], [1, 0]], "neighbors": [[1], [0]], "dir": ["1/3", 1e-9], "start": 1})",
      R"({"op": "transform", "box": {"center": [1, 0, 0], "extent": [1, 1, 1]}, "m": [[0.6, -0.8, 0], [0.8, 0.6, 0], [0, 0, 1]], "t": [0, 0, "0x1p-1074"]})",
      R"({"op": "ray", "box": {"min": [0, 0], "max": [1, 1]}, "origin": [0.5, -5], "dir": [0, 2], "t_max": "inf", "t_min": -1e400})",
  };
  using namespace std::string_literals;  // the specials include a NUL byte
  const std::string specials = "{}[]\",:\\0123456789-+.eExp/ \t\r\x00\xff\xc3nulltruefalse"s;
  auto check_shape = [](const std::string& line) {
    INFO("line bytes: " << nlohmann::json(line).dump(-1, ' ', true, nlohmann::json::error_handler_t::replace));
    aabb::EvalAnswer a;
    REQUIRE_NOTHROW(a = eval_line(line));
    REQUIRE(a.json.find('\n') == std::string::npos);
    const auto parsed = nlohmann::ordered_json::parse(a.json, nullptr, false);
    REQUIRE_FALSE(parsed.is_discarded());
    REQUIRE(parsed.is_object());
    REQUIRE(parsed.begin().key() == "id");
    CHECK(a.ok == !parsed.contains("error"));
    if (a.ok) CHECK(std::next(parsed.begin()).key() == "op");
  };
  for (int round = 0; round < 3000; ++round) {
    std::string line = seeds[rng() % seeds.size()];
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits && !line.empty(); ++e) {
      const std::size_t at = rng() % line.size();
      switch (rng() % 4) {
        case 0: line[at] = specials[rng() % specials.size()]; break;
        case 1: line.erase(at, 1 + rng() % 8); break;
        case 2: line.insert(at, 1, specials[rng() % specials.size()]); break;
        default: line[at] = static_cast<char>(rng() & 0xff); break;
      }
    }
    check_shape(line);
  }
  for (int round = 0; round < 500; ++round) {
    std::string bytes(rng() % 64, '\0');
    for (char& c : bytes) c = static_cast<char>(rng() & 0xff);
    check_shape(bytes);
  }
}

TEST_CASE("eval_stream") {
  SECTION("answers non-blank lines in order, removing a trailing carriage return") {
    std::istringstream in(
        "\n  \t\r\n{\"id\": 1, \"op\": \"nope\"}\r\n\r\n"
        "{\"id\": 2, \"op\": \"contains\", \"box\": {\"min\": [0, 0], \"max\": [1, 1]}, \"point\": [1, 1]}");
    std::ostringstream out;
    const aabb::EvalSummary s = aabb::eval_stream(in, out);
    CHECK(s.answered == 2);
    CHECK(s.errors == 1);
    CHECK(out.str() == error_line("1", "unknown_op", R"(op: unknown op "nope")") + "\n" +
                           R"({"id": 2, "op": "contains", "contains": true})" + "\n");
  }
  SECTION("blank means only spaces, tabs and carriage returns") {
    CHECK(aabb::is_blank_line(""));
    CHECK(aabb::is_blank_line(" \t\r "));
    CHECK_FALSE(aabb::is_blank_line("\f"));
    CHECK_FALSE(aabb::is_blank_line(std::string(1, '\0')));
  }
}

TEST_CASE("eval_stream stops at the first answer it cannot write") {
  const std::string query = sphere_at("1");
  std::istringstream in(query + "\n" + query + "\n" + query + "\n");
  std::ostream out(nullptr);  // no buffer: every write fails
  const aabb::EvalSummary s = aabb::eval_stream(in, out);
  CHECK(s.write_failed);
  CHECK(s.answered == 0);
  // Only the first line was read: nothing is answered into the void.
  CHECK(static_cast<std::size_t>(in.tellg()) == query.size() + 1);
}

TEST_CASE("eval_line's per-line limits") {
  SECTION("a line whose numbers exceed the bit budget is too_large, naming the field") {
    aabb::EvalLimits limits;
    limits.max_line_bits = 64;
    // 10^10 has 34 bits, its denominator 1 has 1: 35 bits each, 70 > 64 at center[1].
    const aabb::EvalAnswer a =
        eval_line(R"({"id": 7, "op": "bounds_of_sphere", "center": [1e10, 1e10], "radius": 0})", limits);
    CHECK_FALSE(a.ok);
    CHECK(a.json == error_line("7", "too_large",
                               "center[1]: the numbers of this line exceed 64 bits in all "
                               "(eval's limit per line)"));
    // Indices count too.
    CHECK(eval_line(R"({"op": "hill_climb", "points": [[0, 0]], "neighbors": [[1e100]], "dir": [1, 0], "start": 0})",
                    limits)
              .json == error_line("null", "too_large",
                                  "neighbors[0][0]: the numbers of this line exceed 64 bits in all "
                                  "(eval's limit per line)"));
    // Within the budget the same query is answered (the radius 0 is 1 + 1 bits more).
    limits.max_line_bits = 72;
    CHECK(eval_line(R"({"op": "bounds_of_sphere", "center": [1e10, 1e10], "radius": 0})", limits).ok);
  }
  SECTION("the default budget answers 600 KB of the most bit-hungry double spellings") {
    // "[1e308,5e-324]," is 15 bytes for 1,025 + 1,080 bits: 41,500 of them (620 KB) are 87
    // million bits, more than 2^26; the default of 2^28 leaves a margin of three.
    std::string points;
    for (int i = 0; i < 41500; ++i) points += i == 0 ? "[1e308,5e-324]" : ",[1e308,5e-324]";
    const aabb::EvalAnswer a = eval_line(R"({"op": "bounds_of_points", "points": [)" + points + "]}");
    CHECK(a.ok);
  }
}

TEST_CASE("eval_line caps every error message") {
  const auto message_of = [](const std::string& line) {
    const auto j = nlohmann::json::parse(eval_line(line).json);
    return j["error"]["message"].get<std::string>();
  };
  SECTION("a long key is cut where it is quoted") {
    const std::string message = message_of(R"({"id": 1, "op": "contains", ")" + std::string(10000, 'k') + R"(": 1})");
    CHECK(message == std::string(64, 'k') + R"(...: unknown field for op "contains")");
  }
  SECTION("a parser message quoting a megabyte keeps its start and ends with ...") {
    const std::string message = message_of(R"({"id": 1, "op": "contains", "box": ")" + std::string(1000000, 'x'));
    CHECK(message.size() == aabb::kMaxErrorMessageBytes);
    CHECK(message.rfind("line: ", 0) == 0);
    CHECK(message.substr(message.size() - 4) == "x...");
  }
}
