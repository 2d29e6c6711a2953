// CHLO ops the parser lowers itself (as stablehlo-opt --chlo-legalize-to-stablehlo would):
// chlo.mulhi, the high half of the full integer product, built from half-width products so it
// needs no wider type (64-bit included); chlo.erf and chlo.top_k (HLO erf / topk, as the
// StableHLO printer writes them); chlo.scan and chlo.ragged_dot go to their own files
// (stablehlo_chlo.h), broadcasting ops, constants and the elementwise and special functions to
// stablehlo_chlo_{broadcast,elementwise,special}.cc. Other CHLO ops are reported as needing
// legalization.
#include "frontends/stablehlo/stablehlo_chlo.h"

#include "frontends/stablehlo/stablehlo_chlo_builder.h"

namespace xpar::mlir {
namespace {

PrimitiveType UnsignedOf(PrimitiveType t) {
  switch (t) {
    case PrimitiveType::kS8:
      return PrimitiveType::kU8;
    case PrimitiveType::kS16:
      return PrimitiveType::kU16;
    case PrimitiveType::kS32:
      return PrimitiveType::kU32;
    case PrimitiveType::kS64:
      return PrimitiveType::kU64;
    default:
      return t;
  }
}

}  // namespace

// chlo.top_k {k = N} -> (values, indices) as HLO topk; `largest = false` (an xpar extension the
// printer writes for a smallest-k topk) selects the smallest.
Expected<std::vector<Instruction*>> BuildChloTopK(Parser& p, Scope* scope, OpInfo* op) {
  const Attr* k = op->Find("k");
  if (op->operands.size() != 1 || op->result_types.size() != 2 || !k ||
      k->kind != Attr::Kind::kInt) {
    return p.Error(op->offset,
                   "chlo.top_k takes one operand and k, and returns values and indices");
  }
  Instruction* inst = p.Add(scope->comp, Opcode::kTopK, p.ResultShape(*op), op->operands,
                            op->offset, op->result_name);
  inst->attrs().topk_k = k->i;
  const Attr* largest = op->Find("largest");
  inst->attrs().topk_largest = !largest || largest->kind != Attr::Kind::kBool || largest->b;
  return p.Unpack(scope->comp, inst, 2, op->offset);
}

Expected<std::vector<Instruction*>> Parser::BuildChlo(Scope* scope, OpInfo* op) {
  if (op->mnemonic == "scan") return BuildChloScan(*this, scope, op);
  if (op->mnemonic == "ragged_dot") return BuildChloRaggedDot(*this, scope, op);
  if (op->mnemonic == "erf") return BuildSimple(scope, op, Opcode::kErf);
  if (op->mnemonic == "top_k") return BuildChloTopK(*this, scope, op);
  if (op->mnemonic.starts_with("broadcast_")) return BuildChloBroadcast(*this, scope, op);
  if (op->mnemonic == "constant" || op->mnemonic == "constant_like") {
    return BuildChloConstant(*this, scope, op);
  }
  if (auto math = BuildChloMath(*this, scope, op)) return std::move(*math);
  if (op->mnemonic != "mulhi") {
    return Unsupported(op->offset, fmt::format("'{}' is a CHLO op: legalize it to StableHLO first "
                                               "(stablehlo-opt --chlo-legalize-to-stablehlo)",
                                               op->name));
  }
  if (op->operands.size() != 2 || op->result_types.size() != 1 || !op->result_types[0].IsArray() ||
      !IsInteger(op->result_types[0].type()) ||
      !op->operands[0]->shape().Compatible(op->result_types[0]) ||
      !op->operands[1]->shape().Compatible(op->result_types[0])) {
    return Error(op->offset, "chlo.mulhi takes two integer tensors of its result type");
  }
  Computation* comp = scope->comp;
  const int64_t at = op->offset;
  const Shape& s = op->result_types[0];
  const bool is_signed = IsSignedInt(s.type());
  const Shape us(UnsignedOf(s.type()), s.dims());
  const int64_t h = ByteWidth(s.type()) * 4;  // half the bit width
  auto konst = [&](const Shape& shape, int64_t v) { return AddSplatConstantInt(comp, shape, v, at); };
  auto bin = [&](Opcode o, Instruction* x, Instruction* y) { return Add(comp, o, us, {x, y}, at); };
  auto as_unsigned = [&](Instruction* x) {
    return is_signed ? Add(comp, Opcode::kBitcastConvert, us, {x}, at) : x;
  };
  Instruction* a = as_unsigned(op->operands[0]);
  Instruction* b = as_unsigned(op->operands[1]);
  Instruction* mask = konst(us, (int64_t{1} << h) - 1);
  Instruction* shift = konst(us, h);
  Instruction* a_lo = bin(Opcode::kAnd, a, mask);
  Instruction* a_hi = bin(Opcode::kShiftRightLogical, a, shift);
  Instruction* b_lo = bin(Opcode::kAnd, b, mask);
  Instruction* b_hi = bin(Opcode::kShiftRightLogical, b, shift);
  // Schoolbook: (a_hi*2^h + a_lo) * (b_hi*2^h + b_lo), keeping the carries of the middle terms.
  Instruction* ll = bin(Opcode::kMultiply, a_lo, b_lo);
  Instruction* t = bin(Opcode::kAdd, bin(Opcode::kMultiply, a_hi, b_lo),
                       bin(Opcode::kShiftRightLogical, ll, shift));
  Instruction* mid =
      bin(Opcode::kAdd, bin(Opcode::kMultiply, a_lo, b_hi), bin(Opcode::kAnd, t, mask));
  Instruction* hi = bin(Opcode::kAdd, bin(Opcode::kMultiply, a_hi, b_hi),
                        bin(Opcode::kShiftRightLogical, t, shift));
  hi = bin(Opcode::kAdd, hi, bin(Opcode::kShiftRightLogical, mid, shift));
  if (!is_signed) return std::vector<Instruction*>{hi};
  // Signed: subtract b where a < 0 and a where b < 0 (two's complement, modulo 2^w).
  Instruction* zero = konst(us, 0);
  Instruction* zero_s = konst(s, 0);
  for (auto [x, y] : {std::pair{op->operands[0], b}, std::pair{op->operands[1], a}}) {
    Instruction* neg =
        Add(comp, Opcode::kCompare, Shape(PrimitiveType::kPred, s.dims()), {x, zero_s}, at);
    neg->attrs().comparison_direction = ComparisonDirection::kLt;
    hi = bin(Opcode::kSubtract, hi, Add(comp, Opcode::kSelect, us, {neg, y, zero}, at));
  }
  return std::vector<Instruction*>{
      Add(comp, Opcode::kBitcastConvert, s, {hi}, at, op->result_name)};
}

}  // namespace xpar::mlir
