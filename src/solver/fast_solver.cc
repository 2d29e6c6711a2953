// The fast backend's driver: a feasible start (lowest usages + descent), then a Lagrangian loop
// that prices memory (per maximal time step, or per node: node_penalties.h), minimises the
// priced cost by elimination and core sweeps, repairs the result to the limit and descends,
// with slices of an exact large neighbourhood search (lns.h) between its rounds once it has
// gained; then pair moves, kick chains (kick_moves.cc) and the search on the best feasible
// solution, which first sweeps the moves of large tie components (Lns::QueueSweep). Given two
// cores, both pricings run side by side, one search per core, splitting the kicks and that
// sweep; the cheaper plan comes back, with the other search's last-phase gains when they add
// to it (MergeGains).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <mutex>
#include <thread>

#include "solver/elimination.h"
#include "solver/lns.h"
#include "solver/local_search.h"
#include "solver/node_penalties.h"
#include "solver/solver.h"

namespace xpar::solver {
namespace {

using fast::Model;
using fast::State;
using Clock = std::chrono::steady_clock;

constexpr int kEscalateMaxNodes = 5000;
constexpr int kEscalateRounds = 12;
// The starts' descents stop at this share of the time limit (each start is still repaired, so
// the incumbent stays feasible); the Lagrangian loop has the rest.
constexpr double kStartShare = 0.25;
// After the Lagrangian loop, this share of the time limit polishes the incumbent (Polish).
constexpr double kPolishShare = 0.05;
// The last phase's search runs in slices of this share of the time limit, each polished again
// when it gained.
constexpr double kSearchSliceShare = 0.05;
// ... and at least this long: under a short limit a slice would otherwise leave no time for a
// sub-solve (Lns::Improve needs 50 ms), and the search would end early.
constexpr std::chrono::seconds kMinSearchSlice{1};
// The rest goes to the exact neighbourhood search (lns.h): at least kMinLnsShare, and all of it
// once the loop has run kMinLoopShare and then kSwitchRounds rounds without a gain (instance V
// settles on one plan within 15 s of its 300). A loop that still gains keeps its time: instance
// A's plan comes from the loop (2.895 of the best contest cost, its starting plan, when the
// search took the last quarter, at load 19).
constexpr double kMinLnsShare = 0.05;
constexpr double kMinLoopShare = 0.25;
constexpr int kSwitchRounds = 20;
// The interleaved search's slice (Driver::Interleave), in round durations: from 1, times or
// divided by kWeightStep, within [kMinWeight, kMaxWeight]; none shorter than kMinSliceSeconds.
constexpr double kMinWeight = 0.25;
constexpr double kMaxWeight = 4;
constexpr double kWeightStep = 1.5;
constexpr double kMinSliceSeconds = 0.2;
// ... and only once the loop has gone this share of the time limit without a gain.
constexpr double kQuietShare = 0.15;
// One exact sub-solve's limit, as a share of the time limit (at least 1 s, at most 10 s).
constexpr double kLnsSolveShare = 0.02;
// Node pricing's first weight per byte, as a share of (the first round's incumbent cost /
// memory limit), fixed from then on. Instance A at 60 s, node pricing alone on one core: 0.01
// gave 6549.4e6-6550.2e6 (four runs), 0.003 6554.3e6, 0.03 6567.8e6, 0.1 6570.4e6, 1 6572.1e6;
// beside the per-step search, 0.01 gave 6549.35e6 (three runs); weights rising x2 per round
// gave 6572.5e6, falling /1.2 6573.3e6 (all before whole tie components moved, local_search.h;
// since then the per-node search ends at 6570.3e6 on A and the per-step one at 6548.77e6). The
// outcome is sensitive to these settings; the search beside it keeps the solve from depending
// on them.
constexpr double kNodeBaseShare = 0.01;
// The node-priced search's seed differs from the per-step one's.
constexpr uint64_t kNodeSeedOffset = 0x9e3779b97f4a7c15ull;

enum class Pricing { kSteps, kNodes };

// What the side-by-side searches of one solve share.
struct Shared {
  std::mutex progress;               // one progress line at a time
  std::atomic<bool> settled{false};  // a search proved its plan optimal: the other stops
  // The cheaper of the two searches' plans so far: each search's last phase (pair moves and
  // the exact neighbourhood search) starts from it, so that both cores improve the plan that
  // comes back (IOPDDL A: the per-node search ends at 6570.3e6, the per-step one at 6548.8e6).
  std::mutex best_mutex;
  std::vector<int> best;
  double best_cost = 0;
  int searches = 1;  // searches side by side: their final sweeps split the large components
};

class Driver {
 public:
  // `t0`: when the solve began (building the model counts against the limit).
  Driver(const Model& m, const SolveOptions& o, Clock::time_point t0, Pricing pricing,
         Shared& shared, const char* name)
      : m_(m), o_(o), t0_(t0), lambda_(m.num_steps(), 0.0), shared_(shared), name_(name),
        seed_(pricing == Pricing::kNodes ? o.seed + kNodeSeedOffset : o.seed) {
    if (pricing == Pricing::kNodes) penalties_ = std::make_unique<fast::NodePenalties>(m);
  }

  double Elapsed() const { return std::chrono::duration<double>(Clock::now() - t0_).count(); }
  bool TimeLeft() const { return Elapsed() < o_.time_limit_s && !shared_.settled; }
  // When `share` of the time limit has passed from now.
  Clock::time_point After(double share) const {
    return Clock::now() + std::chrono::duration_cast<Clock::duration>(
                              std::chrono::duration<double>(share * o_.time_limit_s));
  }
  // When `share` of the time limit has passed since the solve began.
  Clock::time_point Deadline(double share) const {
    return t0_ + std::chrono::duration_cast<Clock::duration>(
                     std::chrono::duration<double>(share * o_.time_limit_s));
  }

  void Offer(const State& s) {
    if (!s.feasible() || m_.IsForbidden(s.cost())) return;
    if (best_.empty() || s.cost() < best_cost_ - 1e-6) {
      best_ = s.assignment();
      best_cost_ = s.cost();
      std::lock_guard<std::mutex> lock(shared_.best_mutex);
      if (shared_.best.empty() || best_cost_ < shared_.best_cost - 1e-6) {
        shared_.best = best_;
        shared_.best_cost = best_cost_;
      }
    }
  }

  // Takes the other search's plan when it is cheaper; only when time alone stops the solve
  // (which plan is there depends on timing, and round caps promise determinism).
  void AdoptSharedBest() {
    if (o_.fast_max_rounds > 0 || o_.fast_stall_rounds > 0) return;
    std::lock_guard<std::mutex> lock(shared_.best_mutex);
    if (!shared_.best.empty() && (best_.empty() || shared_.best_cost < best_cost_ - 1e-6)) {
      best_ = shared_.best;
      best_cost_ = shared_.best_cost;
    }
  }

  void Progress(const char* phase) {
    if (!o_.progress || Elapsed() < next_progress_) return;
    next_progress_ = Elapsed() + o_.progress_interval_s;
    std::lock_guard<std::mutex> lock(shared_.progress);
    o_.progress(fmt::format("[fast{}] {:7.1f}s {:<10} best cost {} ({})", name_, Elapsed(), phase,
                            best_.empty() ? std::string("-") : fmt::format("{:.0f}", best_cost_),
                            best_.empty() ? "no feasible solution yet" : "feasible"));
  }

  // Node costs plus the memory price of each strategy: over the node's live steps, and the
  // node's own weight under node pricing.
  std::vector<std::vector<double>> PricedCosts() const {
    std::vector<double> prefix(lambda_.size() + 1, 0.0);
    for (size_t t = 0; t < lambda_.size(); ++t) prefix[t + 1] = prefix[t] + lambda_[t];
    std::vector<std::vector<double>> u(m_.n);
    for (int v = 0; v < m_.n; ++v) {
      double price = prefix[m_.steps.end[v]] - prefix[m_.steps.first[v]];
      u[v] = m_.cost[v];
      if (price == 0) continue;
      for (int s = 0; s < m_.num_s(v); ++s) u[v][s] += price * static_cast<double>(m_.usage[v][s]);
    }
    if (penalties_) penalties_->AddTo(u);
    return u;
  }

  std::vector<int64_t> Profile(const std::vector<int>& x) const {
    std::vector<int64_t> diff(m_.num_steps() + 1, 0);
    for (int v = 0; v < m_.n; ++v) {
      if (!m_.live(v)) continue;
      diff[m_.steps.first[v]] += m_.usage[v][x[v]];
      diff[m_.steps.end[v]] -= m_.usage[v][x[v]];
    }
    for (size_t t = 1; t < diff.size(); ++t) diff[t] += diff[t - 1];
    return diff;
  }

  // Polyak subgradient step on the maximal steps: lambda += eta * (UB - L(lambda)) / |g|^2 * g,
  // g_t = M_t - limit, with UB the best feasible cost. Returns L(lambda) at x.
  double UpdatePrices(double x_cost, const std::vector<int64_t>& profile,
                      const std::vector<int>& maximal, double eta) {
    double value = x_cost, norm = 0;
    for (int t : maximal) {
      double g = static_cast<double>(profile[t] - m_.limit);
      value += lambda_[t] * g;
      if (g > 0 || lambda_[t] > 0) norm += g * g;
    }
    if (norm == 0) return value;
    // Without a feasible solution yet, aim at 1.5x the priced cost so that prices still rise.
    double target = best_.empty() ? std::max(1.0, 1.5 * std::abs(value)) : best_cost_;
    double step = eta * std::max(0.0, target - value) / norm;
    if (step == 0) step = eta * 1e-3 * std::abs(best_cost_) / norm;
    for (int t : maximal) {
      double g = static_cast<double>(profile[t] - m_.limit);
      lambda_[t] = std::max(0.0, lambda_[t] + step * g);
    }
    return value;
  }

  // Repairs by re-solving instead of single moves: doubles the prices of the violated steps on a
  // private copy until the coordinated re-solve fits the limit, then descends. Greedy repair
  // pays far more on small, tightly coupled graphs (instance V: 2.3x the priced optimum).
  void Escalate(fast::Eliminator& elim, const std::vector<int>& x,
                const std::vector<int64_t>& x_profile, const std::vector<int>& maximal,
                double x_cost) {
    std::vector<double> saved = lambda_;
    std::vector<int> y = x;
    std::vector<int64_t> profile = x_profile;
    double base = std::max(1.0, x_cost) / static_cast<double>(std::max<int64_t>(1, m_.limit)) /
                  std::max<size_t>(1, maximal.size());
    for (int round = 0; round < kEscalateRounds && TimeLeft(); ++round) {
      bool violated = false;
      for (int t : maximal) {
        if (profile[t] <= m_.limit) continue;
        violated = true;
        lambda_[t] = std::max(2 * lambda_[t], base);
      }
      if (!violated) break;
      y = elim.Solve(PricedCosts(), y, 10, 1, seed_++, 10);
      profile = Profile(y);
    }
    lambda_ = std::move(saved);
    State cand(m_, y);
    if (!cand.feasible()) return;
    cand.Descend(20, Deadline(1));
    cand.RecomputeCost();
    Offer(cand);
  }

  // Node costs where memory comes first: each strategy's usage at a weight that spends half
  // the real-cost bound on the largest possible usage sum, plus a thousandth of its cost to
  // break ties; forbidden node costs stay, so a forbidden penalty still outweighs everything.
  std::vector<std::vector<double>> MemoryFirstCosts() const {
    constexpr double kCostShare = 1e-3;
    double usage_sum = 0;
    for (int v = 0; v < m_.n; ++v) {
      usage_sum += static_cast<double>(*std::max_element(m_.usage[v].begin(), m_.usage[v].end()));
    }
    double weight = (m_.forbidden - 1) / 4 / std::max(1.0, usage_sum);
    std::vector<std::vector<double>> u = m_.cost;
    for (int v = 0; v < m_.n; ++v) {
      for (int s = 0; s < m_.num_s(v); ++s) {
        if (m_.IsForbidden(u[v][s])) continue;
        u[v][s] = kCostShare * u[v][s] + weight * static_cast<double>(m_.usage[v][s]);
      }
    }
    return u;
  }

  // Every start made memory-feasible where it can be and improved by descent; the best one is
  // the incumbent. Besides the least-memory and program-order starts, two
  // solved by exact elimination and core sweeps (no TRW-S, so they are quick): on the true
  // costs, and on costs where memory comes first. Where forbidden entries tie operands to their
  // results in groups larger than a move can take (instance A: 68% of its edge entries), the
  // per-node starts pick forbidden pairs that neither repair nor descent can leave; elimination
  // settles such ties exactly, and the memory-first one also fits the limit when tie chains
  // must all take their low-memory strategy together.
  std::vector<int> BestStart(fast::Eliminator& elim) {
    std::vector<std::vector<int>> starts = {fast::MinUsageAssignment(m_),
                                            fast::GreedyAssignment(m_, false),
                                            fast::GreedyAssignment(m_, true)};
    for (const Assignment& a : o_.starts) {
      if (static_cast<int>(a.size()) == m_.n) starts.push_back(a);
    }
    // The elimination starts only feed the incumbent: as the Lagrangian loop's first plan they
    // lead it elsewhere (instance A at 60 s: 1.0037 of the best contest cost, against 1.0008
    // from the cheapest of the others).
    const size_t loop_starts = starts.size();
    starts.push_back(elim.Solve(m_.cost, starts.front(), 20));
    starts.push_back(elim.Solve(MemoryFirstCosts(), starts.front(), 20));
    std::vector<int> x = starts.front();
    double x_cost = 0;
    bool have = false;
    // Starts without a forbidden choice descend first: a descent that must leave forbidden
    // pairs rarely can, and one sweep of a large graph takes about a second.
    for (bool forbidden_ones : {false, true}) {
      for (size_t i = 0; i < starts.size(); ++i) {
        State st(m_, starts[i]);
        if ((!st.feasible() && !st.Repair()) || m_.IsForbidden(st.cost()) != forbidden_ones) {
          continue;
        }
        st.Descend(50, Deadline(kStartShare));
        st.RecomputeCost();
        Offer(st);
        if (i < loop_starts && (!have || st.cost() < x_cost)) {
          x = st.assignment(), x_cost = st.cost(), have = true;
        }
      }
    }
    return x;
  }

  Status Run(const std::vector<int>& maximal) {
    fast::Eliminator elim(m_);
    elim.set_deadline(Deadline(1));
    std::vector<int> x = BestStart(elim);
    Progress("start");
    fast::Lns lns(m_, seed_, std::clamp(kLnsSolveShare * o_.time_limit_s, 1.0, 10.0));
    RETURN_IF_ERROR(Lagrangian(elim, lns, x, maximal));
    if (best_.empty() || optimal_ || shared_.settled) return Status::Ok();
    AdoptSharedBest();
    final_base_ = best_;
    // Side by side (and timed: both then search one plan) each search takes half the kicks
    // and half the sweep.
    const bool timed = o_.fast_max_rounds <= 0 && o_.fast_stall_rounds <= 0;
    const bool split = shared_.searches == 2 && timed;
    const int first = split && penalties_ ? 1 : 0, stride = split ? 2 : 1;
    Polish(std::min(After(kPolishShare), Deadline(1)), first, stride);
    lns.set_guide(x);
    lns.QueueSweep(best_, first, stride);
    // Timed, the search runs in slices, and each slice that gains is polished again: its
    // changes open new kick chains (IOPDDL K's plan after a 30 s solve: 58 chains, -1.4%).
    fast::LnsStats stats;
    do {
      const double before = best_cost_;
      Clock::time_point until =
          timed ? std::min(std::max(After(kSearchSliceShare), Clock::now() + kMinSearchSlice),
                           Deadline(1))
                : Deadline(1);
      ASSIGN_OR_RETURN(stats, Search(lns, until, o_.fast_max_rounds, o_.fast_stall_rounds));
      lns_stats_.solves += stats.solves;
      lns_stats_.improved += stats.improved;
      if (stats.solves == 0 || stats.whole) break;
      if (best_cost_ < before) Polish(std::min(After(kPolishShare), Deadline(1)), first, stride);
    } while (timed && TimeLeft());
    Progress(fmt::format("lns ({} sub-solves, {} gains, {} nodes)", lns_stats_.solves,
                         lns_stats_.improved, stats.size).c_str());
    return Status::Ok();
  }

  // The exact neighbourhood search on the incumbent until `deadline`; returns its statistics.
  Expected<fast::LnsStats> Search(fast::Lns& lns, Clock::time_point deadline, int max_solves = 0,
                                  int stall_solves = 0) {
    std::vector<int> y = best_;
    ASSIGN_OR_RETURN(fast::LnsStats stats, lns.Improve(y, deadline, max_solves, stall_solves));
    State st(m_, y);
    Offer(st);
    return stats;
  }

  // Once the loop has improved on the starts, kMinLoopShare has passed and the loop has not
  // gained for kQuietShare of the limit, each round is followed by a slice of the exact search,
  // guided by the round's plan: `weight_` times the round's duration, raised when the search
  // gained more per second than the round, lowered when it gained less (instance A: the loop's
  // plan comes at 30-50% of the limit and its later rounds find nothing; a fixed share for the
  // search starved the loop at high load, and slices after every round cost instance S 0.6%:
  // its loop gains in bursts 2-8 rounds apart until the end). Only when time alone stops the
  // solve: slices are timed, and round caps promise determinism.
  Status Interleave(fast::Lns& lns, const std::vector<int>& guide, double round_gain,
                    double round_s, double loop_end) {
    if (round_gain > 0) last_gain_s_ = Elapsed();
    if (!loop_gained_ || Elapsed() < kMinLoopShare * o_.time_limit_s ||
        Elapsed() - last_gain_s_ < kQuietShare * o_.time_limit_s || o_.fast_max_rounds > 0 ||
        o_.fast_stall_rounds > 0) {
      return Status::Ok();
    }
    double slice = std::min(weight_ * round_s, loop_end - Elapsed());
    if (slice < kMinSliceSeconds) return Status::Ok();
    double before = best_cost_, t = Elapsed();
    lns.set_guide(guide);
    ASSIGN_OR_RETURN(fast::LnsStats stats, Search(lns, After(slice / o_.time_limit_s)));
    lns_stats_.solves += stats.solves;
    lns_stats_.improved += stats.improved;
    double lns_rate = (before - best_cost_) / std::max(1e-3, Elapsed() - t);
    double loop_rate = round_gain / std::max(1e-3, round_s);
    if (lns_rate > loop_rate) weight_ = std::min(kMaxWeight, weight_ * kWeightStep);
    if (lns_rate < loop_rate) weight_ = std::max(kMinWeight, weight_ / kWeightStep);
    return Status::Ok();
  }

  // The Lagrangian loop, from x: until its share of the time limit is spent, or it has gone
  // kSwitchRounds rounds without a gain once kMinLoopShare has passed (then the exact
  // neighbourhood search gets the rest), or a round or stall cap of the options.
  Status Lagrangian(fast::Eliminator& elim, fast::Lns& lns, std::vector<int>& x,
                    const std::vector<int>& maximal) {
    double eta = 1.0, best_dual = -1e300;
    int stall = 0, unimproved = 0;
    // A round's repair and descent run past the deadline checks of its inner solve, so a round
    // starts only when the last one's duration is left.
    double round_s = 0;
    const double loop_end = (1 - kPolishShare - kMinLnsShare) * o_.time_limit_s;
    const double switch_from = kMinLoopShare * o_.time_limit_s;
    for (int iter = 0; Elapsed() + round_s < loop_end && !shared_.settled &&
                       (Elapsed() < switch_from || unimproved < kSwitchRounds) &&
                       (o_.fast_max_rounds <= 0 || iter < o_.fast_max_rounds) &&
                       (o_.fast_stall_rounds <= 0 || unimproved < o_.fast_stall_rounds);
         ++iter) {
      const double round_start = Elapsed();
      double best_before = best_.empty() ? 1e300 : best_cost_;
      x = elim.Solve(PricedCosts(), x, 20, 2, seed_++, 30);
      std::vector<int64_t> profile = Profile(x);
      State cand(m_, x);
      double x_cost = cand.cost();
      // With no memory price yet and nothing left in the core, elimination minimised the true
      // cost exactly; if that fits the limit, nothing can beat it.
      if (iter == 0 && elim.core_size() == 0 && cand.feasible() && !m_.IsForbidden(x_cost)) {
        Offer(cand);
        optimal_ = true;
        shared_.settled = true;
        return Status::Ok();
      }
      if (cand.Repair()) {
        cand.Descend(20, Deadline(1));
        cand.RecomputeCost();
        Offer(cand);
      }
      if (m_.n <= kEscalateMaxNodes) Escalate(elim, x, profile, maximal, x_cost);
      if (penalties_) {
        if (node_base_ == 0) {
          // Without a feasible plan yet, the round's cost sets the scale (unless forbidden).
          double scale = !best_.empty() ? best_cost_ : m_.IsForbidden(x_cost) ? 1 : x_cost;
          node_base_ = kNodeBaseShare * std::max(1.0, scale) /
                       static_cast<double>(std::max<int64_t>(1, m_.limit));
        }
        penalties_->Update(profile, node_base_);
      } else {
        double dual = UpdatePrices(x_cost, profile, maximal, eta);
        if (dual > best_dual + 1e-9 * std::abs(best_dual)) {
          best_dual = dual;
          stall = 0;
        } else if (++stall >= 5) {
          eta = std::max(eta * 0.5, 1e-3);
          stall = 0;
        }
      }
      Progress("lagrangian");
      // An improvement below 1e-5 of the cost does not reset the count.
      unimproved = !best_.empty() && best_cost_ < best_before - 1e-5 * std::abs(best_before)
                       ? 0 : unimproved + 1;
      round_s = Elapsed() - round_start;
      loop_gained_ = loop_gained_ || best_cost_ < best_before;
      RETURN_IF_ERROR(Interleave(lns, cand.feasible() ? cand.assignment() : x,
                                 best_before - best_cost_, round_s, loop_end));
    }
    return Status::Ok();
  }

  // Kick chains (from edges first, first + stride, ...: side by side, the two searches take
  // alternate edges), descent and pair (swap) moves on the incumbent until none gains or
  // `deadline`. Kicks come first: they gain most for their time (IOPDDL K after a 30 s solve:
  // kicks 0.9 s, -30e6; pair moves 2.5 s, -0.5e6).
  void Polish(Clock::time_point deadline, int first, int stride) {
    State st(m_, best_);
    while (Clock::now() < deadline) {
      int moves = st.KickDescend(deadline, first, stride);
      moves += st.Descend(20, deadline);
      moves += st.SwapDescend(deadline);
      if (moves == 0) break;
    }
    st.RecomputeCost();
    Offer(st);
  }

  const std::vector<int>& best() const { return best_; }
  // The plan the last phase started from (empty when the solve ended before it).
  const std::vector<int>& final_base() const { return final_base_; }
  double best_cost() const { return best_cost_; }
  bool optimal() const { return optimal_; }

 private:
  const Model& m_;
  const SolveOptions& o_;
  Clock::time_point t0_;
  std::vector<double> lambda_;
  std::vector<int> best_;
  double best_cost_ = 0;
  std::vector<int> final_base_;
  bool optimal_ = false;
  bool loop_gained_ = false;  // a Lagrangian round improved the incumbent
  double weight_ = 1;         // the search's slice per round, in round durations
  double last_gain_s_ = 0;    // when a loop round last improved the incumbent
  fast::LnsStats lns_stats_;
  double next_progress_ = 0;
  std::unique_ptr<fast::NodePenalties> penalties_;  // node pricing; null: per-step prices only
  double node_base_ = 0;  // node pricing's first weight per byte, set in the first round
  Shared& shared_;
  const char* name_;  // in progress lines: "" alone, " steps" / " nodes" side by side
  uint64_t seed_;
};

// The other search's last-phase changes (its plan against the plan that phase started from)
// applied to `x` when that lowers the cost and fits: the two searches' sweeps gain in different
// regions. Returns whether x changed.
bool MergeGains(const Model& m, const Driver& other, std::vector<int>& x) {
  const std::vector<int>& base = other.final_base();
  if (base.size() != x.size() || other.best().size() != x.size()) return false;
  std::vector<std::pair<int, int>> group;
  for (size_t v = 0; v < x.size(); ++v) {
    if (other.best()[v] != base[v] && other.best()[v] != x[v]) {
      group.push_back({static_cast<int>(v), other.best()[v]});
    }
  }
  if (group.empty()) return false;
  State st(m, x);
  double d = st.ApplyGroup(group);
  if (!(d < -0.5) || !st.feasible() || m.IsForbidden(st.cost())) return false;
  x = st.assignment();
  return true;
}

}  // namespace

Expected<SolveResult> SolveFast(const Problem& problem, const SolveOptions& options) {
  auto t0 = Clock::now();
  SolveResult r;
  r.backend = "fast";
  if (problem.usage_limit && MinimalPeakUsage(problem) > *problem.usage_limit) {
    r.infeasible = true;
    r.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    return r;
  }
  Model m = fast::BuildModel(problem);
  std::vector<int> maximal = MaximalSteps(problem, m.steps);
  int threads = options.fast_threads > 0
                    ? options.fast_threads
                    : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  Shared shared;
  bool both = threads >= 2 && m.limit != INT64_MAX;  // without a limit nothing is priced
  shared.searches = both ? 2 : 1;
  Driver steps(m, options, t0, Pricing::kSteps, shared, both ? " steps" : "");
  if (!both) {
    RETURN_IF_ERROR(steps.Run(maximal));
  } else {
    Driver nodes(m, options, t0, Pricing::kNodes, shared, " nodes");
    Status nodes_status = Status::Ok();
    std::thread side([&] { nodes_status = nodes.Run(maximal); });
    Status steps_status = steps.Run(maximal);
    side.join();
    RETURN_IF_ERROR(steps_status);
    RETURN_IF_ERROR(nodes_status);
    bool take_nodes = !nodes.best().empty() &&
                      (steps.best().empty() || nodes.best_cost() < steps.best_cost() ||
                       (nodes.optimal() && !steps.optimal()));
    if (take_nodes) {
      r.assignment = nodes.best();
      r.optimal = nodes.optimal();
    } else {
      r.assignment = steps.best();
      r.optimal = steps.optimal();
    }
    bool merged = !r.optimal && !r.assignment.empty() &&
                  MergeGains(m, take_nodes ? steps : nodes, r.assignment);
    if (options.progress) {
      auto cost = [](const Driver& d) {
        return d.best().empty() ? std::string("none") : fmt::format("{:.0f}", d.best_cost());
      };
      options.progress(fmt::format("[fast] per-step search {}, per-node search {}: the {} plan{}",
                                   cost(steps), cost(nodes), take_nodes ? "per-node" : "per-step",
                                   merged ? ", with the other's last-phase gains" : ""));
    }
  }
  if (r.assignment.empty()) {
    r.assignment = steps.best();
    r.optimal = steps.optimal();
  }
  r.has_solution = !r.assignment.empty();
  r.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return r;
}

const char* BackendName(Backend b) {
  switch (b) {
    case Backend::kExact:
      return "exact";
    case Backend::kFast:
      return "fast";
    case Backend::kAuto:
      return "auto";
  }
  return "?";
}

namespace {

// CBC always starts from a feasible plan: the caller's warm start, or a short fast solve (which
// also takes the caller's starts). The better of CBC's answer and the seed comes back.
Expected<SolveResult> SeededExact(const Problem& problem, const SolveOptions& options) {
  SolveResult seed;
  seed.backend = "fast";
  if (!options.warm_start) {
    SolveOptions quick = options;
    // Small problems need little: the fast backend's elimination settles trees and chains.
    quick.time_limit_s =
        std::min({options.time_limit_s * 0.2, 5.0, 0.2 + 0.002 * problem.num_nodes()});
    ASSIGN_OR_RETURN(seed, SolveFast(problem, quick));
    if (seed.infeasible) return seed;
  } else {
    seed.has_solution = true;
    seed.assignment = *options.warm_start;
  }
  SolveOptions exact = options;
  exact.time_limit_s = options.time_limit_s - seed.seconds;
  if (seed.has_solution) exact.warm_start = seed.assignment;
  if (exact.time_limit_s < 0.2 && seed.has_solution) return seed;
  ASSIGN_OR_RETURN(SolveResult r, SolveExact(problem, exact));
  r.seconds += seed.seconds;
  bool seed_better = false;
  if (r.has_solution && seed.has_solution) {
    auto a = Evaluate(problem, r.assignment);
    auto b = Evaluate(problem, seed.assignment);
    seed_better = a.ok() && b.ok() && b->feasible() && (!a->feasible() || b->cost < a->cost);
  }
  if ((!r.has_solution && seed.has_solution) || seed_better) {
    seed.seconds = r.seconds;
    seed.lower_bound = r.lower_bound;
    return seed;
  }
  return r;
}

}  // namespace

Expected<SolveResult> Solve(const Problem& problem, const SolveOptions& options) {
  switch (options.backend) {
    case Backend::kExact:
      return SeededExact(problem, options);
    case Backend::kFast:
      return SolveFast(problem, options);
    case Backend::kAuto:
      break;
  }
  if (!ExactModelFits(problem) || options.time_limit_s < kAutoExactMinSeconds) {
    return SolveFast(problem, options);
  }
  return SeededExact(problem, options);
}

}  // namespace xpar::solver
