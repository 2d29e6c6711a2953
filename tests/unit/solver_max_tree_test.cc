// The fast backend's range-add / range-max tree over time steps (solver/fast_model.h) against a
// plain array: sizes that are and are not powers of two, negative and large additions, maxima
// of sub-ranges, and ArgMax naming the first step that holds the maximum.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "solver/fast_model.h"

namespace xpar::solver::fast {
namespace {

TEST(SolverMaxTree, MatchesAnArrayUnderRandomAddsAndQueries) {
  std::mt19937 rng(7);
  for (int size : {1, 2, 3, 5, 8, 13, 16, 31, 64, 100, 257}) {
    MaxTree tree(size);
    std::vector<int64_t> a(size, 0);
    for (int op = 0; op < 400; ++op) {
      int lo = static_cast<int>(rng() % size), hi = lo + 1 + static_cast<int>(rng() % (size - lo));
      int64_t delta = static_cast<int64_t>(rng() % 2'000'001) - 1'000'000;
      if (op % 7 == 0) delta *= 1'000'000'000;  // real usages: up to ~1e15 bytes
      tree.Add(lo, hi, delta);
      for (int t = lo; t < hi; ++t) a[t] += delta;
      int qlo = static_cast<int>(rng() % size);
      int qhi = qlo + 1 + static_cast<int>(rng() % (size - qlo));
      ASSERT_EQ(tree.Max(qlo, qhi), *std::max_element(a.begin() + qlo, a.begin() + qhi))
          << "size " << size << " op " << op << " [" << qlo << ", " << qhi << ")";
      ASSERT_EQ(tree.Max(), *std::max_element(a.begin(), a.end())) << "size " << size;
      ASSERT_EQ(tree.ArgMax(), std::max_element(a.begin(), a.end()) - a.begin())
          << "size " << size << " op " << op;
    }
  }
}

TEST(SolverMaxTree, EmptyRangesAndZeroAddsChangeNothing) {
  MaxTree tree(6);
  tree.Add(2, 5, 10);
  tree.Add(3, 3, 99);
  tree.Add(0, 6, 0);
  EXPECT_EQ(tree.Max(), 10);
  EXPECT_EQ(tree.ArgMax(), 2);
  EXPECT_EQ(tree.Max(0, 2), 0);
  EXPECT_EQ(tree.Max(4, 4), INT64_MIN);
  EXPECT_EQ(MaxTree(0).Max(), 0);
}

}  // namespace
}  // namespace xpar::solver::fast
