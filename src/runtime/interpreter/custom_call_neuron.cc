// The AwsNeuron* custom calls, with the evidence for each semantics choice from the corpus
// (/work/shared/corpus/hlo). All compute in double and round to the result type on store.
#include <cmath>
#include <numbers>
#include <string>

#include "runtime/interpreter/custom_call_registry.h"

namespace xpar {
namespace {

Expected<Literal> Unary(const Instruction& inst, Operands ops, double (*fn)(double)) {
  if (ops.size() != 1) {
    return InvalidArgument("{} takes one operand, got {}", inst.attrs().custom_call_target,
                           ops.size());
  }
  if (!IsFloating(ops[0]->type())) {
    return InvalidArgument("{} needs a floating-point operand", inst.attrs().custom_call_target);
  }
  Literal out(ops[0]->shape());
  for (int64_t i = 0; i < out.ElementCount(); ++i) out.SetFromDouble(i, fn(ops[0]->GetAsDouble(i)));
  return out;
}

double GeluErf(double x) { return 0.5 * x * (1.0 + std::erf(x / std::numbers::sqrt2)); }
// d/dx [x * Phi(x)] = Phi(x) + x * phi(x).
double GeluErfGrad(double x) {
  double cdf = 0.5 * (1.0 + std::erf(x / std::numbers::sqrt2));
  double pdf = std::exp(-0.5 * x * x) / std::sqrt(2.0 * std::numbers::pi);
  return cdf + x * pdf;
}
double GeluTanh(double x) {
  const double k = std::sqrt(2.0 / std::numbers::pi);
  return 0.5 * x * (1.0 + std::tanh(k * (x + 0.044715 * x * x * x)));
}

// AwsNeuronTransferWithStaticRing: a data-placement marker; the value passes unchanged
// (torch_xla/kahf__mlp__mini_mlp_single.hlo: one operand, result shape = operand shape).
Expected<Literal> TransferWithStaticRing(const Instruction& inst, Operands ops, EvalContext&) {
  if (ops.size() != 1) return InvalidArgument("AwsNeuronTransferWithStaticRing takes one operand");
  return *ops[0];
}

// AwsNeuronGelu is the exact (erf) GELU: it comes from torch_xla's GeluForwardImpl in BERT
// (torch_xla/wenb__bert_*.hlo, hidden_act="gelu" = F.gelu(approximate='none')), while the
// tanh approximation has its own target, AwsNeuronGeluApprxTanh (transformers_neuronx gpt2).
Expected<Literal> Gelu(const Instruction& inst, Operands ops, EvalContext&) {
  return Unary(inst, ops, GeluErf);
}
Expected<Literal> GeluApprxTanh(const Instruction& inst, Operands ops, EvalContext&) {
  return Unary(inst, ops, GeluTanh);
}

// AwsNeuronGeluBackward takes only the forward input x and returns gelu'(x); the caller
// multiplies by the incoming gradient (wenb__bert_pretrain_tp2_dp1_pp1_fwd_bwd.hlo:732-733:
// custom-call(%add.768) then multiply(%get-tuple-element.1122, %custom-call.76) with
// op_type="xla___op_GeluBackwardImpl"). No two-operand form appears in the corpus.
Expected<Literal> GeluBackward(const Instruction& inst, Operands ops, EvalContext&) {
  return Unary(inst, ops, GeluErfGrad);
}

// The normalised dimension from backend_config ("2"), or `fallback` when empty.
Expected<int64_t> ConfigDim(const Instruction& inst, int64_t rank, int64_t fallback) {
  std::string text(UnquotedBackendConfig(inst));
  int64_t dim = fallback;
  if (!text.empty()) {
    char* end = nullptr;
    dim = std::strtoll(text.c_str(), &end, 10);
    if (*end != '\0') {
      return InvalidArgument("{}: backend_config \"{}\" is not a dimension number",
                             inst.attrs().custom_call_target, text);
    }
  }
  if (dim < 0 || dim >= rank) {
    return InvalidArgument("{}: dimension {} out of range for rank {}",
                           inst.attrs().custom_call_target, dim, rank);
  }
  return dim;
}

// AwsNeuronRmsNorm(x, weight, eps) with backend_config = the hidden dimension: LLaMA's RMSNorm
// y = x * rsqrt(mean(x^2 over dim) + eps) * weight. Evidence: transformers_neuronx/
// wenb__llama_*.hlo pass (f32[4,1,4096], f32[4096], f32[] constant(1e-05)) with
// backend_config="2", and (f32[4096,1,4], f32[4096], eps) with backend_config="0" - the dim
// whose size matches the weight.
Expected<Literal> RmsNorm(const Instruction& inst, Operands ops, EvalContext&) {
  if (ops.size() != 3) return InvalidArgument("AwsNeuronRmsNorm takes (x, weight, eps)");
  const Shape& s = ops[0]->shape();
  ASSIGN_OR_RETURN(int64_t dim, ConfigDim(inst, s.rank(), s.rank() - 1));
  const int64_t len = s.dim(dim);
  if (ops[1]->ElementCount() != len || ops[2]->ElementCount() != 1) {
    return InvalidArgument("AwsNeuronRmsNorm: weight must have {} elements and eps be a scalar",
                           len);
  }
  const double eps = ops[2]->GetAsDouble(0);
  int64_t inner = 1;
  for (int64_t d = dim + 1; d < s.rank(); ++d) inner *= s.dim(d);
  const int64_t outer = len == 0 ? 0 : ops[0]->ElementCount() / (len * inner);
  Literal out(inst.shape().IsArray() ? inst.shape() : s);
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      double ss = 0;
      for (int64_t k = 0; k < len; ++k) {
        double v = ops[0]->GetAsDouble((o * len + k) * inner + i);
        ss += v * v;
      }
      const double r = 1.0 / std::sqrt(ss / static_cast<double>(len) + eps);
      for (int64_t k = 0; k < len; ++k) {
        int64_t at = (o * len + k) * inner + i;
        out.SetFromDouble(at, ops[0]->GetAsDouble(at) * r * ops[1]->GetAsDouble(k));
      }
    }
  }
  return out;
}

// AwsNeuronSoftmax(x), backend_config = the softmax dimension (last when empty), following the
// same backend_config convention as AwsNeuronRmsNorm; it does not occur in the corpus.
Expected<Literal> Softmax(const Instruction& inst, Operands ops, EvalContext&) {
  if (ops.size() != 1) return InvalidArgument("AwsNeuronSoftmax takes one operand");
  const Shape& s = ops[0]->shape();
  ASSIGN_OR_RETURN(int64_t dim, ConfigDim(inst, s.rank(), s.rank() - 1));
  const int64_t len = s.dim(dim);
  int64_t inner = 1;
  for (int64_t d = dim + 1; d < s.rank(); ++d) inner *= s.dim(d);
  const int64_t outer = len == 0 ? 0 : ops[0]->ElementCount() / (len * inner);
  Literal out(s);
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      auto at = [&](int64_t k) { return (o * len + k) * inner + i; };
      double mx = -INFINITY, sum = 0;
      for (int64_t k = 0; k < len; ++k) mx = std::max(mx, ops[0]->GetAsDouble(at(k)));
      for (int64_t k = 0; k < len; ++k) sum += std::exp(ops[0]->GetAsDouble(at(k)) - mx);
      for (int64_t k = 0; k < len; ++k) {
        out.SetFromDouble(at(k), std::exp(ops[0]->GetAsDouble(at(k)) - mx) / sum);
      }
    }
  }
  return out;
}

constexpr CustomCallEntry kNeuron[] = {
    {"AwsNeuronTransferWithStaticRing", TransferWithStaticRing},
    {"AwsNeuronGelu", Gelu},
    {"AwsNeuronGeluApprxTanh", GeluApprxTanh},
    {"AwsNeuronGeluBackward", GeluBackward},
    {"AwsNeuronRmsNorm", RmsNorm},
    {"AwsNeuronSoftmax", Softmax},
};

}  // namespace

std::span<const CustomCallEntry> NeuronCustomCalls() { return kNeuron; }

}  // namespace xpar
