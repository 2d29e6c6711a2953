// oneDNN through its C API (no C++ exceptions cross into xpar): matmul and
// forward convolution primitives, cached per descriptor, run single-threaded on
// parts split over xpar's threads; reordered constant weights cached per buffer.
// Convolutions let oneDNN pick its blocked layouts ("any") and reorder the
// strided operands into and out of them, as PyTorch does. Only optimised
// implementations are used: a "ref" one is reported as unsupported, so that the
// caller's own kernel runs instead of oneDNN's slow reference loops.
#include "runtime/interpreter/onednn.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <omp.h>
#include <oneapi/dnnl/dnnl.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "runtime/interpreter/thread_pool.h"

namespace xpar::onednn {
namespace {

std::atomic<int> enabled_state{-1};  // -1: not read from $XPAR_ONEDNN yet
std::atomic<int64_t> matmul_count{0}, conv_count{0}, reorder_count{0}, hit_count{0};
std::atomic<bool> cache_parameter_weights{false};

Status Check(dnnl_status_t s, const char* what) {
  if (s == dnnl_success) return Status::Ok();
  if (s == dnnl_out_of_memory) return ResourceExhausted("oneDNN {}: out of memory", what);
  return Internal("oneDNN {} failed (status {})", what, static_cast<int>(s));
}

dnnl_engine_t Engine() {
  static dnnl_engine_t engine = [] {
    dnnl_engine_t e = nullptr;
    if (dnnl_engine_create(&e, dnnl_cpu, 0) != dnnl_success) e = nullptr;
    return e;
  }();
  return engine;
}

std::optional<dnnl_data_type_t> DataType(PrimitiveType t) {
  if (t == PrimitiveType::kF32) return dnnl_f32;
  if (t == PrimitiveType::kBF16) return dnnl_bf16;
  if (t == PrimitiveType::kF16) return dnnl_f16;
  return std::nullopt;  // no oneDNN kernel for the other element types here
}

// An owned primitive with the memory descriptors its execution needs.
struct Prim {
  dnnl_primitive_t prim = nullptr;
  dnnl_memory_desc_t src{}, weights{}, dst{}, scratch{};
  Prim() = default;
  Prim(const Prim&) = delete;
  Prim& operator=(const Prim&) = delete;
  ~Prim() {
    if (prim) dnnl_primitive_destroy(prim);
  }
};

// A primitive descriptor, destroyed when this goes out of scope.
struct PdHolder {
  dnnl_primitive_desc_t pd = nullptr;
  ~PdHolder() {
    if (pd) dnnl_primitive_desc_destroy(pd);
  }
};

struct AttrHolder {
  dnnl_primitive_attr_t attr = nullptr;
  AttrHolder() {
    if (dnnl_primitive_attr_create(&attr) == dnnl_success) {
      dnnl_primitive_attr_set_scratchpad_mode(attr, dnnl_scratchpad_mode_user);
    }
  }
  ~AttrHolder() {
    if (attr) dnnl_primitive_attr_destroy(attr);
  }
};

bool IsReference(const_dnnl_primitive_desc_t pd) {
  const char* impl = nullptr;
  if (dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl) != dnnl_success ||
      impl == nullptr) {
    return true;
  }
  return std::strncmp(impl, "ref", 3) == 0;
}

// Makes the primitive of `pd` with its descriptors (a reorder has no weights).
// A user scratchpad keeps concurrent executions (one per device thread)
// independent.
Expected<std::unique_ptr<Prim>> MakePrim(const_dnnl_primitive_desc_t pd, bool reorder) {
  auto p = std::make_unique<Prim>();
  RETURN_IF_ERROR(Check(dnnl_primitive_create(&p->prim, pd), "primitive creation"));
  auto md = [&](dnnl_query_t q) { return *dnnl_primitive_desc_query_md(pd, q, 0); };
  p->src = md(dnnl_query_src_md);
  p->dst = md(dnnl_query_dst_md);
  if (!reorder) p->weights = md(dnnl_query_weights_md);
  p->scratch = md(dnnl_query_scratchpad_md);
  return p;
}

struct Buffer {
  void* data = nullptr;
  explicit Buffer(size_t bytes) {
    if (bytes > 0) data = std::aligned_alloc(64, (bytes + 63) / 64 * 64);
  }
  ~Buffer() { std::free(data); }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
};

// Owned dnnl memory objects for one execution.
struct Memories {
  std::vector<dnnl_memory_t> all;
  ~Memories() {
    for (dnnl_memory_t m : all) dnnl_memory_destroy(m);
  }
  Expected<dnnl_memory_t> Make(const dnnl_memory_desc_t& md, const void* data) {
    if (data == nullptr && dnnl_memory_desc_get_size(&md) > 0) {
      return ResourceExhausted("oneDNN: no memory for a {}-byte buffer",
                               dnnl_memory_desc_get_size(&md));
    }
    dnnl_memory_t m = nullptr;
    RETURN_IF_ERROR(
        Check(dnnl_memory_create(&m, &md, Engine(), const_cast<void*>(data)), "memory"));
    all.push_back(m);
    return m;
  }
};

// Runs `p` with `args` (plus its scratchpad) on a stream of the calling thread.
Status Execute(const Prim& p, std::vector<dnnl_exec_arg_t> args, Memories& mem) {
  static thread_local dnnl_stream_t stream = nullptr;
  if (stream == nullptr) {
    RETURN_IF_ERROR(
        Check(dnnl_stream_create(&stream, Engine(), dnnl_stream_default_flags), "stream creation"));
  }
  Buffer scratch(dnnl_memory_desc_get_size(&p.scratch));
  ASSIGN_OR_RETURN(dnnl_memory_t s, mem.Make(p.scratch, scratch.data));
  args.push_back({DNNL_ARG_SCRATCHPAD, s});
  RETURN_IF_ERROR(
      Check(dnnl_primitive_execute(p.prim, stream, static_cast<int>(args.size()), args.data()),
            "execution"));
  return Check(dnnl_stream_wait(stream), "stream wait");
}

// Cached primitives by key; a null entry records "no optimised kernel" for that
// key. Emptied when full (entries in use stay alive through their shared_ptr).
template <typename Entry>
class Cache {
 public:
  static constexpr size_t kCapacity = 4096;

  template <typename Make>
  Expected<std::shared_ptr<const Entry>> Get(const std::string& key, Make make) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      auto it = map_.find(key);
      if (it != map_.end()) return it->second;
    }
    ASSIGN_OR_RETURN(std::shared_ptr<const Entry> e, make());
    std::lock_guard<std::mutex> lock(mu_);
    if (map_.size() >= kCapacity) map_.clear();
    return map_.emplace(key, std::move(e)).first->second;
  }

 private:
  std::mutex mu_;
  std::map<std::string, std::shared_ptr<const Entry>> map_;
};

// oneDNN runs single-threaded (one OpenMP thread) and the work is split over
// the device's kernel threads by xpar's own pool: an OpenMP team beside that
// pool spin-waits in its barriers, and on a loaded machine that made 2-thread
// convolutions 10x slower. part(lo, hi) runs [lo, hi) of n items; false when
// any part had no oneDNN kernel.
Expected<bool> SplitOverThreads(int64_t n, int64_t min_chunk,
                                const std::function<Expected<bool>(int64_t, int64_t)>& part) {
  std::mutex mu;
  Status first = Status::Ok();
  std::atomic<bool> all_done{true};
  ParallelFor(n, std::max<int64_t>(1, min_chunk), [&](int64_t lo, int64_t hi) {
    omp_set_num_threads(1);
    Expected<bool> done = part(lo, hi);
    if (!done.ok()) {
      std::lock_guard<std::mutex> lock(mu);
      if (first.ok()) first = done.status();
    } else if (!*done) {
      all_done = false;
    }
  });
  RETURN_IF_ERROR(first);
  return all_done.load();
}

dnnl_memory_desc_t Strided(const std::vector<int64_t>& dims, const std::vector<int64_t>& strides,
                           dnnl_data_type_t t) {
  dnnl_memory_desc_t md{};
  dnnl_memory_desc_init_by_strides(&md, static_cast<int>(dims.size()), dims.data(), t,
                                   strides.data());
  return md;
}

// ---- matmul ----

// Rows [0, rows) x columns [0, cols) of the product; the operands keep the whole matrices'
// strides (a part starts at its offset).
Expected<std::shared_ptr<const Prim>> MakeMatmul(const MatmulDesc& d, int64_t rows, int64_t cols,
                                                 dnnl_data_type_t ab, dnnl_data_type_t c) {
  const int64_t mk = d.m * d.k, kn = d.k * d.n;
  const dnnl_memory_desc_t a =
      Strided({d.batch, rows, d.k},
              d.a_trans ? std::vector<int64_t>{mk, 1, d.m} : std::vector<int64_t>{mk, d.k, 1}, ab);
  const dnnl_memory_desc_t b =
      Strided({d.batch, d.k, cols},
              d.b_trans ? std::vector<int64_t>{kn, 1, d.k} : std::vector<int64_t>{kn, d.n, 1}, ab);
  const dnnl_memory_desc_t out = Strided({d.batch, rows, cols}, {d.m * d.n, d.n, 1}, c);
  dnnl_matmul_desc_t op{};
  RETURN_IF_ERROR(Check(dnnl_matmul_desc_init(&op, &a, &b, nullptr, &out), "matmul desc"));
  AttrHolder attr;
  PdHolder pd;
  if (dnnl_primitive_desc_create(&pd.pd, &op, attr.attr, Engine(), nullptr) != dnnl_success ||
      IsReference(pd.pd)) {
    return std::shared_ptr<const Prim>();  // no optimised kernel
  }
  ASSIGN_OR_RETURN(std::unique_ptr<Prim> p, MakePrim(pd.pd, false));
  return std::shared_ptr<const Prim>(std::move(p));
}

// ---- convolution ----

struct ConvEntry {
  std::unique_ptr<Prim> conv, src_in, weights_in,
      dst_out;  // reorders: null when not needed
};

std::vector<int64_t> ConvDims(const ConvDesc& d, const char which) {
  std::vector<int64_t> dims;
  if (which == 's') dims = {d.n, d.groups * d.ic};
  if (which == 'd') dims = {d.n, d.groups * d.oc};
  if (which == 'w' && d.groups > 1) dims = {d.groups, d.oc, d.ic};
  if (which == 'w' && d.groups == 1) dims = {d.oc, d.ic};  // ungrouped: oneDNN's faster kernels
  const auto& sp = which == 's' ? d.in : which == 'd' ? d.out : d.kernel;
  for (int s = 0; s < d.spatial; ++s) dims.push_back(sp[s]);
  return dims;
}

// The user weights layout: without groups, the G dimension (first) is dropped.
dnnl_memory_desc_t UserWeights(const ConvDesc& d, dnnl_data_type_t t) {
  std::vector<int64_t> strides = d.weight_strides;
  if (d.groups == 1) strides.erase(strides.begin());
  return Strided(ConvDims(d, 'w'), strides, t);
}

// A reorder from `from` to `to`, or null when the layouts are the same.
Expected<std::unique_ptr<Prim>> MakeReorder(const dnnl_memory_desc_t& from,
                                            const dnnl_memory_desc_t& to) {
  if (dnnl_memory_desc_equal(&from, &to)) return std::unique_ptr<Prim>();
  AttrHolder attr;
  PdHolder pd;
  RETURN_IF_ERROR(
      Check(dnnl_reorder_primitive_desc_create(&pd.pd, &from, Engine(), &to, Engine(), attr.attr),
            "reorder"));
  return MakePrim(pd.pd, true);
}

Expected<std::shared_ptr<const ConvEntry>> MakeConv(const ConvDesc& d, dnnl_data_type_t src_t,
                                                    dnnl_data_type_t dst_t) {
  const std::vector<int64_t> src_dims = ConvDims(d, 's'), wdims = ConvDims(d, 'w'),
                             dst_dims = ConvDims(d, 'd');
  auto any = [](const std::vector<int64_t>& dims, dnnl_data_type_t t) {
    dnnl_memory_desc_t md{};
    dnnl_memory_desc_init_by_tag(&md, static_cast<int>(dims.size()), dims.data(), t,
                                 dnnl_format_tag_any);
    return md;
  };
  // 2-D convolutions with channels in sixteens take nChw16c activations, as PyTorch's ideep
  // asks: oneDNN's own choice for "any" (NHWC, brgconv) costs more in the reorders around it
  // (measured: 8x64x56x56 bf16 3x3, 0.84 + 4.38 + 0.54 ms vs 0.57 + 4.24 + 0.52).
  auto blocked16 = [&](const std::vector<int64_t>& dims, dnnl_data_type_t t) {
    dnnl_memory_desc_t md{};
    dnnl_memory_desc_init_by_tag(&md, 4, dims.data(), t, dnnl_aBcd16b);
    return md;
  };
  const bool nchw16c = d.spatial == 2 && d.groups == 1 && src_dims[1] % 16 == 0 &&
                       dst_dims[1] % 16 == 0;
  const dnnl_memory_desc_t src = nchw16c ? blocked16(src_dims, src_t) : any(src_dims, src_t),
                           w = any(wdims, src_t),
                           dst = nchw16c ? blocked16(dst_dims, dst_t) : any(dst_dims, dst_t);
  dnnl_dims_t strides{}, dilates{}, pad_l{}, pad_r{};
  for (int s = 0; s < d.spatial; ++s) {
    strides[s] = d.stride[s], dilates[s] = d.dilation[s] - 1;
    pad_l[s] = d.pad_lo[s], pad_r[s] = d.pad_hi[s];
  }
  dnnl_convolution_desc_t op{};
  RETURN_IF_ERROR(Check(dnnl_dilated_convolution_forward_desc_init(
                            &op, dnnl_forward_inference, dnnl_convolution_direct, &src, &w, nullptr,
                            &dst, strides, dilates, pad_l, pad_r),
                        "convolution desc"));
  AttrHolder attr;
  PdHolder pd;
  if (dnnl_primitive_desc_create(&pd.pd, &op, attr.attr, Engine(), nullptr) != dnnl_success ||
      IsReference(pd.pd)) {
    return std::shared_ptr<const ConvEntry>();
  }
  auto e = std::make_shared<ConvEntry>();
  ASSIGN_OR_RETURN(e->conv, MakePrim(pd.pd, false));
  ASSIGN_OR_RETURN(e->src_in, MakeReorder(Strided(src_dims, d.src_strides, src_t), e->conv->src));
  ASSIGN_OR_RETURN(e->weights_in, MakeReorder(UserWeights(d, src_t), e->conv->weights));
  ASSIGN_OR_RETURN(e->dst_out, MakeReorder(e->conv->dst, Strided(dst_dims, d.dst_strides, dst_t)));
  return std::shared_ptr<const ConvEntry>(std::move(e));
}

// Reordered weights by conv key and weights address (kWeightCacheBytes in onednn.h).
class WeightCache {
 public:
  static WeightCache& Get() {
    static WeightCache cache;
    return cache;
  }

  std::shared_ptr<Buffer> Find(const std::string& key) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = map_.find(key);
    return it == map_.end() ? nullptr : it->second.reordered;
  }

  void Insert(const std::string& key, const Literal& owner, std::shared_ptr<Buffer> reordered,
              int64_t bytes) {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto it = map_.begin(); it != map_.end();) {  // buffers only the cache still holds
      if (it->second.owner.SharesBuffer()) {
        ++it;
        continue;
      }
      bytes_ -= it->second.bytes;
      it = map_.erase(it);
    }
    if (bytes > kWeightCacheBytes) return;
    if (bytes_ + bytes > kWeightCacheBytes) {
      map_.clear();
      bytes_ = 0;
    }
    if (map_.emplace(key, Entry{owner, std::move(reordered), bytes}).second) bytes_ += bytes;
  }

 private:
  struct Entry {
    Literal owner;  // shares the source weights' buffer
    std::shared_ptr<Buffer> reordered;
    int64_t bytes = 0;
  };
  std::mutex mu_;
  std::map<std::string, Entry> map_;
  int64_t bytes_ = 0;
};

// The weights in the convolution's layout: the user memory itself, a cached reorder of it, or a
// new reorder into `keep` (cached when d.weights_owner is set).
Expected<dnnl_memory_t> ConvWeights(const ConvEntry& e, const ConvDesc& d, dnnl_data_type_t t,
                                    const void* weights, const std::string& key,
                                    std::shared_ptr<Buffer>& keep, Memories& mem) {
  const dnnl_memory_desc_t user = UserWeights(d, t);
  if (!e.weights_in) return mem.Make(user, weights);
  const Prim& reorder = *e.weights_in;
  const bool cacheable = d.weights_owner != nullptr && d.weights_owner->size_bytes() > 0;
  const std::string wkey = cacheable ? fmt::format("{}|{}", key, fmt::ptr(weights)) : "";
  if (cacheable && (keep = WeightCache::Get().Find(wkey))) {
    ++hit_count;
    return mem.Make(reorder.dst, keep->data);
  }
  const int64_t bytes = static_cast<int64_t>(dnnl_memory_desc_get_size(&reorder.dst));
  keep = std::make_shared<Buffer>(static_cast<size_t>(bytes));
  ASSIGN_OR_RETURN(dnnl_memory_t from, mem.Make(user, weights));
  ASSIGN_OR_RETURN(dnnl_memory_t to, mem.Make(reorder.dst, keep->data));
  RETURN_IF_ERROR(Execute(reorder, {{DNNL_ARG_FROM, from}, {DNNL_ARG_TO, to}}, mem));
  ++reorder_count;
  if (cacheable) WeightCache::Get().Insert(wkey, *d.weights_owner, keep, bytes);
  return to;
}

// Brings `data` (in the user layout `user`) into `reorder`'s destination
// layout; returns the memory the convolution reads. Without a reorder, the user
// memory itself.
Expected<dnnl_memory_t> Into(const Prim* reorder, const dnnl_memory_desc_t& user, const void* data,
                             std::unique_ptr<Buffer>& staging, Memories& mem) {
  ASSIGN_OR_RETURN(dnnl_memory_t from, mem.Make(user, data));
  if (reorder == nullptr) return from;
  staging = std::make_unique<Buffer>(dnnl_memory_desc_get_size(&reorder->dst));
  ASSIGN_OR_RETURN(dnnl_memory_t to, mem.Make(reorder->dst, staging->data));
  RETURN_IF_ERROR(Execute(*reorder, {{DNNL_ARG_FROM, from}, {DNNL_ARG_TO, to}}, mem));
  return to;
}

// The source of a convolution split by output channels, brought into the kernels' layout once
// for every part (each part reordering the whole source cost ResNet-50 on 2 threads a quarter
// of its time: 432 reorders per run instead of 58).
struct SharedSource {
  std::mutex mu;
  dnnl_memory_desc_t md{};  // the layout of `buf`
  std::unique_ptr<Buffer> buf;
};

// The source in `e`'s layout: from `shared` (reordering it there first, by whichever part
// comes first) when the layouts agree, else reordered into `staging`.
Expected<dnnl_memory_t> SourceOf(const ConvEntry& e, const dnnl_memory_desc_t& user,
                                 const void* src, SharedSource* shared,
                                 std::unique_ptr<Buffer>& staging, Memories& mem) {
  if (shared == nullptr || !e.src_in) return Into(e.src_in.get(), user, src, staging, mem);
  std::lock_guard<std::mutex> lock(shared->mu);
  if (!shared->buf) {
    std::unique_ptr<Buffer> buf;
    RETURN_IF_ERROR(Into(e.src_in.get(), user, src, buf, mem).status());
    shared->md = e.src_in->dst;
    shared->buf = std::move(buf);
  }
  if (!dnnl_memory_desc_equal(&shared->md, &e.src_in->dst)) {
    return Into(e.src_in.get(), user, src, staging, mem);
  }
  return mem.Make(shared->md, shared->buf->data);
}

Status RunConv(const ConvEntry& e, const ConvDesc& d, const std::string& key,
               dnnl_data_type_t src_t, dnnl_data_type_t dst_t, const void* src,
               const void* weights, void* dst, SharedSource* shared) {
  Memories mem;
  std::unique_ptr<Buffer> src_buf, dst_buf;
  std::shared_ptr<Buffer> w_buf;
  ASSIGN_OR_RETURN(dnnl_memory_t s,
                   SourceOf(e, Strided(ConvDims(d, 's'), d.src_strides, src_t), src, shared,
                            src_buf, mem));
  ASSIGN_OR_RETURN(dnnl_memory_t w, ConvWeights(e, d, src_t, weights, key, w_buf, mem));
  const dnnl_memory_desc_t user_dst = Strided(ConvDims(d, 'd'), d.dst_strides, dst_t);
  if (e.dst_out) dst_buf = std::make_unique<Buffer>(dnnl_memory_desc_get_size(&e.conv->dst));
  ASSIGN_OR_RETURN(dnnl_memory_t out,
                   e.dst_out ? mem.Make(e.conv->dst, dst_buf->data) : mem.Make(user_dst, dst));
  RETURN_IF_ERROR(
      Execute(*e.conv, {{DNNL_ARG_SRC, s}, {DNNL_ARG_WEIGHTS, w}, {DNNL_ARG_DST, out}}, mem));
  if (!e.dst_out) return Status::Ok();
  ASSIGN_OR_RETURN(dnnl_memory_t user, mem.Make(user_dst, dst));
  return Execute(*e.dst_out, {{DNNL_ARG_FROM, out}, {DNNL_ARG_TO, user}}, mem);
}

Expected<bool> ConvPart(const ConvDesc& d, dnnl_data_type_t st, dnnl_data_type_t dt,
                        const void* src, const void* weights, void* dst, SharedSource* shared) {
  static Cache<ConvEntry> cache;
  const std::string key = fmt::format(
      "{},{},{},{},{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{},{}", d.spatial, d.n, d.groups, d.ic, d.oc,
      fmt::join(d.in, ","), fmt::join(d.kernel, ","), fmt::join(d.out, ","),
      fmt::join(d.stride, ","), fmt::join(d.pad_lo, ","), fmt::join(d.pad_hi, ","),
      fmt::join(d.dilation, ","), fmt::join(d.src_strides, ","), fmt::join(d.weight_strides, ","),
      fmt::join(d.dst_strides, ","), static_cast<int>(st), static_cast<int>(dt));
  ASSIGN_OR_RETURN(std::shared_ptr<const ConvEntry> e,
                   cache.Get(key, [&] { return MakeConv(d, st, dt); }));
  if (!e) return false;
  RETURN_IF_ERROR(RunConv(*e, d, key, st, dt, src, weights, dst, shared));
  return true;
}

}  // namespace

bool Enabled() {
  int state = enabled_state.load();
  if (state < 0) {
    const char* env = std::getenv("XPAR_ONEDNN");
    state = env != nullptr && std::string(env) == "0" ? 0 : 1;
    enabled_state.store(state);
  }
  return state == 1 && Engine() != nullptr;
}

void SetEnabled(bool enabled) { enabled_state.store(enabled ? 1 : 0); }

Counters GetCounters() {
  return Counters{matmul_count.load(), conv_count.load(), reorder_count.load(), hit_count.load()};
}

bool CacheParameterWeights() { return cache_parameter_weights.load(); }

void SetCacheParameterWeights(bool enabled) { cache_parameter_weights.store(enabled); }

Expected<bool> Matmul(const MatmulDesc& d, const void* a, const void* b, void* c) {
  const auto ab = DataType(d.ab_type), ct = DataType(d.c_type);
  if (!Enabled() || !ab || !ct || (d.c_type != d.ab_type && d.c_type != PrimitiveType::kF32) ||
      d.batch <= 0 || d.m <= 0 || d.k <= 0 || d.n <= 0) {
    return false;
  }
  const int64_t width = static_cast<int64_t>(ByteWidth(d.ab_type));
  const int64_t c_width = static_cast<int64_t>(ByteWidth(d.c_type));
  // Split over the threads by rows, or by blocks of kColumnBlock columns where the product is
  // wider than tall (each part then reads and packs only its columns of B: a language-model
  // head of 128 x 768 x 50257 split by rows read the 154 MB weight once per part); at least
  // 2^16 multiply-adds per part.
  constexpr int64_t kColumnBlock = 64;
  const bool by_columns = d.n >= 2 * d.m && d.n >= 2 * kColumnBlock;
  const int64_t units = by_columns ? (d.n + kColumnBlock - 1) / kColumnBlock : d.m;
  const int64_t unit_macs = d.batch * d.k * (by_columns ? d.m * kColumnBlock : d.n);
  const int64_t min_units = std::max<int64_t>(1, (int64_t{1} << 16) / unit_macs);
  auto part = [&](int64_t lo, int64_t hi) -> Expected<bool> {
    static Cache<Prim> cache;
    const int64_t r0 = by_columns ? 0 : lo, r1 = by_columns ? d.m : hi;
    const int64_t c0 = by_columns ? lo * kColumnBlock : 0;
    const int64_t c1 = by_columns ? std::min(d.n, hi * kColumnBlock) : d.n;
    const std::string key =
        fmt::format("{},{},{},{},{},{},{},{},{},{}", d.batch, d.m, r1 - r0, d.k, d.n, c1 - c0,
                    d.a_trans, d.b_trans, static_cast<int>(*ab), static_cast<int>(*ct));
    ASSIGN_OR_RETURN(std::shared_ptr<const Prim> p,
                     cache.Get(key, [&] { return MakeMatmul(d, r1 - r0, c1 - c0, *ab, *ct); }));
    if (!p) return false;
    const int64_t a_offset = (d.a_trans ? r0 : r0 * d.k) * width;
    const int64_t b_offset = (d.b_trans ? c0 * d.k : c0) * width;
    Memories mem;
    ASSIGN_OR_RETURN(dnnl_memory_t am, mem.Make(p->src, static_cast<const char*>(a) + a_offset));
    ASSIGN_OR_RETURN(dnnl_memory_t bm,
                     mem.Make(p->weights, static_cast<const char*>(b) + b_offset));
    ASSIGN_OR_RETURN(dnnl_memory_t cm,
                     mem.Make(p->dst, static_cast<char*>(c) + (r0 * d.n + c0) * c_width));
    RETURN_IF_ERROR(
        Execute(*p, {{DNNL_ARG_SRC, am}, {DNNL_ARG_WEIGHTS, bm}, {DNNL_ARG_DST, cm}}, mem));
    return true;
  };
  ASSIGN_OR_RETURN(bool done, SplitOverThreads(units, min_units, part));
  if (done) ++matmul_count;
  return done;
}

Expected<bool> Convolution(const ConvDesc& d, const void* src, const void* weights, void* dst) {
  const auto st = DataType(d.src_type), dt = DataType(d.dst_type);
  const size_t rank = static_cast<size_t>(d.spatial) + 2;
  if (!Enabled() || !st || !dt || (d.dst_type != d.src_type && d.dst_type != PrimitiveType::kF32) ||
      d.spatial < 1 || d.spatial > kMaxConvSpatial || d.src_strides.size() != rank ||
      d.dst_strides.size() != rank || d.weight_strides.size() != rank + 1) {
    return false;
  }
  // Split over the batch when it has an item per thread (or there are groups), else over
  // output channels, one part per thread in sixteens, sharing one reordered source; the parts
  // keep the whole operands' strides.
  const int threads = KernelThreads();
  SharedSource shared;
  const bool by_batch = d.n >= threads || d.groups > 1;
  const int64_t src_w = static_cast<int64_t>(ByteWidth(d.src_type));
  const int64_t dst_w = static_cast<int64_t>(ByteWidth(d.dst_type));
  auto part = [&](int64_t lo, int64_t hi) -> Expected<bool> {
    ConvDesc sub = d;
    const char* s = static_cast<const char*>(src);
    const char* w = static_cast<const char*>(weights);
    char* out = static_cast<char*>(dst);
    if (by_batch) {
      sub.n = hi - lo, s += lo * d.src_strides[0] * src_w, out += lo * d.dst_strides[0] * dst_w;
    } else {
      sub.oc = hi - lo, w += lo * d.weight_strides[1] * src_w;
      out += lo * d.dst_strides[1] * dst_w;
    }
    return ConvPart(sub, *st, *dt, s, w, out, by_batch ? nullptr : &shared);
  };
  const int64_t per_thread = std::max<int64_t>(16, d.oc / threads / 16 * 16);
  ASSIGN_OR_RETURN(bool done,
                   SplitOverThreads(by_batch ? d.n : d.oc, by_batch ? 1 : per_thread, part));
  if (done) ++conv_count;
  return done;
}

}  // namespace xpar::onednn
