// The custom-call registry: a table from custom_call_target to kernel. Each family lists its
// targets in one function (no static registration objects); custom_call.cc joins the lists.
#pragma once

#include <span>
#include <string_view>

#include "runtime/interpreter/kernels.h"

namespace xpar {

using CustomCallKernel = Expected<Literal> (*)(const Instruction& inst, Operands ops,
                                               EvalContext& ctx);

struct CustomCallEntry {
  std::string_view target;
  CustomCallKernel kernel;
};

// custom_call_neuron.cc: the AwsNeuron* targets that PyTorch/XLA on Trainium and
// transformers_neuronx emit.
std::span<const CustomCallEntry> NeuronCustomCalls();
// custom_call_sharding.cc: Sharding, SPMDFullToShardShape, SPMDShardToFullShape and the
// identity annotations of JAX/XLA.
std::span<const CustomCallEntry> ShardingCustomCalls();
// custom_call_byteir.cc: ByteIR's byteir.softmax / log_softmax / layer_norm / gelu.
std::span<const CustomCallEntry> ByteirCustomCalls();
// custom_call_check.cc: check.expect_* / check.eq and interpreter.* test ops of StableHLO
// conformance files (results go to DeviceContext::check_log).
std::span<const CustomCallEntry> CheckCustomCalls();
// custom_call_lapack.cc: jaxlib's legacy LAPACK/BLAS kernels: ?potrf (Cholesky), ?getrf (LU), ?trsm.
std::span<const CustomCallEntry> LapackCustomCalls();
// custom_call_lapack_ffi.cc: jaxlib's typed-FFI LAPACK kernels: ?geqrf, ?orgqr (QR), ?getrf
// (LU), ?syevd (eigh), ?gesdd (SVD), through OpenBLAS's LAPACK; the legacy ?geqrf / ?orgqr.
std::span<const CustomCallEntry> LapackFfiCustomCalls();

// The kernel for `target`, or null when no family provides one.
CustomCallKernel FindCustomCall(std::string_view target);

// backend_config as text without surrounding quotes ("2" -> 2).
std::string_view UnquotedBackendConfig(const Instruction& inst);

}  // namespace xpar
