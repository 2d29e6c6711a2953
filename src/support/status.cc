// Status formatting.
#include "support/status.h"

namespace xpar {

const char* StatusCodeName(StatusCode code) {
  switch (code) {
    case StatusCode::kOk: return "ok";
    case StatusCode::kInvalidArgument: return "invalid argument";
    case StatusCode::kNotFound: return "not found";
    case StatusCode::kUnimplemented: return "unimplemented";
    case StatusCode::kFailedPrecondition: return "failed precondition";
    case StatusCode::kResourceExhausted: return "resource exhausted";
    case StatusCode::kInternal: return "internal error";
    case StatusCode::kIo: return "i/o error";
  }
  return "unknown";
}

std::string Status::ToString() const {
  if (ok()) return "ok";
  return message_;
}

Status Status::WithContext(const std::string& context) const {
  if (ok()) return *this;
  Status s(code_, context + message_);
  s.located_ = located_;
  return s;
}

Status Status::WithCode(StatusCode code) const {
  if (ok() || code == StatusCode::kOk) return *this;
  Status s(code, message_);
  s.located_ = located_;
  return s;
}

}  // namespace xpar
