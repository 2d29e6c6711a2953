// MPI transfers split into pieces (runtime/mpi/mpi_chunked.h) with a tiny injected size limit, so
// the multi-piece paths run on small data. Only under `mpirun -np 4` (ctest mpi_ranks_4).
#include <gtest/gtest.h>

#include <numeric>

#include "mpi_test_util.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/mpi/mpi_chunked.h"

namespace xpar {
namespace {

[[maybe_unused]] ::testing::Environment* const kMpiEnv =
    ::testing::AddGlobalTestEnvironment(new MpiFinalizer);

// 40 bytes per call: 10 f32, 5 s64, and sizes below that do not divide evenly.
constexpr int64_t kTinyLimit = 40;

class MpiRanksChunked : public FourMpiRanksTest {};

// Byte i of rank r's contribution (distinct per rank and position).
uint8_t Byte(int r, int64_t i) { return static_cast<uint8_t>((r * 131 + i * 7) & 0xff); }

TEST_F(MpiRanksChunked, AllgatherAndAlltoallInPiecesMatchTheirDefinition) {
  for (int64_t limit : {kTinyLimit, kDefaultMaxMessageBytes}) {  // pieces, then one call
    const int64_t bytes = 1003;
    std::vector<uint8_t> mine(bytes), all(4 * bytes);
    for (int64_t i = 0; i < bytes; ++i) mine[i] = Byte(rank_, i);
    ASSERT_TRUE(ChunkedAllgather(mine.data(), bytes, all.data(), MPI_COMM_WORLD, limit).ok());
    for (int r = 0; r < 4; ++r) {
      for (int64_t i = 0; i < bytes; ++i) ASSERT_EQ(all[r * bytes + i], Byte(r, i)) << limit;
    }
    // Block j of rank r holds Byte(r * 4 + j, i); rank r receives block r of every member.
    std::vector<uint8_t> send(4 * bytes), recv(4 * bytes);
    for (int j = 0; j < 4; ++j) {
      for (int64_t i = 0; i < bytes; ++i) send[j * bytes + i] = Byte(rank_ * 4 + j, i);
    }
    ASSERT_TRUE(ChunkedAlltoall(send.data(), bytes, recv.data(), MPI_COMM_WORLD, limit).ok());
    for (int r = 0; r < 4; ++r) {
      for (int64_t i = 0; i < bytes; ++i) ASSERT_EQ(recv[r * bytes + i], Byte(r * 4 + rank_, i));
    }
  }
}

TEST_F(MpiRanksChunked, ReductionsInPiecesMatchTheirDefinition) {
  for (int64_t limit : {kTinyLimit, kDefaultMaxMessageBytes}) {
    const int64_t block = 37;  // per member; 4 * 37 s64 in all
    std::vector<int64_t> x(4 * block), sum(4 * block), scattered(block);
    for (int64_t i = 0; i < 4 * block; ++i) x[i] = (rank_ + 1) * 1000 + i;
    ASSERT_TRUE(ChunkedAllreduce(x.data(), sum.data(), 4 * block, MPI_INT64_T, MPI_SUM,
                                 MPI_COMM_WORLD, limit).ok());
    for (int64_t i = 0; i < 4 * block; ++i) ASSERT_EQ(sum[i], 10000 + 4 * i) << limit;
    ASSERT_TRUE(ChunkedReduceScatterBlock(x.data(), scattered.data(), block, MPI_INT64_T, MPI_SUM,
                                          MPI_COMM_WORLD, limit).ok());
    for (int64_t i = 0; i < block; ++i) ASSERT_EQ(scattered[i], 10000 + 4 * (rank_ * block + i));
  }
}

TEST_F(MpiRanksChunked, RingSendrecvAndPointToPointInPieces) {
  const int64_t bytes = 517;
  std::vector<uint8_t> mine(bytes), from_left(bytes);
  for (int64_t i = 0; i < bytes; ++i) mine[i] = Byte(rank_, i);
  const int right = (rank_ + 1) % 4, left = (rank_ + 3) % 4;
  ASSERT_TRUE(ChunkedSendrecv(mine.data(), from_left.data(), bytes, right, left, 3,
                              MPI_COMM_WORLD, kTinyLimit).ok());
  for (int64_t i = 0; i < bytes; ++i) ASSERT_EQ(from_left[i], Byte(left, i));
  if (rank_ == 0) {
    for (int r = 1; r < 4; ++r) {
      std::vector<uint8_t> got(bytes);
      ASSERT_TRUE(ChunkedRecv(got.data(), bytes, r, 4, MPI_COMM_WORLD, kTinyLimit).ok());
      for (int64_t i = 0; i < bytes; ++i) ASSERT_EQ(got[i], Byte(r, i));
    }
  } else {
    ASSERT_TRUE(ChunkedSend(mine.data(), bytes, 0, 4, MPI_COMM_WORLD, kTinyLimit).ok());
  }
}

// Every collective kind and the result gather with the tiny limit, against the threads run.
class MpiRanksChunkedCollectives : public FourMpiRanksTest {
 protected:
  void Compare(const std::string& fixture, bool deterministic) {
    auto m = LoadMpiFixture(fixture);
    ASSERT_TRUE(m);
    std::vector<std::vector<Literal>> all;
    for (int64_t d = 0; d < 4; ++d) all.push_back(DistinctDeviceArgs(*m, d, 0.37, 3, 5));
    auto threads = RunOnDevices(*m, all, 4, 1);
    ASSERT_TRUE(threads.ok()) << threads.status().ToString();
    MpiTransportOptions options;
    options.deterministic = deterministic;
    options.max_message_bytes = kTinyLimit;
    auto gathered = RunOnMpi(*m, all[rank_], 4, 1, 0, options);
    ASSERT_TRUE(gathered.ok()) << gathered.status().ToString();
    if (rank_ != 0) return;
    ASSERT_EQ(gathered->size(), 4u);
    for (size_t d = 0; d < 4; ++d) {
      if (deterministic) {
        EXPECT_TRUE((*gathered)[d] == (*threads)[d]) << fixture << " device " << d;
      } else {
        ExpectClose((*gathered)[d], (*threads)[d], 1e-5, fixture + " device " + std::to_string(d));
      }
    }
  }
};

TEST_F(MpiRanksChunkedCollectives, BitIdenticalWhenDeterministic) {
  Compare("collectives_4dev.hlo", true);
  Compare("scatter_4dev.hlo", true);
}

TEST_F(MpiRanksChunkedCollectives, NativePathsWithinTolerance) {
  Compare("collectives_4dev.hlo", false);
  Compare("scatter_4dev.hlo", false);
}

}  // namespace
}  // namespace xpar
