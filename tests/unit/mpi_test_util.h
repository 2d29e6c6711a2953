// Shared by the MPI gtests: the fixtures of tests/lit/mpi/Inputs and per-device arguments whose
// reduction order shows in the low bits.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "frontends/hlo/hlo_parser.h"
#include "runtime/mpi/mpi_runtime.h"

namespace xpar {

// Finalizes MPI once after all tests (a no-op when it was never initialized).
class MpiFinalizer : public ::testing::Environment {
 public:
  void TearDown() override { FinalizeMpi(); }
};

// Tests that run one device per rank: only under `mpirun -np 4` (ctest mpi_ranks_4); skipped in
// the plain unit run. rank_ is this process's rank.
class FourMpiRanksTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!UnderMpi()) GTEST_SKIP() << "runs only under mpirun -np 4 (ctest mpi_ranks_4)";
    auto w = InitMpi();
    ASSERT_TRUE(w.ok()) << w.status().ToString();
    if (w->size != 4) GTEST_SKIP() << "needs 4 ranks, has " << w->size;
    rank_ = w->rank;
  }
  int rank_ = 0;
};

// tests/lit/mpi/Inputs/`name` ($XPAR_MPI_FIXTURES, else the directory compiled in).
inline std::unique_ptr<Module> LoadMpiFixture(const std::string& name) {
  const char* dir = std::getenv("XPAR_MPI_FIXTURES");
  const std::string path = std::string(dir ? dir : XPAR_MPI_FIXTURE_DIR) + "/" + name;
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  auto m = ParseHloModule(text.str(), path);
  EXPECT_TRUE(m.ok()) << m.status().ToString();
  return m.ok() ? std::move(m).value() : nullptr;
}

// Device d's arguments: sin(freq * (i+1) * (d+offset)) * (1 + 1e3 * (i % period)), different per
// device and not exactly representable sums.
inline std::vector<Literal> DistinctDeviceArgs(const Module& m, int64_t d, double freq,
                                               int64_t offset, int64_t period) {
  std::vector<Literal> args;
  for (const Instruction* p : m.entry()->parameters()) {
    Literal l(p->shape());
    for (int64_t i = 0; i < l.ElementCount(); ++i) {
      l.SetFromDouble(i, std::sin(freq * static_cast<double>(i + 1) *
                                  static_cast<double>(d + offset)) *
                             (1.0 + 1e3 * static_cast<double>(i % period)));
    }
    args.push_back(std::move(l));
  }
  return args;
}

// `got` within rtol * max|want| of `want`, leaf by leaf (`where` names the value in failures).
inline void ExpectClose(const Literal& got, const Literal& want, double rtol, const std::string& where) {
  ASSERT_EQ(got.shape().IsTuple(), want.shape().IsTuple()) << where;
  if (want.shape().IsTuple()) {
    ASSERT_EQ(got.elements().size(), want.elements().size()) << where;
    for (size_t i = 0; i < want.elements().size(); ++i) {
      ExpectClose(got.elements()[i], want.elements()[i], rtol, where + "." + std::to_string(i));
    }
    return;
  }
  ASSERT_EQ(got.ElementCount(), want.ElementCount()) << where;
  double scale = 0;
  for (int64_t i = 0; i < want.ElementCount(); ++i) {
    scale = std::max(scale, std::fabs(want.GetAsDouble(i)));
  }
  for (int64_t i = 0; i < want.ElementCount(); ++i) {
    ASSERT_LE(std::fabs(got.GetAsDouble(i) - want.GetAsDouble(i)), rtol * scale)
        << where << " element " << i;
  }
}

}  // namespace xpar
