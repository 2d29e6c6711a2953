// oneDNN (Debian's libdnnl) for the interpreter's matmuls and forward convolutions in bf16/f16
// (and f32 where it beats OpenBLAS): native bf16 kernels accumulate in f32 and round the result
// once, as PyTorch's CPU kernels do. One engine for the process, primitives cached by their
// descriptor, kernels run on the calling device's KernelThreads() (thread_pool.h).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "ir/literal.h"
#include "ir/primitive_type.h"
#include "support/status.h"

namespace xpar::onednn {

// False when $XPAR_ONEDNN=0 or after SetEnabled(false): callers then use their own kernels.
bool Enabled();
void SetEnabled(bool enabled);  // for tests and benchmarks that compare the two paths

// How many matmuls and convolutions oneDNN has run in this process (tests check the path), how
// many weight reorders ran and how many were found in the weight cache instead.
struct Counters {
  int64_t matmuls = 0, convolutions = 0, weight_reorders = 0, weight_cache_hits = 0;
};
Counters GetCounters();

// Convolution weights reordered into oneDNN's blocked layout are kept per weights buffer and
// layout when the caller names the buffer's owner (ConvDesc::weights_owner): the cache holds a
// Literal sharing that buffer, so the buffer stays alive (its address is not reused) and a write
// to it through any other Literal copies it first (copy-on-write); what is cached stays right.
// An entry whose buffer nobody else holds any more is dropped at the next insertion; at most
// kWeightCacheBytes of reordered weights are kept (emptied when full).
inline constexpr int64_t kWeightCacheBytes = int64_t{1} << 30;
// Whether weights that are parameters (of any computation) may be cached, not only constants:
// for callers that run one program many times on the same arguments (xpar run --repeat). A
// trainer whose parameters change every step leaves it off (each step would miss and hold the
// last step's buffers until the next insertion).
bool CacheParameterWeights();
void SetCacheParameterWeights(bool enabled);

// c[batch, m, n] = a[batch, m, k] x b[batch, k, n], all row-major with the batch outermost;
// a_trans: a is stored [batch, k, m]; b_trans: b is stored [batch, n, k]. a and b have one type
// (bf16, f16 or f32); c is f32 or that type. Returns false, having done nothing, when oneDNN has
// no optimised kernel for this case on this CPU (the caller then uses its own path).
struct MatmulDesc {
  int64_t batch = 1, m = 0, k = 0, n = 0;
  bool a_trans = false, b_trans = false;
  PrimitiveType ab_type = PrimitiveType::kF32, c_type = PrimitiveType::kF32;
};
Expected<bool> Matmul(const MatmulDesc& desc, const void* a, const void* b, void* c);

// A forward convolution on strided operands (any dimension order, described by strides):
//   src  logical [N, G*IC, spatial...]           dst logical [N, G*OC, out spatial...]
//   weights logical [G, OC, IC, kernel spatial...] (element strides each)
// 1 to 3 spatial dimensions, padding >= 0, dilation as in XLA (1 = dense). Same type rule and
// return value as Matmul.
inline constexpr int kMaxConvSpatial = 3;
struct ConvDesc {
  int spatial = 0;
  int64_t n = 0, groups = 1, ic = 0, oc = 0;  // ic, oc: per group
  std::array<int64_t, kMaxConvSpatial> in{}, kernel{}, out{}, stride{}, pad_lo{}, pad_hi{},
      dilation{};
  std::vector<int64_t> src_strides, weight_strides, dst_strides;  // in logical dim order
  PrimitiveType src_type = PrimitiveType::kF32, dst_type = PrimitiveType::kF32;
  // The Literal whose buffer holds the weights, when their reorder may be cached (see
  // kWeightCacheBytes); null: reordered on every call.
  const Literal* weights_owner = nullptr;
};
Expected<bool> Convolution(const ConvDesc& desc, const void* src, const void* weights, void* dst);

}  // namespace xpar::onednn
