// Strided copies and index arithmetic for the interpreter kernels.
#include "runtime/interpreter/index_util.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

namespace xpar {
namespace {

struct CopyDim {
  int64_t size, src, dst;  // extent and strides in elements
};

// Drops size-1 dimensions and merges neighbours that are contiguous in both src and dst, so a
// plain copy becomes one run and a transpose keeps only the dimensions that really move.
std::vector<CopyDim> Simplify(std::span<const int64_t> dims, std::span<const int64_t> src,
                              std::span<const int64_t> dst) {
  std::vector<CopyDim> out;
  for (int64_t i = static_cast<int64_t>(dims.size()) - 1; i >= 0; --i) {
    if (dims[i] == 1) continue;
    CopyDim d{dims[i], src[i], dst[i]};
    if (!out.empty()) {
      CopyDim& inner = out.back();
      if (d.src == inner.src * inner.size && d.dst == inner.dst * inner.size) {
        inner.size *= d.size;
        continue;
      }
    }
    out.push_back(d);
  }
  std::reverse(out.begin(), out.end());
  return out;
}

// Calls body(src_offset, dst_offset) for every index of `outer` (row-major).
template <typename Body>
void ForEachOuter(const std::vector<CopyDim>& outer, int64_t src_off, int64_t dst_off,
                  Body&& body) {
  const size_t rank = outer.size();
  std::vector<int64_t> index(rank, 0);
  for (;;) {
    body(src_off, dst_off);
    size_t i = rank;
    for (; i > 0; --i) {
      const CopyDim& d = outer[i - 1];
      src_off += d.src;
      dst_off += d.dst;
      if (++index[i - 1] < d.size) break;
      src_off -= d.src * d.size;
      dst_off -= d.dst * d.size;
      index[i - 1] = 0;
    }
    if (i == 0) return;
  }
}

// The unsigned integer type of W bytes.
template <int W>
using WordOf = std::conditional_t<
    W == 1, uint8_t,
    std::conditional_t<W == 2, uint16_t, std::conditional_t<W == 4, uint32_t, uint64_t>>>;

template <int W>
void CopyRun(const uint8_t* src, int64_t s, uint8_t* dst, int64_t d, int64_t n, int64_t src_step,
             int64_t dst_step) {
  if (src_step == 0 && dst_step == 1) {  // a broadcast row: one value filled along the run
    WordOf<W> v;
    std::memcpy(&v, src + s * W, W);
    WordOf<W>* out = reinterpret_cast<WordOf<W>*>(dst + d * W);
    std::fill(out, out + n, v);
    return;
  }
  for (int64_t k = 0; k < n; ++k) {
    std::memcpy(dst + (d + k * dst_step) * W, src + (s + k * src_step) * W, W);
  }
}

template <int W>
void CopyWidth(std::vector<CopyDim> dims, const uint8_t* src, int64_t src_off, uint8_t* dst,
               int64_t dst_off) {
  if (dims.empty()) {
    std::memcpy(dst + dst_off * W, src + src_off * W, W);
    return;
  }
  CopyDim inner = dims.back();
  dims.pop_back();
  if (inner.src == 1 && inner.dst == 1) {
    ForEachOuter(dims, src_off, dst_off, [&](int64_t s, int64_t d) {
      std::memcpy(dst + d * W, src + s * W, inner.size * W);
    });
    return;
  }
  // A transpose: some outer dimension is contiguous in src while the inner one is contiguous in
  // dst. Copy square tiles of that pair so both sides stay in cache.
  auto p = std::find_if(dims.begin(), dims.end(), [](const CopyDim& c) { return c.src == 1; });
  if (inner.dst == 1 && p != dims.end() && p->size >= 8 && inner.size >= 8) {
    constexpr int64_t kTile = 32;
    CopyDim tp = *p;
    dims.erase(p);
    ForEachOuter(dims, src_off, dst_off, [&](int64_t s, int64_t d) {
      for (int64_t i0 = 0; i0 < tp.size; i0 += kTile) {
        int64_t i1 = std::min(tp.size, i0 + kTile);
        for (int64_t j0 = 0; j0 < inner.size; j0 += kTile) {
          int64_t j1 = std::min(inner.size, j0 + kTile);
          for (int64_t i = i0; i < i1; ++i) {
            CopyRun<W>(src, s + i * tp.src + j0 * inner.src, dst, d + i * tp.dst + j0 * inner.dst,
                       j1 - j0, inner.src, inner.dst);
          }
        }
      }
    });
    return;
  }
  ForEachOuter(dims, src_off, dst_off, [&](int64_t s, int64_t d) {
    CopyRun<W>(src, s, dst, d, inner.size, inner.src, inner.dst);
  });
}

}  // namespace

std::vector<int64_t> DelinearizeIndex(int64_t linear, std::span<const int64_t> dims) {
  std::vector<int64_t> index(dims.size(), 0);
  for (int64_t i = static_cast<int64_t>(dims.size()) - 1; i >= 0; --i) {
    if (dims[i] > 0) {
      index[i] = linear % dims[i];
      linear /= dims[i];
    }
  }
  return index;
}

void StridedCopy(std::span<const int64_t> dims, int64_t width, const uint8_t* src,
                 int64_t src_offset, std::span<const int64_t> src_strides, uint8_t* dst,
                 int64_t dst_offset, std::span<const int64_t> dst_strides) {
  for (int64_t d : dims) {
    if (d <= 0) return;
  }
  std::vector<CopyDim> simple = Simplify(dims, src_strides, dst_strides);
  switch (width) {
    case 1: return CopyWidth<1>(std::move(simple), src, src_offset, dst, dst_offset);
    case 2: return CopyWidth<2>(std::move(simple), src, src_offset, dst, dst_offset);
    case 4: return CopyWidth<4>(std::move(simple), src, src_offset, dst, dst_offset);
    case 8: return CopyWidth<8>(std::move(simple), src, src_offset, dst, dst_offset);
    default: break;
  }
  // Any other width: treat each element as `width` one-byte elements.
  std::vector<int64_t> bdims(dims.begin(), dims.end()), bsrc, bdst;
  for (int64_t s : src_strides) bsrc.push_back(s * width);
  for (int64_t s : dst_strides) bdst.push_back(s * width);
  bdims.push_back(width);
  bsrc.push_back(1);
  bdst.push_back(1);
  CopyWidth<1>(Simplify(bdims, bsrc, bdst), src, src_offset * width, dst, dst_offset * width);
}

Literal TransposeLiteral(const Literal& operand, std::span<const int64_t> perm) {
  const auto& in_dims = operand.shape().dims();
  std::vector<int64_t> out_dims(perm.size()), src_strides(perm.size());
  std::vector<int64_t> in_strides = RowMajorStrides(in_dims);
  for (size_t i = 0; i < perm.size(); ++i) {
    out_dims[i] = in_dims[perm[i]];
    src_strides[i] = in_strides[perm[i]];
  }
  Literal out = Literal::Uninitialized(Shape(operand.type(), out_dims));
  StridedCopy(out_dims, ByteWidth(operand.type()), operand.raw(), 0, src_strides, out.raw(), 0,
              RowMajorStrides(out_dims));
  return out;
}

void FillWithScalar(Literal& out, const Literal& value) {
  const int64_t width = ByteWidth(out.type());
  const int64_t n = out.ElementCount();
  if (n == 0) return;
  uint8_t* dst = out.raw();
  std::memcpy(dst, value.raw(), width);
  // Doubling copies: log(n) memcpy calls.
  int64_t filled = 1;
  while (filled < n) {
    int64_t chunk = std::min(filled, n - filled);
    std::memcpy(dst + filled * width, dst, chunk * width);
    filled += chunk;
  }
}

bool IsIdentityPermutation(std::span<const int64_t> perm) {
  for (size_t i = 0; i < perm.size(); ++i) {
    if (perm[i] != static_cast<int64_t>(i)) return false;
  }
  return true;
}

}  // namespace xpar
