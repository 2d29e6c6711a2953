// Op attributes of StableHLO/MHLO -> InstructionAttrs: dimension lists, dimension numbers of
// dot/convolution/gather/scatter, windows, comparison, collectives, batch-norm, rng, ...
#include <algorithm>
#include <charconv>

#include "frontends/stablehlo/stablehlo_parser_impl.h"

namespace xpar::mlir {
namespace {

// The first of `names` that the op has.
const Attr* FindAny(const OpInfo& op, std::initializer_list<std::string_view> names) {
  for (std::string_view n : names) {
    if (const Attr* a = op.Find(n)) return a;
  }
  return nullptr;
}

// The enum word of `#stablehlo<comparison_direction LT>` or of a bare `LT`.
std::string EnumWord(const Attr& a) {
  if (a.kind == Attr::Kind::kDialect && !a.list.empty()) return EnumWord(a.list[0]);
  return a.s;
}

std::vector<int64_t> DictInts(const Attr& dict, std::string_view key) {
  const Attr* a = dict.Find(key);
  if (!a) return {};
  auto v = AttrInts(*a);
  return v.ok() ? *v : std::vector<int64_t>{};
}

int64_t DictInt(const Attr& dict, std::string_view key, int64_t dflt) {
  const Attr* a = dict.Find(key);
  return a && a->kind == Attr::Kind::kInt ? a->i : dflt;
}

bool BoolAttr(const OpInfo& op, std::string_view name) {
  const Attr* a = op.Find(name);
  if (!a) return false;
  return a->kind == Attr::Kind::kUnit || (a->kind == Attr::Kind::kBool && a->b);
}

}  // namespace

// Reads `names` as integers into *out when present; errors name the attribute.
static Status Ints(const Parser& p, const OpInfo& op, std::initializer_list<std::string_view> names,
                   std::vector<int64_t>* out, bool* found = nullptr) {
  const Attr* a = FindAny(op, names);
  if (found) *found = a != nullptr;
  if (!a) return Status::Ok();
  auto v = AttrInts(*a);
  if (!v.ok()) return p.Error(a->offset, fmt::format("'{}': {}", *names.begin(), v.status().message()));
  *out = *v;
  return Status::Ok();
}

static Status ReadWindow(const Parser& p, const OpInfo& op, int64_t rank,
                         std::vector<WindowDim>* window, bool conv) {
  std::vector<int64_t> size, stride, lhs, rhs, pad, rev;
  RETURN_IF_ERROR(Ints(p, op, {"window_dimensions"}, &size));
  RETURN_IF_ERROR(Ints(p, op, {"window_strides"}, &stride));
  RETURN_IF_ERROR(Ints(p, op, {"base_dilations", "lhs_dilation"}, &lhs));
  RETURN_IF_ERROR(Ints(p, op, {"window_dilations", "rhs_dilation"}, &rhs));
  RETURN_IF_ERROR(Ints(p, op, {"padding"}, &pad));
  RETURN_IF_ERROR(Ints(p, op, {"window_reversal"}, &rev));
  if (const Attr* w = op.Find("window"); w && w->kind == Attr::Kind::kDict) {  // pretty conv
    stride = DictInts(*w, "stride");
    pad = DictInts(*w, "pad");
    if (const Attr* pa = w->Find("pad"); pa && pa->kind == Attr::Kind::kList) {
      pad.clear();
      for (const Attr& pr : pa->list) {
        auto v = AttrInts(pr);
        if (v.ok()) pad.insert(pad.end(), v->begin(), v->end());
      }
    }
    lhs = DictInts(*w, "lhs_dilate");
    rhs = DictInts(*w, "rhs_dilate");
    rev = DictInts(*w, "reverse");
  }
  if (conv) size.clear();
  window->assign(rank, WindowDim{});
  for (int64_t i = 0; i < rank; ++i) {
    WindowDim& d = (*window)[i];
    if (i < static_cast<int64_t>(size.size())) d.size = size[i];
    if (i < static_cast<int64_t>(stride.size())) d.stride = stride[i];
    if (i < static_cast<int64_t>(lhs.size())) d.lhs_dilation = lhs[i];
    if (i < static_cast<int64_t>(rhs.size())) d.rhs_dilation = rhs[i];
    if (2 * i + 1 < static_cast<int64_t>(pad.size())) {
      d.pad_low = pad[2 * i];
      d.pad_high = pad[2 * i + 1];
    }
    if (i < static_cast<int64_t>(rev.size())) d.reversal = rev[i] != 0;
  }
  return Status::Ok();
}

// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` (as three lists) or the `raw` key/value form.
static Status ReadConvDims(const Parser& p, const Attr& a, ConvDims* out) {
  if (a.list.size() == 3) {
    auto labels = [&](const Attr& l, char x, char y, int64_t* px, int64_t* py,
                      std::vector<int64_t>* spatial) -> Status {
      std::vector<std::pair<int64_t, int64_t>> sp;
      for (size_t i = 0; i < l.list.size(); ++i) {
        const Attr& e = l.list[i];
        if (e.kind == Attr::Kind::kInt) {
          sp.emplace_back(e.i, static_cast<int64_t>(i));
        } else if (e.s.size() == 1 && e.s[0] == x) {
          *px = static_cast<int64_t>(i);
        } else if (e.s.size() == 1 && e.s[0] == y) {
          *py = static_cast<int64_t>(i);
        } else {
          return p.Error(e.offset, fmt::format("unexpected convolution dimension label '{}'",
                                               e.text));
        }
      }
      std::sort(sp.begin(), sp.end());
      spatial->clear();
      for (auto [k, pos] : sp) spatial->push_back(pos);
      return Status::Ok();
    };
    RETURN_IF_ERROR(labels(a.list[0], 'b', 'f', &out->input_batch, &out->input_feature,
                           &out->input_spatial));
    RETURN_IF_ERROR(labels(a.list[1], 'i', 'o', &out->kernel_input_feature,
                           &out->kernel_output_feature, &out->kernel_spatial));
    return labels(a.list[2], 'b', 'f', &out->output_batch, &out->output_feature,
                  &out->output_spatial);
  }
  out->input_batch = DictInt(a, "input_batch_dimension", 0);
  out->input_feature = DictInt(a, "input_feature_dimension", 0);
  out->input_spatial = DictInts(a, "input_spatial_dimensions");
  out->kernel_input_feature = DictInt(a, "kernel_input_feature_dimension", 0);
  out->kernel_output_feature = DictInt(a, "kernel_output_feature_dimension", 0);
  out->kernel_spatial = DictInts(a, "kernel_spatial_dimensions");
  out->output_batch = DictInt(a, "output_batch_dimension", 0);
  out->output_feature = DictInt(a, "output_feature_dimension", 0);
  out->output_spatial = DictInts(a, "output_spatial_dimensions");
  return Status::Ok();
}

static Status ReadCollective(const Parser& p, const OpInfo& op, Instruction* inst) {
  InstructionAttrs& at = inst->attrs();
  if (const Attr* rg = op.Find("replica_groups")) {
    Expected<Literal> l = DenseData(*rg);
    if (!l.ok() || l->shape().rank() != 2) {
      return p.Error(rg->offset, "replica_groups must be a 2-d dense<...> of device ids");
    }
    ReplicaGroups groups;
    const Shape& s = l->shape();
    for (int64_t g = 0; g < s.dim(0); ++g) {
      std::vector<int64_t> ids;
      for (int64_t k = 0; k < s.dim(1); ++k) {
        int64_t id = l->GetAsInt64(g * s.dim(1) + k);
        if (id >= 0) ids.push_back(id);  // -1 pads ragged groups
      }
      groups.groups.push_back(std::move(ids));
    }
    at.replica_groups = std::move(groups);
  }
  if (const Attr* ch = op.Find("channel_handle")) {
    int64_t handle = DictInt(*ch, "handle", 0);
    if (handle > 0) at.channel_id = handle;
  }
  if (const Attr* ch = op.Find("channel_id"); ch && ch->kind == Attr::Kind::kInt && ch->i > 0) {
    at.channel_id = ch->i;
  }
  at.use_global_device_ids = BoolAttr(op, "use_global_device_ids");
  if (const Attr* st = op.Find("source_target_pairs")) {
    ASSIGN_OR_RETURN(std::vector<int64_t> v, AttrInts(*st));
    for (size_t i = 0; i + 1 < v.size(); i += 2) at.source_target_pairs.emplace_back(v[i], v[i + 1]);
  }
  return Status::Ok();
}

Status Parser::SetAttributes(OpInfo* op_ptr, Opcode opcode, Instruction* inst) {
  const OpInfo& op = *op_ptr;
  InstructionAttrs& at = inst->attrs();
  const int64_t rank0 = op.operands.empty() ? 0 : op.operands[0]->shape().rank();
  std::vector<int64_t> v;
  bool found = false;
  if (opcode == Opcode::kConstant) {
    // BuildSimple builds constants (AddDenseConstant); this is a constant with regions.
    return Error(op.offset, fmt::format("'{}' takes no operands or regions", op.name));
  }
  if (opcode == Opcode::kBroadcast) {
    RETURN_IF_ERROR(Ints(*this, op, {"broadcast_dimensions", "dims"}, &at.dimensions));
  } else if (opcode == Opcode::kTranspose) {
    RETURN_IF_ERROR(Ints(*this, op, {"permutation", "dims"}, &at.dimensions));
  } else if (IsOneOf(opcode, {Opcode::kReverse, Opcode::kReduce, Opcode::kMap})) {
    RETURN_IF_ERROR(Ints(*this, op, {"dimensions", "dims"}, &at.dimensions));
    if (opcode == Opcode::kMap && at.dimensions.empty()) {
      for (int64_t i = 0; i < inst->shape().rank(); ++i) at.dimensions.push_back(i);
    }
  } else if (IsOneOf(opcode, {Opcode::kConcatenate, Opcode::kGetDimensionSize})) {
    RETURN_IF_ERROR(Ints(*this, op, {"dimension", "dim"}, &at.dimensions));
  } else if (opcode == Opcode::kIota) {
    RETURN_IF_ERROR(Ints(*this, op, {"iota_dimension", "dim"}, &v));
    at.iota_dimension = v.empty() ? 0 : v[0];
  } else if (opcode == Opcode::kGetTupleElement) {
    RETURN_IF_ERROR(Ints(*this, op, {"index"}, &v));
    at.tuple_index = v.empty() ? 0 : v[0];
  } else if (opcode == Opcode::kCompare) {
    const Attr* dir = op.Find("comparison_direction");
    std::string d = dir ? EnumWord(*dir) : (op.positional.empty() ? "" : op.positional[0].s);
    static const std::pair<std::string_view, ComparisonDirection> kDirs[] = {
        {"EQ", ComparisonDirection::kEq}, {"NE", ComparisonDirection::kNe},
        {"LT", ComparisonDirection::kLt}, {"LE", ComparisonDirection::kLe},
        {"GT", ComparisonDirection::kGt}, {"GE", ComparisonDirection::kGe}};
    bool ok = false;
    for (auto [n, e] : kDirs) {
      if (n == d) at.comparison_direction = e, ok = true;
    }
    if (!ok) return Error(op.offset, fmt::format("compare: unknown direction '{}'", d));
    const Attr* ty = op.Find("compare_type");
    std::string t = ty ? EnumWord(*ty) : (op.positional.size() > 1 ? op.positional[1].s : "");
    static const std::pair<std::string_view, ComparisonType> kTypes[] = {
        {"FLOAT", ComparisonType::kFloat}, {"TOTALORDER", ComparisonType::kTotalOrder},
        {"SIGNED", ComparisonType::kSigned}, {"UNSIGNED", ComparisonType::kUnsigned}};
    bool known = t.empty() || t == "NOTYPE";  // absent: the element type's default order
    for (auto [n, e] : kTypes) {
      if (n == t) at.comparison_type = e, known = true;
    }
    if (!known) {
      return Error(op.offset, fmt::format("compare: unknown compare_type '{}' (expected FLOAT, "
                                          "TOTALORDER, SIGNED, UNSIGNED or NOTYPE)", t));
    }
  } else if (opcode == Opcode::kSort) {
    RETURN_IF_ERROR(Ints(*this, op, {"dimension"}, &v));
    int64_t d = v.empty() ? -1 : v[0];
    at.dimensions = {d < 0 ? d + rank0 : d};
    at.is_stable = BoolAttr(op, "is_stable");
  } else if (opcode == Opcode::kSlice) {
    std::vector<int64_t> st, li, sr;
    RETURN_IF_ERROR(Ints(*this, op, {"start_indices"}, &st));
    RETURN_IF_ERROR(Ints(*this, op, {"limit_indices"}, &li));
    RETURN_IF_ERROR(Ints(*this, op, {"strides"}, &sr));
    for (size_t i = 0; i < st.size() && i < li.size(); ++i) {
      at.slice.push_back({st[i], li[i], i < sr.size() ? sr[i] : 1});
    }
  } else if (opcode == Opcode::kDynamicSlice) {
    RETURN_IF_ERROR(Ints(*this, op, {"slice_sizes", "sizes"}, &at.dynamic_slice_sizes));
  } else if (opcode == Opcode::kPad) {
    std::vector<int64_t> lo, hi, in;
    RETURN_IF_ERROR(Ints(*this, op, {"edge_padding_low", "low"}, &lo));
    RETURN_IF_ERROR(Ints(*this, op, {"edge_padding_high", "high"}, &hi));
    RETURN_IF_ERROR(Ints(*this, op, {"interior_padding", "interior"}, &in));
    for (int64_t i = 0; i < rank0; ++i) {
      at.padding.push_back({i < static_cast<int64_t>(lo.size()) ? lo[i] : 0,
                            i < static_cast<int64_t>(hi.size()) ? hi[i] : 0,
                            i < static_cast<int64_t>(in.size()) ? in[i] : 0});
    }
  } else if (opcode == Opcode::kGather) {
    const Attr* dn = op.Find("dimension_numbers");
    if (!dn) return Error(op.offset, "gather without dimension_numbers");
    GatherDims g;
    g.offset_dims = DictInts(*dn, "offset_dims");
    g.collapsed_slice_dims = DictInts(*dn, "collapsed_slice_dims");
    g.start_index_map = DictInts(*dn, "start_index_map");
    g.operand_batching_dims = DictInts(*dn, "operand_batching_dims");
    g.start_indices_batching_dims = DictInts(*dn, "start_indices_batching_dims");
    g.index_vector_dim = DictInt(*dn, "index_vector_dim", 0);
    at.gather = g;
    RETURN_IF_ERROR(Ints(*this, op, {"slice_sizes"}, &at.gather_slice_sizes));
    at.indices_are_sorted = BoolAttr(op, "indices_are_sorted");
  } else if (opcode == Opcode::kScatter) {
    const Attr* dn = op.Find("scatter_dimension_numbers");
    if (!dn) return Error(op.offset, "scatter without scatter_dimension_numbers");
    ScatterDims s;
    s.update_window_dims = DictInts(*dn, "update_window_dims");
    s.inserted_window_dims = DictInts(*dn, "inserted_window_dims");
    s.scatter_dims_to_operand_dims = DictInts(*dn, "scatter_dims_to_operand_dims");
    s.input_batching_dims = DictInts(*dn, "input_batching_dims");
    s.scatter_indices_batching_dims = DictInts(*dn, "scatter_indices_batching_dims");
    s.index_vector_dim = DictInt(*dn, "index_vector_dim", 0);
    at.scatter = s;
    at.indices_are_sorted = BoolAttr(op, "indices_are_sorted");
    at.unique_indices = BoolAttr(op, "unique_indices");
  } else if (opcode == Opcode::kDot) {
    DotDims d;
    if (const Attr* dn = op.Find("dot_dimension_numbers")) {
      d.lhs_batch = DictInts(*dn, "lhs_batching_dimensions");
      d.rhs_batch = DictInts(*dn, "rhs_batching_dimensions");
      d.lhs_contracting = DictInts(*dn, "lhs_contracting_dimensions");
      d.rhs_contracting = DictInts(*dn, "rhs_contracting_dimensions");
    } else if (op.mnemonic == "dot_general") {
      auto pair = [&](std::string_view key, std::vector<int64_t>* l, std::vector<int64_t>* r) {
        const Attr* a = op.Find(key);
        if (!a || a->list.size() != 2) return;
        if (auto x = AttrInts(a->list[0]); x.ok()) *l = *x;
        if (auto x = AttrInts(a->list[1]); x.ok()) *r = *x;
      };
      pair("batching_dims", &d.lhs_batch, &d.rhs_batch);
      pair("contracting_dims", &d.lhs_contracting, &d.rhs_contracting);
    } else {  // dot: contract the last dim of lhs with the first of rhs
      d.lhs_contracting = {std::max<int64_t>(rank0 - 1, 0)};
      d.rhs_contracting = {0};
    }
    at.dot = d;
  } else if (opcode == Opcode::kConvolution) {
    const Attr* dn = FindAny(op, {"dimension_numbers", "dim_numbers"});
    if (!dn) return Error(op.offset, "convolution without dimension numbers");
    ConvDims c;
    RETURN_IF_ERROR(ReadConvDims(*this, *dn, &c));
    if (c.kernel_spatial.size() != c.input_spatial.size() ||
        c.output_spatial.size() != c.input_spatial.size()) {
      return Error(dn->offset, fmt::format("convolution dimension numbers name {} input, {} kernel "
                                           "and {} output spatial dimensions; they must agree",
                                           c.input_spatial.size(), c.kernel_spatial.size(),
                                           c.output_spatial.size()));
    }
    at.conv = c;
    RETURN_IF_ERROR(ReadWindow(*this, op, static_cast<int64_t>(c.input_spatial.size()),
                               &at.window, /*conv=*/true));
    for (size_t i = 0; i < c.kernel_spatial.size() && op.operands.size() > 1; ++i) {
      const Shape& kernel = op.operands[1]->shape();
      if (c.kernel_spatial[i] < 0 || c.kernel_spatial[i] >= kernel.rank()) {
        return Error(dn->offset, fmt::format("kernel spatial dimension {} is not a dimension of "
                                             "the rank-{} kernel", c.kernel_spatial[i],
                                             kernel.rank()));
      }
      at.window[i].size = kernel.dim(c.kernel_spatial[i]);
    }
    RETURN_IF_ERROR(Ints(*this, op, {"feature_group_count"}, &v, &found));
    if (found && !v.empty()) at.feature_group_count = v[0];
    RETURN_IF_ERROR(Ints(*this, op, {"batch_group_count"}, &v, &found));
    if (found && !v.empty()) at.batch_group_count = v[0];
  } else if (IsOneOf(opcode, {Opcode::kReduceWindow, Opcode::kSelectAndScatter})) {
    RETURN_IF_ERROR(ReadWindow(*this, op, rank0, &at.window, false));
  } else if (IsOneOf(opcode, {Opcode::kAllReduce, Opcode::kAllGather, Opcode::kReduceScatter,
                              Opcode::kAllToAll, Opcode::kCollectivePermute,
                              Opcode::kCollectiveBroadcast})) {
    RETURN_IF_ERROR(ReadCollective(*this, op, inst));
    RETURN_IF_ERROR(Ints(*this, op, {"all_gather_dim", "scatter_dimension"}, &at.dimensions));
    if (opcode == Opcode::kAllToAll) {
      std::vector<int64_t> split, concat;
      RETURN_IF_ERROR(Ints(*this, op, {"split_dimension"}, &split));
      RETURN_IF_ERROR(Ints(*this, op, {"concat_dimension"}, &concat));
      // BuildAllToAll rewrites split != concat into this form around a dimension-0 exchange.
      at.dimensions = split == concat ? split : std::vector<int64_t>{0};
    }
  } else if (IsOneOf(opcode, {Opcode::kBatchNormTraining, Opcode::kBatchNormInference,
                              Opcode::kBatchNormGrad})) {
    if (const Attr* e = op.Find("epsilon")) at.epsilon = static_cast<float>(e->f);
    RETURN_IF_ERROR(Ints(*this, op, {"feature_index"}, &v));
    at.feature_index = v.empty() ? 0 : v[0];
  } else if (opcode == Opcode::kTriangularSolve) {
    at.left_side = BoolAttr(op, "left_side");
    at.lower = BoolAttr(op, "lower");
    at.unit_diagonal = BoolAttr(op, "unit_diagonal");
    const Attr* t = op.Find("transpose_a");
    at.transpose_a = t ? EnumWord(*t) : "NO_TRANSPOSE";
  } else if (opcode == Opcode::kCholesky) {
    at.lower = BoolAttr(op, "lower");
  } else if (opcode == Opcode::kRng) {
    const Attr* d = FindAny(op, {"rng_distribution", "distribution"});
    at.rng_distribution = d && EnumWord(*d) == "NORMAL" ? RngDistribution::kNormal
                                                        : RngDistribution::kUniform;
  } else if (opcode == Opcode::kRngBitGenerator) {
    const Attr* a = FindAny(op, {"rng_algorithm", "algorithm"});
    std::string w = a ? EnumWord(*a) : "DEFAULT";
    at.rng_algorithm = w == "THREE_FRY"  ? RngAlgorithm::kThreeFry
                       : w == "PHILOX" ? RngAlgorithm::kPhilox
                                       : RngAlgorithm::kDefault;
  } else if (opcode == Opcode::kReducePrecision) {
    if (const Attr* f = op.Find("format")) {  // e5m10
      std::string s = EnumWord(*f);
      size_t mpos = s.find('m');
      // Bits as from_chars reads them: digits only, no sign, at most 9 digits (no overflow).
      auto bits = [](std::string_view d, int64_t* out) {
        if (d.empty() || d.size() > 9) return false;
        auto [end, ec] = std::from_chars(d.data(), d.data() + d.size(), *out);
        return ec == std::errc() && end == d.data() + d.size();
      };
      std::string_view sv = s;
      if (s.size() < 4 || s[0] != 'e' || mpos == std::string::npos ||
          !bits(sv.substr(1, mpos - 1), &at.exponent_bits) ||
          !bits(sv.substr(mpos + 1), &at.mantissa_bits)) {
        return Error(f->offset, fmt::format("bad reduce_precision format '{}' (expected eNmM, "
                                            "N and M counts of bits)", s));
      }
    } else {
      RETURN_IF_ERROR(Ints(*this, op, {"exponent_bits"}, &v));
      at.exponent_bits = v.empty() ? 0 : v[0];
      RETURN_IF_ERROR(Ints(*this, op, {"mantissa_bits"}, &v));
      at.mantissa_bits = v.empty() ? 0 : v[0];
    }
  }
  return Status::Ok();
}

}  // namespace xpar::mlir
