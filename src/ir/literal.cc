// Literal storage and generic element access.
#include "ir/literal.h"

namespace xpar {

Literal::Literal(const Shape& shape) : shape_(shape) {
  if (shape.IsTuple()) {
    for (const Shape& s : shape.tuple_shapes()) elements_.emplace_back(s);
  } else if (shape.IsArray()) {
    bytes_.assign(static_cast<size_t>(shape.ByteSize()), 0);
  }
}

Literal Literal::Uninitialized(const Shape& shape) {
  if (!shape.IsArray()) return Literal(shape);
  Literal l;
  l.shape_ = shape;
  l.bytes_.resize(static_cast<size_t>(shape.ByteSize()));
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
  return shape_.Compatible(other.shape_) && bytes_ == other.bytes_ &&
         elements_ == other.elements_;
}

}  // namespace xpar
