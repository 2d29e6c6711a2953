// libFuzzer target: plan JSON (`xpar partition --plan`), applied to a fixed two-layer MLP as the
// CLI does it: the plan's mesh, its shardings matched by instruction name, then SPMD
// partitioning. An annotation the partitioner accepts must give a module that verifies.
#include <cstddef>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "fuzz/fuzz_util.h"
#include "passes/auto_sharding/plan_export.h"
#include "passes/spmd/spmd_partitioner.h"
#include "sharding/mesh.h"

namespace {

constexpr const char* kModule = R"(HloModule mlp
sum {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ENTRY main {
  x = f32[8,16] parameter(0)
  w1 = f32[16,12] parameter(1)
  w2 = f32[12,4] parameter(2)
  h = f32[8,12] dot(x, w1), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  act = f32[8,12] tanh(h)
  y = f32[8,4] dot(act, w2), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  zero = f32[] constant(0)
  sq = f32[8,4] multiply(y, y)
  loss = f32[] reduce(sq, zero), dimensions={0,1}, to_apply=sum
  ROOT out = (f32[8,4], f32[]) tuple(y, loss)
})";

// Partitioning for thousands of devices is legitimate but slow; the fuzzer keeps to small meshes.
constexpr int64_t kMaxFuzzDevices = 64;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  nlohmann::json plan = nlohmann::json::parse(data, data + size, nullptr, false);
  if (plan.is_discarded()) return 0;
  std::string mesh_text = "2x2";
  if (plan.is_object() && plan.contains("mesh") && plan["mesh"].is_string()) {
    mesh_text = plan["mesh"].get<std::string>();
  }
  auto mesh = xpar::Mesh::Parse(mesh_text);
  if (!mesh.ok() || mesh->num_devices() > kMaxFuzzDevices) return 0;
  auto module = xpar::ParseHloModule(kModule, "mlp.hlo");
  if (!module.ok()) xpar::fuzz::Fail("the fixed module does not parse", module.status().message());
  if (!xpar::AnnotateModuleFromJson(**module, plan, *mesh).ok()) return 0;
  auto partitioned = xpar::PartitionModule(**module, *mesh);
  if (!partitioned.ok()) return 0;
  xpar::Status verified = xpar::VerifyModule(**partitioned);
  if (!verified.ok()) {
    xpar::fuzz::Fail("a partitioned module does not verify",
                     verified.message() + "\n" + xpar::PrintModule(**partitioned));
  }
  return 0;
}
