#pragma once
/// Result<T>: a value or an Error that names the offending field and the reason.

#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

namespace aabb {

/// The error kinds of the eval protocol (contract §3). The reference itself only ever
/// reports InvalidInput; the others come from reading a query (Parse, UnknownOp, MissingField)
/// or from eval's per-line limits (TooLarge: the numbers of a line exceed its bit budget;
/// OutOfMemory: answering it needed more memory than its cap, or than there was).
enum class ErrorKind { Parse, UnknownOp, MissingField, InvalidInput, TooLarge, OutOfMemory };

/// The protocol's name for a kind: "parse", "unknown_op", "missing_field", "invalid_input",
/// "too_large", "out_of_memory".
[[nodiscard]] constexpr const char* to_string(ErrorKind kind) noexcept {
  switch (kind) {
    case ErrorKind::Parse: return "parse";
    case ErrorKind::UnknownOp: return "unknown_op";
    case ErrorKind::MissingField: return "missing_field";
    case ErrorKind::InvalidInput: return "invalid_input";
    case ErrorKind::TooLarge: return "too_large";
    case ErrorKind::OutOfMemory: return "out_of_memory";
  }
  return "invalid_input";
}

/// Why an input has no answer. `message` starts with the field path (`a.max[1] < a.min[1]`).
struct Error {
  ErrorKind kind = ErrorKind::InvalidInput;
  std::string message;
  friend bool operator==(const Error&, const Error&) = default;
};

/// Shorthand for the reference's only error kind.
[[nodiscard]] inline Error invalid_input(std::string message) {
  return Error{ErrorKind::InvalidInput, std::move(message)};
}

/// Thrown by Result::value() when it holds an error: reading a value that does not exist is a
/// programming error, never a silent default.
class BadResultAccess : public std::logic_error {
 public:
  explicit BadResultAccess(const Error& e) : std::logic_error("no value: " + e.message) {}
};

/// A value, or the Error that explains why there is none.
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}  // NOLINT: implicit by design, like std::expected
  Result(Error error) : v_(std::move(error)) {}  // NOLINT

  /// Whether a value is held. There is deliberately no operator bool: on a Result<bool> it
  /// would read as the answer (`if (contains(box, p))` true for every valid box).
  [[nodiscard]] bool ok() const noexcept { return v_.index() == 0; }

  [[nodiscard]] const T& value() const& {
    if (!ok()) throw BadResultAccess(std::get<1>(v_));
    return std::get<0>(v_);
  }
  [[nodiscard]] T&& value() && {
    if (!ok()) throw BadResultAccess(std::get<1>(v_));
    return std::get<0>(std::move(v_));
  }
  [[nodiscard]] const Error& error() const {
    if (ok()) throw std::logic_error("Result holds a value, not an error");
    return std::get<1>(v_);
  }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }

 private:
  std::variant<T, Error> v_;
};

}  // namespace aabb
