// Helpers shared by the pipeline gtests: random f32 arguments, a relative difference, and small
// generated GPT training steps.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "ir/module.h"
#include "models/training_step.h"
#include "passes/pipeline/pipeline_planner.h"

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

// A GPT-125M-shaped training step (AdamW) shrunk to these sizes, 4 heads.
struct TinyGptSize {
  int64_t batch, seq, hidden, layers, ffn, vocab;
};
inline std::unique_ptr<Module> TinyGptStep(const TinyGptSize& s) {
  models::ModelConfig c = *models::FindModel("gpt-125m");
  c.batch = s.batch;
  c.seq = s.seq;
  c.hidden = s.hidden;
  c.layers = s.layers;
  c.heads = 4;
  c.kv_heads = 4;
  c.ffn = s.ffn;
  c.vocab = s.vocab;
  auto m = models::GenerateTrainingStep(c, models::AdamWOptions());
  EXPECT_TRUE(m.ok()) << m.status().message();
  return m.ok() ? std::move(*m) : nullptr;
}

// Pipeline options for `hosts` x `per_host` devices, `layers` clustered layers, `microbatches`,
// and no memory limit to speak of.
inline pipeline::PipelineOptions UnlimitedPipelineOptions(int64_t hosts, int64_t per_host,
                                                          int64_t layers, int64_t microbatches) {
  pipeline::PipelineOptions o;
  o.num_hosts = hosts;
  o.devices_per_host = per_host;
  o.microbatches = microbatches;
  o.clustering.num_layers = layers;
  o.memory_limit_bytes = std::numeric_limits<int64_t>::max() / 4;
  return o;
}

}  // namespace xpar::testing_pipeline
