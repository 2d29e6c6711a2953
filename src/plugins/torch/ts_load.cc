// Reads a TorchScript file with libtorch and converts its inlined forward graph into ts::Graph.
// The only translation unit of xpar that includes torch's JIT headers (heavy to compile). It
// is built as a plugin (libxpar_torch_plugin.so) that xpar loads only for .pt files, because
// linking libtorch's ~300 shared libraries into xpar itself costs seconds at every start.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#include <torch/csrc/jit/ir/constants.h>
#include <torch/csrc/jit/passes/inliner.h>
#include <ATen/Parallel.h>
#include <torch/script.h>
#pragma GCC diagnostic pop

#include <cstring>
#include <optional>
#include <unordered_map>

#include "frontends/torchscript/ts_graph.h"
#include "plugins/torch/archive_check.h"
#include "plugins/torch/record_allocator.h"

namespace xpar::ts {
namespace {

Expected<PrimitiveType> ElementType(c10::ScalarType t) {
  switch (t) {
    case c10::ScalarType::Bool:
      return PrimitiveType::kPred;
    case c10::ScalarType::Char:
      return PrimitiveType::kS8;
    case c10::ScalarType::Short:
      return PrimitiveType::kS16;
    case c10::ScalarType::Int:
      return PrimitiveType::kS32;
    case c10::ScalarType::Long:
      return PrimitiveType::kS64;
    case c10::ScalarType::Byte:
      return PrimitiveType::kU8;
    case c10::ScalarType::Half:
      return PrimitiveType::kF16;
    case c10::ScalarType::BFloat16:
      return PrimitiveType::kBF16;
    case c10::ScalarType::Float:
      return PrimitiveType::kF32;
    case c10::ScalarType::Double:
      return PrimitiveType::kF64;
    default:
      return Unimplemented("tensors of type {} are not supported", c10::toString(t));
  }
}

// libtorch loads a storage's byte size from the pickle, whatever its record holds
// (record_allocator.h): the storage must hold no more than the buffer read from its record.
Status CheckStorageBuffer(const at::Tensor& t) {
  if (!t.has_storage() || t.storage().nbytes() == 0) return Status::Ok();
  const void* data = t.storage().data();
  std::optional<size_t> held =
      data == nullptr ? std::optional<size_t>(0) : RecordingCpuAllocator::BytesAt(data);
  if (held && *held < t.storage().nbytes()) {
    return InvalidArgument("the file is damaged: a tensor of shape {} has a storage of {} bytes "
                           "whose record holds {}", fmt::join(t.sizes(), "x"),
                           t.storage().nbytes(), *held);
  }
  return Status::Ok();
}

// libtorch loads a tensor's sizes, strides and offset as the file states them, without checking
// that they stay inside its storage: a damaged file would make .contiguous() and the copy below
// read past the storage. The furthest element must lie inside it.
Status CheckInsideStorage(const at::Tensor& t) {
  if (t.numel() == 0) return Status::Ok();
  RETURN_IF_ERROR(CheckStorageBuffer(t));
  int64_t last = t.storage_offset();  // element index of the furthest element
  bool bad = !t.has_storage() || last < 0;
  for (int64_t d = 0; d < t.dim() && !bad; ++d) {
    int64_t reach = 0;
    bad = t.stride(d) < 0 || __builtin_mul_overflow(t.size(d) - 1, t.stride(d), &reach) ||
          __builtin_add_overflow(last, reach, &last);
  }
  int64_t end_bytes = 0;
  bad = bad || __builtin_mul_overflow(last + 1, static_cast<int64_t>(t.element_size()), &end_bytes) ||
        end_bytes > static_cast<int64_t>(t.storage().nbytes());
  if (bad) {
    return InvalidArgument("the file is damaged: a tensor of shape {} reaches past its storage "
                           "({} bytes)", fmt::join(t.sizes(), "x"),
                           t.has_storage() ? t.storage().nbytes() : 0);
  }
  return Status::Ok();
}

Expected<Literal> ToLiteral(const at::Tensor& tensor) {
  RETURN_IF_ERROR(CheckInsideStorage(tensor));
  at::Tensor t = tensor.detach().to(at::kCPU).contiguous();
  ASSIGN_OR_RETURN(PrimitiveType type, ElementType(t.scalar_type()));
  Literal lit =
      Literal::Uninitialized(Shape(type, std::vector<int64_t>(t.sizes().begin(), t.sizes().end())));
  if (lit.size_bytes() != static_cast<int64_t>(t.nbytes())) {
    return Internal("tensor byte size mismatch ({} vs {})", lit.size_bytes(), t.nbytes());
  }
  if (lit.size_bytes() > 0) std::memcpy(lit.raw(), t.data_ptr(), lit.size_bytes());
  return lit;
}

Expected<std::optional<ConstantValue>> ToConstant(const torch::jit::Value* v) {
  c10::optional<c10::IValue> iv = torch::jit::toIValue(v);
  if (!iv || iv->isNone()) return std::optional<ConstantValue>(NoneValue{});
  if (iv->isBool()) return std::optional<ConstantValue>(iv->toBool());
  if (iv->isInt()) return std::optional<ConstantValue>(iv->toInt());
  if (iv->isDouble()) return std::optional<ConstantValue>(iv->toDouble());
  if (iv->isString()) return std::optional<ConstantValue>(iv->toStringRef());
  if (iv->isDevice()) return std::optional<ConstantValue>(iv->toDevice().str());
  if (iv->isIntList()) return std::optional<ConstantValue>(iv->toIntVector());
  if (iv->isDoubleList()) return std::optional<ConstantValue>(iv->toDoubleVector());
  if (iv->isTensor()) {
    ASSIGN_OR_RETURN(Literal lit, ToLiteral(iv->toTensor()));
    return std::optional<ConstantValue>(std::move(lit));
  }
  return std::optional<ConstantValue>();  // unsupported kind: an error if a lowering reads it
}

std::string Location(torch::jit::Node* node) {
  c10::optional<torch::jit::SourceRange> range = node->sourceRange().findSourceRangeThatGenerated();
  if (!range) range = node->sourceRange();
  if (auto flc = range->file_line_col()) {
    if (!std::get<0>(*flc).empty()) {
      return std::get<0>(*flc) + ":" + std::to_string(std::get<1>(*flc));
    }
  }
  return "";
}

// Converts the graph; `objects` tracks which value holds which module object, so a chain of
// prim::GetAttr resolves to a dotted name and a tensor.
class Converter {
 public:
  Converter(const torch::jit::Module& module, Graph* out) : out_(out) {
    for (const auto& p : module.named_parameters(/*recurse=*/true)) {
      if (!param_names_.count(p.value.unsafeGetTensorImpl())) {
        param_names_[p.value.unsafeGetTensorImpl()] = p.name;
        out_->parameters.push_back({p.name, Literal()});
        param_tensors_.push_back(p.value);
      }
    }
  }

  Status Run(const torch::jit::Module& module, torch::jit::Graph& graph) {
    auto inputs = graph.inputs();
    if (inputs.empty()) return InvalidArgument("the forward graph has no `self` input");
    objects_[inputs[0]] = {module._ivalue(), ""};
    for (size_t i = 1; i < inputs.size(); ++i) {
      out_->inputs.push_back({inputs[i]->debugNameBase(), inputs[i]->type()->annotation_str(),
                              std::nullopt});
      out_->input_values.push_back(Id(inputs[i]));
    }
    for (torch::jit::Node* node : graph.nodes()) RETURN_IF_ERROR(Convert(node));
    for (const torch::jit::Value* v : graph.outputs()) out_->outputs.push_back(Id(v));
    for (size_t i = 0; i < param_tensors_.size(); ++i) {
      ASSIGN_OR_RETURN(out_->parameters[i].value, ToLiteral(param_tensors_[i]));
    }
    out_->num_values = static_cast<int64_t>(ids_.size());
    return Status();
  }

 private:
  struct Object {
    c10::intrusive_ptr<c10::ivalue::Object> object;
    std::string path;
  };

  int64_t Id(const torch::jit::Value* v) {
    auto [it, fresh] = ids_.emplace(v, static_cast<int64_t>(ids_.size()));
    return it->second;
  }

  // prim::GetAttr on a module: another module (remembered) or a tensor (a parameter or buffer).
  Status ConvertGetAttr(torch::jit::Node* node, Node* n) {
    auto it = objects_.find(node->input(0));
    if (it == objects_.end())
      return InvalidArgument("prim::GetAttr on a value that is not a module");
    const std::string& attr = node->s(c10::Symbol::attr("name"));
    std::string path = it->second.path.empty() ? attr : it->second.path + "." + attr;
    c10::IValue value = it->second.object->getAttr(attr);
    if (value.isObject()) {
      objects_[node->output()] = {value.toObject(), path};
      return Status();
    }
    if (!value.isTensor()) {
      return Unimplemented("attribute '{}' is not a module or a tensor", path);
    }
    auto pit = param_names_.find(value.toTensor().unsafeGetTensorImpl());
    n->is_parameter = pit != param_names_.end();
    n->attr_name = n->is_parameter ? pit->second : path;
    if (!n->is_parameter && !buffer_seen_.count(path)) {
      buffer_seen_[path] = true;
      ASSIGN_OR_RETURN(Literal lit, ToLiteral(value.toTensor()));
      out_->buffers.push_back({path, std::move(lit)});
    }
    n->kind = "prim::GetAttr";
    n->outputs.push_back(Id(node->output()));
    n->location = Location(node);
    out_->nodes.push_back(std::move(*n));
    return Status();
  }

  Status Convert(torch::jit::Node* node) {
    Node n;
    if (node->kind() == c10::prim::GetAttr) return ConvertGetAttr(node, &n);
    n.kind = node->kind().toQualString();
    for (const torch::jit::Value* v : node->inputs()) n.inputs.push_back(Id(v));
    for (const torch::jit::Value* v : node->outputs()) n.outputs.push_back(Id(v));
    n.location = Location(node);
    if (node->scope() && !node->scope()->isBlank()) n.scope = node->scope()->namesFromRoot();
    if (node->kind() == c10::prim::Constant) {
      ASSIGN_OR_RETURN(n.constant, ToConstant(node->output()));
    }
    if (!node->blocks().empty()) {
      return Unimplemented(
          "{} with nested blocks (control flow) at {}: trace the model with "
          "torch.jit.trace so that control flow is unrolled",
          n.kind, n.location.empty() ? "an unknown location" : n.location);
    }
    out_->nodes.push_back(std::move(n));
    return Status();
  }

  Graph* out_;
  std::unordered_map<const torch::jit::Value*, int64_t> ids_;
  std::unordered_map<const torch::jit::Value*, Object> objects_;
  std::unordered_map<const c10::TensorImpl*, std::string> param_names_;
  std::vector<at::Tensor> param_tensors_;
  std::unordered_map<std::string, bool> buffer_seen_;
};

// The file's records before libtorch reads them: each must decompress, a length a pickle would
// allocate must fit in its record, and class bodies must be ones libtorch imports without
// crashing (archive_check.h).
Status CheckArchive(const std::string& path) {
  std::string damage = CheckArchiveRecords(path);
  if (!damage.empty()) {
    return InvalidArgument("'{}': the TorchScript file is damaged: {}", path, damage);
  }
  return Status::Ok();
}

}  // namespace

Expected<Graph> LoadGraphWithTorch(const std::string& path) {
  Graph out;
  try {
    RETURN_IF_ERROR(CheckArchive(path));
    torch::jit::ExtraFilesMap extra{{"xpar_inputs.json", ""}};
    torch::jit::Module module = [&] {
      ScopedRecordingCpuAllocator recording;  // the records' buffers, for CheckStorageBuffer
      return torch::jit::load(path, at::Device(at::kCPU), extra);
    }();
    module.eval();
    // Parameters and buffers named with the file; a damaged constant of the graph is caught
    // where ToLiteral converts it.
    for (const auto& p : module.named_parameters(/*recurse=*/true)) {
      RETURN_IF_ERROR(CheckInsideStorage(p.value).WithContext(
          fmt::format("'{}': parameter '{}': ", path, p.name)));
    }
    for (const auto& b : module.named_buffers(/*recurse=*/true)) {
      RETURN_IF_ERROR(CheckInsideStorage(b.value).WithContext(
          fmt::format("'{}': buffer '{}': ", path, b.name)));
    }
    out.module_name = module.type()->name() ? module.type()->name()->name() : "module";
    out.inputs_json = extra["xpar_inputs.json"];
    std::shared_ptr<torch::jit::Graph> graph = module.get_method("forward").graph()->copy();
    torch::jit::Inline(*graph);
    Converter converter(module, &out);
    RETURN_IF_ERROR(converter.Run(module, *graph));
  } catch (const std::exception& e) {
    std::string what = e.what();
    // libtorch appends a C++ backtrace to its messages; the first line says what went wrong.
    return InvalidArgument("'{}': cannot load the TorchScript file: {}", path,
                           what.substr(0, what.find('\n')));
  }
  return out;
}

}  // namespace xpar::ts

// The plugin's entry point, found by dlsym (ts_plugin.cc): no name mangling to guess.
// Reading is single-threaded: in a child forked from a process that had used libtorch's OpenMP
// threads (Python with torch), an OpenMP parallel region would wait for threads that are gone.
extern "C" void XparTorchLoadGraph(const std::string* path, xpar::Expected<xpar::ts::Graph>* out) {
  at::set_num_threads(1);
  *out = xpar::ts::LoadGraphWithTorch(*path);
}
