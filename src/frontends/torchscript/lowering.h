// Lowering of a ts::Graph to the IR: the value table (tensors, and the ints, lists and tuples a
// trace computes shapes with), typed accessors for op arguments, and the handler table.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "frontends/torchscript/ir_builder.h"
#include "frontends/torchscript/ts_graph.h"

namespace xpar::ts {

// One TorchScript value. Tensors are IR instructions; 0-d tensors whose value is known while
// importing (shape arithmetic: prim::NumToTensor, constants) are kept folded in `known` and
// become constants only when an op needs them as tensors.
struct Value {
  enum class Kind { kUnset, kNone, kBool, kInt, kDouble, kString, kTensor, kList, kTuple, kModule };
  Kind kind = Kind::kUnset;
  bool b = false;
  int64_t i = 0;
  double d = 0;
  std::string s;
  Instruction* tensor = nullptr;
  std::optional<double> known;                     // a folded 0-d tensor's value
  PrimitiveType known_type = PrimitiveType::kF32;  // and its element type
  std::vector<Value> elements;                     // lists and tuples

  static Value Tensor(Instruction* t) {
    Value v;
    v.kind = Kind::kTensor;
    v.tensor = t;
    return v;
  }
  static Value Int(int64_t x) {
    Value v;
    v.kind = Kind::kInt;
    v.i = x;
    return v;
  }
  static Value Known(double x, PrimitiveType type) {
    Value v;
    v.kind = Kind::kTensor;
    v.known = x;
    v.known_type = type;
    return v;
  }
  bool IsTensor() const { return kind == Kind::kTensor; }
  PrimitiveType type() const { return tensor ? tensor->shape().type() : known_type; }
  int64_t rank() const { return tensor ? tensor->shape().rank() : 0; }
};

class Lowering;
using Handler = std::function<Status(Lowering&, const Node&)>;
using HandlerTable = std::unordered_map<std::string, Handler>;

// Each ops_*.cc file adds its handlers; lowering.cc lists the files in order.
void AddPrimHandlers(HandlerTable& table);
void AddElementwiseHandlers(HandlerTable& table);
void AddShapeHandlers(HandlerTable& table);
void AddCreationHandlers(HandlerTable& table);
void AddNnHandlers(HandlerTable& table);
void AddLinalgHandlers(HandlerTable& table);
void AddConvHandlers(HandlerTable& table);
void AddPoolHandlers(HandlerTable& table);

class Lowering {
 public:
  Lowering(const Graph& graph, Module* module, Computation* entry)
      : graph_(graph), builder_(module, entry), values_(graph.num_values) {}

  Builder& b() { return builder_; }
  const Graph& graph() const { return graph_; }

  Value& In(const Node& n, size_t i) { return values_[n.inputs[i]]; }
  Value& ValueOf(int64_t id) { return values_[id]; }
  void Set(const Node& n, size_t out, Value v) { values_[n.outputs[out]] = std::move(v); }
  void SetTensor(const Node& n, size_t out, Instruction* t) { Set(n, out, Value::Tensor(t)); }

  // Typed views of argument i; errors name the op and what was expected.
  Expected<Instruction*> Tensor(const Node& n, size_t i);
  Expected<Instruction*> AsTensor(Value& v);  // materialises folded scalars
  Expected<int64_t> Int(const Node& n, size_t i);
  Expected<double> Number(const Node& n, size_t i);  // int, double, bool or known 0-d tensor
  Expected<bool> Bool(const Node& n, size_t i);
  Expected<std::string> String(const Node& n, size_t i);
  Expected<std::vector<int64_t>> Ints(const Node& n, size_t i);
  Expected<std::vector<Instruction*>> Tensors(const Node& n, size_t i);
  bool IsNone(const Node& n, size_t i);
  // A dtype argument (c10::ScalarType number), or nullopt for None.
  Expected<std::optional<PrimitiveType>> DType(const Node& n, size_t i);

  // A dimension argument normalised against `rank` (negative counts from the end).
  Expected<int64_t> Dim(const Node& n, size_t i, int64_t rank);

  Status Error(const Node& n, const std::string& message) const;

 private:
  const Graph& graph_;
  Builder builder_;
  std::vector<Value> values_;
};

// c10::ScalarType numbers as the trace stores dtype arguments.
Expected<PrimitiveType> ScalarTypeToPrimitive(int64_t scalar_type);
// PyTorch's type promotion for the arguments of an elementwise op (tensors of rank > 0 first,
// then 0-d tensors, then Python numbers, each raising the category only).
PrimitiveType ResultType(const std::vector<const Value*>& args);

}  // namespace xpar::ts
