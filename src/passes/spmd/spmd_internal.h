// Internals of the SPMD partitioner shared by its handler files: the partitioned value of an
// instruction (local instruction + spec), the builder that emits local instructions and
// collectives, and the handler entry points (one file per op family).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/module.h"
#include "passes/spmd/spmd_partitioner.h"
#include "sharding/mesh.h"
#include "sharding/reshard_plan.h"
#include "sharding/sharding_spec.h"

namespace xpar::spmd {

// A value of the partitioned program. Arrays: `inst` holds this device's shard under `spec`
// (which may have pending partial-sum axes). Tuples: `elements` give each element's value (an
// element's inst is null until someone reads it through a get-tuple-element).
struct PValue {
  Instruction* inst = nullptr;
  ShardingSpec spec;
  std::vector<PValue> elements;
};

// Device groups of `axes` (devices that differ only on those axes), each ordered by the
// mixed-radix index over `axes` (first axis most significant).
std::vector<std::vector<int64_t>> AxisGroups(const std::vector<int64_t>& axes, const Mesh& mesh);
// Drops, per dimension, minor axes until the dimension divides evenly (uneven -> kept whole):
// what PartitionOptions::uneven = false does to annotations.
ShardingSpec NormalizeForShape(ShardingSpec spec, const Shape& shape, const Mesh& mesh);
// True when dimension `d` of `global` is split by `spec` into padded shards.
bool IsPaddedDim(const Shape& global, const ShardingSpec& spec, int64_t d, const Mesh& mesh);
// Mesh axes `spec` uses (on dims or partial).
std::set<int64_t> UsedAxes(const ShardingSpec& spec);

// The per-device shape of a value (tuples: element by element).
Shape LocalValueShape(const PValue& v, const Shape& global, const Mesh& mesh);
bool IsFullyReplicated(const PValue& v);
// A value all of whose leaves are replicated (tuple elements read lazily).
PValue ReplicatedValue(Instruction* inst, const Shape& global);

// Emits the instructions of the partitioned entry computation.
class SpmdBuilder {
 public:
  SpmdBuilder(Module* module, Computation* comp, const Mesh& mesh);

  const Mesh& mesh() const { return mesh_; }
  Module* module() const { return module_; }
  void set_computation(Computation* c) { comp_ = c; }
  // Replicas the partitioned program runs on (see PartitionOptions::num_replicas).
  void set_num_replicas(int64_t r) { num_replicas_ = r; }

  // A new instruction named after `hint` (made unique in the module).
  Instruction* Add(Opcode op, Shape shape, std::vector<Instruction*> operands,
                   const std::string& hint);
  // A copy of `global`'s opcode/attributes/metadata/called computations (remapped into the new
  // module) with new operands and shape.
  Instruction* CloneWith(const Instruction& global, Shape shape,
                         std::vector<Instruction*> operands);
  Instruction* Constant(Literal value, const std::string& hint = "constant");
  Instruction* ScalarS32(int64_t v);
  // This device's offset along a dimension split over `axes` into pieces of `unit` elements:
  // IndexOver(axes, coords) * unit, as an s32 scalar (a table lookup by partition-id).
  Instruction* ShardOffset(const std::vector<int64_t>& axes, int64_t unit);
  Instruction* PartitionIdS32();

  // Collectives over mesh-axis groups.
  Instruction* AllReduce(Instruction* x, const std::vector<int64_t>& axes, Computation* reducer);
  Instruction* AllGather(Instruction* x, int64_t dim, const std::vector<int64_t>& axes);
  Instruction* ReduceScatter(Instruction* x, int64_t dim, const std::vector<int64_t>& axes,
                             Computation* reducer);
  // Local dynamic-slice of `x` to `sizes`, starting at offsets (null = 0).
  Instruction* DynamicSlice(Instruction* x, const std::vector<Instruction*>& offsets,
                            const std::vector<int64_t>& sizes);
  // All-to-all over `axes` along `dim` (chunk r of `dim` goes to group member r, member r's
  // chunk lands at position r).
  Instruction* AllToAll(Instruction* x, int64_t dim, const std::vector<int64_t>& axes);
  // Collective-permute between partitions: device pairs (source, target).
  Instruction* CollectivePermute(Instruction* x,
                                 const std::vector<std::pair<int64_t, int64_t>>& pairs);
  // `x` cut to its first `size` elements along `dim` (no-op when it has that many).
  Instruction* SliceDim(Instruction* x, int64_t dim, int64_t size);
  // `x` padded with zeros at the end of `dim` to `size` elements (no-op when it has that many).
  Instruction* PadDim(Instruction* x, int64_t dim, int64_t size);
  // Local reshape / transpose of `x` (same element type).
  Instruction* Reshape(Instruction* x, std::vector<int64_t> dims);
  Instruction* Transpose(Instruction* x, const std::vector<int64_t>& perm);
  // `x` (a shard of `global` under `spec`) with the padding of the unevenly split dims among
  // `dims` replaced by the scalar `fill` (iota + offset < size, then select).
  Instruction* MaskPadding(Instruction* x, const Shape& global, const ShardingSpec& spec,
                           const std::vector<int64_t>& dims, Instruction* fill);
  // A scalar `op` computation (add, maximum, ...) of element type `type`, made once.
  Computation* ScalarReducer(Opcode op, PrimitiveType type);

  // Maps computations of the annotated module to their copies in the new module.
  std::unordered_map<const Computation*, Computation*>& computation_map() { return comp_map_; }
  std::string UniqueName(const std::string& hint);
  void ReserveName(const std::string& name) { names_.insert(name); }

 private:
  void SetGroups(Instruction* inst, const std::vector<int64_t>& axes, bool global_ids);

  Module* module_;
  Computation* comp_;
  const Mesh& mesh_;
  std::set<std::string> names_;
  std::unordered_map<const Computation*, Computation*> comp_map_;
  std::map<std::pair<std::vector<int64_t>, int64_t>, Instruction*> offsets_;
  std::map<int64_t, Instruction*> s32_constants_;
  std::map<std::pair<int, int>, Computation*> reducers_;
  Instruction* partition_id_ = nullptr;
  int64_t next_channel_ = 1;
  int64_t num_replicas_ = 1;
};

// The partitioning of one computation: values of the annotated instructions so far.
class Partitioner {
 public:
  Partitioner(SpmdBuilder& b, const PartitionOptions& options) : b_(b), options_(options) {}

  SpmdBuilder& b() { return b_; }
  const Mesh& mesh() const { return b_.mesh(); }
  PValue& Get(const Instruction* global) { return values_.at(global); }
  void Set(const Instruction* global, PValue v) { values_[global] = std::move(v); }

  // `v` converted to `target` (an array spec without partial axes, or with partial axes `v`
  // already has), inserting the collectives needed.
  Expected<Instruction*> Reshard(const PValue& v, const ShardingSpec& target, const Shape& global);
  // Pending partial sums resolved (all-reduce), dims as they are.
  Expected<PValue> Resolve(const PValue& v, const Shape& global);
  // Any value (tuples too) fully replicated.
  Expected<Instruction*> Replicate(PValue& v, const Shape& global);
  // Element `i` of a tuple value, reading it with a get-tuple-element when needed.
  PValue& Element(PValue& tuple, int64_t i, const Shape& tuple_shape);

  const PartitionOptions& options() const { return options_; }

 private:
  SpmdBuilder& b_;
  const PartitionOptions& options_;
  std::unordered_map<const Instruction*, PValue> values_;
};

// Handlers: each returns the partitioned value of `inst`; `want` is its annotated spec (normalized
// for its shape when PartitionOptions::uneven is off) when it has one, which a handler may aim for
// directly. Shards of uneven splits carry unspecified padding: a handler whose result reads
// across a padded dim masks it (Reduce, Dot) or makes that dim whole first.
using Want = std::optional<ShardingSpec>;
Expected<PValue> HandleElementwise(Partitioner& p, const Instruction& inst, const Want& want);
Expected<PValue> HandleDot(Partitioner& p, const Instruction& inst, const Want& want);
Expected<PValue> HandleReduce(Partitioner& p, const Instruction& inst, const Want& want);
Expected<PValue> HandleBroadcast(Partitioner& p, const Instruction& inst, const Want& want);
Expected<PValue> HandleTranspose(Partitioner& p, const Instruction& inst, const Want& want);
Expected<PValue> HandleReshape(Partitioner& p, const Instruction& inst, const Want& want);
Expected<PValue> HandleIota(Partitioner& p, const Instruction& inst, const Want& want);
// slice, pad, concatenate, reverse, dynamic-slice, dynamic-update-slice: kept local on the
// dimensions they do not touch, the touched dimensions made whole first.
Expected<PValue> HandleDimwise(Partitioner& p, const Instruction& inst, const Want& want);
// Gather of rows from a table split over its rows (embeddings split over the vocabulary).
Expected<PValue> HandleGather(Partitioner& p, const Instruction& inst, const Want& want);
Expected<PValue> HandleCustomCall(Partitioner& p, const Instruction& inst, const Want& want);
Expected<PValue> HandleScatter(Partitioner& p, const Instruction& inst, const Want& want);
Expected<PValue> HandleConvolution(Partitioner& p, const Instruction& inst, const Want& want);
// Everything else: operands replicated, the op as is, result replicated.
Expected<PValue> HandleReplicated(Partitioner& p, const Instruction& inst, const Want& want);

}  // namespace xpar::spmd
