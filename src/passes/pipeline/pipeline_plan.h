// Alpa's inter-operator plan: the forward ops clustered into layers, layers grouped into stages,
// each stage on a submesh of the cluster with its own intra-operator plan, and the microbatch
// schedule. Produced by the stage dynamic program (stage_dp.h), consumed by the pipeline runtime.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace xpar::pipeline {

enum class Schedule { kGpipe, k1F1B };

struct Submesh {
  std::vector<int64_t> shape;  // e.g. {2, 2}: the stage's own logical mesh
  std::vector<int64_t> devices;  // cluster device ids, row-major over `shape`
};

struct Stage {
  int64_t first_layer = 0;  // layers [first_layer, last_layer] of the forward
  int64_t last_layer = 0;
  Submesh submesh;
  double forward_seconds = 0;   // estimated per microbatch
  double backward_seconds = 0;  // estimated per microbatch
  // Per microbatch, each way: receiving the stage's input (and sending its gradient back);
  // in the step's sum, overlapped in the steady state (stage_costs.h).
  double transfer_seconds = 0;
  int64_t peak_bytes = 0;       // estimated per device, with 1F1B's in-flight activations
  // Layers whose activations the backward recomputes instead of stashing (remat.h).
  std::vector<int64_t> remat_layers;
};

struct PipelinePlan {
  std::vector<Stage> stages;
  int64_t microbatches = 1;
  Schedule schedule = Schedule::k1F1B;
  double estimated_step_seconds = 0;
  // For each instruction of the entry computation, in instruction order: its stage.
  std::vector<int32_t> stage_of_instruction;
  // Per entry instruction (empty: none): recomputed in its stage's backward instead of stashed
  // (the remat layers' values, remat.h); the split's SplitOptions::recompute.
  std::vector<bool> recompute;
};

}  // namespace xpar::pipeline
