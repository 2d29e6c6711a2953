// A TorchScript graph (or the error of reading one) as bytes: how the child process that runs
// libtorch (ts_plugin.cc) hands its result to xpar. Plain C++, no torch headers.
#pragma once

#include <string>
#include <string_view>

#include "frontends/torchscript/ts_graph.h"

namespace xpar::ts {

// Every field of the graph (literals with their shape and bytes), or the error's code and
// message.
std::string EncodeGraph(const Expected<Graph>& graph);
// The inverse; an Internal error when `bytes` is not what EncodeGraph wrote (cut or garbled).
Expected<Graph> DecodeGraph(std::string_view bytes);

}  // namespace xpar::ts
