// `aabb-oracle vectors --out DIR`: the command line front end of the vectors library
// (aabb/vectors.hpp, cli/src/vectors/): its options and help text, the checks of their values,
// and the exit status.

#include "vectors_command.hpp"

#include <filesystem>
#include <iostream>
#include <string>

#include "aabb/ops/registry.hpp"
#include "aabb/vectors.hpp"

namespace aabb::cli {

// The help's footer; the list of files is the registry's variants (`aabb-oracle ops`).
std::string vectors_help_footer() {
  std::string names;
  ops::for_each_variant([&]<class Op>(const ops::Variant& v) { names += (names.empty() ? "" : ", ") + std::string(v.name); });
  std::string rest = "DIR/<op>_<type>.json for every op of the contract (" + names +
                     ") and type f32, f64, and the same for dimension 2 in DIR/2d/. Each test: tcId, comment, flags, input (an eval query's fields, hex floats "
                     "of the type), result (\"valid\"/\"invalid\") and expected (eval's exact answer, plus X_f32 "
                     "in f32 files). The same seed gives the same bytes.";
  std::string wrapped;  // lines of at most 90 columns, indented by two
  while (rest.size() > 88) {
    const std::size_t cut = rest.rfind(' ', 88);
    wrapped += "  " + rest.substr(0, cut) + "\n";
    rest = rest.substr(cut + 1);
  }
  return "Files (the full format is docs/vectors.md; the schema is vectors/aabb_vectors_schema_v1.json):\n" + wrapped +
         "  " + rest + "\nExit status: 0 written; 2 usage error (bad option value, DIR cannot be created or written).";
}

int run_vectors_command(const VectorsOptions& o) {
  namespace fs = std::filesystem;
  if (o.cases_per_group < 1 || o.cases_per_group > 100000) {
    std::cerr << "aabb-oracle vectors: --cases-per-group " << o.cases_per_group
              << ": must be between 1 and 100000\n";
    return 2;
  }
  if (o.out.empty()) {
    std::cerr << "aabb-oracle vectors: --out: empty directory name\n";
    return 2;
  }
  aabb::vectors::Numbers numbers;
  if (o.numbers == "hex")
    numbers = aabb::vectors::Numbers::Hex;
  else if (o.numbers == "decimal")
    numbers = aabb::vectors::Numbers::Decimal;
  else if (o.numbers == "both")
    numbers = aabb::vectors::Numbers::Both;
  else {
    std::cerr << "aabb-oracle vectors: --numbers: unknown form \"" << o.numbers.substr(0, 40)
              << "\" (hex, decimal or both)\n";
    return 2;
  }
  const fs::path dir(o.out);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) {
    std::cerr << "aabb-oracle vectors: --out " << o.out << ": cannot create the directory"
              << (ec ? ": " + ec.message() : std::string()) << "\n";
    return 2;
  }
  aabb::vectors::Report report;
  try {
    report = aabb::vectors::write({dir, o.seed, o.cases_per_group, numbers});
    if (!report.ok) {
      std::cerr << "aabb-oracle vectors: --out " << o.out << ": cannot write " << report.failure
                << "\n";
      return 2;
    }
  } catch (const std::exception& e) {
    std::cerr << "aabb-oracle vectors: internal error: " << e.what() << "\n";
    return 1;
  }
  std::cout << "aabb-oracle vectors: wrote " << report.files << " files, " << report.tests
            << " tests, to " << o.out << "\n";
  return 0;
}

}  // namespace aabb::cli
