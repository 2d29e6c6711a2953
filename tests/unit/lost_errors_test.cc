// Errors that travel through the runtime and the partitioner keep their code and get their
// location exactly once (issue 15, "no lost errors"). Before: the evaluator decided whether an
// error was already located by searching its text for "while evaluating", and both the
// evaluator and the partitioner rewrapped errors as "invalid argument".
#include <gtest/gtest.h>

#include <string>

#include "frontends/hlo/hlo_parser.h"
#include "frontends/stablehlo/stablehlo_parser.h"
#include "passes/spmd/spmd_partitioner.h"
#include "runtime/interpreter/interpreter.h"

namespace xpar {
namespace {

int Count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

Status RunError(const std::string& hlo) {
  auto module = ParseHloModule(hlo);
  EXPECT_TRUE(module.ok()) << module.status().ToString();
  if (!module.ok()) return module.status();
  Interpreter interp(**module);
  std::vector<Literal> args;
  for (const Instruction* p : (*module)->entry()->parameters()) args.emplace_back(p->shape());
  Expected<Literal> r = interp.Run(args);
  EXPECT_FALSE(r.ok());
  return r.ok() ? Status::Ok() : r.status();
}

// A kernel's message that happens to contain the words the evaluator once searched for is
// still located, and its code (unimplemented) is kept.
TEST(LostErrors, KernelErrorIsLocatedWhateverItSays) {
  Status s = RunError(R"(HloModule t

ENTRY e {
  %a = f32[2] parameter(0)
  ROOT %cc = f32[2] custom-call(f32[2] %a), custom_call_target="while evaluating x"
})");
  EXPECT_EQ(s.code(), StatusCode::kUnimplemented) << s.ToString();
  EXPECT_NE(s.message().find(":5:"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("while evaluating custom-call in %e: custom-call target"),
            std::string::npos)
      << s.message();
}

// An error in a called computation is located at the instruction that raised it, once; the
// callers pass it on with its code.
TEST(LostErrors, NestedErrorLocatedOnceWithItsCode) {
  Status s = RunError(R"(HloModule t

inner {
  %p = f32[2] parameter(0)
  ROOT %cc = f32[2] custom-call(f32[2] %p), custom_call_target="no_such_kernel"
}

ENTRY e {
  %a = f32[2] parameter(0)
  ROOT %c = f32[2] call(f32[2] %a), to_apply=inner
})");
  EXPECT_EQ(s.code(), StatusCode::kUnimplemented) << s.ToString();
  EXPECT_EQ(Count(s.message(), "while evaluating"), 1) << s.message();
  EXPECT_NE(s.message().find(":5:"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("while evaluating custom-call in %inner"), std::string::npos)
      << s.message();
}

// Inside a while body, a failing reducer of a reduce: located in the reducer, once.
TEST(LostErrors, ErrorInLoopBodyLocatedOnce) {
  Status s = RunError(R"(HloModule t

bad_add {
  %x = f32[] parameter(0)
  %y = f32[] parameter(1)
  ROOT %z = f32[] custom-call(f32[] %x, f32[] %y), custom_call_target="no_such_reducer"
}

cond {
  %s = (s32[], f32[4]) parameter(0)
  %i = s32[] get-tuple-element((s32[], f32[4]) %s), index=0
  %n = s32[] constant(3)
  ROOT %lt = pred[] compare(s32[] %i, s32[] %n), direction=LT
}

body {
  %s = (s32[], f32[4]) parameter(0)
  %i = s32[] get-tuple-element((s32[], f32[4]) %s), index=0
  %v = f32[4] get-tuple-element((s32[], f32[4]) %s), index=1
  %zero = f32[] constant(0)
  %r = f32[] reduce(f32[4] %v, f32[] %zero), dimensions={0}, to_apply=bad_add
  %b = f32[4] broadcast(f32[] %r), dimensions={}
  %one = s32[] constant(1)
  %j = s32[] add(s32[] %i, s32[] %one)
  ROOT %t = (s32[], f32[4]) tuple(s32[] %j, f32[4] %b)
}

ENTRY e {
  %a = f32[4] parameter(0)
  %i0 = s32[] constant(0)
  %init = (s32[], f32[4]) tuple(s32[] %i0, f32[4] %a)
  ROOT %w = (s32[], f32[4]) while((s32[], f32[4]) %init), condition=cond, body=body
})");
  EXPECT_EQ(s.code(), StatusCode::kUnimplemented) << s.ToString();
  EXPECT_EQ(Count(s.message(), "while evaluating"), 1) << s.message();
  EXPECT_NE(s.message().find(":6:"), std::string::npos) << s.message();
}

// The partitioner keeps the code of what it locates: a sharding xpar does not support is
// "unimplemented", not "invalid argument".
TEST(LostErrors, PartitionerKeepsTheCode) {
  auto module = ParseHloModule(R"(HloModule t

ENTRY e {
  %a = f32[4,4] parameter(0), sharding={devices=[2,1,2]0,1,2,3 last_tile_dims={manual}}
  ROOT %n = f32[4,4] negate(f32[4,4] %a)
})");
  ASSERT_TRUE(module.ok()) << module.status().ToString();
  auto out = PartitionModule(**module, Mesh({2, 2}));
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), StatusCode::kUnimplemented) << out.status().ToString();
  EXPECT_NE(out.status().message().find(":4:"), std::string::npos) << out.status().message();
  EXPECT_NE(out.status().message().find("last_tile_dims"), std::string::npos)
      << out.status().message();
}

// A dense literal's bad element is malformed input; only a complex element is unsupported. The
// code was chosen by searching the message for "complex", so a misspelt number that happened to
// contain the word became "unimplemented".
TEST(LostErrors, DenseElementCodeDoesNotDependOnItsText) {
  auto bad = ParseStableHlo("func.func @main() -> tensor<2xf32> {\n"
                            "  %0 = stablehlo.constant dense<[1.0, complexity]> : tensor<2xf32>\n"
                            "  func.return %0 : tensor<2xf32>\n}",
                            "t.mlir");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().code(), StatusCode::kInvalidArgument) << bad.status().ToString();
  EXPECT_NE(bad.status().message().find("t.mlir:2:"), std::string::npos) << bad.status().message();
  auto complex = ParseStableHlo("func.func @main() -> tensor<f32> {\n"
                                "  %0 = stablehlo.constant dense<(1.0, 2.0)> : tensor<f32>\n"
                                "  func.return %0 : tensor<f32>\n}",
                                "t.mlir");
  ASSERT_FALSE(complex.ok());
  EXPECT_EQ(complex.status().code(), StatusCode::kUnimplemented) << complex.status().ToString();
}

}  // namespace
}  // namespace xpar
