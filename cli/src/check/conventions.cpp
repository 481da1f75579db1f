// check's --contract, --boundary and --ray, over any table of ops (check/conventions.hpp).

#include "check/conventions.hpp"

#include <algorithm>
#include <optional>

#include "check/text.hpp"

namespace aabb::check::tool {

namespace {

/// Parses "kind[:k]" for `op` (kinds: exact, conservative[:k], ulps:k) and checks that the kind
/// fits.
Contract parse_contract(const OpEntry& op, const std::string& text, const std::string& whole) {
  const auto colon = text.find(':');
  const std::string kind = text.substr(0, colon);
  std::optional<long> k;
  if (colon != std::string::npos) {
    const std::string digits = text.substr(colon + 1);
    if (digits.empty() ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
      throw UsageError{"--contract " + whole + ": k must be a non-negative integer, got \"" +
                       shortened(digits) + "\""};
    if (digits.size() > 9)
      throw UsageError{"--contract " + whole + ": k = " + shortened(digits) +
                       " is too large (at most 999999999)"};
    k = std::stol(digits);
  }
  Contract c;
  if (kind == "exact") {
    if (k) throw UsageError{"--contract " + whole + ": exact takes no k"};
    c = {Contract::Kind::Exact, std::nullopt};
  } else if (kind == "conservative") {
    c = {Contract::Kind::Conservative, k};
  } else if (kind == "ulps") {
    if (!k) throw UsageError{"--contract " + whole + ": ulps needs k, as in ulps:1"};
    c = {Contract::Kind::Ulps, k};
  } else {
    throw UsageError{"--contract " + whole + ": unknown contract \"" + shortened(kind) +
                     "\" (exact, conservative[:k], ulps:k)"};
  }
  if (op.category == Category::Index && c.kind != Contract::Kind::Exact)
    throw UsageError{"--contract " + whole + ": " + op.name +
                     " returns indices, whose only contract is exact"};
  if (op.category == Category::Class && c.kind != Contract::Kind::Exact)
    throw UsageError{"--contract " + whole + ": " + op.name +
                     " returns a class, whose only contract is exact"};
  if (op.category == Category::Decision && c.kind == Contract::Kind::Ulps)
    throw UsageError{"--contract " + whole + ": " + op.name +
                     " returns a decision (exact or conservative)"};
  if (op.category == Category::Decision && k)
    throw UsageError{"--contract " + whole + ": " + op.name +
                     " returns a decision; conservative takes no k"};
  return c;
}

}  // namespace

std::vector<const OpEntry*> find_ops(const std::vector<OpEntry>& table, const std::string& name) {
  std::vector<const OpEntry*> found;
  for (const auto& e : table)
    if (e.name == name) found.push_back(&e);  // the op in every dimension
  if (found.empty())
    for (const auto& e : table)
      if (e.label() == name) found.push_back(&e);  // name_2d: the 2D one alone
  return found;
}

std::string op_names(const std::vector<OpEntry>& table) {
  std::string s;
  for (const auto& e : table)
    if (e.dim == 3) s += (s.empty() ? "" : ", ") + e.name;
  return s;
}

Conventions parse_conventions(const std::vector<OpEntry>& table, const std::vector<std::string>& contracts,
                              const std::string& boundary, const std::string& ray) {
  Conventions c;
  for (const auto& e : table) c.contracts.push_back(e.fallback);
  for (const auto& spec : contracts) {
    const auto eq = spec.find('=');
    if (eq == std::string::npos)
      throw UsageError{"--contract " + shortened(spec) +
                       ": expected op=kind[:k], as in sweep=conservative:2"};
    const std::string name = spec.substr(0, eq);
    const std::vector<const OpEntry*> found = find_ops(table, name);
    if (found.empty())
      throw UsageError{"--contract " + shortened(spec) + ": unknown op \"" + shortened(name) +
                       "\" (ops: " + op_names(table) + ")"};
    for (const OpEntry* e : found)  // an op name sets the contract in both dimensions
      c.contracts[static_cast<std::size_t>(e - table.data())] =
          parse_contract(*e, spec.substr(eq + 1), shortened(spec));
  }
  if (boundary == "closed")
    c.boundary = ref::Boundary::Closed;
  else if (boundary == "strict")
    c.boundary = ref::Boundary::Strict;
  else if (boundary == "half-open")
    c.boundary = ref::Boundary::HalfOpen;
  else
    throw UsageError{"--boundary: unknown convention \"" + shortened(boundary) + "\" (closed, strict or half-open)"};
  for (std::size_t i = 0; i < table.size(); ++i)
    if (table[i].takes_boundary) c.contracts[i].boundary = c.boundary;
  if (ray == "half-line")
    c.half_line = true;
  else if (ray != "segment")
    throw UsageError{"--ray: unknown kind of ray \"" + shortened(ray) + "\" (segment or half-line)"};
  return c;
}

}  // namespace aabb::check::tool
