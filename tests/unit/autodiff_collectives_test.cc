// all-reduce under autodiff, on two simulated devices: each device's gradient of the summed
// losses of both devices, checked against central finite differences that perturb one
// device's argument.
#include <gtest/gtest.h>

#include "autodiff_test_util.h"

namespace xpar {
namespace {

TEST(AutodiffCollectives, AllReduceSumAcrossReplicas) {
  std::string hlo = LossModule(R"(  x = f64[3] parameter(0)
  w = f64[3] parameter(1)
  m = f64[3] multiply(x, w)
  s = f64[3] all-reduce(m), replica_groups={{0,1}}, channel_id=1, to_apply=add_f64
  out = f64[3] tanh(s))", "f64[3]");
  auto forward = ParseHloModule(hlo);
  ASSERT_TRUE(forward.ok()) << forward.status().ToString();
  auto grad = autodiff::Differentiate(**forward, {});
  ASSERT_TRUE(grad.ok()) << grad.status().ToString();
  std::vector<std::vector<Literal>> args = {{RandomF64({3}, 1), RandomF64({3}, 2)},
                                            {RandomF64({3}, 3), RandomF64({3}, 4)}};
  auto total_loss = [&](const std::vector<std::vector<Literal>>& a) {
    auto outs = RunOnDevices(**forward, a, 2, 1);
    EXPECT_TRUE(outs.ok()) << outs.status().ToString();
    return outs.ok() ? (*outs)[0].GetAsDouble(0) + (*outs)[1].GetAsDouble(0) : NAN;
  };
  auto grads = RunOnDevices(**grad, args, 2, 1);
  ASSERT_TRUE(grads.ok()) << grads.status().ToString();
  const double h = 1e-5;
  for (int64_t device = 0; device < 2; ++device) {
    for (int64_t param = 0; param < 2; ++param) {
      const Literal& g = (*grads)[device].elements().at(param + 1);
      for (int64_t j = 0; j < 3; ++j) {
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

}  // namespace
}  // namespace xpar
