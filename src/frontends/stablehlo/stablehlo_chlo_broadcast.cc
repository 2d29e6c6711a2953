// chlo.broadcast_* ops and CHLO constants. Each operand of a broadcasting op is broadcast to
// the result's dimensions (numpy-style: aligned to the trailing dimensions, or along
// `broadcast_dimensions` when given), then the op is built as its StableHLO counterpart or
// as its CHLO decomposition (broadcast_zeta, broadcast_next_after, ...).
//   %r = chlo.broadcast_add %a, %b : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
//   => add(a, broadcast(b, dimensions={}))
#include "frontends/stablehlo/stablehlo_chlo_builder.h"

namespace xpar::mlir {
namespace {

// `x` broadcast to `dims` (keeping its element type); `map[i]` is the result dimension of
// operand dimension i. Expanded unit dimensions are reshaped away first, as HLO requires.
Expected<Instruction*> BroadcastTo(Parser& p, Scope* scope, const OpInfo& op, Instruction* x,
                                   const std::vector<int64_t>& dims,
                                   const std::vector<int64_t>& map) {
  const Shape& in = x->shape();
  if (in.dims() == dims) return x;
  std::vector<int64_t> kept_dims, kept_sizes;
  for (int64_t i = 0; i < in.rank(); ++i) {
    const int64_t d = map[i];
    if (d < 0 || d >= static_cast<int64_t>(dims.size()) ||
        (in.dim(i) != dims[d] && in.dim(i) != 1)) {
      return p.Error(op.offset, fmt::format("'{}': operand {} does not broadcast to the result",
                                            op.name, in.ToString(false)));
    }
    if (in.dim(i) == 1 && dims[d] != 1) continue;
    kept_dims.push_back(d);
    kept_sizes.push_back(in.dim(i));
  }
  if (static_cast<int64_t>(kept_sizes.size()) != in.rank()) {
    x = p.Add(scope->comp, Opcode::kReshape, Shape(in.type(), kept_sizes), {x}, op.offset,
              "reshape");
  }
  Instruction* b =
      p.Add(scope->comp, Opcode::kBroadcast, Shape(in.type(), dims), {x}, op.offset, "broadcast");
  b->attrs().dimensions = kept_dims;
  return b;
}

}  // namespace

Expected<std::vector<Instruction*>> BuildChloBroadcast(Parser& p, Scope* scope, OpInfo* op) {
  if (op->result_types.size() != 1 || !op->result_types[0].IsArray() || op->operands.empty()) {
    return p.Error(op->offset, fmt::format("'{}' takes tensors and has one result", op->name));
  }
  const std::vector<int64_t>& dims = op->result_types[0].dims();
  const int64_t rank = static_cast<int64_t>(dims.size());
  std::vector<int64_t> explicit_map;
  if (const Attr* bd = op->Find("broadcast_dimensions")) {
    ASSIGN_OR_RETURN(explicit_map, AttrInts(*bd));
  }
  for (Instruction*& x : op->operands) {
    const int64_t r = x->shape().rank();
    std::vector<int64_t> map(r);
    if (!explicit_map.empty() && r == static_cast<int64_t>(explicit_map.size()) && r < rank) {
      map = explicit_map;
    } else {
      for (int64_t i = 0; i < r; ++i) map[i] = rank - r + i;
    }
    ASSIGN_OR_RETURN(x, BroadcastTo(p, scope, *op, x, dims, map));
  }
  op->mnemonic = op->mnemonic.substr(std::string_view("broadcast_").size());
  std::erase_if(op->attrs, [](const auto& kv) { return kv.first == "broadcast_dimensions"; });
  op->operand_types.clear();
  for (Instruction* x : op->operands) op->operand_types.push_back(x->shape());
  if (auto math = BuildChloMath(p, scope, op)) return std::move(*math);
  std::optional<Opcode> opcode = OpcodeFromStableHloName(op->mnemonic);
  if (!opcode || !(OpcodeTraits(*opcode) & kElementwise)) {
    return p.Unsupported(op->offset, fmt::format("'{}' has no StableHLO counterpart in xpar",
                                                 op->name));
  }
  return p.BuildSimple(scope, op, *opcode);
}

// chlo.constant dense<...> : T, and chlo.constant_like {value = v} (%x): a splat of x's shape.
Expected<std::vector<Instruction*>> BuildChloConstant(Parser& p, Scope* scope, OpInfo* op) {
  if (op->mnemonic == "constant") return p.BuildSimple(scope, op, Opcode::kConstant);
  const Attr* v = op->Find("value");
  if (op->operands.size() != 1 || op->result_types.size() != 1 || !v ||
      !op->result_types[0].IsArray()) {
    return p.Error(op->offset, "chlo.constant_like takes one operand, a value and one result");
  }
  const Shape& s = op->result_types[0];
  if (!IsFloating(s.type()) && !IsInteger(s.type()) && s.type() != PrimitiveType::kPred) {
    return p.Unsupported(op->offset, "chlo.constant_like of this element type (complex) is not "
                                     "supported");
  }
  Literal scalar(Shape::Scalar(s.type()));
  switch (v->kind) {
    case Attr::Kind::kInt:
      scalar.SetFromInt64(0, v->i);
      break;
    case Attr::Kind::kBool:
      scalar.SetFromInt64(0, v->b ? 1 : 0);
      break;
    case Attr::Kind::kFloat:
      scalar.SetFromDouble(0, v->f);
      break;
    default:
      return p.Error(v->offset, "chlo.constant_like needs a number or boolean value");
  }
  return std::vector<Instruction*>{
      p.AddSplatConstant(scope->comp, s, std::move(scalar), op->offset, op->result_name)};
}

}  // namespace xpar::mlir
