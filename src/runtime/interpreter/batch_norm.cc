// batch-norm-training / -inference / -grad with XLA's BatchNormExpander formulas. Statistics
// are accumulated in double whatever the element type (bf16/f16 round only on store).
#include <cmath>

#include "runtime/interpreter/kernels.h"

namespace xpar {
namespace {

// The operand viewed as [outer, features, inner] around feature_index.
struct FeatureView {
  int64_t outer = 1, features = 1, inner = 1;
  int64_t Feature(int64_t i) const { return (i / inner) % features; }
  int64_t PerFeatureCount() const { return outer * inner; }
};

// Also checks that operands [first, last) are per-feature vectors.
Expected<FeatureView> ViewOf(const Instruction& inst, Operands ops, size_t first, size_t last) {
  const Shape& shape = ops[0]->shape();
  const int64_t f = inst.attrs().feature_index;
  if (f < 0 || f >= shape.rank()) {
    return InvalidArgument("feature_index {} out of range for {}", f, shape.ToString(false));
  }
  FeatureView v;
  for (int64_t d = 0; d < shape.rank(); ++d) {
    if (d < f) v.outer *= shape.dim(d);
    if (d > f) v.inner *= shape.dim(d);
  }
  v.features = shape.dim(f);
  for (size_t i = first; i < last; ++i) {
    if (ops[i]->shape().rank() != 1 || ops[i]->ElementCount() != v.features) {
      return InvalidArgument("operand {} is {}, expected a vector of the {} features", i,
                             ops[i]->shape().ToString(false), v.features);
    }
  }
  return v;
}

std::vector<double> ToDoubles(const Literal& l) {
  std::vector<double> out(static_cast<size_t>(l.ElementCount()));
  for (int64_t i = 0; i < l.ElementCount(); ++i) out[i] = l.GetAsDouble(i);
  return out;
}

Literal FromDoubles(const Shape& shape, const std::vector<double>& v) {
  Literal out(shape);
  for (int64_t i = 0; i < out.ElementCount(); ++i) out.SetFromDouble(i, v[i]);
  return out;
}

// Per-feature mean and biased variance.
void Moments(const FeatureView& v, const std::vector<double>& x, std::vector<double>& mean,
             std::vector<double>& var) {
  mean.assign(v.features, 0.0);
  var.assign(v.features, 0.0);
  const double n = static_cast<double>(v.PerFeatureCount());
  for (size_t i = 0; i < x.size(); ++i) mean[v.Feature(i)] += x[i];
  for (double& m : mean) m /= n;
  for (size_t i = 0; i < x.size(); ++i) {
    double d = x[i] - mean[v.Feature(i)];
    var[v.Feature(i)] += d * d;
  }
  for (double& s : var) s /= n;
}

// y = (x - mean) * scale / sqrt(var + eps) + offset.
std::vector<double> Normalize(const FeatureView& v, const std::vector<double>& x,
                              const std::vector<double>& scale, const std::vector<double>& offset,
                              const std::vector<double>& mean, const std::vector<double>& var,
                              double eps) {
  std::vector<double> y(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    int64_t f = v.Feature(i);
    y[i] = (x[i] - mean[f]) * scale[f] / std::sqrt(var[f] + eps) + offset[f];
  }
  return y;
}

Expected<Literal> Training(const Instruction& inst, Operands ops) {
  ASSIGN_OR_RETURN(FeatureView v, ViewOf(inst, ops, 1, 3));
  std::vector<double> x = ToDoubles(*ops[0]), mean, var;
  Moments(v, x, mean, var);
  std::vector<double> y = Normalize(v, x, ToDoubles(*ops[1]), ToDoubles(*ops[2]), mean, var,
                                    inst.attrs().epsilon);
  const Shape& fshape = ops[1]->shape();
  std::vector<Literal> elems;
  elems.push_back(FromDoubles(ops[0]->shape(), y));
  elems.push_back(FromDoubles(fshape, mean));
  elems.push_back(FromDoubles(fshape, var));
  return Literal::Tuple(std::move(elems));
}

Expected<Literal> Inference(const Instruction& inst, Operands ops) {
  ASSIGN_OR_RETURN(FeatureView v, ViewOf(inst, ops, 1, 5));
  std::vector<double> y = Normalize(v, ToDoubles(*ops[0]), ToDoubles(*ops[1]),
                                    ToDoubles(*ops[2]), ToDoubles(*ops[3]), ToDoubles(*ops[4]),
                                    inst.attrs().epsilon);
  return FromDoubles(ops[0]->shape(), y);
}

// Operands (x, scale, mean, var, grad_y). With c = rsqrt(var + eps), N elements per feature:
//   grad_offset = sum(dy);  grad_scale = sum(dy * (x - mean)) * c
//   grad_x = scale * c / N * (N * dy - sum(dy) - (x - mean) * sum(dy * (x - mean)) * c^2)
Expected<Literal> Grad(const Instruction& inst, Operands ops) {
  ASSIGN_OR_RETURN(FeatureView v, ViewOf(inst, ops, 1, 4));
  if (!ops[4]->shape().Compatible(ops[0]->shape())) {
    return InvalidArgument("batch-norm-grad: grad_output shape differs from the operand's");
  }
  std::vector<double> x = ToDoubles(*ops[0]), scale = ToDoubles(*ops[1]);
  std::vector<double> mean = ToDoubles(*ops[2]), var = ToDoubles(*ops[3]);
  std::vector<double> dy = ToDoubles(*ops[4]);
  const double eps = inst.attrs().epsilon, n = static_cast<double>(v.PerFeatureCount());
  std::vector<double> sum_dy(v.features, 0.0), sum_dy_xc(v.features, 0.0), c(v.features);
  for (int64_t f = 0; f < v.features; ++f) c[f] = 1.0 / std::sqrt(var[f] + eps);
  for (size_t i = 0; i < x.size(); ++i) {
    int64_t f = v.Feature(i);
    sum_dy[f] += dy[i];
    sum_dy_xc[f] += dy[i] * (x[i] - mean[f]);
  }
  std::vector<double> dx(x.size()), dscale(v.features);
  for (size_t i = 0; i < x.size(); ++i) {
    int64_t f = v.Feature(i);
    dx[i] = scale[f] * c[f] / n *
            (n * dy[i] - sum_dy[f] - (x[i] - mean[f]) * sum_dy_xc[f] * c[f] * c[f]);
  }
  for (int64_t f = 0; f < v.features; ++f) dscale[f] = sum_dy_xc[f] * c[f];
  const Shape& fshape = ops[1]->shape();
  std::vector<Literal> elems;
  elems.push_back(FromDoubles(ops[0]->shape(), dx));
  elems.push_back(FromDoubles(fshape, dscale));
  elems.push_back(FromDoubles(fshape, sum_dy));
  return Literal::Tuple(std::move(elems));
}

}  // namespace

Expected<Literal> EvalBatchNorm(const Instruction& inst, Operands ops, EvalContext& ctx) {
  switch (inst.opcode()) {
    case Opcode::kBatchNormTraining:
      if (ops.size() != 3) return InvalidArgument("batch-norm-training takes 3 operands");
      return Training(inst, ops);
    case Opcode::kBatchNormInference:
      if (ops.size() != 5) return InvalidArgument("batch-norm-inference takes 5 operands");
      return Inference(inst, ops);
    case Opcode::kBatchNormGrad:
      if (ops.size() != 5) return InvalidArgument("batch-norm-grad takes 5 operands");
      return Grad(inst, ops);
    default:
      return Internal("EvalBatchNorm called for {}", HloOpcodeName(inst.opcode()));
  }
}

}  // namespace xpar
