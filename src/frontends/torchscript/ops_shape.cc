// Shape and data-movement aten ops: view/reshape, permute/transpose, (un)squeeze, expand,
// slice/select, split/chunk, cat, flatten. All shapes are static: sizes come from the trace.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <limits>

#include "frontends/torchscript/lowering.h"

namespace xpar::ts {
namespace {

Status LowerView(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(std::vector<int64_t> dims, L.Ints(n, 1));
  int64_t known = 1, infer = -1;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] == -1) {
      if (infer >= 0) return L.Error(n, "more than one -1 in the size");
      infer = static_cast<int64_t>(i);
    } else {
      known *= dims[i];
    }
  }
  int64_t total = x->shape().ElementCount();
  if (infer >= 0) dims[infer] = known == 0 ? 0 : total / known;
  Expected<Instruction*> r = L.b().Reshape(x, dims);
  if (!r.ok()) return L.Error(n, r.status().message());
  L.SetTensor(n, 0, *r);
  return Status();
}

Status LowerFlatten(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  int64_t rank = x->shape().rank();
  ASSIGN_OR_RETURN(int64_t start, L.Dim(n, 1, rank));
  ASSIGN_OR_RETURN(int64_t end, L.Dim(n, 2, rank));
  std::vector<int64_t> dims;
  for (int64_t i = 0; i < rank; ++i) {
    if (i > start && i <= end) {
      dims.back() *= x->shape().dim(i);
    } else {
      dims.push_back(x->shape().dim(i));
    }
  }
  ASSIGN_OR_RETURN(Instruction * r, L.b().Reshape(x, dims));
  L.SetTensor(n, 0, r);
  return Status();
}

Status LowerPermute(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(std::vector<int64_t> perm, L.Ints(n, 1));
  int64_t rank = x->shape().rank();
  if (static_cast<int64_t>(perm.size()) != rank) return L.Error(n, "permutation of the wrong rank");
  for (int64_t& p : perm) p = p < 0 ? p + rank : p;
  ASSIGN_OR_RETURN(Instruction * r, L.b().Transpose(x, perm));
  L.SetTensor(n, 0, r);
  return Status();
}

Status LowerTranspose(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  int64_t rank = x->shape().rank();
  std::vector<int64_t> perm(rank);
  for (int64_t i = 0; i < rank; ++i) perm[i] = i;
  if (n.kind == "aten::t") {
    if (rank == 2) std::swap(perm[0], perm[1]);
  } else {
    ASSIGN_OR_RETURN(int64_t a, L.Dim(n, 1, rank));
    ASSIGN_OR_RETURN(int64_t c, L.Dim(n, 2, rank));
    std::swap(perm[a], perm[c]);
  }
  ASSIGN_OR_RETURN(Instruction * r, L.b().Transpose(x, perm));
  L.SetTensor(n, 0, r);
  return Status();
}

Status LowerUnsqueeze(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(int64_t d, L.Dim(n, 1, x->shape().rank() + 1));
  std::vector<int64_t> dims = x->shape().dims();
  dims.insert(dims.begin() + d, 1);
  ASSIGN_OR_RETURN(Instruction * r, L.b().Reshape(x, dims));
  L.SetTensor(n, 0, r);
  return Status();
}

Status LowerSqueeze(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  std::vector<int64_t> dims;
  int64_t only = -1;
  if (n.inputs.size() > 1) {
    ASSIGN_OR_RETURN(only, L.Dim(n, 1, x->shape().rank()));
  }
  for (int64_t i = 0; i < x->shape().rank(); ++i) {
    if (x->shape().dim(i) != 1 || (only >= 0 && i != only)) dims.push_back(x->shape().dim(i));
  }
  ASSIGN_OR_RETURN(Instruction * r, L.b().Reshape(x, dims));
  L.SetTensor(n, 0, r);
  return Status();
}

Status LowerExpand(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  std::vector<int64_t> sizes;
  if (n.kind == "aten::expand_as") {
    ASSIGN_OR_RETURN(Instruction * other, L.Tensor(n, 1));
    sizes = other->shape().dims();
  } else {
    ASSIGN_OR_RETURN(sizes, L.Ints(n, 1));
  }
  const std::vector<int64_t>& in = x->shape().dims();
  if (sizes.size() < in.size()) return L.Error(n, "expands to fewer dimensions than it has");
  size_t offset = sizes.size() - in.size();
  for (size_t i = offset; i < sizes.size(); ++i) {
    if (sizes[i] == -1) sizes[i] = in[i - offset];
  }
  Expected<Instruction*> r = L.b().BroadcastTo(x, sizes);
  if (!r.ok()) return L.Error(n, r.status().message());
  L.SetTensor(n, 0, *r);
  return Status();
}

// Python slice bounds clamped to [0, size].
int64_t ClampIndex(int64_t i, int64_t size) {
  if (i < 0) i += size;
  return std::clamp<int64_t>(i, 0, size);
}

Status LowerSlice(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(int64_t d, L.Dim(n, 1, x->shape().rank()));
  int64_t size = x->shape().dim(d);
  int64_t start = 0, end = std::numeric_limits<int64_t>::max(), step = 1;
  if (!L.IsNone(n, 2)) {
    ASSIGN_OR_RETURN(start, L.Int(n, 2));
  }
  if (!L.IsNone(n, 3)) {
    ASSIGN_OR_RETURN(end, L.Int(n, 3));
  }
  if (n.inputs.size() > 4) {
    ASSIGN_OR_RETURN(step, L.Int(n, 4));
  }
  if (step <= 0) return L.Error(n, "slice step must be positive");
  start = ClampIndex(start, size);
  end = std::max(start, ClampIndex(end, size));
  std::vector<SliceDim> slice;
  for (int64_t i = 0; i < x->shape().rank(); ++i) slice.push_back({0, x->shape().dim(i), 1});
  slice[d] = {start, end, step};
  ASSIGN_OR_RETURN(Instruction * r, L.b().Slice(x, slice));
  L.SetTensor(n, 0, r);
  return Status();
}

Status LowerSelect(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(int64_t d, L.Dim(n, 1, x->shape().rank()));
  ASSIGN_OR_RETURN(int64_t index, L.Int(n, 2));
  int64_t size = x->shape().dim(d);
  if (index < -size || index >= size)
    return L.Error(n, fmt::format("index {} out of range", index));
  if (index < 0) index += size;
  std::vector<SliceDim> slice;
  for (int64_t i = 0; i < x->shape().rank(); ++i) slice.push_back({0, x->shape().dim(i), 1});
  slice[d] = {index, index + 1, 1};
  ASSIGN_OR_RETURN(Instruction * r, L.b().Slice(x, slice));
  std::vector<int64_t> dims = x->shape().dims();
  dims.erase(dims.begin() + d);
  ASSIGN_OR_RETURN(r, L.b().Reshape(r, dims));
  L.SetTensor(n, 0, r);
  return Status();
}

// Pieces of `sizes` along dimension d, as a list value.
Status SetPieces(Lowering& L, const Node& n, Instruction* x, int64_t d,
                 const std::vector<int64_t>& sizes) {
  Value list;
  list.kind = Value::Kind::kList;
  int64_t start = 0;
  for (int64_t s : sizes) {
    std::vector<SliceDim> slice;
    for (int64_t i = 0; i < x->shape().rank(); ++i) slice.push_back({0, x->shape().dim(i), 1});
    slice[d] = {start, start + s, 1};
    ASSIGN_OR_RETURN(Instruction * piece, L.b().Slice(x, slice));
    list.elements.push_back(Value::Tensor(piece));
    start += s;
  }
  if (start != x->shape().dim(d)) return L.Error(n, "split sizes do not add up to the dimension");
  if (n.outputs.size() == sizes.size() && sizes.size() > 1) {
    for (size_t i = 0; i < sizes.size(); ++i) L.Set(n, i, list.elements[i]);
  } else {
    L.Set(n, 0, std::move(list));
  }
  return Status();
}

// split(x, split_size or sizes, dim), split_with_sizes, chunk(x, chunks, dim).
Status LowerSplit(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(int64_t d, L.Dim(n, 2, x->shape().rank()));
  int64_t size = x->shape().dim(d);
  std::vector<int64_t> sizes;
  const Value& arg = L.In(n, 1);
  if (arg.kind == Value::Kind::kList) {
    ASSIGN_OR_RETURN(sizes, L.Ints(n, 1));
  } else {
    ASSIGN_OR_RETURN(int64_t k, L.Int(n, 1));
    if (k <= 0) return L.Error(n, "split size must be positive");
    int64_t piece = n.kind == "aten::chunk" ? (size + k - 1) / k : k;
    for (int64_t s = 0; s < size; s += piece) sizes.push_back(std::min(piece, size - s));
  }
  return SetPieces(L, n, x, d, sizes);
}

Status LowerCat(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(std::vector<Instruction*> parts, L.Tensors(n, 0));
  if (parts.empty()) return L.Error(n, "concatenates no tensors");
  ASSIGN_OR_RETURN(int64_t d, L.Dim(n, 1, parts[0]->shape().rank()));
  std::vector<const Value*> values;
  for (const Value& v : L.In(n, 0).elements) values.push_back(&v);
  PrimitiveType type = ResultType(values);
  for (Instruction*& p : parts) {
    ASSIGN_OR_RETURN(p, L.b().Convert(p, type));
  }
  ASSIGN_OR_RETURN(Instruction * r, L.b().Concat(parts, d));
  L.SetTensor(n, 0, r);
  return Status();
}

}  // namespace

void AddShapeHandlers(HandlerTable& t) {
  t["aten::view"] = LowerView;
  t["aten::reshape"] = LowerView;
  t["aten::flatten"] = LowerFlatten;
  t["aten::permute"] = LowerPermute;
  t["aten::transpose"] = LowerTranspose;
  t["aten::t"] = LowerTranspose;
  t["aten::unsqueeze"] = LowerUnsqueeze;
  t["aten::squeeze"] = LowerSqueeze;
  t["aten::expand"] = LowerExpand;
  t["aten::expand_as"] = LowerExpand;
  t["aten::slice"] = LowerSlice;
  t["aten::select"] = LowerSelect;
  t["aten::split"] = LowerSplit;
  t["aten::split_with_sizes"] = LowerSplit;
  t["aten::chunk"] = LowerSplit;
  t["aten::cat"] = LowerCat;
}

}  // namespace xpar::ts
