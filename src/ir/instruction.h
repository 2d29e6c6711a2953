// Instruction: one HLO op with its shape, operands, called computations and typed attributes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ir/hlo_sharding.h"
#include "ir/literal.h"
#include "ir/opcode.h"
#include "ir/shape.h"

namespace xpar {

class Computation;

// dot: `lhs_batch_dims={0} lhs_contracting_dims={2} rhs_batch_dims={0} rhs_contracting_dims={1}`
struct DotDims {
  std::vector<int64_t> lhs_batch, lhs_contracting, rhs_batch, rhs_contracting;
  bool operator==(const DotDims&) const = default;
};

// convolution: `dim_labels=b01f_01io->b01f` in structured form.
struct ConvDims {
  int64_t input_batch = 0, input_feature = 0;
  std::vector<int64_t> input_spatial;
  int64_t kernel_input_feature = 0, kernel_output_feature = 0;
  std::vector<int64_t> kernel_spatial;
  int64_t output_batch = 0, output_feature = 0;
  std::vector<int64_t> output_spatial;
  bool operator==(const ConvDims&) const = default;
};

// `window={size=3x3 stride=2x2 pad=1_1x1_1 lhs_dilate=1x1 rhs_dilate=1x1 rhs_reversal=0x0}`
struct WindowDim {
  int64_t size = 1, stride = 1, pad_low = 0, pad_high = 0;
  int64_t lhs_dilation = 1, rhs_dilation = 1;
  bool reversal = false;
  bool operator==(const WindowDim&) const = default;
};

struct GatherDims {
  std::vector<int64_t> offset_dims, collapsed_slice_dims, start_index_map;
  std::vector<int64_t> operand_batching_dims, start_indices_batching_dims;
  int64_t index_vector_dim = 0;
  bool operator==(const GatherDims&) const = default;
};

struct ScatterDims {
  std::vector<int64_t> update_window_dims, inserted_window_dims, scatter_dims_to_operand_dims;
  std::vector<int64_t> input_batching_dims, scatter_indices_batching_dims;
  int64_t index_vector_dim = 0;
  bool operator==(const ScatterDims&) const = default;
};

struct SliceDim {
  int64_t start = 0, limit = 0, stride = 1;
  bool operator==(const SliceDim&) const = default;
};

struct PadDim {
  int64_t low = 0, high = 0, interior = 0;
  bool operator==(const PadDim&) const = default;
};

enum class ComparisonDirection { kEq, kNe, kLt, kLe, kGt, kGe };
// `type=TOTALORDER` etc.; kDefault when the text names none (then it follows the element type).
enum class ComparisonType { kDefault, kFloat, kTotalOrder, kSigned, kUnsigned };

// `replica_groups={{0,1},{2,3}}`, or the iota form `[2,2]<=[4]` (then iota_* keep it).
struct ReplicaGroups {
  std::vector<std::vector<int64_t>> groups;
  std::vector<int64_t> iota_group_dims;  // [num_groups, group_size] when written as iota
  std::vector<int64_t> iota_reshape;
  std::vector<int64_t> iota_transpose;
  bool operator==(const ReplicaGroups&) const = default;
};

enum class RngAlgorithm { kDefault, kThreeFry, kPhilox };
enum class RngDistribution { kUniform, kNormal };
enum class FftType { kFft, kIfft, kRfft, kIrfft };

// `metadata={op_type="aten__add" op_name="..." source_file="x.py" source_line=12}`
struct OpMetadata {
  std::string op_type, op_name, source_file;
  int64_t source_line = -1;
  // Other keys (e.g. `stack_frame_id`, `scheduling_name`), verbatim `key=value` pairs in order.
  std::vector<std::pair<std::string, std::string>> other;
  bool empty() const {
    return op_type.empty() && op_name.empty() && source_file.empty() && source_line < 0 &&
           other.empty();
  }
  bool operator==(const OpMetadata&) const = default;
};

// Typed attributes. Only those the opcode uses are set; the verifier checks that the ones an
// opcode needs are present.
struct InstructionAttrs {
  int64_t parameter_number = -1;
  int64_t tuple_index = -1;                 // get-tuple-element `index=`
  std::vector<int64_t> dimensions;          // broadcast, transpose, reduce, reverse, concatenate,
                                            // all-gather/all-to-all/reduce-scatter (one dim), sort
  int64_t iota_dimension = -1;
  std::optional<Literal> literal;           // constant
  std::optional<DotDims> dot;
  std::optional<ConvDims> conv;
  std::vector<WindowDim> window;            // convolution, reduce-window, select-and-scatter
  int64_t feature_group_count = 1, batch_group_count = 1;
  std::optional<GatherDims> gather;
  std::vector<int64_t> gather_slice_sizes;
  std::optional<ScatterDims> scatter;
  bool indices_are_sorted = false, unique_indices = false;
  std::vector<SliceDim> slice;
  std::vector<int64_t> dynamic_slice_sizes;
  std::vector<PadDim> padding;
  ComparisonDirection comparison_direction = ComparisonDirection::kEq;
  ComparisonType comparison_type = ComparisonType::kDefault;
  std::optional<ReplicaGroups> replica_groups;
  std::vector<std::pair<int64_t, int64_t>> source_target_pairs;  // collective-permute
  std::optional<int64_t> channel_id;
  bool use_global_device_ids = false;
  bool constrain_layout = false;
  float epsilon = 0;                        // batch-norm
  int64_t feature_index = -1;               // batch-norm
  bool is_stable = false;                   // sort
  RngAlgorithm rng_algorithm = RngAlgorithm::kDefault;
  RngDistribution rng_distribution = RngDistribution::kUniform;
  int64_t exponent_bits = 0, mantissa_bits = 0;  // reduce-precision
  FftType fft_type = FftType::kFft;
  std::vector<int64_t> fft_length;
  std::string custom_call_target;
  std::string backend_config;               // verbatim (quoted string or {...} proto text)
  int64_t api_version = 0;                  // custom-call api_version=API_VERSION_...
  std::string api_version_name;             // verbatim enum name for printing
  bool has_side_effect = false;
  int64_t topk_k = 0;
  bool topk_largest = true;
  // triangular-solve
  bool left_side = false, lower = false, unit_diagonal = false;
  std::string transpose_a;                  // NO_TRANSPOSE, TRANSPOSE, ADJOINT
  // Attributes that change nothing xpar computes but must survive a round trip
  // (operand_precision, algorithm, schedule, output_to_operand_aliasing, ...), verbatim.
  std::vector<std::pair<std::string, std::string>> passthrough;
};

class Instruction {
 public:
  Instruction(std::string name, Opcode opcode, Shape shape)
      : name_(std::move(name)), opcode_(opcode), shape_(std::move(shape)) {}

  const std::string& name() const { return name_; }
  void set_name(std::string n) { name_ = std::move(n); }
  Opcode opcode() const { return opcode_; }
  const Shape& shape() const { return shape_; }
  Shape& mutable_shape() { return shape_; }

  const std::vector<Instruction*>& operands() const { return operands_; }
  Instruction* operand(int64_t i) const { return operands_[i]; }
  int64_t operand_count() const { return static_cast<int64_t>(operands_.size()); }
  void AddOperand(Instruction* op) { operands_.push_back(op); }
  void ReplaceOperand(int64_t i, Instruction* op) { operands_[i] = op; }

  // to_apply / condition,body / branch_computations / calls, in the order HLO text lists them.
  // while: {condition, body}. conditional: the branches. Others: one computation.
  const std::vector<Computation*>& called() const { return called_; }
  std::vector<Computation*>& mutable_called() { return called_; }

  InstructionAttrs& attrs() { return attrs_; }
  const InstructionAttrs& attrs() const { return attrs_; }

  const OpMetadata& metadata() const { return metadata_; }
  OpMetadata& mutable_metadata() { return metadata_; }
  const std::optional<HloSharding>& sharding() const { return sharding_; }
  void set_sharding(std::optional<HloSharding> s) { sharding_ = std::move(s); }
  const std::vector<std::pair<std::string, std::string>>& frontend_attributes() const {
    return frontend_attributes_;
  }
  std::vector<std::pair<std::string, std::string>>& mutable_frontend_attributes() {
    return frontend_attributes_;
  }

  // Byte offset of the instruction's name in its source file, for diagnostics; -1 if unknown.
  int64_t source_offset() const { return source_offset_; }
  void set_source_offset(int64_t o) { source_offset_ = o; }

  // Position in the parent computation's instruction list.
  int64_t index() const { return index_; }
  void set_index(int64_t i) { index_ = i; }

 private:
  std::string name_;
  Opcode opcode_;
  Shape shape_;
  std::vector<Instruction*> operands_;
  std::vector<Computation*> called_;
  InstructionAttrs attrs_;
  OpMetadata metadata_;
  std::optional<HloSharding> sharding_;
  std::vector<std::pair<std::string, std::string>> frontend_attributes_;
  int64_t source_offset_ = -1;
  int64_t index_ = -1;
};

}  // namespace xpar
