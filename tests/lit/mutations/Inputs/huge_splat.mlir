func.func @main() -> tensor<1000000x1000000x1000xf32> {
  %0 = stablehlo.constant dense<0.000000e+00> : tensor<1000000x1000000x1000xf32>
  return %0 : tensor<1000000x1000000x1000xf32>
}
