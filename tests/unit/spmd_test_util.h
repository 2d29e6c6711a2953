// Differential check of the SPMD partitioner for gtests: run a module on one device and,
// partitioned, on a mesh of simulated devices (split arguments, join results), and compare.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "frontends/hlo/hlo_parser.h"
#include "io/random_inputs.h"
#include "ir/printer.h"
#include "passes/spmd/spmd_partitioner.h"
#include "runtime/interpreter/interpreter.h"

namespace xpar::testing {

// max|a-b| / max|b| over all array leaves.
inline double MaxRelativeDifference(const Literal& a, const Literal& b) {
  if (a.shape().IsTuple()) {
    double worst = 0;
    for (size_t i = 0; i < a.elements().size(); ++i) {
      worst = std::max(worst, MaxRelativeDifference(a.elements()[i], b.elements()[i]));
    }
    return worst;
  }
  if (!a.shape().IsArray()) return 0;
  if (!a.shape().Compatible(b.shape())) return INFINITY;
  double diff = 0, scale = 0;
  for (int64_t i = 0; i < a.ElementCount(); ++i) {
    double x = a.GetAsDouble(i), y = b.GetAsDouble(i);
    if (std::isnan(x) || std::isnan(y)) {
      if (std::isnan(x) != std::isnan(y)) return INFINITY;
      continue;
    }
    diff = std::max(diff, std::fabs(x - y));
    scale = std::max(scale, std::fabs(y));
  }
  return diff == 0 ? 0 : (scale > 0 ? diff / scale : INFINITY);
}

inline void FlattenLeaves(const Literal& l, std::vector<const Literal*>& out) {
  if (l.shape().IsTuple()) {
    for (const Literal& e : l.elements()) FlattenLeaves(e, out);
  } else {
    out.push_back(&l);
  }
}

inline void FlattenShapes(const Shape& s, std::vector<Shape>& out) {
  if (s.IsTuple()) {
    for (const Shape& e : s.tuple_shapes()) FlattenShapes(e, out);
  } else {
    out.push_back(s);
  }
}

// Rebuilds a value of `shape` (the unpartitioned result's) from per-device results, leaf by leaf.
inline Expected<Literal> JoinResults(const std::vector<Literal>& results, const Shape& shape,
                                     const std::vector<ShardingSpec>& specs, const Mesh& mesh) {
  std::vector<std::vector<const Literal*>> leaves(results.size());
  for (size_t d = 0; d < results.size(); ++d) FlattenLeaves(results[d], leaves[d]);
  std::vector<Shape> leaf_shapes;
  FlattenShapes(shape, leaf_shapes);
  if (leaf_shapes.size() != specs.size()) {
    return Internal("{} result leaves but {} root shardings", leaf_shapes.size(), specs.size());
  }
  std::vector<Literal> joined;
  for (size_t i = 0; i < specs.size(); ++i) {
    std::vector<Literal> shards;
    for (size_t d = 0; d < results.size(); ++d) shards.push_back(*leaves[d][i]);
    ASSIGN_OR_RETURN(Literal l, Assemble(shards, specs[i], mesh, leaf_shapes[i]));
    joined.push_back(std::move(l));
  }
  if (!shape.IsTuple()) return std::move(joined.at(0));
  return Literal::Tuple(std::move(joined));  // flat tuples only (what the tests use)
}

// Runs `partitioned` on the mesh with `args` (full arrays) split by its parameter shardings and
// joins the results into a value of `result_shape` (the unpartitioned root's shape).
inline Expected<Literal> RunPartitioned(const Module& partitioned, const Mesh& mesh,
                                        const std::vector<Literal>& args,
                                        const Shape& result_shape) {
  const int64_t n = mesh.num_devices();
  std::vector<std::vector<Literal>> device_args(n);
  for (const Instruction* p : partitioned.entry()->parameters()) {
    ASSIGN_OR_RETURN(std::vector<ShardingSpec> specs, LeafSpecs(*p, mesh));
    const Literal& full = args[p->attrs().parameter_number];
    for (int64_t d = 0; d < n; ++d) {
      device_args[d].push_back(p->shape().IsArray() ? ShardOf(full, specs[0], mesh, d) : full);
    }
  }
  ASSIGN_OR_RETURN(std::vector<Literal> results,
                   RunOnDevices(partitioned, std::move(device_args), 1, n));
  const Instruction* root = partitioned.entry()->root();
  ASSIGN_OR_RETURN(std::vector<ShardingSpec> specs, LeafSpecs(*root, mesh));
  return JoinResults(results, result_shape, specs, mesh);
}

// Partitions `module` on `mesh`, runs both ways on random arguments, and returns the largest
// relative difference (or an error).
inline Expected<double> PartitionedDifference(const Module& module, const Mesh& mesh,
                                              uint64_t seed = 1,
                                              std::unique_ptr<Module>* keep = nullptr,
                                              const PartitionOptions& options = {}) {
  ASSIGN_OR_RETURN(std::unique_ptr<Module> partitioned, PartitionModule(module, mesh, options));
  std::vector<Literal> args = RandomArguments(*module.entry(), seed);
  Interpreter single(module);
  ASSIGN_OR_RETURN(Literal want, single.Run(args));
  ASSIGN_OR_RETURN(Literal got,
                   RunPartitioned(*partitioned, mesh, args, module.entry()->root()->shape()));
  if (keep) *keep = std::move(partitioned);
  return MaxRelativeDifference(got, want);
}

using Specs = std::map<std::string, ShardingSpec>;

inline ShardingSpec S(std::vector<std::vector<int64_t>> dims, std::vector<int64_t> partial = {}) {
  return ShardingSpec{std::move(dims), std::move(partial)};
}

// Parses `text` and puts `specs` (by instruction name) on the entry's instructions.
inline std::unique_ptr<Module> Annotated(const std::string& text, const Specs& specs,
                                         const Mesh& mesh) {
  auto m = ParseHloModule(text);
  EXPECT_TRUE(m.ok()) << m.status().ToString();
  if (!m.ok()) return nullptr;
  for (const auto& inst : (*m)->entry()->instructions()) {
    auto it = specs.find(inst->name());
    if (it == specs.end()) continue;
    auto s = ToHloSharding(it->second, mesh);
    EXPECT_TRUE(s.ok()) << s.status().ToString();
    if (s.ok()) inst->set_sharding(*s);
  }
  return std::move(m).value();
}

inline int64_t CountOpcode(const Module& m, Opcode op) {
  int64_t n = 0;
  for (const auto& inst : m.entry()->instructions()) n += inst->opcode() == op;
  return n;
}

}  // namespace xpar::testing
