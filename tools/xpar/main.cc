// xpar: automatic parallelization of XLA programs. Subcommands are listed here, in order.
#include <fmt/format.h>
#include <malloc.h>

#include "commands.h"

int main(int argc, char** argv) {
  // The interpreter allocates and frees many large buffers; by default glibc returns each to the
  // OS and the next one page-faults in again (measured: ~45% of BERT's run time). Keep them.
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  mallopt(M_TOP_PAD, 256 << 20);
  CLI::App app{
      "xpar: plans, partitions and runs deep-learning programs (XLA HLO text) on many devices.\n"
      "Run `xpar COMMAND --help` for the options of each command."};
  app.require_subcommand(1);
  app.set_version_flag("--version", "xpar 0.1");
  xpar::RegisterInspectCommand(app);
  xpar::RegisterRunCommand(app);
  xpar::RegisterConvertCommand(app);
  xpar::RegisterSolveCommand(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  return 0;
}
