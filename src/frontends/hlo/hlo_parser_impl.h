// Internal state of the HLO text parser, shared by its files: the cursor, the instructions and
// computations read so far with the names they still have to resolve, and the parse methods.
#pragma once

#include <array>
#include <bitset>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "frontends/hlo/hlo_lexer.h"
#include "ir/module.h"
#include "support/source_text.h"
#include "support/status.h"

namespace xpar::hlo {

// Every attribute name the parser knows. Those not listed here are errors.
enum class Attr {
  kDimensions,
  kIotaDimension,
  kIndex,
  kLhsBatchDims,
  kLhsContractingDims,
  kRhsBatchDims,
  kRhsContractingDims,
  kDimLabels,
  kWindow,
  kFeatureGroupCount,
  kBatchGroupCount,
  kOffsetDims,
  kCollapsedSliceDims,
  kStartIndexMap,
  kOperandBatchingDims,
  kStartIndicesBatchingDims,
  kIndexVectorDim,
  kSliceSizes,
  kUpdateWindowDims,
  kInsertedWindowDims,
  kScatterDimsToOperandDims,
  kInputBatchingDims,
  kScatterIndicesBatchingDims,
  kIndicesAreSorted,
  kUniqueIndices,
  kSlice,
  kDynamicSliceSizes,
  kPadding,
  kDirection,
  kComparisonType,
  kReplicaGroups,
  kSourceTargetPairs,
  kChannelId,
  kUseGlobalDeviceIds,
  kConstrainLayout,
  kEpsilon,
  kFeatureIndex,
  kIsStable,
  kRngAlgorithm,
  kDistribution,
  kExponentBits,
  kMantissaBits,
  kFftType,
  kFftLength,
  kCustomCallTarget,
  kApiVersion,
  kHasSideEffect,
  kTopkK,
  kTopkLargest,
  kLeftSide,
  kLower,
  kUnitDiagonal,
  kTransposeA,
  // Called computations.
  kToApply,
  kCalls,
  kCondition,
  kBody,
  kTrueComputation,
  kFalseComputation,
  kBranchComputations,
  kSelect,
  kScatter,
  kCalledComputations,
  // Any op.
  kSharding,
  kMetadata,
  kFrontendAttributes,
  kBackendConfig,
  kPassthrough,
  kNumAttrs,
};
using AttrSet = std::bitset<static_cast<size_t>(Attr::kNumAttrs)>;

struct NameRef {
  std::string_view name;
  int64_t offset = -1;
};

struct PendingOperand {
  NameRef ref;
  bool has_written_shape = false;
  Shape written;
  int64_t shape_offset = -1;
};

// An instruction whose operand and computation names are not resolved yet.
struct PendingInst {
  std::unique_ptr<Instruction> inst;
  Instruction* raw = nullptr;  // stays valid after `inst` moves into its computation
  std::vector<PendingOperand> operands;
  // condition/body, true/false, select/scatter go to fixed slots; the others append.
  std::array<NameRef, 2> fixed_calls;
  std::vector<NameRef> calls;
  bool is_root = false;
  int64_t root_offset = -1;
  int64_t opcode_offset = -1;
  AttrSet seen;
};

struct PendingComputation {
  std::unique_ptr<Computation> comp;
  std::vector<PendingInst> insts;
  bool is_entry = false;
};

class Parser {
 public:
  explicit Parser(std::shared_ptr<const SourceText> source)
      : src_(std::move(source)), lex_(src_->text()) {}

  Expected<std::unique_ptr<Module>> ParseModule();
  Expected<Shape> ParseWholeShape();

  // --- hlo_parser.cc: structure.
  Status ParseHeader(Module* module);
  Status ParseComputation(PendingComputation* out);
  Status ParseComputationAttributes(std::string_view computation);
  Status ParseSignature();
  Status ParseInstruction(PendingInst* out);
  Status ParseOperands(PendingInst* pi);

  // --- hlo_resolve.cc: names, order, assembly.
  Status ResolveComputation(PendingComputation* pc);
  Status AssembleModule(std::vector<PendingComputation> comps, Module* module);

  // --- hlo_shape_literal.cc
  Expected<Shape> ParseShape();
  bool LooksLikeShape();
  Status ParseLiteral(const Shape& shape, Literal* out);

  // --- hlo_attributes.cc: attribute dispatch.
  Status ParseAttribute(PendingInst* pi);
  Status ParseAttrValue(Attr a, std::string_view name, PendingInst* pi);
  Status CheckRequiredAttributes(const PendingInst& pi);

  // --- hlo_attr_values.cc: attribute value grammars.
  Status ParseIntList(std::vector<int64_t>* out, char open = '{', char close = '}');
  Status ParseInt(int64_t* out);
  Status ParseBool(bool* out);
  Status ParseQuoted(std::string* out);
  Status ParseFloat(float* out);
  Status ParseComputationRef(NameRef* out);
  Status ParseComputationList(std::vector<NameRef>* out);
  Status ParseSlice(std::vector<SliceDim>* out);
  Status ParsePadding(std::vector<PadDim>* out);
  Status ParseWindow(std::vector<WindowDim>* out);
  Status ParseConvDims(ConvDims* out);
  Status ParsePairs(std::vector<std::pair<int64_t, int64_t>>* out);
  Status ParseReplicaGroups(ReplicaGroups* out);
  Status ParseSharding(HloSharding* out);
  Expected<HloSharding> ParseWholeSharding();
  Status ParseMetadata(OpMetadata* out);
  Status ParseStringMap(std::vector<std::pair<std::string, std::string>>* out);
  Status ParseBackendConfig(std::string* out);
  Status ParseIoAlias(std::vector<IoAlias>* out);
  Status ParseIota(std::vector<int64_t>* reshape, std::vector<int64_t>* transpose,
                   std::vector<int64_t>* expanded);
  Status ParseTiledSharding(HloSharding* out);

  // Diagnostics.
  Status Error(int64_t offset, const std::string& message) const {
    return src_->Error(offset, message);
  }
  Status ErrorHere(const std::string& message) {
    lex_.SkipSpace();
    return Error(lex_.pos(), message);
  }
  // Consumes `c` or reports "expected '<c>' <context>".
  Status Expect(char c, std::string_view context);

  std::shared_ptr<const SourceText> src_;
  Lexer lex_;
};

}  // namespace xpar::hlo
