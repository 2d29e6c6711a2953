module @mlp attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x16xf32>, %arg1: tensor<16x12xf32>) -> (tensor<8x12xf32>, tensor<f32>) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x12xf32>) -> tensor<8x12xf32>
    %1 = stablehlo.tanh %0 : tensor<8x12xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.reduce(%1 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x12xf32>, tensor<f32>) -> tensor<f32>
    %3 = stablehlo.iota dim = 0 : tensor<8x12xi32>
    %4 = stablehlo.convert %3 : (tensor<8x12xi32>) -> tensor<8x12xf32>
    %5 = stablehlo.add %1, %4 : tensor<8x12xf32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x12xf32>
    %7 = stablehlo.compare GT, %5, %6, FLOAT : (tensor<8x12xf32>, tensor<8x12xf32>) -> tensor<8x12xi1>
    %8 = stablehlo.select %7, %5, %6 : tensor<8x12xi1>, tensor<8x12xf32>
    return %8, %2 : tensor<8x12xf32>, tensor<f32>
  }
}
