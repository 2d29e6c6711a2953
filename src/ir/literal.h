// Literal: a concrete value of a Shape. Arrays are stored densely in row-major order whatever
// layout the shape names, in a buffer that copies share (copy-on-write); tuples hold their
// elements. Used for constants and runtime values.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "ir/shape.h"

namespace xpar {

// A Literal's array bytes. Literals that copy one another share it (a copy of a value, a reshape
// or bitcast of it, a tuple element): the first write through a non-const accessor of a
// Literal whose buffer is shared copies it first (copy-on-write), so no Literal ever sees
// another's writes. Aligned to kBufferAlignment for vector loads.
inline constexpr size_t kBufferAlignment = 64;
using SharedBytes = std::shared_ptr<uint8_t>;

class Literal {
 public:
  Literal() = default;
  Literal(const Literal&) = default;  // shares the array buffer
  Literal& operator=(const Literal&) = default;
  Literal(Literal&& other) noexcept
      : shape_(std::move(other.shape_)),
        bytes_(std::move(other.bytes_)),
        size_(std::exchange(other.size_, 0)),
        elements_(std::move(other.elements_)) {}
  Literal& operator=(Literal&& other) noexcept {
    shape_ = std::move(other.shape_);
    bytes_ = std::move(other.bytes_);
    size_ = std::exchange(other.size_, 0);
    elements_ = std::move(other.elements_);
    return *this;
  }
  // A zero-filled array (or a tuple of zero-filled arrays).
  explicit Literal(const Shape& shape);
  // An array whose contents are unspecified, for kernels that write every element.
  static Literal Uninitialized(const Shape& shape);
  static Literal Tuple(std::vector<Literal> elements);
  template <typename T>
  static Literal Scalar(T v) {
    Literal l(Shape::Scalar(NativeToPrimitiveType<T>()));
    l.data<T>()[0] = v;
    return l;
  }
  template <typename T>
  static Literal FromVector(std::vector<int64_t> dims, const std::vector<T>& values) {
    Literal l(Shape(NativeToPrimitiveType<T>(), std::move(dims)));
    auto d = l.data<T>();
    for (size_t i = 0; i < values.size() && i < d.size(); ++i) d[i] = values[i];
    return l;
  }

  // This array's buffer seen with another array shape of the same byte size (a row-major
  // reshape, or a bitcast whose layouts are row-major): shares the bytes, copies nothing.
  // Returns a default Literal (no bytes) when the sizes differ or either is not an array.
  Literal Relabeled(const Shape& shape) const&;
  Literal Relabeled(const Shape& shape) &&;

  const Shape& shape() const { return shape_; }
  PrimitiveType type() const { return shape_.type(); }
  int64_t ElementCount() const { return shape_.ElementCount(); }

  // Non-const access may write: it first makes the buffer this Literal's own (copy-on-write).
  template <typename T>
  std::span<T> data() {
    return {reinterpret_cast<T*>(raw()), static_cast<size_t>(size_) / sizeof(T)};
  }
  template <typename T>
  std::span<const T> data() const {
    return {reinterpret_cast<const T*>(raw()), static_cast<size_t>(size_) / sizeof(T)};
  }
  uint8_t* raw() {
    if (bytes_ && bytes_.use_count() > 1) {
      Unshare();
    } else {
      // The last other owner (maybe on another thread) has let go: its reads happened before.
      std::atomic_thread_fence(std::memory_order_acquire);
    }
    return bytes_.get();
  }
  const uint8_t* raw() const { return bytes_.get(); }
  int64_t size_bytes() const { return size_; }
  // Whether another Literal shares this one's array buffer (tuples: false).
  bool SharesBuffer() const { return bytes_ && bytes_.use_count() > 1; }
  // Whether this array and `other` read the same buffer.
  bool SameBuffer(const Literal& other) const { return bytes_ && bytes_ == other.bytes_; }

  std::vector<Literal>& elements() { return elements_; }
  const std::vector<Literal>& elements() const { return elements_; }

  // Element access by linear (row-major) index through double / int64, for generic code that is
  // not on a hot path (printing, tests, statistics).
  double GetAsDouble(int64_t i) const;
  void SetFromDouble(int64_t i, double v);
  int64_t GetAsInt64(int64_t i) const;
  void SetFromInt64(int64_t i, int64_t v);

  // Bitwise equality of shape (ignoring layout) and contents.
  bool operator==(const Literal& other) const;

 private:
  // Gives this Literal its own copy of a shared buffer.
  void Unshare();

  Shape shape_;
  SharedBytes bytes_;  // null for tuples, tokens and empty arrays
  int64_t size_ = 0;   // bytes of the array
  std::vector<Literal> elements_;
};

}  // namespace xpar
