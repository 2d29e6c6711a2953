// Formats a Plan as the readable report `xpar plan` prints.
#include "passes/auto_sharding/plan_report.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "passes/auto_sharding/plan_export.h"
#include "support/units.h"

namespace xpar {
namespace {

std::string Time(double s) {
  if (s >= 1) return fmt::format("{:.3f} s", s);
  if (s >= 1e-3) return fmt::format("{:.3f} ms", s * 1e3);
  return fmt::format("{:.1f} us", s * 1e6);
}

std::string Specs(const Strategy& s) {
  std::vector<std::string> parts;
  for (const ShardingSpec& spec : s.outputs) parts.push_back(spec.ToString());
  return fmt::format("{}", fmt::join(parts, " "));
}

void AppendInstruction(std::string& out, const InstructionPlan& ip) {
  out += fmt::format("  %{:<28} {:<22} {:<22} {:>10}  ({} of {})\n", ip.inst->name(),
                     ip.inst->shape().ToString(false), Specs(ip.strategy),
                     HumanBytes(ip.bytes_per_device), ip.strategy.name, ip.num_strategies);
}

void AppendTensors(std::string& out, const Plan& plan, size_t rows) {
  std::vector<const InstructionPlan*> params, others;
  for (const InstructionPlan& ip : plan.instructions) {
    (ip.inst->opcode() == Opcode::kParameter ? params : others).push_back(&ip);
  }
  auto by_size = [](const InstructionPlan* a, const InstructionPlan* b) {
    return a->inst->shape().ByteSize() > b->inst->shape().ByteSize();
  };
  std::stable_sort(others.begin(), others.end(), by_size);
  out += fmt::format("\nparameters ({}): name, shape, sharding, bytes per device, strategy\n",
                     params.size());
  for (size_t i = 0; i < params.size() && i < rows; ++i) AppendInstruction(out, *params[i]);
  if (params.size() > rows) out += fmt::format("  ... {} more (--rows)\n", params.size() - rows);
  out += fmt::format("\nlargest other tensors ({} of {}):\n", std::min(rows, others.size()),
                     others.size());
  for (size_t i = 0; i < others.size() && i < rows; ++i) AppendInstruction(out, *others[i]);
}

// Per kind: calls and bytes each device sends (Plan::traffic); then the largest collectives.
void AppendCollectives(std::string& out, const Plan& plan, size_t rows) {
  std::vector<std::pair<int64_t, std::string>> lines;  // (bytes, line)
  for (const InstructionPlan& ip : plan.instructions) {
    for (const CollectiveUse& c : ip.strategy.collectives) {
      lines.emplace_back(c.bytes,
                         fmt::format("  in %{:<26} {}\n", ip.inst->name(), CollectiveUseToString(c)));
    }
  }
  for (const PlannedResharding& r : plan.reshardings) {
    for (const CollectiveUse& c : r.cost.collectives) {
      std::string to = r.consumer     ? "%" + r.consumer->name()
                       : r.operand < 0 ? std::string("the program output")
                                       : std::string("its aliased parameter");
      lines.emplace_back(c.bytes, fmt::format("  %{} -> {}: {} ({} -> {})\n", r.producer->name(),
                                              to, CollectiveUseToString(c), r.from.ToString(),
                                              r.to.ToString()));
    }
  }
  out += fmt::format("\ncollectives ({}, {} in all):\n", lines.size(),
                     Time(plan.communication_s));
  if (lines.empty()) {
    out += "  none\n";
    return;
  }
  for (const auto& [kind, t] : plan.traffic) {
    out += fmt::format("  {:<20} {:>6} calls, {} sent per device\n", CollectiveKindName(kind),
                       t.calls, HumanBytes(t.bytes_sent));
  }
  std::stable_sort(lines.begin(), lines.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  out += "  largest:\n";
  for (size_t i = 0; i < lines.size() && i < rows * 2; ++i) out += "  " + lines[i].second;
  if (lines.size() > rows * 2) {
    out += fmt::format("  ... {} more (--rows or --json)\n", lines.size() - rows * 2);
  }
}

}  // namespace

std::string FormatPlan(const Plan& plan, const Mesh& mesh, const std::string& model_path,
                       size_t rows) {
  std::string out = fmt::format("plan for {} on mesh {} ({} devices, cluster {})\n", model_path,
                                plan.mesh, mesh.num_devices(), plan.cluster);
  out += fmt::format("  estimated step time: {} = compute {} + communication {}\n",
                     Time(plan.step_s()), Time(plan.compute_s), Time(plan.communication_s));
  out += fmt::format("  peak memory per device: {} of {} ({})\n",
                     HumanBytes(plan.peak_memory_bytes), HumanBytes(plan.memory_limit_bytes),
                     plan.memory_ok ? "fits" : "EXCEEDS THE LIMIT");
  std::string merged =
      plan.num_merged_followers == 0
          ? std::string()
          : fmt::format(" ({} followers merged from {} nodes, {} edges)",
                        plan.num_merged_followers, plan.num_program_nodes, plan.num_program_edges);
  out += fmt::format("  solver: {} instructions -> {} nodes, {} edges{}, {} strategies; {} "
                     "backend{} in {}, problem built in {}\n",
                     plan.num_instructions, plan.num_nodes, plan.num_edges, merged,
                     plan.num_strategies,
                     plan.backend,
                     plan.optimal ? " (proven optimal)" : "", Time(plan.solve_s),
                     Time(plan.build_s));
  out += "  notation: [S(a),R] = dim 0 split over mesh axis a, dim 1 whole; partial(a) = pending "
         "sum over axis a\n";
  AppendTensors(out, plan, rows);
  AppendCollectives(out, plan, rows);
  return out;
}

}  // namespace xpar
