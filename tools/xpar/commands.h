// The subcommands of the xpar CLI, each registered by its own file; main.cc lists them in order.
#pragma once

#include <CLI/CLI.hpp>

namespace xpar {

void RegisterInspectCommand(CLI::App& app);
void RegisterRunCommand(CLI::App& app);
void RegisterConvertCommand(CLI::App& app);
void RegisterSolveCommand(CLI::App& app);
void RegisterImportCommand(CLI::App& app);
void RegisterPartitionCommand(CLI::App& app);
void RegisterPlanCommand(CLI::App& app);
void RegisterModelCommand(CLI::App& app);
void RegisterGradCommand(CLI::App& app);
void RegisterTrainCommand(CLI::App& app);

}  // namespace xpar
