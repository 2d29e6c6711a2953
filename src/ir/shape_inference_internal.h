// Shared helpers and the per-family entry points of shape inference (shape_inference_*.cc).
// Private to src/ir: callers use InferShape from shape_inference.h.
#pragma once

#include <string>
#include <vector>

#include "ir/instruction.h"
#include "ir/module.h"
#include "support/status.h"

namespace xpar::shape_rules {

// The shape with every layout removed (recursively for tuples).
Shape StripLayout(const Shape& shape);
// "f32[2,3]" (no layout), for messages.
inline std::string Str(const Shape& s) { return s.ToString(/*include_layout=*/false); }
std::string Name(const Instruction& inst);  // "add", "reduce-window", ...
std::string DimsStr(const std::vector<int64_t>& dims);  // "{0,2}"

// Errors unless inst has exactly/at least n operands.
Status ExpectOperands(const Instruction& inst, int64_t n);
Status ExpectAtLeastOperands(const Instruction& inst, int64_t n);
// Errors unless operand i is an array (not a tuple or token).
Expected<Shape> ArrayOperand(const Instruction& inst, int64_t i);
// Errors unless operand i is an array of rank 0.
Expected<Shape> ScalarOperand(const Instruction& inst, int64_t i);
// Errors unless inst calls exactly n computations (each with a root).
Status ExpectCalled(const Instruction& inst, int64_t n);
// Checks that the dimension numbers in `dims` are in [0, rank) and pairwise distinct.
Status CheckDims(const std::vector<int64_t>& dims, int64_t rank, const std::string& what);
// The number of devices in each replica group, or -1 when the groups are not given.
int64_t GroupSize(const Instruction& inst);
// The output size of one windowed dimension (convolution, reduce-window); error if negative.
Expected<int64_t> WindowedSize(int64_t input, const WindowDim& w, const std::string& what);
// The declared shape, or a tuple of shapes when there is more than one.
Shape TupleOrSingle(std::vector<Shape> shapes);
// The shape of the root of `c` without layout.
Shape RootShape(const Computation& c);

// Per-family rules; each handles the opcodes its file's header lists.
Expected<Shape> InferElementwise(const Instruction& inst);
Expected<Shape> InferConvert(const Instruction& inst);
Expected<Shape> InferBitcastConvert(const Instruction& inst);
Expected<Shape> InferClamp(const Instruction& inst);
Expected<Shape> InferSelect(const Instruction& inst);
Expected<Shape> InferMap(const Instruction& inst);

Expected<Shape> InferBroadcast(const Instruction& inst);
Expected<Shape> InferReshape(const Instruction& inst);
Expected<Shape> InferTranspose(const Instruction& inst);
Expected<Shape> InferSlice(const Instruction& inst);
Expected<Shape> InferDynamicSlice(const Instruction& inst);
Expected<Shape> InferDynamicUpdateSlice(const Instruction& inst);
Expected<Shape> InferConcatenate(const Instruction& inst);
Expected<Shape> InferPad(const Instruction& inst);
Expected<Shape> InferReverse(const Instruction& inst);
Expected<Shape> InferIota(const Instruction& inst);

Expected<Shape> InferGather(const Instruction& inst);
Expected<Shape> InferScatter(const Instruction& inst);

Expected<Shape> InferDot(const Instruction& inst);
Expected<Shape> InferConvolution(const Instruction& inst);
Expected<Shape> InferCholesky(const Instruction& inst);
Expected<Shape> InferTriangularSolve(const Instruction& inst);

Expected<Shape> InferReduce(const Instruction& inst);
Expected<Shape> InferReduceWindow(const Instruction& inst);
Expected<Shape> InferSelectAndScatter(const Instruction& inst);
Expected<Shape> InferSort(const Instruction& inst);
Expected<Shape> InferTopK(const Instruction& inst);
Expected<Shape> InferBatchNorm(const Instruction& inst);
Expected<Shape> InferRng(const Instruction& inst);
Expected<Shape> InferRngBitGenerator(const Instruction& inst);

Expected<Shape> InferAllReduce(const Instruction& inst);
Expected<Shape> InferAllGather(const Instruction& inst);
Expected<Shape> InferReduceScatter(const Instruction& inst);
Expected<Shape> InferAllToAll(const Instruction& inst);
Expected<Shape> InferCollectivePermute(const Instruction& inst);
Expected<Shape> InferAsyncDone(const Instruction& inst);

Expected<Shape> InferTuple(const Instruction& inst);
Expected<Shape> InferGetTupleElement(const Instruction& inst);
Expected<Shape> InferWhile(const Instruction& inst);
Expected<Shape> InferCall(const Instruction& inst);
Expected<Shape> InferConditional(const Instruction& inst);
Expected<Shape> InferConstant(const Instruction& inst);
Expected<Shape> InferSideEffecting(const Instruction& inst);

}  // namespace xpar::shape_rules
