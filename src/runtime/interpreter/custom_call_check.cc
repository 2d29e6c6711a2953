// The test ops of StableHLO conformance files and JAX-exported tests, as the StableHLO frontend
// lowers them to custom-calls: check.expect_eq / expect_almost_eq / expect_close /
// expect_serialized_eq (record a failure with the op's file:line:col in the run's CheckLog and
// go on), check.eq (pred[] result), interpreter.probe / print, and interpreter.run_parallel
// (several programs on simulated devices meeting at one CollectiveHub).
#include <cmath>
#include <cstring>
#include <thread>

#include "ir/printer.h"
#include "runtime/interpreter/check_log.h"
#include "runtime/interpreter/collective_hub.h"
#include "runtime/interpreter/custom_call_registry.h"

namespace xpar {
namespace {

// `key=value` from backend_config ("tolerance=0.1 probe_id=x"); `dflt` when absent.
std::string ConfigValue(const Instruction& inst, std::string_view key, std::string dflt) {
  std::string_view s = UnquotedBackendConfig(inst);
  size_t pos = 0;
  while (pos < s.size()) {
    size_t end = s.find(' ', pos);
    if (end == std::string_view::npos) end = s.size();
    std::string_view item = s.substr(pos, end - pos);
    if (item.size() > key.size() && item.starts_with(key) && item[key.size()] == '=') {
      return std::string(item.substr(key.size() + 1));
    }
    pos = end + 1;
  }
  return dflt;
}

std::string Location(const Instruction& inst, EvalContext& ctx) {
  const auto& src = ctx.module().source();
  if (!src || inst.source_offset() < 0) return inst.name();
  SourceText::LineCol lc = src->Resolve(inst.source_offset());
  return fmt::format("{}:{}:{}", src->filename(), lc.line, lc.column);
}

// Records the outcome; without a log a failure is an error.
Expected<Literal> Report(const Instruction& inst, EvalContext& ctx, const std::string& failure) {
  CheckLog* log = ctx.device().check_log;
  if (failure.empty()) {
    if (log) log->Pass();
    return Literal::Tuple({});
  }
  std::string message = fmt::format("{}: check failed: {}: {}", Location(inst, ctx),
                                    inst.attrs().custom_call_target, failure);
  if (!log) return FailedPrecondition("{}", message);
  log->Fail(std::move(message));
  return Literal::Tuple({});
}

// Bits of element i as an integer ordered like the float values (for ULP distances).
int64_t OrderedBits(const Literal& l, int64_t i) {
  const int64_t w = ByteWidth(l.type());
  uint64_t bits = 0;
  std::memcpy(&bits, l.raw() + i * w, w);
  // The sign is the top bit of the encoding (bit 3 of f4, 5 of f6); f8e8m0fnu is unsigned.
  const uint64_t sign =
      l.type() == PrimitiveType::kF8E8M0FNU ? 0 : uint64_t{1} << (EncodingBits(l.type()) - 1);
  int64_t mag = static_cast<int64_t>(bits & (sign - 1));
  return (bits & sign) ? -mag : mag;
}

enum class Mode { kExact, kTolerance, kUlp };

// "" when `got` matches `want`, else a description of the first mismatch.
std::string Compare(const Literal& got, const Literal& want, Mode mode, double tolerance,
                    int64_t min_ulp, int64_t max_ulp) {
  if (!got.shape().Compatible(want.shape())) {
    return fmt::format("shape {} differs from the expected {}", got.shape().ToString(false),
                       want.shape().ToString(false));
  }
  const int64_t n = got.ElementCount(), w = ByteWidth(got.type());
  const bool fp = IsFloating(got.type());
  int64_t bad = 0, first = -1;
  for (int64_t i = 0; i < n; ++i) {
    bool ok;
    if (!fp) {
      ok = std::memcmp(got.raw() + i * w, want.raw() + i * w, w) == 0;
    } else {
      double a = got.GetAsDouble(i), b = want.GetAsDouble(i);
      if (std::isnan(a) || std::isnan(b)) {
        ok = std::isnan(a) && std::isnan(b);
      } else if (mode == Mode::kUlp) {
        int64_t d = std::llabs(OrderedBits(got, i) - OrderedBits(want, i));
        ok = d >= min_ulp && d <= max_ulp;
      } else if (mode == Mode::kTolerance && std::isfinite(a) && std::isfinite(b)) {
        ok = std::fabs(a - b) <= tolerance;
      } else {
        ok = a == b;
      }
    }
    if (!ok && bad++ == 0) first = i;
  }
  if (bad == 0) return "";
  auto show = [&](const Literal& l) {
    return fp ? fmt::format("{}", l.GetAsDouble(first))
              : (IsUnsignedInt(l.type()) ? fmt::format("{}", static_cast<uint64_t>(l.GetAsInt64(first)))
                                         : fmt::format("{}", l.GetAsInt64(first)));
  };
  return fmt::format("{} of {} element(s) differ; first at index {}: got {}, expected {}", bad, n,
                     first, show(got), show(want));
}

Expected<Literal> ExpectEq(const Instruction& inst, Operands ops, EvalContext& ctx) {
  if (ops.size() != 2) return InvalidArgument("check needs a value and the expected value");
  return Report(inst, ctx, Compare(*ops[0], *ops[1], Mode::kExact, 0, 0, 0));
}

Expected<Literal> ExpectAlmostEq(const Instruction& inst, Operands ops, EvalContext& ctx) {
  if (ops.size() != 2) return InvalidArgument("check needs a value and the expected value");
  double tol = std::stod(ConfigValue(inst, "tolerance", "0.0001"));
  return Report(inst, ctx, Compare(*ops[0], *ops[1], Mode::kTolerance, tol, 0, 0));
}

// The default ULP bound is StableHLO's: check.expect_close's max_ulp_difference defaults to 3, and
// stablehlo-translate --interpret checks a custom_call @check.expect_close within 3 ULPs.
Expected<Literal> ExpectClose(const Instruction& inst, Operands ops, EvalContext& ctx) {
  if (ops.size() != 2) return InvalidArgument("check needs a value and the expected value");
  int64_t max_ulp = std::stoll(ConfigValue(inst, "max_ulp_difference", "3"));
  int64_t min_ulp = std::stoll(ConfigValue(inst, "min_ulp_difference", "0"));
  return Report(inst, ctx, Compare(*ops[0], *ops[1], Mode::kUlp, 0, min_ulp, max_ulp));
}

Expected<Literal> ExpectSerializedEq(const Instruction& inst, Operands ops, EvalContext& ctx) {
  CheckLog* log = ctx.device().check_log;
  std::string id = ConfigValue(inst, "probe_id", "");
  int64_t iter = std::stoll(ConfigValue(inst, "iter", "0"));
  std::optional<Literal> want = log ? log->ProbeValue(id, iter) : std::nullopt;
  if (!want) return Report(inst, ctx, fmt::format("no probe '{}' (iteration {})", id, iter));
  return Report(inst, ctx, Compare(*ops[0], *want, Mode::kExact, 0, 0, 0));
}

// StableHLO's interpreter compares floating-point check.eq operands within an absolute 1e-4
// (expect_almost_eq's default) and others exactly; JAX's testdata relies on that tolerance.
Expected<Literal> CheckEq(const Instruction& inst, Operands ops, EvalContext& ctx) {
  if (ops.size() != 2) return InvalidArgument("check.eq needs two operands");
  constexpr double kCheckEqFloatTolerance = 1e-4;
  std::string diff = Compare(*ops[0], *ops[1], Mode::kTolerance, kCheckEqFloatTolerance, 0, 0);
  if (CheckLog* log = ctx.device().check_log) {
    if (diff.empty()) {
      log->Pass();
    } else {
      log->Fail(fmt::format("{}: check failed: check.eq: {}", Location(inst, ctx), diff));
    }
  }
  Literal out = Literal::Scalar<bool>(diff.empty());
  if (inst.shape().IsTuple()) return Literal::Tuple({});
  return out;
}

Expected<Literal> Probe(const Instruction& inst, Operands ops, EvalContext& ctx) {
  if (ops.size() != 1) return InvalidArgument("interpreter.probe takes one operand");
  if (CheckLog* log = ctx.device().check_log) log->Probe(ConfigValue(inst, "probe_id", ""), *ops[0]);
  return *ops[0];
}

Expected<Literal> Print(const Instruction& inst, Operands ops, EvalContext& ctx) {
  for (const Literal* op : ops) fmt::print("{} {}\n", op->shape().ToString(false), PrintLiteral(*op));
  return Literal::Tuple({});
}

// Programs called()[replica * partitions + partition]; operands are their arguments in order,
// the result is all their results in order (a program's tuple result contributes its elements).
// With `infeed=K`, the last K called computations fill the host queue that infeed ops pop.
Expected<Literal> RunParallel(const Instruction& inst, Operands ops, EvalContext& ctx) {
  int64_t replicas = std::stoll(ConfigValue(inst, "replicas", "1"));
  int64_t partitions = std::stoll(ConfigValue(inst, "partitions", "1"));
  const int64_t n = replicas * partitions;
  const int64_t infeeds = std::stoll(ConfigValue(inst, "infeed", "0"));  // called after programs
  if (n + infeeds != static_cast<int64_t>(inst.called().size()) || n < 1) {
    return InvalidArgument("run_parallel: {} programs for {} x {} devices", inst.called().size(),
                           replicas, partitions);
  }
  std::vector<std::vector<const Literal*>> args(n);
  size_t next = 0;
  for (int64_t d = 0; d < n; ++d) {
    for (int64_t k = 0; k < inst.called()[d]->parameter_count(); ++k) {
      if (next >= ops.size()) return InvalidArgument("run_parallel: too few inputs");
      args[d].push_back(ops[next++]);
    }
  }
  if (next != ops.size()) return InvalidArgument("run_parallel: too many inputs");
  CollectiveHub hub(n);
  std::vector<Literal> queue;
  for (int64_t q = 0; q < infeeds; ++q) {
    Interpreter host(ctx.module(), ctx.device());
    ASSIGN_OR_RETURN(Literal v, host.Call(*inst.called()[n + q], {}));
    queue.push_back(std::move(v));
  }
  hub.SetInfeed(std::move(queue));
  std::vector<Expected<Literal>> results(n, Expected<Literal>(Internal("device did not run")));
  std::vector<char> located(n, 0);  // the device's error names its instruction already
  std::vector<std::thread> threads;
  for (int64_t d = 0; d < n; ++d) {
    threads.emplace_back([&, d] {
      DeviceContext dev = ctx.device();
      dev.replica_id = d / partitions;
      dev.partition_id = d % partitions;
      dev.num_replicas = replicas;
      dev.num_partitions = partitions;
      dev.hub = &hub;
      Interpreter interp(ctx.module(), dev);
      results[d] = interp.Call(*inst.called()[d], args[d]);
      located[d] = interp.error_located();
      if (!results[d].ok()) hub.Abort(results[d].status().WithContext(fmt::format("device {}: ", d)));
      hub.DeviceFinished(d);
    });
  }
  for (std::thread& t : threads) t.join();
  std::vector<Literal> out;
  for (int64_t d = 0; d < n; ++d) {
    if (!results[d].ok() && located[d]) return ctx.PassOnLocated(results[d].status());
    if (!results[d].ok()) return results[d].status();
    Literal r = std::move(results[d]).value();
    if (r.shape().IsTuple()) {
      for (Literal& e : r.elements()) out.push_back(std::move(e));
    } else {
      out.push_back(std::move(r));
    }
  }
  return Literal::Tuple(std::move(out));
}

constexpr CustomCallEntry kCheckCalls[] = {
    {"check.expect_eq", ExpectEq},
    {"check.expect_almost_eq", ExpectAlmostEq},
    {"check.expect_close", ExpectClose},
    {"check.expect_serialized_eq", ExpectSerializedEq},
    {"check.eq", CheckEq},
    {"interpreter.probe", Probe},
    {"interpreter.print", Print},
    {"interpreter.run_parallel", RunParallel},
};

}  // namespace

std::span<const CustomCallEntry> CheckCustomCalls() { return kCheckCalls; }

}  // namespace xpar
