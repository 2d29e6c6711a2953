// MPI backend pieces that need no mpirun: literals as flat byte buffers, collective statistics, and
// the threads transport declining native collectives (so it keeps its exact behaviour).
#include "runtime/mpi/mpi_buffers.h"

#include <gtest/gtest.h>

#include <climits>

#include "runtime/interpreter/collective_hub.h"
#include "runtime/mpi/mpi_runtime.h"

namespace xpar {
namespace {

TEST(MpiBuffersTest, NestedTupleRoundTripsThroughBytes) {
  Literal a = Literal::FromVector<float>({2, 2}, {1.5f, -2, 3, 4});
  Literal b = Literal::FromVector<int32_t>({3}, {7, 8, -9});
  Literal c = Literal::Scalar<uint8_t>(5);
  Literal value = Literal::Tuple({a, Literal::Tuple({b, c})});
  EXPECT_EQ(PayloadBytes(value), 16 + 12 + 1);
  std::vector<uint8_t> bytes = Flatten(value);
  ASSERT_EQ(static_cast<int64_t>(bytes.size()), PayloadBytes(value));
  Literal back = Unflatten(bytes.data(), value.shape());
  EXPECT_TRUE(back == value);
}

// Calls stay within int counts and the byte limit, whatever the element width.
TEST(MpiBuffersTest, ElementsPerCallFitIntCountsAndTheLimit) {
  EXPECT_EQ(ElementsPerCall(1024, 4), 256);
  EXPECT_EQ(ElementsPerCall(1024, 3), 341);
  EXPECT_EQ(ElementsPerCall(2, 8), 1);  // one element even past the limit
  EXPECT_EQ(ElementsPerCall(int64_t{1} << 40, 1), INT_MAX);
  EXPECT_EQ(ElementsPerCall(kDefaultMaxMessageBytes, 2), int64_t{1} << 29);
}

TEST(MpiBuffersTest, StatsAccumulatePerKind) {
  CollectiveStats s;
  s.Add("all-reduce", true, 16, 16);
  s.Add("all-reduce", false, 8, 32);
  s.Add("all-gather", true, 4, 16);
  EXPECT_EQ(s.by_kind["all-reduce"].calls, 2);
  EXPECT_EQ(s.by_kind["all-reduce"].native_calls, 1);
  EXPECT_EQ(s.by_kind["all-reduce"].bytes_in, 24);
  EXPECT_EQ(s.by_kind["all-reduce"].bytes_out, 48);
  EXPECT_NE(s.ToString().find("all-gather"), std::string::npos);
}

TEST(MpiBuffersTest, ThreadsHubDeclinesNativeCollectives) {
  CollectiveHub hub(2);
  CollectiveTransport& transport = hub;
  NativeCollective call;
  call.kind = Opcode::kAllReduce;
  auto r = transport.RunNative(call);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->has_value());
}

TEST(MpiBuffersTest, DeterministicModeFromEnvironment) {
  setenv("XPAR_MPI_DETERMINISTIC", "1", 1);
  EXPECT_TRUE(MpiTransportOptions::FromEnvironment().deterministic);
  setenv("XPAR_MPI_DETERMINISTIC", "0", 1);
  EXPECT_FALSE(MpiTransportOptions::FromEnvironment().deterministic);
  unsetenv("XPAR_MPI_DETERMINISTIC");
  EXPECT_FALSE(MpiTransportOptions::FromEnvironment().deterministic);
}

}  // namespace
}  // namespace xpar
