// XLA CPU's floating-point contraction (see fp_contract.h).
#include "runtime/interpreter/fp_contract.h"

#include <cmath>

#include "runtime/interpreter/fusion.h"

namespace xpar {
namespace {

bool ContractibleType(const Shape& s) {
  return s.IsArray() && (s.type() == PrimitiveType::kF32 || s.type() == PrimitiveType::kF64);
}

// `op`, read by `reader`, is a multiply of the reader's type and dims that nothing else reads.
bool Contractible(const Instruction& op, const Instruction& reader, const std::vector<int>& uses,
                  const std::vector<int64_t>& claimed, const Computation& c) {
  if (op.opcode() != Opcode::kMultiply || uses[op.index()] != 1 || &op == c.root()) return false;
  if (!claimed.empty() && claimed[op.index()] >= 0) return false;
  if (op.shape() != reader.shape()) return false;
  for (const Instruction* x : op.operands()) {
    if (x->shape() != op.shape()) return false;
  }
  return true;
}

// y = a * b + c (subtract: `negate_product` gives c - a * b, `negate_addend` a * b - c).
template <typename T>
void FmaLoop(const T* a, const T* b, const T* c, T* y, int64_t n, bool negate_product,
             bool negate_addend) {
  for (int64_t i = 0; i < n; ++i) {
    const T p = negate_product ? -a[i] : a[i];
    y[i] = std::fma(p, b[i], negate_addend ? -c[i] : c[i]);
  }
}

}  // namespace

FmaContraction::FmaContraction(const Computation& c, bool enabled,
                               const std::vector<int64_t>& claimed)
    : c_(c) {
  if (!enabled) return;
  const auto& insts = c.instructions();
  std::vector<int> uses(insts.size(), 0);
  for (const auto& inst : insts) {
    for (const Instruction* op : inst->operands()) ++uses[op->index()];
  }
  mul_of_.assign(insts.size(), -1);
  reader_of_.assign(insts.size(), -1);
  for (const auto& inst : insts) {
    const Opcode code = inst->opcode();
    if ((code != Opcode::kAdd && code != Opcode::kSubtract) || inst->operand_count() != 2 ||
        !ContractibleType(inst->shape()) || (!claimed.empty() && claimed[inst->index()] >= 0)) {
      continue;
    }
    for (int64_t j = 0; j < 2; ++j) {
      const Instruction& op = *inst->operand(j);
      if (!Contractible(op, *inst, uses, claimed, c)) continue;
      mul_of_[inst->index()] = op.index();
      reader_of_[op.index()] = inst->index();
      break;
    }
  }
}

std::vector<int64_t> FmaContraction::Claimed() const {
  std::vector<int64_t> root_of(c_.instructions().size(), -1);
  for (size_t i = 0; i < mul_of_.size(); ++i) {
    if (mul_of_[i] < 0) continue;
    root_of[i] = static_cast<int64_t>(i);
    root_of[mul_of_[i]] = static_cast<int64_t>(i);
  }
  return root_of;
}

void FmaContraction::ExtendLastUses(std::vector<int64_t>& last) const {
  if (mul_of_.empty()) return;
  ExtendLastUsesToGroupRoots(c_, Claimed(), last);
}

Expected<Literal> FmaContraction::Run(int64_t root,
                                      const std::vector<const Literal*>& bound) const {
  const Instruction& reader = *c_.instructions()[root];
  const Instruction& mul = *c_.instructions()[mul_of_[root]];
  const bool mul_first = reader.operand(0) == &mul;
  const Literal* a = bound[mul.operand(0)->index()];
  const Literal* b = bound[mul.operand(1)->index()];
  const Literal* addend = bound[reader.operand(mul_first ? 1 : 0)->index()];
  if (!a || !b || !addend) return Internal("contracted {} lost an operand", reader.name());
  // add: a*b + z; subtract(a*b, z) = fma(a, b, -z); subtract(z, a*b) = fma(-a, b, z).
  const bool sub = reader.opcode() == Opcode::kSubtract;
  const bool negate_product = sub && !mul_first, negate_addend = sub && mul_first;
  Literal out = Literal::Uninitialized(reader.shape());
  const int64_t n = reader.shape().ElementCount();
  if (reader.shape().type() == PrimitiveType::kF64) {
    FmaLoop(a->data<double>().data(), b->data<double>().data(), addend->data<double>().data(),
            out.data<double>().data(), n, negate_product, negate_addend);
  } else {
    FmaLoop(a->data<float>().data(), b->data<float>().data(), addend->data<float>().data(),
            out.data<float>().data(), n, negate_product, negate_addend);
  }
  return out;
}

}  // namespace xpar
