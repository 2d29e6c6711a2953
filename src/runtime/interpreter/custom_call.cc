// custom-call: looks the target up in the registry (custom_call_registry.h) and runs its
// kernel; an unknown target is an error that names it.
#include <unordered_map>

#include "runtime/interpreter/custom_call_registry.h"

namespace xpar {

CustomCallKernel FindCustomCall(std::string_view target) {
  static const auto* table = [] {
    auto* t = new std::unordered_map<std::string_view, CustomCallKernel>();
    for (auto family : {NeuronCustomCalls(), ShardingCustomCalls(), CheckCustomCalls(),
                        ByteirCustomCalls(), LapackCustomCalls(), LapackFfiCustomCalls()}) {
      for (const CustomCallEntry& e : family) t->emplace(e.target, e.kernel);
    }
    return t;
  }();
  auto it = table->find(target);
  return it == table->end() ? nullptr : it->second;
}

std::string_view UnquotedBackendConfig(const Instruction& inst) {
  std::string_view s = inst.attrs().backend_config;
  if (s.size() >= 2 && s.front() == '"' && s.back() == '"') s = s.substr(1, s.size() - 2);
  return s;
}

Expected<Literal> EvalCustomCall(const Instruction& inst, Operands ops, EvalContext& ctx) {
  const std::string& target = inst.attrs().custom_call_target;
  CustomCallKernel kernel = FindCustomCall(target);
  if (!kernel && (target.starts_with("lapack_") || target.starts_with("blas_"))) {
    return Unimplemented("custom-call target \"{}\" (a jaxlib LAPACK/BLAS kernel) is not "
                         "supported: of those the interpreter runs the legacy (api_version 2) "
                         "lapack_?potrf, lapack_?getrf, blas_?trsm and the FFI "
                         "lapack_?geqrf_ffi, lapack_?orgqr_ffi, lapack_?getrf_ffi, "
                         "lapack_?syevd_ffi, lapack_?gesdd_ffi", target);
  }
  if (!kernel) {
    return Unimplemented("custom-call target \"{}\" is not known to the interpreter", target);
  }
  return kernel(inst, ops, ctx);
}

}  // namespace xpar
