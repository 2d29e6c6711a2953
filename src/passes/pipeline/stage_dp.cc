// The stage DP: for each bound t_max (ascending), the least sum of stage times with every stage
// within the bound; the best T* over the bounds.
#include "passes/pipeline/stage_dp.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace xpar::pipeline {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// F(s, k, d) for one bound, with the choice (last layer, shape) that reaches it when `choice`
// is given.
class BoundedDp {
 public:
  BoundedDp(const StageCostTable& t, const StageDpOptions& o, int64_t max_stages)
      : t_(t), o_(o), L_(t.num_layers()), D_(o.num_devices), S_(max_stages) {
    f_.assign((S_ + 1) * (L_ + 1) * (D_ + 1), kInf);
    choice_.assign(f_.size(), {-1, -1});
  }

  // F for bound t_max; Best(s) then reads the least sum for exactly s stages (infinite if none).
  void Solve(double t_max) {
    std::fill(f_.begin(), f_.end(), kInf);
    F(0, L_, 0) = 0;
    for (int64_t s = 1; s <= S_; ++s) {
      const int64_t m = std::min({s, o_.microbatches, t_.max_in_flight()});
      for (int64_t k = 0; k + s <= L_; ++k) Relax(s, k, m, t_max);
    }
  }
  double Best(int64_t s) const { return f_[Index(s, 0, D_)]; }

  // The stages of the s-stage solution found by the last Solve.
  std::vector<DpStage> Stages(int64_t s) const {
    std::vector<DpStage> stages;
    for (int64_t k = 0, d = D_; s > 0; --s) {
      auto [i, q] = choice_[Index(s, k, d)];
      const int64_t m = std::min({s, o_.microbatches, t_.max_in_flight()});
      stages.push_back({k, i, q, std::min(s, o_.microbatches), t_.at(k, i, q, m),
                        t_.fill(k, i, q, m)});
      d -= t_.shapes()[q].size();
      k = i + 1;
    }
    return stages;
  }

 private:
  size_t Index(int64_t s, int64_t k, int64_t d) const { return (s * (L_ + 1) + k) * (D_ + 1) + d; }
  double& F(int64_t s, int64_t k, int64_t d) { return f_[Index(s, k, d)]; }

  // F(s, k, .) from F(s - 1, i + 1, .): stage [k..i] on shape q, the rest after it.
  void Relax(int64_t s, int64_t k, int64_t m, double t_max) {
    const auto& shapes = t_.shapes();
    for (int64_t i = k; i + s <= L_; ++i) {
      for (int64_t q = 0; q < static_cast<int64_t>(shapes.size()); ++q) {
        const double c = t_.at(k, i, q, m);
        if (!(c <= t_max)) continue;
        const int64_t size = shapes[q].size();
        const double f = t_.fill(k, i, q, m);
        const double* rest = &f_[Index(s - 1, i + 1, 0)];
        double* here = &f_[Index(s, k, 0)];
        for (int64_t d = size + (s - 1); d <= D_; ++d) {
          const double v = c + f + rest[d - size];
          if (v < here[d]) here[d] = v, choice_[Index(s, k, d)] = {i, q};
        }
      }
    }
  }

  const StageCostTable& t_;
  const StageDpOptions& o_;
  int64_t L_, D_, S_;
  std::vector<double> f_;
  std::vector<std::pair<int64_t, int64_t>> choice_;
};

// The best T* for bound t_max and the stage count reaching it.
std::pair<double, int64_t> BestForBound(BoundedDp& dp, double t_max, const StageDpOptions& o,
                                        int64_t max_stages) {
  dp.Solve(t_max);
  double best = kInf;
  int64_t best_s = -1;
  for (int64_t s = o.num_stages > 0 ? o.num_stages : 1; s <= max_stages; ++s) {
    double v = dp.Best(s) + static_cast<double>(o.microbatches - 1) * t_max;
    if (v < best) best = v, best_s = s;
  }
  return {best, best_s};
}

Status NothingFits(const StageCostTable& table, const StageDpOptions& o) {
  for (int64_t l = 0; l < table.num_layers(); ++l) {
    bool fits = false;
    for (size_t q = 0; q < table.shapes().size(); ++q) {
      fits = fits || std::isfinite(table.at(l, l, static_cast<int64_t>(q), 1));
    }
    if (!fits) {
      return ResourceExhausted("no pipeline plan fits: layer {} alone does not fit the device "
                               "memory on any submesh (up to {}) even with one microbatch in "
                               "flight; use more or larger microbatches, more devices or a "
                               "larger memory",
                               l, table.shapes().back().ToString());
    }
  }
  return ResourceExhausted("no pipeline plan fits: no split of the {} layers into {} stages on "
                           "submeshes covering all {} devices keeps every stage within the device "
                           "memory with 1F1B's in-flight microbatches; try more microbatches, "
                           "fewer stages or more memory",
                           table.num_layers(),
                           o.num_stages > 0 ? fmt::format("{}", o.num_stages) : "any number of",
                           o.num_devices);
}

}  // namespace

std::string SubmeshShape::ToString() const { return fmt::format("{}x{}", hosts, devices_per_host); }

std::vector<SubmeshShape> AlpaSubmeshShapes(int64_t num_hosts, int64_t devices_per_host) {
  std::vector<SubmeshShape> shapes;
  for (int64_t m = 1; m < devices_per_host; m *= 2) shapes.push_back({1, m});
  for (int64_t n = 1; n <= num_hosts; ++n) shapes.push_back({n, devices_per_host});
  return shapes;
}

StageCostTable::StageCostTable(int64_t num_layers, std::vector<SubmeshShape> shapes,
                               int64_t max_in_flight)
    : num_layers_(num_layers), shapes_(std::move(shapes)), max_in_flight_(max_in_flight) {
  t_.assign(num_layers_ * num_layers_ * shapes_.size() * max_in_flight_, kInf);
  fill_.assign(t_.size(), 0);
}

size_t StageCostTable::Index(int64_t i, int64_t j, int64_t q, int64_t m) const {
  m = std::min(m, max_in_flight_);
  const auto nq = static_cast<int64_t>(shapes_.size());
  return static_cast<size_t>(((i * num_layers_ + j) * nq + q) * max_in_flight_ + (m - 1));
}

double PipelineLatency(const std::vector<double>& stage_seconds, int64_t microbatches,
                       const std::vector<double>& fill_seconds) {
  double sum = 0, max = 0;
  for (double t : stage_seconds) sum += t, max = std::max(max, t);
  for (double f : fill_seconds) sum += f;
  return sum + static_cast<double>(microbatches - 1) * max;
}

Expected<StageDpResult> SolveStageDp(const StageCostTable& table, const StageDpOptions& o) {
  const int64_t L = table.num_layers();
  if (o.microbatches < 1) return InvalidArgument("microbatches must be at least 1");
  const int64_t max_stages = o.num_stages > 0 ? o.num_stages : std::min(L, o.num_devices);
  if (o.num_stages > std::min(L, o.num_devices)) {
    return InvalidArgument("{} stages asked for, but there are only {} layers and {} devices",
                           o.num_stages, L, o.num_devices);
  }
  std::vector<double> bounds;
  for (int64_t i = 0; i < L; ++i) {
    for (int64_t j = i; j < L; ++j) {
      for (size_t q = 0; q < table.shapes().size(); ++q) {
        for (int64_t m = 1; m <= table.max_in_flight(); ++m) {
          double t = table.at(i, j, static_cast<int64_t>(q), m);
          if (std::isfinite(t)) bounds.push_back(t);
        }
      }
    }
  }
  std::sort(bounds.begin(), bounds.end());
  bounds.erase(std::unique(bounds.begin(), bounds.end()), bounds.end());
  StageDpResult r;
  r.bounds_total = static_cast<int64_t>(bounds.size());
  BoundedDp dp(table, o, max_stages);
  // Feasibility only grows with the bound: find the first feasible one by bisection.
  int64_t lo = 0, hi = static_cast<int64_t>(bounds.size());
  while (lo < hi) {
    int64_t mid = (lo + hi) / 2;
    ++r.bounds_tried;
    if (std::isfinite(BestForBound(dp, bounds[mid], o, max_stages).first)) hi = mid;
    else lo = mid + 1;
  }
  if (lo == static_cast<int64_t>(bounds.size())) return NothingFits(table, o);
  double best = kInf, best_bound = 0;
  for (size_t b = lo; b < bounds.size(); ++b) {
    if (static_cast<double>(o.microbatches) * bounds[b] >= best) break;
    ++r.bounds_tried;
    double v = BestForBound(dp, bounds[b], o, max_stages).first;
    if (v < best) best = v, best_bound = bounds[b];
  }
  auto [value, s] = BestForBound(dp, best_bound, o, max_stages);
  r.stages = dp.Stages(s);
  std::vector<double> times, fills;
  for (const DpStage& st : r.stages) times.push_back(st.seconds), fills.push_back(st.fill_s);
  r.latency_s = PipelineLatency(times, o.microbatches, fills);
  r.sum_s = std::accumulate(times.begin(), times.end(), 0.0) +
            std::accumulate(fills.begin(), fills.end(), 0.0);
  r.max_s = *std::max_element(times.begin(), times.end());
  return r;
}

Expected<std::vector<Submesh>> PlaceSubmeshes(const std::vector<SubmeshShape>& shapes,
                                              int64_t num_hosts, int64_t devices_per_host) {
  std::vector<size_t> order(shapes.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return shapes[a].size() > shapes[b].size(); });
  std::vector<std::vector<bool>> used(num_hosts, std::vector<bool>(devices_per_host, false));
  std::vector<Submesh> placed(shapes.size());
  for (size_t s : order) {
    const SubmeshShape& q = shapes[s];
    placed[s].shape = {q.hosts, q.devices_per_host};
    int64_t need_hosts = q.hosts;
    for (int64_t h = 0; h < num_hosts && need_hosts > 0; ++h) {
      for (int64_t o = 0; o + q.devices_per_host <= devices_per_host; o += q.devices_per_host) {
        bool free = true;
        for (int64_t x = o; x < o + q.devices_per_host; ++x) free = free && !used[h][x];
        if (!free) continue;
        for (int64_t x = o; x < o + q.devices_per_host; ++x) {
          used[h][x] = true;
          placed[s].devices.push_back(h * devices_per_host + x);
        }
        --need_hosts;
        break;
      }
    }
    if (need_hosts > 0) {
      return FailedPrecondition("the stages' submeshes do not pack onto {} hosts of {} devices "
                                "(a {} submesh found no free aligned place)",
                                num_hosts, devices_per_host, q.ToString());
    }
  }
  return placed;
}

}  // namespace xpar::pipeline
