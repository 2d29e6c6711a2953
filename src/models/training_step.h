// A whole training step as one HLO module: parameters (weights, AdamW m and v, the step count,
// token ids, labels), a model's forward and backward, AdamW, and the output tuple
// (loss, new weights, new m, new v) with each new value aliasing its parameter.
#pragma once

#include <memory>
#include <vector>

#include "ir/module.h"
#include "models/graph_builder.h"
#include "models/model_config.h"

namespace xpar::models {

struct StepValues {
  std::vector<Instruction*> weights;  // in ModelWeights order
  Instruction* ids = nullptr;         // s32[B,S], clamped into [0, vocab)
  Instruction* labels = nullptr;      // s32[B,S], clamped into [0, vocab)
};

// Builds the loss and fills grads (one per weight, same order); the models' generators.
Instruction* GptForwardBackward(GraphBuilder& b, const ModelConfig& config,
                                const StepValues& in, std::vector<Instruction*>* grads);
Instruction* LlamaForwardBackward(GraphBuilder& b, const ModelConfig& config,
                                  const StepValues& in, std::vector<Instruction*>* grads);

// The verified training step of `config` (validated first).
Expected<std::unique_ptr<Module>> GenerateTrainingStep(const ModelConfig& config,
                                                       const AdamWOptions& adamw);

}  // namespace xpar::models
