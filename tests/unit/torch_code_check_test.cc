// CheckClassBodies (src/plugins/torch/code_check.h): the TorchScript class bodies that libtorch
// 1.13's importer would crash on are found, with their line; what libtorch writes passes.
#include <gtest/gtest.h>

#include "plugins/torch/code_check.h"

namespace xpar::ts {
namespace {

// As torch.jit.save writes a module (trimmed from tests' Linear).
constexpr char kLinear[] = R"(class Linear(Module):
  __parameters__ = ["weight", "bias", ]
  __buffers__ = []
  weight : Tensor
  bias : Tensor
  training : bool
  _is_full_backward_hook : Optional[bool]
  limit : Final[int] = 3
  __annotations__["0"] = __torch__.Linear
  def forward(self: __torch__.Linear,
    x: Tensor) -> Tensor:
    bias = self.bias
    y = torch.linear(x, self.weight, bias)
    return y
)";

TEST(TorchCodeCheckTest, WhatLibtorchWritesPasses) {
  EXPECT_EQ(CheckClassBodies(kLinear), "");
  EXPECT_EQ(CheckClassBodies("class Color(Enum):\n  RED = 1\n  GREEN = \"g\"\n"), "");
  EXPECT_EQ(CheckClassBodies("class P(NamedTuple):\n  x : int\n  y : float = 2.\n"), "");
  // Assignments inside methods, strings and comments are not class-level statements.
  EXPECT_EQ(CheckClassBodies("class M(Module):\n  a : int\n  def f(self) -> int:\n"
                             "    b = 1  # c = 2\n    s = \"\"\"\n  d = 3\n\"\"\"\n    return b\n"),
            "");
  EXPECT_EQ(CheckClassBodies("def free(x: int) -> int:\n  y = x\n  return y\n"), "");
}

TEST(TorchCodeCheckTest, UnannotatedClassConstantIsFound) {
  // A fuzz finding: '__parameters__' with one letter changed became a class constant without a
  // type, and libtorch's parseClassConstant dereferenced the absent type (SIGSEGV).
  EXPECT_EQ(CheckClassBodies("class Linear(Module):\n  __parametfrs__ = [\"weight\", ]\n"
                             "  weight : Tensor\n"),
            "line 2: the class-level assignment '__parametfrs__ = [\"\", ]' has no type annotation");
  // A statement continued over lines is reported at its first line.
  EXPECT_EQ(CheckClassBodies("class A:\n  x : int\n  y = (1,\n    2)\n"),
            "line 3: the class-level assignment 'y = (1,    2)' has no type annotation");
  // The indentation of the body is whatever the first statement uses.
  EXPECT_EQ(CheckClassBodies("class A(Module):\n\tz = 1\n"),
            "line 2: the class-level assignment 'z = 1' has no type annotation");
}

TEST(TorchCodeCheckTest, NamedTupleAndEnumRules) {
  EXPECT_EQ(CheckClassBodies("class P(NamedTuple):\n  x : int\n  y = 2\n"),
            "line 3: the NamedTuple field 'y = 2' has no type annotation");
  EXPECT_EQ(CheckClassBodies("class C(Enum):\n  RED = 1\n  BLUE : int\n"),
            "line 3: the Enum member 'BLUE : int' has no value");
}

TEST(TorchCodeCheckTest, ComparisonsAndAugmentedAssignmentsAreNoAssignments) {
  EXPECT_EQ(CheckClassBodies("class A(Module):\n  x == 1\n  y += 2\n  z <= 3\n"), "");
}

}  // namespace
}  // namespace xpar::ts
