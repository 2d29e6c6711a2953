// Shapes: an element type with static dimensions (arrays), or a tuple of shapes.
// The layout ({1,0} and XLA's tiled/memory-space suffixes) is kept only to print it back.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/primitive_type.h"

namespace xpar {

struct Layout {
  std::vector<int64_t> minor_to_major;
  // Anything after ':' in "{1,0:T(8,128)S(1)}", kept verbatim (without the ':').
  std::string suffix;
  bool operator==(const Layout&) const = default;
};

class Shape {
 public:
  Shape() = default;
  Shape(PrimitiveType type, std::vector<int64_t> dims) : type_(type), dims_(std::move(dims)) {}
  static Shape Tuple(std::vector<Shape> elements);
  static Shape Token() { return Shape(PrimitiveType::kToken, {}); }
  static Shape Scalar(PrimitiveType type) { return Shape(type, {}); }

  PrimitiveType type() const { return type_; }
  void set_type(PrimitiveType t) { type_ = t; }
  bool IsTuple() const { return type_ == PrimitiveType::kTuple; }
  bool IsToken() const { return type_ == PrimitiveType::kToken; }
  bool IsArray() const { return IsArrayType(type_); }

  // Arrays.
  int64_t rank() const { return static_cast<int64_t>(dims_.size()); }
  const std::vector<int64_t>& dims() const { return dims_; }
  std::vector<int64_t>& mutable_dims() { return dims_; }
  int64_t dim(int64_t i) const { return dims_[i]; }
  int64_t ElementCount() const;  // 1 for scalars; 0 for tuples
  int64_t ByteSize() const;      // arrays: elements * width; tuples: sum of elements

  // Bounded-dynamic dimensions ("<=8") are rejected by the parser, so dims are always static.
  const std::optional<Layout>& layout() const { return layout_; }
  void set_layout(std::optional<Layout> l) { layout_ = std::move(l); }

  // Tuples.
  const std::vector<Shape>& tuple_shapes() const { return tuple_; }
  std::vector<Shape>& mutable_tuple_shapes() { return tuple_; }
  const Shape& tuple_shape(int64_t i) const { return tuple_[i]; }

  // Equal element type and dims (tuples: element-wise); the layout is ignored.
  bool Compatible(const Shape& other) const;
  bool operator==(const Shape& other) const = default;

  // "f32[2,3]{1,0}", "(f32[], s32[4]{0})". With include_layout=false: "f32[2,3]".
  std::string ToString(bool include_layout = true) const;

 private:
  PrimitiveType type_ = PrimitiveType::kF32;
  std::vector<int64_t> dims_;
  std::optional<Layout> layout_;
  std::vector<Shape> tuple_;
};

// Row-major strides of the logical index space (not the physical layout; xpar stores all
// arrays row-major whatever layout the text names).
std::vector<int64_t> RowMajorStrides(const std::vector<int64_t>& dims);

}  // namespace xpar
