// Literal: a concrete value of a Shape. Arrays are stored densely in row-major order whatever
// layout the shape names; tuples hold their elements. Used for constants and runtime values.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "ir/shape.h"

namespace xpar {

// An allocator whose resize() leaves new bytes uninitialised (value-initialisation would zero
// them): kernels that overwrite every element should not pay for a memset first.
template <typename T>
struct DefaultInitAllocator : std::allocator<T> {
  template <typename U>
  struct rebind {
    using other = DefaultInitAllocator<U>;
  };
  using std::allocator<T>::allocator;
  template <typename U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <typename U, typename... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

class Literal {
 public:
  Literal() = default;
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

  const Shape& shape() const { return shape_; }
  PrimitiveType type() const { return shape_.type(); }
  int64_t ElementCount() const { return shape_.ElementCount(); }

  template <typename T>
  std::span<T> data() {
    return {reinterpret_cast<T*>(bytes_.data()), bytes_.size() / sizeof(T)};
  }
  template <typename T>
  std::span<const T> data() const {
    return {reinterpret_cast<const T*>(bytes_.data()), bytes_.size() / sizeof(T)};
  }
  uint8_t* raw() { return bytes_.data(); }
  const uint8_t* raw() const { return bytes_.data(); }
  int64_t size_bytes() const { return static_cast<int64_t>(bytes_.size()); }

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
  Shape shape_;
  std::vector<uint8_t, DefaultInitAllocator<uint8_t>> bytes_;
  std::vector<Literal> elements_;
};

}  // namespace xpar
