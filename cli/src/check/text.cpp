// check's text helpers (check/text.hpp).

#include "check/text.hpp"

#include <cstdarg>
#include <cstdio>

namespace aabb::check::tool {

std::string format(const char* fmt, ...) {
  char small[512];
  va_list args;
  va_start(args, fmt);
  const int n = std::vsnprintf(small, sizeof small, fmt, args);
  va_end(args);
  if (n < 0) return "";
  if (static_cast<std::size_t>(n) < sizeof small)
    return std::string(small, static_cast<std::size_t>(n));
  std::string big(static_cast<std::size_t>(n) + 1, '\0');
  va_start(args, fmt);
  std::vsnprintf(big.data(), big.size(), fmt, args);
  va_end(args);
  big.resize(static_cast<std::size_t>(n));
  return big;
}

std::string shortened(const std::string& s, std::size_t keep) {
  return s.size() <= keep ? s : s.substr(0, keep) + "...";
}

std::string valid_utf8(const std::string& s) {
  const std::string quoted = Json(s).dump(-1, ' ', false, Json::error_handler_t::replace);
  return Json::parse(quoted).get<std::string>();
}

std::string dump(const Json& j, int indent) {
  return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}

std::string xml_escape(const std::string& raw) {
  std::string r;
  for (char c : valid_utf8(raw)) {
    switch (c) {
      case '<':
        r += "&lt;";
        break;
      case '>':
        r += "&gt;";
        break;
      case '&':
        r += "&amp;";
        break;
      case '"':
        r += "&quot;";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t')
          r += ' ';
        else
          r += c;
    }
  }
  return r;
}

Json readable(const Json& answer) {
  if (answer.is_string()) {
    const std::string v = answer.get<std::string>();
    if (v.size() <= 24) return answer;
    return v.substr(0, 16) + "...(" + std::to_string(v.size()) + " chars)";
  }
  if (answer.is_array()) {
    Json r = Json::array();
    for (const auto& x : answer) r.push_back(readable(x));
    return r;
  }
  if (!answer.is_object()) return answer;
  const auto rounded = [](const std::string& key) {
    return key.size() > 4 && key.compare(key.size() - 4, 4, "_f64") == 0;
  };
  Json r = Json::object();
  for (const auto& [k, v] : answer.items())
    if (rounded(k)) r[k] = v;
  for (const auto& [k, v] : answer.items())
    if (!rounded(k) && !(k == "id" && v.is_null())) r[k] = readable(v);
  return r;
}

std::string clip(const std::string& s) {
  if (s.size() <= 400) return s;
  return s.substr(0, 400) + "... (" + std::to_string(s.size() - 400) +
         " more characters; replay the line for all)";
}

std::string signature(const std::string& op, const std::string& type, const std::string& kind) {
  std::string k = kind;
  for (char& c : k)
    if (c >= 'A' && c <= 'Z')
      c = static_cast<char>(c - 'A' + 'a');  // "NaN answer" -> nan_answer
    else if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
      c = '_';
  return op + "-" + type + "-" + k;
}

}  // namespace aabb::check::tool
