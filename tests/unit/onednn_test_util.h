// What oneDNN runs on this CPU, for the tests that count its kernels: its optimised bf16
// kernels (and some f32 convolutions) need AVX-512; on a CPU without it (e.g. an AVX2-only
// AMD EPYC) the interpreter's own kernels run instead, and those tests check only the values.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>

namespace xpar {
namespace {

inline bool CpuHasAvx512() {
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vl");
}

// Whether oneDNN is expected to run bf16 matmuls and convolutions here; says so once when not.
inline bool OnednnRunsBf16() {
  static const bool runs = [] {
    const bool has = CpuHasAvx512();
    if (!has) {
      std::printf("note: no AVX-512 on this CPU: oneDNN has no bf16 kernels, the interpreter's "
                  "own kernels run (values checked, kernel counts not)\n");
    }
    return has;
  }();
  return runs;
}

}  // namespace
}  // namespace xpar
