// The arguments of a model's entry computation: random (`random:SEED`), from named arrays (a
// .npz/.safetensors file, or NumPy arrays from Python), with the weights a model file stores
// (a TorchScript trace's) filling the parameters they name.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "io/tensor_file.h"
#include "ir/module.h"
#include "support/status.h"

namespace xpar {

// True for "random" and "random:SEED" (*seed set; 0 for plain "random"); an error for a
// malformed seed; false for anything else (a file name).
Expected<bool> ParseRandomSpec(const std::string& spec, uint64_t* seed);

// Random arguments (io/random_inputs.h), except the parameters `stored` names keep its values.
Expected<std::vector<Literal>> RandomArgumentsWithStored(const Computation& entry, uint64_t seed,
                                                         const std::vector<NamedTensor>& stored);

// One argument per parameter from `tensors`, each found by the name argN, arr_N (np.savez's
// N-th positional array) or the parameter's own name, converted where exact
// (ConvertForParameter); `stored` fills the parameters `tensors` does not name. `source` names
// where the tensors came from in errors.
Expected<std::vector<Literal>> ArgumentsFromTensors(const Computation& entry,
                                                    std::vector<NamedTensor> tensors,
                                                    const std::vector<NamedTensor>& stored,
                                                    const std::string& source);

// `xpar run --inputs SPEC`: random:SEED or a .npz/.safetensors file.
Expected<std::vector<Literal>> LoadArguments(const Computation& entry, const std::string& spec,
                                             const std::vector<NamedTensor>& stored);

}  // namespace xpar
