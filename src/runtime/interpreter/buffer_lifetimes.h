// Buffer lifetimes for the evaluator: where each value of a computation dies, which reads of a
// tuple element may take the element instead of copying it, and the table of values one call
// holds, which counts its bytes in the interpreter's MemoryCounter (bytes held now and peak).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "ir/literal.h"
#include "ir/module.h"
#include "runtime/interpreter/interpreter.h"

namespace xpar {

struct BufferPlan {
  // Per instruction: the position of its last reader (the root: the instruction count, as the
  // caller takes it); -1 when nothing reads it.
  std::vector<int64_t> last_use;
  // Per get-tuple-element: no later instruction reads that element of the tuple (every later
  // reader is a get-tuple-element of another index), so it may move the element out.
  std::vector<bool> takes_element;
  // Per position: the values whose last reader is there (filled by IndexDeaths).
  std::vector<std::vector<int64_t>> dying;
};

BufferPlan PlanBuffers(const Computation& c);
// Fills plan.dying from plan.last_use (after the fusion pass extended it).
void IndexDeaths(BufferPlan& plan);

// Bytes of an array's data, or of all of a tuple's elements.
int64_t LiteralBytes(const Literal& value);

// The buffers of a value (an array's, or every element's of a tuple) with their bytes.
using CountedBuffers = std::vector<std::pair<const void*, int64_t>>;
CountedBuffers BuffersOf(const Literal& value);

// The values of one call: owned (computed here, counted) or bound to a value someone else owns
// (an argument, or a value an op forwarded). Releases its counted bytes when it goes away. A
// buffer shared by several values counts once (MemoryCounter::Hold).
class ValueTable {
 public:
  ValueTable(size_t size, MemoryCounter& counter)
      : values_(size), bound_(size, nullptr), counted_(size), counter_(counter) {}
  ~ValueTable();
  ValueTable(const ValueTable&) = delete;
  ValueTable& operator=(const ValueTable&) = delete;

  const std::vector<const Literal*>& bound() const { return bound_; }
  const Literal* bound(int64_t i) const { return bound_[i]; }
  bool Owns(int64_t i) const { return bound_[i] == &values_[i]; }
  Literal& owned(int64_t i) { return values_[i]; }

  // Value i is someone else's (an argument, or what another value is bound to).
  void Bind(int64_t i, const Literal* value) { bound_[i] = value; }
  // Value i is `value`, held and counted here.
  void Set(int64_t i, Literal value);
  // Value `dst` takes the buffer of owned value `src`, which is dead afterwards.
  void Move(int64_t src, int64_t dst);
  // Owned value i changed size (elements were moved out of it): count it again.
  void Recount(int64_t i);
  // Drops owned value i (nothing if it is bound to someone else's).
  void Free(int64_t i);
  // Takes owned value i out of the table (uncounted: whoever receives it counts it).
  Literal Release(int64_t i);

 private:
  // Lets go of everything value i counted.
  void Uncount(int64_t i);

  std::vector<Literal> values_;
  std::vector<const Literal*> bound_;
  std::vector<CountedBuffers> counted_;
  MemoryCounter& counter_;
};

// Bytes counted while an object is alive (the evaluator's while-loop state).
class CountedBytes {
 public:
  explicit CountedBytes(MemoryCounter& counter) : counter_(counter) {}
  ~CountedBytes() { counter_.Add(-bytes_); }
  CountedBytes(const CountedBytes&) = delete;
  CountedBytes& operator=(const CountedBytes&) = delete;
  void Set(int64_t bytes) {
    counter_.Add(bytes - bytes_);
    bytes_ = bytes;
  }

 private:
  MemoryCounter& counter_;
  int64_t bytes_ = 0;
};

}  // namespace xpar
