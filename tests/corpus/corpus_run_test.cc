// Every PyTorch/XLA and transformers-neuronx corpus module runs end to end in the interpreter
// on random inputs, on as many simulated devices as its collectives name, and its floating
// outputs are finite.
#include <fmt/format.h>

#include <cmath>

#include "analysis/op_stats.h"
#include "corpus_paths.h"
#include "frontends/hlo/hlo_parser.h"
#include "io/random_inputs.h"
#include "ir/verifier.h"
#include "runtime/interpreter/allocator_tuning.h"
#include "runtime/interpreter/interpreter.h"

namespace xpar {
namespace {

int64_t CountNonFinite(const Literal& v) {
  if (v.shape().IsTuple()) {
    int64_t n = 0;
    for (const Literal& e : v.elements()) n += CountNonFinite(e);
    return n;
  }
  if (!v.shape().IsArray() || !IsFloating(v.type())) return 0;
  int64_t n = 0;
  for (int64_t i = 0; i < v.ElementCount(); ++i) n += !std::isfinite(v.GetAsDouble(i));
  return n;
}

class CorpusRun : public ::testing::TestWithParam<std::string> {};

TEST_P(CorpusRun, RunsOnRandomInputsWithFiniteOutputs) {
  XPAR_REQUIRE_SHARED("corpus/hlo");
  TuneAllocatorForInterpreter();
  std::string path = (testing::SharedDir() / "corpus/hlo" / GetParam()).string();
  auto module = ParseHloFile(path);
  ASSERT_TRUE(module.ok()) << module.status().message();
  ASSERT_TRUE(VerifyModule(**module).ok());
  const Module& m = **module;
  int64_t devices = DevicesNamedByCollectives(m);
  // Every simulated device holds its own arguments and outputs; a module that needs more than
  // half of this 24 GiB machine that way cannot be run here (kahf__llama2__llama2_dp1_tp8_pp4:
  // 32 devices x 2 GiB, with one all-reduce over all 32, so no subset can run alone).
  int64_t per_device = ArgumentAndOutputBytes(m);
  constexpr int64_t kBudget = int64_t{12} << 30;
  if (devices * per_device > kBudget) {
    GTEST_SKIP() << GetParam() << " needs " << devices << " simulated devices x "
                 << (per_device >> 20) << " MiB of arguments and outputs, more than the "
                 << (kBudget >> 30) << " GiB this test may use";
  }
  std::vector<Literal> args = RandomArguments(*m.entry(), 1);
  std::vector<Literal> results;
  if (devices == 1) {
    Interpreter interp(m);
    auto r = interp.Run(args);
    ASSERT_TRUE(r.ok()) << r.status().message();
    results.push_back(std::move(r).value());
  } else {
    auto r = RunOnDevices(m, std::vector<std::vector<Literal>>(devices, args), devices, 1);
    ASSERT_TRUE(r.ok()) << r.status().message();
    results = std::move(r).value();
  }
  // Outputs that are constants in the program (transformers-neuronx exports its -inf mask
  // constant, e.g. wenb__gpt2_tp1.hlo out21) are non-finite whatever the inputs: not checked.
  const Instruction* root = m.entry()->root();
  for (size_t d = 0; d < results.size(); ++d) {
    const Literal& r = results[d];
    if (root->opcode() != Opcode::kTuple) {
      EXPECT_EQ(CountNonFinite(r), 0) << "device " << d << " of " << GetParam();
      continue;
    }
    for (size_t i = 0; i < r.elements().size(); ++i) {
      if (root->operand(i)->opcode() == Opcode::kConstant) continue;
      EXPECT_EQ(CountNonFinite(r.elements()[i]), 0)
          << "output " << i << " on device " << d << " of " << GetParam();
    }
  }
}

std::vector<std::string> RunnableCorpusFiles() {
  std::vector<std::string> names;
  for (const char* sub : {"torch_xla", "transformers_neuronx"}) {
    for (const auto& p : testing::SharedFiles(std::string("corpus/hlo/") + sub, ".hlo")) {
      names.push_back(std::string(sub) + "/" + p.filename().string());
    }
  }
  if (names.empty()) names.push_back("torch_xla/missing.hlo");  // reports the skip or failure
  return names;
}

std::string TestName(const ::testing::TestParamInfo<std::string>& info) {
  std::string n = info.param;
  for (char& c : n) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return n;
}

INSTANTIATE_TEST_SUITE_P(Corpus, CorpusRun, ::testing::ValuesIn(RunnableCorpusFiles()), TestName);

}  // namespace
}  // namespace xpar
