// Shape printing and size arithmetic.
#include "ir/shape.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace xpar {

Shape Shape::Tuple(std::vector<Shape> elements) {
  Shape s(PrimitiveType::kTuple, {});
  s.tuple_ = std::move(elements);
  return s;
}

int64_t Shape::ElementCount() const {
  if (!IsArray()) return 0;
  // A zero dimension gives 0 whatever the others are; their product alone may not fit in
  // int64 (a file may claim [2^40, 2^40, 0], which holds no data and is valid).
  for (int64_t d : dims_) {
    if (d == 0) return 0;
  }
  int64_t n = 1;
  for (int64_t d : dims_) n *= d;
  return n;
}

int64_t Shape::ByteSize() const {
  if (IsTuple()) {
    int64_t total = 0;
    for (const Shape& s : tuple_) total += s.ByteSize();
    return total;
  }
  return ElementCount() * ByteWidth(type_);
}

bool Shape::Compatible(const Shape& other) const {
  if (type_ != other.type_) return false;
  if (IsTuple()) {
    if (tuple_.size() != other.tuple_.size()) return false;
    for (size_t i = 0; i < tuple_.size(); ++i) {
      if (!tuple_[i].Compatible(other.tuple_[i])) return false;
    }
    return true;
  }
  return dims_ == other.dims_;
}

std::string Shape::ToString(bool include_layout) const {
  if (IsTuple()) {
    std::string out = "(";
    for (size_t i = 0; i < tuple_.size(); ++i) {
      if (i) out += ", ";
      out += tuple_[i].ToString(include_layout);
    }
    return out + ")";
  }
  if (IsToken()) return "token[]";
  std::string out = fmt::format("{}[{}]", PrimitiveTypeName(type_), fmt::join(dims_, ","));
  if (include_layout && layout_) {
    out += fmt::format("{{{}", fmt::join(layout_->minor_to_major, ","));
    if (!layout_->suffix.empty()) out += ":" + layout_->suffix;
    out += "}";
  }
  return out;
}

std::vector<int64_t> RowMajorStrides(const std::vector<int64_t>& dims) {
  std::vector<int64_t> strides(dims.size(), 1);
  for (int64_t i = static_cast<int64_t>(dims.size()) - 2; i >= 0; --i) {
    strides[i] = strides[i + 1] * dims[i + 1];
  }
  return strides;
}

}  // namespace xpar
