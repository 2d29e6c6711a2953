// Live ranges of a computation's values over its schedule (instruction order), and the peak of
// live bytes: the memory side of auto-sharding (each device's peak must fit its memory).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "ir/module.h"

namespace xpar {

// Positions are indices into comp.instructions(). A value is live at every position in
// [first, last): from the instruction that defines it to the last instruction that uses it
// (operands and the result are all held while an instruction runs).
//  - Parameters live in [0, n): the caller holds their buffers for the whole computation.
//  - The root's buffers live to n (they are the output); values aliased into the output through
//    tuple / get-tuple-element / bitcast too.
//  - tuple, get-tuple-element and bitcast own no memory (owns_memory = false, empty range at
//    their own position): a use of them is a use of the buffers they refer to. `tuple` refers to
//    its operands' buffers; get-tuple-element(tuple(...), k) to operand k's buffers; a
//    get-tuple-element of any other tuple-shaped value (a while, a call, a tuple parameter) to
//    that producer's whole buffer; bitcast to its operand's buffers.
//  - A value never used lives at its own position only.
struct LiveRange {
  int64_t first = 0;
  int64_t last = 0;  // exclusive
  bool owns_memory = true;
  bool Contains(int64_t position) const { return first <= position && position < last; }
};

// One range per instruction, by position in comp.instructions().
std::vector<LiveRange> ComputeLiveRanges(const Computation& comp);

// For each position, the instructions (positions) owning the buffers `inst_position` refers to:
// itself for an ordinary instruction; the referred buffers for tuple / get-tuple-element /
// bitcast (see above).
std::vector<std::vector<int64_t>> BufferOwners(const Computation& comp);

// Sum of bytes(inst) over the instructions owning memory that are live at each position.
std::vector<int64_t> LiveBytesProfile(const Computation& comp,
                                      const std::function<int64_t(const Instruction&)>& bytes);

// The maximum of LiveBytesProfile over positions (0 for an empty computation).
int64_t PeakLiveBytes(const Computation& comp,
                      const std::function<int64_t(const Instruction&)>& bytes);

}  // namespace xpar
