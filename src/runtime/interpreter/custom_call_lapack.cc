// The LAPACK custom calls that jaxlib's CPU lowering emits for jnp.linalg, in their legacy
// (api_version = 2) form: lapack_spotrf / lapack_dpotrf(lower, batch, n, a) ->
// tuple(a', info); lapack_sgetrf / lapack_dgetrf(batch, m, n, a) -> tuple(lu, ipiv, info);
// blas_strsm / blas_dtrsm(left_side, lower, trans_a, unit_diag, m, n, batch, alpha, a, b) -> x.
// Evidence: stablehlo/testdata's cholesky files
// (tests/stablehlo_testdata/cholesky_lapack_spotrf_*.mlir): the factor is written into the
// triangle `lower` names and the other triangle keeps the input's values, as LAPACK's potrf
// does in place; info is 0, or the order of the first leading minor that is not positive
// definite (the caller masks that matrix with NaN). The layouts JAX passes are column-major per
// matrix, so LAPACK's A(i, j) is the logical element (i, j) and uplo names the logical triangle.
// getrf is LAPACK's partial pivoting (the first row of largest magnitude), L (unit diagonal)
// and U packed in place, 1-based pivot rows, info = the first zero pivot's order; trsm solves
// op(A) X = alpha B (left_side) or X op(A) = alpha B reading only A's `lower` triangle
// (tests/stablehlo_testdata/custom_linear_solve_lu_lapack_sgetrf_float32_4_4.mlir).
// Computed in double, rounded on store. Other LAPACK targets (geqrf, syevd, gesdd, the *_ffi
// forms, ...) are refused with an error that names the target.
#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "runtime/interpreter/custom_call_registry.h"

namespace xpar {
namespace {

// Factorises one n x n matrix at `base`; returns LAPACK's info.
int64_t PotrfOne(const Literal& a, Literal& out, int64_t base, int64_t n, bool lower) {
  // at(i, j) with i >= j addresses the lower factor's (i, j) in the chosen triangle.
  auto at = [&](int64_t i, int64_t j) { return base + (lower ? i * n + j : j * n + i); };
  std::vector<double> l(n * n, 0.0);
  for (int64_t j = 0; j < n; ++j) {
    double d = a.GetAsDouble(at(j, j));
    for (int64_t k = 0; k < j; ++k) d -= l[j * n + k] * l[j * n + k];
    if (!(d > 0)) return j + 1;
    l[j * n + j] = std::sqrt(d);
    out.SetFromDouble(at(j, j), l[j * n + j]);
    for (int64_t i = j + 1; i < n; ++i) {
      double v = a.GetAsDouble(at(i, j));
      for (int64_t k = 0; k < j; ++k) v -= l[i * n + k] * l[j * n + k];
      l[i * n + j] = v / l[j * n + j];
      out.SetFromDouble(at(i, j), l[i * n + j]);
    }
  }
  return 0;
}

Expected<Literal> Potrf(const Instruction& inst, Operands ops, EvalContext&) {
  const std::string& target = inst.attrs().custom_call_target;
  if (ops.size() != 4) {
    return InvalidArgument("{} takes (lower, batch, n, a) in its api_version 2 form, got {} "
                           "operands", target, ops.size());
  }
  for (int i = 0; i < 3; ++i) {
    if (ops[i]->ElementCount() != 1 || !IsInteger(ops[i]->type())) {
      return InvalidArgument("{}: operand {} must be an integer scalar", target, i);
    }
  }
  const Literal& a = *ops[3];
  const Shape& s = a.shape();
  const bool lower = ops[0]->GetAsInt64(0) != 0;
  const int64_t batch = ops[1]->GetAsInt64(0), n = ops[2]->GetAsInt64(0);
  if (!IsFloating(s.type()) || s.rank() < 2 || s.dim(s.rank() - 1) != n ||
      s.dim(s.rank() - 2) != n || n * n * batch != a.ElementCount()) {
    return InvalidArgument("{}: operand a {} is not {} matrices of {}x{} floating values", target,
                           s.ToString(false), batch, n, n);
  }
  const Shape& rs = inst.shape();
  if (!rs.IsTuple() || rs.tuple_shapes().size() != 2 || rs.tuple_shapes()[0].ToString(false) != s.ToString(false) ||
      rs.tuple_shapes()[1].ElementCount() != batch || !IsInteger(rs.tuple_shapes()[1].type())) {
    return InvalidArgument("{}: result must be (a's type, {} integer infos), got {}", target,
                           batch, rs.ToString(false));
  }
  Literal out = a;
  Literal info(rs.tuple_shapes()[1]);
  for (int64_t b = 0; b < batch; ++b) info.SetFromInt64(b, PotrfOne(a, out, b * n * n, n, lower));
  std::vector<Literal> elems;
  elems.push_back(std::move(out));
  elems.push_back(std::move(info));
  return Literal::Tuple(std::move(elems));
}

// The integer scalar operands [0, count) of a legacy LAPACK call.
Expected<std::vector<int64_t>> ScalarArgs(const Instruction& inst, Operands ops, int count) {
  std::vector<int64_t> v;
  for (int i = 0; i < count; ++i) {
    if (ops[i]->ElementCount() != 1 || !IsInteger(ops[i]->type())) {
      return InvalidArgument("{}: operand {} must be an integer scalar",
                             inst.attrs().custom_call_target, i);
    }
    v.push_back(ops[i]->GetAsInt64(0));
  }
  return v;
}

// LU with partial pivoting of one m x n matrix held in `a` (row-major, double); returns info.
int64_t GetrfOne(std::vector<double>& a, int64_t m, int64_t n, std::vector<int64_t>& ipiv) {
  int64_t info = 0;
  for (int64_t j = 0; j < std::min(m, n); ++j) {
    int64_t p = j;
    for (int64_t i = j + 1; i < m; ++i) {
      if (std::fabs(a[i * n + j]) > std::fabs(a[p * n + j])) p = i;
    }
    ipiv[j] = p + 1;
    if (a[p * n + j] == 0) {
      if (info == 0) info = j + 1;
      continue;
    }
    if (p != j) {
      for (int64_t k = 0; k < n; ++k) std::swap(a[j * n + k], a[p * n + k]);
    }
    for (int64_t i = j + 1; i < m; ++i) {
      a[i * n + j] /= a[j * n + j];
      for (int64_t k = j + 1; k < n; ++k) a[i * n + k] -= a[i * n + j] * a[j * n + k];
    }
  }
  return info;
}

Expected<Literal> Getrf(const Instruction& inst, Operands ops, EvalContext&) {
  const std::string& target = inst.attrs().custom_call_target;
  if (ops.size() != 4) return InvalidArgument("{} takes (batch, m, n, a)", target);
  ASSIGN_OR_RETURN(std::vector<int64_t> args, ScalarArgs(inst, ops, 3));
  const int64_t batch = args[0], m = args[1], n = args[2], k = std::min(m, n);
  const Literal& a = *ops[3];
  const Shape& rs = inst.shape();
  if (!IsFloating(a.type()) || a.shape().rank() < 2 || batch * m * n != a.ElementCount() ||
      a.shape().dim(a.shape().rank() - 2) != m || a.shape().dim(a.shape().rank() - 1) != n ||
      !rs.IsTuple() || rs.tuple_shapes().size() != 3 ||
      rs.tuple_shapes()[1].ElementCount() != batch * k ||
      rs.tuple_shapes()[2].ElementCount() != batch) {
    return InvalidArgument("{}: operands/result {} do not describe {} {}x{} matrices", target,
                           rs.ToString(false), batch, m, n);
  }
  Literal lu = a, ipiv(rs.tuple_shapes()[1]), info(rs.tuple_shapes()[2]);
  std::vector<double> w(m * n);
  std::vector<int64_t> piv(k);
  for (int64_t b = 0; b < batch; ++b) {
    for (int64_t i = 0; i < m * n; ++i) w[i] = a.GetAsDouble(b * m * n + i);
    info.SetFromInt64(b, GetrfOne(w, m, n, piv));
    for (int64_t i = 0; i < m * n; ++i) lu.SetFromDouble(b * m * n + i, w[i]);
    for (int64_t j = 0; j < k; ++j) ipiv.SetFromInt64(b * k + j, piv[j]);
  }
  std::vector<Literal> elems;
  elems.push_back(std::move(lu));
  elems.push_back(std::move(ipiv));
  elems.push_back(std::move(info));
  return Literal::Tuple(std::move(elems));
}

// One trsm: solves M x = alpha * rhs for each of `count` right-hand sides, where M(i, k) reads
// A through `at` and `lower` says which triangle of M is populated.
struct TrsmSystem {
  std::function<double(int64_t, int64_t)> m;  // the system matrix M(i, k)
  std::function<double&(int64_t, int64_t)> x;  // x(rhs, i), holding alpha * rhs on entry
  int64_t size, count;
  bool lower, unit;
  void Solve() const {
    for (int64_t r = 0; r < count; ++r) {
      for (int64_t s = 0; s < size; ++s) {
        const int64_t i = lower ? s : size - 1 - s;
        double v = x(r, i);
        for (int64_t t = 0; t < s; ++t) {
          const int64_t k = lower ? t : size - 1 - t;
          v -= m(i, k) * x(r, k);
        }
        x(r, i) = unit ? v : v / m(i, i);
      }
    }
  }
};

Expected<Literal> Trsm(const Instruction& inst, Operands ops, EvalContext&) {
  const std::string& target = inst.attrs().custom_call_target;
  if (ops.size() != 10) {
    return InvalidArgument("{} takes (left_side, lower, trans_a, unit_diag, m, n, batch, alpha, "
                           "a, b)", target);
  }
  ASSIGN_OR_RETURN(std::vector<int64_t> args, ScalarArgs(inst, ops, 7));
  const bool left = args[0] != 0, lower = args[1] != 0, trans = args[2] != 0;
  const int64_t m = args[4], n = args[5], batch = args[6], k = left ? m : n;
  const Literal &a = *ops[8], &b = *ops[9];
  if (ops[7]->ElementCount() != 1 || a.ElementCount() != batch * k * k ||
      b.ElementCount() != batch * m * n || !IsFloating(b.type())) {
    return InvalidArgument("{}: a {} / b {} are not {} batches of {}x{} and {}x{}", target,
                           a.shape().ToString(false), b.shape().ToString(false), batch, k, k, m,
                           n);
  }
  const double alpha = ops[7]->GetAsDouble(0);
  Literal out = b;
  std::vector<double> xb(m * n);
  for (int64_t bi = 0; bi < batch; ++bi) {
    const int64_t ab = bi * k * k, bb = bi * m * n;
    for (int64_t i = 0; i < m * n; ++i) xb[i] = alpha * b.GetAsDouble(bb + i);
    auto opa = [&](int64_t i, int64_t j) {
      return trans ? a.GetAsDouble(ab + j * k + i) : a.GetAsDouble(ab + i * k + j);
    };
    TrsmSystem sys;
    // Left: op(A) x_c = b_c per column c. Right: op(A)^T x_r = b_r per row r.
    sys.m = left ? std::function<double(int64_t, int64_t)>(opa)
                 : [&](int64_t i, int64_t j) { return opa(j, i); };
    sys.x = left ? std::function<double&(int64_t, int64_t)>(
                       [&](int64_t c, int64_t i) -> double& { return xb[i * n + c]; })
                 : [&](int64_t r, int64_t i) -> double& { return xb[r * n + i]; };
    sys.size = k;
    sys.count = left ? n : m;
    sys.lower = (lower != trans) == left;
    sys.unit = args[3] != 0;
    sys.Solve();
    for (int64_t i = 0; i < m * n; ++i) out.SetFromDouble(bb + i, xb[i]);
  }
  return out;
}

constexpr CustomCallEntry kLapack[] = {
    {"lapack_spotrf", Potrf}, {"lapack_dpotrf", Potrf}, {"lapack_sgetrf", Getrf},
    {"lapack_dgetrf", Getrf}, {"blas_strsm", Trsm},     {"blas_dtrsm", Trsm},
};

}  // namespace

std::span<const CustomCallEntry> LapackCustomCalls() { return kLapack; }

}  // namespace xpar
