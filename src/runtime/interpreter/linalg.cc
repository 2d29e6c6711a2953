// cholesky and triangular-solve over the two minor dimensions, with any leading batch dims.
// Computed in double. Only the triangle named by `lower` is read; cholesky writes zeros to the
// other triangle (XLA leaves it implementation-defined) and NaNs for a matrix that is not
// positive definite, as XLA's CPU backend does.
#include <cmath>
#include <limits>

#include "runtime/interpreter/kernels.h"

namespace xpar {
namespace {

Expected<Literal> Cholesky(const Instruction& inst, const Literal& a) {
  const Shape& s = a.shape();
  if (s.rank() < 2 || s.dim(s.rank() - 1) != s.dim(s.rank() - 2)) {
    return InvalidArgument("cholesky needs square matrices, got {}", s.ToString(false));
  }
  const int64_t n = s.dim(s.rank() - 1), mat = n * n;
  const int64_t batch = mat == 0 ? 0 : a.ElementCount() / mat;
  const bool lower = inst.attrs().lower;
  Literal out(s);
  std::vector<double> l(mat);
  for (int64_t b = 0; b < batch; ++b) {
    const int64_t base = b * mat;
    // Read the chosen triangle as the lower factor's input: A(i,j) for i >= j.
    auto in = [&](int64_t i, int64_t j) {
      return a.GetAsDouble(base + (lower ? i * n + j : j * n + i));
    };
    std::fill(l.begin(), l.end(), 0.0);
    bool ok = true;
    for (int64_t j = 0; j < n && ok; ++j) {
      double d = in(j, j);
      for (int64_t k = 0; k < j; ++k) d -= l[j * n + k] * l[j * n + k];
      if (!(d > 0)) {
        ok = false;
        break;
      }
      l[j * n + j] = std::sqrt(d);
      for (int64_t i = j + 1; i < n; ++i) {
        double v = in(i, j);
        for (int64_t k = 0; k < j; ++k) v -= l[i * n + k] * l[j * n + k];
        l[i * n + j] = v / l[j * n + j];
      }
    }
    for (int64_t i = 0; i < n; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        double v =
            ok ? (lower ? l[i * n + j] : l[j * n + i]) : std::numeric_limits<double>::quiet_NaN();
        out.SetFromDouble(base + i * n + j, v);
      }
    }
  }
  return out;
}

// Solves op(A) X = B (left_side) or X op(A) = B for one batch element.
struct Solve {
  const Literal& a;
  const Literal& b;
  int64_t a_base, b_base, m, n, k;  // B is m x n; A is k x k
  bool left, lower, unit, transpose;

  // op(A)(i, j) restricted to the triangle that `lower` names.
  double OpA(int64_t i, int64_t j) const {
    if (transpose) std::swap(i, j);
    if (i == j && unit) return 1.0;
    if (lower ? i < j : i > j) return 0.0;
    return a.GetAsDouble(a_base + i * k + j);
  }

  void Run(Literal& x) const {
    // op(A) is lower triangular when exactly one of lower/transpose holds.
    const bool op_lower = lower != transpose;
    // Left: op(A) X = B, column by column. Right: X op(A) = B  <=>  op(A)^T X^T = B^T, row by
    // row, where op(A)^T is lower iff op(A) is upper.
    const int64_t systems = left ? n : m;
    const bool tri_lower = left ? op_lower : !op_lower;
    std::vector<double> sol(k);
    for (int64_t s = 0; s < systems; ++s) {
      auto rhs = [&](int64_t i) { return b.GetAsDouble(b_base + (left ? i * n + s : s * n + i)); };
      auto coef = [&](int64_t i, int64_t j) { return left ? OpA(i, j) : OpA(j, i); };
      for (int64_t t = 0; t < k; ++t) {
        int64_t i = tri_lower ? t : k - 1 - t;
        double v = rhs(i);
        for (int64_t u = 0; u < t; ++u) {
          int64_t j = tri_lower ? u : k - 1 - u;
          v -= coef(i, j) * sol[j];
        }
        sol[i] = v / coef(i, i);
      }
      for (int64_t i = 0; i < k; ++i)
        x.SetFromDouble(b_base + (left ? i * n + s : s * n + i), sol[i]);
    }
  }
};

Expected<Literal> TriangularSolve(const Instruction& inst, const Literal& a, const Literal& b) {
  const Shape &as = a.shape(), &bs = b.shape();
  if (as.rank() < 2 || as.rank() != bs.rank()) {
    return InvalidArgument("triangular-solve needs a and b of equal rank >= 2");
  }
  const int64_t r = as.rank();
  const int64_t k = as.dim(r - 1), m = bs.dim(r - 2), n = bs.dim(r - 1);
  const bool left = inst.attrs().left_side;
  if (as.dim(r - 2) != k || (left ? m : n) != k) {
    return InvalidArgument("triangular-solve: a {} does not fit b {}", as.ToString(false),
                           bs.ToString(false));
  }
  const std::string& t = inst.attrs().transpose_a;
  if (!t.empty() && t != "NO_TRANSPOSE" && t != "TRANSPOSE" && t != "ADJOINT") {
    return InvalidArgument("triangular-solve: unknown transpose_a={}", t);
  }
  Literal x(bs);
  const int64_t batch = m * n == 0 ? 0 : b.ElementCount() / (m * n);
  for (int64_t i = 0; i < batch; ++i) {
    // ADJOINT is TRANSPOSE for the real types xpar supports.
    Solve solve{a,
                b,
                i * k * k,
                i * m * n,
                m,
                n,
                k,
                left,
                inst.attrs().lower,
                inst.attrs().unit_diagonal,
                !t.empty() && t != "NO_TRANSPOSE"};
    solve.Run(x);
  }
  return x;
}

}  // namespace

Expected<Literal> EvalLinalg(const Instruction& inst, Operands ops, EvalContext& ctx) {
  switch (inst.opcode()) {
    case Opcode::kCholesky:
      return Cholesky(inst, *ops[0]);
    case Opcode::kTriangularSolve:
      if (ops.size() != 2) return InvalidArgument("triangular-solve takes a and b");
      return TriangularSolve(inst, *ops[0], *ops[1]);
    default:
      return Internal("EvalLinalg called for {}", HloOpcodeName(inst.opcode()));
  }
}

}  // namespace xpar
