#pragma once
/// Text helpers of check's reports: printf into a string, user text shortened for a message,
/// JSON and XML that stay valid UTF-8, long answers clipped for the terminal.

#include <cstddef>
#include <nlohmann/json.hpp>
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
