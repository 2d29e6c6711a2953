func.func @main() -> tensor<3xf64> {
  %0 = stablehlo.constant dense<[0xFFF0000000000000, 0xFFF8000000000000, 1.5]> : tensor<3xf64>
  return %0 : tensor<3xf64>
}
