// bf16/f16 all-reduce under MPI runs natively (MPI_Allreduce on 16-bit words with an op that
// combines in f32), never as an all-gather of every rank's buffer; its ring traffic is 2(n-1)/n
// of the buffer per rank. MpiRanksHalf.* run only under `mpirun -np 4` (ctest mpi_ranks_4).
#include <gtest/gtest.h>

#include <cmath>

#include "mpi_test_util.h"
#include "runtime/interpreter/collective_hub.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/mpi/mpi_transport.h"

namespace xpar {
namespace {

constexpr char kHalfAllReduce[] = R"(HloModule half_all_reduce
add_bf16 {
  a = bf16[] parameter(0)
  b = bf16[] parameter(1)
  ROOT r = bf16[] add(a, b)
}
max_f16 {
  a = f16[] parameter(0)
  b = f16[] parameter(1)
  ROOT r = f16[] maximum(b, a)
}
ENTRY e {
  x = bf16[4096] parameter(0)
  y = f16[1000] parameter(1)
  s = bf16[4096] all-reduce(x), replica_groups={{0,1,2,3}}, to_apply=add_bf16
  m = f16[1000] all-reduce(y), replica_groups={{0,1,2,3}}, to_apply=max_f16
  ROOT t = (bf16[4096], f16[1000]) tuple(s, m)
}
)";

class MpiRanksHalf : public FourMpiRanksTest {};

TEST_F(MpiRanksHalf, AllReduceIsNativeAndMatchesThreads) {
  auto m = ParseHloModule(kHalfAllReduce);
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  const Module& module = **m;
  std::vector<std::vector<Literal>> per_device;
  for (int64_t d = 0; d < 4; ++d) per_device.push_back(DistinctDeviceArgs(module, d, 0.37, 1, 1));
  auto threads = RunOnDevices(module, per_device, 4, 1);
  ASSERT_TRUE(threads.ok()) << threads.status().ToString();
  MpiTransport transport(MPI_COMM_WORLD, MpiTransportOptions{/*deterministic=*/false});
  auto mine = RunThisRank(module, per_device[rank_], 4, 1, transport);
  ASSERT_TRUE(mine.ok()) << mine.status().ToString();
  const Literal& want = (*threads)[rank_];
  // Sums of four values in [-1, 1], rounded to bf16 after each step in MPI's order.
  const Literal &sum = mine->elements()[0], &sum_want = want.elements()[0];
  for (int64_t i = 0; i < sum.ElementCount(); ++i) {
    ASSERT_NEAR(sum.GetAsDouble(i), sum_want.GetAsDouble(i), 0.05) << "rank " << rank_ << " " << i;
  }
  EXPECT_TRUE(mine->elements()[1] == want.elements()[1]) << "maximum is exact";
  const CollectiveStats& stats = transport.stats();
  auto it = stats.by_kind.find("all-reduce");
  ASSERT_NE(it, stats.by_kind.end());
  EXPECT_EQ(it->second.calls, 2);
  EXPECT_EQ(it->second.native_calls, 2);
  EXPECT_EQ(it->second.bytes_out, it->second.bytes_in);  // not 4x: nothing was gathered
  // The runtime's traffic counter: ring all-reduce, 2(n-1)/n of each buffer per rank.
  EXPECT_EQ(transport.Traffic(rank_).by_kind[Opcode::kAllReduce].bytes_sent,
            4096 * 2 * 2 * 3 / 4 + 1000 * 2 * 2 * 3 / 4);
}

}  // namespace
}  // namespace xpar
