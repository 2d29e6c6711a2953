// Benchmark: xpar's interpreter kernels on single ops (GEMM, convolution, elementwise chains,
// softmax, layer norm, gather, cross-entropy), median wall time of --reps runs per thread
// count. Prints one line per row, `row <name> threads <t> ms <median> gflop <work>`, and the
// machine's f32 FMA peak per thread count. bench/runtime_vs_torch.py runs it beside PyTorch
// eager and prints the ratios:
//   build-perf/bench/runtime_vs_torch [--threads 1,2] [--reps 3] [--only NAME,...]
#include <fmt/format.h>
#include <immintrin.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "frontends/hlo/hlo_parser.h"
#include "io/random_inputs.h"
#include "runtime/interpreter/allocator_tuning.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/interpreter/thread_pool.h"

namespace xpar {
namespace {

struct Row {
  std::string name, body;  // body: the entry computation's instructions
  double gflop;            // floating-point work, 0 where FLOPs are not the point
};

const char* kReducers = R"(
add_f32 {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT r = f32[] add(a, b)
}
max_f32 {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT r = f32[] maximum(a, b)
}
)";

std::string Gemm(const char* t, int n) {
  return fmt::format(
      "a = {0}[{1},{1}] parameter(0)\n b = {0}[{1},{1}] parameter(1)\n"
      " ROOT d = {0}[{1},{1}] dot(a, b), lhs_contracting_dims={{1}}, rhs_contracting_dims={{0}}",
      t, n);
}

std::string Conv(const char* t, const char* x, const char* w, const char* y, const char* window,
                 int groups) {
  return fmt::format(
      "x = {0}[{1}] parameter(0)\n w = {0}[{2}] parameter(1)\n ROOT y = {0}[{3}] convolution(x, "
      "w), window={{{4}}}, dim_labels=bf01_oi01->bf01, feature_group_count={5}",
      t, x, w, y, window, groups);
}

std::string Chain(const char* t, int n) {
  return fmt::format(
      "a = {0}[{1}] parameter(0)\n b = {0}[{1}] parameter(1)\n c = {0}[{1}] parameter(2)\n"
      " m = {0}[{1}] multiply(a, b)\n e = {0}[{1}] exponential(m)\n"
      " ROOT s = {0}[{1}] add(e, c)",
      t, n);
}

std::string Softmax(int r, int c) {
  return fmt::format(
      "x = f32[{0},{1}] parameter(0)\n ninf = f32[] constant(-inf)\n"
      " mx = f32[{0}] reduce(x, ninf), dimensions={{1}}, to_apply=max_f32\n"
      " mb = f32[{0},{1}] broadcast(mx), dimensions={{0}}\n s = f32[{0},{1}] subtract(x, mb)\n"
      " e = f32[{0},{1}] exponential(s)\n zero = f32[] constant(0)\n"
      " sm = f32[{0}] reduce(e, zero), dimensions={{1}}, to_apply=add_f32\n"
      " sb = f32[{0},{1}] broadcast(sm), dimensions={{0}}\n ROOT d = f32[{0},{1}] divide(e, sb)",
      r, c);
}

std::string LayerNorm(int r, int c) {
  return fmt::format(
      "x = f32[{0},{1}] parameter(0)\n g = f32[{1}] parameter(1)\n b = f32[{1}] parameter(2)\n"
      " zero = f32[] constant(0)\n inv = f32[] constant({2})\n eps = f32[] constant(1e-5)\n"
      " sum = f32[{0}] reduce(x, zero), dimensions={{1}}, to_apply=add_f32\n"
      " invb = f32[{0}] broadcast(inv), dimensions={{}}\n mean = f32[{0}] multiply(sum, invb)\n"
      " meanb = f32[{0},{1}] broadcast(mean), dimensions={{0}}\n"
      " xc = f32[{0},{1}] subtract(x, meanb)\n sq = f32[{0},{1}] multiply(xc, xc)\n"
      " ssq = f32[{0}] reduce(sq, zero), dimensions={{1}}, to_apply=add_f32\n"
      " var = f32[{0}] multiply(ssq, invb)\n epsb = f32[{0}] broadcast(eps), dimensions={{}}\n"
      " ve = f32[{0}] add(var, epsb)\n rs = f32[{0}] rsqrt(ve)\n"
      " rsb = f32[{0},{1}] broadcast(rs), dimensions={{0}}\n n = f32[{0},{1}] multiply(xc, rsb)\n"
      " gb = f32[{0},{1}] broadcast(g), dimensions={{1}}\n ng = f32[{0},{1}] multiply(n, gb)\n"
      " bb = f32[{0},{1}] broadcast(b), dimensions={{1}}\n ROOT y = f32[{0},{1}] add(ng, bb)",
      r, c, 1.0 / c);
}

std::string Gather(int vocab, int dim, int ids) {
  return fmt::format(
      "t = f32[{0},{1}] parameter(0)\n i = s32[{2}] parameter(1)\n"
      " ROOT g = f32[{2},{1}] gather(t, i), offset_dims={{1}}, collapsed_slice_dims={{0}}, "
      "start_index_map={{0}}, index_vector_dim=1, slice_sizes={{1,{1}}}",
      vocab, dim, ids);
}

// Mean cross-entropy over a vocabulary as the TorchScript import of F.cross_entropy writes
// it (GPT-2's loss): log-softmax, a one-hot select of each row's label, ignore index -100.
std::string CrossEntropy(int r, int c) {
  return fmt::format(
      "x = f32[{0},{1}] parameter(0)\n l = s64[{0}] parameter(1)\n"
      " ninf = f32[] constant(-inf)\n z = f32[] constant(0)\n"
      " mx = f32[{0}] reduce(x, ninf), dimensions={{1}}, to_apply=max_f32\n"
      " mb = f32[{0},{1}] broadcast(mx), dimensions={{0}}\n s = f32[{0},{1}] subtract(x, mb)\n"
      " e = f32[{0},{1}] exponential(s)\n"
      " se = f32[{0}] reduce(e, z), dimensions={{1}}, to_apply=add_f32\n"
      " lg = f32[{0}] log(se)\n lb = f32[{0},{1}] broadcast(lg), dimensions={{0}}\n"
      " lp = f32[{0},{1}] subtract(s, lb)\n io = s64[{0},{1}] iota(), iota_dimension=1\n"
      " lab = s64[{0},{1}] broadcast(l), dimensions={{0}}\n"
      " hot = pred[{0},{1}] compare(io, lab), direction=EQ\n"
      " zb = f32[{0},{1}] broadcast(z), dimensions={{}}\n"
      " sel = f32[{0},{1}] select(hot, lp, zb)\n"
      " pk = f32[{0}] reduce(sel, z), dimensions={{1}}, to_apply=add_f32\n"
      " ign = s64[] constant(-100)\n ib = s64[{0}] broadcast(ign), dimensions={{}}\n"
      " keep = pred[{0}] compare(l, ib), direction=NE\n ng = f32[{0}] negate(pk)\n"
      " zr = f32[{0}] broadcast(z), dimensions={{}}\n los = f32[{0}] select(keep, ng, zr)\n"
      " tot = f32[] reduce(los, z), dimensions={{0}}, to_apply=add_f32\n"
      " cnt = f32[{0}] convert(keep)\n n = f32[] reduce(cnt, z), dimensions={{0}}, "
      "to_apply=add_f32\n ROOT mean = f32[] divide(tot, n)",
      r, c);
}

// Inference batch norm (scale and shift per channel, as `xpar import` writes aten::batch_norm
// of a traced ResNet) then ReLU.
std::string BnRelu(int c, int hw) {
  return fmt::format(
      "x = f32[1,{0},{1},{1}] parameter(0)\n s = f32[{0}] parameter(1)\n t = f32[{0}] parameter(2)\n"
      " bs = f32[1,{0},{1},{1}] broadcast(s), dimensions={{1}}\n"
      " bt = f32[1,{0},{1},{1}] broadcast(t), dimensions={{1}}\n"
      " m = f32[1,{0},{1},{1}] multiply(x, bs)\n a = f32[1,{0},{1},{1}] add(m, bt)\n"
      " z = f32[] constant(0)\n b = f32[1,{0},{1},{1}] broadcast(z), dimensions={{}}\n"
      " ROOT r = f32[1,{0},{1},{1}] maximum(a, b)",
      c, hw);
}

std::vector<Row> Rows() {
  const double conv = 2.0 * 8 * 64 * 56 * 56 * 64 * 9 / 1e9;
  return {
      {"gemm_f32_1024", Gemm("f32", 1024), 2.0 * 1024 * 1024 * 1024 / 1e9},
      {"gemm_bf16_1024", Gemm("bf16", 1024), 2.0 * 1024 * 1024 * 1024 / 1e9},
      {"gemm_bf16_2048", Gemm("bf16", 2048), 2.0 * 2048 * 2048 * 2048 / 1e9},
      {"conv3x3_f32", Conv("f32", "8,64,56,56", "64,64,3,3", "8,64,56,56",
                           "size=3x3 pad=1_1x1_1", 1), conv},
      {"conv3x3_bf16", Conv("bf16", "8,64,56,56", "64,64,3,3", "8,64,56,56",
                            "size=3x3 pad=1_1x1_1", 1), conv},
      {"conv7x7s2_f32", Conv("f32", "8,3,224,224", "64,3,7,7", "8,64,112,112",
                             "size=7x7 stride=2x2 pad=3_3x3_3", 1),
       2.0 * 8 * 64 * 112 * 112 * 3 * 49 / 1e9},
      {"conv_depthwise_f32", Conv("f32", "8,64,56,56", "64,1,3,3", "8,64,56,56",
                                  "size=3x3 pad=1_1x1_1", 64), conv / 64},
      {"chain_f32_16M", Chain("f32", 1 << 24), 0},
      {"chain_bf16_16M", Chain("bf16", 1 << 24), 0},
      {"softmax_f32_4096x1024", Softmax(4096, 1024), 0},
      {"layernorm_f32_4096x768", LayerNorm(4096, 768), 0},
      {"gather_f32_50257x768_4096", Gather(50257, 768, 4096), 0},
      {"bn_relu_f32_1x256x56x56", BnRelu(256, 56), 0},
      {"cross_entropy_f32_127x50257", CrossEntropy(127, 50257), 0},
  };
}

double Now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

constexpr int kFmaChains = 10;  // independent accumulators: enough to hide the FMA latency
constexpr int64_t kFmaIters = 20'000'000;

// GFLOP/s of independent 8-wide (AVX2) FMAs on one thread.
__attribute__((target("avx2,fma"))) double Fma256Gflops() {
  __m256 acc[kFmaChains];
  const __m256 a = _mm256_set1_ps(0.999999f), b = _mm256_set1_ps(1e-7f);
  for (int i = 0; i < kFmaChains; ++i) acc[i] = b;
  const double t0 = Now();
  for (int64_t it = 0; it < kFmaIters; ++it) {
    for (int i = 0; i < kFmaChains; ++i) acc[i] = _mm256_fmadd_ps(acc[i], a, b);
  }
  const double dt = Now() - t0;
  volatile float sink = 0;
  for (int i = 0; i < kFmaChains; ++i) sink = sink + _mm256_cvtss_f32(acc[i]);
  return 2.0 * 8 * kFmaChains * kFmaIters / dt / 1e9;
}

// GFLOP/s of independent 16-wide (AVX-512) FMAs on one thread.
__attribute__((target("avx512f"))) double Fma512Gflops() {
  __m512 acc[kFmaChains];
  const __m512 a = _mm512_set1_ps(0.999999f), b = _mm512_set1_ps(1e-7f);
  for (int i = 0; i < kFmaChains; ++i) acc[i] = b;
  const double t0 = Now();
  for (int64_t it = 0; it < kFmaIters; ++it) {
    for (int i = 0; i < kFmaChains; ++i) acc[i] = _mm512_fmadd_ps(acc[i], a, b);
  }
  const double dt = Now() - t0;
  volatile float sink = 0;
  for (int i = 0; i < kFmaChains; ++i) sink = sink + _mm512_cvtss_f32(acc[i]);
  return 2.0 * 16 * kFmaChains * kFmaIters / dt / 1e9;
}

// The f32 peak of one core: the wider of the vector units the CPU has.
double FmaGflopsOneThread() {
  if (__builtin_cpu_supports("avx512f")) return std::max(Fma256Gflops(), Fma512Gflops());
  if (__builtin_cpu_supports("fma")) return Fma256Gflops();
  return 0;
}

double FmaPeak(int threads) {
  std::vector<double> each(threads);
  std::vector<std::thread> ts;
  for (int t = 0; t < threads; ++t) ts.emplace_back([&, t] { each[t] = FmaGflopsOneThread(); });
  for (auto& t : ts) t.join();
  double sum = 0;
  for (double g : each) sum += g;
  return sum;
}

int RunRow(const Row& row, int threads, int reps) {
  auto module = ParseHloModule(fmt::format("HloModule {}\n{}\nENTRY e {{\n {}\n}}\n", row.name,
                                           kReducers, row.body));
  if (!module.ok()) {
    fmt::print(stderr, "{}: {}\n", row.name, module.status().ToString());
    return 1;
  }
  std::vector<Literal> args = RandomArguments(*(*module)->entry(), 1);
  SetRuntimeThreads(threads);
  Interpreter interp(**module);
  std::vector<double> times;
  for (int r = 0; r < reps + 1; ++r) {  // the first run warms caches and allocators
    const double t0 = Now();
    auto out = interp.Run(args);
    if (r > 0) times.push_back(Now() - t0);
    if (!out.ok()) {
      fmt::print(stderr, "{}: {}\n", row.name, out.status().ToString());
      return 1;
    }
  }
  std::sort(times.begin(), times.end());
  fmt::print("row {} threads {} ms {:.3f} gflop {:.4f}\n", row.name, threads,
             times[times.size() / 2] * 1e3, row.gflop);
  std::fflush(stdout);
  return 0;
}

std::vector<int> ParseList(const std::string& s) {
  std::vector<int> out;
  size_t pos = 0;
  while (pos <= s.size()) {
    size_t comma = s.find(',', pos);
    if (comma == std::string::npos) comma = s.size();
    out.push_back(std::atoi(s.substr(pos, comma - pos).c_str()));
    pos = comma + 1;
  }
  return out;
}

int Main(int argc, char** argv) {
  TuneAllocatorForInterpreter();  // as the xpar CLI does
  std::vector<int> threads = {1, 2};
  int reps = 3;
  std::string only;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--threads") threads = ParseList(argv[i + 1]);
    else if (flag == "--reps") reps = std::max(1, std::atoi(argv[i + 1]));
    else if (flag == "--only") only = "," + std::string(argv[i + 1]) + ",";
    else return fmt::print(stderr, "unknown flag {}\n", flag), 2;
  }
  for (int t : threads) fmt::print("peak threads {} gflops {:.1f}\n", t, FmaPeak(t));
  int rc = 0;
  for (const Row& row : Rows()) {
    if (!only.empty() && only.find("," + row.name + ",") == std::string::npos) continue;
    for (int t : threads) rc |= RunRow(row, t, reps);
  }
  return rc;
}

}  // namespace
}  // namespace xpar

int main(int argc, char** argv) { return xpar::Main(argc, argv); }
