// The generic-form attribute dictionary of each op, spelled as the StableHLO spec spells it
// (`#stablehlo.dot<...>`, `#stablehlo.gather<...>`, `#stablehlo<comparison_direction EQ>`, ...).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <charconv>

#include "frontends/stablehlo/stablehlo_printer_internal.h"

namespace xpar::shlo_printer {
namespace {

using O = Opcode;
using Entries = std::vector<std::string>;

void Add(Entries& e, std::string_view key, const std::string& value) {
  e.push_back(fmt::format("{} = {}", key, value));
}
void AddI64(Entries& e, std::string_view key, int64_t v) { Add(e, key, fmt::format("{} : i64", v)); }
void AddBool(Entries& e, std::string_view key, bool v) { Add(e, key, v ? "true" : "false"); }

// `dense<[[l, h], ...]> : tensor<Nx2xi64>` (also used for replica groups and pairs).
std::string I64Matrix(const std::vector<std::vector<int64_t>>& rows, int64_t cols) {
  std::vector<std::string> parts;
  for (const auto& r : rows) parts.push_back(BracketList(r));
  return fmt::format("dense<{}> : tensor<{}x{}xi64>",
                     rows.empty() ? "" : fmt::format("[{}]", fmt::join(parts, ", ")), rows.size(),
                     cols);
}

std::string ReplicaGroupsText(const ReplicaGroups& g) {
  std::vector<std::vector<int64_t>> rows = g.groups;
  if (rows.empty() && g.iota_group_dims.size() == 2) {
    // Expand `[G,S]<=[reshape]T(perm)` into explicit groups.
    std::vector<int64_t> reshape = g.iota_reshape;
    int64_t total = g.iota_group_dims[0] * g.iota_group_dims[1];
    if (reshape.empty()) reshape = {total};
    std::vector<int64_t> perm = g.iota_transpose;
    if (perm.empty()) {
      for (size_t i = 0; i < reshape.size(); ++i) perm.push_back(static_cast<int64_t>(i));
    }
    std::vector<int64_t> strides = RowMajorStrides(reshape);
    std::vector<int64_t> tdims;
    for (int64_t p : perm) tdims.push_back(reshape[p]);
    std::vector<int64_t> flat;
    for (int64_t lin = 0; lin < total; ++lin) {
      int64_t rem = lin, src = 0;
      for (int64_t d = static_cast<int64_t>(tdims.size()) - 1; d >= 0; --d) {
        src += (rem % tdims[d]) * strides[perm[d]];
        rem /= tdims[d];
      }
      flat.push_back(src);
    }
    for (int64_t i = 0; i < g.iota_group_dims[0]; ++i) {
      rows.emplace_back(flat.begin() + i * g.iota_group_dims[1],
                        flat.begin() + (i + 1) * g.iota_group_dims[1]);
    }
  }
  int64_t cols = rows.empty() ? 0 : static_cast<int64_t>(rows[0].size());
  for (const auto& r : rows) cols = std::max<int64_t>(cols, static_cast<int64_t>(r.size()));
  // Ragged groups are padded with -1, as StableHLO's replica_groups require.
  for (auto& r : rows) r.resize(cols, -1);
  return I64Matrix(rows, cols);
}

void AddCollectiveCommon(const InstructionAttrs& a, Entries& e) {
  if (a.replica_groups) Add(e, "replica_groups", ReplicaGroupsText(*a.replica_groups));
  if (a.channel_id) {
    Add(e, "channel_handle",
        fmt::format("#stablehlo.channel_handle<handle = {}, type = 1>", *a.channel_id));
  }
  if (a.use_global_device_ids) e.push_back("use_global_device_ids");
}

std::string ConvDimsText(const ConvDims& d, int64_t rank) {
  auto layout = [rank](int64_t a, char ca, int64_t b, char cb, const std::vector<int64_t>& sp) {
    std::vector<std::string> labels(rank, "?");
    if (a >= 0 && a < rank) labels[a] = std::string(1, ca);
    if (b >= 0 && b < rank) labels[b] = std::string(1, cb);
    for (size_t i = 0; i < sp.size(); ++i) {
      if (sp[i] >= 0 && sp[i] < rank) labels[sp[i]] = fmt::format("{}", i);
    }
    return fmt::format("[{}]", fmt::join(labels, ", "));
  };
  return fmt::format("#stablehlo.conv<{}x{}->{}>",
                     layout(d.input_batch, 'b', d.input_feature, 'f', d.input_spatial),
                     layout(d.kernel_output_feature, 'o', d.kernel_input_feature, 'i',
                            d.kernel_spatial),
                     layout(d.output_batch, 'b', d.output_feature, 'f', d.output_spatial));
}

void AddWindow(const std::vector<WindowDim>& w, bool conv, Entries& e) {
  std::vector<int64_t> size, stride, lhs, rhs;
  std::vector<std::vector<int64_t>> pad;
  std::vector<std::string> rev;
  for (const WindowDim& d : w) {
    size.push_back(d.size);
    stride.push_back(d.stride);
    lhs.push_back(d.lhs_dilation);
    rhs.push_back(d.rhs_dilation);
    pad.push_back({d.pad_low, d.pad_high});
    rev.push_back(d.reversal ? "true" : "false");
  }
  if (!conv) Add(e, "window_dimensions", I64Array(size));
  Add(e, "window_strides", I64Array(stride));
  if (conv) {
    Add(e, "padding", I64Matrix(pad, 2));
    Add(e, "lhs_dilation", I64Array(lhs));
    Add(e, "rhs_dilation", I64Array(rhs));
    Add(e, "window_reversal",
        rev.empty() ? "array<i1>" : fmt::format("array<i1: {}>", fmt::join(rev, ", ")));
  } else {
    Add(e, "base_dilations", I64Array(lhs));
    Add(e, "window_dilations", I64Array(rhs));
    Add(e, "padding", I64Matrix(pad, 2));
  }
}

// `operand_precision={high,default}` -> precision_config; other passthrough attributes are kept
// verbatim in an `xpar.hlo_attributes` dictionary so nothing is lost silently.
void AddPassthrough(const InstructionAttrs& a, Entries& e) {
  std::vector<std::string> rest;
  for (const auto& [k, v] : a.passthrough) {
    if (k == "operand_precision" && v.size() >= 2 && v.front() == '{') {
      std::vector<std::string> items;
      std::string cur;
      for (char c : v.substr(1, v.size() - 2) + ",") {
        if (c == ',') {
          std::string up;
          for (char x : cur) up += static_cast<char>(std::toupper(static_cast<unsigned char>(x)));
          if (!up.empty()) items.push_back(fmt::format("#stablehlo<precision {}>", up));
          cur.clear();
        } else if (c != ' ') {
          cur += c;
        }
      }
      Add(e, "precision_config", fmt::format("[{}]", fmt::join(items, ", ")));
      continue;
    }
    rest.push_back(fmt::format("{} = {}", IsBareId(k) ? k : Quote(k), Quote(v)));
  }
  if (!rest.empty()) Add(e, "xpar.hlo_attributes", fmt::format("{{{}}}", fmt::join(rest, ", ")));
}

constexpr std::array<std::string_view, 6> kDirections = {"EQ", "NE", "LT", "LE", "GT", "GE"};
constexpr std::array<std::string_view, 5> kCompareTypes = {"NOTYPE", "FLOAT", "TOTALORDER",
                                                           "SIGNED", "UNSIGNED"};
constexpr std::array<std::string_view, 3> kRngAlgorithms = {"DEFAULT", "THREE_FRY", "PHILOX"};
constexpr std::array<std::string_view, 2> kDistributions = {"UNIFORM", "NORMAL"};
constexpr std::array<std::string_view, 4> kFftTypes = {"FFT", "IFFT", "RFFT", "IRFFT"};

void AddDataAttrs(const Instruction& inst, Entries& e) {
  const InstructionAttrs& a = inst.attrs();
  const Opcode op = inst.opcode();
  if (op == O::kBroadcast) Add(e, "broadcast_dimensions", I64Array(a.dimensions));
  if (op == O::kTranspose) Add(e, "permutation", I64Array(a.dimensions));
  if (IsOneOf(op, {O::kReverse, O::kReduce, O::kMap})) Add(e, "dimensions", I64Array(a.dimensions));
  if (op == O::kConcatenate) AddI64(e, "dimension", a.dimensions.empty() ? 0 : a.dimensions[0]);
  if (op == O::kIota) AddI64(e, "iota_dimension", a.iota_dimension);
  if (op == O::kGetTupleElement) Add(e, "index", fmt::format("{} : i32", a.tuple_index));
  if (op == O::kSlice) {
    std::vector<int64_t> start, limit, stride;
    for (const SliceDim& s : a.slice) {
      start.push_back(s.start);
      limit.push_back(s.limit);
      stride.push_back(s.stride);
    }
    Add(e, "start_indices", I64Array(start));
    Add(e, "limit_indices", I64Array(limit));
    Add(e, "strides", I64Array(stride));
  }
  if (op == O::kDynamicSlice) Add(e, "slice_sizes", I64Array(a.dynamic_slice_sizes));
  if (op == O::kPad) {
    std::vector<int64_t> lo, hi, in;
    for (const PadDim& p : a.padding) {
      lo.push_back(p.low);
      hi.push_back(p.high);
      in.push_back(p.interior);
    }
    Add(e, "edge_padding_low", I64Array(lo));
    Add(e, "edge_padding_high", I64Array(hi));
    Add(e, "interior_padding", I64Array(in));
  }
  if (op == O::kSort) {
    AddI64(e, "dimension", a.dimensions.empty() ? 0 : a.dimensions[0]);
    AddBool(e, "is_stable", a.is_stable);
  }
  if (op == O::kCompare) {
    Add(e, "comparison_direction",
        fmt::format("#stablehlo<comparison_direction {}>",
                    kDirections[static_cast<int>(a.comparison_direction)]));
    if (a.comparison_type != ComparisonType::kDefault) {
      Add(e, "compare_type", fmt::format("#stablehlo<comparison_type {}>",
                                         kCompareTypes[static_cast<int>(a.comparison_type)]));
    }
  }
}

void AddContractionAttrs(const Instruction& inst, Entries& e) {
  const InstructionAttrs& a = inst.attrs();
  const Opcode op = inst.opcode();
  if (op == O::kDot && a.dot) {
    std::vector<std::string> f;
    auto field = [&f](std::string_view k, const std::vector<int64_t>& v) {
      if (!v.empty()) f.push_back(fmt::format("{} = {}", k, BracketList(v)));
    };
    field("lhs_batching_dimensions", a.dot->lhs_batch);
    field("rhs_batching_dimensions", a.dot->rhs_batch);
    field("lhs_contracting_dimensions", a.dot->lhs_contracting);
    field("rhs_contracting_dimensions", a.dot->rhs_contracting);
    Add(e, "dot_dimension_numbers", fmt::format("#stablehlo.dot<{}>", fmt::join(f, ", ")));
  }
  if (op == O::kConvolution) {
    AddWindow(a.window, /*conv=*/true, e);
    if (a.conv) Add(e, "dimension_numbers", ConvDimsText(*a.conv, inst.shape().rank()));
    AddI64(e, "feature_group_count", a.feature_group_count);
    AddI64(e, "batch_group_count", a.batch_group_count);
  }
  if (IsOneOf(op, {O::kReduceWindow, O::kSelectAndScatter})) {
    AddWindow(a.window, /*conv=*/false, e);
    if (op == O::kSelectAndScatter) {
      // select_and_scatter has no dilations.
      e.erase(std::remove_if(e.begin(), e.end(),
                             [](const std::string& s) {
                               return s.starts_with("base_dilations") ||
                                      s.starts_with("window_dilations");
                             }),
              e.end());
    }
  }
  if (op == O::kGather && a.gather) {
    const GatherDims& g = *a.gather;
    std::vector<std::string> f = {
        fmt::format("offset_dims = {}", BracketList(g.offset_dims)),
        fmt::format("collapsed_slice_dims = {}", BracketList(g.collapsed_slice_dims))};
    if (!g.operand_batching_dims.empty()) {
      f.push_back(fmt::format("operand_batching_dims = {}", BracketList(g.operand_batching_dims)));
      f.push_back(fmt::format("start_indices_batching_dims = {}",
                              BracketList(g.start_indices_batching_dims)));
    }
    f.push_back(fmt::format("start_index_map = {}", BracketList(g.start_index_map)));
    f.push_back(fmt::format("index_vector_dim = {}", g.index_vector_dim));
    Add(e, "dimension_numbers", fmt::format("#stablehlo.gather<{}>", fmt::join(f, ", ")));
    Add(e, "slice_sizes", I64Array(a.gather_slice_sizes));
    AddBool(e, "indices_are_sorted", a.indices_are_sorted);
  }
  if (op == O::kScatter && a.scatter) {
    const ScatterDims& s = *a.scatter;
    std::vector<std::string> f = {
        fmt::format("update_window_dims = {}", BracketList(s.update_window_dims)),
        fmt::format("inserted_window_dims = {}", BracketList(s.inserted_window_dims))};
    if (!s.input_batching_dims.empty()) {
      f.push_back(fmt::format("input_batching_dims = {}", BracketList(s.input_batching_dims)));
      f.push_back(fmt::format("scatter_indices_batching_dims = {}",
                              BracketList(s.scatter_indices_batching_dims)));
    }
    f.push_back(fmt::format("scatter_dims_to_operand_dims = {}",
                            BracketList(s.scatter_dims_to_operand_dims)));
    f.push_back(fmt::format("index_vector_dim = {}", s.index_vector_dim));
    Add(e, "scatter_dimension_numbers", fmt::format("#stablehlo.scatter<{}>", fmt::join(f, ", ")));
    AddBool(e, "indices_are_sorted", a.indices_are_sorted);
    AddBool(e, "unique_indices", a.unique_indices);
  }
}

Status AddCollectiveAttrs(const Instruction& inst, Entries& e) {
  const InstructionAttrs& a = inst.attrs();
  const Opcode op = inst.opcode();
  int64_t dim = a.dimensions.empty() ? 0 : a.dimensions[0];
  if (op == O::kAllGather) AddI64(e, "all_gather_dim", dim);
  if (op == O::kReduceScatter) AddI64(e, "scatter_dimension", dim);
  if (op == O::kAllToAll) {
    if (a.dimensions.empty()) {
      return Unimplemented("all-to-all '{}' has no split dimension (the tuple form): StableHLO's "
                           "all_to_all needs split/concat dimensions",
                           inst.name());
    }
    AddI64(e, "split_dimension", dim);
    AddI64(e, "concat_dimension", dim);
    int64_t count = 0;
    if (a.replica_groups && !a.replica_groups->groups.empty()) {
      count = static_cast<int64_t>(a.replica_groups->groups[0].size());
    } else if (a.replica_groups && a.replica_groups->iota_group_dims.size() == 2) {
      count = a.replica_groups->iota_group_dims[1];
    }
    if (count == 0) {
      return Unimplemented("all-to-all '{}' without replica groups: StableHLO needs split_count",
                           inst.name());
    }
    AddI64(e, "split_count", count);
  }
  if (IsOneOf(op, {O::kAllGather, O::kAllReduce, O::kReduceScatter, O::kAllToAll,
                   O::kCollectiveBroadcast})) {
    AddCollectiveCommon(a, e);
  }
  if (op == O::kCollectivePermute) {
    std::vector<std::vector<int64_t>> rows;
    for (const auto& [s, t] : a.source_target_pairs) rows.push_back({s, t});
    Add(e, "source_target_pairs", I64Matrix(rows, 2));
    if (a.channel_id) {
      Add(e, "channel_handle",
          fmt::format("#stablehlo.channel_handle<handle = {}, type = 1>", *a.channel_id));
    }
  }
  return Status::Ok();
}

void AddMiscAttrs(const Module& module, const Instruction& inst, Entries& e) {
  const InstructionAttrs& a = inst.attrs();
  const Opcode op = inst.opcode();
  if (IsOneOf(op, {O::kBatchNormGrad, O::kBatchNormInference, O::kBatchNormTraining})) {
    char buf[32];
    auto [end, ec] = std::to_chars(buf, buf + sizeof(buf), a.epsilon);
    std::string eps(buf, end);
    if (eps.find_first_of(".eEn") == std::string::npos) eps += ".0";
    Add(e, "epsilon", eps + " : f32");
    AddI64(e, "feature_index", a.feature_index);
  }
  if (op == O::kRngBitGenerator) {
    Add(e, "rng_algorithm", fmt::format("#stablehlo<rng_algorithm {}>",
                                        kRngAlgorithms[static_cast<int>(a.rng_algorithm)]));
  }
  if (op == O::kRng) {
    Add(e, "rng_distribution", fmt::format("#stablehlo<rng_distribution {}>",
                                           kDistributions[static_cast<int>(a.rng_distribution)]));
  }
  if (op == O::kReducePrecision) {
    Add(e, "exponent_bits", fmt::format("{} : i32", a.exponent_bits));
    Add(e, "mantissa_bits", fmt::format("{} : i32", a.mantissa_bits));
  }
  if (op == O::kFft) {
    Add(e, "fft_type", fmt::format("#stablehlo<fft_type {}>",
                                   kFftTypes[static_cast<int>(a.fft_type)]));
    Add(e, "fft_length", I64Array(a.fft_length));
  }
  if (op == O::kTriangularSolve) {
    AddBool(e, "left_side", a.left_side);
    AddBool(e, "lower", a.lower);
    AddBool(e, "unit_diagonal", a.unit_diagonal);
    Add(e, "transpose_a", fmt::format("#stablehlo<transpose {}>",
                                      a.transpose_a.empty() ? "NO_TRANSPOSE" : a.transpose_a));
  }
  if (op == O::kCholesky) AddBool(e, "lower", a.lower);
  if (op == O::kTopK) {
    AddI64(e, "k", a.topk_k);
    if (!a.topk_largest) AddBool(e, "largest", false);
  }
  if (IsOneOf(op, {O::kGetDimensionSize, O::kSetDimensionSize})) {
    AddI64(e, "dimension", a.dimensions.empty() ? 0 : a.dimensions[0]);
  }
  if (op == O::kCustomCall) {
    Add(e, "call_target_name", Quote(a.custom_call_target));
    AddBool(e, "has_side_effect", a.has_side_effect);
    std::string_view config = a.backend_config;
    if (config.size() >= 2 && config.front() == '"' && config.back() == '"') {
      config = config.substr(1, config.size() - 2);
    }
    if (!config.empty()) Add(e, "backend_config", Quote(config));
    if (a.api_version > 0) Add(e, "api_version", fmt::format("{} : i32", a.api_version));
  }
  (void)module;
}

}  // namespace

Expected<std::vector<std::string>> OpAttributes(const Module& module, const Instruction& inst) {
  Entries e;
  AddDataAttrs(inst, e);
  AddContractionAttrs(inst, e);
  RETURN_IF_ERROR(AddCollectiveAttrs(inst, e));
  AddMiscAttrs(module, inst, e);
  AddPassthrough(inst.attrs(), e);
  return e;
}

}  // namespace xpar::shlo_printer
