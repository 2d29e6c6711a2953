// Row fusion (runtime/interpreter/row_fusion.h): softmax, layer norm, log-sum-exp and reductions
// over several trailing dimensions give the unfused interpreter's values (max/min and
// elementwise ops exactly, sums to rounding), the same bits on 1 and on 3 threads, and hold no
// row-sized intermediates (the evaluator's memory count shows the fused groups ran).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "interpreter_core_test_util.h"
#include "runtime/interpreter/fusion.h"
#include "runtime/interpreter/thread_pool.h"

namespace xpar {
namespace {

const char* kReducers = R"(
add {
  a = $T[] parameter(0)
  b = $T[] parameter(1)
  ROOT r = $T[] add(a, b)
}
max {
  a = $T[] parameter(0)
  b = $T[] parameter(1)
  ROOT r = $T[] maximum(a, b)
}
)";

// A module of element type `t` with the add/max reducers and entry `body` ($T: the type).
std::string Module(const std::string& t, const std::string& body) {
  std::string text = "HloModule m\n" + std::string(kReducers) + "ENTRY e {\n" + body + "\n}\n";
  for (size_t p = text.find("$T"); p != std::string::npos; p = text.find("$T", p)) {
    text.replace(p, 2, t);
  }
  return text;
}

std::string Softmax(int64_t r, int64_t c) {
  return fmt::format(
      "x = $T[{0},{1}] parameter(0)\n ninf = $T[] constant(-inf)\n"
      " mx = $T[{0}] reduce(x, ninf), dimensions={{1}}, to_apply=max\n"
      " mb = $T[{0},{1}] broadcast(mx), dimensions={{0}}\n s = $T[{0},{1}] subtract(x, mb)\n"
      " e = $T[{0},{1}] exponential(s)\n zero = $T[] constant(0)\n"
      " sm = $T[{0}] reduce(e, zero), dimensions={{1}}, to_apply=add\n"
      " sb = $T[{0},{1}] broadcast(sm), dimensions={{0}}\n ROOT d = $T[{0},{1}] divide(e, sb)",
      r, c);
}

// Layer norm over the last dimension, with a scale and a bias broadcast along the rows.
std::string LayerNorm(int64_t r, int64_t c) {
  return fmt::format(
      "x = $T[{0},{1}] parameter(0)\n g = $T[{1}] parameter(1)\n b = $T[{1}] parameter(2)\n"
      " zero = $T[] constant(0)\n inv = $T[] constant({2})\n eps = $T[] constant(1e-5)\n"
      " sum = $T[{0}] reduce(x, zero), dimensions={{1}}, to_apply=add\n"
      " invb = $T[{0}] broadcast(inv), dimensions={{}}\n mean = $T[{0}] multiply(sum, invb)\n"
      " meanb = $T[{0},{1}] broadcast(mean), dimensions={{0}}\n"
      " xc = $T[{0},{1}] subtract(x, meanb)\n sq = $T[{0},{1}] multiply(xc, xc)\n"
      " ssq = $T[{0}] reduce(sq, zero), dimensions={{1}}, to_apply=add\n"
      " var = $T[{0}] multiply(ssq, invb)\n epsb = $T[{0}] broadcast(eps), dimensions={{}}\n"
      " ve = $T[{0}] add(var, epsb)\n rs = $T[{0}] rsqrt(ve)\n"
      " rsb = $T[{0},{1}] broadcast(rs), dimensions={{0}}\n n = $T[{0},{1}] multiply(xc, rsb)\n"
      " gb = $T[{0},{1}] broadcast(g), dimensions={{1}}\n ng = $T[{0},{1}] multiply(n, gb)\n"
      " bb = $T[{0},{1}] broadcast(b), dimensions={{1}}\n ROOT y = $T[{0},{1}] add(ng, bb)",
      r, c, 1.0 / static_cast<double>(c));
}

// log(sum(exp(x - max))) + max over the last two dimensions of x[a, b, c]: the group's root
// has the kept shape [a].
std::string LogSumExp3(int64_t a, int64_t b, int64_t c) {
  return fmt::format(
      "x = $T[{0},{1},{2}] parameter(0)\n ninf = $T[] constant(-inf)\n zero = $T[] constant(0)\n"
      " mx = $T[{0}] reduce(x, ninf), dimensions={{1,2}}, to_apply=max\n"
      " mb = $T[{0},{1},{2}] broadcast(mx), dimensions={{0}}\n"
      " s = $T[{0},{1},{2}] subtract(x, mb)\n e = $T[{0},{1},{2}] exponential(s)\n"
      " sm = $T[{0}] reduce(e, zero), dimensions={{1,2}}, to_apply=add\n"
      " l = $T[{0}] log(sm)\n ROOT y = $T[{0}] add(l, mx)",
      a, b, c);
}

Literal Random(PrimitiveType t, std::vector<int64_t> dims, uint32_t seed) {
  Literal l(Shape(t, std::move(dims)));
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-3, 3);
  for (int64_t i = 0; i < l.ElementCount(); ++i) l.SetFromDouble(i, u(rng));
  return l;
}

struct Result {
  Literal value;
  int64_t peak_bytes = 0;  // the evaluator's peak of held values (arguments not counted)
};

// Runs `hlo` with loop fusion on or off, on `threads` kernel threads.
Result RunModule(const std::string& hlo, const std::vector<Literal>& args, bool fuse, int threads) {
  const int before_threads = KernelThreads();
  SetLoopFusion(fuse);
  SetRuntimeThreads(threads);
  Result r;
  auto module = ParseHloModule(hlo);
  EXPECT_TRUE(module.ok()) << module.status().ToString();
  if (module.ok()) {
    Interpreter interp(**module);
    Expected<Literal> out = interp.Run(args);
    EXPECT_TRUE(out.ok()) << out.status().ToString();
    if (out.ok()) r.value = std::move(out).value();
    r.peak_bytes = interp.memory().peak;
  }
  SetLoopFusion(true);
  SetRuntimeThreads(before_threads);
  return r;
}

// Fused and unfused agree within `rel` (relative to the larger magnitude, plus `abs`), fused
// gives the same bits on 1 and on 3 threads, and only the unfused run holds intermediates of
// the input's size.
void ExpectFusedMatches(const std::string& hlo, const std::vector<Literal>& args, double rel,
                        double abs) {
  Result unfused = RunModule(hlo, args, false, 1);
  Result fused = RunModule(hlo, args, true, 1);
  Result fused3 = RunModule(hlo, args, true, 3);
  ASSERT_EQ(fused.value.ElementCount(), unfused.value.ElementCount());
  ASSERT_GT(fused.value.ElementCount(), 0);
  EXPECT_TRUE(fused.value == fused3.value) << "1 vs 3 threads";
  for (int64_t i = 0; i < fused.value.ElementCount(); ++i) {
    const double f = fused.value.GetAsDouble(i), u = unfused.value.GetAsDouble(i);
    ASSERT_NEAR(f, u, rel * std::max(std::fabs(f), std::fabs(u)) + abs) << "element " << i;
  }
  const int64_t in_bytes = args[0].size_bytes(), out_bytes = fused.value.size_bytes();
  EXPECT_LE(fused.peak_bytes, out_bytes + 1024) << "a fused run holds only its result";
  EXPECT_GE(unfused.peak_bytes, in_bytes + out_bytes) << "unfused: intermediates of x's size";
}

TEST(KernelsRowFusion, SoftmaxMatchesUnfused) {
  const int64_t rows = 96, cols = 300;  // cols: not a multiple of the 32 fold lanes
  for (const char* t : {"f32", "f64", "bf16"}) {
    SCOPED_TRACE(t);
    const PrimitiveType type = *PrimitiveTypeFromName(t);
    const bool half = type == PrimitiveType::kBF16;
    ExpectFusedMatches(Module(t, Softmax(rows, cols)), {Random(type, {rows, cols}, 1)},
                       half ? 1e-2 : 1e-5, half ? 1e-4 : 1e-9);
  }
}

TEST(KernelsRowFusion, LayerNormMatchesUnfusedAndDirectLoop) {
  const int64_t rows = 64, cols = 768;
  std::vector<Literal> args = {Random(PrimitiveType::kF32, {rows, cols}, 2),
                               Random(PrimitiveType::kF32, {cols}, 3),
                               Random(PrimitiveType::kF32, {cols}, 4)};
  const std::string hlo = Module("f32", LayerNorm(rows, cols));
  ExpectFusedMatches(hlo, args, 1e-4, 1e-5);
  Result fused = RunModule(hlo, args, true, 2);
  for (int64_t r = 0; r < rows; r += 7) {
    double mean = 0, var = 0;
    for (int64_t c = 0; c < cols; ++c) mean += args[0].GetAsDouble(r * cols + c) / cols;
    for (int64_t c = 0; c < cols; ++c) {
      var += std::pow(args[0].GetAsDouble(r * cols + c) - mean, 2) / cols;
    }
    for (int64_t c = 0; c < cols; c += 13) {
      const double want = (args[0].GetAsDouble(r * cols + c) - mean) / std::sqrt(var + 1e-5) *
                              args[1].GetAsDouble(c) +
                          args[2].GetAsDouble(c);
      ASSERT_NEAR(fused.value.GetAsDouble(r * cols + c), want, 1e-4) << r << "," << c;
    }
  }
}

TEST(KernelsRowFusion, LogSumExpOverTwoTrailingDims) {
  const int64_t a = 40, b = 6, c = 50;
  Literal x = Random(PrimitiveType::kF32, {a, b, c}, 5);
  const std::string hlo = Module("f32", LogSumExp3(a, b, c));
  Result unfused = RunModule(hlo, {x}, false, 1);
  Result fused = RunModule(hlo, {x}, true, 3);
  ASSERT_EQ(fused.value.ElementCount(), a);
  for (int64_t i = 0; i < a; ++i) {
    double mx = -INFINITY, sum = 0;
    for (int64_t j = 0; j < b * c; ++j) mx = std::max(mx, x.GetAsDouble(i * b * c + j));
    for (int64_t j = 0; j < b * c; ++j) sum += std::exp(x.GetAsDouble(i * b * c + j) - mx);
    EXPECT_NEAR(fused.value.GetAsDouble(i), std::log(sum) + mx, 1e-5) << i;
    EXPECT_NEAR(fused.value.GetAsDouble(i), unfused.value.GetAsDouble(i), 1e-5) << i;
  }
  EXPECT_LE(fused.peak_bytes, 1024) << "no [a,b,c] intermediate is held";
  EXPECT_GE(unfused.peak_bytes, x.size_bytes());
}

// A value also read outside the group (returned beside the root) is computed unfused and read
// by the group; a reduction over the leading dimension is not a row reduction. Both still give
// the unfused values exactly, except the fused sum's rounding.
TEST(KernelsRowFusion, SharedValuesAndColumnReductions) {
  const int64_t rows = 64, cols = 256;
  const std::string body =
      Softmax(rows, cols) +
      fmt::format(
          "\n c0 = $T[{1}] reduce(x, zero), dimensions={{0}}, to_apply=add"
          "\n ROOT t = ($T[{0},{1}], $T[{0},{1}], $T[{1}], $T[{0}]) tuple(d, e, c0, mx)",
          rows, cols);
  std::string hlo = Module("f32", body);
  hlo.replace(hlo.find("ROOT d"), 6, "d");
  Literal x = Random(PrimitiveType::kF32, {rows, cols}, 6);
  Result unfused = RunModule(hlo, {x}, false, 1);
  Result fused = RunModule(hlo, {x}, true, 2);
  ASSERT_EQ(fused.value.elements().size(), 4u);
  EXPECT_TRUE(fused.value.elements()[1] == unfused.value.elements()[1]) << "e";
  EXPECT_TRUE(fused.value.elements()[2] == unfused.value.elements()[2]) << "column sums";
  EXPECT_TRUE(fused.value.elements()[3] == unfused.value.elements()[3]) << "row max";
  const Literal& d = fused.value.elements()[0];
  const Literal& want = unfused.value.elements()[0];
  for (int64_t i = 0; i < d.ElementCount(); ++i) {
    ASSERT_NEAR(d.GetAsDouble(i), want.GetAsDouble(i), 1e-5 * want.GetAsDouble(i)) << i;
  }
}

// Centering as the TorchScript frontend writes it: the reduce keeps its dimension through a
// reshape to [rows, 1], is divided there, and is reshaped back before the broadcast; all of it
// fuses into one group (nothing of x's size is held).
TEST(KernelsRowFusion, KeepdimReshapesFuse) {
  const int64_t rows = 128, cols = 96;
  const std::string body = fmt::format(
      "x = $T[{0},{1}] parameter(0)\n zero = $T[] constant(0)\n n = $T[] constant({1})\n"
      " s = $T[{0}] reduce(x, zero), dimensions={{1}}, to_apply=add\n"
      " sk = $T[{0},1] reshape(s)\n nb = $T[{0},1] broadcast(n), dimensions={{}}\n"
      " m = $T[{0},1] divide(sk, nb)\n mr = $T[{0}] reshape(m)\n"
      " mb = $T[{0},{1}] broadcast(mr), dimensions={{0}}\n ROOT xc = $T[{0},{1}] subtract(x, mb)",
      rows, cols);
  ExpectFusedMatches(Module("f32", body), {Random(PrimitiveType::kF32, {rows, cols}, 8)}, 1e-5,
                     1e-6);
}

const char* kDirections[] = {"EQ", "NE", "LT", "LE", "GT", "GE"};

// One integer per row of a [rows, cols] one-hot mask: in range mostly, some outside it (an
// ignore index of -100, cols, -1, huge values), so every mask shape occurs.
Literal Labels(PrimitiveType t, int64_t rows, int64_t cols, uint32_t seed) {
  Literal l(Shape(t, {rows}));
  std::mt19937 rng(seed);
  const double odd[] = {-100, -1, static_cast<double>(cols), 2147483647, -2147483648.0};
  for (int64_t r = 0; r < rows; ++r) {
    l.SetFromDouble(r, r % 7 == 3 ? odd[(r / 7) % 5] : static_cast<double>(rng() % cols));
  }
  return l;
}

// A random program over x[rows, cols], a column vector g[cols] and labels s32[rows]:
// elementwise ops on rows and on per-row values, add/max reduces over the columns, row, column
// and scalar broadcasts, selects by a float comparison and by a one-hot style mask
// (compare(iota, broadcast(labels)) in either order and any direction); some intermediates are
// also returned (read outside any group). Returns the HLO text.
std::string RandomRowProgram(std::mt19937& rng, int64_t rows, int64_t cols) {
  auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
  std::vector<std::string> full = {"x"}, kept;
  std::string body = fmt::format(
      "x = f32[{0},{1}] parameter(0)\n g = f32[{1}] parameter(1)\n zero = f32[] constant(0)\n"
      " labels = s32[{0}] parameter(2)\n ninf = f32[] constant(-inf)\n"
      " half = f32[] constant(0.5)\n",
      rows, cols);
  const std::string P = fmt::format("pred[{},{}]", rows, cols);
  const std::string I = fmt::format("s32[{},{}]", rows, cols);
  const std::string F = fmt::format("f32[{},{}]", rows, cols), K = fmt::format("f32[{}]", rows);
  const char* unary[] = {"negate", "tanh", "abs"};
  const char* binary[] = {"add", "subtract", "maximum", "multiply"};
  for (int step = 0; step < 12; ++step) {
    const std::string v = fmt::format("v{}", step);
    auto any_full = [&] { return full[pick(static_cast<int>(full.size()))]; };
    switch (kept.empty() ? pick(3) : pick(9)) {
      case 0:
        body += fmt::format(" {} = {} {}({})\n", v, F, unary[pick(3)], any_full());
        break;
      case 1:
        body += fmt::format(" {} = {} {}({}, {})\n", v, F, binary[pick(4)], any_full(), any_full());
        break;
      case 2:
        body += fmt::format(" {} = {} reduce({}, {}), dimensions={{1}}, to_apply={}\n", v, K,
                            any_full(), pick(2) ? "zero" : "ninf", pick(2) ? "add" : "max");
        body += fmt::format(" {}t = {} tanh({})\n", v, K, v);
        kept.push_back(v + "t");
        continue;
      case 3: {
        const std::string a = kept[pick(static_cast<int>(kept.size()))];
        const std::string b = kept[pick(static_cast<int>(kept.size()))];
        body += fmt::format(" {} = {} {}({}, {})\n", v, K, binary[pick(4)], a, b);
        kept.push_back(v);
        continue;
      }
      case 4:
        body += fmt::format(" {} = {} broadcast({}), dimensions={{0}}\n", v, F,
                            kept[pick(static_cast<int>(kept.size()))]);
        break;
      case 5:
        body += fmt::format(" {} = {} broadcast(g), dimensions={{1}}\n", v, F);
        break;
      case 7:
        body += fmt::format(" {0}p = {1} compare({2}, {3}), direction={4}\n", v, P, any_full(),
                            any_full(), kDirections[pick(6)]);
        body += fmt::format(" {0} = {1} select({0}p, {2}, {3})\n", v, F, any_full(), any_full());
        break;
      case 8: {
        body += fmt::format(" {0}i = {1} iota(), iota_dimension=1\n", v, I);
        body += fmt::format(" {0}l = {1} broadcast(labels), dimensions={{0}}\n", v, I);
        const bool iota_left = pick(2);
        body += fmt::format(" {0}p = {1} compare({0}{2}, {0}{3}), direction={4}\n", v, P,
                            iota_left ? "i" : "l", iota_left ? "l" : "i", kDirections[pick(6)]);
        body += fmt::format(" {0} = {1} select({0}p, {2}, {3})\n", v, F, any_full(), any_full());
        break;
      }
      default:
        body += fmt::format(" {} = {} broadcast(half), dimensions={{}}\n", v, F);
        break;
    }
    full.push_back(v);
  }
  const std::string a = full.back(), b = full[pick(static_cast<int>(full.size()))];
  const std::string k = kept.empty() ? "zero" : kept[pick(static_cast<int>(kept.size()))];
  body += fmt::format(" ROOT t = ({0}, {0}, {1}) tuple({2}, {3}, {4})", F,
                      kept.empty() ? "f32[]" : K, a, b, k);
  return Module("f32", body);
}

// Random programs run fused and unfused agree (to rounding of the reordered sums, relative to
// the largest value of each output); fusion happens in some of them (smaller peak).
TEST(KernelsRowFusion, RandomProgramsMatchUnfused) {
  std::mt19937 rng(11);
  const int64_t rows = 48, cols = 100;
  int fused_any = 0;
  for (int trial = 0; trial < 80; ++trial) {
    const std::string hlo = RandomRowProgram(rng, rows, cols);
    SCOPED_TRACE(hlo);
    std::vector<Literal> args = {Random(PrimitiveType::kF32, {rows, cols}, 100 + trial),
                                 Random(PrimitiveType::kF32, {cols}, 200 + trial),
                                 Labels(PrimitiveType::kS32, rows, cols, 300 + trial)};
    Result unfused = RunModule(hlo, args, false, 1);
    Result fused = RunModule(hlo, args, true, 3);
    ASSERT_EQ(fused.value.elements().size(), 3u);
    fused_any += fused.peak_bytes < unfused.peak_bytes;
    for (size_t e = 0; e < 3; ++e) {
      const Literal& f = fused.value.elements()[e];
      const Literal& u = unfused.value.elements()[e];
      ASSERT_EQ(f.ElementCount(), u.ElementCount());
      double scale = 1;
      for (int64_t i = 0; i < u.ElementCount(); ++i) {
        if (std::isfinite(u.GetAsDouble(i))) scale = std::max(scale, std::fabs(u.GetAsDouble(i)));
      }
      for (int64_t i = 0; i < u.ElementCount(); ++i) {
        const double fv = f.GetAsDouble(i), uv = u.GetAsDouble(i);
        if (!std::isfinite(uv)) {
          ASSERT_FALSE(std::isfinite(fv)) << "output " << e << " element " << i;
          continue;
        }
        ASSERT_NEAR(fv, uv, 1e-5 * scale) << "output " << e << " element " << i;
      }
    }
  }
  EXPECT_GE(fused_any, 10) << "row fusion formed groups in too few programs";
}

// Cross-entropy as PyTorch/XLA writes it (GPT-2's loss): log-softmax over the vocabulary, the
// label's column picked by select(iota == broadcast(labels), logp, 0) and summed, labels of
// -100 (ignored) and out of range included. One group: no mask, no iota and no row-sized
// intermediate is held.
std::string CrossEntropy(const std::string& it, int64_t r, int64_t c) {
  return fmt::format(
      "x = $T[{0},{1}] parameter(0)\n labels = {2}[{0}] parameter(1)\n"
      " ninf = $T[] constant(-inf)\n zero = $T[] constant(0)\n"
      " mx = $T[{0}] reduce(x, ninf), dimensions={{1}}, to_apply=max\n"
      " mb = $T[{0},{1}] broadcast(mx), dimensions={{0}}\n s = $T[{0},{1}] subtract(x, mb)\n"
      " e = $T[{0},{1}] exponential(s)\n"
      " se = $T[{0}] reduce(e, zero), dimensions={{1}}, to_apply=add\n"
      " se1 = $T[{0},1] reshape(se)\n lg = $T[{0},1] log(se1)\n lg1 = $T[{0}] reshape(lg)\n"
      " lb = $T[{0},{1}] broadcast(lg1), dimensions={{0}}\n logp = $T[{0},{1}] subtract(s, lb)\n"
      " io = {2}[{0},{1}] iota(), iota_dimension=1\n"
      " lab = {2}[{0},{1}] broadcast(labels), dimensions={{0}}\n"
      " hot = pred[{0},{1}] compare(io, lab), direction=EQ\n"
      " zb = $T[{0},{1}] broadcast(zero), dimensions={{}}\n"
      " sel = $T[{0},{1}] select(hot, logp, zb)\n"
      " picked = $T[{0}] reduce(sel, zero), dimensions={{1}}, to_apply=add\n"
      " ROOT loss = $T[{0}] negate(picked)",
      r, c, it);
}

TEST(KernelsRowFusion, CrossEntropyOneHotIsNeverBuilt) {
  const int64_t rows = 40, cols = 5003;
  for (const char* it : {"s64", "s32"}) {
    SCOPED_TRACE(it);
    const PrimitiveType labels = *PrimitiveTypeFromName(it);
    std::vector<Literal> args = {Random(PrimitiveType::kF32, {rows, cols}, 9),
                                 Labels(labels, rows, cols, 10)};
    const std::string hlo = Module("f32", CrossEntropy(it, rows, cols));
    ExpectFusedMatches(hlo, args, 1e-5, 1e-6);
    Result fused = RunModule(hlo, args, true, 2);
    for (int64_t r = 0; r < rows; ++r) {  // against log-softmax computed here
      const int64_t label = static_cast<int64_t>(args[1].GetAsDouble(r));
      double mx = -INFINITY, sum = 0;
      for (int64_t c = 0; c < cols; ++c) mx = std::max(mx, args[0].GetAsDouble(r * cols + c));
      for (int64_t c = 0; c < cols; ++c) sum += std::exp(args[0].GetAsDouble(r * cols + c) - mx);
      const double want =
          label < 0 || label >= cols ? 0.0 : -(args[0].GetAsDouble(r * cols + label) - mx -
                                               std::log(sum));
      ASSERT_NEAR(fused.value.GetAsDouble(r), want, 1e-4) << "row " << r << " label " << label;
    }
  }
}

// A mask over two reduced dimensions (the iota runs over the first of them, so each column
// index repeats c times), label on the left, every direction: the per-element path.
TEST(KernelsRowFusion, MaskOverTwoReducedDimsEveryDirection) {
  const int64_t a = 24, b = 9, c = 20;
  for (const char* dir : kDirections) {
    SCOPED_TRACE(dir);
    const std::string body = fmt::format(
        "x = $T[{0},{1},{2}] parameter(0)\n labels = s32[{0}] parameter(1)\n"
        " zero = $T[] constant(0)\n io = s32[{0},{1},{2}] iota(), iota_dimension=1\n"
        " lab = s32[{0},{1},{2}] broadcast(labels), dimensions={{0}}\n"
        " m = pred[{0},{1},{2}] compare(lab, io), direction={3}\n"
        " t = $T[{0},{1},{2}] tanh(x)\n sel = $T[{0},{1},{2}] select(m, t, x)\n"
        " ROOT s = $T[{0}] reduce(sel, zero), dimensions={{1,2}}, to_apply=add",
        a, b, c, dir);
    ExpectFusedMatches(Module("f32", body),
                       {Random(PrimitiveType::kF32, {a, b, c}, 12),
                        Labels(PrimitiveType::kS32, a, b, 13)},
                       1e-5, 1e-4);  // sums of 180 values near 0: absolute rounding
  }
}

// Rows holding NaNs (at the start, the middle, the ragged tail) and signed zeros: the fused
// max reduce (32 lanes, AVX2 blends) propagates NaN as XLA's maximum does, and softmax rows with
// a NaN are NaN in both runs; other rows agree as above.
TEST(KernelsRowFusion, NanAndZeroRows) {
  const int64_t rows = 64, cols = 150;  // 4 x 32 lanes and a tail of 22
  Literal x = Random(PrimitiveType::kF32, {rows, cols}, 7);
  for (int64_t r = 0; r < rows; r += 5) x.SetFromDouble(r * cols + (r * 7) % cols, NAN);
  for (int64_t c = 0; c < cols; ++c) x.SetFromDouble(3 * cols + c, c % 2 ? -0.0 : 0.0);
  const std::string hlo = Module("f32", Softmax(rows, cols));
  Result unfused = RunModule(hlo, {x}, false, 1);
  Result fused = RunModule(hlo, {x}, true, 2);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) {
      const double f = fused.value.GetAsDouble(r * cols + c);
      const double u = unfused.value.GetAsDouble(r * cols + c);
      if (r % 5 == 0) {
        ASSERT_TRUE(std::isnan(f) && std::isnan(u)) << r << "," << c;
      } else {
        ASSERT_NEAR(f, u, 1e-5 * std::fabs(u) + 1e-9) << r << "," << c;
      }
    }
  }
  EXPECT_NEAR(fused.value.GetAsDouble(3 * cols), 1.0 / cols, 1e-7) << "a row of signed zeros";
}

}  // namespace
}  // namespace xpar
