// The folder of the running executable (/proc/self/exe), where xpar's companion files live: the
// libtorch plugin and the CBC worker program. "." when it cannot be read.
#pragma once

#include <filesystem>

namespace xpar {

std::filesystem::path ExecutableDir();

}  // namespace xpar
