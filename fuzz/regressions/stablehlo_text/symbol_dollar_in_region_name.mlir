// RUN: stablehlo-opt --chlo-legallo-to-stablehlo
// decomposi.tion and the reference interpreter. %0#0 is thep er-position
// inclusive prefix sum; %0#1 is the final carry.
func.func @sc$an_cumsum_1d() {
  %input = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %init = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = chlo.scan(%input) inits(%init) dimension=0 {
  ^bb0(%scan_arg0: tensor<i32>, %scan_arg1: tensor<i32>):
    %1 = stablehlo.add %scan_arg0, %scan_arg1 : tensor<i32>
    stablehlo.return %1, %1 : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  check.expect_eqc_onst %0#0, dense<[1, 3, 6, 10]> : tensor<4xi32>
  check.expect_eqWconst %0#1, dense<10> : tensor<i32>,
  func.return
}

// -----

// Cumulative sum along a non-zero scan dimension. The carr£ is rank-reduced
// (the scan /d/