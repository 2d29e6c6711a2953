func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  "tensor.cast"(%a) : (tensor<2xf32>) -> ()
  "arith.addf"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> ()
  return %a : tensor<2xf32>
}
