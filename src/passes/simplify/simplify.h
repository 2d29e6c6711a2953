// Graph simplification before planning (docs/planning.md): dead-code elimination and
// common-subexpression elimination on the IR. Both keep every parameter, every op with side
// effects (send/recv, infeed/outfeed, rng, side-effecting custom calls), every collective and
// every custom call, so the simplified program computes the same values and does the same I/O.
//
//   %a = f32[4] add(%x, %y)          %a = f32[4] add(%x, %y)
//   %b = f32[4] add(%x, %y)    ==>   %c = f32[4] multiply(%a, %a)
//   %d = f32[4] negate(%x)           (%b merged into %a; %d was dead)
//   %c = f32[4] multiply(%a, %b)
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ir/module.h"
#include "support/status.h"

namespace xpar {

// Removes instructions of every computation that no root, side effect or collective reads.
class DeadCodeElimination {
 public:
  Expected<bool> Run(Module& module);  // true = something was removed
  // Names of the entry computation's instructions removed by the runs so far.
  const std::vector<std::string>& removed() const { return removed_; }

 private:
  std::vector<std::string> removed_;
};

// Merges instructions that compute the same value (same opcode, shape, operands, attributes,
// called computations and sharding) into the first of them. Constants up to
// kMaxCseConstantElements elements are merged too; larger ones are compared only by pointer.
class CommonSubexpressionElimination {
 public:
  struct Options {
    // Leave duplicated what is recomputed for free: constants, iota, broadcasts, and anything
    // computed from those alone. XLA's auto-sharding keeps them apart too: each copy takes the
    // sharding its user wants, while one merged copy would tie unrelated ops together in the
    // integer program (on a PyTorch/XLA LLaMA step the fast solver then no longer settles it
    // by elimination: 15 ms became 5 s for the same plan).
    bool keep_free_duplicates = true;
  };
  CommonSubexpressionElimination() = default;
  explicit CommonSubexpressionElimination(Options options) : options_(options) {}
  static constexpr int64_t kMaxCseConstantElements = 4096;
  Expected<bool> Run(Module& module);  // true = something was merged
  // (duplicate, kept) names of the entry computation's merged instructions so far.
  const std::vector<std::pair<std::string, std::string>>& merged() const { return merged_; }

 private:
  Options options_;
  std::vector<std::pair<std::string, std::string>> merged_;
};

// What simplification did to the entry computation, by instruction name: a plan made on the
// simplified module carries it, so it applies to the original one too (a merged duplicate takes
// its kept twin's sharding; a removed, dead instruction is left replicated).
struct SimplifyLog {
  std::vector<std::string> removed;                         // dead, not merged
  std::vector<std::pair<std::string, std::string>> merged;  // (duplicate, kept)
  int64_t instructions_removed = 0;  // in every computation
};

// What `xpar plan` runs before planning, in order: DCE, CSE, DCE, then the verifier.
Expected<SimplifyLog> SimplifyForPlanning(Module& module);

}  // namespace xpar
