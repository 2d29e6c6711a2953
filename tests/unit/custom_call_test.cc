// The custom-call registry: AwsNeuron* kernels, sharding annotations and unknown targets.
#include <cmath>

#include "interp_ext_test_util.h"

namespace xpar {
namespace {

using testing_ext::ExpectNear;
using testing_ext::ParseOrDie;
using testing_ext::Run1;
using testing_ext::RunError;
using testing_ext::Values;

std::string UnaryCall(const std::string& target) {
  return R"(HloModule m
ENTRY e {
  x = f32[3] parameter(0)
  ROOT c = f32[3] custom-call(x), custom_call_target=")" +
         target + R"(", api_version=API_VERSION_UNSPECIFIED
})";
}

Literal Xs() { return Literal::FromVector<float>({3}, {-1, 0, 1}); }

TEST(CustomCallTest, NeuronGeluFamily) {
  ExpectNear(Run1(UnaryCall("AwsNeuronGelu"), {Xs()}), {-0.15865525, 0, 0.84134475});
  ExpectNear(Run1(UnaryCall("AwsNeuronGeluApprxTanh"), {Xs()}), {-0.15880801, 0, 0.84119199});
  // gelu'(x) = Phi(x) + x phi(x): Phi(1) = 0.8413447, phi(1) = 0.2419707.
  ExpectNear(Run1(UnaryCall("AwsNeuronGeluBackward"), {Xs()}),
             {0.15865525 - 0.24197072, 0.5, 0.84134475 + 0.24197072});
}

TEST(CustomCallTest, IdentityTargets) {
  for (const char* t : {"AwsNeuronTransferWithStaticRing", "Sharding"}) {
    EXPECT_EQ(Values<float>(Run1(UnaryCall(t), {Xs()})), (std::vector<float>{-1, 0, 1})) << t;
  }
}

TEST(CustomCallTest, NeuronRmsNormOverConfiguredDim) {
  // As transformers_neuronx writes it: (x, weight, eps) with backend_config = hidden dim.
  Literal x = Literal::FromVector<float>({2, 2}, {3, 4, 1, 1});
  Literal w = Literal::FromVector<float>({2}, {1, 2});
  const double eps = 1e-5;
  Literal last = Run1(R"(HloModule m
ENTRY e {
  x = f32[2,2] parameter(0)
  w = f32[2] parameter(1)
  eps = f32[] constant(1e-05)
  ROOT c = f32[2,2] custom-call(x, w, eps), custom_call_target="AwsNeuronRmsNorm",
      backend_config="1"
})", {x, w});
  double r0 = 1 / std::sqrt(12.5 + eps), r1 = 1 / std::sqrt(1 + eps);
  ExpectNear(last, {3 * r0, 8 * r0, r1, 2 * r1});
  Literal first = Run1(R"(HloModule m
ENTRY e {
  x = f32[2,2] parameter(0)
  w = f32[2] parameter(1)
  eps = f32[] constant(1e-05)
  ROOT c = f32[2,2] custom-call(x, w, eps), custom_call_target="AwsNeuronRmsNorm",
      backend_config="0"
})", {x, w});
  // Columns {3,1} and {4,1}; weight indexed along dim 0.
  double c0 = 1 / std::sqrt(5 + eps), c1 = 1 / std::sqrt(8.5 + eps);
  ExpectNear(first, {3 * c0, 4 * c1, 2 * c0, 2 * c1});
}

TEST(CustomCallTest, NeuronSoftmax) {
  Literal out = Run1(R"(HloModule m
ENTRY e {
  x = f32[2] parameter(0)
  ROOT c = f32[2] custom-call(x), custom_call_target="AwsNeuronSoftmax", backend_config="0"
})", {Literal::FromVector<float>({2}, {0, std::log(3.0f)})});
  ExpectNear(out, {0.25, 0.75});
}

TEST(CustomCallTest, UnknownTargetNamesIt) {
  Status s = RunError(UnaryCall("MyFancyKernel"), {Xs()});
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("\"MyFancyKernel\""), std::string::npos) << s.message();
}

TEST(CustomCallTest, SpmdShardShapesRoundTripOnTwoPartitions) {
  // Tile 0 lives on partition 1 (devices=[2]1,0).
  auto m = ParseOrDie(R"(HloModule m
ENTRY e {
  x = f32[4] parameter(0)
  s = f32[4] custom-call(x), custom_call_target="Sharding", sharding={devices=[2]1,0}
  m = f32[2] custom-call(s), custom_call_target="SPMDFullToShardShape", sharding={manual}
  n = f32[2] negate(m)
  f = f32[4] custom-call(n), custom_call_target="SPMDShardToFullShape",
      sharding={devices=[2]1,0}
  ROOT t = (f32[2], f32[4]) tuple(m, f)
})");
  ASSERT_TRUE(m);
  std::vector<std::vector<Literal>> args(2);
  for (auto& a : args) a.push_back(Literal::FromVector<float>({4}, {1, 2, 3, 4}));
  auto r = RunOnDevices(*m, std::move(args), 1, 2);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(Values<float>((*r)[0].elements()[0]), (std::vector<float>{3, 4}));
  EXPECT_EQ(Values<float>((*r)[1].elements()[0]), (std::vector<float>{1, 2}));
  for (const Literal& d : *r) {
    EXPECT_EQ(Values<float>(d.elements()[1]), (std::vector<float>{-1, -2, -3, -4}));
  }
}

}  // namespace
}  // namespace xpar
