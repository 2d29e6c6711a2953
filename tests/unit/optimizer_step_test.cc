// The optimizers appended as IR against torch.optim: loss = sum(x * w^2) with its gradient
// 2 x w written by hand (so these tests do not depend on autodiff), three steps each; the
// expected values were printed by torch 2.x in float64 (torch.optim.SGD / AdamW,
// torch.nn.utils.clip_grad_norm_) for w0 = [0.5, -1, 2], x = [1, 2, 0.5], lr 0.1, wd 0.01.
#include <gtest/gtest.h>

#include "autodiff/optimizer.h"
#include "frontends/hlo/hlo_parser.h"
#include "ir/printer.h"
#include "runtime/interpreter/interpreter.h"

namespace xpar::autodiff {
namespace {

// Parameter 0 is the data x, parameter 1 the weight w: AppendOptimizer must move w first. The
// reducer is named as models::GraphBuilder names its own (what clipping adds must not clash).
constexpr const char* kGradients = R"(HloModule quadratic
add_f32 {
  add_f32.p0 = f32[] parameter(0)
  add_f32.p1 = f32[] parameter(1)
  ROOT add_f32.root = f32[] add(add_f32.p0, add_f32.p1)
}
ENTRY grads {
  x = f32[3] parameter(0)
  w = f32[3] parameter(1)
  wx = f32[3] multiply(w, x)
  sq = f32[3] multiply(wx, w)
  zero = f32[] constant(0)
  loss = f32[] reduce(sq, zero), dimensions={0}, to_apply=add_f32
  two = f32[] constant(2)
  two3 = f32[3] broadcast(two), dimensions={}
  g = f32[3] multiply(two3, wx)
  ROOT t = (f32[], f32[3]) tuple(loss, g)
})";

struct Expected3 {
  double loss[3];
  double w[3][3];
};

// Runs three steps, feeding every aliased output back, and compares loss and weights.
void RunSteps(const OptimizerOptions& options, const Expected3& want) {
  auto grads = ParseHloModule(kGradients, "quadratic.hlo");
  ASSERT_TRUE(grads.ok()) << grads.status().message();
  auto step = AppendOptimizer(std::move(*grads), {1}, options);
  ASSERT_TRUE(step.ok()) << step.status().message();
  const Module& m = *step->module;
  ASSERT_EQ(step->layout.weight_params, std::vector<int64_t>{0});
  const int64_t state = static_cast<int64_t>(step->layout.state_params.size());
  ASSERT_EQ(step->layout.data_params, std::vector<int64_t>{1 + state});
  // The printed step parses back (names unique, callees before callers).
  ASSERT_TRUE(ParseHloModule(PrintModule(m), "step.hlo").ok()) << PrintModule(m);
  std::vector<Literal> args(m.entry()->parameter_count());
  args[0] = Literal::FromVector<float>({3}, {0.5f, -1.0f, 2.0f});
  for (int64_t p : step->layout.state_params) args[p] = Literal(m.entry()->parameters()[p]->shape());
  args[1 + state] = Literal::FromVector<float>({3}, {1.0f, 2.0f, 0.5f});
  for (int i = 0; i < 3; ++i) {
    Interpreter interp(m);
    auto r = interp.Run(args);
    ASSERT_TRUE(r.ok()) << r.status().message();
    EXPECT_NEAR(r->elements()[0].GetAsDouble(0), want.loss[i], 1e-5 * std::abs(want.loss[i]));
    for (int k = 0; k < 3; ++k) {
      EXPECT_NEAR(r->elements()[1].GetAsDouble(k), want.w[i][k], 2e-6) << "step " << i;
    }
    for (const IoAlias& a : m.input_output_alias()) {
      args[a.parameter_number] = r->elements()[a.output_index[0]];
    }
  }
}

OptimizerOptions Options(OptimizerKind kind) {
  OptimizerOptions o;
  o.kind = kind;
  o.lr = 0.1;
  o.weight_decay = 0.01;
  return o;
}

TEST(OptimizerStep, SgdWithWeightDecayMatchesTorch) {
  RunSteps(Options(OptimizerKind::kSgd),
           {{4.25, 2.49360425, 1.66574298720425},
            {{0.3995, -0.599, 1.798}, {0.3192005, -0.358801, 1.616402},
             {0.2550411995, -0.214921799, 1.453145398}}});
}

TEST(OptimizerStep, MomentumMatchesTorch) {
  OptimizerOptions o = Options(OptimizerKind::kMomentum);
  o.momentum = 0.9;
  RunSteps(o, {{4.25, 2.49360425, 1.08137705205425},
               {{0.3995, -0.599, 1.798}, {0.2287505, 0.002099, 1.434602},
                {0.0290970995, 0.542246401, 0.962648998}}});
}

TEST(OptimizerStep, AdamWMatchesTorch) {
  RunSteps(Options(OptimizerKind::kAdamW),
           {{4.25, 3.577204252647, 2.978741671400754},
            {{0.399500001, -0.89900000025, 1.8980000005},
             {0.30029783925946113, -0.7985190266583931, 1.7962725891500528},
             {0.20371238297376437, -0.6989111823795019, 1.6949445151502027}}});
}

TEST(OptimizerStep, GradientClippingMatchesTorch) {
  OptimizerOptions o = Options(OptimizerKind::kSgd);
  o.clip_norm = 1.0;
  RunSteps(o, {{4.25, 3.800371697366629, 3.3848780276407604},
               {{0.4776782157383045, -0.911712862953218, 1.9543564314766089},
                {0.45470240320787986, -0.8249197438576384, 1.9063780236592298},
                {0.43103559150360593, -0.7398721451750164, 1.8558122865227293}}});
  o = Options(OptimizerKind::kAdamW);
  o.clip_norm = 1.0;
  RunSteps(o, {{4.25, 3.5772042621300804, 2.9765657835017043},
               {{0.3995000045825765, -0.8990000011456442, 1.8980000022912884},
                {0.29961259674167173, -0.7981166831759625, 1.7960053426690117},
                {0.2010729369317088, -0.6973716742220076, 1.6939395315475974}}});
}

// The forward of the same quadratic: BuildTrainingStep differentiates it (autodiff) and must give
// torch's AdamW numbers; static loss scaling changes nothing in f32 but the loss's path.
constexpr const char* kForward = R"(HloModule quadratic_forward
add_f32 {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ENTRY forward {
  x = f32[3] parameter(0)
  w = f32[3] parameter(1)
  wx = f32[3] multiply(w, x)
  sq = f32[3] multiply(wx, w)
  zero = f32[] constant(0)
  ROOT loss = f32[] reduce(sq, zero), dimensions={0}, to_apply=add_f32
})";

TEST(OptimizerStep, BuildTrainingStepDifferentiatesTheForward) {
  for (double scale : {1.0, 1024.0}) {
    auto forward = ParseHloModule(kForward, "forward.hlo");
    ASSERT_TRUE(forward.ok()) << forward.status().message();
    OptimizerOptions o = Options(OptimizerKind::kAdamW);
    o.loss_scale = scale;
    auto step = BuildTrainingStep(**forward, {1}, -1, o);
    ASSERT_TRUE(step.ok()) << step.status().message();
    const Module& m = *step->module;
    std::vector<Literal> args(m.entry()->parameter_count());
    args[0] = Literal::FromVector<float>({3}, {0.5f, -1.0f, 2.0f});
    for (int64_t p : step->layout.state_params) args[p] = Literal(m.entry()->parameters()[p]->shape());
    args[step->layout.data_params[0]] = Literal::FromVector<float>({3}, {1.0f, 2.0f, 0.5f});
    Interpreter interp(m);
    auto r = interp.Run(args);
    ASSERT_TRUE(r.ok()) << r.status().message();
    EXPECT_NEAR(r->elements()[0].GetAsDouble(0), 4.25, 1e-6) << "scale " << scale;
    const double want[3] = {0.399500001, -0.89900000025, 1.8980000005};
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(r->elements()[1].GetAsDouble(k), want[k], 2e-6);
  }
}

TEST(OptimizerStep, StateLayoutAndAliases) {
  auto grads = ParseHloModule(kGradients, "quadratic.hlo");
  ASSERT_TRUE(grads.ok());
  auto step = AppendOptimizer(std::move(*grads), {1}, Options(OptimizerKind::kAdamW));
  ASSERT_TRUE(step.ok()) << step.status().message();
  const Computation& e = *step->module->entry();
  EXPECT_EQ(e.parameters()[0]->name(), "w");
  EXPECT_EQ(e.parameters()[1]->name(), "exp_avg.w");
  EXPECT_EQ(e.parameters()[2]->name(), "exp_avg_sq.w");
  EXPECT_EQ(e.parameters()[3]->name(), "step");
  EXPECT_EQ(e.parameters()[4]->name(), "x");
  ASSERT_EQ(step->module->input_output_alias().size(), 4u);
  EXPECT_EQ(step->module->input_output_alias()[3], (IoAlias{{4}, 3, {}, "may-alias"}));
}

TEST(OptimizerStep, BadInputsAreErrors) {
  auto grads = ParseHloModule(kGradients, "quadratic.hlo");
  ASSERT_TRUE(grads.ok());
  OptimizerOptions o;
  o.beta2 = 1.0;
  auto bad = AppendOptimizer(std::move(*grads), {1}, o);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("beta2"), std::string::npos);
  grads = ParseHloModule(kGradients, "quadratic.hlo");
  ASSERT_TRUE(grads.ok());
  bad = AppendOptimizer(std::move(*grads), {7}, OptimizerOptions{});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("weight parameter 7 does not exist"), std::string::npos);
}

}  // namespace
}  // namespace xpar::autodiff
