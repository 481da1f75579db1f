// `aabb-oracle ops`: the op registry as text or JSON (docs/architecture.md, "The op registry").

#include "ops_command.hpp"

#include <cerrno>
#include <cstring>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "aabb/ops/registry.hpp"

namespace aabb::cli {
namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kOpsFooter = R"(The JSON document (--json), for scripts:
  {"format": "aabb-oracle-ops", "version": 1, "types": ["f32", "f64"],
   "ops": [{"name", "family", "summary",
            "fields": [{"name", "kind", "required", "note"}],   the eval query's fields
            "outputs": [{"name", "kind", "note"}],               the answer's fields, in order
            "invalid": [rule, ...],      op-specific invalid input (beside contract §1's rules)
            "variants": [{"name", "form", "abi", "symbols", "signature", "returns",
                          "default_contract"}],  one per C ABI function, check campaign and
                                                 vectors file (<name>_f32.json)
            "maps": [{"map", "effect"}]}]}       metamorphic maps the properties check)";

template <class Array>
Json strings(const Array& items) {
  Json out = Json::array();
  for (std::string_view s : items) out.push_back(std::string(s));
  return out;
}

Json variant_json(const ops::Variant& v) {
  Json symbols = Json::array();
  if (v.abi)
    for (const char* suffix : {"_f32", "_f64"}) symbols.push_back("aabb_" + std::string(v.name) + suffix);
  return Json{{"name", v.name},
              {"form", ops::name(v.form)},
              {"abi", v.abi},
              {"symbols", symbols},
              {"signature", v.signature},
              {"returns", v.returns},
              {"default_contract", v.contract}};
}

template <class Op>
Json op_json() {
  Json fields = Json::array(), outputs = Json::array(), variants = Json::array(), maps = Json::array();
  for (const ops::Field& f : Op::fields)
    fields.push_back({{"name", f.name}, {"kind", ops::name(f.kind)}, {"required", f.required}, {"note", f.note}});
  for (const ops::Output& o : Op::outputs)
    outputs.push_back({{"name", o.name}, {"kind", ops::name(o.kind)}, {"note", o.note}});
  for (const ops::Variant& v : Op::variants) variants.push_back(variant_json(v));
  for (const ops::Map& m : Op::maps) maps.push_back({{"map", m.map}, {"effect", m.effect}});
  return Json{{"name", Op::name},         {"family", Op::family},   {"summary", Op::summary},
              {"fields", fields},         {"outputs", outputs},     {"invalid", strings(Op::invalid)},
              {"variants", variants},     {"maps", maps}};
}

Json registry_json() {
  Json all = Json::array();
  ops::for_each_op([&]<class Op>() { all.push_back(op_json<Op>()); });
  return Json{{"format", "aabb-oracle-ops"}, {"version", 1}, {"types", {"f32", "f64"}}, {"ops", all}};
}

// "ray: box, origin, dir, t_min?, t_max? -> hit, t_enter, t_exit  [ray: ulps:1]"
template <class Op>
std::string op_line() {
  std::string line = std::string(Op::name) + ":";
  const char* sep = " ";
  for (const ops::Field& f : Op::fields) {
    line += sep + std::string(f.name) + (f.required ? "" : "?");
    sep = ", ";
  }
  line += " ->";
  sep = " ";
  for (const ops::Output& o : Op::outputs) {
    line += sep + std::string(o.name);
    sep = ", ";
  }
  line += "\n    C ABI and vectors:";
  sep = " ";
  for (const ops::Variant& v : Op::variants) {
    line += sep + std::string(v.name) + " (" + std::string(v.contract) + (v.abi ? "" : ", not in the C ABI") + ")";
    sep = ", ";
  }
  return line;
}

}  // namespace

std::string ops_help_footer() { return kOpsFooter; }

int run_ops_command(const OpsOptions& options) {
  errno = 0;
  if (options.json) {
    std::cout << registry_json().dump(2) << '\n';
  } else {
    ops::for_each_op([&]<class Op>() { std::cout << op_line<Op>() << '\n'; });
  }
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "aabb-oracle ops: cannot write the output: " << std::strerror(errno != 0 ? errno : EIO)
              << '\n';
    return 2;
  }
  return 0;
}

}  // namespace aabb::cli
