// Live ranges over instruction order, with tuple / get-tuple-element / bitcast resolved to the
// buffers they refer to (see liveness.h), and the live-bytes profile built from them.
#include "analysis/liveness.h"

#include <algorithm>
#include <unordered_map>

namespace xpar {
namespace {

bool IsAliasingOp(Opcode op) {
  return op == Opcode::kTuple || op == Opcode::kGetTupleElement || op == Opcode::kBitcast;
}

void AppendUnique(std::vector<int64_t>& to, const std::vector<int64_t>& from) {
  for (int64_t x : from) {
    if (std::find(to.begin(), to.end(), x) == to.end()) to.push_back(x);
  }
}

}  // namespace

std::vector<std::vector<int64_t>> BufferOwners(const Computation& comp) {
  const auto& insts = comp.instructions();
  std::unordered_map<const Instruction*, int64_t> position;
  for (int64_t i = 0; i < static_cast<int64_t>(insts.size()); ++i) position[insts[i].get()] = i;
  auto position_of = [&](const Instruction* inst) -> int64_t {
    auto it = position.find(inst);
    return it == position.end() ? -1 : it->second;
  };

  std::vector<std::vector<int64_t>> owners(insts.size());
  for (int64_t i = 0; i < static_cast<int64_t>(insts.size()); ++i) {
    const Instruction& inst = *insts[i];
    const Opcode op = inst.opcode();
    if (!IsAliasingOp(op)) {
      owners[i] = {i};
      continue;
    }
    if (op == Opcode::kTuple) {
      for (const Instruction* operand : inst.operands()) {
        const int64_t p = position_of(operand);
        if (p >= 0 && p < i) AppendUnique(owners[i], owners[p]);
      }
      continue;
    }
    const int64_t p = inst.operand_count() == 1 ? position_of(inst.operand(0)) : -1;
    if (p < 0 || p >= i) {  // malformed (unverified) input: treat it as owning its value
      owners[i] = {i};
      continue;
    }
    const Instruction& source = *insts[p];
    const int64_t k = inst.attrs().tuple_index;
    if (op == Opcode::kGetTupleElement && source.opcode() == Opcode::kTuple && k >= 0 &&
        k < source.operand_count()) {
      const int64_t element = position_of(source.operand(k));
      owners[i] = element >= 0 && element < p ? owners[element] : owners[p];
    } else {
      owners[i] = owners[p];
    }
  }
  return owners;
}

std::vector<LiveRange> ComputeLiveRanges(const Computation& comp) {
  const auto& insts = comp.instructions();
  const int64_t n = static_cast<int64_t>(insts.size());
  std::unordered_map<const Instruction*, int64_t> position;
  for (int64_t i = 0; i < n; ++i) position[insts[i].get()] = i;
  const std::vector<std::vector<int64_t>> owners = BufferOwners(comp);

  std::vector<LiveRange> ranges(n);
  for (int64_t i = 0; i < n; ++i) {
    const Instruction& inst = *insts[i];
    if (IsAliasingOp(inst.opcode())) {
      ranges[i] = LiveRange{i, i, /*owns_memory=*/false};
    } else if (inst.opcode() == Opcode::kParameter) {
      ranges[i] = LiveRange{0, n, true};
    } else {
      ranges[i] = LiveRange{i, i + 1, true};
    }
  }
  auto extend = [&](int64_t referrer, int64_t until) {
    for (int64_t owner : owners[referrer]) {
      ranges[owner].last = std::max(ranges[owner].last, until);
    }
  };
  for (int64_t i = 0; i < n; ++i) {
    for (const Instruction* operand : insts[i]->operands()) {
      auto it = position.find(operand);
      if (it != position.end()) extend(it->second, i + 1);
    }
  }
  if (comp.root() != nullptr) {
    auto it = position.find(comp.root());
    if (it != position.end()) extend(it->second, n);
  }
  return ranges;
}

std::vector<int64_t> LiveBytesProfile(const Computation& comp,
                                      const std::function<int64_t(const Instruction&)>& bytes) {
  const auto& insts = comp.instructions();
  const int64_t n = static_cast<int64_t>(insts.size());
  const std::vector<LiveRange> ranges = ComputeLiveRanges(comp);
  std::vector<int64_t> delta(n + 1, 0);
  for (int64_t i = 0; i < n; ++i) {
    const LiveRange& r = ranges[i];
    if (!r.owns_memory || r.first >= r.last) continue;
    const int64_t b = bytes(*insts[i]);
    delta[r.first] += b;
    delta[r.last] -= b;
  }
  std::vector<int64_t> profile(n, 0);
  int64_t live = 0;
  for (int64_t p = 0; p < n; ++p) {
    live += delta[p];
    profile[p] = live;
  }
  return profile;
}

int64_t PeakLiveBytes(const Computation& comp,
                      const std::function<int64_t(const Instruction&)>& bytes) {
  const std::vector<int64_t> profile = LiveBytesProfile(comp, bytes);
  return profile.empty() ? 0 : *std::max_element(profile.begin(), profile.end());
}

}  // namespace xpar
