// A JAX-style training step written with shard_map on a 2x2 mesh, in the form
// jax.jit(step).lower(...).as_text() prints with Shardy: Megatron-style tensor parallelism over
// "y" (w1 split by columns, w2 by rows, a psum after the second matmul) and data parallelism
// over "x" (the batch split, gradients and loss psum'ed over "x"), then SGD with lr 0.1. The
// fifth result all-gathers the predictions over "x"; the sixth is each device's partition id.
// Written by hand from the Shardy dialect documentation (see PROVENANCE.md).
//   def local(w1, w2, x, y):               # per device: w1 16x16, w2 16x4, x 4x16, y 4x4
//     h = relu(x @ w1); out = psum(h @ w2, "y"); d = out - y
//     loss = psum(sum(d * d), "x") / 32;  g = d * 2 / 32
//     gw2 = psum(h.T @ g, "x"); gh = where(h > 0, g @ w2.T, 0); gw1 = psum(x.T @ gh, "x")
//     return loss, w1 - 0.1 * gw1, w2 - 0.1 * gw2, all_gather(out, "x"), axis_index
module @jit_step attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func public @main(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>},
                         %arg1: tensor<32x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>},
                         %arg2: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                         %arg3: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
      -> (tensor<f32> {jax.result_info = "[0]"},
          tensor<16x32xf32> {jax.result_info = "[1]", sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>},
          tensor<32x4xf32> {jax.result_info = "[2]", sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>},
          tensor<8x4xf32> {jax.result_info = "[3]"},
          tensor<4xui32> {jax.result_info = "[4]", sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}]>}) {
    %0:5 = sdy.manual_computation(%arg0, %arg1, %arg2, %arg3) in_shardings=[<@mesh, [{}, {"y"}]>, <@mesh, [{"y"}, {}]>, <@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, []>, <@mesh, [{}, {"y"}]>, <@mesh, [{"y"}, {}]>, <@mesh, [{}, {}]>, <@mesh, [{"x", "y"}]>] manual_axes={"x", "y"} (%arg4: tensor<16x16xf32>, %arg5: tensor<16x4xf32>, %arg6: tensor<4x16xf32>, %arg7: tensor<4x4xf32>) {
      %1 = stablehlo.dot_general %arg6, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
      %3 = stablehlo.maximum %1, %2 : tensor<4x16xf32>
      %4 = stablehlo.dot_general %3, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<16x4xf32>) -> tensor<4x4xf32>
      %5 = "stablehlo.all_reduce"(%4) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
      ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
        %30 = stablehlo.add %arg8, %arg9 : tensor<f32>
        stablehlo.return %30 : tensor<f32>
      }) : (tensor<4x4xf32>) -> tensor<4x4xf32>
      %6 = stablehlo.subtract %5, %arg7 : tensor<4x4xf32>
      %7 = stablehlo.multiply %6, %6 : tensor<4x4xf32>
      %8 = stablehlo.reduce(%7 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x4xf32>, tensor<f32>) -> tensor<f32>
      %9 = "stablehlo.all_reduce"(%8) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
      ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
        %30 = stablehlo.add %arg8, %arg9 : tensor<f32>
        stablehlo.return %30 : tensor<f32>
      }) : (tensor<f32>) -> tensor<f32>
      %cst_0 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
      %10 = stablehlo.divide %9, %cst_0 : tensor<f32>
      %cst_1 = stablehlo.constant dense<6.250000e-02> : tensor<4x4xf32>
      %11 = stablehlo.multiply %6, %cst_1 : tensor<4x4xf32>
      %12 = stablehlo.dot_general %3, %11, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<4x4xf32>) -> tensor<16x4xf32>
      %13 = "stablehlo.all_reduce"(%12) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
      ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
        %30 = stablehlo.add %arg8, %arg9 : tensor<f32>
        stablehlo.return %30 : tensor<f32>
      }) : (tensor<16x4xf32>) -> tensor<16x4xf32>
      %14 = stablehlo.dot_general %11, %arg5, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x4xf32>, tensor<16x4xf32>) -> tensor<4x16xf32>
      %15 = stablehlo.compare  GT, %1, %2,  FLOAT : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xi1>
      %16 = stablehlo.select %15, %14, %2 : tensor<4x16xi1>, tensor<4x16xf32>
      %17 = stablehlo.dot_general %arg6, %16, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<16x16xf32>
      %18 = "stablehlo.all_reduce"(%17) <{channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
      ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
        %30 = stablehlo.add %arg8, %arg9 : tensor<f32>
        stablehlo.return %30 : tensor<f32>
      }) : (tensor<16x16xf32>) -> tensor<16x16xf32>
      %cst_2 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
      %19 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
      %20 = stablehlo.multiply %19, %18 : tensor<16x16xf32>
      %21 = stablehlo.subtract %arg4, %20 : tensor<16x16xf32>
      %22 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16x4xf32>
      %23 = stablehlo.multiply %22, %13 : tensor<16x4xf32>
      %24 = stablehlo.subtract %arg5, %23 : tensor<16x4xf32>
      %25 = "stablehlo.all_gather"(%5) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>, use_global_device_ids}> : (tensor<4x4xf32>) -> tensor<8x4xf32>
      %26 = stablehlo.partition_id : tensor<ui32>
      %27 = stablehlo.reshape %26 : (tensor<ui32>) -> tensor<1xui32>
      sdy.return %10, %21, %24, %25, %27 : tensor<f32>, tensor<16x16xf32>, tensor<16x4xf32>, tensor<8x4xf32>, tensor<1xui32>
    } : (tensor<16x32xf32>, tensor<32x4xf32>, tensor<8x16xf32>, tensor<8x4xf32>) -> (tensor<f32>, tensor<16x32xf32>, tensor<32x4xf32>, tensor<8x4xf32>, tensor<4xui32>)
    return %0#0, %0#1, %0#2, %0#3, %0#4 : tensor<f32>, tensor<16x32xf32>, tensor<32x4xf32>, tensor<8x4xf32>, tensor<4xui32>
  }
}
