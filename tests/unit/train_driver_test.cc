// The training library (driver/train.h) as an API: a least-squares forward trained with SGD on
// a mesh of 2 matches the update computed by hand, step reports count and check, the log sink
// gets the header, bad options and a finished trainer give errors.
#include <gtest/gtest.h>

#include <cmath>

#include "driver/train.h"
#include "frontends/hlo/hlo_parser.h"

namespace xpar::train {
namespace {

// loss = sum((x w - y)^2) / 4 over a batch of 4 rows; x and y are data, w the weight.
constexpr char kLeastSquares[] = R"(HloModule least_squares

add_f32 {
  lhs = f32[] parameter(0)
  rhs = f32[] parameter(1)
  ROOT sum = f32[] add(lhs, rhs)
}

ENTRY forward {
  x = f32[4,2] parameter(0)
  w = f32[2,1] parameter(1)
  y = f32[4,1] parameter(2)
  p = f32[4,1] dot(x, w), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  d = f32[4,1] subtract(p, y)
  d2 = f32[4,1] multiply(d, d)
  zero = f32[] constant(0)
  s = f32[] reduce(d2, zero), dimensions={0,1}, to_apply=add_f32
  n = f32[] constant(4)
  ROOT loss = f32[] divide(s, n)
}
)";

// Two steps of data: 8 rows of x and y.
const std::vector<float> kX = {1, 0, 0, 1, 1, 1, 2, -1, 0.5f, 0.5f, -1, 2, 3, 0, 0, -2};
const std::vector<float> kY = {1, -1, 0.5f, 2, 0, 1, 3, -1};

LoadedModel Model() {
  auto module = ParseHloModule(kLeastSquares, "least_squares.hlo");
  EXPECT_TRUE(module.ok()) << module.status().message();
  return LoadedModel{std::move(*module), {}};
}

TrainOptions Options() {
  TrainOptions o;
  o.model = "least_squares.hlo";
  o.mesh = "2";
  o.steps = 3;  // the third step wraps around to the first rows
  o.optimizer = "sgd";
  o.lr = 0.1;
  o.quiet = true;
  o.plan_time_limit = 0.5;
  o.data_arrays = {{"x", Literal::FromVector<float>({8, 2}, kX)},
                   {"y", Literal::FromVector<float>({8, 1}, kY)}};
  o.input_arrays = {{"w", Literal::FromVector<float>({2, 1}, {0.5f, -0.25f})}};
  return o;
}

// SGD by hand: loss = mean((x w - y)^2), gradient 2/4 x^T (x w - y), over rows [4s, 4s+4).
std::vector<double> HandSgd(int steps, std::vector<double>* losses) {
  std::vector<double> w = {0.5, -0.25};
  for (int s = 0; s < steps; ++s) {
    const int first = (s % 2) * 4;
    std::vector<double> g(2, 0.0);
    double loss = 0;
    for (int r = first; r < first + 4; ++r) {
      const double d = kX[2 * r] * w[0] + kX[2 * r + 1] * w[1] - kY[r];
      loss += d * d / 4;
      g[0] += 2.0 / 4 * kX[2 * r] * d;
      g[1] += 2.0 / 4 * kX[2 * r + 1] * d;
    }
    losses->push_back(loss);
    w[0] -= 0.1 * g[0];
    w[1] -= 0.1 * g[1];
  }
  return w;
}

TEST(TrainDriver, SgdOnTwoDevicesMatchesTheUpdateByHand) {
  std::vector<std::string> lines;
  TrainOptions o = Options();
  o.check = true;
  o.log = [&](const std::string& line) { lines.push_back(line); };
  auto t = Trainer::Create(o, Model());
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_EQ((*t)->num_devices(), 2);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), "training least_squares.hlo: forward + autodiff + sgd (1 carried "
                          "tensors), batch 4, steps 1..3 on 2 devices, checked against 1 device");
  std::vector<double> want_losses;
  std::vector<double> want_w = HandSgd(3, &want_losses);
  for (int s = 0; s < 3; ++s) {
    auto r = (*t)->Step();
    ASSERT_TRUE(r.ok()) << r.status().message();
    EXPECT_EQ(r->step, s + 1);
    EXPECT_EQ(r->steps, 3);
    EXPECT_NEAR(r->loss, want_losses[s], 1e-5 * std::fabs(want_losses[s]));
    ASSERT_TRUE(r->reference_loss.has_value());
    EXPECT_LE(r->rel_diff, 1e-6);
    EXPECT_FALSE(r->check_failed);
    EXPECT_GT(r->samples_per_s, 0);
    EXPECT_FALSE(r->checkpoint_written);
  }
  EXPECT_TRUE((*t)->done());
  auto w = (*t)->CarriedValues();
  ASSERT_TRUE(w.ok()) << w.status().message();
  ASSERT_EQ(w->size(), 1u);
  EXPECT_EQ((*w)[0].name, "w");
  for (int i = 0; i < 2; ++i) EXPECT_NEAR((*w)[0].value.GetAsDouble(i), want_w[i], 1e-5);
  auto after = (*t)->Step();
  ASSERT_FALSE(after.ok());
  EXPECT_EQ(after.status().message(), "all 3 steps are done");
}

TEST(TrainDriver, BadOptionsAreErrors) {
  TrainOptions o = Options();
  o.steps = 0;
  EXPECT_EQ(Trainer::Create(o, Model()).status().message(), "--steps must be positive");
  o = Options();
  o.checkpoint_every = 2;
  EXPECT_EQ(Trainer::Create(o, Model()).status().message(),
            "--checkpoint-every needs --checkpoint-dir");
  o = Options();
  o.stages = 2;
  EXPECT_NE(Trainer::Create(o, Model()).status().message().find("is a PipelinedTrainer"),
            std::string::npos);
  o.microbatches = 0;  // MakeTrainLoop picks the pipelined trainer, which checks its options
  EXPECT_EQ(MakeTrainLoop(o, Model()).status().message(), "--microbatches < 1");
  o = Options();
  o.data_arrays[0].value = Literal::FromVector<float>({6, 2}, std::vector<float>(12, 0.0f));
  EXPECT_EQ(Trainer::Create(o, Model()).status().message(),
            "data: array 'x' is f32[6,2]; parameter %x is f32[4,2]: expected steps x 4 rows of "
            "the same trailing shape");
}

}  // namespace
}  // namespace xpar::train
