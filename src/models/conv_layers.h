// Convolution + batch norm, ReLU, max pool and global average pool on NCHW activations, forward
// and hand-derived backward, for the Wide-ResNet generator. Convolutions use OIHW kernels without
// bias; their backward passes are convolutions too, the way XLA writes them: the input gradient
// convolves the output gradient with the reversed kernel (lhs dilation = stride), the kernel
// gradient convolves the input with the output gradient (batch as the contracted feature).
// Batch norm uses the batch-norm-training and batch-norm-grad ops (statistics of the batch).
#pragma once

#include "models/graph_builder.h"

namespace xpar::models {

// Padding of one spatial dimension.
struct Pad {
  int64_t low = 0, high = 0;
};
// XLA's SAME padding (flax's default): output ceil(size / stride), the excess split low-first.
Pad SamePadding(int64_t size, int64_t window, int64_t stride);

struct ConvBnSaved {
  Instruction* x = nullptr;     // the convolution's input
  Instruction* conv = nullptr;  // its output, the batch norm's input
  Instruction *mean = nullptr, *var = nullptr;
  int64_t stride = 1;
  Pad pad;
};
struct ConvBnGrads {
  Instruction *dx = nullptr, *dw = nullptr, *dscale = nullptr, *doffset = nullptr;
};

// bn(conv(x, w)) with a square kernel, the same stride and padding on both spatial dims.
Instruction* ConvBnForward(GraphBuilder& b, Instruction* x, Instruction* w, Instruction* scale,
                           Instruction* offset, int64_t stride, Pad pad, double eps,
                           ConvBnSaved* saved);
// dx stays null unless `want_dx` (the stem's input is the images).
ConvBnGrads ConvBnBackward(GraphBuilder& b, const ConvBnSaved& s, Instruction* w,
                           Instruction* scale, Instruction* dy, double eps, bool want_dx);

Instruction* Relu(GraphBuilder& b, Instruction* x);
// dy where the ReLU's output y is positive (torch's threshold_backward).
Instruction* ReluBackward(GraphBuilder& b, Instruction* y, Instruction* dy);

// 3x3 max pool, stride 2, SAME padding (flax's nn.max_pool in the ResNet stem).
struct PoolSaved {
  Instruction* x = nullptr;
  Pad pad_h, pad_w;
};
Instruction* MaxPoolForward(GraphBuilder& b, Instruction* x, PoolSaved* saved);
Instruction* MaxPoolBackward(GraphBuilder& b, const PoolSaved& s, Instruction* dy);

// Mean over the spatial dimensions: [N,C,H,W] -> [N,C], and its backward.
Instruction* GlobalAvgPool(GraphBuilder& b, Instruction* x);
Instruction* GlobalAvgPoolBackward(GraphBuilder& b, const Shape& x, Instruction* dy);

}  // namespace xpar::models
