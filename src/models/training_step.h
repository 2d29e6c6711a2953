// A whole training step as one HLO module: parameters (weights, AdamW m and v, the step count,
// then token ids and labels, or for Wide-ResNet images and labels), a model's forward and backward, AdamW, and the output tuple
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
  Instruction* ids = nullptr;         // s32[B,S], clamped into [0, vocab); null for images
  Instruction* labels = nullptr;      // s32[B,S] in [0, vocab), or s32[B] in [0, classes)
  Instruction* images = nullptr;      // [B,3,H,W] (Wide-ResNet)
};

// Builds the loss and fills grads (one per weight, same order); the models' generators.
Instruction* GptForwardBackward(GraphBuilder& b, const ModelConfig& config,
                                const StepValues& in, std::vector<Instruction*>* grads);
Instruction* LlamaForwardBackward(GraphBuilder& b, const ModelConfig& config,
                                  const StepValues& in, std::vector<Instruction*>* grads);
Instruction* MoeForwardBackward(GraphBuilder& b, const ModelConfig& config, const StepValues& in,
                                std::vector<Instruction*>* grads);
Instruction* WideResnetForwardBackward(GraphBuilder& b, const ModelConfig& config,
                                       const StepValues& in, std::vector<Instruction*>* grads);

// The verified training step of `config` (validated first).
Expected<std::unique_ptr<Module>> GenerateTrainingStep(const ModelConfig& config,
                                                       const AdamWOptions& adamw);

}  // namespace xpar::models
