// SCAFFOLD: replaced by the solver helper.
#include "commands.h"
namespace xpar {
void RegisterSolveCommand(CLI::App&) {}
}  // namespace xpar
