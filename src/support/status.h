// Errors as values: Status and Expected<T>, with RETURN_IF_ERROR / ASSIGN_OR_RETURN helpers.
// Never thrown across library boundaries; user input errors always come back as a Status.
#pragma once

#include <fmt/format.h>

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace xpar {

enum class StatusCode {
  kOk,
  kInvalidArgument,  // bad user input: malformed IR, impossible option
  kNotFound,
  kUnimplemented,  // valid input that xpar does not handle (yet); the message says what
  kFailedPrecondition,
  kResourceExhausted,  // out of memory / over a limit
  kInternal,           // a bug in xpar
  kIo,
};

const char* StatusCodeName(StatusCode code);

class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(StatusCode code, std::string message) : code_(code), message_(std::move(message)) {}
  static Status Ok() { return Status(); }
  // A diagnostic whose message names its place in a source file ("file:line:col: error: ..."
  // with the line and a caret, see SourceText::Error); reporters print it as it is.
  static Status Located(StatusCode code, std::string message) {
    Status s(code, std::move(message));
    s.located_ = code != StatusCode::kOk;
    return s;
  }

  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }
  // True when the message carries a source location (kept through WithContext and WithCode).
  bool located() const { return located_; }
  // "invalid argument: <message>", or the message alone for located diagnostics.
  std::string ToString() const;
  // Prepends context, e.g. "while evaluating %add.3: ".
  Status WithContext(const std::string& context) const;
  // The same error (message, location) under another code, e.g. a kernel's "resource exhausted"
  // kept when the error is located at the instruction that raised it.
  Status WithCode(StatusCode code) const;

 private:
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
  bool located_ = false;
};

template <typename... Args>
Status InvalidArgument(fmt::format_string<Args...> f, Args&&... args) {
  return Status(StatusCode::kInvalidArgument, fmt::format(f, std::forward<Args>(args)...));
}
template <typename... Args>
Status NotFound(fmt::format_string<Args...> f, Args&&... args) {
  return Status(StatusCode::kNotFound, fmt::format(f, std::forward<Args>(args)...));
}
template <typename... Args>
Status Unimplemented(fmt::format_string<Args...> f, Args&&... args) {
  return Status(StatusCode::kUnimplemented, fmt::format(f, std::forward<Args>(args)...));
}
template <typename... Args>
Status FailedPrecondition(fmt::format_string<Args...> f, Args&&... args) {
  return Status(StatusCode::kFailedPrecondition, fmt::format(f, std::forward<Args>(args)...));
}
template <typename... Args>
Status ResourceExhausted(fmt::format_string<Args...> f, Args&&... args) {
  return Status(StatusCode::kResourceExhausted, fmt::format(f, std::forward<Args>(args)...));
}
template <typename... Args>
Status Internal(fmt::format_string<Args...> f, Args&&... args) {
  return Status(StatusCode::kInternal, fmt::format(f, std::forward<Args>(args)...));
}
template <typename... Args>
Status IoError(fmt::format_string<Args...> f, Args&&... args) {
  return Status(StatusCode::kIo, fmt::format(f, std::forward<Args>(args)...));
}

// A value or the Status that explains why there is none.
template <typename T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : v_(std::move(value)) {}  // NOLINT: implicit by design
  Expected(Status status) : v_(std::move(status)) {  // NOLINT
    assert(!std::get<Status>(v_).ok() && "Expected built from an OK status");
  }

  bool ok() const { return std::holds_alternative<T>(v_); }
  explicit operator bool() const { return ok(); }
  const Status& status() const {
    static const Status kOk;
    return ok() ? kOk : std::get<Status>(v_);
  }
  T& value() & { return std::get<T>(v_); }
  const T& value() const& { return std::get<T>(v_); }
  T&& value() && { return std::get<T>(std::move(v_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T&& operator*() && { return std::move(*this).value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

 private:
  std::variant<T, Status> v_;
};

namespace internal {
inline Status AsStatus(Status s) { return s; }
template <typename T>
Status AsStatus(const Expected<T>& e) {
  return e.status();
}
}  // namespace internal

}  // namespace xpar

#define XPAR_CONCAT_INNER(a, b) a##b
#define XPAR_CONCAT(a, b) XPAR_CONCAT_INNER(a, b)

#define RETURN_IF_ERROR(expr)                                          \
  do {                                                                 \
    ::xpar::Status xpar_status_ = ::xpar::internal::AsStatus((expr)); \
    if (!xpar_status_.ok()) return xpar_status_;                       \
  } while (0)

#define XPAR_ASSIGN_OR_RETURN_IMPL(tmp, lhs, expr) \
  auto tmp = (expr);                               \
  if (!tmp.ok()) return tmp.status();              \
  lhs = std::move(tmp).value()

#define ASSIGN_OR_RETURN(lhs, expr) \
  XPAR_ASSIGN_OR_RETURN_IMPL(XPAR_CONCAT(xpar_expected_, __LINE__), lhs, expr)
