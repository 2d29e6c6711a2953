// SCAFFOLD: replaced by the real parser.
#include "frontends/hlo/hlo_parser.h"
namespace xpar {
Expected<std::unique_ptr<Module>> ParseHloModule(const std::string&, const std::string&) { return Unimplemented("parser scaffold"); }
Expected<std::unique_ptr<Module>> ParseHloFile(const std::string&) { return Unimplemented("parser scaffold"); }
Expected<Shape> ParseShape(const std::string&) { return Unimplemented("parser scaffold"); }
}  // namespace xpar
