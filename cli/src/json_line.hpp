#pragma once
/// One JSON Lines input line read into a small value tree that keeps every number literal's
/// exact text: `0.1` stays the text "0.1", so the query reader can take it as exactly 1/10.
/// Built on nlohmann's SAX parser; the tree is ours so that no number ever passes through a
/// double on its way to the reference.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "aabb/reference/result.hpp"

namespace aabb::eval_detail {

/// Deepest nesting of arrays and objects a line may have. Deeper lines are parse errors, so a
/// hostile line can neither exhaust the stack (the tree's destructor and dump recurse) nor
/// build a degenerate tree.
inline constexpr std::size_t kMaxDepth = 64;

struct JsonMember;

/// A parsed JSON value. Numbers keep their literal text; objects keep their members in input
/// order (duplicate keys are rejected while parsing).
struct JsonValue {
  enum class Type { Null, Boolean, Number, String, Array, Object };
  Type type = Type::Null;
  bool boolean = false;
  std::string text;  ///< a number's literal text, or a string's value (UTF-8)
  std::vector<JsonValue> items;
  std::vector<JsonMember> members;  ///< a named struct, not std::pair: JsonValue is incomplete here

  /// The member named `key`, or nullptr (also when this is not an object).
  [[nodiscard]] const JsonValue* find(std::string_view key) const;
};

/// One key and value of an object.
struct JsonMember {
  std::string key;
  JsonValue value;
};

/// Parses one line as a single JSON value. Errors have kind Parse and a message that starts
/// with `line:` or with the path of the offending key (`a.min: duplicate key`).
[[nodiscard]] Result<JsonValue> parse_json_line(std::string_view line);

/// The JSON text of a value with ", " and ": " separators, numbers as their literal text,
/// strings escaped to ASCII.
[[nodiscard]] std::string dump(const JsonValue& value);

/// A JSON string literal for `text`, escaped to ASCII; bytes that are not UTF-8 become U+FFFD.
[[nodiscard]] std::string quote(std::string_view text);

/// How a key appears in a field path: as itself when it is an identifier (`a.min`), otherwise
/// quoted in brackets (`a["two words"]`), shortened when very long.
[[nodiscard]] std::string path_join(std::string_view parent, std::string_view key);

}  // namespace aabb::eval_detail
