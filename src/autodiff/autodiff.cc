// Differentiate: reverse mode over the entry computation (first commit: the interface links;
// the VJP rules follow in the vjp_*.cc files).
#include "autodiff/autodiff.h"

namespace xpar::autodiff {

Expected<std::unique_ptr<Module>> Differentiate(const Module& forward,
                                                const GradientRequest& request) {
  (void)request;
  return Unimplemented("autodiff: Differentiate is not built yet for module '{}'",
                       forward.name());
}

}  // namespace xpar::autodiff
