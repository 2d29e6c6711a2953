// The LAPACK custom calls that jaxlib's CPU lowering emits for jnp.linalg, in their legacy
// (api_version = 2) form: lapack_spotrf / lapack_dpotrf(lower, batch, n, a) ->
// tuple(a', info). Evidence: stablehlo/testdata's cholesky files
// (tests/stablehlo_testdata/cholesky_lapack_spotrf_*.mlir): the factor is written into the
// triangle `lower` names and the other triangle keeps the input's values, as LAPACK's potrf
// does in place; info is 0, or the order of the first leading minor that is not positive
// definite (the caller masks that matrix with NaN). The layouts JAX passes are column-major per
// matrix, so LAPACK's A(i, j) is the logical element (i, j) and uplo names the logical triangle.
// Computed in double, rounded on store. Other LAPACK targets (getrf, geqrf, syevd, gesdd,
// the *_ffi forms, ...) are refused with an error that names the target.
#include <cmath>
#include <string>

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

constexpr CustomCallEntry kLapack[] = {
    {"lapack_spotrf", Potrf},
    {"lapack_dpotrf", Potrf},
};

}  // namespace

std::span<const CustomCallEntry> LapackCustomCalls() { return kLapack; }

}  // namespace xpar
