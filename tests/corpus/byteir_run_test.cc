// The ByteIR MHLO files of the corpus parse, verify and run in the interpreter on random inputs
// (their byteir.* custom calls included), and the models' floating outputs are finite.
#include <cmath>

#include "analysis/op_stats.h"
#include "corpus_paths.h"
#include "frontends/stablehlo/stablehlo_parser.h"
#include "io/random_inputs.h"
#include "ir/verifier.h"
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

int64_t CountFloats(const Literal& v) {
  if (v.shape().IsTuple()) {
    int64_t n = 0;
    for (const Literal& e : v.elements()) n += CountFloats(e);
    return n;
  }
  return v.shape().IsArray() && IsFloating(v.type()) ? v.ElementCount() : 0;
}

class ByteirRun : public ::testing::TestWithParam<std::string> {};

TEST_P(ByteirRun, ParsesVerifiesAndRunsWithFiniteOutputs) {
  XPAR_REQUIRE_SHARED("corpus/mhlo/byteir");
  std::string path = (testing::SharedDir() / "corpus/mhlo/byteir" / GetParam()).string();
  auto module = ParseStableHloFile(path);
  ASSERT_TRUE(module.ok()) << module.status().message();
  Status verified = VerifyModule(**module);
  ASSERT_TRUE(verified.ok()) << verified.message();
  const Module& m = **module;
  std::vector<Literal> args = RandomArguments(*m.entry(), 1);
  // CclInference's collectives name 4 devices: it runs on as many simulated devices.
  const int64_t devices = DevicesNamedByCollectives(m);
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
  for (const Literal& r : results) {
    EXPECT_GT(CountFloats(r), 0);
    EXPECT_EQ(CountNonFinite(r), 0) << GetParam() << " has non-finite outputs";
  }
}

std::string TestName(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = info.param;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

// The models of issue 3's "done when" (BertTiny forward and backward, the MLPs) and the other
// small ones. ResNet18 (FW/BW/Whole) takes minutes in the reference interpreter's convolution,
// so it is only parsed and verified below.
INSTANTIATE_TEST_SUITE_P(
    Corpus, ByteirRun,
    ::testing::Values("CUDA__BertTiny__FW.mlir", "CUDA__BertTiny__BW.mlir", "CUDA__MLPBasic.mlir",
                      "CUDA__MLPInference.mlir", "CUDA__AliasLikeGPU.mlir",
                      "CUDA__CclInference.mlir"),
    TestName);

TEST(ByteirParse, EveryFileParsesAndVerifies) {
  XPAR_REQUIRE_SHARED("corpus/mhlo/byteir");
  auto files = testing::SharedFiles("corpus/mhlo/byteir", ".mlir");
  EXPECT_EQ(files.size(), 9u);
  for (const auto& path : files) {
    auto module = ParseStableHloFile(path.string());
    ASSERT_TRUE(module.ok()) << module.status().message();
    Status verified = VerifyModule(**module);
    EXPECT_TRUE(verified.ok()) << path << ": " << verified.message();
  }
}

}  // namespace
}  // namespace xpar
