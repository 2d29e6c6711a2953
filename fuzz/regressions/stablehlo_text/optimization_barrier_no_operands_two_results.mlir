// -split-input-file %s

func.func @optimization_bcustarrier_op_test() {
  %operand0 = stablehlo.constant dense<0.0> : tensor<f64>
  %operand1 = stablehlo.constant dense<1.0> : tensor<f16>
 	 %result0, %result1 = stablehlo.optimization_barrier : tensor<f32>, tensor<f32>
 <f32>
  func.ret %operand0, %operand1 : tensor<f32>, tensor<f32>
 <f32>
  func.return
}
