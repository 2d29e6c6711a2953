// StableHLO dynamic_* ops with static result types, lowered to their static HLO ops: the shape
// operands become attributes (they must be constants where the result type does not fix them).
// dynamic_broadcast_in_dim -> broadcast, dynamic_iota -> iota, dynamic_pad -> pad,
// dynamic_gather -> gather, dynamic_conv -> convolution.
#include "frontends/stablehlo/stablehlo_parser_impl.h"

namespace xpar::mlir {
namespace {

void SetAttr(OpInfo* op, const std::string& name, Attr value) {
  for (auto& [k, v] : op->attrs) {
    if (k == name) {
      v = std::move(value);
      return;
    }
  }
  op->attrs.emplace_back(name, std::move(value));
}

}  // namespace

bool IsLowerableDynamicOp(std::string_view mnemonic) {
  return mnemonic == "dynamic_broadcast_in_dim" || mnemonic == "dynamic_iota" ||
         mnemonic == "dynamic_pad" || mnemonic == "dynamic_gather" || mnemonic == "dynamic_conv";
}

// Operand i as a dense attribute: it must be a constant of integers.
Expected<Attr> Parser::ConstantOperandAttr(const OpInfo& op, size_t i, std::string_view what) {
  const Instruction* c = i < op.operands.size() ? op.operands[i] : nullptr;
  const bool splat = c && IsSplatConstant(*c);  // a large splat: its scalar, kept as a splat
  if (splat) c = c->operand(0);
  if (!c || c->opcode() != Opcode::kConstant || !c->attrs().literal ||
      !IsInteger(c->shape().type())) {
    return Unsupported(op.offset, fmt::format("'{}' needs a constant {} operand (xpar has static "
                                              "shapes only)",
                                              op.name, what));
  }
  Attr a;
  a.kind = Attr::Kind::kDense;
  a.offset = i < op.operand_offsets.size() ? op.operand_offsets[i] : op.offset;
  a.dense = *c->attrs().literal;
  a.type = splat ? op.operands[i]->shape() : c->shape();
  a.splat = splat;
  return a;
}

// The output shape operand `i` of `op`, when constant, must agree with the (static) result type.
Status Parser::CheckShapeOperand(const OpInfo& op, size_t i) const {
  const Instruction* c = i < op.operands.size() ? op.operands[i] : nullptr;
  if (!c || c->opcode() != Opcode::kConstant || !c->attrs().literal) return Status::Ok();
  const Shape& result = op.result_types[0];
  const Literal& l = *c->attrs().literal;
  bool same = l.ElementCount() == result.rank();
  for (int64_t d = 0; same && d < result.rank(); ++d) same = l.GetAsInt64(d) == result.dim(d);
  if (same) return Status::Ok();
  return Error(op.offset, fmt::format("'{}': the output shape operand does not match the "
                                      "result type {}",
                                      op.name, result.ToString(false)));
}

// StableHLO/MHLO's rng names its result shape as a third operand (torch-mlir's and ByteIR's
// dropout masks compute it with arith.constant); HLO's rng has the shape in its type only.
Expected<std::vector<Instruction*>> Parser::BuildRng(Scope* scope, OpInfo* op) {
  if (op->result_types.size() != 1 || !op->result_types[0].IsArray()) {
    return Error(op->offset, fmt::format("'{}' must have one tensor result", op->name));
  }
  RETURN_IF_ERROR(CheckShapeOperand(*op, 2));
  op->operands.resize(2);
  return BuildSimple(scope, op, Opcode::kRng);
}

Expected<std::vector<Instruction*>> Parser::BuildDynamic(Scope* scope, OpInfo* op) {
  const std::string& m = op->mnemonic;
  if (op->result_types.size() != 1 || !op->result_types[0].IsArray()) {
    return Error(op->offset, fmt::format("'{}' must have one tensor result", op->name));
  }
  auto check_shape = [&](size_t i) { return CheckShapeOperand(*op, i); };
  size_t want = m == "dynamic_broadcast_in_dim" ? 2
                : m == "dynamic_iota"           ? 1
                : m == "dynamic_pad"            ? 5
                                                : 3;
  if (op->operands.size() != want) {
    return Error(op->offset, fmt::format("'{}' takes {} operands but has {}", op->name, want,
                                         op->operands.size()));
  }
  if (m == "dynamic_broadcast_in_dim") {
    RETURN_IF_ERROR(check_shape(1));
    op->operands.resize(1);
    return BuildSimple(scope, op, Opcode::kBroadcast);
  }
  if (m == "dynamic_iota") {
    RETURN_IF_ERROR(check_shape(0));
    op->operands.clear();
    return BuildSimple(scope, op, Opcode::kIota);
  }
  if (m == "dynamic_pad") {
    const char* names[] = {"edge_padding_low", "edge_padding_high", "interior_padding"};
    for (size_t i = 0; i < 3; ++i) {
      ASSIGN_OR_RETURN(Attr a, ConstantOperandAttr(*op, 2 + i, names[i]));
      SetAttr(op, names[i], std::move(a));
    }
    op->operands.resize(2);
    return BuildSimple(scope, op, Opcode::kPad);
  }
  bool gather = m == "dynamic_gather";
  ASSIGN_OR_RETURN(Attr a, ConstantOperandAttr(*op, 2, gather ? "slice_sizes" : "padding"));
  SetAttr(op, gather ? "slice_sizes" : "padding", std::move(a));
  op->operands.resize(2);
  return BuildSimple(scope, op, gather ? Opcode::kGather : Opcode::kConvolution);
}

}  // namespace xpar::mlir
