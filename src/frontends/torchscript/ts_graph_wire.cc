// EncodeGraph / DecodeGraph: fixed-width little-endian integers, strings and byte blocks as a
// length and the bytes, a tag per variant alternative; a magic word first and last.
#include "frontends/torchscript/ts_graph_wire.h"

#include <cstring>
#include <type_traits>

namespace xpar::ts {
namespace {

constexpr uint32_t kMagic = 0x31535458;  // "XTS1"

class Writer {
 public:
  template <typename T>
  void Pod(T v) {
    static_assert(std::is_trivially_copyable_v<T>);
    out_.append(reinterpret_cast<const char*>(&v), sizeof v);
  }
  void Bytes(const void* p, size_t n) {
    Pod<uint64_t>(n);
    out_.append(static_cast<const char*>(p), n);
  }
  void Str(const std::string& s) { Bytes(s.data(), s.size()); }
  void Ints(const std::vector<int64_t>& v) { Bytes(v.data(), v.size() * sizeof(int64_t)); }
  void Doubles(const std::vector<double>& v) { Bytes(v.data(), v.size() * sizeof(double)); }
  void ShapeOf(const Shape& s) {
    Pod<int32_t>(static_cast<int32_t>(s.type()));
    Ints(s.dims());
  }
  void Lit(const Literal& l) {
    Pod<uint8_t>(l.raw() != nullptr);
    if (l.raw() == nullptr) return;
    ShapeOf(l.shape());
    Bytes(l.raw(), static_cast<size_t>(l.size_bytes()));
  }
  std::string& out() { return out_; }

 private:
  std::string out_;
};

class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  bool ok() const { return ok_; }

  template <typename T>
  T Pod() {
    T v{};
    if (!Need(sizeof v)) return v;
    std::memcpy(&v, in_.data() + at_, sizeof v);
    at_ += sizeof v;
    return v;
  }
  std::string_view Bytes() {
    const uint64_t n = Pod<uint64_t>();
    if (!Need(n)) return {};
    std::string_view b = in_.substr(at_, n);
    at_ += n;
    return b;
  }
  std::string Str() { return std::string(Bytes()); }
  template <typename T>
  std::vector<T> Array() {
    std::string_view b = Bytes();
    if (b.size() % sizeof(T) != 0) ok_ = false;
    std::vector<T> v(ok_ ? b.size() / sizeof(T) : 0);
    if (!v.empty()) std::memcpy(v.data(), b.data(), v.size() * sizeof(T));
    return v;
  }
  Shape ShapeOf() {
    auto type = static_cast<PrimitiveType>(Pod<int32_t>());
    return Shape(type, Array<int64_t>());
  }
  Literal Lit() {
    if (Pod<uint8_t>() == 0) return Literal();
    Shape shape = ShapeOf();
    std::string_view bytes = Bytes();
    if (!ok_ || shape.IsTuple() || shape.ByteSize() != static_cast<int64_t>(bytes.size())) {
      ok_ = false;
      return Literal();
    }
    Literal l = Literal::Uninitialized(shape);
    if (!bytes.empty()) std::memcpy(l.raw(), bytes.data(), bytes.size());
    return l;
  }
  bool AtEnd() const { return at_ == in_.size(); }

 private:
  bool Need(uint64_t n) {
    if (!ok_ || n > in_.size() - at_) ok_ = false;
    return ok_;
  }
  std::string_view in_;
  size_t at_ = 0;
  bool ok_ = true;
};

void WriteConstant(Writer& w, const ConstantValue& c) {
  w.Pod<uint8_t>(static_cast<uint8_t>(c.index()));
  std::visit(
      [&w](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, NoneValue>) {
        } else if constexpr (std::is_same_v<T, bool>) {
          w.Pod<uint8_t>(v);
        } else if constexpr (std::is_same_v<T, int64_t> || std::is_same_v<T, double>) {
          w.Pod<T>(v);
        } else if constexpr (std::is_same_v<T, std::string>) {
          w.Str(v);
        } else if constexpr (std::is_same_v<T, std::vector<int64_t>>) {
          w.Ints(v);
        } else if constexpr (std::is_same_v<T, std::vector<double>>) {
          w.Doubles(v);
        } else {
          static_assert(std::is_same_v<T, Literal>);
          w.Lit(v);
        }
      },
      c);
}

ConstantValue ReadConstant(Reader& r) {
  switch (r.Pod<uint8_t>()) {
    case 0: return NoneValue{};
    case 1: return r.Pod<uint8_t>() != 0;
    case 2: return r.Pod<int64_t>();
    case 3: return r.Pod<double>();
    case 4: return r.Str();
    case 5: return r.Array<int64_t>();
    case 6: return r.Array<double>();
    case 7: return r.Lit();
    default: r.Pod<uint64_t>(); return NoneValue{};  // an unknown tag: fails below
  }
}

static_assert(std::variant_size_v<ConstantValue> == 8, "ReadConstant reads each alternative");

void WriteNamed(Writer& w, const std::vector<NamedLiteral>& v) {
  w.Pod<uint64_t>(v.size());
  for (const NamedLiteral& l : v) {
    w.Str(l.name);
    w.Lit(l.value);
  }
}

std::vector<NamedLiteral> ReadNamed(Reader& r) {
  std::vector<NamedLiteral> v;
  for (uint64_t i = 0, n = r.Pod<uint64_t>(); i < n && r.ok(); ++i) {
    std::string name = r.Str();
    v.push_back({std::move(name), r.Lit()});
  }
  return v;
}

}  // namespace

std::string EncodeGraph(const Expected<Graph>& graph) {
  Writer w;
  if (graph.ok()) {  // the weights in one allocation, not a doubling string (GPT-2: 500 MB)
    size_t bytes = size_t{1} << 20;
    for (const auto* named : {&graph->parameters, &graph->buffers}) {
      for (const NamedLiteral& p : *named) bytes += static_cast<size_t>(p.value.size_bytes());
    }
    w.out().reserve(bytes);
  }
  w.Pod<uint32_t>(kMagic);
  w.Pod<uint8_t>(graph.ok());
  if (!graph.ok()) {
    w.Pod<int32_t>(static_cast<int32_t>(graph.status().code()));
    w.Pod<uint8_t>(graph.status().located());
    w.Str(graph.status().message());
  } else {
    const Graph& g = *graph;
    w.Str(g.module_name);
    w.Str(g.inputs_json);
    w.Pod<uint64_t>(g.inputs.size());
    for (const InputSpec& in : g.inputs) {
      w.Str(in.name);
      w.Str(in.type);
      w.Pod<uint8_t>(in.shape.has_value());
      if (in.shape) w.ShapeOf(*in.shape);
    }
    w.Ints(g.input_values);
    w.Pod<uint64_t>(g.nodes.size());
    for (const Node& n : g.nodes) {
      w.Str(n.kind);
      w.Ints(n.inputs);
      w.Ints(n.outputs);
      w.Str(n.location);
      w.Str(n.scope);
      w.Pod<uint8_t>(n.constant.has_value());
      if (n.constant) WriteConstant(w, *n.constant);
      w.Str(n.attr_name);
      w.Pod<uint8_t>(n.is_parameter);
    }
    w.Ints(g.outputs);
    w.Pod<int64_t>(g.num_values);
    WriteNamed(w, g.parameters);
    WriteNamed(w, g.buffers);
  }
  w.Pod<uint32_t>(kMagic);
  return std::move(w.out());
}

Expected<Graph> DecodeGraph(std::string_view bytes) {
  Reader r(bytes);
  auto broken = [&bytes] {
    return Internal("the TorchScript reader process sent an unreadable result ({} bytes)",
                    bytes.size());
  };
  if (r.Pod<uint32_t>() != kMagic) return broken();
  const bool ok = r.Pod<uint8_t>() != 0;
  Expected<Graph> result = Graph();
  if (!ok) {
    auto code = static_cast<StatusCode>(r.Pod<int32_t>());
    const bool located = r.Pod<uint8_t>() != 0;
    std::string message = r.Str();
    if (code == StatusCode::kOk) return broken();
    result = located ? Status::Located(code, std::move(message)) : Status(code, std::move(message));
  } else {
    Graph& g = *result;
    g.module_name = r.Str();
    g.inputs_json = r.Str();
    for (uint64_t i = 0, n = r.Pod<uint64_t>(); i < n && r.ok(); ++i) {
      InputSpec in;
      in.name = r.Str();
      in.type = r.Str();
      if (r.Pod<uint8_t>() != 0) in.shape = r.ShapeOf();
      g.inputs.push_back(std::move(in));
    }
    g.input_values = r.Array<int64_t>();
    for (uint64_t i = 0, n = r.Pod<uint64_t>(); i < n && r.ok(); ++i) {
      Node node;
      node.kind = r.Str();
      node.inputs = r.Array<int64_t>();
      node.outputs = r.Array<int64_t>();
      node.location = r.Str();
      node.scope = r.Str();
      if (r.Pod<uint8_t>() != 0) node.constant = ReadConstant(r);
      node.attr_name = r.Str();
      node.is_parameter = r.Pod<uint8_t>() != 0;
      g.nodes.push_back(std::move(node));
    }
    g.outputs = r.Array<int64_t>();
    g.num_values = r.Pod<int64_t>();
    g.parameters = ReadNamed(r);
    g.buffers = ReadNamed(r);
  }
  if (r.Pod<uint32_t>() != kMagic || !r.ok() || !r.AtEnd()) return broken();
  return result;
}

}  // namespace xpar::ts
