// jax/pjrt sharding target 2x4 for t3k - Shardy negative, sharding [None, "y", None, "x"]
module @jit_neg_shardy3 attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=4]>
  func.func public @main(%arg0: tensor<1x1024x128x1024xf32>) -> (tensor<1x1024x128x1024xf32> {jax.result_info = ""}) {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"y"}, {}, {"x"}]>] out_shardings=[<@mesh, [{}, {"y"}, {}, {"x"}]>] manual_axes={"x", "y"} (%arg1: tensor<1x256x128x512xf32>) {
      %1 = stablehlo.negate %arg1 : tensor<1x256x128x512xf32>
      sdy.return %1 : tensor<1x256x128x512xf32>
    } : (tensor<1x1024x128x1024xf32>) -> tensor<1x1024x128x1024xf32>
    return %0 : tensor<1x1024x128x1024xf32>
  }
}
