// One JSON line into a JsonValue tree, with every number literal's text kept.

#include "json_line.hpp"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <unordered_set>

namespace aabb::eval_detail {
namespace {

using json = nlohmann::json;

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Whether `token` is exactly a JSON number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
bool is_json_number(std::string_view token) {
  std::size_t i = 0;
  const std::size_t n = token.size();
  auto digits = [&] {
    const std::size_t start = i;
    while (i < n && is_digit(token[i])) ++i;
    return i > start;
  };
  if (i < n && token[i] == '-') ++i;
  if (i < n && token[i] == '0') {
    ++i;
  } else if (!digits()) {
    return false;
  }
  if (i < n && token[i] == '.') {
    ++i;
    if (!digits()) return false;
  }
  if (i < n && (token[i] == 'e' || token[i] == 'E')) {
    ++i;
    if (i < n && (token[i] == '+' || token[i] == '-')) ++i;
    if (!digits()) return false;
  }
  return i == n;
}

// The number literals of a line, in order, and the line as nlohmann may safely read it.
//
// nlohmann reads every number literal into a double as well and rejects the line when that
// double overflows ("number overflow parsing '1e400'"), although 1e400 is a valid JSON number
// whose exact value the reference handles. Such literals are replaced, before nlohmann sees
// them, by a finite literal of the same length ("0.000"), so positions in error messages do not
// move; the SAX handler then takes the n-th number's text from `texts`, the original bytes.
// In valid JSON, digits and '-' outside strings occur only in numbers, and a number is a
// maximal run of [-+.eE0-9], so this scan and the parser see the same literals in the same
// order. Runs that are not exactly a JSON number are left alone: nlohmann rejects them.
struct NumberLiterals {
  std::vector<std::string_view> texts;
  std::string safe_line;  // set only when a literal was replaced
};

NumberLiterals scan_number_literals(std::string_view line) {
  NumberLiterals out;
  bool in_string = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (in_string) {
      if (c == '\\') ++i;  // the escaped byte cannot end the string; \uXXXX has no quote
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
      continue;
    }
    if (c != '-' && !is_digit(c)) continue;
    std::size_t j = i;
    while (j < line.size() && (is_digit(line[j]) || line[j] == '-' || line[j] == '+' ||
                               line[j] == '.' || line[j] == 'e' || line[j] == 'E'))
      ++j;
    const std::string_view token = line.substr(i, j - i);
    out.texts.push_back(token);
    if (is_json_number(token) && token.size() >= 3) {
      const std::string copy(token);
      if (std::isinf(std::strtod(copy.c_str(), nullptr))) {
        if (out.safe_line.empty()) out.safe_line.assign(line);
        std::string finite = "0." + std::string(token.size() - 2, '0');
        out.safe_line.replace(i, token.size(), finite);
      }
    }
    i = j - 1;
  }
  return out;
}

// nlohmann's what() without its "[json.exception.parse_error.101] " tag.
std::string without_tag(const char* what) {
  std::string_view m(what);
  if (!m.empty() && m.front() == '[') {
    if (auto close = m.find("] "); close != std::string_view::npos) m.remove_prefix(close + 2);
  }
  return std::string(m);
}

bool is_identifier(std::string_view key) {
  if (key.empty() || is_digit(key[0])) return false;
  for (char c : key)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  return true;
}

// Builds the JsonValue tree from nlohmann's SAX events.
class TreeBuilder final : public nlohmann::json_sax<json> {
 public:
  explicit TreeBuilder(const std::vector<std::string_view>& literals) : literals_(literals) {}

  bool null() override { return place(JsonValue{}) != nullptr; }
  bool boolean(bool val) override {
    JsonValue v;
    v.type = JsonValue::Type::Boolean;
    v.boolean = val;
    return place(std::move(v)) != nullptr;
  }
  bool number_integer(number_integer_t val) override { return number(std::to_string(val)); }
  bool number_unsigned(number_unsigned_t val) override { return number(std::to_string(val)); }
  bool number_float(number_float_t /*val*/, const string_t& s) override { return number(s); }
  bool string(string_t& val) override {
    JsonValue v;
    v.type = JsonValue::Type::String;
    v.text = std::move(val);
    return place(std::move(v)) != nullptr;
  }
  bool binary(binary_t& /*val*/) override { return fail("line: binary values are not JSON"); }

  bool start_object(std::size_t /*elements*/) override { return open(JsonValue::Type::Object); }
  bool key(string_t& val) override {
    Frame& f = frames_.back();
    if (!f.keys.insert(val).second) return fail(path_join(f.path, val) + ": duplicate key");
    f.pending_key = std::move(val);
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t /*elements*/) override { return open(JsonValue::Type::Array); }
  bool end_array() override { return close(); }

  bool parse_error(std::size_t /*position*/, const std::string& /*last_token*/,
                   const nlohmann::detail::exception& ex) override {
    return fail("line: " + without_tag(ex.what()));
  }

  [[nodiscard]] bool has_error() const { return error_.has_value(); }
  [[nodiscard]] const Error& error() const { return *error_; }
  [[nodiscard]] JsonValue take_root() { return std::move(root_); }

 private:
  struct Frame {
    JsonValue* value;
    std::string path;
    std::unordered_set<std::string> keys;
    std::string pending_key;
  };

  bool fail(std::string message) {
    if (!error_) error_ = Error{ErrorKind::Parse, std::move(message)};
    return false;
  }

  bool number(const std::string& fallback) {
    JsonValue v;
    v.type = JsonValue::Type::Number;
    v.text = count_ < literals_.size() ? std::string(literals_[count_]) : fallback;
    ++count_;
    return place(std::move(v)) != nullptr;
  }

  // The path of the value about to be placed in the innermost open container.
  [[nodiscard]] std::string child_path() const {
    if (frames_.empty()) return "";
    const Frame& f = frames_.back();
    if (f.value->type == JsonValue::Type::Array)
      return f.path + "[" + std::to_string(f.value->items.size()) + "]";
    return path_join(f.path, f.pending_key);
  }

  JsonValue* place(JsonValue v) {
    if (frames_.empty()) {
      root_ = std::move(v);
      return &root_;
    }
    Frame& f = frames_.back();
    if (f.value->type == JsonValue::Type::Array) {
      f.value->items.push_back(std::move(v));
      return &f.value->items.back();
    }
    f.value->members.push_back(JsonMember{std::move(f.pending_key), std::move(v)});
    return &f.value->members.back().value;
  }

  // Children are only appended to the innermost open container, so the pointers held by the
  // frames stay valid until their container closes.
  bool open(JsonValue::Type type) {
    if (frames_.size() >= kMaxDepth)
      return fail("line: nesting deeper than " + std::to_string(kMaxDepth) + " levels");
    std::string path = child_path();
    JsonValue v;
    v.type = type;
    JsonValue* placed = place(std::move(v));
    frames_.push_back(Frame{placed, std::move(path), {}, {}});
    return true;
  }

  bool close() {
    frames_.pop_back();
    return true;
  }

  const std::vector<std::string_view>& literals_;
  std::size_t count_ = 0;
  std::vector<Frame> frames_;
  JsonValue root_;
  std::optional<Error> error_;
};

void dump_to(const JsonValue& v, std::string& out) {
  switch (v.type) {
    case JsonValue::Type::Null: out += "null"; return;
    case JsonValue::Type::Boolean: out += v.boolean ? "true" : "false"; return;
    case JsonValue::Type::Number: out += v.text; return;
    case JsonValue::Type::String: out += quote(v.text); return;
    case JsonValue::Type::Array:
      out += '[';
      for (std::size_t i = 0; i < v.items.size(); ++i) {
        if (i > 0) out += ", ";
        dump_to(v.items[i], out);
      }
      out += ']';
      return;
    case JsonValue::Type::Object:
      out += '{';
      for (std::size_t i = 0; i < v.members.size(); ++i) {
        if (i > 0) out += ", ";
        out += quote(v.members[i].key);
        out += ": ";
        dump_to(v.members[i].value, out);
      }
      out += '}';
      return;
  }
}

}  // namespace

const JsonValue* JsonValue::find(std::string_view key) const {
  if (type != Type::Object) return nullptr;
  for (const auto& [k, v] : members)
    if (k == key) return &v;
  return nullptr;
}

Result<JsonValue> parse_json_line(std::string_view line) {
  // nlohmann treats a NUL byte as the end of the input; JSON allows none anywhere in the text.
  if (auto nul = line.find('\0'); nul != std::string_view::npos)
    return Error{ErrorKind::Parse,
                 "line: NUL byte at column " + std::to_string(nul + 1) + " is not valid JSON"};
  const NumberLiterals literals = scan_number_literals(line);
  const std::string_view text = literals.safe_line.empty() ? line : literals.safe_line;
  TreeBuilder builder(literals.texts);
  const bool ok = json::sax_parse(text.begin(), text.end(), &builder, json::input_format_t::json,
                                  /*strict=*/true, /*ignore_comments=*/false);
  if (builder.has_error()) return builder.error();
  if (!ok) return Error{ErrorKind::Parse, "line: not valid JSON"};
  return builder.take_root();
}

std::string dump(const JsonValue& value) {
  std::string out;
  dump_to(value, out);
  return out;
}

std::string quote(std::string_view text) {
  return json(std::string(text)).dump(-1, ' ', /*ensure_ascii=*/true, json::error_handler_t::replace);
}

std::string path_join(std::string_view parent, std::string_view key) {
  constexpr std::size_t kShown = 64;
  if (is_identifier(key)) {
    std::string shown(key.substr(0, kShown));
    if (key.size() > kShown) shown += "...";
    if (parent.empty()) return shown;
    return std::string(parent) + "." + shown;
  }
  std::string shown(key.substr(0, kShown));
  if (key.size() > kShown) shown += "...";
  return std::string(parent) + "[" + quote(shown) + "]";
}

}  // namespace aabb::eval_detail
