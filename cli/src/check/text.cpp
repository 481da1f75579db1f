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
  std::string text = valid_utf8(raw);
  // U+FFFE and U+FFFF are valid UTF-8 but not XML characters (XML 1.0, production Char): U+FFFD.
  for (std::size_t at = 0; (at = text.find("\xEF\xBF", at)) != std::string::npos; at += 3)
    if (at + 2 < text.size() && (text[at + 2] == '\xBE' || text[at + 2] == '\xBF')) text[at + 2] = '\xBD';
  for (char c : text) {
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
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t' && c != '\r')
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

namespace aabb::check::tool {

std::string one_line(const std::string& s) {
  std::string r;
  for (const char c : s) {
    if (c == '\n')
      r += "\\x0a";
    else if (c == '\r')
      r += "\\x0d";
    else
      r += c;
  }
  return r;
}

std::string uri_reference(const std::string& path) {
  static const char* hex = "0123456789ABCDEF";
  std::string r;
  for (const char c : path) {
    const auto u = static_cast<unsigned char>(c);
    if ((u >= 'A' && u <= 'Z') || (u >= 'a' && u <= 'z') || (u >= '0' && u <= '9') || u == '-' || u == '.' ||
        u == '_' || u == '~' || u == '/') {
      r += c;
    } else {
      r += '%';
      r += hex[u >> 4];
      r += hex[u & 15];
    }
  }
  return r;
}

// ---- TerminalSafe ----------------------------------------------------------------------------

TerminalSafe::TerminalSafe(std::ostream& stream) : stream_(stream), sink_(stream.rdbuf()) {
  stream_.rdbuf(this);
}

TerminalSafe::~TerminalSafe() {
  flush_pending();
  sink_->pubsync();
  stream_.rdbuf(sink_);
}

bool TerminalSafe::put(const std::string& s) {
  const auto n = static_cast<std::streamsize>(s.size());
  return ok_ = ok_ && sink_->sputn(s.data(), n) == n;
}

bool TerminalSafe::put(char c) {
  return ok_ = ok_ && sink_->sputc(c) != traits_type::eof();
}

bool TerminalSafe::escaped(unsigned char c) {
  char b[8];
  std::snprintf(b, sizeof b, "\\x%02x", c);
  return put(std::string(b));
}

void TerminalSafe::flush_pending() {
  put(indent_);
  indent_.clear();
  if (colon_) put(':');
  colon_ = false;
  if (lead_ != 0) escaped(lead_);
  lead_ = 0;
}

int TerminalSafe::overflow(int ch) {
  if (ch == traits_type::eof()) return traits_type::not_eof(ch);
  write_byte(static_cast<unsigned char>(ch));
  return ok_ ? ch : traits_type::eof();
}

void TerminalSafe::write_byte(unsigned char c) {
  if (lead_ != 0) {  // after 0xC2: U+0080 to U+009F are C1 control characters (0x9B is CSI)
    const unsigned char lead = lead_;
    lead_ = 0;
    if (c >= 0x80 && c <= 0x9F) {
      escaped(lead);
      escaped(c);
      return;
    }
    put(static_cast<char>(lead));
  }
  if (at_line_start_) {
    // A line whose first non-blank characters are "::" is a GitHub Actions workflow command:
    // its first colon is written escaped, so that the line is only text.
    if ((c == ' ' || c == '\t') && !colon_) {
      indent_ += static_cast<char>(c);
      return;
    }
    if (c == ':' && !colon_) {
      colon_ = true;
      return;
    }
    put(indent_);
    indent_.clear();
    at_line_start_ = false;
    if (colon_) {
      colon_ = false;
      put(c == ':' ? std::string("\\x3a") : std::string(":"));
    }
  }
  if (c == '\n') {
    at_line_start_ = true;
    put('\n');
  } else if ((c < 0x20 && c != '\t') || c == 0x7F) {
    escaped(c);
  } else if (c == 0xC2) {
    lead_ = c;
  } else {
    put(static_cast<char>(c));
  }
}

int TerminalSafe::sync() { return ok_ && sink_->pubsync() == 0 ? 0 : -1; }

}  // namespace aabb::check::tool
