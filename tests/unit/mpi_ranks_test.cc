// The MPI backend against the threads backend, one device per rank. These tests only run under
// `mpirun -np 4` (ctest: mpi_ranks_4; they skip in the plain unit run): every rank runs the module
// with RunOnDevices in threads too and compares its own device's result.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "frontends/hlo/hlo_parser.h"
#include "mpi_test_util.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/mpi/mpi_runtime.h"

namespace xpar {
namespace {

[[maybe_unused]] ::testing::Environment* const kMpiEnv =
    ::testing::AddGlobalTestEnvironment(new MpiFinalizer);

std::unique_ptr<Module> LoadFixture(const std::string& name) { return LoadMpiFixture(name); }

// Device d's arguments: different per device, so a different reduction order shows.
std::vector<Literal> DeviceArgs(const Module& m, int64_t d) {
  return DistinctDeviceArgs(m, d, 0.37, 3, 5);
}

class MpiRanks : public FourMpiRanksTest {
 protected:
  // Runs `m` on 4 devices in threads (on every rank) and on the 4 ranks; compares this rank's
  // device: bit for bit when deterministic, else within `rtol`.
  void Compare(const Module& m, int64_t replicas, int64_t partitions, bool deterministic,
               double rtol, CollectiveStats* stats = nullptr) {
    std::vector<std::vector<Literal>> all;
    for (int64_t d = 0; d < 4; ++d) all.push_back(DeviceArgs(m, d));
    auto threads = RunOnDevices(m, all, replicas, partitions);
    ASSERT_TRUE(threads.ok()) << threads.status().ToString();
    MpiTransport transport(MPI_COMM_WORLD, MpiTransportOptions{deterministic});
    ASSERT_TRUE(CheckMpiWorld(transport, replicas, partitions).ok());
    auto mine = RunThisRank(m, all[rank_], replicas, partitions, transport);
    ASSERT_TRUE(mine.ok()) << mine.status().ToString();
    const Literal& want = (*threads)[rank_];
    if (deterministic) {
      EXPECT_TRUE(*mine == want) << "rank " << rank_ << " differs from the threads run";
    } else {
      ExpectClose(*mine, want, rtol, "rank " + std::to_string(rank_) + " out");
    }
    if (stats) *stats = transport.stats();
  }

};

TEST_F(MpiRanks, EveryCollectiveBitIdenticalWhenDeterministic) {
  auto m = LoadFixture("collectives_4dev.hlo");
  ASSERT_TRUE(m);
  CollectiveStats stats;
  Compare(*m, 4, 1, /*deterministic=*/true, 0, &stats);
  // Floating all-reduce took the exchange path; gathers and permutes stay native.
  EXPECT_EQ(stats.by_kind["all-reduce"].calls, 4);
  EXPECT_EQ(stats.by_kind["all-reduce"].native_calls, 1);  // the s32 maximum
  EXPECT_EQ(stats.by_kind["all-gather"].native_calls, 2);
  EXPECT_EQ(stats.by_kind["collective-permute"].native_calls, 2);
  EXPECT_EQ(stats.by_kind["reduce-scatter"].native_calls, 0);
  EXPECT_EQ(stats.by_kind["all-to-all"].calls, 1);
}

TEST_F(MpiRanks, EveryCollectiveWithinToleranceOnTheFastPath) {
  auto m = LoadFixture("collectives_4dev.hlo");
  ASSERT_TRUE(m);
  CollectiveStats stats;
  Compare(*m, 4, 1, /*deterministic=*/false, 1e-5, &stats);
  // MPI_Allreduce for sum (plain and tuple) and max; the scaled sum is not a plain reducer.
  EXPECT_EQ(stats.by_kind["all-reduce"].native_calls, 3);
  // Native: ar and arm one f32/s32[8,6] each, art two; arg one more through the exchange.
  EXPECT_EQ(stats.by_kind["all-reduce"].bytes_in, 5 * 8 * 6 * 4);
}

TEST_F(MpiRanks, ReplicasAndPartitionsBitIdentical) {
  auto m = LoadFixture("partitions_2x2.hlo");
  ASSERT_TRUE(m);
  Compare(*m, 2, 2, /*deterministic=*/true, 0);
}

TEST_F(MpiRanks, ResultsGatheredOnRankZero) {
  auto m = LoadFixture("partitions_2x2.hlo");
  ASSERT_TRUE(m);
  std::vector<std::vector<Literal>> all;
  for (int64_t d = 0; d < 4; ++d) all.push_back(DeviceArgs(*m, d));
  auto threads = RunOnDevices(*m, all, 2, 2);
  ASSERT_TRUE(threads.ok()) << threads.status().ToString();
  auto gathered = RunOnMpi(*m, all[rank_], 2, 2, 0, MpiTransportOptions{true});
  ASSERT_TRUE(gathered.ok()) << gathered.status().ToString();
  if (rank_ != 0) {
    EXPECT_TRUE(gathered->empty());
    return;
  }
  ASSERT_EQ(gathered->size(), 4u);
  for (size_t d = 0; d < 4; ++d) EXPECT_TRUE((*gathered)[d] == (*threads)[d]) << "device " << d;
}

TEST_F(MpiRanks, WrongWorldSizeIsAClearErrorOnEveryRank) {
  MpiTransport transport(MPI_COMM_WORLD);
  Status s = CheckMpiWorld(transport, 2, 1);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("mpirun started 4 ranks"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace xpar
