// Multi-dimensional index helpers shared by the interpreter kernels: row-major iteration, linear
// indices, and the strided copy that transpose, broadcast, slice, pad and concatenate are built on.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "ir/literal.h"

namespace xpar {

// Advances `index` to the next multi-dimensional index of `dims` in row-major order (last
// dimension fastest). Returns false (with `index` back at all zeros) after the last one.
inline bool NextIndex(std::span<const int64_t> dims, std::span<int64_t> index) {
  for (int64_t i = static_cast<int64_t>(dims.size()) - 1; i >= 0; --i) {
    if (++index[i] < dims[i]) return true;
    index[i] = 0;
  }
  return false;
}

// Calls fn(std::span<const int64_t> index) for every index of `dims` in row-major order.
// A rank-0 shape has one index (the empty one); a shape with a zero dimension has none.
template <typename Fn>
void ForEachIndex(std::span<const int64_t> dims, Fn&& fn) {
  for (int64_t d : dims) {
    if (d <= 0) return;
  }
  std::vector<int64_t> index(dims.size(), 0);
  do {
    fn(std::span<const int64_t>(index));
  } while (NextIndex(dims, index));
}

// sum(index[i] * strides[i]).
inline int64_t LinearIndex(std::span<const int64_t> index, std::span<const int64_t> strides) {
  int64_t linear = 0;
  for (size_t i = 0; i < index.size(); ++i) linear += index[i] * strides[i];
  return linear;
}

// Inverse of LinearIndex for row-major strides of `dims`.
std::vector<int64_t> DelinearizeIndex(int64_t linear, std::span<const int64_t> dims);

// Copies an array of shape `dims` whose elements are `width` bytes wide. Element `index` is read
// from src + (src_offset + LinearIndex(index, src_strides)) * width and written to the same
// place in dst with dst_offset/dst_strides. Strides are in elements and may be zero (broadcast)
// or negative (reverse). Contiguous runs become memcpy; transposes are tiled for the cache.
void StridedCopy(std::span<const int64_t> dims, int64_t width, const uint8_t* src,
                 int64_t src_offset, std::span<const int64_t> src_strides, uint8_t* dst,
                 int64_t dst_offset, std::span<const int64_t> dst_strides);

// Output dimension i is operand dimension perm[i] (HLO transpose semantics). `perm` must be a
// permutation of the operand's dimensions.
Literal TransposeLiteral(const Literal& operand, std::span<const int64_t> perm);

// Fills every element of an array literal with `value`'s single element (same element type).
void FillWithScalar(Literal& out, const Literal& value);

// True when `perm` is 0, 1, ..., n-1.
bool IsIdentityPermutation(std::span<const int64_t> perm);

}  // namespace xpar
