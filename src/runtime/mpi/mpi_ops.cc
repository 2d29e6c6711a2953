// MPI element types and reduction ops for the interpreter's plain reducers (see mpi_ops.h).
#include "runtime/mpi/mpi_ops.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace xpar {

Status MpiError(int code, const char* what) {
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(code, text, &len);
  int rank = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return Internal("MPI rank {}: {} failed: {}", rank, what,
                  std::string(text, static_cast<size_t>(len)));
}

namespace {

// Floating max/min that propagate NaN like XLA's maximum/minimum (MPI_MAX does not).
template <typename T, bool kMax>
void NanMaxMin(void* in, void* inout, int* len, MPI_Datatype*) {
  const T* a = static_cast<const T*>(in);
  T* b = static_cast<T*>(inout);
  for (int i = 0; i < *len; ++i) {
    if (std::isnan(a[i]) || std::isnan(b[i])) {
      b[i] = std::isnan(b[i]) ? b[i] : a[i];
    } else {
      b[i] = kMax ? std::max(a[i], b[i]) : std::min(a[i], b[i]);
    }
  }
}

MPI_Op FloatOp(PrimitiveType t, bool max) {
  static MPI_Op ops[4] = {MPI_OP_NULL, MPI_OP_NULL, MPI_OP_NULL, MPI_OP_NULL};
  const int i = (t == PrimitiveType::kF64 ? 2 : 0) + (max ? 1 : 0);
  if (ops[i] == MPI_OP_NULL) {
    MPI_User_function* fn = t == PrimitiveType::kF64
                                ? (max ? NanMaxMin<double, true> : NanMaxMin<double, false>)
                                : (max ? NanMaxMin<float, true> : NanMaxMin<float, false>);
    MPI_Op_create(fn, /*commute=*/1, &ops[i]);
  }
  return ops[i];
}

// bf16/f16 combined in f32 and rounded back (to nearest even) at every step, as a ring
// all-reduce of a 16-bit buffer does: MPI moves 2 bytes per element, never an f32 copy.
template <typename T, FastCombine kOp>
void HalfOp(void* in, void* inout, int* len, MPI_Datatype*) {
  const T* a = static_cast<const T*>(in);
  T* b = static_cast<T*>(inout);
  for (int i = 0; i < *len; ++i) {
    const float x = static_cast<float>(a[i]), y = static_cast<float>(b[i]);
    float r;
    if constexpr (kOp == FastCombine::kAdd) {
      r = x + y;
    } else if constexpr (kOp == FastCombine::kMul) {
      r = x * y;
    } else if (std::isnan(x) || std::isnan(y)) {
      r = std::isnan(y) ? y : x;  // NaN propagates, as XLA's maximum/minimum
    } else {
      r = kOp == FastCombine::kMax ? std::max(x, y) : std::min(x, y);
    }
    b[i] = T(r);
  }
}

template <typename T>
MPI_User_function* HalfFunction(FastCombine k) {
  switch (k) {
    case FastCombine::kAdd: return HalfOp<T, FastCombine::kAdd>;
    case FastCombine::kMul: return HalfOp<T, FastCombine::kMul>;
    case FastCombine::kMax: return HalfOp<T, FastCombine::kMax>;
    case FastCombine::kMin: return HalfOp<T, FastCombine::kMin>;
    case FastCombine::kAnd:
    case FastCombine::kOr:
    case FastCombine::kAssign:
    case FastCombine::kNone: return nullptr;
  }
  return nullptr;
}

// The MPI op for a bf16 (else f16) buffer combined with k; MPI_OP_NULL when there is none.
MPI_Op HalfMpiOp(bool bf16_type, FastCombine k) {
  static MPI_Op ops[2][8] = {{MPI_OP_NULL, MPI_OP_NULL, MPI_OP_NULL, MPI_OP_NULL, MPI_OP_NULL,
                              MPI_OP_NULL, MPI_OP_NULL, MPI_OP_NULL},
                             {MPI_OP_NULL, MPI_OP_NULL, MPI_OP_NULL, MPI_OP_NULL, MPI_OP_NULL,
                              MPI_OP_NULL, MPI_OP_NULL, MPI_OP_NULL}};
  MPI_User_function* fn = bf16_type ? HalfFunction<bf16>(k) : HalfFunction<f16>(k);
  if (!fn) return MPI_OP_NULL;
  MPI_Op& op = ops[bf16_type ? 1 : 0][static_cast<int>(k) & 7];
  if (op == MPI_OP_NULL) MPI_Op_create(fn, /*commute=*/1, &op);
  return op;
}

}  // namespace

bool NativeReduction(PrimitiveType t, FastCombine k, MPI_Datatype* type, MPI_Op* op) {
  using P = PrimitiveType;
  const bool wrap = k == FastCombine::kAdd || k == FastCombine::kMul;
  switch (t) {
    case P::kPred:
      *type = MPI_UINT8_T;
      if (k == FastCombine::kAdd || k == FastCombine::kMax || k == FastCombine::kOr) {
        *op = MPI_LOR;
      } else if (k == FastCombine::kMul || k == FastCombine::kMin || k == FastCombine::kAnd) {
        *op = MPI_LAND;
      } else {
        return false;
      }
      return true;
    case P::kS8:
      *type = wrap ? MPI_UINT8_T : MPI_INT8_T;
      break;
    case P::kS16:
      *type = wrap ? MPI_UINT16_T : MPI_INT16_T;
      break;
    case P::kS32:
      *type = wrap ? MPI_UINT32_T : MPI_INT32_T;
      break;
    case P::kS64:
      *type = wrap ? MPI_UINT64_T : MPI_INT64_T;
      break;
    case P::kU8:
      *type = MPI_UINT8_T;
      break;
    case P::kU16:
      *type = MPI_UINT16_T;
      break;
    case P::kU32:
      *type = MPI_UINT32_T;
      break;
    case P::kU64:
      *type = MPI_UINT64_T;
      break;
    case P::kF32:
      *type = MPI_FLOAT;
      break;
    case P::kF64:
      *type = MPI_DOUBLE;
      break;
    case P::kBF16:
    case P::kF16:
      *type = MPI_UINT16_T;  // the bits; the op knows the format
      *op = HalfMpiOp(t == P::kBF16, k);
      return *op != MPI_OP_NULL;
    default:
      return false;  // the minifloats, tuple, token
  }
  const bool floating = IsFloating(t);
  switch (k) {
    case FastCombine::kAdd:
      *op = MPI_SUM;
      return true;
    case FastCombine::kMul:
      *op = MPI_PROD;
      return true;
    case FastCombine::kMax:
      *op = floating ? FloatOp(t, true) : MPI_MAX;
      return true;
    case FastCombine::kMin:
      *op = floating ? FloatOp(t, false) : MPI_MIN;
      return true;
    case FastCombine::kAnd:
      *op = MPI_BAND;
      return !floating;
    case FastCombine::kOr:
      *op = MPI_BOR;
      return !floating;
    case FastCombine::kAssign:
    case FastCombine::kNone:
      return false;
  }
  return false;
}

}  // namespace xpar
