// Arguments of an entry computation: random, from named arrays, or stored in the model file.
#include "driver/arguments.h"

#include <fmt/format.h>

#include <charconv>

#include "io/random_inputs.h"

namespace xpar {

Expected<bool> ParseRandomSpec(const std::string& spec, uint64_t* seed) {
  if (!spec.starts_with("random")) return false;
  *seed = 0;
  if (spec == "random") return true;
  auto [end, ec] = std::from_chars(spec.data() + 7, spec.data() + spec.size(), *seed);
  if (spec[6] != ':' || spec.size() == 7 || ec != std::errc() || end != spec.data() + spec.size()) {
    return InvalidArgument("inputs '{}': expected random:SEED with an integer seed", spec);
  }
  return true;
}

Expected<std::vector<Literal>> RandomArgumentsWithStored(const Computation& entry, uint64_t seed,
                                                         const std::vector<NamedTensor>& stored) {
  std::vector<Literal> args = RandomArguments(entry, seed);
  for (size_t i = 0; i < entry.parameters().size() && !stored.empty(); ++i) {
    const Instruction* p = entry.parameters()[i];
    for (const NamedTensor& t : stored) {
      if (t.name != p->name()) continue;
      ASSIGN_OR_RETURN(args[i], ConvertForParameter(t, p->shape()));
    }
  }
  return args;
}

Expected<std::vector<Literal>> ArgumentsFromTensors(const Computation& entry,
                                                    std::vector<NamedTensor> tensors,
                                                    const std::vector<NamedTensor>& stored,
                                                    const std::string& source) {
  // Stored weights come first, so that a tensor the caller names replaces them.
  tensors.insert(tensors.begin(), stored.begin(), stored.end());
  std::vector<Literal> args;
  for (const Instruction* p : entry.parameters()) {
    int64_t n = p->attrs().parameter_number;
    const NamedTensor* found = nullptr;
    for (const NamedTensor& t : tensors) {
      if (t.name == fmt::format("arg{}", n) || t.name == p->name() ||
          t.name == fmt::format("arr_{}", n)) {
        found = &t;
      }
    }
    if (!found) {
      return InvalidArgument("{} has no array for parameter {} (name it 'arg{}' or '{}')", source,
                             n, n, p->name());
    }
    ASSIGN_OR_RETURN(Literal value, ConvertForParameter(*found, p->shape()));
    args.push_back(std::move(value));
  }
  return args;
}

Expected<std::vector<Literal>> LoadArguments(const Computation& entry, const std::string& spec,
                                             const std::vector<NamedTensor>& stored) {
  uint64_t seed = 0;
  ASSIGN_OR_RETURN(bool random, ParseRandomSpec(spec, &seed));
  if (random) return RandomArgumentsWithStored(entry, seed, stored);
  ASSIGN_OR_RETURN(std::vector<NamedTensor> tensors, ReadTensorFile(spec));
  return ArgumentsFromTensors(entry, std::move(tensors), stored, fmt::format("'{}'", spec));
}

}  // namespace xpar
