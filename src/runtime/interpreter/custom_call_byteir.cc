// ByteIR's `byteir.*` custom calls (the MHLO files of /work/shared/corpus/mhlo/byteir): softmax,
// log_softmax, layer_norm, gelu and nll_loss_forward, with the semantics of ByteIR's torch
// frontend, which emits them for aten._softmax, aten._log_softmax, aten.native_layer_norm,
// aten.gelu and aten.nll_loss_forward. Their MLIR
// `byteir_attrs = {...}` dictionary reaches the IR as frontend attributes, one per entry
// (stablehlo_parser.h): "axis" = "3" or "[2]", "epsilon" = "1e-05", "approximate" = "erf".
// All compute in double and round to the result type on store.
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "runtime/interpreter/custom_call_registry.h"

namespace xpar {
namespace {

// The value of one byteir_attrs entry, or null when absent.
const std::string* ByteirAttr(const Instruction& inst, std::string_view key) {
  for (const auto& [k, v] : inst.frontend_attributes()) {
    if (k == key) return &v;
  }
  return nullptr;
}

// "3", "[2]" or "[1,2]" -> the integers; negative axes count from the end.
Expected<std::vector<int64_t>> AxisList(const Instruction& inst, int64_t rank) {
  const std::string* text = ByteirAttr(inst, "axis");
  const std::string& target = inst.attrs().custom_call_target;
  if (text == nullptr) return InvalidArgument("{}: byteir_attrs has no 'axis'", target);
  std::vector<int64_t> axes;
  std::string cur;
  for (char c : *text + ",") {
    if (c == '[' || c == ']' || c == ' ') continue;
    if (c != ',') {
      cur += c;
      continue;
    }
    if (cur.empty()) continue;
    char* end = nullptr;
    int64_t a = std::strtoll(cur.c_str(), &end, 10);
    if (*end != '\0') return InvalidArgument("{}: axis '{}' is not an integer list", target, *text);
    if (a < 0) a += rank;
    if (a < 0 || a >= rank) return InvalidArgument("{}: axis {} out of range", target, cur);
    axes.push_back(a);
    cur.clear();
  }
  if (axes.empty()) return InvalidArgument("{}: empty axis", target);
  return axes;
}

Expected<double> FloatAttr(const Instruction& inst, std::string_view key) {
  const std::string* text = ByteirAttr(inst, key);
  if (text == nullptr) {
    return InvalidArgument("{}: byteir_attrs has no '{}'", inst.attrs().custom_call_target, key);
  }
  char* end = nullptr;
  double v = std::strtod(text->c_str(), &end);
  if (end == text->c_str() || *end != '\0') {
    return InvalidArgument("{}: {} '{}' is not a number", inst.attrs().custom_call_target, key,
                           *text);
  }
  return v;
}

// The element offsets of the rows that normalisation runs over: the input is viewed as
// [outer, len, inner] around the contiguous block of axes [first, last].
struct RowView {
  int64_t outer = 1, len = 1, inner = 1;
  int64_t At(int64_t o, int64_t k, int64_t i) const { return (o * len + k) * inner + i; }
};

Expected<RowView> ViewRows(const Shape& s, const std::vector<int64_t>& axes,
                           const std::string& target) {
  for (size_t i = 1; i < axes.size(); ++i) {
    if (axes[i] != axes[i - 1] + 1) {
      return Unimplemented("{}: axes must be consecutive and ascending", target);
    }
  }
  RowView v;
  for (int64_t d = 0; d < s.rank(); ++d) {
    if (d < axes.front()) v.outer *= s.dim(d);
    else if (d > axes.back()) v.inner *= s.dim(d);
    else v.len *= s.dim(d);
  }
  return v;
}

Expected<Literal> SoftmaxImpl(const Instruction& inst, Operands ops, bool log) {
  const std::string& target = inst.attrs().custom_call_target;
  if (ops.size() != 1 || !IsFloating(ops[0]->type())) {
    return InvalidArgument("{} takes one floating-point operand", target);
  }
  const Shape& s = ops[0]->shape();
  ASSIGN_OR_RETURN(std::vector<int64_t> axes, AxisList(inst, s.rank()));
  ASSIGN_OR_RETURN(RowView v, ViewRows(s, axes, target));
  const Literal& x = *ops[0];
  Literal out(s);
  for (int64_t o = 0; o < v.outer; ++o) {
    for (int64_t i = 0; i < v.inner; ++i) {
      double mx = -INFINITY, sum = 0;
      for (int64_t k = 0; k < v.len; ++k) mx = std::max(mx, x.GetAsDouble(v.At(o, k, i)));
      for (int64_t k = 0; k < v.len; ++k) sum += std::exp(x.GetAsDouble(v.At(o, k, i)) - mx);
      for (int64_t k = 0; k < v.len; ++k) {
        double shifted = x.GetAsDouble(v.At(o, k, i)) - mx;
        out.SetFromDouble(v.At(o, k, i), log ? shifted - std::log(sum) : std::exp(shifted) / sum);
      }
    }
  }
  return out;
}

// byteir.softmax(x) {axis = d : i64}: exp(x - max) / sum(exp(x - max)) along d.
Expected<Literal> Softmax(const Instruction& inst, Operands ops, EvalContext&) {
  return SoftmaxImpl(inst, ops, /*log=*/false);
}
// byteir.log_softmax(x) {axis = d : i64}: x - max - log(sum(exp(x - max))) along d.
Expected<Literal> LogSoftmax(const Instruction& inst, Operands ops, EvalContext&) {
  return SoftmaxImpl(inst, ops, /*log=*/true);
}

// byteir.layer_norm(x, weight, bias) {axis = [trailing dims], epsilon}: aten.native_layer_norm.
// y = (x - mean) * rstd * weight + bias over the axes, with the biased variance and
// rstd = 1 / sqrt(var + eps) (1 / (sqrt(var) + eps) under eps_outside_sqrt = true). The
// three-result form also returns mean and rstd, shaped like x with the axes kept as size 1.
Expected<Literal> LayerNorm(const Instruction& inst, Operands ops, EvalContext&) {
  const std::string& target = inst.attrs().custom_call_target;
  if (ops.size() != 3 || !IsFloating(ops[0]->type())) {
    return InvalidArgument("{} takes (x, weight, bias) with a floating-point x", target);
  }
  const Shape& s = ops[0]->shape();
  ASSIGN_OR_RETURN(std::vector<int64_t> axes, AxisList(inst, s.rank()));
  ASSIGN_OR_RETURN(double eps, FloatAttr(inst, "epsilon"));
  const std::string* outside = ByteirAttr(inst, "eps_outside_sqrt");
  const bool eps_outside = outside != nullptr && *outside == "true";
  ASSIGN_OR_RETURN(RowView v, ViewRows(s, axes, target));
  if (ops[1]->ElementCount() != v.len || ops[2]->ElementCount() != v.len) {
    return InvalidArgument("{}: weight and bias need {} elements", target, v.len);
  }
  const bool three = inst.shape().IsTuple();
  if (three && inst.shape().tuple_shapes().size() != 3) {
    return InvalidArgument("{}: expected one or three results", target);
  }
  Literal y(three ? inst.shape().tuple_shape(0) : inst.shape());
  Shape stat_shape = three ? inst.shape().tuple_shape(1) : Shape::Scalar(s.type());
  Literal mean_out(stat_shape), rstd_out(three ? inst.shape().tuple_shape(2) : stat_shape);
  if (y.ElementCount() != ops[0]->ElementCount() ||
      (three && (mean_out.ElementCount() != v.outer * v.inner ||
                 rstd_out.ElementCount() != v.outer * v.inner))) {
    return InvalidArgument("{}: result shapes do not match the input", target);
  }
  const Literal& x = *ops[0];
  for (int64_t o = 0; o < v.outer; ++o) {
    for (int64_t i = 0; i < v.inner; ++i) {
      double sum = 0, sq = 0;
      for (int64_t k = 0; k < v.len; ++k) sum += x.GetAsDouble(v.At(o, k, i));
      const double mean = sum / static_cast<double>(v.len);
      for (int64_t k = 0; k < v.len; ++k) {
        double d = x.GetAsDouble(v.At(o, k, i)) - mean;
        sq += d * d;
      }
      const double var = sq / static_cast<double>(v.len);
      const double rstd = eps_outside ? 1.0 / (std::sqrt(var) + eps) : 1.0 / std::sqrt(var + eps);
      for (int64_t k = 0; k < v.len; ++k) {
        double n = (x.GetAsDouble(v.At(o, k, i)) - mean) * rstd;
        y.SetFromDouble(v.At(o, k, i), n * ops[1]->GetAsDouble(k) + ops[2]->GetAsDouble(k));
      }
      if (three) {
        mean_out.SetFromDouble(o * v.inner + i, mean);
        rstd_out.SetFromDouble(o * v.inner + i, rstd);
      }
    }
  }
  if (!three) return y;
  std::vector<Literal> parts;
  parts.push_back(std::move(y));
  parts.push_back(std::move(mean_out));
  parts.push_back(std::move(rstd_out));
  return Literal::Tuple(std::move(parts));
}

// byteir.gelu(x) {approximate = "erf" | "tanh"}: aten.gelu; "none" and no attribute mean erf.
Expected<Literal> Gelu(const Instruction& inst, Operands ops, EvalContext&) {
  const std::string& target = inst.attrs().custom_call_target;
  if (ops.size() != 1 || !IsFloating(ops[0]->type())) {
    return InvalidArgument("{} takes one floating-point operand", target);
  }
  const std::string* mode = ByteirAttr(inst, "approximate");
  const bool tanh_form = mode != nullptr && *mode == "tanh";
  if (mode != nullptr && !tanh_form && *mode != "erf" && *mode != "none") {
    return InvalidArgument("{}: unknown approximate '{}'", target, *mode);
  }
  const double k = std::sqrt(2.0 / std::numbers::pi);
  Literal out(ops[0]->shape());
  for (int64_t i = 0; i < out.ElementCount(); ++i) {
    const double x = ops[0]->GetAsDouble(i);
    const double g = tanh_form ? 0.5 * x * (1.0 + std::tanh(k * (x + 0.044715 * x * x * x)))
                               : 0.5 * x * (1.0 + std::erf(x / std::numbers::sqrt2));
    out.SetFromDouble(i, g);
  }
  return out;
}

// byteir.nll_loss_forward(logp [N, C], target [N]) {ignore_index, reduction}:
// aten.nll_loss_forward without class weights. loss = -logp[i, target[i]] per row whose target is
// not ignore_index: per row under reduction 0 (none), summed under 2 (sum), summed and divided
// by the number of such rows under 1 (mean; NaN when there is none, as in PyTorch). The second
// result, total_weight, is that number.
Expected<Literal> NllLossForward(const Instruction& inst, Operands ops, EvalContext&) {
  const std::string& target = inst.attrs().custom_call_target;
  if (ops.size() != 2 || ops[0]->shape().rank() != 2 || !IsFloating(ops[0]->type()) ||
      ops[1]->shape().rank() != 1 || !IsInteger(ops[1]->type()) ||
      ops[1]->shape().dim(0) != ops[0]->shape().dim(0)) {
    return InvalidArgument("{} takes (logp [N, C] floating, target [N] integer)", target);
  }
  ASSIGN_OR_RETURN(double ignore, FloatAttr(inst, "ignore_index"));
  ASSIGN_OR_RETURN(double reduction, FloatAttr(inst, "reduction"));
  const int64_t n = ops[0]->shape().dim(0), c = ops[0]->shape().dim(1);
  const int64_t red = static_cast<int64_t>(reduction);
  if (!inst.shape().IsTuple() || inst.shape().tuple_shapes().size() != 2 || red < 0 || red > 2) {
    return InvalidArgument("{}: expected two results (loss, total_weight) and reduction 0, 1 or 2",
                           target);
  }
  Literal loss(inst.shape().tuple_shape(0)), weight(inst.shape().tuple_shape(1));
  if (loss.ElementCount() != (red == 0 ? n : 1) || weight.ElementCount() != 1) {
    return InvalidArgument("{}: result shapes do not match reduction {}", target, red);
  }
  double sum = 0;
  int64_t count = 0;
  for (int64_t i = 0; i < n; ++i) {
    const int64_t t = ops[1]->GetAsInt64(i);
    double v = 0;
    if (t != static_cast<int64_t>(ignore)) {
      if (t < 0 || t >= c) {
        return InvalidArgument("{}: target {} of row {} is outside [0, {})", target, t, i, c);
      }
      v = -ops[0]->GetAsDouble(i * c + t);
      sum += v;
      ++count;
    }
    if (red == 0) loss.SetFromDouble(i, v);
  }
  if (red == 1) loss.SetFromDouble(0, count > 0 ? sum / static_cast<double>(count) : NAN);
  if (red == 2) loss.SetFromDouble(0, sum);
  weight.SetFromDouble(0, static_cast<double>(count));
  std::vector<Literal> parts;
  parts.push_back(std::move(loss));
  parts.push_back(std::move(weight));
  return Literal::Tuple(std::move(parts));
}

constexpr CustomCallEntry kByteir[] = {
    {"byteir.softmax", Softmax},
    {"byteir.log_softmax", LogSoftmax},
    {"byteir.layer_norm", LayerNorm},
    {"byteir.gelu", Gelu},
    {"byteir.nll_loss_forward", NllLossForward},
};

}  // namespace

std::span<const CustomCallEntry> ByteirCustomCalls() { return kByteir; }

}  // namespace xpar
