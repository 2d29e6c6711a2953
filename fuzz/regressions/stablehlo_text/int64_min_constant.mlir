func.func @main() -> tensor<2xi64> {
  %0 = stablehlo.constant dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64>
  return %0 : tensor<2xi64>
}
