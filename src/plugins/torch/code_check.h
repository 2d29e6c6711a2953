// A check of a TorchScript archive's source records (code/*.py) for the class bodies that
// libtorch 1.13's importer dereferences an absent type annotation on (SIGSEGV in
// ScriptTypeParser::parseClassConstant / parseTypeFromExpr), run before libtorch reads them.
// libtorch's own printer never writes such a body; a damaged or hand-edited file can.
#pragma once

#include <string>
#include <string_view>

namespace xpar::ts {

// Empty when every class body of `source` is one libtorch can import without a crash; otherwise
// where and what, e.g. "line 3: the class-level assignment '__parametfrs__ = ...' has no type
// annotation". The rules (libtorch's import_source.cpp): in a module or plain class an
// assignment with a value must be annotated (`x : Final[int] = 3`) unless it is one of
// __parameters__, __buffers__, __forward_hooks__, __forward_pre_hooks__; every field of a
// NamedTuple must be annotated; Enum members need none.
std::string CheckClassBodies(std::string_view source);

}  // namespace xpar::ts
