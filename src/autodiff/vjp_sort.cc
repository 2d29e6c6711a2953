// VJP rules of sort and topk, through the permutation they applied. sort: the forward sort is
// repeated with an iota operand to get the permutation, and sorting (permutation, g) by the
// permutation puts each adjoint back where its element came from. topk: g is scattered to the
// chosen positions with a one-hot mask of the indices topk returns.
#include <fmt/format.h>

#include <unordered_map>

#include "autodiff/vjp.h"

namespace xpar::autodiff {
namespace {

Instruction* AddParam(Computation& comp, const std::string& name, int64_t number,
                      PrimitiveType type) {
  auto p = std::make_unique<Instruction>(name, Opcode::kParameter, Shape::Scalar(type));
  p->attrs().parameter_number = number;
  return comp.AddInstruction(std::move(p));
}

// The comparator with two more (ignored) s32 parameters, for one more iota operand.
Computation* ComparatorWithIota(AdBuilder& b, const Computation& cmp) {
  std::string name = b.UniqueName(cmp.name() + ".perm");
  auto comp = std::make_unique<Computation>(name);
  std::unordered_map<const Instruction*, Instruction*> map;
  for (const auto& inst : cmp.instructions()) {
    auto c = std::make_unique<Instruction>(name + "." + inst->name(), inst->opcode(),
                                           inst->shape());
    for (const Instruction* op : inst->operands()) c->AddOperand(map.at(op));
    c->mutable_called() = inst->called();
    c->attrs() = inst->attrs();
    map[inst.get()] = comp->AddInstruction(std::move(c));
  }
  comp->set_root(map.at(cmp.root()));
  int64_t n = cmp.parameter_count();
  AddParam(*comp, name + ".i0", n, PrimitiveType::kS32);
  AddParam(*comp, name + ".i1", n + 1, PrimitiveType::kS32);
  return b.AddComputation(std::move(comp));
}

// compare(p0, p1, LT) on s32 keys, with two value parameters of `type` that ride along.
Computation* ByKey(AdBuilder& b, PrimitiveType type) {
  std::string name = b.UniqueName(fmt::format("d.by_key_{}", PrimitiveTypeName(type)));
  auto comp = std::make_unique<Computation>(name);
  Instruction* k0 = AddParam(*comp, name + ".k0", 0, PrimitiveType::kS32);
  Instruction* k1 = AddParam(*comp, name + ".k1", 1, PrimitiveType::kS32);
  AddParam(*comp, name + ".v0", 2, type);
  AddParam(*comp, name + ".v1", 3, type);
  auto lt = std::make_unique<Instruction>(name + ".lt", Opcode::kCompare,
                                          Shape::Scalar(PrimitiveType::kPred));
  lt->AddOperand(k0);
  lt->AddOperand(k1);
  lt->attrs().comparison_direction = ComparisonDirection::kLt;
  comp->set_root(comp->AddInstruction(std::move(lt)));
  return b.AddComputation(std::move(comp));
}

}  // namespace

Status VjpSort(VjpContext& ctx) {
  AdBuilder& b = ctx.b;
  const Instruction& s = *ctx.inst;
  int64_t n = s.operand_count();
  int64_t dim = s.attrs().dimensions.at(0);
  std::vector<Instruction*> ops(s.operands().begin(), s.operands().end());
  ops.push_back(b.Iota(PrimitiveType::kS32, s.operand(0)->shape().dims(), dim));
  InstructionAttrs attrs;
  attrs.dimensions = {dim};
  attrs.is_stable = s.attrs().is_stable;
  Computation* comparator = ComparatorWithIota(b, *s.called()[0]);
  Instruction* with_perm = b.Op(Opcode::kSort, std::move(ops), std::move(attrs), {comparator});
  Instruction* perm = b.GetTupleElement(with_perm, n);
  for (int64_t i = 0; i < n; ++i) {
    Instruction* g = n == 1 ? ctx.grad() : ctx.tuple_grad(i);
    if (g == nullptr || !ctx.active(i)) continue;
    InstructionAttrs back;
    back.dimensions = {dim};
    Instruction* sorted = b.Op(Opcode::kSort, {perm, g}, std::move(back),
                               {ByKey(b, g->shape().type())});
    RETURN_IF_ERROR(ctx.AddGrad(i, b.GetTupleElement(sorted, 1)));
  }
  return Status::Ok();
}

// topk(x) -> (values, indices) along the last dim: dx[..., j] = sum_k g[..., k] [idx[..., k] == j].
Status VjpTopK(VjpContext& ctx) {
  Instruction* g = ctx.tuple_grad(0);
  if (g == nullptr) return Status::Ok();
  AdBuilder& b = ctx.b;
  const Shape& x = ctx.operand(0)->shape();
  int64_t r = x.rank();
  Dims wide = g->shape().dims();  // [..., k, n]
  wide.push_back(x.dim(r - 1));
  Dims lead(r);
  for (int64_t d = 0; d < r; ++d) lead[d] = d;
  Instruction* idx = b.GetTupleElement(ctx.inst, 1);
  Instruction* positions = b.Iota(idx->shape().type(), wide, r);
  Instruction* hit = b.Compare(b.Broadcast(idx, wide, lead), positions, ComparisonDirection::kEq);
  Instruction* spread = b.Mul(b.Mask(hit, g->shape().type()), b.Broadcast(g, wide, lead));
  return ctx.AddGrad(0, b.ReduceSum(spread, {r - 1}));
}

}  // namespace xpar::autodiff
