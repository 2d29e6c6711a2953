// Every PyTorch/XLA and transformers-neuronx corpus module runs end to end in the interpreter
// on random inputs, on as many simulated devices as its collectives name, and its floating
// outputs are finite. Finite does not make them right: each module within a small budget is run
// again partitioned over a mesh of 2 with random shardings (the SPMD partitioner's per-device
// shapes and collectives, seeded) and must give the unpartitioned run's results: to a relative
// tolerance, or, for an output that rounding alone swamps, within a few times its own rounding
// error (measured against the program run in f64; see BeyondRoundingNoise).
#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <regex>

#include "analysis/op_stats.h"
#include "corpus_paths.h"
#include "frontends/hlo/hlo_parser.h"
#include "io/random_inputs.h"
#include "ir/printer.h"
#include "ir/verifier.h"
#include "runtime/interpreter/allocator_tuning.h"
#include "runtime/interpreter/interpreter.h"
#include "spmd_corpus_util.h"

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

// Relative tolerance of a partitioned run against the unpartitioned one: sums in another order
// round differently. f32: long sums (a gradient norm over ~500k values) reach ~1e-4 (see
// spmd_corpus_test.cc); 16-bit floats keep 8 or 11 significant bits.
double PartitionTolerance(const Module& m) {
  for (const Instruction* p : m.entry()->parameters()) {
    const PrimitiveType t = p->shape().IsArray() ? p->shape().type() : PrimitiveType::kF32;
    if (t == PrimitiveType::kBF16 || t == PrimitiveType::kF16) return 2e-2;
  }
  return 5e-4;
}

// The module with its floating types in `from` widened to `to` (shardings kept), so that the
// same program can be run with less rounding.
Expected<std::unique_ptr<Module>> Widened(const Module& m, const std::string& from,
                                          const std::string& to) {
  const std::regex floats("\\b(" + from + ")\\[");
  return ParseHloModule(std::regex_replace(PrintModule(m), floats, to + "["));
}

bool HasHalfFloats(const Module& m) {
  for (const auto& inst : m.entry()->instructions()) {
    if (inst->shape().IsArray() && (inst->shape().type() == PrimitiveType::kBF16 ||
                                    inst->shape().type() == PrimitiveType::kF16)) {
      return true;
    }
  }
  return false;
}

Literal ToF64(const Literal& l) {
  if (l.shape().IsTuple()) {
    std::vector<Literal> elements;
    for (const Literal& e : l.elements()) elements.push_back(ToF64(e));
    return Literal::Tuple(std::move(elements));
  }
  if (!l.shape().IsArray() || !IsFloating(l.type())) return l;
  Literal out(Shape(PrimitiveType::kF64, l.shape().dims()));
  for (int64_t i = 0; i < l.ElementCount(); ++i) out.SetFromDouble(i, l.GetAsDouble(i));
  return out;
}

double MaxAbsDifference(const Literal& a, const Literal& b) {
  double d = 0;
  for (int64_t i = 0; i < a.ElementCount(); ++i) {
    d = std::max(d, std::fabs(a.GetAsDouble(i) - b.GetAsDouble(i)));
  }
  return d;
}

// Floating output leaves (replica r, leaf i) whose relative difference exceeds `tol`.
std::vector<std::pair<int64_t, size_t>> Mismatched(const testing::PartitionedRuns& runs,
                                                   double tol) {
  std::vector<std::pair<int64_t, size_t>> bad;
  for (size_t r = 0; r < runs.want.size(); ++r) {
    std::vector<const Literal*> want, got;
    testing::FlattenLeaves(runs.want[r], want);
    testing::FlattenLeaves(runs.got[r], got);
    for (size_t i = 0; i < want.size(); ++i) {
      if (testing::MaxRelativeDifference(*got[i], *want[i]) > tol) bad.emplace_back(r, i);
    }
  }
  return bad;
}

// An output whose own rounding error is above the tolerance is rounding noise: a BERT step's
// attention key-bias gradient is 0 in exact arithmetic (softmax ignores a per-row shift) and
// ~1e-10 in f32, with no correct digit, so a partitioned run differs from it by 100%. Such an
// output is held to kNoise x its rounding error, max|want - exact|, with `exact` the program
// widened to f64 on the same arguments: each run's own error, with a margin for the order of
// the partitioned sums. Every output that rounding does not swamp keeps `tol`.
constexpr double kNoise = 4;

// Messages for the outputs in `bad` that also exceed the rounding-noise bound.
Expected<std::vector<std::string>> BeyondRoundingNoise(
    const Module& m, int64_t replicas, const testing::PartitionedRuns& runs,
    const std::vector<std::pair<int64_t, size_t>>& bad, double tol) {
  ASSIGN_OR_RETURN(std::unique_ptr<Module> exact_module, Widened(m, "bf16|f16|f32", "f64"));
  std::vector<Literal> args;
  for (const Literal& a : runs.args) args.push_back(ToF64(a));
  ASSIGN_OR_RETURN(std::vector<Literal> exact,
                   RunOnDevices(*exact_module, std::vector<std::vector<Literal>>(replicas, args),
                                replicas, 1));
  std::vector<std::string> beyond;
  for (auto [r, i] : bad) {
    std::vector<const Literal*> want, got, ex;
    testing::FlattenLeaves(runs.want[r], want);
    testing::FlattenLeaves(runs.got[r], got);
    testing::FlattenLeaves(exact[r], ex);
    double scale = 0;
    for (int64_t k = 0; k < want[i]->ElementCount(); ++k) {
      scale = std::max(scale, std::fabs(want[i]->GetAsDouble(k)));
    }
    const double diff = MaxAbsDifference(*got[i], *want[i]);
    const double noise = MaxAbsDifference(*want[i], *ex[i]);
    if (diff > tol * scale + kNoise * noise) {
      beyond.push_back(fmt::format("output {} of replica {}: max|got - want| {:.3g}, max|want| "
                                   "{:.3g}, rounding error max|want - f64| {:.3g}",
                                   i, r, diff, scale, noise));
    }
  }
  return beyond;
}

// BERT-base steps (the 30522-word table; 130-250 MiB of arguments) whose partitioned check takes
// 20-50 s on a loaded 2-core machine: HeavyCorpusRun runs them (ctest -L heavy), CorpusRun not.
bool SlowToPartition(const std::string& file) {
  for (const char* name : {"kahf__bert__bert_dp_graph_4", "kahf__bert__bert_dp_graph_5",
                           "kahf__bert__old_files__bert_single"}) {
    if (file.find(name) != std::string::npos) return true;
  }
  return false;
}

void ExpectPartitionedMatches(const std::string& file, bool heavy) {
  XPAR_REQUIRE_SHARED("corpus/hlo");
  if (SlowToPartition(file) != heavy) {
    GTEST_SKIP() << file << (heavy ? ": run by CorpusRun" : ": 20-50 s, run by HeavyCorpusRun");
  }
  TuneAllocatorForInterpreter();
  std::string path = (testing::SharedDir() / "corpus/hlo" / file).string();
  auto module = ParseHloFile(path);
  ASSERT_TRUE(module.ok()) << module.status().message();
  Module& m = **module;
  bool over_all_replicas = false;
  for (const auto& inst : m.entry()->instructions()) {
    if (!HasTrait(inst->opcode(), kCollective)) continue;
    const auto& a = inst->attrs();
    if (a.channel_id) {
      GTEST_SKIP() << file << " is partitioned already (" << inst->name()
                   << " has a channel id)";
    }
    const bool all = !a.replica_groups || a.replica_groups->groups.empty();
    if (!all && DevicesNamedByCollectives(m) == 1) {
      GTEST_SKIP() << file << ": " << inst->name() << " runs on replica 0 alone, and the "
                   << "partitioner needs a program of more than one replica for it";
    }
    over_all_replicas |= all;
  }
  // Collectives over all replicas: both runs on 2 replicas (the same arguments on each).
  const int64_t replicas =
      std::max<int64_t>(DevicesNamedByCollectives(m), over_all_replicas ? 2 : 1);
  // The full-size neuronx layers take minutes per run: the SPMD corpus test runs them (heavy).
  constexpr int64_t kBudget = int64_t{1} << 30;
  const int64_t bytes = 2 * replicas * ArgumentAndOutputBytes(m);
  if (bytes > kBudget) {
    GTEST_SKIP() << file << ": " << (bytes >> 20) << " MiB of arguments and outputs on "
                 << 2 * replicas << " devices, over this test's " << (kBudget >> 20) << " MiB";
  }
  const Mesh mesh({2});
  ASSERT_TRUE(testing::AnnotateRandomly(m, mesh, 11).ok());
  auto runs = testing::ReplicatedPartitionedRuns(m, mesh, replicas, 3);
  ASSERT_TRUE(runs.ok()) << runs.status().message();
  double tol = PartitionTolerance(m);
  auto bad = Mismatched(*runs, tol);
  std::unique_ptr<Module> f32_module;
  if (!bad.empty() && HasHalfFloats(m)) {
    // A 16-bit step can be rounding noise through and through (a BERT step in bf16 on random
    // inputs: logits 15% and most gradients ~100% off the f64 result even unpartitioned), so
    // the same program in f32 must match instead, to the f32 tolerance.
    auto widened = Widened(m, "bf16|f16", "f32");
    ASSERT_TRUE(widened.ok()) << widened.status().message();
    f32_module = std::move(widened).value();
    runs = testing::ReplicatedPartitionedRuns(*f32_module, mesh, replicas, 3);
    ASSERT_TRUE(runs.ok()) << runs.status().message();
    tol = PartitionTolerance(*f32_module);
    bad = Mismatched(*runs, tol);
  }
  if (bad.empty()) return;
  auto beyond = BeyondRoundingNoise(f32_module ? *f32_module : m, replicas, *runs, bad, tol);
  ASSERT_TRUE(beyond.ok()) << beyond.status().message();
  for (const std::string& b : *beyond) ADD_FAILURE() << file << ": " << b;
}

TEST_P(CorpusRun, PartitionedOnTwoDevicesMatchesTheRun) {
  ExpectPartitionedMatches(GetParam(), false);
}

class HeavyCorpusRun : public CorpusRun {};

TEST_P(HeavyCorpusRun, PartitionedOnTwoDevicesMatchesTheRun) {
  if (!std::getenv("XPAR_HEAVY_TESTS")) {
    GTEST_SKIP() << GetParam() << ": run with XPAR_HEAVY_TESTS=1 (ctest -L heavy)";
  }
  ExpectPartitionedMatches(GetParam(), true);
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
INSTANTIATE_TEST_SUITE_P(HeavyCorpus, HeavyCorpusRun, ::testing::ValuesIn(RunnableCorpusFiles()),
                         TestName);

}  // namespace
}  // namespace xpar
