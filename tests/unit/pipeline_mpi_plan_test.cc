// What pipelined runs under MPI and their checkpoints rely on (the MPI runs themselves are lit
// tests under mpirun: tests/lit/train/*pipeline_mpi*): the plan JSON round trip and its errors,
// re-applying recorded intra-op plans partitions every stage program identically (same
// descriptions, bit-identical step), and a pipeline compiled for some stages only. Under
// `mpirun -np 4` (ctest mpi_ranks_4, MpiRanks* tests): MpiPipeline on 2 stages of 2 ranks gives
// the threads pipeline's results, shares values between stages and gathers the trace.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "autodiff/autodiff.h"
#include "models/graph_builder.h"
#include "mpi_test_util.h"
#include "runtime/mpi/mpi_wait.h"
#include "runtime/pipeline/mpi_pipeline.h"
#include "runtime/pipeline/pipeline_runtime.h"
#include "runtime/pipeline/plan_json.h"

namespace xpar::pipeline {
namespace {

// loss = sum(tanh(tanh(x w0) w1)); x [4, 8] is data, w0 and w1 [8, 8] weights; "layer.<i>" scopes.
std::unique_ptr<Module> Gradient() {
  auto module = std::make_unique<Module>("mlp");
  auto entry = std::make_unique<Computation>("mlp");
  models::GraphBuilder b(module.get(), entry.get());
  Instruction* h = b.Param(0, "x", Shape(PrimitiveType::kF32, {4, 8}));
  for (int64_t i = 0; i < 2; ++i) {
    Instruction* w = b.Param(1 + i, fmt::format("w{}", i), Shape(PrimitiveType::kF32, {8, 8}));
    b.set_scope(fmt::format("layer.{}", i));
    h = b.Unary(Opcode::kTanh, b.Dot(h, w, {}, {1}, {}, {0}));
  }
  entry->set_root(b.ReduceSum(h, {0, 1}));
  module->set_entry(module->AddComputation(std::move(entry)));
  auto grad = autodiff::Differentiate(*module, {{1, 2}, -1});
  EXPECT_TRUE(grad.ok()) << grad.status().ToString();
  return std::move(grad).value();
}

Stage StageOn(int64_t first, int64_t last, std::vector<int64_t> shape,
              std::vector<int64_t> devices) {
  Stage s;
  s.first_layer = first;
  s.last_layer = last;
  s.submesh = {std::move(shape), std::move(devices)};
  return s;
}

// Forward instructions on the stage of their layer; the rest inferred.
PipelinePlan TwoStagePlan(const Module& gradient) {
  PipelinePlan plan;
  plan.stages = {StageOn(0, 0, {2}, {0, 1}), StageOn(1, 1, {2}, {2, 3})};
  plan.microbatches = 2;
  plan.schedule = Schedule::kGpipe;
  for (const auto& inst : gradient.entry()->instructions()) {
    const std::string& scope = inst->metadata().op_name;
    bool derived = false;
    for (const auto& kv : inst->frontend_attributes())
      derived |= kv.first == autodiff::kDerivedFromAttr;
    plan.stage_of_instruction.push_back(
        scope.rfind("layer.", 0) == 0 && !derived ? std::stoi(scope.substr(6)) : -1);
  }
  return plan;
}

std::vector<Literal> Args(const Module& gradient) {
  std::mt19937 gen(3);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<Literal> args;
  for (const Instruction* p : gradient.entry()->parameters()) {
    Shape s = p->shape();
    if (p->attrs().parameter_number == 0) s.mutable_dims()[0] *= 2;  // 2 microbatches
    Literal l(s);
    for (float& v : l.data<float>()) v = dist(gen);
    args.push_back(std::move(l));
  }
  return args;
}

PipelineRunOptions Options(StageAnnotator annotate) {
  PipelineRunOptions o;
  o.data_parameters = {0};
  o.annotate = std::move(annotate);
  return o;
}

TEST(PipelinePlanJson, RoundTrip) {
  PipelinePlan plan;
  plan.stages = {StageOn(0, 3, {2, 2}, {0, 1, 2, 3}), StageOn(4, 9, {4}, {4, 5, 6, 7})};
  plan.stages[1].remat_layers = {5, 7};
  plan.microbatches = 4;
  plan.schedule = Schedule::kGpipe;
  plan.stage_of_instruction = {0, -1, 1, 1};
  ProgramPlans programs = {{"m.stage0.forward", nlohmann::json{{"x", 1}}}};
  auto back = PipelinePlanFromJson(PipelinePlanToJson(plan, programs));
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  ASSERT_EQ(back->plan.stages.size(), 2u);
  EXPECT_EQ(back->plan.stages[1].first_layer, 4);
  EXPECT_EQ(back->plan.stages[1].last_layer, 9);
  EXPECT_EQ(back->plan.stages[0].submesh.shape, (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(back->plan.stages[1].submesh.devices, (std::vector<int64_t>{4, 5, 6, 7}));
  EXPECT_EQ(back->plan.stages[1].remat_layers, (std::vector<int64_t>{5, 7}));
  EXPECT_EQ(back->plan.microbatches, 4);
  EXPECT_EQ(back->plan.schedule, Schedule::kGpipe);
  EXPECT_EQ(back->plan.stage_of_instruction, plan.stage_of_instruction);
  EXPECT_EQ(back->programs, programs);
}

TEST(PipelinePlanJson, MalformedPlansAreErrors) {
  nlohmann::json good = PipelinePlanToJson(TwoStagePlan(*Gradient()), {});
  auto expect_error = [](nlohmann::json j, const std::string& text) {
    auto r = PipelinePlanFromJson(j);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.status().message().find(text), std::string::npos) << r.status().ToString();
  };
  nlohmann::json j = good;
  j.erase("stage_of_instruction");
  expect_error(j, "no 'stage_of_instruction'");
  j = good;
  j["schedule"] = "zigzag";
  expect_error(j, "unknown pipeline schedule 'zigzag'");
  j = good;
  j["stages"] = nlohmann::json::array();
  expect_error(j, "no stages");
  j = good;
  j["stages"][0].erase("devices");
  expect_error(j, "devices");
  expect_error(nlohmann::json::array(), "not a JSON object");
}

// A run from recorded plans (what MPI ranks other than 0, and resumed runs, do) partitions like
// the planning run and gives the same bits.
TEST(PipelinePlanJson, SavedPlansPartitionIdentically) {
  auto gradient = Gradient();
  PipelinePlan plan = TwoStagePlan(*gradient);
  auto cluster = LoadClusterPreset("dgx-a100");
  ASSERT_TRUE(cluster.ok()) << cluster.status().ToString();
  auto record = std::make_shared<ProgramPlans>();
  AutoShardingOptions as;
  as.shard_parameters = true;
  auto planned =
      PipelineFromPlan(*gradient, plan, Options(MakeRecordingAnnotator(*cluster, as, record)));
  ASSERT_TRUE(planned.ok()) << planned.status().ToString();
  EXPECT_EQ(record->size(), 4u);  // every stage program, each on 2 devices
  auto replayed = PipelineFromPlan(*gradient, plan, Options(MakeSavedPlanAnnotator(*record)));
  ASSERT_TRUE(replayed.ok()) << replayed.status().ToString();
  for (int32_t p = 0; p < 4; ++p) {
    EXPECT_EQ((*planned)->executable(p).Describe(), (*replayed)->executable(p).Describe());
  }
  std::vector<Literal> args = Args(*gradient);
  auto a = (*planned)->Run(args);
  auto b = (*replayed)->Run(args);
  ASSERT_TRUE(a.ok() && b.ok());
  ASSERT_EQ(a->results.size(), 3u);
  for (size_t r = 0; r < a->results.size(); ++r) {
    EXPECT_EQ(std::memcmp(a->results[r].raw(), b->results[r].raw(), a->results[r].size_bytes()), 0)
        << "result " << r;
  }
  // A program the saved plans do not name is an error that names it.
  ProgramPlans partial = *record;
  partial.erase(partial.begin());
  auto missing = PipelineFromPlan(*gradient, plan, Options(MakeSavedPlanAnnotator(partial)));
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("no intra-op plan for stage program"),
            std::string::npos)
      << missing.status().ToString();
}

// An MPI rank compiles only its own stage; such a pipeline cannot run on threads.
TEST(PipelinePlanJson, CompileSomeStages) {
  auto gradient = Gradient();
  PipelineRunOptions options = Options({});
  options.compile_stages = {1};
  auto pipe = PipelineFromPlan(*gradient, TwoStagePlan(*gradient), options);
  ASSERT_TRUE(pipe.ok()) << pipe.status().ToString();
  EXPECT_FALSE((*pipe)->compiled(ProgramIndex(0, Phase::kForward)));
  EXPECT_FALSE((*pipe)->compiled(ProgramIndex(0, Phase::kBackward)));
  EXPECT_TRUE((*pipe)->compiled(ProgramIndex(1, Phase::kForward)));
  EXPECT_TRUE((*pipe)->compiled(ProgramIndex(1, Phase::kBackward)));
  auto run = (*pipe)->Run(Args(*gradient));
  ASSERT_FALSE(run.ok());
  EXPECT_NE(run.status().message().find("only some stages were compiled"), std::string::npos);
}

[[maybe_unused]] ::testing::Environment* const kMpiEnv =
    ::testing::AddGlobalTestEnvironment(new MpiFinalizer);

class MpiRanksPipeline : public FourMpiRanksTest {};

// Each rank compiles its stage (ranks 0-1: stage 0, ranks 2-3: stage 1) and runs it; the results
// its stage produces equal the threads pipeline's, and Share brings every result to every rank.
TEST_F(MpiRanksPipeline, StepMatchesThreadsAndSharesResults) {
  auto gradient = Gradient();
  PipelinePlan plan = TwoStagePlan(*gradient);
  std::vector<Literal> args = Args(*gradient);
  auto threads = PipelineFromPlan(*gradient, plan, Options({}));
  ASSERT_TRUE(threads.ok()) << threads.status().ToString();
  auto want = (*threads)->Run(args);
  ASSERT_TRUE(want.ok()) << want.status().ToString();
  const int32_t stage = rank_ / 2;
  PipelineRunOptions options = Options({});
  options.compile_stages = {stage};
  auto pipe = PipelineFromPlan(*gradient, plan, options);
  ASSERT_TRUE(pipe.ok()) << pipe.status().ToString();
  auto mp = MpiPipeline::Create(**pipe, {plan.stages[0].submesh, plan.stages[1].submesh});
  ASSERT_TRUE(mp.ok()) << mp.status().ToString();
  EXPECT_EQ((*mp)->stage(), stage);
  EXPECT_EQ((*mp)->is_leader(), rank_ % 2 == 0);
  auto got = (*mp)->Run(args);
  ASSERT_TRUE(got.ok()) << got.status().ToString();
  ASSERT_EQ(got->results.size(), want->results.size());
  EXPECT_EQ((*mp)->ResultStage(0), 1);  // the loss: stage 1's forward
  for (size_t r = 0; r < want->results.size(); ++r) {
    const int32_t from = (*mp)->ResultStage(r);
    if (from != stage) got->results[r] = Literal(want->results[r].shape());
    ASSERT_TRUE((*mp)->Share(from, {0, 1}, got->results[r]).ok());
    for (int64_t i = 0; i < want->results[r].ElementCount(); ++i) {
      const double a = got->results[r].GetAsDouble(i), b = want->results[r].GetAsDouble(i);
      EXPECT_NEAR(a, b, 1e-5 * std::max(1.0, std::fabs(b))) << "result " << r << " element " << i;
    }
  }
  EXPECT_EQ((*mp)->ReadersOfParameter(2), std::vector<int32_t>{1});  // w1: layer 1's weight
  // 2 microbatches x (forward + backward) per rank; rank 0 holds all four ranks' events.
  auto trace = (*mp)->GatherTrace(got->trace);
  ASSERT_TRUE(trace.ok()) << trace.status().ToString();
  EXPECT_EQ(trace->size(), rank_ == 0 ? 16u : 4u);
}

// A value that never comes is an error after the timeout (MpiPipeline waits with the collective
// timeout): rank 0 waits for a message rank 1 does not send; then rank 1 sends it, so nothing is
// left pending.
TEST_F(MpiRanksPipeline, WaitingPastTheTimeoutIsAnError) {
  constexpr int kTag = 4242;
  int value = 0;
  MPI_Request request = MPI_REQUEST_NULL;
  if (rank_ == 0) {
    ASSERT_EQ(MPI_Irecv(&value, 1, MPI_INT, 1, kTag, MPI_COMM_WORLD, &request), MPI_SUCCESS);
    Status s = WaitYielding(request, "MPI_Irecv (test)", std::chrono::milliseconds(100));
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("MPI rank 0: MPI_Irecv (test) not done after 0.1 s"),
              std::string::npos)
        << s.ToString();
  }
  ASSERT_EQ(MPI_Barrier(MPI_COMM_WORLD), MPI_SUCCESS);
  if (rank_ == 1) {
    int seven = 7;
    ASSERT_EQ(MPI_Send(&seven, 1, MPI_INT, 0, kTag, MPI_COMM_WORLD), MPI_SUCCESS);
  }
  if (rank_ == 0) {
    ASSERT_TRUE(WaitYielding(request, "MPI_Irecv (test)").ok());
    EXPECT_EQ(value, 7);
  }
}

}  // namespace
}  // namespace xpar::pipeline
