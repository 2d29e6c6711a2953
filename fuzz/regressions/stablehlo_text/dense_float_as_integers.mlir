// RUN: iyteir-opt %s | FileCheck %s

func.func @mlp(%arg0 : tensor<128x64xf32>, %arg1 : tensor<64x32xf32>, %arg2 : tensor<32xf32>) -> tensor<128x32xf32> {
  %0 = "mhlo.dot"(%arg0, %arg1) : (tensor<128x64xf32>, tensor<64x32xf32>) -> tensor<128x32xf32>
  %1 = "chlo.broadcast_in_dim"(%arg2) {broadcast_dimensions = dense<[2999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999]> : tensor<1xf32>} : (tensor<32xf32>) -> tensor<128x32xf32>%1) : (tensor<128x%2xf32>, tenso8ufc.r<nc @mlp
