// SCAFFOLD: replaced by the real verifier.
#include "ir/verifier.h"
namespace xpar {
Status VerifyModule(const Module&) { return Status::Ok(); }
}  // namespace xpar
