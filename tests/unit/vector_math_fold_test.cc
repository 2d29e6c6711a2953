// The lane folds of vector_math.h (row fusion's reductions) give exactly the order the header
// documents: a scalar fold written here from that description must agree bit for bit with the
// vectorised one, for sums and for NaN-propagating maximum and minimum, on lengths around the
// lane count, with NaNs and signed zeros in the body and in the tail.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <vector>

#include "runtime/interpreter/vector_math.h"

namespace xpar {
namespace {

float Documented(const std::vector<float>& x, const std::function<float(float, float)>& f) {
  const int64_t n = static_cast<int64_t>(x.size());
  std::vector<float> lane(x.begin(), x.begin() + kFoldLanes);
  int64_t j = kFoldLanes;
  for (; j + kFoldLanes <= n; j += kFoldLanes) {
    for (int l = 0; l < kFoldLanes; ++l) lane[l] = f(lane[l], x[j + l]);
  }
  for (int l = 0; j < n; ++j, ++l) lane[l] = f(lane[l], x[j]);
  for (int w = kFoldLanes / 2; w > 0; w /= 2) {
    for (int l = 0; l < w; ++l) lane[l] = f(lane[l], lane[l + w]);
  }
  return lane[0];
}

uint32_t Bits(float v) {
  uint32_t u;
  std::memcpy(&u, &v, sizeof u);
  return u;
}

TEST(VectorMathFold, SumsFollowTheDocumentedLaneOrder) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> u(-1e3f, 1e3f);
  for (int64_t n : {32, 33, 63, 64, 65, 100, 127, 300, 768, 1001}) {
    std::vector<float> x(n);
    for (float& v : x) v = u(rng) * (rng() % 4 == 0 ? 1e-4f : 1.0f);
    const float want = Documented(x, [](float a, float b) { return a + b; });
    EXPECT_EQ(Bits(SumLanesF32(x.data(), n)), Bits(want)) << "n = " << n;
  }
}

TEST(VectorMathFold, MaxAndMinPropagateNanInEveryPosition) {
  std::mt19937 rng(4);
  std::uniform_real_distribution<float> u(-10, 10);
  for (int64_t n : {32, 64, 95, 150}) {
    for (int64_t at : {int64_t{0}, n / 2, n - 1, int64_t{-1}}) {
      std::vector<float> x(n);
      for (float& v : x) v = u(rng);
      if (at >= 0) x[at] = NAN;
      const float mx = MaxLanesF32(x.data(), n), mn = MinLanesF32(x.data(), n);
      if (at >= 0) {
        EXPECT_TRUE(std::isnan(mx) && std::isnan(mn)) << "n = " << n << ", NaN at " << at;
        continue;
      }
      EXPECT_EQ(mx, *std::max_element(x.begin(), x.end())) << n;
      EXPECT_EQ(mn, *std::min_element(x.begin(), x.end())) << n;
    }
  }
}

}  // namespace
}  // namespace xpar
