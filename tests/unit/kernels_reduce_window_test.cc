// Native reduce-window (reduce_window.cc): output rows split over threads, windows walked from
// per-dimension tap tables. Checked against a brute-force loop written here (padding, stride,
// base and window dilation) and against the general path (a reducer the matcher does not
// recognise), bit for bit, on 1 and 4 threads.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "interpreter_core_test_util.h"
#include "runtime/interpreter/thread_pool.h"

namespace xpar {
namespace {

constexpr int64_t kIn[4] = {2, 5, 13, 11};
// Window per dimension: size, stride, pad low, pad high, base dilation, window dilation.
constexpr int64_t kWin[4][6] = {{1, 1, 0, 0, 1, 1},
                                {2, 1, 1, 0, 1, 1},
                                {3, 2, 1, 1, 1, 2},
                                {3, 2, 2, 1, 2, 1}};

int64_t OutDim(int d) {
  const int64_t* w = kWin[d];
  const int64_t padded = (kIn[d] - 1) * w[4] + 1 + w[2] + w[3];
  return (padded - ((w[0] - 1) * w[5] + 1)) / w[1] + 1;
}

std::string WindowAttr() {
  std::vector<std::string> size, stride, pad, lhs, rhs;
  for (const auto& w : kWin) {
    size.push_back(std::to_string(w[0]));
    stride.push_back(std::to_string(w[1]));
    pad.push_back(fmt::format("{}_{}", w[2], w[3]));
    lhs.push_back(std::to_string(w[4]));
    rhs.push_back(std::to_string(w[5]));
  }
  return fmt::format("size={} stride={} pad={} lhs_dilate={} rhs_dilate={}",
                     fmt::join(size, "x"), fmt::join(stride, "x"), fmt::join(pad, "x"),
                     fmt::join(lhs, "x"), fmt::join(rhs, "x"));
}

// `native`: the reducer is op(a, b); otherwise maximum(op(a, b), op(a, b)), the same function
// behind an op the matcher does not recognise.
std::string ReduceWindowHlo(const char* t, const char* op, const char* init, bool native) {
  const std::string body = native ? fmt::format("  ROOT r = {}[] {}(a, b)", t, op)
                                  : fmt::format("  s = {0}[] {1}(a, b)\n  ROOT r = {0}[] "
                                                "maximum(s, s)",
                                                t, op);
  return fmt::format(R"(HloModule rw
red {{
  a = {0}[] parameter(0)
  b = {0}[] parameter(1)
{1}
}}
ENTRY e {{
  x = {0}[{2}] parameter(0)
  z = {0}[] constant({3})
  ROOT r = {0}[{4},{5},{6},{7}] reduce-window(x, z), window={{{8}}}, to_apply=red
}}
)",
                     t, body, fmt::join(kIn, ","), init, OutDim(0), OutDim(1), OutDim(2),
                     OutDim(3), WindowAttr());
}

Literal Random(PrimitiveType t) {
  Literal l(Shape(t, {kIn[0], kIn[1], kIn[2], kIn[3]}));
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int64_t i = 0; i < l.ElementCount(); ++i) l.SetFromDouble(i, u(rng));
  return l;
}

// The f32 sum window by window, in row-major window order, written out here.
std::vector<float> BruteForceSum(const Literal& x) {
  std::vector<float> out;
  int64_t o[4], k[4];
  for (o[0] = 0; o[0] < OutDim(0); ++o[0])
    for (o[1] = 0; o[1] < OutDim(1); ++o[1])
      for (o[2] = 0; o[2] < OutDim(2); ++o[2])
        for (o[3] = 0; o[3] < OutDim(3); ++o[3]) {
          float acc = 0;
          for (k[0] = 0; k[0] < kWin[0][0]; ++k[0])
            for (k[1] = 0; k[1] < kWin[1][0]; ++k[1])
              for (k[2] = 0; k[2] < kWin[2][0]; ++k[2])
                for (k[3] = 0; k[3] < kWin[3][0]; ++k[3]) {
                  int64_t linear = 0;
                  bool real = true;
                  for (int d = 0; d < 4; ++d) {
                    const int64_t* w = kWin[d];
                    const int64_t pos = o[d] * w[1] + k[d] * w[5] - w[2];
                    if (pos < 0 || pos % w[4] != 0 || pos / w[4] >= kIn[d]) real = false;
                    linear = linear * kIn[d] + pos / w[4];
                  }
                  if (real) acc += static_cast<float>(x.GetAsDouble(linear));
                }
          out.push_back(acc);
        }
  return out;
}

TEST(KernelsReduceWindow, NativeSumMatchesBruteForceOnAnyThreadCount) {
  Literal x = Random(PrimitiveType::kF32);
  const std::vector<float> want = BruteForceSum(x);
  for (int threads : {1, 4}) {
    SetRuntimeThreads(threads);
    Literal got = RunHlo(ReduceWindowHlo("f32", "add", "0", true), {x});
    ASSERT_EQ(got.ElementCount(), static_cast<int64_t>(want.size()));
    for (size_t i = 0; i < want.size(); ++i) {
      ASSERT_EQ(got.GetAsDouble(i), static_cast<double>(want[i])) << threads << " threads, " << i;
    }
  }
  SetRuntimeThreads(MachineCores());
}

TEST(KernelsReduceWindow, NativeMatchesGeneralPath) {
  for (const char* t : {"f32", "bf16"}) {
    Literal x = Random(*PrimitiveTypeFromName(t));
    for (const char* op : {"add", "maximum", "minimum"}) {
      SCOPED_TRACE(fmt::format("{} {}", t, op));
      const char* init = std::string(op) == "add" ? "0" : op[1] == 'a' ? "-inf" : "inf";
      Literal general = RunHlo(ReduceWindowHlo(t, op, init, false), {x});
      for (int threads : {1, 4}) {
        SetRuntimeThreads(threads);
        EXPECT_TRUE(RunHlo(ReduceWindowHlo(t, op, init, true), {x}) == general) << threads;
      }
      SetRuntimeThreads(MachineCores());
    }
  }
}

}  // namespace
}  // namespace xpar
