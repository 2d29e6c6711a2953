// HLO text parser: the module header, computations, instructions and operand lists. Attribute
// values, shapes and literals live in their own files; names are resolved in hlo_resolve.cc.
#include "frontends/hlo/hlo_parser.h"

#include "frontends/hlo/hlo_parser_impl.h"

namespace xpar {
namespace hlo {

Status Parser::Expect(char c, std::string_view context) {
  if (lex_.TryConsume(c)) return Status::Ok();
  if (lex_.AtEnd()) {
    return Error(lex_.size(), fmt::format("unexpected end of file: expected '{}' {}", c, context));
  }
  return ErrorHere(fmt::format("expected '{}' {}", c, context));
}

Expected<std::unique_ptr<Module>> Parser::ParseModule() {
  auto module = std::make_unique<Module>("");
  if (lex_.TryKeyword("HloModule")) RETURN_IF_ERROR(ParseHeader(module.get()));
  std::vector<PendingComputation> comps;
  while (!lex_.AtEnd()) {
    PendingComputation pc;
    RETURN_IF_ERROR(ParseComputation(&pc));
    comps.push_back(std::move(pc));
  }
  if (comps.empty()) return Error(lex_.size(), "the module has no computations");
  RETURN_IF_ERROR(AssembleModule(std::move(comps), module.get()));
  module->set_source(src_);
  return module;
}

// `HloModule name, key=value, ...` up to the end of the line.
Status Parser::ParseHeader(Module* module) {
  std::string_view name = lex_.ReadName();
  if (name.empty()) return ErrorHere("expected the module name after 'HloModule'");
  module->set_name(std::string(name));
  while (lex_.TryConsume(',')) {
    lex_.SkipSpace();
    int64_t off = lex_.pos();
    std::string_view key = lex_.ReadAttrName();
    if (key.empty()) return ErrorHere("expected a module attribute name");
    RETURN_IF_ERROR(Expect('=', fmt::format("after module attribute '{}'", key)));
    if (key == "input_output_alias") {
      RETURN_IF_ERROR(ParseIoAlias(&module->input_output_alias()));
      continue;
    }
    std::string_view value;
    if (!lex_.ScanVerbatim(&value))
      return Error(off, fmt::format("unterminated value of '{}'", key));
    if (value.empty()) return Error(off, fmt::format("module attribute '{}' has no value", key));
    module->attributes().emplace_back(std::string(key), std::string(value));
  }
  return Status::Ok();
}

// `(a: f32[], b: f32[]) -> f32[]`: checked for syntax; the parameters define the real shapes.
Status Parser::ParseSignature() {
  RETURN_IF_ERROR(Expect('(', "to open the computation signature"));
  if (!lex_.TryConsume(')')) {
    while (true) {
      if (!LooksLikeShape()) {
        if (lex_.ReadValueName().empty()) return ErrorHere("expected a parameter name");
        RETURN_IF_ERROR(Expect(':', "after the parameter name in the signature"));
      }
      RETURN_IF_ERROR(ParseShape().status());
      if (lex_.TryConsume(',')) continue;
      RETURN_IF_ERROR(Expect(')', "to close the computation signature"));
      break;
    }
  }
  if (!lex_.TryConsume("->")) return ErrorHere("expected '->' and the result shape");
  return ParseShape().status();
}

Status Parser::ParseComputation(PendingComputation* out) {
  out->is_entry = lex_.TryKeyword("ENTRY");
  lex_.SkipSpace();
  int64_t off = lex_.pos();
  std::string_view name = lex_.ReadValueName();
  if (name.empty()) {
    return Error(off, out->is_entry ? "expected the entry computation's name"
                                    : "expected a computation (`%name (...) -> shape {`) or the "
                                      "end of the file");
  }
  out->comp = std::make_unique<Computation>(std::string(name));
  out->comp->set_source_offset(off);
  char next = lex_.Peek();
  if (next != '(' && next != '{') {
    return Error(off, fmt::format("expected a computation (`%name (...) -> shape {{`) or the end "
                                  "of the file, found '{}'",
                                  lex_.text().substr(off, lex_.pos() - off + 1)));
  }
  if (next == '(') RETURN_IF_ERROR(ParseSignature());
  RETURN_IF_ERROR(Expect('{', fmt::format("to open the body of computation %{}", name)));
  while (!lex_.TryConsume('}')) {
    if (lex_.AtEnd()) {
      return Error(off, fmt::format("unterminated computation %{}: missing '}}'", name));
    }
    PendingInst pi;
    RETURN_IF_ERROR(ParseInstruction(&pi));
    out->insts.push_back(std::move(pi));
  }
  return ParseComputationAttributes(name);
}

// `}, execution_thread="main"` after a body (newer XLA dumps). Only the main thread exists in
// xpar's programs, so that value is accepted and nothing needs keeping.
Status Parser::ParseComputationAttributes(std::string_view computation) {
  while (lex_.TryConsume(',')) {
    lex_.SkipSpace();
    int64_t off = lex_.pos();
    std::string_view attr = lex_.ReadAttrName();
    if (attr != "execution_thread") {
      return Error(off, fmt::format("unknown attribute '{}' on computation %{}", attr,
                                    computation));
    }
    RETURN_IF_ERROR(Expect('=', "after 'execution_thread'"));
    lex_.SkipSpace();
    int64_t value_off = lex_.pos();
    std::string thread;
    if (!lex_.ReadQuoted(&thread)) return Error(value_off, "expected a quoted thread name");
    if (thread != "main") {
      return Error(value_off, fmt::format("computation %{} runs on execution thread \"{}\"; only "
                                          "\"main\" is supported",
                                          computation, thread));
    }
  }
  return Status::Ok();
}

Status Parser::ParseInstruction(PendingInst* out) {
  lex_.SkipSpace();
  out->root_offset = lex_.pos();
  out->is_root = lex_.TryKeyword("ROOT");
  lex_.SkipSpace();
  int64_t off = lex_.pos();
  std::string_view name = lex_.ReadValueName();
  if (name.empty()) return Error(off, "expected an instruction (`%name = shape opcode(...)`)");
  RETURN_IF_ERROR(Expect('=', fmt::format("after the instruction name '%{}'", name)));
  ASSIGN_OR_RETURN(Shape shape, ParseShape());
  lex_.SkipSpace();
  out->opcode_offset = lex_.pos();
  std::string_view opname = lex_.ReadName();
  if (opname.empty()) return ErrorHere("expected an opcode after the shape");
  std::optional<Opcode> opcode = OpcodeFromHloName(opname);
  if (!opcode) return Error(out->opcode_offset, fmt::format("unknown opcode '{}'", opname));
  out->inst = std::make_unique<Instruction>(std::string(name), *opcode, std::move(shape));
  Instruction* inst = out->inst.get();
  inst->set_source_offset(off);
  RETURN_IF_ERROR(Expect('(', fmt::format("after opcode '{}'", opname)));
  if (*opcode == Opcode::kConstant) {
    Literal lit;
    RETURN_IF_ERROR(ParseLiteral(inst->shape(), &lit));
    inst->attrs().literal = std::move(lit);
    RETURN_IF_ERROR(Expect(')', "after the constant's value"));
  } else if (*opcode == Opcode::kParameter) {
    int64_t n;
    if (!lex_.ReadInt(&n) || n < 0) return ErrorHere("expected the parameter number");
    inst->attrs().parameter_number = n;
    RETURN_IF_ERROR(Expect(')', "after the parameter number"));
  } else {
    RETURN_IF_ERROR(ParseOperands(out));
  }
  while (lex_.TryConsume(',')) RETURN_IF_ERROR(ParseAttribute(out));
  return CheckRequiredAttributes(*out);
}

// `(f32[2]{0} %a, %b, c)`: operand shapes are optional (newer XLA omits them).
Status Parser::ParseOperands(PendingInst* pi) {
  if (lex_.TryConsume(')')) return Status::Ok();
  while (true) {
    PendingOperand op;
    if (LooksLikeShape()) {
      lex_.SkipSpace();
      op.shape_offset = lex_.pos();
      ASSIGN_OR_RETURN(op.written, ParseShape());
      op.has_written_shape = true;
    }
    lex_.SkipSpace();
    op.ref.offset = lex_.pos();
    op.ref.name = lex_.ReadValueName();
    if (op.ref.name.empty()) {
      if (lex_.AtEnd()) return Error(lex_.size(), "unexpected end of file in an operand list");
      return ErrorHere("expected an operand name");
    }
    pi->operands.push_back(std::move(op));
    if (lex_.TryConsume(',')) continue;
    return Expect(')', "to close the operand list");
  }
}

}  // namespace hlo

Expected<std::unique_ptr<Module>> ParseHloModule(const std::string& text,
                                                 const std::string& filename) {
  hlo::Parser parser(std::make_shared<SourceText>(filename, text));
  return parser.ParseModule();
}

Expected<std::unique_ptr<Module>> ParseHloFile(const std::string& path) {
  ASSIGN_OR_RETURN(std::string text, ReadFile(path));
  return ParseHloModule(text, path);
}

Expected<Shape> ParseShape(const std::string& text) {
  hlo::Parser parser(std::make_shared<SourceText>("<shape>", text));
  return parser.ParseWholeShape();
}

Expected<HloSharding> ParseHloSharding(const std::string& text) {
  hlo::Parser parser(std::make_shared<SourceText>("<sharding>", text));
  return parser.ParseWholeSharding();
}

}  // namespace xpar
