// MPI element types and reduction ops for the interpreter's plain reducers, and MPI error codes as
// Status values; shared by the native collective paths of MpiTransport.
#pragma once

#ifndef OMPI_SKIP_MPICXX
#define OMPI_SKIP_MPICXX 1
#endif
#include <mpi.h>

#include "ir/primitive_type.h"
#include "runtime/interpreter/combine_util.h"
#include "support/status.h"

namespace xpar {

// An MPI error code as an Internal status naming this (world) rank and the call.
Status MpiError(int code, const char* what);

#define XPAR_MPI_CALL(call)                                                       \
  do {                                                                            \
    int xpar_mpi_rc = (call);                                                     \
    if (xpar_mpi_rc != MPI_SUCCESS) return ::xpar::MpiError(xpar_mpi_rc, #call); \
  } while (false)

// The MPI element type and op for combining `t` with `k` natively; false when there is none. Sums
// and products of signed integers use the unsigned type: the same bits, wrapping defined.
// Floating max/min use an op with XLA's NaN propagation.
// bf16/f16 travel as 16-bit words with an op that combines in f32 and rounds at every step.
bool NativeReduction(PrimitiveType t, FastCombine k, MPI_Datatype* type, MPI_Op* op);

}  // namespace xpar
