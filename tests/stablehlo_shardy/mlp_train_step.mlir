// A JAX-style MLP training step (forward, mean-squared-error, backward, SGD with lr 0.1) with
// Shardy annotations on a 2x2 mesh: batch over "x", hidden features over "y". Written by hand
// from the Shardy dialect documentation in the form jax.jit(...).lower(...).as_text() prints
// (see PROVENANCE.md).
module @jit_train_step attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func public @main(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>},
                         %arg1: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>},
                         %arg2: tensor<32x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>},
                         %arg3: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}]>},
                         %arg4: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}], replicated={"y"}>},
                         %arg5: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p1, {}]>})
      -> (tensor<f32> {jax.result_info = "[0]"},
          tensor<16x32xf32> {jax.result_info = "[1][0]", sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>},
          tensor<32xf32> {jax.result_info = "[1][1]", sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>},
          tensor<32x4xf32> {jax.result_info = "[1][2]", sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>},
          tensor<4xf32> {jax.result_info = "[1][3]"}) {
    %0 = stablehlo.dot_general %arg4, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k],[k, j])->([i, j]) {i=8, j=32, k=16}, reduction={k}>} : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<32xf32>) -> tensor<8x32xf32>
    %2 = stablehlo.add %0, %1 : tensor<8x32xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x32xf32>
    %4 = stablehlo.maximum %2, %3 : tensor<8x32xf32>
    %5 = sdy.sharding_constraint %4 <@mesh, [{"x"}, {"y"}]> : tensor<8x32xf32>
    %6 = stablehlo.dot_general %5, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x32xf32>, tensor<32x4xf32>) -> tensor<8x4xf32>
    %7 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<4xf32>) -> tensor<8x4xf32>
    %8 = stablehlo.add %6, %7 : tensor<8x4xf32>
    %9 = stablehlo.subtract %8, %arg5 : tensor<8x4xf32>
    %10 = stablehlo.multiply %9, %9 : tensor<8x4xf32>
    %11 = stablehlo.reduce(%10 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<f32>
    %cst_0 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %12 = stablehlo.divide %11, %cst_0 : tensor<f32>
    %cst_1 = stablehlo.constant dense<6.250000e-02> : tensor<8x4xf32>
    %13 = stablehlo.multiply %9, %cst_1 : tensor<8x4xf32>
    %14 = stablehlo.reduce(%13 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<8x4xf32>, tensor<f32>) -> tensor<4xf32>
    %15 = stablehlo.dot_general %5, %13, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x32xf32>, tensor<8x4xf32>) -> tensor<32x4xf32>
    %16 = stablehlo.dot_general %13, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4xf32>, tensor<32x4xf32>) -> tensor<8x32xf32>
    %17 = stablehlo.compare  GT, %2, %3,  FLOAT : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xi1>
    %18 = stablehlo.select %17, %16, %3 : tensor<8x32xi1>, tensor<8x32xf32>
    %19 = stablehlo.reduce(%18 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<8x32xf32>, tensor<f32>) -> tensor<32xf32>
    %20 = stablehlo.dot_general %arg4, %18, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<8x32xf32>) -> tensor<16x32xf32>
    %cst_2 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16x32xf32>
    %22 = stablehlo.multiply %21, %20 : tensor<16x32xf32>
    %23 = stablehlo.subtract %arg0, %22 : tensor<16x32xf32>
    %24 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %25 = stablehlo.multiply %24, %19 : tensor<32xf32>
    %26 = stablehlo.subtract %arg1, %25 : tensor<32xf32>
    %27 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<32x4xf32>
    %28 = stablehlo.multiply %27, %15 : tensor<32x4xf32>
    %29 = stablehlo.subtract %arg2, %28 : tensor<32x4xf32>
    %30 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %31 = stablehlo.multiply %30, %14 : tensor<4xf32>
    %32 = stablehlo.subtract %arg3, %31 : tensor<4xf32>
    return %12, %23, %26, %29, %32 : tensor<f32>, tensor<16x32xf32>, tensor<32xf32>, tensor<32x4xf32>, tensor<4xf32>
  }
}
