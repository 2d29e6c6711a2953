module {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %c0 = "stablehlo.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %c3 = "stablehlo.constant"() {value = dense<3> : tensor<i64>} : () -> tensor<i64>
    %0:2 = "stablehlo.while"(%c0, %arg0) ({
    ^bb0(%i: tensor<i64>, %x: tensor<4xf32>):
      %lt = "stablehlo.compare"(%i, %c3) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<i64>, tensor<i64>) -> tensor<i1>
      "stablehlo.return"(%lt) : (tensor<i1>) -> ()
    }, {
    ^bb0(%i: tensor<i64>, %x: tensor<4xf32>):
      %one = "stablehlo.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
      %n = "stablehlo.add"(%i, %one) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      %y = "stablehlo.multiply"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      "stablehlo.return"(%n, %y) : (tensor<i64>, tensor<4xf32>) -> ()
    }) : (tensor<i64>, tensor<4xf32>) -> (tensor<i64>, tensor<4xf32>)
    return %0#1 : tensor<4xf32>
  }
}
