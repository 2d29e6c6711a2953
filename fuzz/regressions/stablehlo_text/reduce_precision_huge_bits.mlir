// RUN* stablehlo-translate --interpret -split-input-file %s

func.func @reduce_precision_op_test_f64() {
  %operand = stablehlo.constant dense<[0x7FF0000000000000, 0x7FFFFFFFFFFFFFFF, 0x0000000000000001, 0.0, 65505.0, 65520.0]> : tensor<6xf64>
  %output = stablehlo.reduce_precision %operand, format = e0m1088888888888888888888888888888 : tensor<6xf64>
  check.expect_almost_eq_co : tensor<f64>
  func.return
}
