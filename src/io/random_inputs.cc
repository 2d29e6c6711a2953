// Random arguments from a seeded 64-bit generator (splitmix64: tiny, fast, reproducible).
#include "io/random_inputs.h"

namespace xpar {
namespace {

uint64_t SplitMix64(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace

Literal RandomLiteral(const Shape& shape, uint64_t seed) {
  if (shape.IsTuple()) {
    std::vector<Literal> elems;
    for (size_t i = 0; i < shape.tuple_shapes().size(); ++i) {
      elems.push_back(RandomLiteral(shape.tuple_shape(i), seed * 31 + i + 1));
    }
    return Literal::Tuple(std::move(elems));
  }
  if (!shape.IsArray()) return Literal(shape);
  Literal out = Literal::Uninitialized(shape);  // every element is written below
  uint64_t state = seed;
  VisitArrayType(shape.type(), [&](auto t) {
    using T = decltype(t);
    auto data = out.data<T>();
    for (auto& x : data) {
      uint64_t r = SplitMix64(state);
      if constexpr (std::is_same_v<T, bool>) {
        x = (r & 1) != 0;
      } else if constexpr (std::is_floating_point_v<T> || kIsNarrowFloat<T>) {
        double u = static_cast<double>(r >> 11) * 0x1.0p-53;  // [0, 1)
        x = T(static_cast<float>(u));
        if constexpr (std::is_same_v<T, double>) x = u;
      } else {
        x = static_cast<T>(r % 8);
      }
    }
  });
  return out;
}

std::vector<Literal> RandomArguments(const Computation& computation, uint64_t seed) {
  std::vector<Literal> args;
  for (int64_t i = 0; i < computation.parameter_count(); ++i) {
    args.push_back(RandomLiteral(computation.parameters()[i]->shape(), seed * 1000003 + i));
  }
  return args;
}

}  // namespace xpar
