// TRW-S (Kolmogorov 2006) on the core left by elimination: min-sum messages in a forward then a
// backward pass over the node order, each node weighted by 1 / max(#earlier, #later neighbours);
// after every round the messages are decoded greedily in order and the best decoding kept.
#include <algorithm>
#include <limits>

#include "solver/elimination.h"

namespace xpar::solver::fast {

double Eliminator::CoreCost(const std::vector<std::vector<double>>& phi,
                            const std::vector<int>& x) const {
  double c = 0;
  for (int v : core_) {
    c += phi[v][x[v]];
    for (const CoreLink& l : core_adj_[v]) {
      if (l.other > v) c += At(l.edge, v, x[v], x[l.other]);
    }
  }
  return c;
}

void Eliminator::InitTrws() {
  TrwsState& st = trws_;
  int n = model_.n;
  st.pos.assign(n, -1);
  for (size_t i = 0; i < core_.size(); ++i) st.pos[core_[i]] = static_cast<int>(i);
  st.in.assign(n, {});
  st.rev.assign(n, {});
  st.gamma.assign(n, 1.0);
  for (int v : core_) {
    st.in[v].assign(core_adj_[v].size(), std::vector<double>(model_.num_s(v), 0.0));
    int before = 0, after = 0;
    for (const CoreLink& l : core_adj_[v]) {
      const auto& back = core_adj_[l.other];
      int k = 0;
      while (back[k].other != v) ++k;
      st.rev[v].push_back(k);
      (st.pos[l.other] < st.pos[v] ? before : after)++;
    }
    st.gamma[v] = 1.0 / std::max(1, std::max(before, after));
  }
  st.ready = true;
}

void Eliminator::Trws(const std::vector<std::vector<double>>& phi, std::vector<int>& x,
                      int iterations) {
  if (!trws_.ready) InitTrws();
  const std::vector<int>& pos = trws_.pos;
  auto& in = trws_.in;
  const auto& rev = trws_.rev;
  const std::vector<double>& gamma = trws_.gamma;
  std::vector<double> theta, tmp;
  auto send = [&](int v, bool forward) {
    int nv = model_.num_s(v);
    theta = phi[v];
    for (const auto& m : in[v]) {
      for (int s = 0; s < nv; ++s) theta[s] += m[s];
    }
    for (size_t k = 0; k < core_adj_[v].size(); ++k) {
      const CoreLink& l = core_adj_[v][k];
      if ((pos[l.other] > pos[v]) != forward) continue;
      tmp.resize(nv);
      for (int s = 0; s < nv; ++s) tmp[s] = gamma[v] * theta[s] - in[v][k][s];
      std::vector<double>& out = in[l.other][rev[v][k]];
      const int nt = static_cast<int>(out.size());
      const EdgeView view = View(l.edge, v);
      // Loops in the table's memory order, so that the inner one is contiguous.
      if (view.t_stride == 1) {
        std::fill(out.begin(), out.end(), std::numeric_limits<double>::infinity());
        for (int s = 0; s < nv; ++s) {
          const double* row = view.tab + s * view.s_stride;
          const double h = tmp[s];
          for (int t = 0; t < nt; ++t) out[t] = std::min(out[t], h + row[t]);
        }
      } else {
        for (int t = 0; t < nt; ++t) {
          const double* row = view.tab + t * view.t_stride;
          double best = std::numeric_limits<double>::infinity();
          for (int s = 0; s < nv; ++s) best = std::min(best, tmp[s] + row[s]);
          out[t] = best;
        }
      }
      const double lo = *std::min_element(out.begin(), out.end());
      for (double& o : out) o -= lo;
    }
  };
  constexpr int kPolishEvery = 5;
  uint64_t rng = 12345;
  double best_cost = CoreCost(phi, x);
  std::vector<int> y = x;
  for (int it = 0; it < iterations && !Expired(); ++it) {
    for (int v : core_) send(v, true);
    for (size_t i = core_.size(); i-- > 0;) send(core_[i], false);
    for (int v : core_) {  // decode: earlier neighbours fixed, later ones by their messages
      int nv = model_.num_s(v);
      theta = phi[v];
      for (size_t k = 0; k < core_adj_[v].size(); ++k) {
        const CoreLink& l = core_adj_[v][k];
        for (int s = 0; s < nv; ++s) {
          theta[s] += pos[l.other] < pos[v] ? At(l.edge, v, s, y[l.other]) : in[v][k][s];
        }
      }
      y[v] = static_cast<int>(std::min_element(theta.begin(), theta.end()) - theta.begin());
    }
    bool last = it == iterations - 1 || Expired();
    if (it % kPolishEvery != kPolishEvery - 1 && !last) continue;
    // Greedy decoding breaks ties between aliased nodes; exact forest moves mend them.
    SweepCore(phi, y, 5);
    for (int pass = 0; pass < 2; ++pass) ForestPass(phi, y, rng);
    double c = CoreCost(phi, y);
    if (c < best_cost) {
      best_cost = c;
      for (int v : core_) x[v] = y[v];
    }
  }
}

}  // namespace xpar::solver::fast
