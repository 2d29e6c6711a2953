// Literal storage and generic element access.
#include "ir/literal.h"

#include <cstring>
#include <new>

namespace xpar {

namespace {

// One plain allocation holds the reference counts and the bytes, which start at the first
// aligned address in it. Not aligned operator new (glibc's memalign): with it, the peak
// resident memory of a BERT-base training step (bench/REPORT.md) was 8% higher.
SharedBytes AllocateBytes(int64_t size) {
  if (size <= 0) return nullptr;
  auto block = std::make_shared_for_overwrite<uint8_t[]>(static_cast<size_t>(size) +
                                                         kBufferAlignment - 1);
  const uintptr_t start = reinterpret_cast<uintptr_t>(block.get());
  const uintptr_t aligned = (start + kBufferAlignment - 1) & ~(uintptr_t{kBufferAlignment} - 1);
  uint8_t* data = block.get() + (aligned - start);
  return SharedBytes(std::move(block), data);  // shares block's counts, points at data
}

}  // namespace

Literal::Literal(const Shape& shape) : shape_(shape) {
  if (shape.IsTuple()) {
    for (const Shape& s : shape.tuple_shapes()) elements_.emplace_back(s);
  } else if (shape.IsArray()) {
    size_ = shape.ByteSize();
    bytes_ = AllocateBytes(size_);
    if (size_ > 0) std::memset(bytes_.get(), 0, static_cast<size_t>(size_));
  }
}

Literal Literal::Uninitialized(const Shape& shape) {
  if (!shape.IsArray()) return Literal(shape);
  Literal l;
  l.shape_ = shape;
  l.size_ = shape.ByteSize();
  l.bytes_ = AllocateBytes(l.size_);
  return l;
}

Literal Literal::Tuple(std::vector<Literal> elements) {
  std::vector<Shape> shapes;
  shapes.reserve(elements.size());
  for (const Literal& e : elements) shapes.push_back(e.shape());
  Literal l;
  l.shape_ = Shape::Tuple(std::move(shapes));
  l.elements_ = std::move(elements);
  return l;
}

Literal Literal::Relabeled(const Shape& shape) const& {
  Literal copy = *this;
  return std::move(copy).Relabeled(shape);
}

Literal Literal::Relabeled(const Shape& shape) && {
  if (!shape.IsArray() || !shape_.IsArray() || shape.ByteSize() != size_) return Literal();
  Literal l;
  l.shape_ = shape;
  l.bytes_ = std::move(bytes_);
  l.size_ = size_;
  size_ = 0;
  return l;
}

void Literal::Unshare() {
  SharedBytes own = AllocateBytes(size_);
  std::memcpy(own.get(), bytes_.get(), static_cast<size_t>(size_));
  bytes_ = std::move(own);
}

double Literal::GetAsDouble(int64_t i) const {
  double out = 0;
  VisitArrayType(type(), [&](auto t) {
    using T = decltype(t);
    if constexpr (kIsNarrowFloat<T>) {
      out = static_cast<float>(data<T>()[i]);
    } else {
      out = static_cast<double>(data<T>()[i]);
    }
  });
  return out;
}

void Literal::SetFromDouble(int64_t i, double v) {
  VisitArrayType(type(), [&](auto t) {
    using T = decltype(t);
    if constexpr (kIsNarrowFloat<T>) {
      data<T>()[i] = T(static_cast<float>(v));
    } else {
      data<T>()[i] = static_cast<T>(v);
    }
  });
}

int64_t Literal::GetAsInt64(int64_t i) const {
  int64_t out = 0;
  VisitArrayType(type(), [&](auto t) {
    using T = decltype(t);
    if constexpr (kIsNarrowFloat<T>) {
      out = static_cast<int64_t>(static_cast<float>(data<T>()[i]));
    } else {
      out = static_cast<int64_t>(data<T>()[i]);
    }
  });
  return out;
}

void Literal::SetFromInt64(int64_t i, int64_t v) {
  VisitArrayType(type(), [&](auto t) {
    using T = decltype(t);
    if constexpr (kIsNarrowFloat<T>) {
      data<T>()[i] = T(static_cast<float>(v));
    } else {
      data<T>()[i] = static_cast<T>(v);
    }
  });
}

bool Literal::operator==(const Literal& other) const {
  if (!shape_.Compatible(other.shape_) || size_ != other.size_) return false;
  if (size_ > 0 && bytes_ != other.bytes_ &&
      std::memcmp(bytes_.get(), other.bytes_.get(), static_cast<size_t>(size_)) != 0) {
    return false;
  }
  return elements_ == other.elements_;
}

}  // namespace xpar
