// Internal state of the StableHLO/MHLO parser shared by its files: attribute values, scopes of
// SSA values (with capture of outer values by regions), parsed ops before they become
// instructions, and the parser class.
#pragma once

#include <charconv>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "frontends/stablehlo/mlir_lexer.h"
#include "frontends/stablehlo/stablehlo_parser.h"
#include "ir/hlo_sharding.h"
#include "ir/module.h"
#include "support/source_text.h"
#include "support/status.h"

namespace xpar::mlir {

// An attribute value, kept structurally.
struct Attr {
  enum class Kind { kUnit, kInt, kFloat, kBool, kString, kList, kDict, kDense, kSymbol, kEnum,
                    kDialect, kType };
  Kind kind = Kind::kUnit;
  int64_t offset = -1;
  int64_t i = 0;
  double f = 0;
  bool b = false;
  std::string s;  // string contents, symbol / enum name, dialect attribute name ("stablehlo.gather")
  std::vector<Attr> list;                            // kList; kDialect positional items
  std::vector<std::pair<std::string, Attr>> dict;    // kDict; kDialect `key = value` items
  std::optional<Shape> type;                         // `: type`; kDense: the tensor type
  std::optional<Literal> dense;                      // kDense
  // kDense: `dense` holds the one element of a splat of `type` larger than the parser expands
  // (StableHloParseOptions::max_expanded_splat); constants of it become constant + broadcast.
  bool splat = false;
  std::string_view text;                             // source text of the whole attribute

  // Defined where Attr is complete: `dict` holds pairs of Attr, which clang's standard library
  // checks need complete when the implicit members are made inside the class.
  Attr();
  Attr(const Attr&);
  Attr(Attr&&) noexcept;
  Attr& operator=(const Attr&);
  Attr& operator=(Attr&&) noexcept;
  ~Attr();

  const Attr* Find(std::string_view name) const;
};
using AttrList = std::vector<std::pair<std::string, Attr>>;

// SSA values visible in a region. Regions of while/if/case see outer values through their
// tuple parameter; other regions may only copy outer constants.
struct Scope {
  enum class Mode { kIsolated, kTuple, kCopyConstants };
  Computation* comp = nullptr;
  Scope* parent = nullptr;
  Mode mode = Mode::kIsolated;
  std::unordered_map<std::string, std::vector<Instruction*>> values;
  // kTuple: block arguments occupy tuple elements [0, num_args); captured outer values follow
  // in the order of *captures (shared between a while's condition and body).
  Instruction* tuple_param = nullptr;
  int64_t num_args = 0;
  std::vector<Instruction*>* captures = nullptr;
  std::unordered_map<const Instruction*, Instruction*> captured;
};

// A region parsed into a computation whose root the op builder sets.
struct Region {
  Computation* comp = nullptr;
  std::vector<Instruction*> returned;  // operands of the terminator
  int64_t return_offset = -1;
  std::unique_ptr<std::vector<Instruction*>> own_captures;
  std::vector<Instruction*>* captures = nullptr;  // outer values it uses (kTuple regions)
  Instruction* tuple_param = nullptr;
  std::vector<Shape> arg_types;
};

// One op as parsed, before it becomes instructions.
struct OpInfo {
  std::string name;       // full name, "stablehlo.add"
  std::string mnemonic;   // without the dialect, "add"
  int64_t offset = -1;    // of the op name
  std::string result_name;
  int64_t num_results = 0;
  std::vector<Instruction*> operands;
  std::vector<int64_t> operand_offsets;
  std::vector<Shape> operand_types, result_types;
  AttrList attrs;
  std::vector<Attr> positional;  // pretty-form enums (LT, SIGNED) in order
  std::vector<Region> regions;
  std::string callee;  // func.call / custom_call @target / composite decomposition

  const Attr* Find(std::string_view name) const;
};

class Parser {
 public:
  explicit Parser(std::shared_ptr<const SourceText> src, StableHloParseOptions options = {})
      : src_(std::move(src)), lex_(src_->text()), options_(options) {}

  Expected<std::unique_ptr<Module>> ParseModule();

  // --- stablehlo_parser.cc: module, functions, regions, op statements.
  Status ParseTopLevel();
  Status ParseModuleOp(bool generic);
  Status ParseFunc(bool generic);
  Status ParseFuncBody(Scope* scope, std::vector<std::pair<std::string, Shape>> args,
                       Region* body);
  Status ParseBlockBody(Scope* scope, Region* region, std::string_view terminator_context);
  Status ParseRegion(Scope* parent, Scope::Mode mode, std::vector<Instruction*>* shared_captures,
                     std::vector<std::pair<std::string, Shape>> args, Region* out);
  Status ParseStatement(Scope* scope, Region* region, bool* terminated);
  Status ParseGenericOp(Scope* scope, OpInfo* op);
  // `%a, %b, ...` (at least one) into op->operands.
  Status ParseOperands(Scope* scope, OpInfo* op);
  Status ParseOperandList(Scope* scope, OpInfo* op, std::string_view close);
  Status ParseTrailer(OpInfo* op);
  Status SkipLocation();
  Expected<Instruction*> Lookup(Scope* scope, std::string_view name, int64_t offset);
  Status Assemble(Module* module);

  // --- stablehlo_pretty.cc: the custom assembly formats of individual ops.
  Status ParsePrettyOp(Scope* scope, OpInfo* op);
  Status ParsePrettyWhile(Scope* scope, OpInfo* op);
  Status ParsePrettyReduce(Scope* scope, OpInfo* op);
  Status ParseTypeSignature(OpInfo* op);
  // Each value's type against the one the file declares for it (operands of an op's
  // `(types) -> types` signature, a return's types, a function's results): a mismatch is a
  // located error at `offsets[i]` (or `offset`), not a declaration parsed and dropped.
  Status CheckDeclaredTypes(std::string_view what, const std::vector<Shape>& declared,
                            const std::vector<Instruction*>& values, int64_t offset,
                            const std::vector<int64_t>& offsets = {}) const;

  // --- stablehlo_types.cc: types, attributes, dense literals.
  Expected<Shape> ParseType();
  Expected<Shape> ParseTensorType(int64_t offset);
  // `results`: each type's attribute dictionary (function signatures), when asked for.
  Expected<std::vector<Shape>> ParseTypeListMaybeParens(std::vector<AttrList>* attrs = nullptr);
  Status ParseAttrDict(AttrList* out, std::string_view close = "}");
  Expected<Attr> ParseAttrValue();
  Status ParseDense(Attr* out);
  // stablehlo_resources.cc: `dense_resource<name>` constants and the `{-# ... #-}` blob block.
  Status ReadDialectResources();
  Status ParseDenseResource(Attr* out);
  // A splat over more than options_.max_expanded_splat elements leaves its one element in `out`
  // and sets *splat.
  Status ParseDenseBody(const Shape& shape, int64_t body_offset, int64_t body_end, Literal* out,
                        bool* splat);
  Status ParseDenseHex(const Shape& shape, const Token& blob, Literal* out, bool* splat);
  Status FillSplat(const Shape& shape, const uint8_t* element, int64_t body_offset, Literal* out,
                   bool* splat);
  Status ParseDialectAttr(Token head, Attr* out);
  bool NextIsType();

  // --- stablehlo_ops.cc / stablehlo_ops_region.cc: OpInfo -> instructions.
  Expected<std::vector<Instruction*>> BuildOp(Scope* scope, OpInfo* op);
  // `mhlo.sharding = "{...}"` or `sdy.sharding = #sdy.sharding<...>` (stablehlo_shardy.cc).
  Status SetSharding(Instruction* inst, const Attr& attr);
  Expected<std::vector<Instruction*>> BuildSimple(Scope* scope, OpInfo* op, Opcode opcode);
  Status DropExpandedUnitDims(Scope* scope, OpInfo* op, std::vector<Instruction*>* operands);
  Expected<std::vector<Instruction*>> BuildWithRegions(Scope* scope, OpInfo* op, Opcode opcode);
  Expected<std::vector<Instruction*>> BuildControlFlow(Scope* scope, OpInfo* op);
  Expected<std::vector<Instruction*>> BuildCheck(Scope* scope, OpInfo* op);
  Expected<std::vector<Instruction*>> BuildCustomCall(Scope* scope, OpInfo* op);
  Expected<std::vector<Instruction*>> BuildAllToAll(Scope* scope, OpInfo* op);
  Expected<std::vector<Instruction*>> BuildCcl(Scope* scope, OpInfo* op);
  // stablehlo_ops_dynamic.cc: dynamic_* ops (IsLowerableDynamicOp) as their static ops.
  Expected<std::vector<Instruction*>> BuildDynamic(Scope* scope, OpInfo* op);
  Status CheckShapeOperand(const OpInfo& op, size_t i) const;
  Expected<std::vector<Instruction*>> BuildRng(Scope* scope, OpInfo* op);
  Expected<Attr> ConstantOperandAttr(const OpInfo& op, size_t i, std::string_view what);
  // stablehlo_chlo.cc: chlo.mulhi lowered to StableHLO; other CHLO ops are an error.
  Expected<std::vector<Instruction*>> BuildChlo(Scope* scope, OpInfo* op);
  Status SetAttributes(OpInfo* op, Opcode opcode, Instruction* inst);

  // --- stablehlo_shardy.cc: Shardy (sdy) meshes, shardings and ops, as HLO shardings.
  struct SdyMesh {
    std::vector<std::string> axes;
    std::vector<int64_t> sizes;
    std::vector<int64_t> device_ids;  // empty: iota
  };
  Status ParseSdyMesh();
  Expected<SdyMesh> ParseSdyMeshBody();
  Status SkipSdyAttr(Attr* out);
  // A mesh axis ("x") or the sub-axis "x":(pre)size as written; pre == 0 for a whole axis.
  struct SdyAxisRef {
    int64_t axis = 0, pre = 0, size = 0, offset = -1;
  };
  // A tensor sharding over its mesh refined into factors: each axis is cut where a sub-axis
  // starts or ends, so every reference is a run of whole factors (major first in its axis).
  // The factors, in mesh order, linearise the devices exactly as the mesh does.
  struct SdySharding {
    const SdyMesh* mesh = nullptr;
    SdyMesh factors;                         // names "x" / "x:(1)2", sizes, the device_ids
    std::vector<int64_t> axis_of;            // the mesh axis of each factor
    std::vector<int64_t> post;               // product of the sizes minor to it in its axis
    std::vector<std::vector<int64_t>> dims;  // factor indices per tensor dimension, major first
  };
  Expected<HloSharding> ParseSdyTensorSharding(int64_t rank);
  // `<@mesh, [...], replicated={...}>`; `inline_mesh` holds a mesh written in place.
  Expected<SdySharding> ParseSdySharding(int64_t rank, SdyMesh* inline_mesh);
  Status ParseSdyAxisSet(const SdyMesh& mesh, std::vector<SdyAxisRef>* into, bool allow_open);
  Expected<SdySharding> RefineSdyAxes(const SdyMesh& mesh,
                                      const std::vector<std::vector<SdyAxisRef>>& dims,
                                      const std::vector<SdyAxisRef>& replicated, int64_t at);
  // `#sdy.sharding<...>` (one value) or `#sdy.sharding_per_value<[...]>` (a tuple sharding).
  Expected<HloSharding> ReadSdyAttr(const Attr& attr, const Shape& shape);
  Status ParsePrettySdy(Scope* scope, OpInfo* op);
  // Result shardings (mhlo.sharding / sdy.sharding) of a function: set on the returned value,
  // or, where it already has another sharding, on a `Sharding` custom-call returned instead.
  Status ApplyResultShardings(Region* body, const std::vector<AttrList>& result_attrs);
  Expected<std::vector<Instruction*>> BuildSdy(Scope* scope, OpInfo* op);
  // stablehlo_shardy_manual.cc: sdy.manual_computation / named_computation, in their global
  // meaning (stablehlo_shardy_manual.h).
  Status ParsePrettyManual(Scope* scope, OpInfo* op);
  Expected<std::vector<SdySharding>> ReadSdyShardingList(const Attr& attr,
                                                         const std::vector<Shape>& shapes,
                                                         std::deque<SdyMesh>* inline_meshes);
  Expected<std::vector<bool>> ReadManualAxes(const Attr& attr, const SdyMesh& mesh);
  Expected<std::vector<Instruction*>> BuildManualComputation(Scope* scope, OpInfo* op);
  struct ManualSpec {
    std::deque<SdyMesh> inline_meshes;  // meshes written inside the shardings
    std::vector<SdySharding> ins, outs;
    SdyMesh mesh;                       // the one mesh of every sharding (none: empty)
    std::vector<bool> manual;           // per mesh axis
  };
  Status ReadManualSpec(const OpInfo& op, ManualSpec* spec);
  Status SetManualMesh(std::string_view name, int64_t at, ManualSpec* spec) const;
  // A manual body: its computation, argument types (per-device blocks) and returned values.
  struct ManualBody {
    const Computation* comp = nullptr;
    std::vector<Shape> arg_types;
    std::vector<Instruction*> returned;
  };
  // The global meaning of `body` on `operands`, built into `comp`: its results. `lowered`
  // collects the reductions of the collectives lowered away.
  Expected<std::vector<Instruction*>> LowerManual(
      Computation* comp, const std::vector<Instruction*>& operands, const ManualBody& body,
      const std::vector<Shape>& result_types, const ManualSpec& spec, int64_t at,
      const std::string& result_name, std::vector<const Computation*>* lowered);
  void DropInlinedBody(Computation* body, const std::vector<const Computation*>& lowered);
  // stablehlo_shardy_round_trip.cc: Shardy text in `mhlo.frontend_attributes` strings and the
  // xla.sdy.* custom calls (the form XLA writes when Shardy shardings travel through HLO).
  // `xla.sdy.<key>` of the `mhlo.frontend_attributes` in `attrs`; null when absent.
  static const Attr* RoundTripAttr(const AttrList& attrs, std::string_view key);
  // The custom-call target without the `local_` prefix of XLA's test files.
  static std::string_view RoundTripTarget(std::string_view target);
  std::unique_ptr<Parser> RoundTripParser(std::string_view key, std::string_view text) const;
  // `inner` (an error in the text of `key`) located at `at` of this file.
  Status RoundTripError(int64_t at, std::string_view key, const Status& inner) const;
  Status ReadRoundTripMeshes(const AttrList& module_attrs);
  Expected<HloSharding> ReadRoundTripSharding(const Attr& text, const Shape& shape);
  Expected<std::vector<Instruction*>> BuildRoundTripCall(Scope* scope, OpInfo* op,
                                                         std::string_view target);
  // Every GlobalToLocalShape -> call -> LocalToGlobalShape triple as its global meaning (in
  // Assemble, once the calls are resolved).
  Status LowerRoundTripManuals();
  Status LowerRoundTripManual(Computation* comp, Instruction* local_to_global);
  // stablehlo_tensor_arith*.cc: the arith and tensor ops of torch-mlir/ByteIR output.
  Status ParsePrettyArith(Scope* scope, OpInfo* op);
  Status ParsePrettyTensor(Scope* scope, OpInfo* op);
  Expected<std::vector<Instruction*>> BuildArith(Scope* scope, OpInfo* op);
  Expected<std::vector<Instruction*>> BuildTensor(Scope* scope, OpInfo* op);
  Expected<std::vector<Instruction*>> BuildTensorSlice(Scope* scope, OpInfo* op);

  // stablehlo_splat.cc: constants from dense<...> values and splats of one scalar. A splat
  // over more than options_.max_expanded_splat elements is a scalar constant and a broadcast.
  // `value` is a kDense attribute; `result` the type the op declares.
  Expected<Instruction*> AddDenseConstant(Computation* comp, const Attr& value,
                                          const Shape& result, int64_t offset,
                                          std::string_view base = "");
  // A constant of `shape` whose every element is `scalar` (a rank-0 literal of its type).
  Instruction* AddSplatConstant(Computation* comp, const Shape& shape, Literal scalar,
                                int64_t offset, std::string_view base = "");
  Instruction* AddSplatConstant(Computation* comp, const Shape& shape, double v, int64_t offset);
  Instruction* AddSplatConstantInt(Computation* comp, const Shape& shape, int64_t v,
                                   int64_t offset);

  // Instruction helpers.
  Instruction* Add(Computation* comp, Opcode opcode, Shape shape,
                   const std::vector<Instruction*>& operands, int64_t offset,
                   std::string_view base = "");
  Instruction* AddParameter(Computation* comp, Shape shape, int64_t number, int64_t offset,
                            std::string_view base);
  // One result: itself. Several: get-tuple-element of each.
  std::vector<Instruction*> Unpack(Computation* comp, Instruction* inst, int64_t n, int64_t offset);
  Instruction* MakeTuple(Computation* comp, const std::vector<Instruction*>& elems, int64_t offset);
  Computation* NewComputation(std::string base);
  // Sets a region's root: its single returned value, or a tuple of them (plus the captured
  // values passed through unchanged when `pass_captures`).
  Status FinishRegionRoot(Region* r, bool tuple_always, bool pass_captures);
  Shape ResultShape(const OpInfo& op) const;

  // Diagnostics.
  Status Error(int64_t offset, const std::string& message) const { return src_->Error(offset, message); }
  Status Unsupported(int64_t offset, const std::string& message) const {
    return src_->Error(offset, message).WithCode(StatusCode::kUnimplemented);
  }
  Status Expect(std::string_view s, std::string_view context);
  Status ErrorAtNext(const std::string& message) { return Error(lex_.NextOffset(), message); }

  std::shared_ptr<const SourceText> src_;
  Lexer lex_;
  // Nesting of the attributes and types being parsed: a file nesting them deeper than
  // kMaxNesting gets a located error instead of exhausting the stack (a fuzz finding: 1,000
  // nested '[' in an attribute).
  static constexpr int kMaxNesting = 256;
  // Results of one operation (`%r:N`): real programs have a few (a while loop's state: dozens).
  static constexpr int64_t kMaxResults = 65536;
  int nesting_ = 0;
  Status EnterNested(int64_t offset, std::string_view what);
  // Leaves the level EnterNested entered when the nested parse returns (any way it returns).
  struct LeaveNested {
    int& depth;
    ~LeaveNested() { --depth; }
  };
  StableHloParseOptions options_;

  struct FuncInfo {
    Computation* comp = nullptr;
    bool is_public = true;
    int64_t offset = -1;
    int64_t num_results = 0;
  };
  // A reference to a function that may be defined further down: called()[slot] of `inst`.
  struct PendingCall {
    Instruction* inst;
    int64_t slot;
    std::string callee;
    int64_t offset;
  };
  std::vector<std::unique_ptr<Computation>> comps_;
  std::vector<std::pair<std::string, FuncInfo>> funcs_;
  std::vector<PendingCall> calls_;
  // Copies of manual-computation body calls to functions defined later: once resolved, their
  // callees must be free of collectives and device ids (stablehlo_shardy_manual.h).
  std::vector<Instruction*> manual_clone_calls_;
  // The xla.sdy.LocalToGlobalShape custom calls read, with their computations.
  std::vector<std::pair<Instruction*, Computation*>> round_trip_outs_;
  std::vector<std::pair<std::string, std::string>> module_attrs_;
  std::unordered_map<std::string, Shape> type_aliases_;  // `!tuple = tuple<...>`
  std::unordered_map<std::string, SdyMesh> sdy_meshes_;  // `sdy.mesh @name = <...>`
  // dense_resource blobs by name: (offset of the blob, its "0x..." text); the block's extent.
  std::unordered_map<std::string, std::pair<int64_t, std::string>> resources_;
  std::pair<int64_t, int64_t> resource_block_ = {-1, -1};
  std::string module_name_;
  int64_t next_id_ = 0;
  std::string current_func_;
};

// The HLO sharding of a Shardy sharding (stablehlo_shardy.cc).
HloSharding SdyShardingToHlo(const Parser::SdySharding& s);

// Helpers on attributes (stablehlo_types.cc).
Expected<std::vector<int64_t>> AttrInts(const Attr& a);
// stablehlo_splat.cc: every element of a kDense attribute read as data (integer lists, replica
// groups): a kept splat (Attr::splat) is expanded, up to kMaxExpandedAttrSplat elements.
// A decimal integer token's value; nullopt when it does not fit in int64 (std::stoll would
// throw: a fuzz finding).
inline std::optional<int64_t> DecimalInt64(std::string_view text) {
  int64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

inline constexpr int64_t kMaxExpandedAttrSplat = int64_t{1} << 20;
Expected<Literal> DenseData(const Attr& a);
// A broadcast of a scalar constant: a large splat as AddSplatConstant builds it.
bool IsSplatConstant(const Instruction& inst);
bool IsMultiResultOp(const OpInfo& op);
bool IsLowerableDynamicOp(std::string_view mnemonic);

}  // namespace xpar::mlir
