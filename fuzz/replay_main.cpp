// A main for the fuzz targets when they are built without libFuzzer (g++, MSVC, any engine-less
// build), as fmt's FMT_FUZZ_LINKMAIN does: runs LLVMFuzzerTestOneInput once on every file named
// on the command line, and on every file (recursively) of every directory named there. ctest
// uses it to replay each target's seed corpus and regression inputs.
//
// Fails (exit 1) when a named path does not exist, so a missing corpus directory cannot pass
// silently, and when no input at all was run. A violated contract aborts inside the target, as
// under libFuzzer.

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace fs = std::filesystem;

namespace {

bool run_file(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  if (!f) {
    std::fprintf(stderr, "replay: cannot read %s\n", p.c_str());
    return false;
  }
  const std::vector<char> bytes((std::istreambuf_iterator<char>(f)),
                                std::istreambuf_iterator<char>());
  // A fresh heap copy of exactly the input's size, so ASan sees reads past the end.
  std::vector<std::uint8_t> copy(bytes.begin(), bytes.end());
  std::fprintf(stderr, "replay: %s (%zu bytes)\n", p.c_str(), copy.size());
  LLVMFuzzerTestOneInput(copy.data(), copy.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t runs = 0;
  bool ok = true;
  for (int i = 1; i < argc; ++i) {
    const fs::path arg(argv[i]);
    if (arg.string().starts_with("-"))
      continue;  // libFuzzer flags (-runs=..., -dict=...) are ignored
    std::error_code ec;
    if (fs::is_directory(arg, ec)) {
      std::vector<fs::path> files;
      for (const auto& e : fs::recursive_directory_iterator(arg))
        if (e.is_regular_file() && e.path().filename().string()[0] != '.')
          files.push_back(e.path());
      std::sort(files.begin(), files.end());
      for (const auto& f : files) runs += run_file(f) ? 1 : 0;
    } else if (fs::is_regular_file(arg, ec)) {
      runs += run_file(arg) ? 1 : 0;
    } else {
      std::fprintf(stderr, "replay: %s does not exist\n", argv[i]);
      ok = false;
    }
  }
  std::fprintf(stderr, "replay: %zu inputs run\n", runs);
  if (runs == 0) {
    std::fprintf(stderr, "replay: no input was run (empty or missing corpus)\n");
    return 1;
  }
  return ok ? 0 : 1;
}
