// check's --html report (check/report.hpp): one self-contained page, no script or style fetched
// from anywhere. Each counterexample gets one picture per axis: every interval and point of the
// query, of the library's answer and of the exact answer on that axis, drawn on a number line
// zoomed onto the closest pair of distinct values, so that a one-ulp gap is as wide as any
// other. Values are labelled with their hex text (the exact fractions are in the JSON report).
// A 2D case (the aabb2_ symbols) also gets its plane, each axis zoomed the same way.

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "check/report.hpp"

namespace aabb::check::tool {

namespace {

std::string esc(const std::string& raw) { return xml_escape(raw); }

/// One thing drawn on an axis: an interval (lo < hi or lo == hi) or a point.
struct Mark {
  std::string label;  ///< "a", "library", "exact", "point", ...
  std::string lo_text, hi_text;
  long double lo = 0, hi = 0;
  bool point = false;
  int row = 0;
};

long double value_of(const Json& v) {
  if (v.is_number()) return v.get<long double>();
  if (!v.is_string()) return NAN;
  const std::string s = v.get<std::string>();
  if (s == "inf" || s == "+inf") return INFINITY;
  if (s == "-inf") return -INFINITY;
  // An exact answer's fraction "p/q": long double holds both ends (up to 2^16383) to 64 bits.
  if (const auto slash = s.find('/'); slash != std::string::npos)
    return std::strtold(s.substr(0, slash).c_str(), nullptr) / std::strtold(s.substr(slash + 1).c_str(), nullptr);
  return std::strtold(s.c_str(), nullptr);
}

std::string text_of(const Json& v) { return v.is_string() ? v.get<std::string>() : dump(v); }

/// The marks of axis i: boxes ({min, max}, {center, extent}, {lo, hi} answers, {min_f64,
/// max_f64} exact answers) as intervals, and vectors named as positions as points.
void collect(const Json& j, const std::string& name, std::size_t i, std::vector<Mark>& marks) {
  if (!j.is_object()) return;
  const auto box = [&](const char* lo_key, const char* hi_key) {
    if (!j.contains(lo_key) || !j.contains(hi_key) || !j[lo_key].is_array() || j[lo_key].size() <= i) return;
    Mark m{name, text_of(j[lo_key][i]), text_of(j[hi_key][i])};
    m.lo = value_of(j[lo_key][i]);
    m.hi = value_of(j[hi_key][i]);
    // An exact box: drawn at its fractions, labelled with the nearest doubles (readable).
    if (j.contains("min_f64") && j.contains("max_f64") && j["min_f64"].size() > i) {
      m.lo_text = "~" + text_of(j["min_f64"][i]);
      m.hi_text = "~" + text_of(j["max_f64"][i]);
    }
    marks.push_back(m);
  };
  box("min", "max");
  box("lo", "hi");
  if (j.contains("center") && j.contains("extent") && j["center"].is_array() && j["center"].size() > i) {
    const long double c = value_of(j["center"][i]), e = value_of(j["extent"][i]);
    Mark m{name, "c-e (" + text_of(j["center"][i]) + " - " + text_of(j["extent"][i]) + ")", "c+e"};
    m.lo = c - e;
    m.hi = c + e;
    marks.push_back(m);
  }
  for (const char* key : {"point", "origin", "out", "p"}) {
    if (!j.contains(key) || !j[key].is_array() || j[key].size() <= i || j[key][i].is_array()) continue;
    Mark m{name + " " + key, text_of(j[key][i]), ""};
    m.lo = m.hi = value_of(j[key][i]);
    m.point = true;
    marks.push_back(m);
  }
  for (const auto& [k, v] : j.items())
    if (v.is_object()) collect(v, name == "query" ? k : name + "." + k, i, marks);
}

/// The zoom of one axis: centred on the closest pair of distinct finite values of the marks and
/// scaled so that their gap is 80 px (or, when every value is within 8 such gaps, fitting them
/// all); `px` maps a value into [lo - 10, hi + 10] of a view from lo to hi, infinities to its ends.
struct Zoom {
  long double centre = 0, gap = 1;

  explicit Zoom(const std::vector<Mark>& marks) {
    std::vector<long double> xs;
    for (const auto& m : marks)
      for (long double x : {m.lo, m.hi})
        if (std::isfinite(x)) xs.push_back(x);
    std::sort(xs.begin(), xs.end());
    xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
    if (!xs.empty()) centre = xs[xs.size() / 2];
    if (xs.size() >= 2) {
      gap = INFINITY;
      for (std::size_t k = 1; k < xs.size(); ++k)
        if (xs[k] - xs[k - 1] < gap) {
          gap = xs[k] - xs[k - 1];
          centre = xs[k - 1] + gap / 2;
        }
      // Everything fits when the values are not much farther apart than their closest pair.
      const long double span = xs.back() - xs.front();
      if (span <= gap * 8) {
        centre = xs.front() + span / 2;
        gap = span / 4;
      }
    }
    if (!(gap > 0) || !std::isfinite(gap)) gap = 1;
  }
  [[nodiscard]] double px(long double x, double lo, double hi) const {
    if (x == INFINITY) return hi + 10;
    if (x == -INFINITY) return lo - 10;
    const long double p = (lo + hi) / 2 + (x - centre) / gap * 80;
    return static_cast<double>(std::clamp<long double>(p, lo - 10, hi + 10));
  }
};

std::string css_class(const std::string& label) {
  return label.find("library") != std::string::npos ? "library"
         : label.find("exact") != std::string::npos ? "exact"
                                                    : "input";
}

/// The SVG of one axis: the marks on a number line zoomed by Zoom; marks beyond the view are
/// cut at its edge with an arrow.
std::string axis_svg(std::vector<Mark> marks, std::size_t axis) {
  const Zoom zoom(marks);
  const long double gap = zoom.gap;
  constexpr double width = 720, left = 20, right = 700, row_height = 34;
  const auto px = [&](long double x) { return zoom.px(x, left, right); };
  const double height = row_height * static_cast<double>(marks.size()) + 30;
  std::ostringstream s;
  s << "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"axis\" data-axis=\"" << axis << "\" width=\"" << width
    << "\" height=\"" << height << "\" viewBox=\"0 0 " << width << " " << height << "\">";
  s << "<text x=\"4\" y=\"14\" class=\"axis-name\">axis " << axis << " (80 px = "
    << format("%.3Lg", gap) << ")</text>";
  for (std::size_t r = 0; r < marks.size(); ++r) {
    const Mark& m = marks[r];
    const double y = 24 + row_height * static_cast<double>(r);
    const double a = px(m.lo), b = px(m.hi);
    const std::string cls = css_class(m.label);
    if (m.point) {
      s << "<circle class=\"" << cls << "\" cx=\"" << a << "\" cy=\"" << y + 8 << "\" r=\"5\"/>";
    } else {
      s << "<rect class=\"" << cls << "\" x=\"" << std::min(a, b) << "\" y=\"" << y << "\" width=\""
        << std::max(2.0, std::fabs(b - a)) << "\" height=\"16\"/>";
    }
    if (a < left || b > right)
      s << "<text x=\"" << (a < left ? left - 8 : right - 8) << "\" y=\"" << y + 12 << "\">&#8596;</text>";
    s << "<text class=\"label\" x=\"" << left << "\" y=\"" << y + 29 << "\">" << esc(m.label) << ": "
      << esc(m.lo_text) << (m.point ? "" : " .. " + esc(m.hi_text)) << "</text>";
  }
  s << "</svg>";
  return s.str();
}

/// The plane of a 2D case: every box of the query and of both answers as a rectangle, points as
/// dots, the query's triangle as a polygon and its ray as a half-line from the origin, each axis
/// zoomed as its number line is (so the two scales differ); y grows upwards.
std::string plane_svg(const std::vector<Mark>& xs, const std::vector<Mark>& ys, const Json& query) {
  const Zoom zx(xs), zy(ys);
  constexpr double width = 720, height = 420, left = 20, right = 700, top = 24, bottom = 400;
  const auto px = [&](long double x) { return zx.px(x, left, right); };
  const auto py = [&](long double y) { return top + bottom - zy.px(y, top, bottom); };
  std::ostringstream s;
  s << "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plane\" width=\"" << width << "\" height=\"" << height
    << "\" viewBox=\"0 0 " << width << " " << height << "\">";
  s << "<text x=\"4\" y=\"14\" class=\"axis-name\">the plane (80 px = " << format("%.3Lg", zx.gap) << " on x, "
    << format("%.3Lg", zy.gap) << " on y)</text>";
  for (std::size_t k = 0; k < xs.size() && k < ys.size(); ++k) {
    const Mark &mx = xs[k], &my = ys[k];
    const std::string cls = css_class(mx.label);
    if (mx.point) {
      s << "<circle class=\"" << cls << "\" cx=\"" << px(mx.lo) << "\" cy=\"" << py(my.lo) << "\" r=\"5\"/>";
      continue;
    }
    const double x0 = px(mx.lo), x1 = px(mx.hi), y0 = py(my.hi), y1 = py(my.lo);
    s << "<rect class=\"" << cls << " outline\" x=\"" << x0 << "\" y=\"" << y0 << "\" width=\""
      << std::max(2.0, x1 - x0) << "\" height=\"" << std::max(2.0, y1 - y0) << "\"><title>" << esc(mx.label)
      << "</title></rect>";
  }
  if (query.contains("triangle") && query["triangle"].is_array()) {
    s << "<polygon class=\"input outline\" points=\"";
    for (const auto& v : query["triangle"])
      if (v.is_array() && v.size() == 2) s << px(value_of(v[0])) << "," << py(value_of(v[1])) << " ";
    s << "\"><title>triangle</title></polygon>";
  }
  if (query.contains("origin") && query.contains("dir") && query["dir"].is_array() && query["dir"].size() == 2) {
    const double ox = px(value_of(query["origin"][0])), oy = py(value_of(query["origin"][1]));
    // The direction in pixels (each axis has its own scale); the line runs past the view.
    const long double dx = value_of(query["dir"][0]) / zx.gap, dy = -value_of(query["dir"][1]) / zy.gap;
    const long double norm = std::hypot(dx, dy);
    if (norm > 0 && std::isfinite(norm))
      s << "<line class=\"ray\" x1=\"" << ox << "\" y1=\"" << oy << "\" x2=\""
        << ox + static_cast<double>(dx / norm) * 2000 << "\" y2=\"" << oy + static_cast<double>(dy / norm) * 2000
        << "\"/>";
  }
  s << "</svg>";
  return s.str();
}

std::string figure(const Json& query, const Json& answer, const Json& exact) {
  std::size_t axes = 0;
  const std::function<void(const Json&)> dims = [&](const Json& j) {
    if (j.is_array() && !j.empty() && !j[0].is_array() && !j[0].is_object()) axes = std::max(axes, j.size());
    if (j.is_object() || j.is_array())
      for (const auto& v : j) dims(v);
  };
  dims(query);
  axes = std::min<std::size_t>(axes, 3);
  std::string out;
  std::vector<std::vector<Mark>> per_axis(axes);
  for (std::size_t i = 0; i < axes; ++i) {
    collect(query, "query", i, per_axis[i]);
    collect(answer, "library", i, per_axis[i]);
    collect(exact, "exact", i, per_axis[i]);
  }
  if (axes == 2) out += plane_svg(per_axis[0], per_axis[1], query);  // a 2D case: its plane first
  for (std::size_t i = 0; i < axes; ++i)
    if (!per_axis[i].empty()) out += axis_svg(per_axis[i], i);
  return out;
}

}  // namespace

std::string html_report(const RunReport& r) {
  std::ostringstream h;
  h << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>aabb-oracle check "
    << esc(r.implementation()) << "</title>\n<style>"
    << "body{font:14px sans-serif;margin:2em;max-width:64em}code{font-size:12px;word-break:break-all}"
    << "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}"
    << ".fail{color:#b00}.cx{border-top:1px solid #888;margin-top:1.5em}"
    << "rect.input{fill:#9bd}rect.library{fill:#e88}rect.exact{fill:#7c7;opacity:.8}"
    << "circle.input{fill:#36c}circle.library{fill:#c33}circle.exact{fill:#393}"
    << "svg text{font:11px monospace}.outline{fill-opacity:.35;stroke-width:1.5}"
    << "rect.input.outline,polygon.input{stroke:#36c}rect.library.outline{stroke:#c33}rect.exact.outline{stroke:#393}"
    << "polygon.input{fill:#9bd;fill-opacity:.35}line.ray{stroke:#36c;stroke-width:1.5}</style></head><body>\n";
  h << "<h1>aabb-oracle check</h1>\n<p>implementation <code>" << esc(r.implementation()) << "</code>, seed " << r.seed
    << ", boundary " << esc(r.boundary) << ", rays " << esc(r.ray)
    << (r.shard.empty() ? "" : ", shard " + esc(r.shard)) << "</p>\n";
  if (!r.error.empty()) h << "<p class=\"fail\">nothing was checked: " << esc(r.error) << "</p>\n";
  if (r.interrupted != 0)
    h << "<p class=\"fail\">interrupted by " << esc(check::signal_name(r.interrupted))
      << ": this report holds what was found before it</p>\n";
  h << "<table><tr><th>op</th><th>type</th><th>contract</th><th>cases</th><th>result</th></tr>\n";
  for (const auto& out : r.outcomes) {
    std::string result = out.status;
    if (out.status == "violations")
      for (const auto& [kind, n] : out.report["violations"].items())
        result += " " + kind + " &#215;" + std::to_string(n.get<std::uint64_t>());
    h << "<tr><td>" << esc(out.op) << "</td><td>" << out.type << "</td><td>" << esc(out.contract) << "</td><td>"
      << out.report.value("cases", std::uint64_t{0}) << "</td><td"
      << (out.status == "ok" || out.status == "probe" ? "" : " class=\"fail\"") << ">"
      << (out.status == "violations" ? result : esc(result)) << "</td></tr>\n";
  }
  h << "</table>\n";
  std::size_t n = 0;
  for (const auto& out : r.outcomes) {
    if (out.status != "violations") continue;
    for (const auto& ex : out.report["counterexamples"]) {
      ++n;
      const std::string line = ex["eval"].get<std::string>();
      const Json query = Json::parse(line, nullptr, false);
      const Json exact = ex.contains("exact") ? ex["exact"] : Json::object();
      const Json answer = ex["answer"].is_null() ? Json::object() : ex["answer"];
      h << "<section class=\"cx\" data-signature=\"" << esc(signature(out.op, out.type, ex["kind"].get<std::string>()))
        << "\">\n<h2>" << esc(out.op + " " + out.type + ": " + ex["kind"].get<std::string>())
        << (ex.value("role", "") == "worst" ? " (worst case, not shrunk)" : "") << "</h2>\n<p>"
        << esc(ex["detail"].get<std::string>()) << "</p>\n<p>replay: <code>echo '" << esc(line)
        << "' | aabb-oracle eval</code></p>\n<p>library: <code>" << esc(dump(answer)) << "</code></p>\n<p>exact: <code>"
        << esc(clip(dump(readable(exact)))) << "</code></p>\n"
        << figure(query, answer, exact) << "\n</section>\n";
    }
  }
  h << "<p id=\"count\">" << n << " counterexamples</p>\n</body></html>\n";
  return h.str();
}

}  // namespace aabb::check::tool
