// Constants from dense<...> values and splats made by the frontend's own lowerings. A splat of
// more than StableHloParseOptions::max_expanded_splat elements is built as XLA builds one:
//   %c = stablehlo.constant dense<0xFF800000> : tensor<64x6x256x256xf32>          (100 MB)
//   ->  constant f32[] -inf;  broadcast f32[64,6,256,256] of it, dimensions={}      (4 bytes)
// so the planner sees a broadcast it can shard and the interpreter fuses it into its consumer.
#include <cstring>

#include "frontends/stablehlo/stablehlo_parser_impl.h"

namespace xpar::mlir {

Instruction* Parser::AddSplatConstant(Computation* comp, const Shape& shape, Literal scalar,
                                      int64_t offset, std::string_view base) {
  if (shape.rank() == 0) {
    Instruction* c = Add(comp, Opcode::kConstant, shape, {}, offset, base);
    c->attrs().literal = std::move(scalar);
    return c;
  }
  if (shape.ElementCount() > options_.max_expanded_splat) {
    Instruction* c = Add(comp, Opcode::kConstant, Shape::Scalar(shape.type()), {}, offset);
    c->attrs().literal = std::move(scalar);
    return Add(comp, Opcode::kBroadcast, shape, {c}, offset, base.empty() ? "broadcast" : base);
  }
  Literal full(shape);
  const int64_t width = ByteWidth(shape.type());
  for (int64_t i = 0; i < full.ElementCount(); ++i) {
    std::memcpy(full.raw() + i * width, scalar.raw(), width);
  }
  Instruction* c = Add(comp, Opcode::kConstant, shape, {}, offset, base);
  c->attrs().literal = std::move(full);
  return c;
}

Instruction* Parser::AddSplatConstant(Computation* comp, const Shape& shape, double v,
                                      int64_t offset) {
  Literal scalar(Shape::Scalar(shape.type()));
  scalar.SetFromDouble(0, v);
  return AddSplatConstant(comp, shape, std::move(scalar), offset);
}

Instruction* Parser::AddSplatConstantInt(Computation* comp, const Shape& shape, int64_t v,
                                         int64_t offset) {
  Literal scalar(Shape::Scalar(shape.type()));
  scalar.SetFromInt64(0, v);
  return AddSplatConstant(comp, shape, std::move(scalar), offset);
}

Expected<Instruction*> Parser::AddDenseConstant(Computation* comp, const Attr& value,
                                                const Shape& result, int64_t offset,
                                                std::string_view base) {
  if (value.kind != Attr::Kind::kDense || !value.dense || !value.type) {
    return Error(value.offset >= 0 ? value.offset : offset, "expected a dense<...> value");
  }
  if (!value.type->Compatible(result)) {
    return Error(value.offset, fmt::format("constant value has type {} but the result is {}",
                                           value.type->ToString(false), result.ToString(false)));
  }
  if (value.splat) return AddSplatConstant(comp, result, *value.dense, offset, base);
  Instruction* c = Add(comp, Opcode::kConstant, result, {}, offset, base);
  c->attrs().literal = *value.dense;
  return c;
}

bool IsSplatConstant(const Instruction& inst) {
  if (inst.opcode() != Opcode::kBroadcast || inst.operand_count() != 1) return false;
  const Instruction& c = *inst.operand(0);
  return c.opcode() == Opcode::kConstant && c.shape().IsArray() && c.shape().rank() == 0 &&
         c.attrs().literal.has_value();
}

Expected<Literal> DenseData(const Attr& a) {
  if (a.kind != Attr::Kind::kDense || !a.dense) return InvalidArgument("expected dense<...>");
  if (!a.splat) return *a.dense;  // shares the buffer
  const Shape& shape = *a.type;
  if (shape.ElementCount() > kMaxExpandedAttrSplat) {
    return InvalidArgument("a splat of {} elements where a list of values is expected",
                           shape.ElementCount());
  }
  Literal full(shape);
  const int64_t width = ByteWidth(shape.type());
  for (int64_t i = 0; i < full.ElementCount(); ++i) {
    std::memcpy(full.raw() + i * width, a.dense->raw(), width);
  }
  return full;
}

}  // namespace xpar::mlir
