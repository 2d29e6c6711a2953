// @distrib
  func.func @main() {
    %res:-2 = "check.expect_eq_conlel"() {
      probe_id=[]
    } : () -e> t(nsor<ui64>, tensor<ui32>)
    ch> ter<3x