// The LAPACK custom calls jaxlib's CPU lowering emits in their typed-FFI form (the `_ffi`
// targets JAX exports since 2024), run with the LAPACK routines of the OpenBLAS the
// interpreter links:
//   lapack_?geqrf_ffi(a[..., m, n]) -> (a', tau[..., min(m, n)])   QR (Householder, packed)
//   lapack_?orgqr_ffi(a[..., m, n], tau[..., k]) -> q[..., m, n]   Q from the reflectors
//   lapack_?getrf_ffi(a[..., m, n]) -> (lu, ipiv[..., min(m, n)], info[...])   LU, 1-based pivots
//   lapack_?syevd_ffi(a[..., n, n]) {mode, uplo} -> (v, w[..., n], info[...], workspaces...)
//   lapack_?gesdd_ffi(a[..., m, n]) {mode} -> (a', s, u, vt, info[...], workspaces...)
// Leading dimensions are a batch; each matrix is laid out column-major (operand_layouts
// [0, 1] / [1, 2, 0]), so LAPACK's A(i, j) is the logical element (i, j). `mode` and `uplo`
// (frontend attributes, from mhlo.backend_config) are LAPACK's character arguments as numbers:
// 'V' = 86 / 'N' = 78 (eigenvectors or not), 'L' = 76 / 'U' = 85, 'A' = 65 / 'S' = 83 / 'N'.
// Extra workspace results of older exports are returned as zeros; the legacy (api_version 2)
// lapack_?geqrf / lapack_?orgqr of 2023 exports run the same kernels.
// Evidence: jax-ml/jax export_back_compat_test_data cpu_qr_lapack_geqrf.py,
// cpu_eigh_lapack_syev.py, cpu_svd_lapack_gesdd.py (tests/jax_back_compat/).
#include <algorithm>
#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

#include "runtime/interpreter/custom_call_registry.h"

extern "C" {
void sgeqrf_(const int* m, const int* n, float* a, const int* lda, float* tau, float* work,
             const int* lwork, int* info);
void dgeqrf_(const int* m, const int* n, double* a, const int* lda, double* tau, double* work,
             const int* lwork, int* info);
void sorgqr_(const int* m, const int* n, const int* k, float* a, const int* lda, const float* tau,
             float* work, const int* lwork, int* info);
void dorgqr_(const int* m, const int* n, const int* k, double* a, const int* lda, const double* tau,
             double* work, const int* lwork, int* info);
void sgetrf_(const int* m, const int* n, float* a, const int* lda, int* ipiv, int* info);
void dgetrf_(const int* m, const int* n, double* a, const int* lda, int* ipiv, int* info);
void ssyevd_(const char* jobz, const char* uplo, const int* n, float* a, const int* lda, float* w,
             float* work, const int* lwork, int* iwork, const int* liwork, int* info, std::size_t,
             std::size_t);
void dsyevd_(const char* jobz, const char* uplo, const int* n, double* a, const int* lda, double* w,
             double* work, const int* lwork, int* iwork, const int* liwork, int* info, std::size_t,
             std::size_t);
void sgesdd_(const char* jobz, const int* m, const int* n, float* a, const int* lda, float* s,
             float* u, const int* ldu, float* vt, const int* ldvt, float* work, const int* lwork,
             int* iwork, int* info, std::size_t);
void dgesdd_(const char* jobz, const int* m, const int* n, double* a, const int* lda, double* s,
             double* u, const int* ldu, double* vt, const int* ldvt, double* work, const int* lwork,
             int* iwork, int* info, std::size_t);
}

namespace xpar {
namespace {

// A batch of matrices: the operand's leading dimensions times its last two.
struct Batch {
  int64_t count = 1, rows = 0, cols = 0;
};

Expected<Batch> BatchOf(const Instruction& inst, const Literal& a) {
  const Shape& s = a.shape();
  if (!s.IsArray() || s.rank() < 2 ||
      (s.type() != PrimitiveType::kF32 && s.type() != PrimitiveType::kF64)) {
    return InvalidArgument("{}: operand {} is not a batch of f32 or f64 matrices",
                           inst.attrs().custom_call_target, s.ToString(false));
  }
  Batch b;
  for (int64_t d = 0; d + 2 < s.rank(); ++d) b.count *= s.dim(d);
  b.rows = s.dim(s.rank() - 2);
  b.cols = s.dim(s.rank() - 1);
  return b;
}

// Matrix `k` of `a` (logical rows x cols) into a column-major buffer, and back.
template <typename T>
std::vector<T> ColMajor(const Literal& a, int64_t k, int64_t rows, int64_t cols) {
  std::vector<T> m(rows * cols);
  const int64_t base = k * rows * cols;
  for (int64_t i = 0; i < rows; ++i) {
    for (int64_t j = 0; j < cols; ++j)
      m[i + j * rows] = static_cast<T>(a.GetAsDouble(base + i * cols + j));
  }
  return m;
}

template <typename T>
void StoreColMajor(const std::vector<T>& m, Literal& out, int64_t k, int64_t rows, int64_t cols) {
  const int64_t base = k * rows * cols;
  for (int64_t i = 0; i < rows; ++i) {
    for (int64_t j = 0; j < cols; ++j) out.SetFromDouble(base + i * cols + j, m[i + j * rows]);
  }
}

template <typename T>
void StoreVector(const std::vector<T>& v, Literal& out, int64_t k) {
  for (size_t i = 0; i < v.size(); ++i) out.SetFromDouble(k * v.size() + i, v[i]);
}

// The result shapes of a tuple-shaped call, checked: at least `n` elements.
Expected<std::vector<Shape>> TupleResults(const Instruction& inst, size_t n) {
  const Shape& rs = inst.shape();
  if (!rs.IsTuple() || rs.tuple_shapes().size() < n) {
    return InvalidArgument("{}: expected at least {} results, got {}",
                           inst.attrs().custom_call_target, n, rs.ToString(false));
  }
  return rs.tuple_shapes();
}

// A LAPACK character argument from a frontend attribute (its ASCII code), or `fallback`.
char CharAttr(const Instruction& inst, std::string_view key, char fallback) {
  for (const auto& [k, v] : inst.frontend_attributes()) {
    if (k == key && !v.empty()) return static_cast<char>(std::stoi(v));
  }
  return fallback;
}

template <typename T>
void Geqrf(int m, int n, T* a, T* tau, int* info) {
  int lwork = -1;
  T query = 0;
  if constexpr (std::is_same_v<T, float>) {
    sgeqrf_(&m, &n, a, &m, tau, &query, &lwork, info);
    lwork = std::max(1, static_cast<int>(query));
    std::vector<T> work(lwork);
    sgeqrf_(&m, &n, a, &m, tau, work.data(), &lwork, info);
  } else {
    dgeqrf_(&m, &n, a, &m, tau, &query, &lwork, info);
    lwork = std::max(1, static_cast<int>(query));
    std::vector<T> work(lwork);
    dgeqrf_(&m, &n, a, &m, tau, work.data(), &lwork, info);
  }
}

template <typename T>
Expected<Literal> GeqrfT(const Instruction& inst, const Literal& a, const Batch& b) {
  ASSIGN_OR_RETURN(std::vector<Shape> rs, TupleResults(inst, 2));
  const int64_t k = std::min(b.rows, b.cols);
  if (rs[1].ElementCount() != b.count * k) {
    return InvalidArgument("{}: tau must hold {} values per matrix",
                           inst.attrs().custom_call_target, k);
  }
  Literal out = a, tau(rs[1]);
  for (int64_t i = 0; i < b.count; ++i) {
    std::vector<T> m = ColMajor<T>(a, i, b.rows, b.cols), t(k);
    int info = 0;
    Geqrf<T>(static_cast<int>(b.rows), static_cast<int>(b.cols), m.data(), t.data(), &info);
    StoreColMajor(m, out, i, b.rows, b.cols);
    StoreVector(t, tau, i);
  }
  std::vector<Literal> elems;
  elems.push_back(std::move(out));
  elems.push_back(std::move(tau));
  return Literal::Tuple(std::move(elems));
}

Expected<Literal> GeqrfFfi(const Instruction& inst, Operands ops, EvalContext&) {
  if (ops.size() != 1)
    return InvalidArgument("{} takes one operand", inst.attrs().custom_call_target);
  ASSIGN_OR_RETURN(Batch b, BatchOf(inst, *ops[0]));
  if (ops[0]->type() == PrimitiveType::kF32) return GeqrfT<float>(inst, *ops[0], b);
  return GeqrfT<double>(inst, *ops[0], b);
}

template <typename T>
Expected<Literal> OrgqrT(const Instruction& inst, const Literal& a, const Literal& tau,
                         const Batch& b) {
  const int64_t k = tau.shape().rank() == 0 ? 1 : tau.shape().dim(tau.shape().rank() - 1);
  if (k > b.cols || tau.ElementCount() != b.count * k) {
    return InvalidArgument("{}: tau {} does not fit {} matrices of {} columns",
                           inst.attrs().custom_call_target, tau.shape().ToString(false), b.count,
                           b.cols);
  }
  Literal q = a;
  int m = static_cast<int>(b.rows), n = static_cast<int>(b.cols), kk = static_cast<int>(k);
  for (int64_t i = 0; i < b.count; ++i) {
    std::vector<T> mat = ColMajor<T>(a, i, b.rows, b.cols), t(k);
    for (int64_t j = 0; j < k; ++j) t[j] = static_cast<T>(tau.GetAsDouble(i * k + j));
    int lwork = -1, info = 0;
    T query = 0;
    if constexpr (std::is_same_v<T, float>) {
      sorgqr_(&m, &n, &kk, mat.data(), &m, t.data(), &query, &lwork, &info);
      lwork = std::max(1, static_cast<int>(query));
      std::vector<T> work(lwork);
      sorgqr_(&m, &n, &kk, mat.data(), &m, t.data(), work.data(), &lwork, &info);
    } else {
      dorgqr_(&m, &n, &kk, mat.data(), &m, t.data(), &query, &lwork, &info);
      lwork = std::max(1, static_cast<int>(query));
      std::vector<T> work(lwork);
      dorgqr_(&m, &n, &kk, mat.data(), &m, t.data(), work.data(), &lwork, &info);
    }
    if (info != 0) {
      return InvalidArgument("{}: LAPACK reported info {}", inst.attrs().custom_call_target, info);
    }
    StoreColMajor(mat, q, i, b.rows, b.cols);
  }
  return q;
}

Expected<Literal> OrgqrFfi(const Instruction& inst, Operands ops, EvalContext&) {
  if (ops.size() != 2) return InvalidArgument("{} takes (a, tau)", inst.attrs().custom_call_target);
  ASSIGN_OR_RETURN(Batch b, BatchOf(inst, *ops[0]));
  if (b.rows < b.cols) {
    return InvalidArgument("{}: a has fewer rows ({}) than columns ({})",
                           inst.attrs().custom_call_target, b.rows, b.cols);
  }
  if (ops[0]->type() == PrimitiveType::kF32) return OrgqrT<float>(inst, *ops[0], *ops[1], b);
  return OrgqrT<double>(inst, *ops[0], *ops[1], b);
}

// LU with partial pivoting: (lu, 1-based pivots, info) per matrix.
template <typename T>
Expected<Literal> GetrfT(const Instruction& inst, const Literal& a, const Batch& b) {
  ASSIGN_OR_RETURN(std::vector<Shape> rs, TupleResults(inst, 3));
  const int64_t k = std::min(b.rows, b.cols);
  if (rs[1].ElementCount() != b.count * k || !IsInteger(rs[1].type()) ||
      rs[2].ElementCount() != b.count || !IsInteger(rs[2].type())) {
    return InvalidArgument("{}: results must be (lu, {} integer pivots, info) per matrix",
                           inst.attrs().custom_call_target, k);
  }
  Literal lu = a, ipiv(rs[1]), info(rs[2]);
  int m = static_cast<int>(b.rows), n = static_cast<int>(b.cols);
  for (int64_t i = 0; i < b.count; ++i) {
    std::vector<T> mat = ColMajor<T>(a, i, b.rows, b.cols);
    std::vector<int> piv(std::max<int64_t>(1, k));
    int status = 0;
    if constexpr (std::is_same_v<T, float>) {
      sgetrf_(&m, &n, mat.data(), &m, piv.data(), &status);
    } else {
      dgetrf_(&m, &n, mat.data(), &m, piv.data(), &status);
    }
    StoreColMajor(mat, lu, i, b.rows, b.cols);
    for (int64_t j = 0; j < k; ++j) ipiv.SetFromInt64(i * k + j, piv[j]);
    info.SetFromInt64(i, status);
  }
  std::vector<Literal> elems;
  for (Literal* l : {&lu, &ipiv, &info}) elems.push_back(std::move(*l));
  return Literal::Tuple(std::move(elems));
}

Expected<Literal> GetrfFfi(const Instruction& inst, Operands ops, EvalContext&) {
  if (ops.size() != 1)
    return InvalidArgument("{} takes one operand", inst.attrs().custom_call_target);
  ASSIGN_OR_RETURN(Batch b, BatchOf(inst, *ops[0]));
  if (ops[0]->type() == PrimitiveType::kF32) return GetrfT<float>(inst, *ops[0], b);
  return GetrfT<double>(inst, *ops[0], b);
}

// Results beyond the first `used` (workspaces of older exports) as zeros.
void AppendZeros(const std::vector<Shape>& rs, size_t used, std::vector<Literal>* elems) {
  for (size_t r = used; r < rs.size(); ++r) elems->emplace_back(rs[r]);
}

template <typename T>
int SyevdOne(char jobz, char uplo, int n, T* a, T* w) {
  int lwork = -1, liwork = -1, info = 0, iquery = 0;
  T query = 0;
  auto call = [&](T* work, int* iwork) {
    if constexpr (std::is_same_v<T, float>) {
      ssyevd_(&jobz, &uplo, &n, a, &n, w, work, &lwork, iwork, &liwork, &info, 1, 1);
    } else {
      dsyevd_(&jobz, &uplo, &n, a, &n, w, work, &lwork, iwork, &liwork, &info, 1, 1);
    }
  };
  call(&query, &iquery);
  lwork = std::max(1, static_cast<int>(query));
  liwork = std::max(1, iquery);
  std::vector<T> work(lwork);
  std::vector<int> iwork(liwork);
  call(work.data(), iwork.data());
  return info;
}

template <typename T>
Expected<Literal> SyevdT(const Instruction& inst, const Literal& a, const Batch& b) {
  ASSIGN_OR_RETURN(std::vector<Shape> rs, TupleResults(inst, 3));
  if (b.rows != b.cols || rs[1].ElementCount() != b.count * b.rows ||
      rs[2].ElementCount() != b.count) {
    return InvalidArgument("{}: expects square matrices and results (v, w, info)",
                           inst.attrs().custom_call_target);
  }
  const char jobz = CharAttr(inst, "mode", 'V'), uplo = CharAttr(inst, "uplo", 'L');
  Literal v = a, w(rs[1]), info(rs[2]);
  for (int64_t i = 0; i < b.count; ++i) {
    std::vector<T> m = ColMajor<T>(a, i, b.rows, b.cols), ev(b.rows);
    info.SetFromInt64(i, SyevdOne<T>(jobz, uplo, static_cast<int>(b.rows), m.data(), ev.data()));
    StoreColMajor(m, v, i, b.rows, b.cols);
    StoreVector(ev, w, i);
  }
  std::vector<Literal> elems;
  elems.push_back(std::move(v));
  elems.push_back(std::move(w));
  elems.push_back(std::move(info));
  AppendZeros(rs, 3, &elems);
  return Literal::Tuple(std::move(elems));
}

Expected<Literal> SyevdFfi(const Instruction& inst, Operands ops, EvalContext&) {
  if (ops.size() != 1)
    return InvalidArgument("{} takes one operand", inst.attrs().custom_call_target);
  ASSIGN_OR_RETURN(Batch b, BatchOf(inst, *ops[0]));
  if (ops[0]->type() == PrimitiveType::kF32) return SyevdT<float>(inst, *ops[0], b);
  return SyevdT<double>(inst, *ops[0], b);
}

// One gesdd on the column-major `a`; vt has `vtrows` rows (column-major).
template <typename T>
int GesddOne(char jobz, int m, int n, T* a, T* s, T* u, T* vt, int vtrows) {
  int lwork = -1, info = 0, ldu = std::max(1, m), ldvt = std::max(1, vtrows);
  std::vector<int> iwork(8 * std::min(m, n));
  T query = 0;
  auto call = [&](T* work) {
    if constexpr (std::is_same_v<T, float>) {
      sgesdd_(&jobz, &m, &n, a, &m, s, u, &ldu, vt, &ldvt, work, &lwork, iwork.data(), &info, 1);
    } else {
      dgesdd_(&jobz, &m, &n, a, &m, s, u, &ldu, vt, &ldvt, work, &lwork, iwork.data(), &info, 1);
    }
  };
  call(&query);
  lwork = std::max(1, static_cast<int>(query));
  std::vector<T> work(lwork);
  call(work.data());
  return info;
}

template <typename T>
Expected<Literal> GesddT(const Instruction& inst, const Literal& a, const Batch& b) {
  ASSIGN_OR_RETURN(std::vector<Shape> rs, TupleResults(inst, 5));
  const int64_t m = b.rows, n = b.cols, k = std::min(m, n);
  const char jobz = CharAttr(inst, "mode", 'A');
  const int64_t ucols = jobz == 'A' ? m : jobz == 'S' ? k : 0;
  const int64_t vtrows = jobz == 'A' ? n : jobz == 'S' ? k : 0;
  if (rs[1].ElementCount() != b.count * k || rs[4].ElementCount() != b.count ||
      (ucols > 0 && (rs[2].ElementCount() != b.count * m * ucols ||
                     rs[3].ElementCount() != b.count * vtrows * n))) {
    return InvalidArgument("{}: results {} do not fit mode '{}' on {}x{} matrices",
                           inst.attrs().custom_call_target, inst.shape().ToString(false), jobz, m,
                           n);
  }
  Literal out = a, s(rs[1]), u(rs[2]), vt(rs[3]), info(rs[4]);
  for (int64_t i = 0; i < b.count; ++i) {
    std::vector<T> mat = ColMajor<T>(a, i, m, n), sv(k), um(std::max<int64_t>(1, m * ucols)),
                   vm(std::max<int64_t>(1, vtrows * n));
    info.SetFromInt64(i, GesddOne<T>(jobz, static_cast<int>(m), static_cast<int>(n), mat.data(),
                                     sv.data(), um.data(), vm.data(), static_cast<int>(vtrows)));
    StoreColMajor(mat, out, i, m, n);
    StoreVector(sv, s, i);
    if (ucols > 0) {
      StoreColMajor(um, u, i, m, ucols);
      StoreColMajor(vm, vt, i, vtrows, n);
    }
  }
  std::vector<Literal> elems;
  for (Literal* l : {&out, &s, &u, &vt, &info}) elems.push_back(std::move(*l));
  AppendZeros(rs, 5, &elems);
  return Literal::Tuple(std::move(elems));
}

Expected<Literal> GesddFfi(const Instruction& inst, Operands ops, EvalContext&) {
  if (ops.size() != 1)
    return InvalidArgument("{} takes one operand", inst.attrs().custom_call_target);
  ASSIGN_OR_RETURN(Batch b, BatchOf(inst, *ops[0]));
  if (ops[0]->type() == PrimitiveType::kF32) return GesddT<float>(inst, *ops[0], b);
  return GesddT<double>(inst, *ops[0], b);
}

// The legacy (api_version 2) QR calls of 2023 exports: lapack_?geqrf(batch, m, n, lwork, a) ->
// (a', tau, info, work) and lapack_?orgqr(batch, m, n, k, lwork, a, tau) -> (q, info, work); the
// scalars must agree with a's shape; info is 0 and work zeros.
Status CheckLegacyScalars(const Instruction& inst, Operands ops, size_t count, const Batch& b) {
  for (size_t i = 0; i < count; ++i) {
    if (ops[i]->ElementCount() != 1 || !IsInteger(ops[i]->type())) {
      return InvalidArgument("{}: operand {} must be an integer scalar",
                             inst.attrs().custom_call_target, i);
    }
  }
  if (ops[0]->GetAsInt64(0) != b.count || ops[1]->GetAsInt64(0) != b.rows ||
      ops[2]->GetAsInt64(0) != b.cols) {
    return InvalidArgument("{}: (batch, m, n) = ({}, {}, {}) do not match the matrix operand",
                           inst.attrs().custom_call_target, ops[0]->GetAsInt64(0),
                           ops[1]->GetAsInt64(0), ops[2]->GetAsInt64(0));
  }
  return Status::Ok();
}

// `ffi_result` (one array or a tuple) with an info of zeros and a zero workspace appended.
Literal WithInfoAndWork(Literal ffi_result, const Instruction& inst, size_t first_extra) {
  std::vector<Literal> elems;
  if (ffi_result.shape().IsTuple()) {
    for (const Literal& e : ffi_result.elements()) elems.push_back(e);
  } else {
    elems.push_back(std::move(ffi_result));
  }
  const auto& rs = inst.shape().tuple_shapes();
  for (size_t r = first_extra; r < rs.size(); ++r) elems.emplace_back(rs[r]);
  return Literal::Tuple(std::move(elems));
}

Expected<Literal> GeqrfLegacy(const Instruction& inst, Operands ops, EvalContext& ctx) {
  if (ops.size() != 5 || !inst.shape().IsTuple() || inst.shape().tuple_shapes().size() != 4) {
    return InvalidArgument("{} takes (batch, m, n, lwork, a) and returns (a, tau, info, work)",
                           inst.attrs().custom_call_target);
  }
  ASSIGN_OR_RETURN(Batch b, BatchOf(inst, *ops[4]));
  RETURN_IF_ERROR(CheckLegacyScalars(inst, ops, 4, b));
  const Literal& a = *ops[4];
  ASSIGN_OR_RETURN(Literal r, a.type() == PrimitiveType::kF32 ? GeqrfT<float>(inst, a, b)
                                                              : GeqrfT<double>(inst, a, b));
  return WithInfoAndWork(std::move(r), inst, 2);
}

Expected<Literal> OrgqrLegacy(const Instruction& inst, Operands ops, EvalContext& ctx) {
  if (ops.size() != 7 || !inst.shape().IsTuple() || inst.shape().tuple_shapes().size() != 3) {
    return InvalidArgument("{} takes (batch, m, n, k, lwork, a, tau) and returns (a, info, work)",
                           inst.attrs().custom_call_target);
  }
  ASSIGN_OR_RETURN(Batch b, BatchOf(inst, *ops[5]));
  RETURN_IF_ERROR(CheckLegacyScalars(inst, ops, 5, b));
  const Literal& a = *ops[5];
  ASSIGN_OR_RETURN(Literal q, a.type() == PrimitiveType::kF32
                                  ? OrgqrT<float>(inst, a, *ops[6], b)
                                  : OrgqrT<double>(inst, a, *ops[6], b));
  return WithInfoAndWork(std::move(q), inst, 1);
}

constexpr CustomCallEntry kLapackFfi[] = {
    {"lapack_sgeqrf", GeqrfLegacy},  {"lapack_dgeqrf", GeqrfLegacy},
    {"lapack_sorgqr", OrgqrLegacy},  {"lapack_dorgqr", OrgqrLegacy},
    {"lapack_sgeqrf_ffi", GeqrfFfi}, {"lapack_dgeqrf_ffi", GeqrfFfi},
    {"lapack_sorgqr_ffi", OrgqrFfi}, {"lapack_dorgqr_ffi", OrgqrFfi},
    {"lapack_sgetrf_ffi", GetrfFfi}, {"lapack_dgetrf_ffi", GetrfFfi},
    {"lapack_ssyevd_ffi", SyevdFfi}, {"lapack_dsyevd_ffi", SyevdFfi},
    {"lapack_sgesdd_ffi", GesddFfi}, {"lapack_dgesdd_ffi", GesddFfi},
};

}  // namespace

std::span<const CustomCallEntry> LapackFfiCustomCalls() { return kLapackFfi; }

}  // namespace xpar
