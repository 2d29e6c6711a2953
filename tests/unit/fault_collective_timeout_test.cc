// Faults in the threads runtime: a device that never joins a collective stops the whole run
// within the collective timeout, with an error naming the device that did not come; the other
// devices (waiting, or busy in a loop) stop too instead of hanging the run.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "frontends/hlo/hlo_parser.h"
#include "runtime/interpreter/collective_hub.h"
#include "runtime/interpreter/interpreter.h"

namespace xpar {
namespace {

using std::chrono::milliseconds;
using std::chrono::steady_clock;

// Restores the process-wide timeout when a test ends.
class FaultCollectiveTimeoutTest : public testing::Test {
 protected:
  void SetUp() override { saved_ = CollectiveTimeout(); }
  void TearDown() override { SetCollectiveTimeout(saved_); }
  milliseconds saved_{0};
};

double SecondsSince(steady_clock::time_point start) {
  return std::chrono::duration<double>(steady_clock::now() - start).count();
}

TEST_F(FaultCollectiveTimeoutTest, MissingDeviceTimesOutAndAbortsTheHub) {
  SetCollectiveTimeout(milliseconds(300));
  CollectiveHub hub(3);
  const int op = 0;
  const int64_t group[] = {0, 1, 2};
  Expected<std::shared_ptr<const std::vector<Literal>>> first(Internal("not run"));
  auto start = steady_clock::now();
  // Devices 0 and 1 arrive; device 2 never does.
  std::thread other([&] { (void)hub.Exchange(&op, 1, group, Literal::Scalar<float>(1)); });
  first = hub.Exchange(&op, 0, group, Literal::Scalar<float>(0));
  other.join();
  double waited = SecondsSince(start);
  ASSERT_FALSE(first.ok());
  EXPECT_NE(first.status().message().find("collective timed out"), std::string::npos)
      << first.status().message();
  EXPECT_NE(first.status().message().find("for device(s) 2 of group {0,1,2}"), std::string::npos)
      << first.status().message();
  EXPECT_GE(waited, 0.25);
  EXPECT_LT(waited, 10.0);  // bounded: the timeout, not forever
  // The device's runner aborts the hub (RunOnDevices does); the late device then fails at once.
  hub.Abort(first.status());
  auto late = hub.Exchange(&op, 2, group, Literal::Scalar<float>(2));
  ASSERT_FALSE(late.ok());
  EXPECT_NE(late.status().message().find("collective abandoned: collective timed out"),
            std::string::npos)
      << late.status().message();
}

TEST_F(FaultCollectiveTimeoutTest, ArrivalInTimeIsNotATimeout) {
  SetCollectiveTimeout(milliseconds(5000));
  CollectiveHub hub(2);
  const int op = 0;
  const int64_t group[] = {0, 1};
  std::thread other([&] {
    std::this_thread::sleep_for(milliseconds(50));
    (void)hub.Exchange(&op, 1, group, Literal::Scalar<float>(1));
  });
  auto r = hub.Exchange(&op, 0, group, Literal::Scalar<float>(0));
  other.join();
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ((**r).size(), 2u);
}

TEST_F(FaultCollectiveTimeoutTest, RecvWithoutSenderTimesOut) {
  SetCollectiveTimeout(milliseconds(200));
  CollectiveHub hub(2);  // device 1 never finishes and never sends
  auto r = hub.Recv(/*channel=*/7, /*device=*/0);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("recv on channel 7 by device 0 timed out"),
            std::string::npos)
      << r.status().message();
}

// Device 0 waits at an all-reduce that device 1 never reaches: device 1 spins in a loop with no
// end. The timeout names device 1 and the all-reduce; device 1's loop stops on the abort, so
// RunOnDevices returns instead of hanging.
TEST_F(FaultCollectiveTimeoutTest, RunStopsWhenADeviceNeverArrives) {
  SetCollectiveTimeout(milliseconds(500));
  auto m = ParseHloModule(R"(HloModule stuck
sum {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
cond {
  cp = f32[] parameter(0)
  ROOT t = pred[] constant(true)
}
body {
  bp = f32[] parameter(0)
  one = f32[] constant(1)
  ROOT n = f32[] add(bp, one)
}
reduce_branch {
  rp = f32[] parameter(0)
  ROOT ar = f32[] all-reduce(rp), replica_groups={{0,1}}, to_apply=sum
}
spin_branch {
  sp = f32[] parameter(0)
  ROOT w = f32[] while(sp), condition=cond, body=body
}
ENTRY main {
  x = f32[] parameter(0)
  rid = u32[] replica-id()
  zero = u32[] constant(0)
  first = pred[] compare(rid, zero), direction=EQ
  ROOT out = f32[] conditional(first, x, x), true_computation=reduce_branch, false_computation=spin_branch
}
)");
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  std::vector<std::vector<Literal>> args(2);
  for (auto& a : args) a.push_back(Literal::Scalar<float>(1));
  auto start = steady_clock::now();
  auto r = RunOnDevices(**m, std::move(args), 2, 1);
  double waited = SecondsSince(start);
  ASSERT_FALSE(r.ok());
  const std::string& msg = r.status().message();
  EXPECT_NE(msg.find("all-reduce"), std::string::npos) << msg;
  EXPECT_NE(msg.find("device 0 waited"), std::string::npos) << msg;
  EXPECT_NE(msg.find("for device(s) 1 of group {0,1}"), std::string::npos) << msg;
  EXPECT_LT(waited, 30.0);
}

}  // namespace
}  // namespace xpar
