#pragma once
/// Text helpers of check's reports: printf into a string, user text shortened for a message,
/// JSON and XML that stay valid UTF-8, long answers clipped for the terminal.

#include <cstddef>
#include <nlohmann/json.hpp>
#include <ostream>
#include <streambuf>
#include <string>

namespace aabb::check::tool {

using Json = nlohmann::ordered_json;

/// printf into a std::string (every line of the report goes through std::cout, in order).
[[nodiscard]] std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

/// A user's text inside a message, cut so that one message stays one readable line.
[[nodiscard]] std::string shortened(const std::string& s, std::size_t keep = 40);

/// `s` as valid UTF-8: bytes that are not become U+FFFD (a path may hold any bytes; JSON and
/// XML reports must not).
[[nodiscard]] std::string valid_utf8(const std::string& s);

/// JSON text that is valid UTF-8 whatever the strings inside hold.
[[nodiscard]] std::string dump(const Json& j, int indent = -1);

/// `raw` as XML attribute or element text (valid UTF-8, control characters as spaces).
[[nodiscard]] std::string xml_escape(const std::string& raw);

/// `s` on one line: a newline or carriage return inside it (a path may hold them) as `\x0a`,
/// `\x0d`, so that a library's path or symbol cannot start a line of the text report.
[[nodiscard]] std::string one_line(const std::string& s);

/// `path` as a URI reference (RFC 3986): every byte but the unreserved characters and '/'
/// percent-encoded (SARIF's artifact locations).
[[nodiscard]] std::string uri_reference(const std::string& path);

/// While it lives, everything written to `stream` reaches the terminal as text only: control
/// characters (C0 but tab and newline, DEL, and C1 in UTF-8) as `\xNN`, and a line that
/// would start with "::" (after blanks: a GitHub Actions workflow command) with its first colon
/// as `\x3a`. check's text report prints library paths, symbol names and the details of
/// crashes through it, so that no library can move the cursor, recolour the log or issue a
/// workflow command through check.
class TerminalSafe : public std::streambuf {
 public:
  explicit TerminalSafe(std::ostream& stream);
  ~TerminalSafe() override;
  TerminalSafe(const TerminalSafe&) = delete;
  TerminalSafe& operator=(const TerminalSafe&) = delete;

 protected:
  int overflow(int ch) override;
  int sync() override;

 private:
  bool put(const std::string& s);
  bool put(char c);
  bool escaped(unsigned char c);
  void write_byte(unsigned char c);
  void flush_pending();
  bool ok_ = true;  ///< false once a write to the real stream failed (the stream goes bad then)
  std::ostream& stream_;
  std::streambuf* sink_;
  bool at_line_start_ = true;
  bool colon_ = false;       ///< a ':' held at the start of a line
  std::string indent_;       ///< blanks held at the start of a line
  unsigned char lead_ = 0;   ///< a 0xC2 held until the next byte
};

/// An exact eval answer arranged for reading: in every object the rounded `_f64` fields first,
/// then the rest; "id": null dropped; each exact number longer than 24 characters cut to its first
/// 16 and its length (the JSON report and a replay have them whole).
[[nodiscard]] Json readable(const Json& answer);

/// A line for the terminal: long exact answers are cut (the JSON report and a replay have them
/// whole).
[[nodiscard]] std::string clip(const std::string& s);

/// A finding's stable signature, "op-type-kind" with the kind in lower case and its spaces as
/// underscores ("overlap-f32-missed_hit", "ray-f64-nan_answer"): the same on every run, for
/// de-duplication (SARIF's ruleId and fingerprint, the JSON's counterexamples, the fuzz driver's
/// abort message).
[[nodiscard]] std::string signature(const std::string& op, const std::string& type, const std::string& kind);

}  // namespace aabb::check::tool
