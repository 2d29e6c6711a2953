// Shape rules of reductions and other ops with computed structure: reduce and reduce-window
// (variadic -> tuple), select-and-scatter, sort, topk, batch-norm-*, rng and rng-bit-generator.
#include <fmt/format.h>

#include <algorithm>

#include "ir/shape_inference_internal.h"

namespace xpar::shape_rules {
namespace {

// Splits the 2N operands of reduce / reduce-window into N same-dims inputs and N scalar inits.
Status SplitInputsAndInits(const Instruction& inst, std::vector<Shape>& inputs,
                           std::vector<Shape>& inits) {
  if (inst.operand_count() < 2 || inst.operand_count() % 2 != 0) {
    return InvalidArgument("{} expects N inputs and N init values but has {} operands",
                           Name(inst), inst.operand_count());
  }
  RETURN_IF_ERROR(ExpectCalled(inst, 1));
  int64_t n = inst.operand_count() / 2;
  for (int64_t i = 0; i < n; ++i) {
    ASSIGN_OR_RETURN(Shape in, ArrayOperand(inst, i));
    if (i > 0 && in.dims() != inputs[0].dims()) {
      return InvalidArgument("{} input {} has shape {} but input 0 has {}", Name(inst), i,
                             Str(in), Str(inputs[0]));
    }
    inputs.push_back(in);
    ASSIGN_OR_RETURN(Shape init, ScalarOperand(inst, n + i));
    inits.push_back(init);
  }
  return Status::Ok();
}

}  // namespace

Expected<Shape> InferReduce(const Instruction& inst) {
  std::vector<Shape> inputs, inits;
  RETURN_IF_ERROR(SplitInputsAndInits(inst, inputs, inits));
  const auto& dims = inst.attrs().dimensions;
  RETURN_IF_ERROR(CheckDims(dims, inputs[0].rank(), "reduce dimensions"));
  std::vector<int64_t> kept;
  for (int64_t i = 0; i < inputs[0].rank(); ++i) {
    if (std::find(dims.begin(), dims.end(), i) == dims.end()) kept.push_back(inputs[0].dim(i));
  }
  std::vector<Shape> results;
  for (const Shape& init : inits) results.emplace_back(init.type(), kept);
  return TupleOrSingle(std::move(results));
}

Expected<Shape> InferReduceWindow(const Instruction& inst) {
  std::vector<Shape> inputs, inits;
  RETURN_IF_ERROR(SplitInputsAndInits(inst, inputs, inits));
  const auto& window = inst.attrs().window;
  if (static_cast<int64_t>(window.size()) != inputs[0].rank()) {
    return InvalidArgument("reduce-window window has {} dimensions but input {} has rank {}",
                           window.size(), Str(inputs[0]), inputs[0].rank());
  }
  std::vector<int64_t> dims;
  for (int64_t i = 0; i < inputs[0].rank(); ++i) {
    ASSIGN_OR_RETURN(int64_t d, WindowedSize(inputs[0].dim(i), window[i], "reduce-window"));
    dims.push_back(d);
  }
  std::vector<Shape> results;
  for (const Shape& init : inits) results.emplace_back(init.type(), dims);
  return TupleOrSingle(std::move(results));
}

// select-and-scatter(operand, source, init): the window over operand must produce source.
Expected<Shape> InferSelectAndScatter(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 3));
  RETURN_IF_ERROR(ExpectCalled(inst, 2));
  ASSIGN_OR_RETURN(Shape operand, ArrayOperand(inst, 0));
  ASSIGN_OR_RETURN(Shape source, ArrayOperand(inst, 1));
  ASSIGN_OR_RETURN(Shape init, ScalarOperand(inst, 2));
  const auto& window = inst.attrs().window;
  if (static_cast<int64_t>(window.size()) != operand.rank()) {
    return InvalidArgument("select-and-scatter window has {} dimensions but operand {} has "
                           "rank {}",
                           window.size(), Str(operand), operand.rank());
  }
  std::vector<int64_t> windowed;
  for (int64_t i = 0; i < operand.rank(); ++i) {
    ASSIGN_OR_RETURN(int64_t d, WindowedSize(operand.dim(i), window[i], "select-and-scatter"));
    windowed.push_back(d);
  }
  if (source.dims() != windowed) {
    return InvalidArgument("select-and-scatter source {} must have the windowed operand's dims "
                           "{}",
                           Str(source), DimsStr(windowed));
  }
  if (init.type() != source.type()) {
    return InvalidArgument("select-and-scatter init value {} must have the type of source {}",
                           Str(init), Str(source));
  }
  return operand;
}

Expected<Shape> InferSort(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectAtLeastOperands(inst, 1));
  RETURN_IF_ERROR(ExpectCalled(inst, 1));
  std::vector<Shape> results;
  for (int64_t i = 0; i < inst.operand_count(); ++i) {
    ASSIGN_OR_RETURN(Shape s, ArrayOperand(inst, i));
    if (i > 0 && s.dims() != results[0].dims()) {
      return InvalidArgument("sort operand {} has shape {} but operand 0 has {}", i, Str(s),
                             Str(results[0]));
    }
    results.push_back(s);
  }
  const auto& dims = inst.attrs().dimensions;
  if (dims.size() != 1) {
    return InvalidArgument("sort needs exactly one dimension but has {}", DimsStr(dims));
  }
  RETURN_IF_ERROR(CheckDims(dims, results[0].rank(), "sort dimensions"));
  return TupleOrSingle(std::move(results));
}

// topk(operand [..., n]), k -> (values [..., k], s32 indices [..., k]).
Expected<Shape> InferTopK(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 1));
  ASSIGN_OR_RETURN(Shape in, ArrayOperand(inst, 0));
  int64_t k = inst.attrs().topk_k;
  if (in.rank() < 1 || k < 0 || k > in.dim(in.rank() - 1)) {
    return InvalidArgument("topk k={} must be in [0, {}] (the last dimension of {})", k,
                           in.rank() < 1 ? 0 : in.dim(in.rank() - 1), Str(in));
  }
  std::vector<int64_t> dims = in.dims();
  dims.back() = k;
  return Shape::Tuple({Shape(in.type(), dims), Shape(PrimitiveType::kS32, dims)});
}

// batch-norm-training(x, scale, offset) -> (x, mean, var);
// batch-norm-inference(x, scale, offset, mean, var) -> x;
// batch-norm-grad(x, scale, mean, var, grad_y) -> (grad_x, grad_scale, grad_offset).
Expected<Shape> InferBatchNorm(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, OpcodeArity(inst.opcode())));
  ASSIGN_OR_RETURN(Shape x, ArrayOperand(inst, 0));
  int64_t f = inst.attrs().feature_index;
  if (!IsFloating(x.type()) || f < 0 || f >= x.rank()) {
    return InvalidArgument("{} needs a floating-point operand and feature_index in [0, {}) but "
                           "has {} and feature_index={}",
                           Name(inst), x.rank(), Str(x), f);
  }
  Shape feature(x.type(), {x.dim(f)});
  bool grad = inst.opcode() == Opcode::kBatchNormGrad;
  for (int64_t i = 1; i < inst.operand_count(); ++i) {
    ASSIGN_OR_RETURN(Shape s, ArrayOperand(inst, i));
    const Shape& want = grad && i == 4 ? x : feature;
    if (!s.Compatible(want)) {
      return InvalidArgument("{} operand {} has shape {} but must be {}", Name(inst), i, Str(s),
                             Str(want));
    }
  }
  if (inst.opcode() == Opcode::kBatchNormInference) return x;
  return Shape::Tuple({x, feature, feature});
}

// rng(a, b): scalar parameters of the result's element type; the dims are declared.
Expected<Shape> InferRng(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 2));
  ASSIGN_OR_RETURN(Shape a, ScalarOperand(inst, 0));
  ASSIGN_OR_RETURN(Shape b, ScalarOperand(inst, 1));
  if (a.type() != b.type()) {
    return InvalidArgument("rng parameters {} and {} must have the same type", Str(a), Str(b));
  }
  if (!inst.shape().IsArray()) {
    return InvalidArgument("rng must produce an array but declares {}", Str(inst.shape()));
  }
  return Shape(a.type(), inst.shape().dims());
}

// rng-bit-generator(state) -> (new state with the state's shape, declared output array).
Expected<Shape> InferRngBitGenerator(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 1));
  ASSIGN_OR_RETURN(Shape state, ArrayOperand(inst, 0));
  const Shape& out = inst.shape();
  if (!out.IsTuple() || out.tuple_shapes().size() != 2 || !out.tuple_shape(1).IsArray()) {
    return InvalidArgument("rng-bit-generator must produce (state, output array) but declares {}",
                           Str(out));
  }
  if (!IsInteger(out.tuple_shape(1).type())) {
    return InvalidArgument("rng-bit-generator output {} must have an integer element type",
                           Str(out.tuple_shape(1)));
  }
  return Shape::Tuple({state, StripLayout(out.tuple_shape(1))});
}

}  // namespace xpar::shape_rules
