// What the threads and the MPI pipeline runtimes share about one step's values: microbatch k of a
// batch, and the gradient program's results accumulated over the microbatches in the order the
// producing stage runs them (so both runtimes give the same bits).
#pragma once

#include <cstdint>
#include <cstring>
#include <mutex>
#include <vector>

#include "ir/literal.h"
#include "passes/pipeline/stage_split.h"

namespace xpar::pipeline {

enum class LossReduction { kMean, kSum };

// Microbatch k of `full` on dimension 0, with `micro`'s shape.
inline Literal MicrobatchOf(const Literal& full, const Shape& micro, int64_t k) {
  Literal out(micro);
  std::memcpy(out.raw(), full.raw() + k * out.size_bytes(), out.size_bytes());
  return out;
}

// The results of one step, accumulated over microbatches as the stages produce them: sums in
// double, averaged at the end for kMean floating-point results.
class Accumulator {
 public:
  Accumulator(const StageSplit& split, int64_t microbatches, LossReduction reduction)
      : microbatches_(microbatches), reduction_(reduction), sums_(split.results.size()) {}

  void Add(size_t result, const Literal& value) {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<double>& sum = sums_[result].values;
    if (sum.empty()) {
      sums_[result].shape = value.shape();
      sum.assign(value.ElementCount(), 0.0);
    }
    for (int64_t i = 0; i < value.ElementCount(); ++i) sum[i] += value.GetAsDouble(i);
  }

  Literal Finish(size_t result) const {
    const Sum& s = sums_[result];
    Literal out(s.shape);
    bool mean = reduction_ == LossReduction::kMean && IsFloating(s.shape.type());
    for (size_t i = 0; i < s.values.size(); ++i) {
      out.SetFromDouble(static_cast<int64_t>(i),
                        mean ? s.values[i] / static_cast<double>(microbatches_) : s.values[i]);
    }
    return out;
  }

 private:
  struct Sum {
    Shape shape;
    std::vector<double> values;
  };
  int64_t microbatches_;
  LossReduction reduction_;
  std::mutex mu_;
  std::vector<Sum> sums_;
};

}  // namespace xpar::pipeline
