// Collectives under autodiff (all-reduce, all-gather), on two simulated devices: each device's
// gradient of the summed losses of both devices, checked against central finite differences
// that perturb one device's argument.
#include <gtest/gtest.h>

#include "autodiff_test_util.h"

namespace xpar {
namespace {

// Differentiates `body` (a loss module) and checks each device's gradients against central
// differences of the sum of both devices' losses.
void CheckOnTwoDevices(const std::string& body, const std::string& out_shape,
                       std::vector<std::vector<Literal>> args) {
  auto forward = ParseHloModule(LossModule(body, out_shape));
  ASSERT_TRUE(forward.ok()) << forward.status().ToString();
  auto grad = autodiff::Differentiate(**forward, {});
  ASSERT_TRUE(grad.ok()) << grad.status().ToString();
  auto total_loss = [&](const std::vector<std::vector<Literal>>& a) {
    auto outs = RunOnDevices(**forward, a, 2, 1);
    EXPECT_TRUE(outs.ok()) << outs.status().ToString();
    return outs.ok() ? (*outs)[0].GetAsDouble(0) + (*outs)[1].GetAsDouble(0) : NAN;
  };
  auto grads = RunOnDevices(**grad, args, 2, 1);
  ASSERT_TRUE(grads.ok()) << grads.status().ToString();
  const double h = 1e-5;
  for (size_t device = 0; device < 2; ++device) {
    for (size_t param = 0; param < args[device].size(); ++param) {
      const Literal& g = (*grads)[device].elements().at(param + 1);
      for (int64_t j = 0; j < g.ElementCount(); ++j) {
        auto probe = args;
        double x = args[device][param].GetAsDouble(j);
        probe[device][param].SetFromDouble(j, x + h);
        double up = total_loss(probe);
        probe[device][param].SetFromDouble(j, x - h);
        double down = total_loss(probe);
        double fd = (up - down) / (2 * h);
        EXPECT_NEAR(g.GetAsDouble(j), fd, 1e-6 * std::max(1.0, std::abs(fd)))
            << "device " << device << " parameter " << param << " element " << j;
      }
    }
  }
}

TEST(AutodiffCollectives, AllReduceSumAcrossReplicas) {
  CheckOnTwoDevices(R"(  x = f64[3] parameter(0)
  w = f64[3] parameter(1)
  m = f64[3] multiply(x, w)
  s = f64[3] all-reduce(m), replica_groups={{0,1}}, channel_id=1, to_apply=add_f64
  out = f64[3] tanh(s))", "f64[3]",
                    {{RandomF64({3}, 1), RandomF64({3}, 2)},
                     {RandomF64({3}, 3), RandomF64({3}, 4)}});
}

TEST(AutodiffCollectives, AllGatherAcrossReplicas) {
  CheckOnTwoDevices(R"(  x = f64[2,3] parameter(0)
  w = f64[4,3] parameter(1)
  a = f64[4,3] all-gather(x), dimensions={0}, replica_groups={{0,1}}, channel_id=3
  m = f64[4,3] multiply(a, w)
  out = f64[4,3] tanh(m))", "f64[4,3]",
                    {{RandomF64({2, 3}, 5), RandomF64({4, 3}, 6)},
                     {RandomF64({2, 3}, 7), RandomF64({4, 3}, 8)}});
}

TEST(AutodiffCollectives, ReduceScatterAndTokenAllGather) {
  // reduce-scatter, and torch_xla's all-gather form with a scalar token beside the array.
  CheckOnTwoDevices(R"(  x = f64[4,3] parameter(0)
  t = f64[] parameter(1)
  r = f64[2,3] reduce-scatter(x), dimensions={0}, replica_groups={{0,1}}, to_apply=add_f64
  e = f64[2,3] exponential(r)
  ag = (f64[4,3], f64[]) all-gather(e, t), dimensions={0}, replica_groups={{0,1}}
  a = f64[4,3] get-tuple-element(ag), index=0
  tt = f64[] get-tuple-element(ag), index=1
  b = f64[4,3] broadcast(tt), dimensions={}
  out = f64[4,3] multiply(a, b))", "f64[4,3]",
                    {{RandomF64({4, 3}, 9), Literal::Scalar(0.5)},
                     {RandomF64({4, 3}, 10), Literal::Scalar(-0.7)}});
}

}  // namespace
}  // namespace xpar
