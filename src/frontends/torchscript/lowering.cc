// The Lowering's argument accessors and PyTorch's type promotion rules.
#include "frontends/torchscript/lowering.h"

#include <fmt/format.h>

#include <cmath>

namespace xpar::ts {

Status Lowering::Error(const Node& n, const std::string& message) const {
  return InvalidArgument("{}{}: {}", n.location.empty() ? "" : n.location + ": ", n.kind, message);
}

Expected<Instruction*> Lowering::AsTensor(Value& v) {
  if (v.kind != Value::Kind::kTensor) {
    // Python numbers used where a tensor is expected (aten::where(cond, x, 0.0)).
    if (v.kind == Value::Kind::kInt) return builder_.Scalar(PrimitiveType::kS64, double(v.i));
    if (v.kind == Value::Kind::kDouble) return builder_.Scalar(PrimitiveType::kF32, v.d);
    if (v.kind == Value::Kind::kBool) return builder_.Scalar(PrimitiveType::kPred, v.b);
    return InvalidArgument("expected a tensor");
  }
  if (!v.tensor) v.tensor = builder_.Scalar(v.known_type, *v.known);
  return v.tensor;
}

Expected<Instruction*> Lowering::Tensor(const Node& n, size_t i) {
  if (i >= n.inputs.size()) return Error(n, fmt::format("missing argument {}", i));
  Expected<Instruction*> t = AsTensor(In(n, i));
  if (!t.ok()) return Error(n, fmt::format("argument {} is not a tensor", i));
  return t;
}

Expected<double> Lowering::Number(const Node& n, size_t i) {
  if (i >= n.inputs.size()) return Error(n, fmt::format("missing argument {}", i));
  const Value& v = In(n, i);
  switch (v.kind) {
    case Value::Kind::kInt:
      return static_cast<double>(v.i);
    case Value::Kind::kDouble:
      return v.d;
    case Value::Kind::kBool:
      return v.b ? 1.0 : 0.0;
    case Value::Kind::kTensor:
      if (v.known) return *v.known;
      return Error(n, fmt::format("argument {} is a tensor computed at run time where a number "
                                  "known while tracing is needed",
                                  i));
    default:
      return Error(n, fmt::format("argument {} is not a number", i));
  }
}

Expected<int64_t> Lowering::Int(const Node& n, size_t i) {
  ASSIGN_OR_RETURN(double x, Number(n, i));
  if (In(n, i).kind == Value::Kind::kInt) return In(n, i).i;
  if (x != std::floor(x)) return Error(n, fmt::format("argument {} is not an integer", i));
  return static_cast<int64_t>(x);
}

Expected<bool> Lowering::Bool(const Node& n, size_t i) {
  ASSIGN_OR_RETURN(double x, Number(n, i));
  return x != 0;
}

Expected<std::string> Lowering::String(const Node& n, size_t i) {
  if (i >= n.inputs.size() || In(n, i).kind != Value::Kind::kString) {
    return Error(n, fmt::format("argument {} is not a string", i));
  }
  return In(n, i).s;
}

bool Lowering::IsNone(const Node& n, size_t i) {
  return i >= n.inputs.size() || In(n, i).kind == Value::Kind::kNone;
}

Expected<std::vector<int64_t>> Lowering::Ints(const Node& n, size_t i) {
  if (i >= n.inputs.size()) return Error(n, fmt::format("missing argument {}", i));
  const Value& v = In(n, i);
  if (v.kind == Value::Kind::kInt) return std::vector<int64_t>{v.i};
  if (v.kind != Value::Kind::kList && v.kind != Value::Kind::kTuple) {
    return Error(n, fmt::format("argument {} is not a list of ints", i));
  }
  std::vector<int64_t> out;
  for (const Value& e : v.elements) {
    if (e.kind == Value::Kind::kInt) {
      out.push_back(e.i);
    } else if (e.kind == Value::Kind::kTensor && e.known) {
      out.push_back(static_cast<int64_t>(*e.known));
    } else {
      return Error(n, fmt::format("argument {} has an element that is not an int known while "
                                  "tracing",
                                  i));
    }
  }
  return out;
}

Expected<std::vector<Instruction*>> Lowering::Tensors(const Node& n, size_t i) {
  if (i >= n.inputs.size() || In(n, i).kind != Value::Kind::kList) {
    return Error(n, fmt::format("argument {} is not a list of tensors", i));
  }
  std::vector<Instruction*> out;
  for (Value& e : In(n, i).elements) {
    Expected<Instruction*> t = AsTensor(e);
    if (!t.ok()) return Error(n, fmt::format("argument {} has an element that is not a tensor", i));
    out.push_back(*t);
  }
  return out;
}

Expected<std::optional<PrimitiveType>> Lowering::DType(const Node& n, size_t i) {
  if (IsNone(n, i)) return std::optional<PrimitiveType>();
  ASSIGN_OR_RETURN(int64_t code, Int(n, i));
  Expected<PrimitiveType> t = ScalarTypeToPrimitive(code);
  if (!t.ok()) return Error(n, t.status().message());
  return std::optional<PrimitiveType>(*t);
}

Expected<int64_t> Lowering::Dim(const Node& n, size_t i, int64_t rank) {
  ASSIGN_OR_RETURN(int64_t d, Int(n, i));
  int64_t r = std::max<int64_t>(rank, 1);
  if (d < -r || d >= r) {
    return Error(n, fmt::format("dimension {} is out of range for rank {}", d, rank));
  }
  return d < 0 ? d + r : d;
}

Expected<PrimitiveType> ScalarTypeToPrimitive(int64_t scalar_type) {
  // c10/core/ScalarType.h: Byte, Char, Short, Int, Long, Half, Float, Double, ComplexHalf,
  // ComplexFloat, ComplexDouble, Bool, QInt8, QUInt8, QInt32, BFloat16.
  switch (scalar_type) {
    case 0:
      return PrimitiveType::kU8;
    case 1:
      return PrimitiveType::kS8;
    case 2:
      return PrimitiveType::kS16;
    case 3:
      return PrimitiveType::kS32;
    case 4:
      return PrimitiveType::kS64;
    case 5:
      return PrimitiveType::kF16;
    case 6:
      return PrimitiveType::kF32;
    case 7:
      return PrimitiveType::kF64;
    case 11:
      return PrimitiveType::kPred;
    case 15:
      return PrimitiveType::kBF16;
    default:
      return Unimplemented("dtype number {} (complex or quantized) is not supported", scalar_type);
  }
}

namespace {

int Category(PrimitiveType t) {
  if (t == PrimitiveType::kPred) return 0;
  if (IsInteger(t)) return 1;
  return 2;
}

int Rank(PrimitiveType t) {
  switch (t) {
    case PrimitiveType::kPred:
      return 0;
    case PrimitiveType::kU8:
      return 1;
    case PrimitiveType::kS8:
      return 2;
    case PrimitiveType::kS16:
      return 3;
    case PrimitiveType::kU16:
      return 4;
    case PrimitiveType::kS32:
      return 5;
    case PrimitiveType::kU32:
      return 6;
    case PrimitiveType::kS64:
      return 7;
    case PrimitiveType::kU64:
      return 8;
    case PrimitiveType::kF16:
      return 9;
    case PrimitiveType::kBF16:
      return 10;
    case PrimitiveType::kF32:
      return 11;
    case PrimitiveType::kF64:
      return 12;
    // No TorchScript dtype maps to the 4/6/8-bit floats (torch refuses to promote float8).
    case PrimitiveType::kF8E4M3FN:
    case PrimitiveType::kF8E5M2:
    case PrimitiveType::kF8E4M3FNUZ:
    case PrimitiveType::kF8E5M2FNUZ:
    case PrimitiveType::kF8E4M3B11FNUZ:
    case PrimitiveType::kF8E3M4:
    case PrimitiveType::kF8E4M3:
    case PrimitiveType::kF8E8M0FNU:
    case PrimitiveType::kF6E2M3FN:
    case PrimitiveType::kF6E3M2FN:
    case PrimitiveType::kF4E2M1FN:
    case PrimitiveType::kTuple:
    case PrimitiveType::kToken:
      return -1;
  }
  return -1;
}

// torch.promote_types for the types xpar has (f16 with bf16 gives f32).
PrimitiveType Promote(PrimitiveType a, PrimitiveType b) {
  if (a == b) return a;
  if ((a == PrimitiveType::kF16 && b == PrimitiveType::kBF16) ||
      (a == PrimitiveType::kBF16 && b == PrimitiveType::kF16)) {
    return PrimitiveType::kF32;
  }
  return Rank(a) >= Rank(b) ? a : b;
}

}  // namespace

PrimitiveType ResultType(const std::vector<const Value*>& args) {
  // Priority groups: tensors of rank > 0, 0-d tensors, Python numbers.
  std::optional<PrimitiveType> group[3];
  for (const Value* v : args) {
    int g;
    PrimitiveType t;
    if (v->kind == Value::Kind::kTensor) {
      g = v->rank() > 0 ? 0 : 1;
      t = v->type();
    } else if (v->kind == Value::Kind::kInt || v->kind == Value::Kind::kDouble ||
               v->kind == Value::Kind::kBool) {
      g = 2;
      t = v->kind == Value::Kind::kInt    ? PrimitiveType::kS64
          : v->kind == Value::Kind::kBool ? PrimitiveType::kPred
                                          : PrimitiveType::kF32;  // the default dtype
    } else {
      continue;
    }
    group[g] = group[g] ? Promote(*group[g], t) : t;
  }
  std::optional<PrimitiveType> result;
  for (const auto& g : group) {
    if (!g) continue;
    if (!result) {
      result = *g;
    } else if (Category(*g) > Category(*result)) {
      result = *g;
    }
  }
  return result.value_or(PrimitiveType::kF32);
}

}  // namespace xpar::ts
