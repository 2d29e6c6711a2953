// Computation (an ordered list of instructions with parameters and a root) and Module
// (computations, the entry, input/output aliasing and other module attributes).
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/instruction.h"
#include "support/source_text.h"

namespace xpar {

class Computation {
 public:
  explicit Computation(std::string name) : name_(std::move(name)) {}

  const std::string& name() const { return name_; }
  void set_name(std::string n) { name_ = std::move(n); }

  // Instructions in definition order (operands always come before their users once verified).
  const std::vector<std::unique_ptr<Instruction>>& instructions() const { return instructions_; }
  Instruction* AddInstruction(std::unique_ptr<Instruction> inst);
  // Renumbers index() after instructions were reordered or removed.
  void Reindex();
  std::vector<std::unique_ptr<Instruction>>& mutable_instructions() { return instructions_; }

  Instruction* root() const { return root_; }
  void set_root(Instruction* r) { root_ = r; }
  // parameters()[i] is `parameter(i)`; filled by AddInstruction.
  const std::vector<Instruction*>& parameters() const { return parameters_; }
  int64_t parameter_count() const { return static_cast<int64_t>(parameters_.size()); }

  // Byte offset of the computation header in its source, for diagnostics; -1 if unknown.
  int64_t source_offset() const { return source_offset_; }
  void set_source_offset(int64_t o) { source_offset_ = o; }

 private:
  std::string name_;
  std::vector<std::unique_ptr<Instruction>> instructions_;
  std::vector<Instruction*> parameters_;
  Instruction* root_ = nullptr;
  int64_t source_offset_ = -1;
};

// `input_output_alias={ {0}: (3, {}, must-alias) }`
struct IoAlias {
  std::vector<int64_t> output_index;
  int64_t parameter_number = 0;
  std::vector<int64_t> parameter_index;
  std::string kind;  // "must-alias", "may-alias" or "" (unspecified)
  bool operator==(const IoAlias&) const = default;
};

class Module {
 public:
  explicit Module(std::string name) : name_(std::move(name)) {}

  const std::string& name() const { return name_; }
  void set_name(std::string n) { name_ = std::move(n); }

  // Computations in text order; the entry is usually last. Callees precede callers once
  // verified.
  const std::vector<std::unique_ptr<Computation>>& computations() const { return computations_; }
  std::vector<std::unique_ptr<Computation>>& mutable_computations() { return computations_; }
  Computation* AddComputation(std::unique_ptr<Computation> c);
  Computation* FindComputation(const std::string& name) const;

  Computation* entry() const { return entry_; }
  void set_entry(Computation* c) { entry_ = c; }

  std::vector<IoAlias>& input_output_alias() { return io_alias_; }
  const std::vector<IoAlias>& input_output_alias() const { return io_alias_; }

  // Other module header attributes (`entry_computation_layout={...}`, `is_scheduled=true`,
  // `num_partitions=2`, ...), verbatim key/value pairs in order.
  std::vector<std::pair<std::string, std::string>>& attributes() { return attributes_; }
  const std::vector<std::pair<std::string, std::string>>& attributes() const {
    return attributes_;
  }
  // The value of a header attribute, or "" when absent.
  std::string Attribute(const std::string& key) const;

  // The text the module was parsed from (null for modules built in memory); diagnostics use it
  // to turn an instruction's source_offset() into file:line:col.
  const std::shared_ptr<const SourceText>& source() const { return source_; }
  void set_source(std::shared_ptr<const SourceText> s) { source_ = std::move(s); }
  // An error located at `inst` when its source is known, else prefixed with its name.
  Status ErrorAt(const Instruction& inst, const std::string& message) const;

 private:
  std::string name_;
  std::vector<std::unique_ptr<Computation>> computations_;
  std::unordered_map<std::string, Computation*> by_name_;
  Computation* entry_ = nullptr;
  std::vector<IoAlias> io_alias_;
  std::vector<std::pair<std::string, std::string>> attributes_;
  std::shared_ptr<const SourceText> source_;
};

}  // namespace xpar
