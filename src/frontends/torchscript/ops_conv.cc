// Convolutions and batch normalisation of vision models: aten::_convolution, convolution,
// conv1d/2d/3d (padding as numbers or "same"/"valid"), conv_transpose1d/2d/3d, batch_norm (eval
// and training statistics). NC<spatial> layout as PyTorch has it, lowered to one convolution.
#include <fmt/format.h>

#include "frontends/torchscript/lowering.h"

namespace xpar::ts {
namespace {

// The arguments every convolution overload reduces to.
struct ConvArgs {
  Instruction* input = nullptr;
  Instruction* weight = nullptr;
  Instruction* bias = nullptr;  // nullptr: none
  std::vector<int64_t> stride, pad_low, pad_high, dilation, output_padding;
  bool transposed = false;
  int64_t groups = 1;
};

// A per-spatial-dimension list argument: one value for all dims, or one per dim.
Expected<std::vector<int64_t>> SpatialInts(Lowering& L, const Node& n, size_t i, size_t ns,
                                           const char* what) {
  ASSIGN_OR_RETURN(std::vector<int64_t> v, L.Ints(n, i));
  if (v.size() == 1 && ns > 1) v.assign(ns, v[0]);
  if (v.size() != ns) {
    return L.Error(n, fmt::format("{} has {} values for {} spatial dimensions", what, v.size(), ns));
  }
  return v;
}

// Padding as a list of numbers, or "valid" / "same" (conv*d's string overload).
Status ReadPadding(Lowering& L, const Node& n, size_t i, size_t ns, ConvArgs& a) {
  if (L.In(n, i).kind != Value::Kind::kString) {
    ASSIGN_OR_RETURN(a.pad_low, SpatialInts(L, n, i, ns, "padding"));
    a.pad_high = a.pad_low;
    return Status();
  }
  ASSIGN_OR_RETURN(std::string mode, L.String(n, i));
  a.pad_low.assign(ns, 0);
  a.pad_high.assign(ns, 0);
  if (mode == "valid") return Status();
  if (mode != "same") return L.Error(n, fmt::format("padding='{}' is not supported", mode));
  for (size_t d = 0; d < ns; ++d) {
    // PyTorch pads the odd remainder on the high side.
    int64_t total = a.dilation[d] * (a.weight->shape().dim(d + 2) - 1);
    a.pad_low[d] = total / 2;
    a.pad_high[d] = total - total / 2;
  }
  return Status();
}

// Argument positions of the overloads after (input, weight, bias).
Expected<ConvArgs> ReadConvArgs(Lowering& L, const Node& n) {
  ConvArgs a;
  ASSIGN_OR_RETURN(a.input, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(a.weight, L.Tensor(n, 1));
  if (!L.IsNone(n, 2)) {
    ASSIGN_OR_RETURN(a.bias, L.Tensor(n, 2));
  }
  if (a.weight->shape().rank() < 3) return L.Error(n, "the weight needs spatial dimensions");
  size_t ns = static_cast<size_t>(a.weight->shape().rank() - 2);
  ASSIGN_OR_RETURN(a.stride, SpatialInts(L, n, 3, ns, "stride"));
  bool general = n.kind == "aten::_convolution" || n.kind == "aten::convolution";
  bool transpose_op = n.kind.starts_with("aten::conv_transpose");
  // conv_transpose*d(input, weight, bias, stride, padding, output_padding, groups, dilation).
  ASSIGN_OR_RETURN(a.dilation, SpatialInts(L, n, transpose_op ? 7 : 5, ns, "dilation"));
  RETURN_IF_ERROR(ReadPadding(L, n, 4, ns, a));
  a.output_padding.assign(ns, 0);
  if (general) {
    ASSIGN_OR_RETURN(a.transposed, L.Bool(n, 6));
    ASSIGN_OR_RETURN(a.output_padding, SpatialInts(L, n, 7, ns, "output_padding"));
    ASSIGN_OR_RETURN(a.groups, L.Int(n, 8));
  } else if (transpose_op) {
    a.transposed = true;
    ASSIGN_OR_RETURN(a.output_padding, SpatialInts(L, n, 5, ns, "output_padding"));
    ASSIGN_OR_RETURN(a.groups, L.Int(n, 6));
  } else {
    ASSIGN_OR_RETURN(a.groups, L.Int(n, 6));
  }
  if (a.groups < 1) return L.Error(n, "groups must be positive");
  return a;
}

// A transposed convolution is the convolution of the input dilated by the stride with the
// kernel reversed, its in/out features swapped ([in, out/g, k..] -> [in/g, out, k..]) and
// padding dilation*(k-1) - padding (plus output_padding at the high end).
Expected<Instruction*> TransposedKernel(Builder& b, ConvArgs& a, std::vector<WindowDim>& window) {
  const Shape& w = a.weight->shape();
  int64_t g = a.groups, in = w.dim(0), out_g = w.dim(1);
  std::vector<int64_t> spatial(w.dims().begin() + 2, w.dims().end());
  for (size_t d = 0; d < window.size(); ++d) {
    int64_t edge = a.dilation[d] * (spatial[d] - 1);
    window[d].lhs_dilation = a.stride[d];
    window[d].stride = 1;
    window[d].pad_low = edge - a.pad_low[d];
    window[d].pad_high = edge - a.pad_high[d] + a.output_padding[d];
    window[d].reversal = true;
  }
  if (g == 1) return a.weight;
  std::vector<int64_t> split = {g, in / g, out_g};
  split.insert(split.end(), spatial.begin(), spatial.end());
  ASSIGN_OR_RETURN(Instruction * k, b.Reshape(a.weight, split));
  std::vector<int64_t> perm = {1, 0};
  for (int64_t d = 2; d < static_cast<int64_t>(split.size()); ++d) perm.push_back(d);
  ASSIGN_OR_RETURN(k, b.Transpose(k, perm));
  std::vector<int64_t> merged = {in / g, g * out_g};
  merged.insert(merged.end(), spatial.begin(), spatial.end());
  return b.Reshape(k, merged);
}

Expected<Instruction*> Convolve(Builder& b, ConvArgs& a) {
  int64_t rank = a.weight->shape().rank();
  size_t ns = static_cast<size_t>(rank - 2);
  ConvDims dims;
  dims.input_batch = dims.output_batch = 0;
  dims.input_feature = dims.output_feature = 1;
  dims.kernel_output_feature = a.transposed ? 1 : 0;
  dims.kernel_input_feature = a.transposed ? 0 : 1;
  std::vector<WindowDim> window(ns);
  for (size_t d = 0; d < ns; ++d) {
    int64_t s = static_cast<int64_t>(d) + 2;
    dims.input_spatial.push_back(s);
    dims.kernel_spatial.push_back(s);
    dims.output_spatial.push_back(s);
    window[d] = WindowDim{a.weight->shape().dim(s), a.stride[d], a.pad_low[d], a.pad_high[d],
                          1, a.dilation[d], false};
  }
  Instruction* kernel = a.weight;
  if (a.transposed) {
    ASSIGN_OR_RETURN(kernel, TransposedKernel(b, a, window));
  }
  InstructionAttrs attrs;
  attrs.conv = dims;
  attrs.window = std::move(window);
  attrs.feature_group_count = a.groups;
  ASSIGN_OR_RETURN(Instruction * y, b.Add(Opcode::kConvolution, {a.input, kernel},
                                          std::move(attrs)));
  if (a.bias == nullptr) return y;
  ASSIGN_OR_RETURN(Instruction * bias, b.Convert(a.bias, y->shape().type()));
  ASSIGN_OR_RETURN(bias, b.BroadcastInDim(bias, y->shape().dims(), {1}));
  return b.Add(Opcode::kAdd, {y, bias});
}

Status LowerConvolution(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(ConvArgs a, ReadConvArgs(L, n));
  int64_t rank = a.weight->shape().rank();
  bool unbatched = a.input->shape().rank() == rank - 1;  // conv2d of [C, H, W]
  if (unbatched) {
    std::vector<int64_t> dims = a.input->shape().dims();
    dims.insert(dims.begin(), 1);
    ASSIGN_OR_RETURN(a.input, L.b().Reshape(a.input, dims));
  }
  if (a.input->shape().rank() != rank) {
    return L.Error(n, fmt::format("input {} does not match weight {}",
                                  a.input->shape().ToString(false),
                                  a.weight->shape().ToString(false)));
  }
  Expected<Instruction*> y = Convolve(L.b(), a);
  if (!y.ok()) return L.Error(n, y.status().message());
  Instruction* r = *y;
  if (unbatched) {
    std::vector<int64_t> dims(r->shape().dims().begin() + 1, r->shape().dims().end());
    ASSIGN_OR_RETURN(r, L.b().Reshape(r, dims));
  }
  L.SetTensor(n, 0, r);
  return Status();
}

// A per-channel vector [C] broadcast along dimension 1 of `dims`.
Expected<Instruction*> PerChannel(Builder& b, Instruction* v, const std::vector<int64_t>& dims) {
  return b.BroadcastInDim(v, dims, {1});
}

// Mean and biased variance over every dimension but 1, as [C] vectors.
Status BatchStatistics(Builder& b, Instruction* x, Instruction*& mean, Instruction*& var) {
  std::vector<int64_t> dims;
  int64_t count = 1;
  for (int64_t d = 0; d < x->shape().rank(); ++d) {
    if (d == 1) continue;
    dims.push_back(d);
    count *= x->shape().dim(d);
  }
  PrimitiveType t = x->shape().type();
  ASSIGN_OR_RETURN(mean, b.Reduce(x, dims, ReduceKind::kSum, false));
  ASSIGN_OR_RETURN(mean, b.Binary(Opcode::kDivide, mean, b.Scalar(t, double(count))));
  ASSIGN_OR_RETURN(Instruction * m, PerChannel(b, mean, x->shape().dims()));
  ASSIGN_OR_RETURN(Instruction * xc, b.Add(Opcode::kSubtract, {x, m}));
  ASSIGN_OR_RETURN(Instruction * sq, b.Add(Opcode::kMultiply, {xc, xc}));
  ASSIGN_OR_RETURN(var, b.Reduce(sq, dims, ReduceKind::kSum, false));
  ASSIGN_OR_RETURN(var, b.Binary(Opcode::kDivide, var, b.Scalar(t, double(count))));
  return Status();
}

// batch_norm(x, weight, bias, running_mean, running_var, training, momentum, eps, cudnn):
// y = x * alpha + beta with alpha = weight / sqrt(var + eps), beta = bias - mean * alpha, as
// PyTorch's CPU kernel computes it. Training mode normalises with the batch's statistics (the
// running statistics it would update are not outputs of the trace).
Status LowerBatchNorm(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(bool training, L.Bool(n, 5));
  ASSIGN_OR_RETURN(double eps, L.Number(n, 7));
  if (x->shape().rank() < 2) return L.Error(n, "needs an input [N, C, ...]");
  Builder& b = L.b();
  PrimitiveType t = x->shape().type();
  Instruction *mean, *var;
  if (training || L.IsNone(n, 3) || L.IsNone(n, 4)) {
    RETURN_IF_ERROR(BatchStatistics(b, x, mean, var));
  } else {
    ASSIGN_OR_RETURN(mean, L.Tensor(n, 3));
    ASSIGN_OR_RETURN(var, L.Tensor(n, 4));
  }
  ASSIGN_OR_RETURN(Instruction * alpha, b.Binary(Opcode::kAdd, var, b.Scalar(t, eps)));
  ASSIGN_OR_RETURN(alpha, b.Unary(Opcode::kSqrt, alpha));
  ASSIGN_OR_RETURN(alpha, b.Binary(Opcode::kDivide, b.Scalar(t, 1), alpha));
  if (!L.IsNone(n, 1)) {
    ASSIGN_OR_RETURN(Instruction * w, L.Tensor(n, 1));
    ASSIGN_OR_RETURN(alpha, b.Binary(Opcode::kMultiply, alpha, w));
  }
  ASSIGN_OR_RETURN(Instruction * beta, b.Binary(Opcode::kMultiply, mean, alpha));
  ASSIGN_OR_RETURN(beta, b.Unary(Opcode::kNegate, beta));
  if (!L.IsNone(n, 2)) {
    ASSIGN_OR_RETURN(Instruction * bias, L.Tensor(n, 2));
    ASSIGN_OR_RETURN(beta, b.Binary(Opcode::kAdd, bias, beta));
  }
  ASSIGN_OR_RETURN(alpha, PerChannel(b, alpha, x->shape().dims()));
  ASSIGN_OR_RETURN(beta, PerChannel(b, beta, x->shape().dims()));
  ASSIGN_OR_RETURN(Instruction * y, b.Add(Opcode::kMultiply, {x, alpha}));
  ASSIGN_OR_RETURN(y, b.Add(Opcode::kAdd, {y, beta}));
  L.SetTensor(n, 0, y);
  return Status();
}

}  // namespace

void AddConvHandlers(HandlerTable& t) {
  for (const char* name : {"aten::_convolution", "aten::convolution", "aten::_convolution_mode",
                           "aten::conv1d",
                           "aten::conv2d", "aten::conv3d", "aten::conv_transpose1d",
                           "aten::conv_transpose2d", "aten::conv_transpose3d"}) {
    t[name] = LowerConvolution;
  }
  t["aten::batch_norm"] = LowerBatchNorm;
}

}  // namespace xpar::ts
