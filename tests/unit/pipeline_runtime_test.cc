// The pipeline runtime against the single-device run: a tiny tanh MLP's gradient program (written
// out by hand, and differentiated by autodiff) split into 2 and 4 stages, run over 2 and 4
// microbatches with GPipe and 1F1B on submeshes of 1 and 2 devices, gives the full-batch loss and
// gradients (f32, 1e-5 relative). Also the schedules, the stage split's errors and the trace.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "autodiff/autodiff.h"
#include "ir_test_builder.h"
#include "models/graph_builder.h"
#include "passes/pipeline/pipeline_planner.h"
#include "passes/pipeline/stage_split.h"
#include "ir/verifier.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/pipeline/pipeline_runtime.h"
#include "pipeline_test_util.h"

namespace xpar::pipeline {
namespace {

constexpr int64_t kWidth = 8;
constexpr int64_t kLayers = 4;

// loss = mean((h_L - y)^2), h_{i+1} = tanh(h_i W_i), h_0 = x. Parameters: x, y [batch, width],
// then W_0..W_{L-1}. Each instruction's metadata op_name is "layer.<i>" (the loss: the last).
// With `backward`, the result is (loss, dW_0, ...) written out by hand; else the loss alone.
std::unique_ptr<Module> Mlp(int64_t batch, bool backward) {
  auto module = std::make_unique<Module>("mlp");
  auto entry = std::make_unique<Computation>("mlp_step");
  models::GraphBuilder b(module.get(), entry.get());
  const Shape act(PrimitiveType::kF32, {batch, kWidth});
  Instruction* x = b.Param(0, "x", act);
  Instruction* y = b.Param(1, "y", act);
  std::vector<Instruction*> w, h = {x};
  for (int64_t i = 0; i < kLayers; ++i) {
    w.push_back(b.Param(2 + i, fmt::format("w{}", i), Shape(PrimitiveType::kF32, {kWidth, kWidth})));
  }
  for (int64_t i = 0; i < kLayers; ++i) {
    b.set_scope(fmt::format("layer.{}", i));
    h.push_back(b.Unary(Opcode::kTanh, b.Dot(h[i], w[i], {}, {1}, {}, {0})));
  }
  const double scale = 1.0 / static_cast<double>(batch * kWidth);
  Instruction* diff = b.Sub(h[kLayers], y);
  Instruction* loss = b.MulScalar(b.ReduceSum(b.Mul(diff, diff), {0, 1}), scale);
  if (!backward) {
    entry->set_root(loss);
  } else {
    std::vector<Instruction*> outputs(kLayers + 1);
    outputs[0] = loss;
    Instruction* g = b.MulScalar(diff, 2 * scale);
    for (int64_t i = kLayers - 1; i >= 0; --i) {
      b.set_scope(fmt::format("layer.{}", i));
      Instruction* dz = b.Sub(g, b.Mul(g, b.Mul(h[i + 1], h[i + 1])));
      outputs[1 + i] = b.Dot(h[i], dz, {}, {0}, {}, {0});
      if (i > 0) g = b.Dot(dz, w[i], {}, {1}, {}, {1});
    }
    entry->set_root(b.Tuple(outputs));
  }
  EXPECT_TRUE(b.status().ok()) << b.status().ToString();
  module->set_entry(module->AddComputation(std::move(entry)));
  return module;
}

// Stage of each instruction from its "layer.<i>" scope: layers spread evenly over the stages.
std::vector<int32_t> StagesByLayer(const Module& m, int32_t stages, bool forward_only) {
  std::vector<int32_t> out;
  for (const auto& inst : m.entry()->instructions()) {
    const std::string& scope = inst->metadata().op_name;
    bool backward = std::any_of(inst->frontend_attributes().begin(),
                                inst->frontend_attributes().end(),
                                [](const auto& kv) { return kv.first == autodiff::kDerivedFromAttr; });
    if (scope.rfind("layer.", 0) != 0 || (forward_only && backward)) {
      out.push_back(-1);
      continue;
    }
    out.push_back(static_cast<int32_t>(std::stoi(scope.substr(6)) * stages / kLayers));
  }
  return out;
}

using testing_pipeline::RandomArgs;
using testing_pipeline::RelativeDifference;

std::vector<Submesh> Submeshes(int32_t stages, const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  std::vector<Submesh> out;
  for (int32_t s = 0; s < stages; ++s) {
    Submesh sm{shape, {}};
    for (int64_t d = 0; d < n; ++d) sm.devices.push_back(s * n + d);
    out.push_back(sm);
  }
  return out;
}

struct Case {
  int32_t stages;
  int64_t microbatches;
  Schedule schedule;
  std::vector<Submesh> submeshes;
};

// Pipelined microbatch program vs the full-batch program on one device.
void ExpectMatchesSingleDevice(const Module& micro, const Module& full,
                               const std::vector<int32_t>& stages, const Case& c) {
  SCOPED_TRACE(fmt::format("{} stages, {} microbatches, {}, {} device(s) per stage", c.stages,
                           c.microbatches, ScheduleName(c.schedule),
                           c.submeshes[0].devices.size()));
  auto split = SplitByStage(micro, stages, c.stages);
  ASSERT_TRUE(split.ok()) << split.status().ToString();
  PipelineRunOptions options;
  options.microbatches = c.microbatches;
  options.schedule = c.schedule;
  options.data_parameters = {0, 1};
  auto pipeline = Pipeline::Create(std::move(split).value(), c.submeshes, options);
  ASSERT_TRUE(pipeline.ok()) << pipeline.status().ToString();
  std::vector<Literal> args = RandomArgs(full, 7);
  auto piped = (*pipeline)->Run(args);
  ASSERT_TRUE(piped.ok()) << piped.status().ToString();
  Interpreter interp(full);
  auto reference = interp.Run(args);
  ASSERT_TRUE(reference.ok()) << reference.status().ToString();
  ASSERT_EQ(piped->results.size(), reference->elements().size());
  for (size_t i = 0; i < piped->results.size(); ++i) {
    EXPECT_LE(RelativeDifference(piped->results[i], reference->elements()[i]), 1e-5)
        << "result " << i;
  }
  // Every program ran once per microbatch on every device of its submesh.
  int64_t devices = 0;
  for (const Submesh& s : c.submeshes) devices += static_cast<int64_t>(s.devices.size());
  EXPECT_EQ(static_cast<int64_t>(piped->trace.size()), 2 * c.microbatches * devices);
}

TEST(PipelineRuntime, HandWrittenGradientMatchesSingleDevice) {
  for (int32_t stages : {2, 4}) {
    for (int64_t mb : {2, 4}) {
      auto micro = Mlp(4, true), full = Mlp(4 * mb, true);
      std::vector<int32_t> st = StagesByLayer(*micro, stages, false);
      for (Schedule sched : {Schedule::kGpipe, Schedule::k1F1B}) {
        for (int64_t devices : {1, 2}) {
          ExpectMatchesSingleDevice(*micro, *full, st,
                                    {stages, mb, sched, Submeshes(stages, {devices})});
        }
      }
    }
  }
}

TEST(PipelineRuntime, DifferentlyShapedSubmeshes) {
  auto micro = Mlp(4, true), full = Mlp(8, true);
  std::vector<Submesh> meshes = {{{2}, {0, 1}}, {{1}, {2}}, {{1, 2}, {3, 4}}, {{2, 1}, {5, 6}}};
  ExpectMatchesSingleDevice(*micro, *full, StagesByLayer(*micro, 4, false),
                            {4, 2, Schedule::k1F1B, meshes});
}

TEST(PipelineRuntime, DifferentiatedProgramMatchesSingleDevice) {
  auto differentiate = [](int64_t batch) {
    auto grad = autodiff::Differentiate(*Mlp(batch, false), {{2, 3, 4, 5}, -1});
    EXPECT_TRUE(grad.ok()) << grad.status().ToString();
    return std::move(grad).value();
  };
  auto micro = differentiate(4), full = differentiate(16);
  // Forward ops by layer; backward ones follow their forward op (xpar.derived_from).
  std::vector<int32_t> st = StagesByLayer(*micro, 2, true);
  ExpectMatchesSingleDevice(*micro, *full, st, {2, 4, Schedule::k1F1B, Submeshes(2, {2})});
  ExpectMatchesSingleDevice(*micro, *full, st, {2, 4, Schedule::kGpipe, Submeshes(2, {1})});
}

// The inter-op pass's plan (stages, submeshes, stage of every instruction) runs as it is.
TEST(PipelineRuntime, PlannedByTheInterOpPass) {
  auto micro = Mlp(4, true), full = Mlp(16, true);
  PipelineOptions po;
  po.num_hosts = 2;
  po.devices_per_host = 2;
  po.microbatches = 4;
  po.num_stages = 2;
  auto planned = PlanPipeline(*micro, *LoadClusterPreset("dgx-a100"), po);
  ASSERT_TRUE(planned.ok()) << planned.status().ToString();
  ASSERT_EQ(planned->plan.stages.size(), 2u);
  PipelineRunOptions options;
  options.data_parameters = {0, 1};
  auto pipeline = PipelineFromPlan(*micro, planned->plan, options);
  ASSERT_TRUE(pipeline.ok()) << pipeline.status().ToString();
  EXPECT_EQ((*pipeline)->options().microbatches, 4);
  std::vector<Literal> args = RandomArgs(*full, 3);
  auto piped = (*pipeline)->Run(args);
  ASSERT_TRUE(piped.ok()) << piped.status().ToString();
  auto reference = Interpreter(*full).Run(args);
  ASSERT_TRUE(reference.ok());
  for (size_t i = 0; i < piped->results.size(); ++i) {
    EXPECT_LE(RelativeDifference(piped->results[i], reference->elements()[i]), 1e-5) << i;
  }
}

TEST(PipelineRuntime, StashAndStageBoundaries) {
  auto micro = Mlp(4, true);
  auto split = SplitByStage(*micro, StagesByLayer(*micro, 2, false), 2);
  ASSERT_TRUE(split.ok()) << split.status().ToString();
  // Stage 0's backward reads its own forward's activations (the stash) and stage 1's gradient.
  bool stash = false, from_next = false;
  for (const ValueRef& in : split->backward(0).inputs) {
    stash |= in.kind == ValueRef::Kind::kOutput && in.program == ProgramIndex(0, Phase::kForward);
    from_next |= in.kind == ValueRef::Kind::kOutput &&
                 in.program == ProgramIndex(1, Phase::kBackward);
  }
  EXPECT_TRUE(stash);
  EXPECT_TRUE(from_next);
  // The loss comes from the last stage's forward, dW_0 from stage 0's backward.
  EXPECT_EQ(split->results[0].program, ProgramIndex(1, Phase::kForward));
  EXPECT_EQ(split->results[1].program, ProgramIndex(0, Phase::kBackward));
}

TEST(PipelineRuntime, ValuesFlowingBackwardsAreAnError) {
  auto micro = Mlp(4, true);
  std::vector<int32_t> st = StagesByLayer(*micro, 2, false);
  for (const auto& inst : micro->entry()->instructions()) {  // layer 0's forward on stage 1
    if (inst->metadata().op_name == "layer.0" && inst->opcode() == Opcode::kTanh) {
      st[inst->index()] = 1;
    }
  }
  auto split = SplitByStage(*micro, st, 2);
  ASSERT_FALSE(split.ok());
  EXPECT_NE(split.status().message().find("which runs after it"), std::string::npos)
      << split.status().ToString();
  EXPECT_FALSE(SplitByStage(*micro, std::vector<int32_t>(3, 0), 2).ok());  // wrong length
}

TEST(PipelineRuntime, WrongBatchIsAnError) {
  auto micro = Mlp(4, true);
  auto split = SplitByStage(*micro, StagesByLayer(*micro, 2, false), 2);
  ASSERT_TRUE(split.ok());
  PipelineRunOptions options;
  options.microbatches = 2;
  options.data_parameters = {0, 1};
  auto pipeline = Pipeline::Create(std::move(split).value(), Submeshes(2, {1}), options);
  ASSERT_TRUE(pipeline.ok());
  auto run = (*pipeline)->Run(RandomArgs(*Mlp(6, true), 1));  // 6 rows: not 2 x 4
  ASSERT_FALSE(run.ok());
  EXPECT_NE(run.status().message().find("2 microbatches of f32[4,8]"), std::string::npos)
      << run.status().ToString();
}

// A stage that fails stops the others (stage 0 would wait for stage 1's gradient forever) and its
// error names the stage, phase and microbatch.
TEST(PipelineRuntime, AFailingStageStopsThePipeline) {
  testing::ModuleBuilder mb("fails");
  Computation* add = mb.Reducer("add", PrimitiveType::kF32);
  testing::CompBuilder b = mb.Add("g", true);
  Instruction* x = b.Param(testing::F32({4, 8}));
  Instruction* t = b.Op(Opcode::kTanh, testing::F32({4, 8}), {x});
  Instruction* c = b.Op(Opcode::kCustomCall, testing::F32({4, 8}), {t});
  c->attrs().custom_call_target = "xpar_test_missing_kernel";
  Instruction* zero = b.Op(Opcode::kConstant, testing::F32({}), {});
  zero->attrs().literal = Literal::Scalar<float>(0);
  Instruction* loss = b.Op(Opcode::kReduce, testing::F32({}), {c, zero});
  loss->attrs().dimensions = {0, 1};
  loss->mutable_called().push_back(add);
  Instruction* dx = b.Op(Opcode::kMultiply, testing::F32({4, 8}), {t, x});  // stage 0 backward
  b.Root(b.Op(Opcode::kTuple, Shape::Tuple({testing::F32({}), testing::F32({4, 8})}), {loss, dx}));
  Module& m = mb.module();
  ASSERT_TRUE(VerifyModule(m).ok()) << VerifyModule(m).ToString();
  std::vector<int32_t> stages(m.entry()->instructions().size(), -1);
  stages[t->index()] = 0;
  stages[c->index()] = stages[loss->index()] = 1;
  stages[dx->index()] = 0;
  auto split = SplitByStage(m, stages, 2);
  ASSERT_TRUE(split.ok()) << split.status().ToString();
  PipelineRunOptions options;
  options.microbatches = 2;
  options.data_parameters = {0};
  auto pipeline = Pipeline::Create(std::move(split).value(), Submeshes(2, {1}), options);
  ASSERT_TRUE(pipeline.ok()) << pipeline.status().ToString();
  std::vector<Literal> args;
  args.push_back(std::move(RandomArgs(*Mlp(8, false), 1)[0]));  // x: f32[8,8], 2 microbatches
  auto run = (*pipeline)->Run(args);
  ASSERT_FALSE(run.ok());
  EXPECT_NE(run.status().message().find("pipeline stage 1 forward of microbatch 0"),
            std::string::npos)
      << run.status().ToString();
}

TEST(PipelineSchedule, GpipeAndOneFOneB) {
  auto gpipe = BuildSchedule(Schedule::kGpipe, 2, 3);
  ASSERT_TRUE(gpipe.ok());
  EXPECT_EQ(EventsToString((*gpipe)[0]), "F0 F1 F2 B0 B1 B2");
  auto ofob = BuildSchedule(Schedule::k1F1B, 4, 4);
  ASSERT_TRUE(ofob.ok());
  EXPECT_EQ(EventsToString((*ofob)[0]), "F0 F1 F2 F3 B0 B1 B2 B3");
  EXPECT_EQ(EventsToString((*ofob)[2]), "F0 F1 B0 F2 B1 F3 B2 B3");
  EXPECT_EQ(EventsToString((*ofob)[3]), "F0 B0 F1 B1 F2 B2 F3 B3");
  EXPECT_FALSE(BuildSchedule(Schedule::k1F1B, 2, 0).ok());
  EXPECT_FALSE(ParseSchedule("zb").ok());
}

TEST(PipelineTrace, ChromeTraceJson) {
  std::vector<TraceEvent> trace = {{0, 0, {Phase::kForward, 1}, 10, 25},
                                   {1, 2, {Phase::kBackward, 0}, 30, 50}};
  std::string json = TraceToJson(trace);
  EXPECT_NE(json.find("\"traceEvents\""), std::string::npos);
  EXPECT_NE(json.find("\"name\":\"F1\""), std::string::npos);
  EXPECT_NE(json.find("\"dur\":20.0"), std::string::npos);
  EXPECT_NE(json.find("\"ph\":\"X\""), std::string::npos);
}

}  // namespace
}  // namespace xpar::pipeline
