// The MLP forward + mean squared error of ../mlp_forward_sgd.hlo, as StableHLO.
module @mlp_forward {
  func.func public @main(%x: tensor<8x4xf32>, %w1: tensor<4x16xf32>, %w2: tensor<16x1xf32>, %y: tensor<8x1xf32>) -> tensor<f32> {
    %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<8x4xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
    %a = stablehlo.tanh %h : tensor<8x16xf32>
    %p = stablehlo.dot_general %a, %w2, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x1xf32>) -> tensor<8x1xf32>
    %d = stablehlo.subtract %p, %y : tensor<8x1xf32>
    %d2 = stablehlo.multiply %d, %d : tensor<8x1xf32>
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %s = stablehlo.reduce(%d2 init: %zero) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x1xf32>, tensor<f32>) -> tensor<f32>
    %n = stablehlo.constant dense<8.0> : tensor<f32>
    %loss = stablehlo.divide %s, %n : tensor<f32>
    return %loss : tensor<f32>
  }
}
