// Helpers shared by the pipeline gtests: random f32 arguments and a relative difference.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "ir/module.h"

namespace xpar::testing_pipeline {

// Uniform [-1, 1) values for every (f32) parameter of `m`'s entry.
inline std::vector<Literal> RandomArgs(const Module& m, uint64_t seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<Literal> args;
  for (const Instruction* p : m.entry()->parameters()) {
    Literal l(p->shape());
    for (float& v : l.data<float>()) v = dist(gen);
    args.push_back(std::move(l));
  }
  return args;
}

// max|a-b| / max|b|.
inline double RelativeDifference(const Literal& a, const Literal& b) {
  double diff = 0, scale = 0;
  for (int64_t i = 0; i < b.ElementCount(); ++i) {
    diff = std::max(diff, std::fabs(a.GetAsDouble(i) - b.GetAsDouble(i)));
    scale = std::max(scale, std::fabs(b.GetAsDouble(i)));
  }
  return diff / scale;
}

}  // namespace xpar::testing_pipeline
