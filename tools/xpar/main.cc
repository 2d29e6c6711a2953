// xpar: automatic parallelization of XLA programs. Subcommands are listed here, in order.
#include <fmt/format.h>

#include "commands.h"
#include "runtime/interpreter/allocator_tuning.h"

int main(int argc, char** argv) {
  xpar::TuneAllocatorForInterpreter();
  CLI::App app{
      "xpar: plans, partitions and runs deep-learning programs (XLA HLO text) on many devices.\n"
      "Run `xpar COMMAND --help` for the options of each command."};
  app.require_subcommand(1);
  app.set_version_flag("--version", "xpar 0.1");
  xpar::RegisterInspectCommand(app);
  xpar::RegisterRunCommand(app);
  xpar::RegisterConvertCommand(app);
  xpar::RegisterImportCommand(app);
  xpar::RegisterPlanCommand(app);
  xpar::RegisterPartitionCommand(app);
  xpar::RegisterSolveCommand(app);
  xpar::RegisterModelCommand(app);
  xpar::RegisterGradCommand(app);
  xpar::RegisterTrainCommand(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  return 0;
}
