// A pipeline stage stuck computing on threads (runtime/pipeline/pipeline_runtime.h): stage 1's
// forward loops forever (its while loop runs on the stage's own devices, which the pipeline's
// channels do not reach), so stage 0's backward times out waiting for stage 1's gradient; the
// step then returns that located error once stage 1 has had the collective timeout to stop,
// naming it as abandoned, instead of joining it forever. The run happens in a child process
// (a death test): the abandoned thread keeps running there until the child exits.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <unistd.h>

#include "frontends/hlo/hlo_parser.h"
#include "passes/pipeline/stage_split.h"
#include "runtime/interpreter/collective_hub.h"
#include "runtime/pipeline/pipeline_runtime.h"

namespace xpar::pipeline {
namespace {

// Forward: a = x*x (stage 0), w = while(a) forever, loss = sum(w) (stage 1). Backward (not
// feeding the loss): g1 = w+w (stage 1), g0 = g1*x (stage 0, reads stage 1's backward output).
constexpr const char* kStuckStep = R"(HloModule stuck_stage

sum {
  l = f32[] parameter(0)
  r = f32[] parameter(1)
  ROOT s = f32[] add(l, r)
}

forever {
  cp = f32[2,2] parameter(0)
  ROOT t = pred[] constant(true)
}

keep {
  ROOT bp = f32[2,2] parameter(0)
}

ENTRY step {
  x = f32[2,2] parameter(0)
  a = f32[2,2] multiply(x, x)
  w = f32[2,2] while(a), condition=forever, body=keep
  zero = f32[] constant(0)
  loss = f32[] reduce(w, zero), dimensions={0,1}, to_apply=sum
  g1 = f32[2,2] add(w, w)
  g0 = f32[2,2] multiply(g1, x)
  ROOT out = (f32[], f32[2,2]) tuple(loss, g0)
}
)";

// Runs one step and exits 3 after printing its error, 0 if it succeeded, 2 on a setup failure.
void RunStuckStep() {
  SetCollectiveTimeout(std::chrono::milliseconds(300));
  auto module = ParseHloModule(kStuckStep, "stuck.hlo");
  if (!module.ok()) _exit(2);
  std::vector<int32_t> stages;
  for (const auto& inst : (*module)->entry()->instructions()) {
    const std::string& n = inst->name();
    stages.push_back(n == "a" || n == "g0" ? 0 : n == "w" || n == "loss" || n == "g1" ? 1 : -1);
  }
  auto split = SplitByStage(**module, stages, 2);
  if (!split.ok()) _exit(2);
  PipelineRunOptions options;
  options.data_parameters = {0};
  std::vector<Submesh> submeshes = {{{1}, {0}}, {{1}, {1}}};
  auto pipeline = Pipeline::Create(std::move(split).value(), submeshes, options);
  if (!pipeline.ok()) _exit(2);
  std::vector<Literal> args;
  args.emplace_back(Shape(PrimitiveType::kF32, {2, 2}));
  auto run = (*pipeline)->Run(args);
  if (run.ok()) _exit(0);
  std::fprintf(stderr, "%s\n", run.status().message().c_str());
  _exit(3);
}

TEST(FaultStuckStage, StepEndsWithTheWaitingStagesErrorNamingTheStuckStage) {
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";
  EXPECT_EXIT(RunStuckStep(), ::testing::ExitedWithCode(3),
              "pipeline stage 1 still computing 0.3 s after the run failed, abandoned \\(the "
              "process must end\\): pipeline stage 0 backward of microbatch 0: timed out after "
              "0.3 s receiving output 0 of stage 1's backward program");
}

}  // namespace
}  // namespace xpar::pipeline
