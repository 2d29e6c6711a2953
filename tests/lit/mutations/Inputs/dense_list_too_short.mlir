func.func @main() -> tensor<4294967296xbf16> {
  %0 = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<4294967296xbf16>
  return %0 : tensor<4294967296xbf16>
}
