// Robustness target: reference::parse_number, the reader of every number the eval protocol
// accepts as a string (decimal, hex float, rational, inf/nan words; docs/eval.md "Numbers"), on
// arbitrary bytes. Besides never crashing or hanging, a number it reads must read back from its
// own exact text: parse_number(to_string(q)) == q (to_string writes "p/q", a valid input form).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "aabb/reference.hpp"

namespace ref = aabb::reference;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto r = ref::parse_number(text, "x");
  if (!r.ok()) {
    if (r.error().message.empty()) {
      std::fprintf(stderr, "parse_number: an error without a message for %.*s\n",
                   static_cast<int>(size), text.data());
      std::abort();
    }
    return 0;
  }
  if (r.value().kind != ref::NumberKind::Finite) return 0;
  const std::string back = ref::to_string(r.value().value);
  const auto again = ref::parse_number(back, "x");
  if (!again.ok() || again.value().kind != ref::NumberKind::Finite ||
      again.value().value != r.value().value) {
    std::fprintf(
        stderr,
        "\n==== aabb fuzz: VIOLATION ====\nop: parse_number\nclause: a number reads back from "
        "its exact text\ninput: %.*s\ntext: %s\n",
        static_cast<int>(size), text.data(), back.c_str());
    std::abort();
  }
  return 0;
}
