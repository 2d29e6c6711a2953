#include "solver/cbc_job.h"

#include <Cbc_C_Interface.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <mutex>

#include "support/child_process.h"
#include "support/executable_dir.h"

namespace xpar::solver {
namespace {

constexpr uint32_t kJobMagic = 0x4a434258;      // "XBCJ"
constexpr uint32_t kOutcomeMagic = 0x4f434258;  // "XBCO"

class Writer {
 public:
  template <typename T>
  void Put(T v) {
    out_.append(reinterpret_cast<const char*>(&v), sizeof(T));
  }
  template <typename T>
  void PutVector(const std::vector<T>& v) {
    Put<uint64_t>(v.size());
    if (!v.empty()) out_.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
  }
  std::string Take() { return std::move(out_); }

 private:
  std::string out_;
};

class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  template <typename T>
  bool Get(T& v) {
    if (in_.size() - at_ < sizeof(T)) return false;
    std::memcpy(&v, in_.data() + at_, sizeof(T));
    at_ += sizeof(T);
    return true;
  }
  template <typename T>
  bool GetVector(std::vector<T>& v) {
    uint64_t n = 0;
    if (!Get(n) || n > (in_.size() - at_) / sizeof(T)) return false;
    v.resize(n);
    if (n > 0) std::memcpy(v.data(), in_.data() + at_, n * sizeof(T));
    at_ += n * sizeof(T);
    return true;
  }
  bool AtEnd() const { return at_ == in_.size(); }

 private:
  std::string_view in_;
  size_t at_ = 0;
};

bool IsExecutable(const std::string& path) { return access(path.c_str(), X_OK) == 0; }

}  // namespace

std::string EncodeCbcJob(const CbcJob& job) {
  Writer w;
  w.Put(kJobMagic);
  w.PutVector(job.obj);
  w.PutVector(job.col_lb);
  w.PutVector(job.col_ub);
  w.PutVector(job.is_int);
  w.PutVector(job.start);
  w.PutVector(job.index);
  w.PutVector(job.value);
  w.PutVector(job.row_lb);
  w.PutVector(job.row_ub);
  w.PutVector(job.warm_columns);
  w.Put(job.seconds);
  w.Put(job.absolute_gap);
  w.Put(job.relative_gap);
  w.Put<uint8_t>(job.log ? 1 : 0);
  return w.Take();
}

Expected<CbcJob> DecodeCbcJob(std::string_view bytes) {
  Reader r(bytes);
  CbcJob job;
  uint32_t magic = 0;
  uint8_t log = 0;
  if (!r.Get(magic) || magic != kJobMagic || !r.GetVector(job.obj) || !r.GetVector(job.col_lb) ||
      !r.GetVector(job.col_ub) || !r.GetVector(job.is_int) || !r.GetVector(job.start) ||
      !r.GetVector(job.index) || !r.GetVector(job.value) || !r.GetVector(job.row_lb) ||
      !r.GetVector(job.row_ub) || !r.GetVector(job.warm_columns) || !r.Get(job.seconds) ||
      !r.Get(job.absolute_gap) || !r.Get(job.relative_gap) || !r.Get(log) || !r.AtEnd()) {
    return InvalidArgument("malformed CBC job ({} bytes)", bytes.size());
  }
  job.log = log != 0;
  const size_t cols = job.obj.size(), rows = job.row_lb.size();
  bool ok = job.col_lb.size() == cols && job.col_ub.size() == cols && job.is_int.size() == cols &&
            job.start.size() == cols + 1 && job.row_ub.size() == rows &&
            job.index.size() == job.value.size() && job.start.front() == 0 &&
            job.start.back() == static_cast<int64_t>(job.index.size());
  for (size_t c = 0; ok && c < cols; ++c) ok = job.start[c] <= job.start[c + 1];
  for (int i : job.index) ok = ok && i >= 0 && static_cast<size_t>(i) < rows;
  for (int c : job.warm_columns) ok = ok && c >= 0 && static_cast<size_t>(c) < cols;
  if (!ok) return InvalidArgument("inconsistent CBC job ({} columns, {} rows)", cols, rows);
  return job;
}

std::string EncodeCbcOutcome(const CbcOutcome& o) {
  Writer w;
  w.Put(kOutcomeMagic);
  w.Put<uint8_t>(o.has_solution);
  w.Put<uint8_t>(o.optimal);
  w.Put<uint8_t>(o.infeasible);
  w.Put<uint8_t>(o.has_bound);
  w.Put(o.bound);
  w.PutVector(o.chosen);
  return w.Take();
}

Expected<CbcOutcome> DecodeCbcOutcome(std::string_view bytes) {
  Reader r(bytes);
  CbcOutcome o;
  uint32_t magic = 0;
  uint8_t has = 0, optimal = 0, infeasible = 0, has_bound = 0;
  if (!r.Get(magic) || magic != kOutcomeMagic || !r.Get(has) || !r.Get(optimal) ||
      !r.Get(infeasible) || !r.Get(has_bound) || !r.Get(o.bound) || !r.GetVector(o.chosen) ||
      !r.AtEnd()) {
    return Internal("unreadable report from the CBC process ({} bytes)", bytes.size());
  }
  o.has_solution = has, o.optimal = optimal, o.infeasible = infeasible, o.has_bound = has_bound;
  return o;
}

CbcOutcome RunCbcJob(const CbcJob& job) {
  Cbc_Model* cbc = Cbc_newModel();
  std::vector<CoinBigIndex> start(job.start.begin(), job.start.end());
  Cbc_loadProblem(cbc, job.num_cols(), job.num_rows(), start.data(), job.index.data(),
                  job.value.data(), job.col_lb.data(), job.col_ub.data(), job.obj.data(),
                  job.row_lb.data(), job.row_ub.data());
  for (int c = 0; c < job.num_cols(); ++c) {
    if (job.is_int[c]) Cbc_setInteger(cbc, c);
  }
  Cbc_setLogLevel(cbc, job.log ? 1 : 0);
  Cbc_setParameter(cbc, "timeMode", "elapsed");  // wall clock, not CPU seconds
  // CBC 2.10 preprocessing wrongly reports instance B (byte-sized usage coefficients) infeasible.
  Cbc_setParameter(cbc, "preprocess", "off");
  Cbc_setMaximumSeconds(cbc, std::max(0.1, job.seconds));
  Cbc_setAllowableGap(cbc, job.absolute_gap);
  Cbc_setAllowableFractionGap(cbc, job.relative_gap);
  if (!job.warm_columns.empty()) {
    std::vector<int> idx;
    std::vector<double> val;
    std::vector<char> on(job.num_cols(), 0);
    for (int c : job.warm_columns) on[c] = 1;
    for (int c = 0; c < job.num_cols(); ++c) {
      if (!job.is_int[c]) continue;
      idx.push_back(c);
      val.push_back(on[c] ? 1.0 : 0.0);
    }
    Cbc_setMIPStartI(cbc, static_cast<int>(idx.size()), idx.data(), val.data());
  }
  Cbc_solve(cbc);
  CbcOutcome o;
  const double* best = Cbc_bestSolution(cbc);
  o.has_solution = best != nullptr;
  o.optimal = best && Cbc_isProvenOptimal(cbc);
  // After a time-out CBC may call an unfinished model infeasible; only a finished run proves it.
  o.infeasible = !best && Cbc_isProvenInfeasible(cbc) && !Cbc_isSecondsLimitReached(cbc);
  double bound = Cbc_getBestPossibleObjValue(cbc);
  o.has_bound = std::isfinite(bound) && std::abs(bound) < 1e30;
  o.bound = o.has_bound ? bound : 0;
  for (int c = 0; best && c < job.num_cols(); ++c) {
    if (job.is_int[c] && best[c] > 0.5) o.chosen.push_back(c);
  }
  Cbc_deleteModel(cbc);
  return o;
}

const std::string& CbcWorkerPath() {
  static const std::string path = [] {
    if (const char* env = std::getenv("XPAR_CBC_WORKER"); env && *env) return std::string(env);
    std::string sibling = (ExecutableDir() / "xpar-cbc-worker").string();
    if (IsExecutable(sibling)) return sibling;
#ifdef XPAR_CBC_WORKER_BUILD_PATH
    if (IsExecutable(XPAR_CBC_WORKER_BUILD_PATH)) return std::string(XPAR_CBC_WORKER_BUILD_PATH);
#endif
    return std::string();
  }();
  return path;
}

Expected<IsolatedCbc> RunCbcJobIsolated(const CbcJob& job, double seconds) {
  // Workers kept between jobs, at most one per thread solving at the same time.
  static std::mutex mu;
  static std::vector<std::unique_ptr<ProgramServer>> idle;
  IsolatedCbc r;
  ChildResult child;
  if (const std::string& path = CbcWorkerPath(); !path.empty()) {
    std::unique_ptr<ProgramServer> worker;
    {
      std::lock_guard<std::mutex> lock(mu);
      if (!idle.empty()) worker = std::move(idle.back()), idle.pop_back();
    }
    if (!worker) {
      ASSIGN_OR_RETURN(worker, ProgramServer::Start(path));
    }
    ASSIGN_OR_RETURN(child, worker->Ask(EncodeCbcJob(job), seconds));
    if (worker->alive()) {
      std::lock_guard<std::mutex> lock(mu);
      idle.push_back(std::move(worker));
    }
  } else {
    ASSIGN_OR_RETURN(child, RunInChild([&] { return EncodeCbcOutcome(RunCbcJob(job)); }, seconds));
  }
  r.killed = child.killed;
  if (child.output) {
    ASSIGN_OR_RETURN(r.outcome, DecodeCbcOutcome(*child.output));
  }
  return r;
}

}  // namespace xpar::solver
