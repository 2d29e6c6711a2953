// Large neighbourhood search with exact CBC sub-solves (see lns.h).
#include "solver/lns.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "solver/local_search.h"
#include "solver/solver.h"
#include "solver/time_steps.h"

namespace xpar::solver::fast {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kInitialSize = 16;
constexpr int kMinSize = 4;
constexpr int kMaxSize = 100000;
constexpr double kMinSolveSeconds = 0.05;
// A sub-problem with more edge entries shrinks before CBC sees it: far below the exact
// backend's refusal (kExactMaxEdgeVars), and near what CBC solves in seconds (instance B whole).
constexpr int64_t kMaxEdgeEntries = 400'000;
// ... and at most this many memory-row coefficients (MemoryEntries). Uncapped, the regions of
// instance S (U-Net, long-lived activations) grew to 5,000-7,000 nodes whose integer programs
// had 14-35 million coefficients: 0.5-2.6 s to build, sub-solves past their limit by up to 6 s
// and the whole solve 2.6-4.1 s past its 240 s.
constexpr int64_t kMaxMemoryEntries = 1'000'000;
// Random steps sampled for a memory neighbourhood; the fullest of them is taken.
constexpr int kPeakSamples = 4;
// Neighbourhood kinds, taken in turn (Lns::Neighbourhood, Lns::FlippedRegion).
constexpr int kKinds = 7;
constexpr int kComponentKind = 5;
constexpr int kFlipKind = 6;
// Tie components of more movable nodes than this get regions of their own (kinds 5 and 6): more
// than a move's group (local_search.h), so only whole-component moves change them, and a
// breadth-first region rarely holds both a component and the nodes around all of its members.
constexpr int kLargeComponent = 64;

int64_t EdgeEntries(const Problem& p) {
  int64_t n = 0;
  for (const Edge& e : p.edges) n += static_cast<int64_t>(e.costs.size());
  return n;
}

// The coefficients of the exact backend's memory rows for `p`: per node, one per strategy above
// its least usage in each maximal step where it is live.
int64_t MemoryEntries(const Problem& p) {
  if (!p.usage_limit) return 0;
  TimeSteps ts = CompressTime(p);
  std::vector<int> steps = MaximalSteps(p, ts);
  int64_t n = 0;
  for (int v = 0; v < p.num_nodes(); ++v) {
    const std::vector<int64_t>& u = p.nodes[v].usages;
    int64_t least = *std::min_element(u.begin(), u.end());
    int64_t above = std::count_if(u.begin(), u.end(), [least](int64_t x) { return x > least; });
    if (above == 0) continue;
    int64_t live = std::lower_bound(steps.begin(), steps.end(), ts.end[v]) -
                   std::lower_bound(steps.begin(), steps.end(), ts.first[v]);
    n += above * live;
  }
  return n;
}

int64_t SaturatingAdd(int64_t a, int64_t b) {
  int64_t s;
  if (__builtin_add_overflow(a, b, &s) || s >= kForbiddenCost) return kForbiddenCost;
  return s;
}

int64_t ToCost(const Model& m, double c) {
  return m.IsForbidden(c) ? kForbiddenCost : static_cast<int64_t>(std::llround(c));
}

}  // namespace

std::vector<int64_t> MemoryProfile(const Model& m, const std::vector<int>& x) {
  std::vector<int64_t> diff(m.num_steps() + 1, 0);
  for (int v = 0; v < m.n; ++v) {
    if (!m.live(v)) continue;
    diff[m.steps.first[v]] += m.usage[v][x[v]];
    diff[m.steps.end[v]] -= m.usage[v][x[v]];
  }
  for (size_t t = 1; t < diff.size(); ++t) diff[t] += diff[t - 1];
  diff.pop_back();
  return diff;
}

namespace {

// Memory of the sub-problem: the steps where free nodes are live, cut where that set changes;
// each span holds, as one fixed node, the most the fixed nodes use at any step of it.
void AddFixedMemory(const Model& m, const std::vector<int>& x,
                           const std::vector<int>& free_nodes, const std::vector<int64_t>& profile,
                           Problem& sub) {
  std::vector<int> cuts;
  for (int v : free_nodes) {
    if (!m.live(v)) continue;
    cuts.push_back(m.steps.first[v]);
    cuts.push_back(m.steps.end[v]);
  }
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  auto span = [&](int step) {
    return static_cast<int64_t>(std::lower_bound(cuts.begin(), cuts.end(), step) - cuts.begin());
  };
  if (cuts.empty()) return;
  std::vector<int64_t> fixed(profile.begin() + cuts.front(), profile.begin() + cuts.back());
  for (size_t i = 0; i < free_nodes.size(); ++i) {
    int v = free_nodes[i];
    if (!m.live(v)) continue;
    for (int t = m.steps.first[v]; t < m.steps.end[v]; ++t) {
      fixed[t - cuts.front()] -= m.usage[v][x[v]];
    }
    sub.nodes[i].start = span(m.steps.first[v]);
    sub.nodes[i].end = span(m.steps.end[v]);
  }
  for (size_t j = 0; j + 1 < cuts.size(); ++j) {
    int64_t most = *std::max_element(fixed.begin() + (cuts[j] - cuts.front()),
                                     fixed.begin() + (cuts[j + 1] - cuts.front()));
    int64_t at = static_cast<int64_t>(j);
    sub.nodes.push_back({at, at + 1, {0}, {most}});
  }
}

}  // namespace

Problem SubProblem(const Model& m, const std::vector<int>& x, const std::vector<int>& free_nodes,
                   const std::vector<int64_t>& profile) {
  Problem sub;
  sub.name = "lns";
  std::vector<int> pos(m.n, -1);
  for (size_t i = 0; i < free_nodes.size(); ++i) pos[free_nodes[i]] = static_cast<int>(i);
  for (int v : free_nodes) {
    Node node;
    node.usages = m.usage[v];
    for (int s = 0; s < m.num_s(v); ++s) {
      int64_t c = ToCost(m, m.cost[v][s]);
      for (const Incidence& in : m.adj[v]) {
        if (pos[in.other] < 0) c = SaturatingAdd(c, ToCost(m, m.EdgeCost(in, s, x[in.other])));
      }
      node.costs.push_back(c);
    }
    sub.nodes.push_back(std::move(node));
    for (const Incidence& in : m.adj[v]) {
      if (!in.is_a || pos[in.other] < 0) continue;
      const ModelEdge& e = m.edges[in.edge];
      Edge edge{pos[v], pos[in.other], {}};
      edge.costs.reserve(e.table.size());
      for (double c : e.table) edge.costs.push_back(ToCost(m, c));
      sub.edges.push_back(std::move(edge));
    }
  }
  if (m.limit != INT64_MAX) {
    sub.usage_limit = m.limit;
    AddFixedMemory(m, x, free_nodes, profile, sub);
  }
  return sub;
}

Lns::Lns(const Model& m, uint64_t seed, double solve_seconds)
    : m_(m), rng_(seed), solve_seconds_(solve_seconds), mark_(m.n, 0), size_(kInitialSize) {
  for (int v = 0; v < m.n; ++v) {
    if (m.num_s(v) > 1) movable_.push_back(v);
  }
  std::vector<char> varies(m.num_steps() + 1, 0);
  std::vector<int> diff(m.num_steps() + 1, 0);
  for (int v : movable_) {
    const auto& u = m.usage[v];
    if (!m.live(v) || *std::min_element(u.begin(), u.end()) == *std::max_element(u.begin(), u.end())) {
      continue;
    }
    ++diff[m.steps.first[v]];
    --diff[m.steps.end[v]];
  }
  for (int t = 0, live = 0; t < m.num_steps(); ++t) {
    live += diff[t];
    if (live > 0) movable_steps_.push_back(t);
  }
  TieComponents();
}

void Lns::TieComponents() {
  comp_of_.assign(m_.n, -1);
  std::vector<int> id(m_.n, -1), count;
  for (int v : movable_) {
    int r = m_.tie_lead[v];  // one representative per component (fast_model.h)
    if (id[r] < 0) id[r] = static_cast<int>(count.size()), count.push_back(0);
    comp_of_[v] = id[r];
    ++count[id[r]];
  }
  comp_start_.assign(count.size() + 1, 0);
  for (size_t c = 0; c < count.size(); ++c) comp_start_[c + 1] = comp_start_[c] + count[c];
  comp_nodes_.resize(movable_.size());
  std::vector<int> fill(comp_start_.begin(), comp_start_.end() - 1);
  for (int v : movable_) comp_nodes_[fill[comp_of_[v]]++] = v;
  for (size_t c = 0; c < count.size(); ++c) {
    if (count[c] > kLargeComponent) large_.push_back(static_cast<int>(c));
  }
  std::shuffle(large_.begin(), large_.end(), rng_);
}

void Lns::Take(int w, std::vector<int>& chosen, int size) {
  if (mark_[w] == mark_now_) return;
  mark_[w] = mark_now_;
  chosen.push_back(w);
  int c = comp_of_[w];
  if (c < 0 || comp_start_[c + 1] - comp_start_[c] > size) return;
  for (int i = comp_start_[c]; i < comp_start_[c + 1]; ++i) {
    int u = comp_nodes_[i];
    if (mark_[u] != mark_now_) mark_[u] = mark_now_, chosen.push_back(u);
  }
}

void Lns::Grow(std::vector<int>& chosen, int size) {
  std::vector<int> next;
  size = std::min<int>(size, static_cast<int>(movable_.size()));
  for (size_t i = 0; static_cast<int>(chosen.size()) < size; ++i) {
    if (i == chosen.size()) {  // the region's component is exhausted: start another one
      size_t k = rng_() % movable_.size();
      while (mark_[movable_[k]] == mark_now_) k = (k + 1) % movable_.size();
      Take(movable_[k], chosen, size);
      continue;
    }
    next.clear();
    for (const Incidence& in : m_.adj[chosen[i]]) {
      if (mark_[in.other] != mark_now_ && m_.num_s(in.other) > 1) next.push_back(in.other);
    }
    std::shuffle(next.begin(), next.end(), rng_);
    for (int w : next) {
      if (static_cast<int>(chosen.size()) >= size) break;
      Take(w, chosen, size);
    }
  }
}

// An edge drawn with probability proportional to its cost under x (-1 when every edge is free).
int Lns::CostlyEdge(const std::vector<int>& x) {
  weights_.resize(m_.edges.size());
  double total = 0;
  for (size_t i = 0; i < m_.edges.size(); ++i) {
    const ModelEdge& e = m_.edges[i];
    double c = e.table[static_cast<size_t>(x[e.a]) * m_.cost[e.b].size() + x[e.b]];
    total += c > 0 && !m_.IsForbidden(c) ? c : 0;
    weights_[i] = total;
  }
  if (total <= 0) return -1;
  double at = std::uniform_real_distribution<double>(0, total)(rng_);
  return static_cast<int>(std::upper_bound(weights_.begin(), weights_.end(), at) -
                          weights_.begin());
}

// Up to `size` nodes where x differs from the guide, breadth-first over such nodes from a random
// one (empty without a guide or a difference).
std::vector<int> Lns::DifferingSeeds(const std::vector<int>& x, int size) {
  std::vector<int> chosen, differing;
  if (guide_.size() != x.size()) return chosen;
  for (int v : movable_) {
    if (x[v] != guide_[v]) differing.push_back(v);
  }
  if (differing.empty()) return chosen;
  std::shuffle(differing.begin(), differing.end(), rng_);
  for (size_t k = 0; k < differing.size() && static_cast<int>(chosen.size()) < size; ++k) {
    if (mark_[differing[k]] == mark_now_) continue;
    size_t i = chosen.size();
    mark_[differing[k]] = mark_now_;
    chosen.push_back(differing[k]);
    for (; i < chosen.size() && static_cast<int>(chosen.size()) < size; ++i) {
      for (const Incidence& in : m_.adj[chosen[i]]) {
        int w = in.other;
        if (mark_[w] == mark_now_ || m_.num_s(w) < 2 || x[w] == guide_[w]) continue;
        mark_[w] = mark_now_;
        chosen.push_back(w);
      }
    }
  }
  ++mark_now_;  // Take marks them again
  return chosen;
}

std::vector<int> Lns::Seeds(const std::vector<int>& x, const std::vector<int64_t>& profile,
                            int size, int kind) {
  std::vector<int> chosen;
  if (kind == 4) chosen = DifferingSeeds(x, size);
  int edge = kind == 3 ? CostlyEdge(x) : -1;
  if (edge >= 0) {  // both ends of a costly edge: resharding that a joint change may remove
    for (int v : {m_.edges[edge].a, m_.edges[edge].b}) {
      if (m_.num_s(v) > 1) chosen.push_back(v);
    }
  }
  if (!chosen.empty()) return chosen;
  if (kind == 2) {  // a slice of program order: producers, consumers and what is live with them
    size_t at = rng_() % movable_.size();
    for (int i = 0; i < std::min<int>(size, static_cast<int>(movable_.size())); ++i) {
      chosen.push_back(movable_[(at + i) % movable_.size()]);
    }
  } else if (kind == 1 && m_.limit != INT64_MAX && !movable_steps_.empty()) {
    int step = -1;
    for (int i = 0; i < kPeakSamples; ++i) {
      int t = movable_steps_[rng_() % movable_steps_.size()];
      if (step < 0 || profile[t] > profile[step]) step = t;
    }
    for (int v : movable_) {
      if (m_.steps.first[v] <= step && step < m_.steps.end[v]) chosen.push_back(v);
    }
    std::shuffle(chosen.begin(), chosen.end(), rng_);
    chosen.resize(std::min<size_t>(chosen.size(), std::max(1, size / 2)));
  } else {
    chosen.push_back(movable_[rng_() % movable_.size()]);
  }
  return chosen;
}

template <typename Pred>
int Lns::NextLarge(size_t& at, Pred wanted) {
  for (size_t k = 0; k < large_.size(); ++k) {
    int c = large_[at++ % large_.size()];
    if (wanted(comp_start_[c + 1] - comp_start_[c])) return c;
  }
  return -1;
}

std::vector<int> Lns::Neighbourhood(const std::vector<int>& x, const std::vector<int64_t>& profile,
                                    int size, int kind) {
  if (kind == kComponentKind) {
    int c = NextLarge(whole_at_, [&](int n) { return n <= size; });
    if (c >= 0) return ComponentRegion(c, size);
    kind = 0;
  }
  ++mark_now_;
  std::vector<int> seeds = Seeds(x, profile, size, kind);
  std::vector<int> chosen;
  for (int v : seeds) Take(v, chosen, size);
  Grow(chosen, size);
  return chosen;
}

// A large component's region is the component and as many nodes around it as half a region.
std::vector<int> Lns::ComponentRegion(int c, int size) {
  ++mark_now_;
  std::vector<int> chosen;
  for (int i = comp_start_[c]; i < comp_start_[c + 1]; ++i) Take(comp_nodes_[i], chosen, size);
  Grow(chosen, static_cast<int>(chosen.size()) + size / 2);
  return chosen;
}

std::vector<int> Lns::FlippedRegion(State& state, int size,
                                    std::vector<std::pair<int, int>>& flip) {
  flip.clear();
  int c = NextLarge(flip_at_, [&](int n) { return n > size; });
  if (c < 0) return {};
  int lead = m_.tie_lead[comp_nodes_[comp_start_[c]]];
  std::vector<int> order(m_.num_s(lead));
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng_);
  for (int s : order) {
    if (s != state.assignment()[lead] && state.Group(lead, s, flip)) break;
    flip.clear();
  }
  if (flip.empty()) return {};
  return AroundComponent(c, size);
}

std::vector<int> Lns::AroundComponent(int c, int size) {
  ++mark_now_;
  for (int i = comp_start_[c]; i < comp_start_[c + 1]; ++i) mark_[comp_nodes_[i]] = mark_now_;
  // Grow starts new regions from unmarked nodes: the component's own are marked, not chosen.
  size = std::min<int>(size,
                       static_cast<int>(movable_.size()) - (comp_start_[c + 1] - comp_start_[c]));
  std::vector<int> chosen;
  for (int i = comp_start_[c]; i < comp_start_[c + 1]; ++i) {
    for (const Incidence& in : m_.adj[comp_nodes_[i]]) {
      if (static_cast<int>(chosen.size()) >= size) break;
      if (m_.num_s(in.other) > 1) Take(in.other, chosen, size);
    }
  }
  Grow(chosen, size);
  return chosen;
}

void Lns::QueueSweep(const std::vector<int>& x, int first, int stride) {
  State state(m_, x);
  std::vector<std::pair<double, std::pair<int, int>>> moves;  // (cost alone, (component, s))
  std::vector<std::pair<int, int>> flip;
  for (int c : large_) {
    if (comp_start_[c + 1] - comp_start_[c] <= size_) continue;
    int lead = m_.tie_lead[comp_nodes_[comp_start_[c]]];
    double cheapest = 0;
    int best = -1;
    for (int s = 0; s < m_.num_s(lead); ++s) {
      if (s == x[lead] || !state.Group(lead, s, flip)) continue;
      double d = state.ApplyGroup(flip);
      state.Undo();
      if (!m_.IsForbidden(d) && (best < 0 || d < cheapest)) cheapest = d, best = s;
    }
    if (best >= 0) moves.push_back({cheapest, {c, best}});
  }
  std::stable_sort(moves.begin(), moves.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  sweep_.clear();
  for (size_t i = first; i < moves.size(); i += stride) sweep_.push_back(moves[i].second);
  std::reverse(sweep_.begin(), sweep_.end());  // taken from the back
}

Expected<LnsStats> Lns::Improve(std::vector<int>& x, Clock::time_point deadline, int max_solves,
                                int stall_solves) {
  LnsStats stats;
  int unimproved = 0;
  State state(m_, x);
  if (!state.feasible() || movable_.empty()) return stats;
  int& size = size_;
  std::vector<std::pair<int, int>> group, flip;
  while ((max_solves <= 0 || stats.solves < max_solves) &&
         (stall_solves <= 0 || unimproved < stall_solves)) {
    double left = std::chrono::duration<double>(deadline - Clock::now()).count();
    if (left < kMinSolveSeconds) break;
    std::vector<int> free_nodes;
    flip.clear();
    if (!sweep_.empty()) {  // QueueSweep's next move (a region of the current kind instead when
                            // the plan moved that component since)
      auto [c, s] = sweep_.back();
      sweep_.pop_back();
      int lead = m_.tie_lead[comp_nodes_[comp_start_[c]]];
      if (s != state.assignment()[lead] && state.Group(lead, s, flip)) {
        free_nodes = AroundComponent(c, size);
      }
    } else {
      next_kind_ = (next_kind_ + 1) % kKinds;
      if (next_kind_ == kFlipKind) free_nodes = FlippedRegion(state, size, flip);
    }
    if (free_nodes.empty()) flip.clear();
    // The sub-problem starts from x with the flipped component moved (kind 6).
    std::vector<int> base = state.assignment();
    for (auto [u, su] : flip) base[u] = su;
    std::vector<int64_t> profile = MemoryProfile(m_, base);
    if (free_nodes.empty()) free_nodes = Neighbourhood(base, profile, size, next_kind_ % kFlipKind);
    Problem sub = SubProblem(m_, base, free_nodes, profile);
    if (EdgeEntries(sub) > kMaxEdgeEntries || MemoryEntries(sub) > kMaxMemoryEntries) {
      if (size > kMinSize) {
        size = std::max(kMinSize, size * 3 / 4);
      } else {  // even the smallest region is too large here: count it as a solve without gain
        ++stats.solves;
        ++unimproved;
      }
      continue;
    }
    SolveOptions o;
    o.backend = Backend::kExact;
    o.time_limit_s = std::min(left, solve_seconds_);
    Assignment warm(sub.num_nodes(), 0);
    for (size_t i = 0; i < free_nodes.size(); ++i) warm[i] = base[free_nodes[i]];
    o.warm_start = warm;
    ASSIGN_OR_RETURN(SolveResult r, SolveExact(sub, o));
    ++stats.solves;
    if (r.optimal && r.seconds < solve_seconds_ / 4) {
      size = std::min(kMaxSize, size + 1 + size / 2);
    } else if (!r.optimal && !r.infeasible) {  // a flip the region cannot fit says nothing of size
      size = std::max(kMinSize, size * 3 / 4);
    }
    ++unimproved;
    // The whole problem, solved to CBC's gap: nothing is left to find.
    stats.whole = r.optimal && free_nodes.size() == movable_.size();
    if (!r.has_solution) continue;
    group = flip;
    for (size_t i = 0; i < free_nodes.size(); ++i) {
      if (r.assignment[i] != warm[i]) group.push_back({free_nodes[i], r.assignment[i]});
    }
    double d = group.empty() ? 0 : state.ApplyGroup(group);
    // Costs are integers: a real gain is at least 1.
    if (d < -0.5 && state.feasible() && !m_.IsForbidden(state.cost())) {
      ++stats.improved;
      unimproved = 0;
    } else if (!group.empty()) {
      state.Undo();
    }
    if (stats.whole) break;
  }
  state.RecomputeCost();
  x = state.assignment();
  stats.size = size;
  return stats;
}

}  // namespace xpar::solver::fast
