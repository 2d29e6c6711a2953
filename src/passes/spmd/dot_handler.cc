// Dot: every split pattern. Batch dims split alike on both operands, free dims split as their
// operand has them, contracting dims split alike on both -> the local dot is a partial sum over
// those axes (resolved later, by all-reduce or reduce-scatter, only where a user needs it; the
// padding of unevenly split contracting dims is zeroed in both operands first).
// Candidates come from the operands' specs and from the annotation; the one moving the fewest
// bytes wins.
#include <algorithm>

#include "passes/spmd/spmd_internal.h"

namespace xpar::spmd {
namespace {

struct DotLayout {
  std::vector<int64_t> lhs_free, rhs_free;
};

std::vector<int64_t> FreeDims(int64_t rank, const std::vector<int64_t>& batch,
                              const std::vector<int64_t>& contracting) {
  std::vector<int64_t> free;
  for (int64_t d = 0; d < rank; ++d) {
    if (std::count(batch.begin(), batch.end(), d) == 0 &&
        std::count(contracting.begin(), contracting.end(), d) == 0) {
      free.push_back(d);
    }
  }
  return free;
}

struct Choice {
  ShardingSpec lhs, rhs, out;
};

// Assigns axes dimension by dimension, dropping any that an earlier dimension took.
class Assigner {
 public:
  std::vector<int64_t> Take(const std::vector<int64_t>& axes) {
    for (int64_t a : axes) {
      if (used_.count(a)) return {};
    }
    used_.insert(axes.begin(), axes.end());
    return axes;
  }

 private:
  std::set<int64_t> used_;
};

// `out_hint` (when set) gives the batch and free dims; the operands give the rest.
Choice MakeChoice(const DotDims& dn, const DotLayout& l, const ShardingSpec& ls,
                  const ShardingSpec& rs, const ShardingSpec* out_hint, int64_t out_rank) {
  Choice c{ShardingSpec::Replicated(ls.dim_axes.size()),
           ShardingSpec::Replicated(rs.dim_axes.size()), ShardingSpec::Replicated(out_rank)};
  Assigner take;
  int64_t o = 0;
  auto pick = [&](const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
    return out_hint ? out_hint->dim_axes[o] : (a.empty() ? b : a);
  };
  for (size_t i = 0; i < dn.lhs_batch.size(); ++i, ++o) {
    auto axes = take.Take(pick(ls.dim_axes[dn.lhs_batch[i]], rs.dim_axes[dn.rhs_batch[i]]));
    c.lhs.dim_axes[dn.lhs_batch[i]] = c.rhs.dim_axes[dn.rhs_batch[i]] = c.out.dim_axes[o] = axes;
  }
  for (int64_t d : l.lhs_free) {
    auto axes = take.Take(pick(ls.dim_axes[d], {}));
    c.lhs.dim_axes[d] = c.out.dim_axes[o++] = axes;
  }
  for (int64_t d : l.rhs_free) {
    auto axes = take.Take(pick(rs.dim_axes[d], {}));
    c.rhs.dim_axes[d] = c.out.dim_axes[o++] = axes;
  }
  for (size_t i = 0; i < dn.lhs_contracting.size(); ++i) {
    const auto& a = ls.dim_axes[dn.lhs_contracting[i]];
    auto axes = take.Take(a.empty() ? rs.dim_axes[dn.rhs_contracting[i]] : a);
    c.lhs.dim_axes[dn.lhs_contracting[i]] = c.rhs.dim_axes[dn.rhs_contracting[i]] = axes;
    c.out.partial_axes.insert(c.out.partial_axes.end(), axes.begin(), axes.end());
  }
  std::sort(c.out.partial_axes.begin(), c.out.partial_axes.end());
  return c;
}

}  // namespace

Expected<PValue> HandleDot(Partitioner& p, const Instruction& inst, const Want& want) {
  const Instruction* lhs = inst.operand(0);
  const Instruction* rhs = inst.operand(1);
  const DotDims& dn = *inst.attrs().dot;
  DotLayout l{FreeDims(lhs->shape().rank(), dn.lhs_batch, dn.lhs_contracting),
              FreeDims(rhs->shape().rank(), dn.rhs_batch, dn.rhs_contracting)};
  const PValue& lv = p.Get(lhs);
  const PValue& rv = p.Get(rhs);
  ShardingSpec ls = lv.spec, rs = rv.spec;
  ls.partial_axes.clear();
  rs.partial_axes.clear();
  const Shape& out = inst.shape();
  std::vector<Choice> choices = {MakeChoice(dn, l, ls, rs, nullptr, out.rank())};
  if (want) choices.push_back(MakeChoice(dn, l, ls, rs, &*want, out.rank()));
  // Operands whole (no partial sum) as a further candidate.
  choices.push_back(MakeChoice(dn, l, ShardingSpec::Replicated(ls.dim_axes.size()),
                               ShardingSpec::Replicated(rs.dim_axes.size()),
                               want ? &*want : nullptr, out.rank()));
  const Choice* best = nullptr;
  int64_t best_cost = 0;
  for (const Choice& c : choices) {
    int64_t cost = ReshardBytes(lv.spec, c.lhs, lhs->shape(), p.mesh()) +
                   ReshardBytes(rv.spec, c.rhs, rhs->shape(), p.mesh());
    if (want) cost += ReshardBytes(c.out, *want, out, p.mesh());
    if (!best || cost < best_cost) best = &c, best_cost = cost;
  }
  ASSIGN_OR_RETURN(Instruction * x, p.Reshard(lv, best->lhs, lhs->shape()));
  ASSIGN_OR_RETURN(Instruction * y, p.Reshard(rv, best->rhs, rhs->shape()));
  // Unevenly split contracting dims: both operands' padding zeroed (0 * garbage may be NaN).
  SpmdBuilder& b = p.b();
  x = b.MaskPadding(x, lhs->shape(), best->lhs, dn.lhs_contracting,
                    b.Constant(Literal(Shape::Scalar(lhs->shape().type()))));
  y = b.MaskPadding(y, rhs->shape(), best->rhs, dn.rhs_contracting,
                    b.Constant(Literal(Shape::Scalar(rhs->shape().type()))));
  Instruction* local = p.b().CloneWith(inst, LocalShape(out, best->out, p.mesh()), {x, y});
  return PValue{local, best->out, {}};
}

}  // namespace xpar::spmd
