// prim:: nodes and the scalar side of a trace: constants, lists, tuples, sizes, and the
// conversions between 0-d tensors and numbers that tracing records for shape arithmetic.
#include <fmt/format.h>

#include "frontends/torchscript/lowering.h"
#include "ir/gradient_attributes.h"

namespace xpar::ts {
namespace {

Status LowerConstant(Lowering& L, const Node& n) {
  if (!n.constant) return L.Error(n, "a constant of a kind xpar does not support");
  Value v;
  const ConstantValue& c = *n.constant;
  if (std::holds_alternative<NoneValue>(c)) {
    v.kind = Value::Kind::kNone;
  } else if (auto* b = std::get_if<bool>(&c)) {
    v.kind = Value::Kind::kBool;
    v.b = *b;
  } else if (auto* i = std::get_if<int64_t>(&c)) {
    v = Value::Int(*i);
  } else if (auto* d = std::get_if<double>(&c)) {
    v.kind = Value::Kind::kDouble;
    v.d = *d;
  } else if (auto* s = std::get_if<std::string>(&c)) {
    v.kind = Value::Kind::kString;
    v.s = *s;
  } else if (auto* is = std::get_if<std::vector<int64_t>>(&c)) {
    v.kind = Value::Kind::kList;
    for (int64_t x : *is) v.elements.push_back(Value::Int(x));
  } else if (auto* ds = std::get_if<std::vector<double>>(&c)) {
    v.kind = Value::Kind::kList;
    for (double x : *ds) {
      Value e;
      e.kind = Value::Kind::kDouble;
      e.d = x;
      v.elements.push_back(e);
    }
  } else if (auto* lit = std::get_if<Literal>(&c)) {
    if (lit->shape().rank() == 0) {
      v = Value::Known(lit->GetAsDouble(0), lit->type());
    } else {
      v = Value::Tensor(L.b().Constant(*lit));
    }
  }
  L.Set(n, 0, std::move(v));
  return Status();
}

Status LowerListConstruct(Lowering& L, const Node& n) {
  Value v;
  v.kind = n.kind == "prim::TupleConstruct" ? Value::Kind::kTuple : Value::Kind::kList;
  for (size_t i = 0; i < n.inputs.size(); ++i) v.elements.push_back(L.In(n, i));
  L.Set(n, 0, std::move(v));
  return Status();
}

Status LowerUnpack(Lowering& L, const Node& n) {
  const Value& v = L.In(n, 0);
  if (v.elements.size() != n.outputs.size()) {
    return L.Error(n, fmt::format("unpacks {} values from a list or tuple of {}", n.outputs.size(),
                                  v.elements.size()));
  }
  std::vector<Value> elements = v.elements;
  for (size_t i = 0; i < elements.size(); ++i) L.Set(n, i, elements[i]);
  return Status();
}

// prim::NumToTensor(int) -> a 0-d tensor known while importing.
Status LowerNumToTensor(Lowering& L, const Node& n) {
  const Value& v = L.In(n, 0);
  if (v.kind == Value::Kind::kInt) {
    L.Set(n, 0, Value::Known(static_cast<double>(v.i), PrimitiveType::kS64));
  } else if (v.kind == Value::Kind::kDouble) {
    L.Set(n, 0, Value::Known(v.d, PrimitiveType::kF64));
  } else if (v.kind == Value::Kind::kBool) {
    L.Set(n, 0, Value::Known(v.b, PrimitiveType::kPred));
  } else {
    return L.Error(n, "expects a number");
  }
  return Status();
}

// aten::Int / aten::Float / aten::ScalarImplicit: a 0-d tensor back to a number.
Status LowerToNumber(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(double x, L.Number(n, 0));
  const Value& in = L.In(n, 0);
  bool integral =
      n.kind == "aten::Int" || (n.kind == "aten::ScalarImplicit" &&
                                in.kind == Value::Kind::kTensor && !IsFloating(in.type()));
  if (integral) {
    L.Set(n, 0, Value::Int(static_cast<int64_t>(x)));
  } else {
    Value v;
    v.kind = Value::Kind::kDouble;
    v.d = x;
    L.Set(n, 0, v);
  }
  return Status();
}

Status LowerSize(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  const std::vector<int64_t>& dims = x->shape().dims();
  if (n.inputs.size() == 1) {
    Value v;
    v.kind = Value::Kind::kList;
    for (int64_t d : dims) v.elements.push_back(Value::Int(d));
    L.Set(n, 0, std::move(v));
    return Status();
  }
  ASSIGN_OR_RETURN(int64_t d, L.Dim(n, 1, x->shape().rank()));
  L.Set(n, 0, Value::Int(dims[d]));
  return Status();
}

// Ops that are the identity for an inference trace on one device.
Status LowerIdentity(Lowering& L, const Node& n) {
  if (n.kind == "aten::dropout") {
    ASSIGN_OR_RETURN(bool train, L.Bool(n, 2));
    if (train) return L.Error(n, "dropout in training mode is not supported (trace in eval())");
  }
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  L.SetTensor(n, 0, x);
  return Status();
}

// `detach`: the same values, and no gradient back through them (a marked copy, see
// ir/gradient_attributes.h), so that xpar's autodiff stops where torch.autograd stops.
Status LowerDetach(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(Instruction * copy, L.b().Unary(Opcode::kCopy, x));
  copy->mutable_frontend_attributes().emplace_back(kStopGradientAttr, "true");
  L.SetTensor(n, 0, copy);
  return Status();
}

}  // namespace

void AddPrimHandlers(HandlerTable& t) {
  t["prim::Constant"] = LowerConstant;
  t["prim::ListConstruct"] = LowerListConstruct;
  t["prim::TupleConstruct"] = LowerListConstruct;
  t["prim::ListUnpack"] = LowerUnpack;
  t["prim::TupleUnpack"] = LowerUnpack;
  t["prim::NumToTensor"] = LowerNumToTensor;
  t["aten::Int"] = LowerToNumber;
  t["aten::Float"] = LowerToNumber;
  t["aten::ScalarImplicit"] = LowerToNumber;
  t["aten::size"] = LowerSize;
  t["aten::contiguous"] = LowerIdentity;
  t["aten::detach"] = LowerDetach;
  t["aten::clone"] = LowerIdentity;
  t["aten::dropout"] = LowerIdentity;
}

}  // namespace xpar::ts
