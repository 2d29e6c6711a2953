// Reducer matching and the scalar computation caller.
#include "runtime/interpreter/reduce_util.h"

#include <cstring>

namespace xpar {

NativeReduceOp MatchNativeReducer(const Computation& reducer, PrimitiveType type) {
  const Instruction* root = reducer.root();
  if (!root || reducer.parameter_count() != 2 || root->operand_count() != 2) {
    return NativeReduceOp::kNone;
  }
  for (const Instruction* p : reducer.parameters()) {
    if (!p || !p->shape().IsArray() || p->shape().rank() != 0 || p->shape().type() != type) {
      return NativeReduceOp::kNone;
    }
  }
  if (root->shape().type() != type || root->shape().rank() != 0) return NativeReduceOp::kNone;
  const Instruction* a = root->operand(0);
  const Instruction* b = root->operand(1);
  bool params = a->opcode() == Opcode::kParameter && b->opcode() == Opcode::kParameter &&
                a->attrs().parameter_number != b->attrs().parameter_number;
  if (!params) return NativeReduceOp::kNone;
  const bool is_pred = type == PrimitiveType::kPred;
  switch (root->opcode()) {
    case Opcode::kAdd: return is_pred ? NativeReduceOp::kNone : NativeReduceOp::kAdd;
    case Opcode::kMultiply: return is_pred ? NativeReduceOp::kNone : NativeReduceOp::kMultiply;
    case Opcode::kMaximum: return is_pred ? NativeReduceOp::kOr : NativeReduceOp::kMaximum;
    case Opcode::kMinimum: return is_pred ? NativeReduceOp::kAnd : NativeReduceOp::kMinimum;
    case Opcode::kAnd:
      return is_pred || IsInteger(type) ? NativeReduceOp::kAnd : NativeReduceOp::kNone;
    case Opcode::kOr:
      return is_pred || IsInteger(type) ? NativeReduceOp::kOr : NativeReduceOp::kNone;
    default: return NativeReduceOp::kNone;  // any other reducer takes the general path
  }
}

Expected<ScalarCaller> ScalarCaller::Create(EvalContext& ctx, const Computation& c,
                                            const std::vector<PrimitiveType>& arg_types,
                                            const std::vector<PrimitiveType>& result_types) {
  if (c.parameter_count() != static_cast<int64_t>(arg_types.size())) {
    return InvalidArgument("computation %{} takes {} parameters, expected {}", c.name(),
                           c.parameter_count(), arg_types.size());
  }
  for (size_t i = 0; i < arg_types.size(); ++i) {
    const Instruction* p = c.parameters()[i];
    if (!p || p->shape().rank() != 0 || p->shape().type() != arg_types[i]) {
      return InvalidArgument("parameter {} of %{} must be a {}[] scalar", i, c.name(),
                             PrimitiveTypeName(arg_types[i]));
    }
  }
  const Instruction* root = c.root();
  if (!root) return InvalidArgument("computation %{} has no ROOT", c.name());
  const Shape& rs = root->shape();
  bool ok = result_types.size() == 1
                ? rs.IsArray() && rs.rank() == 0 && rs.type() == result_types[0]
                : rs.IsTuple() && rs.tuple_shapes().size() == result_types.size();
  for (size_t j = 0; ok && result_types.size() > 1 && j < result_types.size(); ++j) {
    const Shape& e = rs.tuple_shape(j);
    ok = e.IsArray() && e.rank() == 0 && e.type() == result_types[j];
  }
  if (!ok) {
    return InvalidArgument("computation %{} returns {}, which does not match its use", c.name(),
                           rs.ToString(false));
  }
  ScalarCaller caller(ctx, c);
  for (PrimitiveType t : arg_types) caller.args_.emplace_back(Shape::Scalar(t));
  caller.result_types_ = result_types;
  return caller;
}

void ScalarCaller::SetArg(size_t i, const void* bytes) {
  std::memcpy(args_[i].raw(), bytes, args_[i].size_bytes());
}

Status ScalarCaller::Call() {
  std::vector<const Literal*> ptrs;
  ptrs.reserve(args_.size());
  for (const Literal& a : args_) ptrs.push_back(&a);
  ASSIGN_OR_RETURN(result_, ctx_->Call(*c_, ptrs));
  return Status::Ok();
}

Status ScalarCaller::Accumulate(std::vector<Literal>& accs, int64_t acc_index,
                                std::span<const Literal* const> inputs, int64_t input_index) {
  const size_t n = accs.size();
  for (size_t j = 0; j < n; ++j) {
    SetArg(j, accs[j].raw() + acc_index * ByteWidth(accs[j].type()));
    SetArg(n + j, inputs[j]->raw() + input_index * ByteWidth(inputs[j]->type()));
  }
  RETURN_IF_ERROR(Call());
  for (size_t j = 0; j < n; ++j) {
    const int64_t w = ByteWidth(accs[j].type());
    std::memcpy(accs[j].raw() + acc_index * w, result(j), w);
  }
  return Status::Ok();
}

Expected<ScalarCaller> ScalarCaller::ForReducer(EvalContext& ctx, const Computation& reducer,
                                                std::span<const Literal* const> inputs,
                                                std::span<const Literal* const> inits) {
  std::vector<PrimitiveType> arg_types, result_types;
  for (const Literal* l : inits) result_types.push_back(l->type());
  arg_types = result_types;
  for (const Literal* l : inputs) arg_types.push_back(l->type());
  return Create(ctx, reducer, arg_types, result_types);
}

}  // namespace xpar
