// Native reduce-scatter (MPI_Reduce_scatter_block) and all-to-all (MPI_Alltoall) against the
// threads transport, and the collective traffic both transports count. MpiRanksNative.* run only
// under `mpirun -np 4` (ctest: mpi_ranks_4); CollectiveTrafficThreads.* run in the plain unit run.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <thread>

#include "frontends/hlo/hlo_parser.h"
#include "mpi_test_util.h"
#include "runtime/interpreter/collective_hub.h"
#include "runtime/interpreter/combine_util.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/mpi/mpi_runtime.h"

namespace xpar {
namespace {

std::unique_ptr<Module> LoadScatterFixture() { return LoadMpiFixture("scatter_4dev.hlo"); }

// Different values per device, not exactly representable sums (a reduction order shows).
std::vector<Literal> DeviceArgs(const Module& m, int64_t d) {
  return DistinctDeviceArgs(m, d, 0.41, 2, 3);
}

// RunOnDevices with a hub the caller keeps (to read its traffic).
std::vector<Literal> RunThreads(const Module& m, CollectiveHub& hub) {
  std::vector<Literal> out(4);
  std::vector<std::thread> threads;
  for (int64_t d = 0; d < 4; ++d) {
    threads.emplace_back([&, d] {
      DeviceContext dev;
      dev.replica_id = d;
      dev.num_replicas = 4;
      dev.hub = &hub;
      std::vector<Literal> args = DeviceArgs(m, d);
      auto r = Interpreter(m, dev).Run(args);
      if (r.ok()) {
        out[d] = std::move(r).value();
      } else {
        hub.Abort(r.status());
      }
      hub.DeviceFinished(d);
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_TRUE(hub.abort_reason().ok()) << hub.abort_reason().ToString();
  return out;
}

TEST(CollectiveTrafficThreads, CountsRingBytesPerKindAndDevice) {
  auto m = LoadScatterFixture();
  ASSERT_TRUE(m);
  CollectiveHub hub(4);
  RunThreads(*m, hub);
  for (int64_t d = 0; d < 4; ++d) {
    CollectiveTraffic t = hub.Traffic(d);
    // rs0 f32[8,6] over 4: 3/4 * 192; rs1 over 2: 1/2 * 192; rsi s32 over 2: 96; rst 2 x 144.
    EXPECT_EQ(t.by_kind[Opcode::kReduceScatter].calls, 4);
    EXPECT_EQ(t.by_kind[Opcode::kReduceScatter].bytes_sent, 144 + 96 + 96 + 288);
    // a2a0 over 4: 144; a2a1, a2ai over 2: 96 each; tuple form: 3/4 * 4 x 192 = 576.
    EXPECT_EQ(t.by_kind[Opcode::kAllToAll].calls, 4);
    EXPECT_EQ(t.by_kind[Opcode::kAllToAll].bytes_sent, 144 + 96 + 96 + 576);
    EXPECT_EQ(t.total_bytes_sent(), 624 + 912);
  }
  EXPECT_TRUE(hub.Traffic(7).by_kind.empty());
  hub.ResetTraffic();
  EXPECT_TRUE(hub.Traffic(0).by_kind.empty());
}

class MpiRanksNative : public FourMpiRanksTest {
 protected:
  // This rank's device on MPI against the same device in threads (run on every rank).
  void Compare(bool deterministic, CollectiveStats& stats) {
    auto m = LoadScatterFixture();
    ASSERT_TRUE(m);
    CollectiveHub hub(4);
    std::vector<Literal> threads = RunThreads(*m, hub);
    MpiTransport transport(MPI_COMM_WORLD, MpiTransportOptions{deterministic});
    auto mine = RunThisRank(*m, DeviceArgs(*m, rank_), 4, 1, transport);
    ASSERT_TRUE(mine.ok()) << mine.status().ToString();
    const Literal& want = threads[rank_];
    ASSERT_EQ(mine->elements().size(), want.elements().size());
    for (size_t i = 0; i < want.elements().size(); ++i) {
      const Literal &a = mine->elements()[i], &b = want.elements()[i];
      // Float reduce-scatter on the fast path sums in MPI's order: last bits only.
      const bool order_sensitive = !deterministic && (i == 0 || i == 1 || i == 3);
      if (!order_sensitive) {
        EXPECT_TRUE(a == b) << "rank " << rank_ << " output " << i << " differs from threads";
        continue;
      }
      for (size_t leaf = 0; leaf < Leaves(b).size(); ++leaf) {
        const Literal &x = *Leaves(a)[leaf], &y = *Leaves(b)[leaf];
        ASSERT_EQ(x.ElementCount(), y.ElementCount());
        for (int64_t e = 0; e < y.ElementCount(); ++e) {
          EXPECT_NEAR(x.GetAsDouble(e), y.GetAsDouble(e), 1e-5 * (1 + std::fabs(y.GetAsDouble(e))))
              << "rank " << rank_ << " output " << i << " element " << e;
        }
      }
    }
    // Both transports count the same traffic for this device.
    CollectiveTraffic got = transport.Traffic(rank_), expect = hub.Traffic(rank_);
    for (const auto& [kind, e] : expect.by_kind) {
      EXPECT_EQ(got.by_kind[kind].calls, e.calls) << HloOpcodeName(kind);
      EXPECT_EQ(got.by_kind[kind].bytes_sent, e.bytes_sent) << HloOpcodeName(kind);
    }
    EXPECT_EQ(got.by_kind.size(), expect.by_kind.size());
    EXPECT_TRUE(transport.Traffic(rank_ == 0 ? 1 : 0).by_kind.empty());
    stats = transport.stats();
  }

};

TEST_F(MpiRanksNative, FastPathRunsEveryReduceScatterAndAllToAllNatively) {
  CollectiveStats stats;
  Compare(/*deterministic=*/false, stats);
  EXPECT_EQ(stats.by_kind["reduce-scatter"].calls, 4);
  EXPECT_EQ(stats.by_kind["reduce-scatter"].native_calls, 4);
  EXPECT_EQ(stats.by_kind["all-to-all"].native_calls, 4);
}

TEST_F(MpiRanksNative, DeterministicModeKeepsFloatReduceScatterInGroupOrder) {
  CollectiveStats stats;
  Compare(/*deterministic=*/true, stats);
  EXPECT_EQ(stats.by_kind["reduce-scatter"].calls, 4);
  EXPECT_EQ(stats.by_kind["reduce-scatter"].native_calls, 1);  // the s32 maximum
  EXPECT_EQ(stats.by_kind["all-to-all"].native_calls, 4);      // data movement: exact anyway
}

}  // namespace
}  // namespace xpar
