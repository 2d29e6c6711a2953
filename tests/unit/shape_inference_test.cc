// Shape rules of ops with non-trivial structure, built through the C++ IR API: dot general
// dims, convolution, gather/scatter, reduce-window, pad, collectives, rng-bit-generator,
// batch-norm, bitcast-convert and the elementwise error messages.
#include "ir/shape_inference.h"

#include <gtest/gtest.h>

#include "ir_test_builder.h"

namespace xpar {
namespace {

using testing::CompBuilder;
using testing::F32;
using testing::ModuleBuilder;
using testing::Pred;
using testing::S32;

std::string Infer(const Instruction* inst) {
  Expected<Shape> s = InferShape(*inst);
  return s.ok() ? s->ToString() : "error: " + s.status().message();
}

WindowDim Win(int64_t size, int64_t stride = 1, int64_t pad_low = 0, int64_t pad_high = 0,
              int64_t rhs_dilation = 1) {
  WindowDim w;
  w.size = size, w.stride = stride, w.pad_low = pad_low, w.pad_high = pad_high;
  w.rhs_dilation = rhs_dilation;
  return w;
}

ReplicaGroups Groups(std::vector<std::vector<int64_t>> groups) {
  ReplicaGroups r;
  r.groups = std::move(groups);
  return r;
}

class ShapeInferenceTest : public ::testing::Test {
 protected:
  ModuleBuilder mb_;
  CompBuilder b_ = mb_.Add("entry", /*entry=*/true);
};

TEST_F(ShapeInferenceTest, ElementwiseRequiresSameShapes) {
  Instruction* x = b_.Param(F32({}));
  Instruction* y = b_.Param(F32({2}));
  EXPECT_EQ(Infer(b_.Op(Opcode::kAdd, F32({}), {x, y})),
            "error: operand 1 has shape f32[2] but add expects f32[] (same as operand 0)");
  Instruction* z = b_.Param(F32({2}));
  EXPECT_EQ(Infer(b_.Op(Opcode::kCompare, Pred({2}), {y, z})), "pred[2]");
  Instruction* i = b_.Param(S32({2}));
  EXPECT_EQ(Infer(b_.Op(Opcode::kExp, S32({2}), {i})),
            "error: exponential expects a floating-point element type but operand 0 has shape "
            "s32[2]");
}

TEST_F(ShapeInferenceTest, SelectAndClamp) {
  Instruction* p = b_.Param(Pred({3}));
  Instruction* x = b_.Param(F32({3}));
  Instruction* lo = b_.Param(F32({}));
  EXPECT_EQ(Infer(b_.Op(Opcode::kSelect, F32({3}), {p, x, x})), "f32[3]");
  EXPECT_EQ(Infer(b_.Op(Opcode::kClamp, F32({3}), {lo, x, lo})), "f32[3]");
  Instruction* scalar_pred = b_.Param(Pred({}));
  EXPECT_EQ(Infer(b_.Op(Opcode::kSelect, F32({3}), {scalar_pred, x, x})),
            "error: select predicate pred[] must have the dims of the operands (f32[3])");
}

TEST_F(ShapeInferenceTest, BitcastConvertChangesWidth) {
  Instruction* f = b_.Param(F32({4}));
  EXPECT_EQ(Infer(b_.Op(Opcode::kBitcastConvert, Shape(PrimitiveType::kU8, {}), {f})),
            "u8[4,4]");
  Instruction* u = b_.Param(Shape(PrimitiveType::kU16, {3, 2}));
  EXPECT_EQ(Infer(b_.Op(Opcode::kBitcastConvert, F32({}), {u})), "f32[3]");
  EXPECT_EQ(Infer(b_.Op(Opcode::kBitcastConvert, S32({}), {f})), "s32[4]");
  Instruction* bad = b_.Param(Shape(PrimitiveType::kU16, {3}));
  EXPECT_EQ(Infer(b_.Op(Opcode::kBitcastConvert, F32({}), {bad})),
            "error: bitcast-convert from u16[3] to f32 needs a minor dimension of size 2 in the "
            "operand");
}

TEST_F(ShapeInferenceTest, BitcastConvertPredIsOneBit) {
  Instruction* bits = b_.Param(Pred({2, 16}));
  EXPECT_EQ(Infer(b_.Op(Opcode::kBitcastConvert, Shape(PrimitiveType::kU16, {}), {bits})),
            "u16[2]");
  Instruction* d = b_.Param(Shape(PrimitiveType::kF64, {}));
  EXPECT_EQ(Infer(b_.Op(Opcode::kBitcastConvert, Pred({}), {d})), "pred[64]");
  Instruction* bad = b_.Param(Pred({8}));
  EXPECT_EQ(Infer(b_.Op(Opcode::kBitcastConvert, S32({}), {bad})),
            "error: bitcast-convert from pred[8] to s32 needs a minor dimension of size 32 in the "
            "operand");
}

TEST_F(ShapeInferenceTest, AllGatherAcrossReplicasAndPartitions) {
  // channel_id without use_global_device_ids: the group size (2) times an unknown partition
  // count, read off the declared result.
  Instruction* x = b_.Param(F32({2, 2}));
  Instruction* ok = b_.Op(Opcode::kAllGather, F32({2, 8}), {x});
  ok->attrs().dimensions = {1};
  ok->attrs().replica_groups = Groups({{0, 1}});
  ok->attrs().channel_id = 1;
  EXPECT_EQ(Infer(ok), "f32[2,8]");
  Instruction* bad = b_.Op(Opcode::kAllGather, F32({2, 6}), {x});
  bad->attrs().dimensions = {1};
  bad->attrs().replica_groups = Groups({{0, 1}});
  bad->attrs().channel_id = 1;
  EXPECT_EQ(Infer(bad), "error: all-gather across replicas and partitions: the result's "
                        "dimension 1 must be a multiple of operand f32[2,2]'s times the group "
                        "size 2");
  Instruction* plain = b_.Op(Opcode::kAllGather, F32({2, 8}), {x});
  plain->attrs().dimensions = {1};
  plain->attrs().replica_groups = Groups({{0, 1}});
  EXPECT_EQ(Infer(plain), "f32[2,4]");
}

TEST_F(ShapeInferenceTest, BroadcastMapsOperandDims) {
  Instruction* x = b_.Param(F32({3}));
  Instruction* ok = b_.Op(Opcode::kBroadcast, F32({2, 3}), {x});
  ok->attrs().dimensions = {1};
  EXPECT_EQ(Infer(ok), "f32[2,3]");
  Instruction* bad = b_.Op(Opcode::kBroadcast, F32({3, 2}), {x});
  bad->attrs().dimensions = {1};
  EXPECT_EQ(Infer(bad), "error: broadcast maps operand dimension 0 (size 3) to result dimension 1 "
                        "of size 2");
}

TEST_F(ShapeInferenceTest, DotGeneralDims) {
  Instruction* lhs = b_.Param(F32({8, 2, 3}));
  Instruction* rhs = b_.Param(F32({8, 5, 3}));
  Instruction* dot = b_.Op(Opcode::kDot, Shape(PrimitiveType::kBF16, {}), {lhs, rhs});
  dot->attrs().dot = DotDims{{0}, {2}, {0}, {2}};
  // Batch dims, then lhs free, then rhs free; the declared (preferred) element type is kept.
  EXPECT_EQ(Infer(dot), "bf16[8,2,5]");
  Instruction* bad = b_.Op(Opcode::kDot, F32({}), {lhs, rhs});
  bad->attrs().dot = DotDims{{0}, {1}, {0}, {2}};
  EXPECT_EQ(Infer(bad), "error: dot contracts lhs dimension 1 (size 2) with rhs dimension 2 "
                        "(size 3) of f32[8,2,3] and f32[8,5,3]");
  Instruction* outer = b_.Op(Opcode::kDot, F32({}), {lhs, rhs});
  EXPECT_EQ(Infer(outer), "f32[8,2,3,8,5,3]");
}

ConvDims B01fKernel01io() {
  ConvDims c;
  c.input_batch = 0, c.input_feature = 3, c.input_spatial = {1, 2};
  c.kernel_input_feature = 2, c.kernel_output_feature = 3, c.kernel_spatial = {0, 1};
  c.output_batch = 0, c.output_feature = 3, c.output_spatial = {1, 2};
  return c;
}

TEST_F(ShapeInferenceTest, ConvolutionWindowAndGroups) {
  Instruction* in = b_.Param(F32({1, 5, 5, 4}));
  Instruction* k = b_.Param(F32({3, 3, 4, 6}));
  Instruction* conv = b_.Op(Opcode::kConvolution, F32({}), {in, k});
  conv->attrs().conv = B01fKernel01io();
  WindowDim w = Win(3, 2, 1, 1);
  conv->attrs().window = {w, w};
  EXPECT_EQ(Infer(conv), "f32[1,3,3,6]");
  // Grouped: 4 input features in 2 groups of 2.
  Instruction* gk = b_.Param(F32({3, 3, 2, 6}));
  Instruction* grouped = b_.Op(Opcode::kConvolution, F32({}), {in, gk});
  grouped->attrs().conv = B01fKernel01io();
  grouped->attrs().window = {w, w};
  grouped->attrs().feature_group_count = 2;
  EXPECT_EQ(Infer(grouped), "f32[1,3,3,6]");
  grouped->attrs().feature_group_count = 3;
  EXPECT_EQ(Infer(grouped), "error: convolution input features (4) / feature_group_count (3) "
                            "must equal the kernel input features (2)");
  // batch_group_count=4 splits the batch of 4 into groups; the kernel's 8 outputs cover them.
  Instruction* bin = b_.Param(F32({4, 5, 5, 4}));
  Instruction* bk = b_.Param(F32({1, 1, 4, 8}));
  Instruction* bgc = b_.Op(Opcode::kConvolution, F32({}), {bin, bk});
  bgc->attrs().conv = B01fKernel01io();
  bgc->attrs().window = {Win(1), Win(1)};
  bgc->attrs().batch_group_count = 4;
  EXPECT_EQ(Infer(bgc), "f32[1,5,5,8]");
}

TEST_F(ShapeInferenceTest, GatherWithAndWithoutBatchingDims) {
  Instruction* operand = b_.Param(F32({5, 7}));
  Instruction* idx = b_.Param(S32({3, 1}));
  Instruction* g = b_.Op(Opcode::kGather, F32({}), {operand, idx});
  GatherDims gd;
  gd.offset_dims = {1}, gd.collapsed_slice_dims = {0}, gd.start_index_map = {0};
  gd.index_vector_dim = 1;
  g->attrs().gather = gd;
  g->attrs().gather_slice_sizes = {1, 7};
  EXPECT_EQ(Infer(g), "f32[3,7]");
  g->attrs().gather_slice_sizes = {2, 7};
  EXPECT_EQ(Infer(g), "error: gather collapses dimension 0 whose slice size 2 is not 0 or 1");

  Instruction* bop = b_.Param(F32({2, 5, 7}));
  Instruction* bidx = b_.Param(S32({2, 3, 1}));
  Instruction* bg = b_.Op(Opcode::kGather, F32({}), {bop, bidx});
  GatherDims bd;
  bd.offset_dims = {2}, bd.collapsed_slice_dims = {1}, bd.start_index_map = {1};
  bd.operand_batching_dims = {0}, bd.start_indices_batching_dims = {0}, bd.index_vector_dim = 2;
  bg->attrs().gather = bd;
  bg->attrs().gather_slice_sizes = {1, 1, 7};
  EXPECT_EQ(Infer(bg), "f32[2,3,7]");
  Instruction* missing = b_.Op(Opcode::kGather, F32({}), {operand, idx});
  EXPECT_EQ(Infer(missing), "error: gather has no dimension numbers");
}

TEST_F(ShapeInferenceTest, VariadicScatter) {
  Computation* add2 = [&] {
    CompBuilder r = mb_.Add("add2");
    Instruction* a = r.Param(F32({}));
    Instruction* b = r.Param(S32({}));
    r.Root(r.Op(Opcode::kTuple, Shape::Tuple({F32({}), S32({})}), {a, b}));
    return r.comp();
  }();
  Instruction* x = b_.Param(F32({5, 7}));
  Instruction* y = b_.Param(S32({5, 7}));
  Instruction* idx = b_.Param(S32({3}));
  Instruction* ux = b_.Param(F32({3, 7}));
  Instruction* uy = b_.Param(S32({3, 7}));
  Instruction* s = b_.Op(Opcode::kScatter, F32({}), {x, y, idx, ux, uy});
  s->mutable_called() = {add2};
  ScatterDims sd;
  sd.update_window_dims = {1}, sd.inserted_window_dims = {0}, sd.scatter_dims_to_operand_dims = {0};
  sd.index_vector_dim = 1;
  s->attrs().scatter = sd;
  EXPECT_EQ(Infer(s), "(f32[5,7], s32[5,7])");
  Instruction* wide = b_.Param(F32({3, 8}));
  Instruction* bad = b_.Op(Opcode::kScatter, F32({}), {x, idx, wide});
  bad->mutable_called() = {add2};
  bad->attrs().scatter = s->attrs().scatter;
  EXPECT_EQ(Infer(bad), "error: scatter update window dimension 1 (size 8) is larger than "
                        "operand dimension 1 (size 7)");
}

TEST_F(ShapeInferenceTest, ReduceAndReduceWindow) {
  Computation* add = mb_.Reducer("add", PrimitiveType::kF32);
  Instruction* x = b_.Param(F32({4, 6}));
  Instruction* i = b_.Param(S32({4, 6}));
  Instruction* zero = b_.Param(F32({}));
  Instruction* izero = b_.Param(S32({}));
  Instruction* r = b_.Op(Opcode::kReduce, F32({}), {x, i, zero, izero});
  r->mutable_called() = {add};
  r->attrs().dimensions = {1};
  EXPECT_EQ(Infer(r), "(f32[4], s32[4])");
  Instruction* rw = b_.Op(Opcode::kReduceWindow, F32({}), {x, zero});
  rw->mutable_called() = {add};
  rw->attrs().window = {Win(2, 2), Win(3, 1, 1, 1)};
  EXPECT_EQ(Infer(rw), "f32[2,6]");
  rw->attrs().window = {Win(2, 2, 0, 0, /*rhs_dilation=*/2), Win(1)};
  EXPECT_EQ(Infer(rw), "f32[1,6]");
  rw->attrs().window.pop_back();
  EXPECT_EQ(Infer(rw),
            "error: reduce-window window has 1 dimensions but input f32[4,6] has rank 2");
}

TEST_F(ShapeInferenceTest, PadNegativeAndInterior) {
  Instruction* x = b_.Param(F32({3, 4}));
  Instruction* v = b_.Param(F32({}));
  Instruction* p = b_.Op(Opcode::kPad, F32({}), {x, v});
  p->attrs().padding = {PadDim{-1, 2, 1}, PadDim{0, -4, 0}};
  EXPECT_EQ(Infer(p), "f32[6,0]");
  p->attrs().padding = {PadDim{-6, 0, 0}, PadDim{}};
  EXPECT_EQ(Infer(p), "error: pad -6_0_0 makes dimension 0 (size 3) negative");
}

TEST_F(ShapeInferenceTest, AllGatherAndReduceScatterUseGroupSize) {
  Computation* add = mb_.Reducer("add", PrimitiveType::kF32);
  Instruction* x = b_.Param(F32({2, 3}));
  Instruction* ag = b_.Op(Opcode::kAllGather, F32({}), {x});
  ag->attrs().dimensions = {0};
  ag->attrs().replica_groups = Groups({{0, 1, 2, 3}});
  EXPECT_EQ(Infer(ag), "f32[8,3]");
  Instruction* big = b_.Param(F32({8, 3}));
  Instruction* rs = b_.Op(Opcode::kReduceScatter, F32({}), {big});
  rs->mutable_called() = {add};
  rs->attrs().dimensions = {0};
  ReplicaGroups iota;  // [2,4]<=[8]: two groups of four
  iota.iota_group_dims = {2, 4}, iota.iota_reshape = {8};
  rs->attrs().replica_groups = iota;
  EXPECT_EQ(Infer(rs), "f32[2,3]");
  rs->attrs().replica_groups = Groups({{0, 1, 2}});
  EXPECT_EQ(Infer(rs), "error: reduce-scatter dimension 0 of f32[8,3] is not divisible by the "
                       "group size 3");
  // PyTorch/XLA's form: a variadic all-gather with a scalar that passes through.
  Instruction* s = b_.Param(F32({}));
  Instruction* pair = b_.Op(Opcode::kAllGather, F32({}), {x, s});
  pair->attrs().dimensions = {0};
  pair->attrs().replica_groups = Groups({{0, 1}, {2, 3}});
  EXPECT_EQ(Infer(pair), "(f32[4,3], f32[])");
}

TEST_F(ShapeInferenceTest, AllToAllAndCollectivePermuteForms) {
  Instruction* x = b_.Param(F32({8, 3}));
  // Without dimensions the result is a tuple even for one operand, as XLA prints it.
  EXPECT_EQ(Infer(b_.Op(Opcode::kAllToAll, F32({}), {x})), "(f32[8,3])");
  Instruction* split = b_.Op(Opcode::kAllToAll, F32({}), {x});
  split->attrs().dimensions = {1};
  split->attrs().replica_groups = Groups({{0, 1}});
  EXPECT_EQ(Infer(split), "error: all-to-all dimension 1 of f32[8,3] is not divisible by the "
                          "group size 2");
  Shape start = Shape::Tuple({F32({8, 3}), F32({8, 3}), Shape::Scalar(PrimitiveType::kU32)});
  Instruction* cps = b_.Op(Opcode::kCollectivePermuteStart, start, {x});
  EXPECT_EQ(Infer(cps), "(f32[8,3], f32[8,3], u32[])");
  EXPECT_EQ(Infer(b_.Op(Opcode::kCollectivePermuteDone, F32({}), {cps})), "f32[8,3]");
}

TEST_F(ShapeInferenceTest, RngBitGeneratorAndBatchNorm) {
  Instruction* state = b_.Param(Shape(PrimitiveType::kU64, {2}));
  Shape declared = Shape::Tuple({Shape(PrimitiveType::kU64, {2}),
                                 Shape(PrimitiveType::kU32, {4, 4})});
  EXPECT_EQ(Infer(b_.Op(Opcode::kRngBitGenerator, declared, {state})), "(u64[2], u32[4,4])");
  EXPECT_EQ(Infer(b_.Op(Opcode::kRngBitGenerator, F32({4}), {state})),
            "error: rng-bit-generator must produce (state, output array) but declares f32[4]");

  Instruction* x = b_.Param(F32({2, 3, 4}));
  Instruction* f = b_.Param(F32({3}));
  Instruction* train = b_.Op(Opcode::kBatchNormTraining, F32({}), {x, f, f});
  train->attrs().feature_index = 1;
  EXPECT_EQ(Infer(train), "(f32[2,3,4], f32[3], f32[3])");
  Instruction* inf = b_.Op(Opcode::kBatchNormInference, F32({}), {x, f, f, f, f});
  inf->attrs().feature_index = 1;
  EXPECT_EQ(Infer(inf), "f32[2,3,4]");
  Instruction* grad = b_.Op(Opcode::kBatchNormGrad, F32({}), {x, f, f, f, x});
  grad->attrs().feature_index = 1;
  EXPECT_EQ(Infer(grad), "(f32[2,3,4], f32[3], f32[3])");
  grad->attrs().feature_index = 2;
  EXPECT_EQ(Infer(grad), "error: batch-norm-grad operand 1 has shape f32[3] but must be f32[4]");
}

TEST_F(ShapeInferenceTest, DataMovement) {
  Instruction* x = b_.Param(F32({4, 6}));
  Instruction* t = b_.Op(Opcode::kTranspose, F32({}), {x});
  t->attrs().dimensions = {1, 0};
  EXPECT_EQ(Infer(t), "f32[6,4]");
  Instruction* sl = b_.Op(Opcode::kSlice, F32({}), {x});
  sl->attrs().slice = {SliceDim{1, 4, 2}, SliceDim{0, 6, 1}};
  EXPECT_EQ(Infer(sl), "f32[2,6]");
  Instruction* c = b_.Op(Opcode::kConcatenate, F32({}), {x, x});
  c->attrs().dimensions = {1};
  EXPECT_EQ(Infer(c), "f32[4,12]");
  Instruction* i0 = b_.Param(S32({}));
  Instruction* ds = b_.Op(Opcode::kDynamicSlice, F32({}), {x, i0, i0});
  ds->attrs().dynamic_slice_sizes = {2, 6};
  EXPECT_EQ(Infer(ds), "f32[2,6]");
  Instruction* r = b_.Op(Opcode::kReshape, F32({3, 8}), {x});
  EXPECT_EQ(Infer(r), "f32[3,8]");
  Instruction* bad = b_.Op(Opcode::kReshape, F32({5, 5}), {x});
  EXPECT_EQ(Infer(bad), "error: reshape from f32[4,6] to f32[5,5] changes the number of elements");
}

}  // namespace
}  // namespace xpar
