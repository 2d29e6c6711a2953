// Each verifier check triggered once on a module built in memory, with its expected message;
// a well-formed module with called computations passes.
#include "ir/verifier.h"

#include <gtest/gtest.h>

#include "ir_test_builder.h"

namespace xpar {
namespace {

using testing::CompBuilder;
using testing::F32;
using testing::ModuleBuilder;
using testing::Pred;
using testing::S32;

std::string Verify(const Module& m) {
  Status s = VerifyModule(m);
  return s.ok() ? "ok" : s.message();
}

// ENTRY (p0: f32[4], p1: f32[4]) -> add(p0, p1), with an `add` reducer computation first.
struct Fixture {
  ModuleBuilder mb;
  Computation* add = mb.Reducer("add", PrimitiveType::kF32);
  CompBuilder e = mb.Add("main", /*entry=*/true);
  Instruction* p0 = e.Param(F32({4}));
  Instruction* p1 = e.Param(F32({4}));
};

TEST(Verifier, AcceptsWellFormedModule) {
  Fixture f;
  Instruction* sum = f.e.Op(Opcode::kAdd, F32({4}), {f.p0, f.p1});
  Instruction* zero = f.e.Op(Opcode::kConstant, F32({}), {});
  zero->attrs().literal = Literal::Scalar(0.0f);
  Instruction* r = f.e.Op(Opcode::kReduce, F32({}), {sum, zero});
  r->attrs().dimensions = {0};
  r->mutable_called() = {f.add};
  f.e.Root(f.e.Op(Opcode::kTuple, Shape::Tuple({F32({}), F32({4})}), {r, sum}));
  f.mb.module().input_output_alias().push_back(IoAlias{{1}, 0, {}, "may-alias"});
  EXPECT_EQ(Verify(f.mb.module()), "ok");
}

TEST(Verifier, MissingEntry) {
  ModuleBuilder mb;
  mb.Reducer("add", PrimitiveType::kF32);
  EXPECT_EQ(Verify(mb.module()), "module %m has no ENTRY computation");
}

TEST(Verifier, MissingRoot) {
  Fixture f;
  EXPECT_EQ(Verify(f.mb.module()), "in %main: computation has no ROOT");
}

TEST(Verifier, OperandFromAnotherComputation) {
  Fixture f;
  Instruction* foreign = f.add->parameters()[0];
  f.e.Root(f.e.Op(Opcode::kNegate, F32({}), {foreign}, "neg"));
  EXPECT_EQ(Verify(f.mb.module()),
            "in %main, %neg: operand 0 (%add.p0) is not in computation %main");
}

TEST(Verifier, OperandUsedBeforeDefinition) {
  Fixture f;
  Instruction* a = f.e.Op(Opcode::kNegate, F32({4}), {f.p0}, "a");
  Instruction* b = f.e.Op(Opcode::kNegate, F32({4}), {f.p0}, "b");
  a->ReplaceOperand(0, b);
  f.e.Root(b);
  EXPECT_EQ(Verify(f.mb.module()), "in %main, %a: operand 0 (%b) is used before it is defined");
}

TEST(Verifier, DuplicateInstructionNameNamesBothComputations) {
  Fixture f;
  f.e.Root(f.e.Op(Opcode::kAdd, F32({4}), {f.p0, f.p1}, "add.op"));
  EXPECT_EQ(Verify(f.mb.module()),
            "in %main, %add.op: instruction name %add.op is already used in %add");
}

TEST(Verifier, ParameterNumbersMustBeDense) {
  ModuleBuilder mb;
  CompBuilder e = mb.Add("main", /*entry=*/true);
  e.Param(F32({}), 0, "a");
  e.Root(e.Param(F32({}), 2, "c"));
  EXPECT_EQ(Verify(mb.module()), "in %main, %c: parameter number 2 is out of range: the 2 "
                                 "parameters must be numbered 0..1");
  ModuleBuilder dup;
  CompBuilder d = dup.Add("main", /*entry=*/true);
  d.Param(F32({}), 0, "a");
  d.Root(d.Param(F32({}), 0, "b"));
  EXPECT_EQ(Verify(dup.module()), "in %main, %b: parameter number 0 is already used by %a");
}

TEST(Verifier, Arity) {
  Fixture f;
  f.e.Root(f.e.Op(Opcode::kAdd, F32({4}), {f.p0}, "add.1"));
  EXPECT_EQ(Verify(f.mb.module()), "in %main, %add.1: add takes 2 operands but has 1");
}

TEST(Verifier, RequiredAttributes) {
  Fixture f;
  Instruction* idx = f.e.Param(S32({2, 1}));
  f.e.Root(f.e.Op(Opcode::kGather, F32({2}), {f.p0, idx}, "g"));
  EXPECT_EQ(Verify(f.mb.module()), "in %main, %g: gather has no dimension numbers");
}

TEST(Verifier, ConstantLiteralMustMatch) {
  Fixture f;
  Instruction* c = f.e.Op(Opcode::kConstant, F32({2}), {}, "c");
  c->attrs().literal = Literal::Scalar(1.0f);
  f.e.Root(c);
  EXPECT_EQ(Verify(f.mb.module()),
            "in %main, %c: constant literal has shape f32[] but the constant declares f32[2]");
}

TEST(Verifier, GetTupleElementIndexInRange) {
  Fixture f;
  Instruction* t = f.e.Op(Opcode::kTuple, Shape::Tuple({F32({4})}), {f.p0}, "t");
  Instruction* g = f.e.Op(Opcode::kGetTupleElement, F32({4}), {t}, "g");
  g->attrs().tuple_index = 1;
  f.e.Root(g);
  EXPECT_EQ(Verify(f.mb.module()), "in %main, %g: get-tuple-element index=1 is out of range "
                                   "for a tuple of 1 elements");
}

TEST(Verifier, DeclaredShapeMustMatchInferred) {
  Fixture f;
  Instruction* t = f.e.Op(Opcode::kTranspose, F32({4, 1}), {f.p0}, "t");
  t->attrs().dimensions = {0};
  f.e.Root(t);
  EXPECT_EQ(Verify(f.mb.module()), "in %main, %t: shape f32[4,1] does not match the shape f32[4] "
                                   "that transpose computes from its operands");
}

TEST(Verifier, ReducerSignature) {
  Fixture f;
  Computation* imax = f.mb.Reducer("imax", PrimitiveType::kS32, Opcode::kMaximum);
  CompBuilder e = f.mb.Add("main2", /*entry=*/true);
  Instruction* x = e.Param(F32({4}));
  Instruction* zero = e.Param(F32({}));
  Instruction* r = e.Op(Opcode::kReduce, F32({}), {x, zero}, "r");
  r->attrs().dimensions = {0};
  r->mutable_called() = {imax};
  e.Root(r);
  f.e.Root(f.p0);
  EXPECT_EQ(Verify(f.mb.module()), "in %main2, %r: reducer %imax (s32[], s32[]) -> s32[] "
                                   "parameter 0 must be f32[] but is s32[]");
}

TEST(Verifier, SortComparatorReturnsPred) {
  Fixture f;
  Instruction* s = f.e.Op(Opcode::kSort, F32({4}), {f.p0}, "s");
  s->attrs().dimensions = {0};
  s->mutable_called() = {f.add};
  f.e.Root(s);
  EXPECT_EQ(Verify(f.mb.module()),
            "in %main, %s: comparator %add (f32[], f32[]) -> f32[] must return pred[]");
}

TEST(Verifier, WhileConditionAndBody) {
  ModuleBuilder mb;
  CompBuilder cond = mb.Add("cond");
  cond.Root(cond.Op(Opcode::kNegate, F32({}), {cond.Param(F32({}))}, "c.neg"));
  CompBuilder body = mb.Add("body");
  body.Root(body.Param(F32({}), 0, "b.p"));
  CompBuilder e = mb.Add("main", /*entry=*/true);
  Instruction* w = e.Op(Opcode::kWhile, F32({}), {e.Param(F32({}))}, "w");
  w->mutable_called() = {cond.comp(), body.comp()};
  e.Root(w);
  EXPECT_EQ(Verify(mb.module()),
            "in %main, %w: while condition %cond (f32[]) -> f32[] must return pred[]");
}

TEST(Verifier, ConditionalBranchParameters) {
  ModuleBuilder mb;
  CompBuilder t = mb.Add("on_true");
  t.Root(t.Param(F32({}), 0, "t.p"));
  CompBuilder fb = mb.Add("on_false");
  fb.Root(fb.Op(Opcode::kConvert, F32({}), {fb.Param(S32({}), 0, "f.p")}, "f.cvt"));
  CompBuilder e = mb.Add("main", /*entry=*/true);
  Instruction* pred = e.Param(Pred({}));
  Instruction* x = e.Param(F32({}));
  Instruction* c = e.Op(Opcode::kConditional, F32({}), {pred, x, x}, "cond");
  c->mutable_called() = {t.comp(), fb.comp()};
  e.Root(c);
  EXPECT_EQ(Verify(mb.module()), "in %main, %cond: branch 1 %on_false (s32[]) -> f32[] "
                                 "parameter 0 must have the shape f32[] of operand 2");
}

TEST(Verifier, CallArgumentsAndCalleeOrder) {
  Fixture f;
  Instruction* call = f.e.Op(Opcode::kCall, F32({}), {f.p0, f.p1}, "call");
  call->mutable_called() = {f.add};
  f.e.Root(call);
  EXPECT_EQ(Verify(f.mb.module()), "in %main, %call: called computation %add (f32[], f32[]) -> "
                                   "f32[] parameter 0 must have the shape f32[4] of operand 0");
  ModuleBuilder mb;
  CompBuilder e = mb.Add("main", /*entry=*/true);
  CompBuilder later = mb.Add("later");
  later.Root(later.Param(F32({})));
  Instruction* c2 = e.Op(Opcode::kCall, F32({}), {e.Param(F32({}))}, "c2");
  c2->mutable_called() = {later.comp()};
  e.Root(c2);
  EXPECT_EQ(Verify(mb.module()), "in %main, %c2: calls %later, which is not defined before "
                                 "%main (callees must come first)");
}

TEST(Verifier, InputOutputAlias) {
  Fixture f;
  f.e.Root(f.e.Op(Opcode::kAdd, F32({4}), {f.p0, f.p1}));
  f.mb.module().input_output_alias().push_back(IoAlias{{}, 2, {}, ""});
  EXPECT_EQ(Verify(f.mb.module()), "module %m: input_output_alias {}: (parameter 2, {}): "
                                   "parameter 2 does not exist (the ENTRY computation has 2)");
}

}  // namespace
}  // namespace xpar
