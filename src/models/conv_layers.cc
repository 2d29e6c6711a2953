// Convolution, batch norm, ReLU and pooling pieces of the Wide-ResNet step (see conv_layers.h).
// Kernels are OIHW, activations NCHW, as PyTorch/XLA lowers torchvision's ResNet.
#include "models/conv_layers.h"

#include <limits>

namespace xpar::models {
namespace {

constexpr int64_t kPoolWindow = 3;
constexpr int64_t kPoolStride = 2;
constexpr int64_t kFeature = 1;  // NCHW

// (spatial) windows of a square kernel.
std::vector<WindowDim> Square(const WindowDim& w) { return {w, w}; }

Instruction* Convolution(GraphBuilder& b, Instruction* lhs, Instruction* rhs, ConvDims dims,
                         std::vector<WindowDim> window) {
  InstructionAttrs attrs;
  attrs.conv = std::move(dims);
  attrs.window = std::move(window);
  return b.Op(Opcode::kConvolution, {lhs, rhs}, std::move(attrs));
}

// bf01_oi01->bf01
ConvDims Forward() { return ConvDims{0, 1, {2, 3}, 1, 0, {2, 3}, 0, 1, {2, 3}}; }

// d(input): dy (bf01) with the kernel's feature roles swapped (io01) and its window reversed;
// the stride becomes lhs dilation of dy.
Instruction* ConvInputGrad(GraphBuilder& b, const ConvBnSaved& s, Instruction* w,
                           Instruction* dy) {
  const int64_t k = w->shape().dim(2), in = s.x->shape().dim(2), out = dy->shape().dim(2);
  WindowDim win;
  win.size = k;
  win.lhs_dilation = s.stride;
  win.reversal = true;
  win.pad_low = k - 1 - s.pad.low;
  win.pad_high = in + k - 1 - ((out - 1) * s.stride + 1) - win.pad_low;
  return Convolution(b, dy, w, ConvDims{0, 1, {2, 3}, 0, 1, {2, 3}, 0, 1, {2, 3}}, Square(win));
}

// d(kernel): x with batch and feature exchanged (fb01) convolved with dy as the kernel (io01:
// the batch is contracted), rhs dilation = stride; the output fb01 is the OIHW kernel.
Instruction* ConvKernelGrad(GraphBuilder& b, const ConvBnSaved& s, Instruction* w,
                            Instruction* dy) {
  const int64_t k = w->shape().dim(2), in = s.x->shape().dim(2), out = dy->shape().dim(2);
  WindowDim win;
  win.size = out;
  win.rhs_dilation = s.stride;
  win.pad_low = s.pad.low;
  win.pad_high = k + (out - 1) * s.stride - in - s.pad.low;  // negative drops unused rows
  return Convolution(b, s.x, dy, ConvDims{1, 0, {2, 3}, 0, 1, {2, 3}, 1, 0, {2, 3}}, Square(win));
}

InstructionAttrs BatchNormAttrs(double eps) {
  InstructionAttrs attrs;
  attrs.epsilon = static_cast<float>(eps);
  attrs.feature_index = kFeature;
  return attrs;
}

Instruction* Element(GraphBuilder& b, Instruction* tuple, int64_t index) {
  InstructionAttrs attrs;
  attrs.tuple_index = index;
  return b.Op(Opcode::kGetTupleElement, {tuple}, std::move(attrs));
}

std::vector<WindowDim> PoolWindow(const PoolSaved& s) {
  WindowDim one;
  WindowDim h{kPoolWindow, kPoolStride, s.pad_h.low, s.pad_h.high};
  WindowDim w{kPoolWindow, kPoolStride, s.pad_w.low, s.pad_w.high};
  return {one, one, h, w};
}

}  // namespace

Pad SamePadding(int64_t size, int64_t window, int64_t stride) {
  int64_t out = (size + stride - 1) / stride;
  int64_t total = std::max<int64_t>((out - 1) * stride + window - size, 0);
  return {total / 2, total - total / 2};
}

Instruction* ConvBnForward(GraphBuilder& b, Instruction* x, Instruction* w, Instruction* scale,
                           Instruction* offset, int64_t stride, Pad pad, double eps,
                           ConvBnSaved* s) {
  s->x = x;
  s->stride = stride;
  s->pad = pad;
  WindowDim win{w->shape().dim(2), stride, pad.low, pad.high};
  s->conv = Convolution(b, x, w, Forward(), Square(win));
  Instruction* bn =
      b.Op(Opcode::kBatchNormTraining, {s->conv, scale, offset}, BatchNormAttrs(eps));
  s->mean = Element(b, bn, 1);
  s->var = Element(b, bn, 2);
  return Element(b, bn, 0);
}

ConvBnGrads ConvBnBackward(GraphBuilder& b, const ConvBnSaved& s, Instruction* w,
                           Instruction* scale, Instruction* dy, double eps, bool want_dx) {
  Instruction* grad = b.Op(Opcode::kBatchNormGrad, {s.conv, scale, s.mean, s.var, dy},
                           BatchNormAttrs(eps));
  ConvBnGrads g;
  Instruction* dconv = Element(b, grad, 0);
  g.dscale = Element(b, grad, 1);
  g.doffset = Element(b, grad, 2);
  g.dw = ConvKernelGrad(b, s, w, dconv);
  if (want_dx) g.dx = ConvInputGrad(b, s, w, dconv);
  return g;
}

Instruction* Relu(GraphBuilder& b, Instruction* x) {
  return b.Op(Opcode::kMaximum, {x, b.Full(x->shape().type(), 0.0, x->shape().dims())});
}

Instruction* ReluBackward(GraphBuilder& b, Instruction* y, Instruction* dy) {
  Instruction* zeros = b.Full(y->shape().type(), 0.0, y->shape().dims());
  return b.Select(b.Compare(y, zeros, ComparisonDirection::kGt), dy, zeros);
}

Instruction* MaxPoolForward(GraphBuilder& b, Instruction* x, PoolSaved* s) {
  const PrimitiveType t = x->shape().type();
  s->x = x;
  s->pad_h = SamePadding(x->shape().dim(2), kPoolWindow, kPoolStride);
  s->pad_w = SamePadding(x->shape().dim(3), kPoolWindow, kPoolStride);
  InstructionAttrs attrs;
  attrs.window = PoolWindow(*s);
  Instruction* lowest = b.Scalar(t, -std::numeric_limits<double>::infinity());
  return b.Op(Opcode::kReduceWindow, {x, lowest}, std::move(attrs),
              {b.Reducer(Opcode::kMaximum, t)});
}

Instruction* MaxPoolBackward(GraphBuilder& b, const PoolSaved& s, Instruction* dy) {
  const PrimitiveType t = dy->shape().type();
  InstructionAttrs attrs;
  attrs.window = PoolWindow(s);
  // The first largest element of each window (GE keeps the earlier one) gets the gradient.
  return b.Op(Opcode::kSelectAndScatter, {s.x, dy, b.Scalar(t, 0.0)}, std::move(attrs),
              {b.Comparator(ComparisonDirection::kGe, t), b.Reducer(Opcode::kAdd, t)});
}

Instruction* GlobalAvgPool(GraphBuilder& b, Instruction* x) {
  const double area = static_cast<double>(x->shape().dim(2) * x->shape().dim(3));
  Instruction* sum = b.ReduceSum(x, {2, 3});
  return b.Div(sum, b.Full(x->shape().type(), area, sum->shape().dims()));
}

Instruction* GlobalAvgPoolBackward(GraphBuilder& b, const Shape& x, Instruction* dy) {
  const double area = static_cast<double>(x.dim(2) * x.dim(3));
  Instruction* scaled = b.Div(dy, b.Full(dy->shape().type(), area, dy->shape().dims()));
  return b.Broadcast(scaled, x.dims(), {0, 1});
}

}  // namespace xpar::models
