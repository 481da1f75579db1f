// Robustness target: the `aabb-oracle eval` line protocol (cli/, aabb::eval_line and
// aabb::eval_stream) on arbitrary bytes. Every non-blank input line must get exactly one answer
// line, in order; each answer must be one line of pure ASCII holding a valid JSON object with
// an "id", and either an "op" (an answer, ok) or an "error" whose kind is one of the protocol's
// six (docs/eval.md §5). Crashes, sanitizer reports, exceptions and hangs (libFuzzer's
// -timeout, eval_line.options) are findings too. The dictionary fuzz/dict/eval_line.dict holds
// the protocol's words, so mutations stay JSON-shaped.

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <string_view>

#include "aabb/eval.hpp"

namespace {

[[noreturn]] void fail(const std::string& what, std::string_view input, const std::string& output) {
  std::fprintf(stderr,
               "\n==== aabb fuzz: EVAL PROTOCOL VIOLATION ====\n"
               "op:     eval_line\n"
               "clause: %s\n"
               "input (%zu bytes): %.*s\n"
               "output: %s\n",
               what.c_str(), input.size(),
               static_cast<int>(std::min<std::size_t>(input.size(), 2000)), input.data(),
               output.c_str());
  std::abort();
}

/// A strict RFC 8259 checker, independent of the parser eval uses. It copies the text to `safe`
/// with every number literal replaced by 0, so that nlohmann (which rejects literals such as
/// 1e400 that overflow a double, valid JSON though they are) can read the structure after it.
class StrictJson {
 public:
  explicit StrictJson(std::string_view s) : s_(s) {}

  bool check() {
    ws();
    if (!value(0)) return false;
    ws();
    return i_ == s_.size();
  }
  const std::string& safe() const { return safe_; }

 private:
  bool value(int depth) {
    if (depth > 200 || i_ >= s_.size()) return false;
    const char c = s_[i_];
    if (c == '{') return object(depth);
    if (c == '[') return array(depth);
    if (c == '"') return string();
    if (c == '-' || (c >= '0' && c <= '9')) return number();
    for (std::string_view word : {"true", "false", "null"})
      if (s_.substr(i_, word.size()) == word) {
        take(word.size());
        return true;
      }
    return false;
  }
  /// An object or an array: the opening bracket, then items separated by commas up to `close`.
  template <class Item>
  bool sequence(char close, Item&& item) {
    take(1);
    ws();
    if (peek(close)) return take(1), true;
    for (;;) {
      ws();
      if (!item()) return false;
      ws();
      if (peek(close)) return take(1), true;
      if (!peek(',')) return false;
      take(1);
    }
  }
  bool object(int depth) {
    return sequence('}', [&] {
      if (!peek('"') || !string()) return false;
      ws();
      if (!peek(':')) return false;
      take(1);
      ws();
      return value(depth + 1);
    });
  }
  bool array(int depth) {
    return sequence(']', [&] { return value(depth + 1); });
  }
  bool string() {
    take(1);
    while (i_ < s_.size()) {
      const unsigned char c = s_[i_];
      if (c == '"') return take(1), true;
      if (c < 0x20) return false;
      if (c == '\\') {
        if (i_ + 1 >= s_.size()) return false;
        const char e = s_[i_ + 1];
        if (e == 'u') {
          if (i_ + 6 > s_.size()) return false;
          for (std::size_t k = 2; k < 6; ++k)
            if (!std::isxdigit(static_cast<unsigned char>(s_[i_ + k]))) return false;
          take(6);
          continue;
        }
        if (std::string_view("\"\\/bfnrt").find(e) == std::string_view::npos) return false;
        take(2);
        continue;
      }
      take(1);
    }
    return false;
  }
  bool number() {
    auto digits = [&] {
      const std::size_t from = i_;
      while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
      return i_ > from;
    };
    if (s_[i_] == '-') ++i_;
    if (i_ < s_.size() && s_[i_] == '0')
      ++i_;
    else if (!digits())
      return false;
    if (i_ < s_.size() && s_[i_] == '.') {
      ++i_;
      if (!digits()) return false;
    }
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
      if (!digits()) return false;
    }
    safe_ += '0';
    return true;
  }
  void ws() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r'))
      take(1);
  }
  bool peek(char c) const { return i_ < s_.size() && s_[i_] == c; }
  void take(std::size_t n) {
    safe_.append(s_.substr(i_, n));
    i_ += n;
  }

  std::string_view s_;
  std::size_t i_ = 0;
  std::string safe_;
};

bool is_kind(const nlohmann::json& k) {
  return k.is_string() &&
         (k == "parse" || k == "unknown_op" || k == "missing_field" || k == "invalid_input" ||
          k == "too_large" || k == "out_of_memory");
}

/// Checks one answer line against the protocol's shape; `ok` is eval_line's own flag.
void check_answer(std::string_view input, const std::string& out, bool ok) {
  if (out.empty()) fail("an answer is not empty", input, out);
  for (unsigned char c : out) {
    if (c == '\n' || c == '\r') fail("an answer is exactly one line", input, out);
    if (c >= 0x80) fail("an answer is pure ASCII", input, out);
  }
  StrictJson strict(out);
  if (!strict.check()) fail("an answer is valid JSON (RFC 8259)", input, out);
  const auto j = nlohmann::json::parse(strict.safe(), nullptr, false);
  if (j.is_discarded() || !j.is_object()) fail("an answer is a JSON object", input, out);
  if (!j.contains("id")) fail("an answer has an id", input, out);
  if (ok) {
    if (!j.contains("op") || !j["op"].is_string() || j.contains("error"))
      fail("an ok answer has an op and no error", input, out);
  } else {
    if (!j.contains("error") || !j["error"].is_object() || !is_kind(j["error"]["kind"]) ||
        !j["error"]["message"].is_string() || j["error"]["message"].get<std::string>().empty())
      fail("an error line has a known kind and a message", input, out);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);

  // The whole input as one line, as a library user would pass it.
  const aabb::EvalAnswer whole = aabb::eval_line(bytes);
  check_answer(bytes, whole.json, whole.ok);

  // The input as a stream of lines, as `aabb-oracle eval` reads it: one answer per non-blank line.
  std::istringstream in{std::string(bytes)};
  std::ostringstream out;
  const aabb::EvalSummary summary = aabb::eval_stream(in, out);
  std::size_t expected = 0;
  std::size_t begin = 0;
  while (begin < bytes.size()) {
    std::size_t end = bytes.find('\n', begin);
    if (end == std::string_view::npos) end = bytes.size();
    std::string_view line = bytes.substr(begin, end - begin);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!aabb::is_blank_line(line)) ++expected;
    begin = end + 1;
  }
  const std::string text = out.str();
  std::size_t lines = 0;
  for (char c : text) lines += c == '\n';
  if (lines != expected || summary.answered != expected || (!text.empty() && text.back() != '\n'))
    fail("one answer line per non-blank input line (" + std::to_string(expected) + " expected, " +
             std::to_string(lines) + " written)",
         bytes, text);
  if (summary.errors > summary.answered) fail("errors counted among the answers", bytes, text);
  return 0;
}
