// A pre-LayerNorm transformer block (causal 2-head attention, ReLU MLP) in the mixed form
// torch-mlir / ByteIR pipelines write: mhlo ops with arith and tensor ops and a func.call.
// Arguments: x[4,8], gamma[8], wqkv[8,24], wo[8,8], w1[8,16], w2[16,8].
module @transformer_block {
  func.func private @mlp(%h: tensor<4x8xf32>, %w1: tensor<8x16xf32>, %w2: tensor<16x8xf32>) -> tensor<4x8xf32> {
    %0 = "mhlo.dot"(%h, %w1) : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
    %zero = arith.constant dense<0.0> : tensor<4x16xf32>
    %1 = arith.maxf %0, %zero : tensor<4x16xf32>
    %2 = "mhlo.dot"(%1, %w2) : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
    func.return %2 : tensor<4x8xf32>
  }
  func.func @main(%x: tensor<4x8xf32>, %gamma: tensor<8xf32>, %wqkv: tensor<8x24xf32>,
                  %wo: tensor<8x8xf32>, %w1: tensor<8x16xf32>, %w2: tensor<16x8xf32>)
      -> (tensor<4x8xf32>, f32) {
    // positions: x + 0.01 * row index
    %iota = "mhlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<4x8xi32>
    %posf = arith.sitofp %iota : tensor<4x8xi32> to tensor<4x8xf32>
    %hundredth = arith.constant dense<0.01> : tensor<4x8xf32>
    %pos = arith.mulf %posf, %hundredth : tensor<4x8xf32>
    %xp = arith.addf %x, %pos : tensor<4x8xf32>
    // LayerNorm (no bias)
    %init = mhlo.constant dense<0.0> : tensor<f32>
    %sum = mhlo.reduce(%xp init: %init) applies mhlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %eight = arith.constant dense<8.0> : tensor<4xf32>
    %mean = arith.divf %sum, %eight : tensor<4xf32>
    %meanb = "mhlo.broadcast_in_dim"(%mean) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<4xf32>) -> tensor<4x8xf32>
    %xc = arith.subf %xp, %meanb : tensor<4x8xf32>
    %sq = arith.mulf %xc, %xc : tensor<4x8xf32>
    %ssq = mhlo.reduce(%sq init: %init) applies mhlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %var = arith.divf %ssq, %eight : tensor<4xf32>
    %eps = arith.constant dense<1.0e-5> : tensor<4xf32>
    %vare = arith.addf %var, %eps : tensor<4xf32>
    %rstd = mhlo.rsqrt %vare : tensor<4xf32>
    %rstdb = "mhlo.broadcast_in_dim"(%rstd) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<4xf32>) -> tensor<4x8xf32>
    %gammab = "mhlo.broadcast_in_dim"(%gamma) {broadcast_dimensions = dense<1> : tensor<1xi64>} : (tensor<8xf32>) -> tensor<4x8xf32>
    %n0 = arith.mulf %xc, %rstdb : tensor<4x8xf32>
    %ln = arith.mulf %n0, %gammab : tensor<4x8xf32>
    // attention
    %qkv = "mhlo.dot"(%ln, %wqkv) : (tensor<4x8xf32>, tensor<8x24xf32>) -> tensor<4x24xf32>
    %q = tensor.extract_slice %qkv[0, 0] [4, 8] [1, 1] : tensor<4x24xf32> to tensor<4x8xf32>
    %k = tensor.extract_slice %qkv[0, 8] [4, 8] [1, 1] : tensor<4x24xf32> to tensor<4x8xf32>
    %v = tensor.extract_slice %qkv[0, 16] [4, 8] [1, 1] : tensor<4x24xf32> to tensor<4x8xf32>
    %q3 = tensor.expand_shape %q [[0], [1, 2]] output_shape [4, 2, 4] : tensor<4x8xf32> into tensor<4x2x4xf32>
    %k3 = tensor.expand_shape %k [[0], [1, 2]] output_shape [4, 2, 4] : tensor<4x8xf32> into tensor<4x2x4xf32>
    %v3 = tensor.expand_shape %v [[0], [1, 2]] output_shape [4, 2, 4] : tensor<4x8xf32> into tensor<4x2x4xf32>
    %qh = "mhlo.transpose"(%q3) {permutation = dense<[1, 0, 2]> : tensor<3xi64>} : (tensor<4x2x4xf32>) -> tensor<2x4x4xf32>
    %kh = "mhlo.transpose"(%k3) {permutation = dense<[1, 0, 2]> : tensor<3xi64>} : (tensor<4x2x4xf32>) -> tensor<2x4x4xf32>
    %vh = "mhlo.transpose"(%v3) {permutation = dense<[1, 0, 2]> : tensor<3xi64>} : (tensor<4x2x4xf32>) -> tensor<2x4x4xf32>
    %s = "mhlo.dot_general"(%qh, %kh) {dot_dimension_numbers = #mhlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>} : (tensor<2x4x4xf32>, tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
    %half = arith.constant dense<0.5> : tensor<2x4x4xf32>
    %ss = arith.mulf %s, %half : tensor<2x4x4xf32>
    %ri = "mhlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x4x4xi64>
    %ci = "mhlo.iota"() {iota_dimension = 2 : i64} : () -> tensor<2x4x4xi64>
    %causal = arith.cmpi sge, %ri, %ci : tensor<2x4x4xi64>
    %neg = arith.constant dense<-1.0e9> : tensor<2x4x4xf32>
    %masked = arith.select %causal, %ss, %neg : tensor<2x4x4xi1>, tensor<2x4x4xf32>
    %ninf = mhlo.constant dense<0xFF800000> : tensor<f32>
    %mx = mhlo.reduce(%masked init: %ninf) applies mhlo.maximum across dimensions = [2] : (tensor<2x4x4xf32>, tensor<f32>) -> tensor<2x4xf32>
    %mxb = "mhlo.broadcast_in_dim"(%mx) {broadcast_dimensions = dense<[0, 1]> : tensor<2xi64>} : (tensor<2x4xf32>) -> tensor<2x4x4xf32>
    %sh = arith.subf %masked, %mxb : tensor<2x4x4xf32>
    %e = mhlo.exponential %sh : tensor<2x4x4xf32>
    %den = mhlo.reduce(%e init: %init) applies mhlo.add across dimensions = [2] : (tensor<2x4x4xf32>, tensor<f32>) -> tensor<2x4xf32>
    %denb = "mhlo.broadcast_in_dim"(%den) {broadcast_dimensions = dense<[0, 1]> : tensor<2xi64>} : (tensor<2x4xf32>) -> tensor<2x4x4xf32>
    %p = arith.divf %e, %denb : tensor<2x4x4xf32>
    %a = "mhlo.dot_general"(%p, %vh) {dot_dimension_numbers = #mhlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x4x4xf32>, tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
    %at = "mhlo.transpose"(%a) {permutation = dense<[1, 0, 2]> : tensor<3xi64>} : (tensor<2x4x4xf32>) -> tensor<4x2x4xf32>
    %a2 = tensor.collapse_shape %at [[0], [1, 2]] : tensor<4x2x4xf32> into tensor<4x8xf32>
    %o = "mhlo.dot"(%a2, %wo) : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %h = arith.addf %xp, %o : tensor<4x8xf32>
    // MLP through a call; its output replaces the first two rows of h's copy (insert_slice)
    %m = func.call @mlp(%h, %w1, %w2) : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
    %y = arith.addf %h, %m : tensor<4x8xf32>
    %top = tensor.extract_slice %y[0, 0] [2, 8] [1, 1] : tensor<4x8xf32> to tensor<2x8xf32>
    %three = arith.constant dense<3.0> : tensor<2x8xf32>
    %top3 = arith.mulf %top, %three : tensor<2x8xf32>
    %out = tensor.insert_slice %top3 into %y[2, 0] [2, 8] [1, 1] : tensor<2x8xf32> into tensor<4x8xf32>
    // a scalar: y[1, 2] - y[3, 5], read with tensor.extract
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %e0 = tensor.extract %out[%c1, %c2] : tensor<4x8xf32>
    %e1 = tensor.extract %out[%c3, %c5] : tensor<4x8xf32>
    %d = arith.subf %e0, %e1 : f32
    func.return %out, %d : tensor<4x8xf32>, f32
  }
}
