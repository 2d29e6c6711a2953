// `xpar train`: the command line over the training library (driver/train.h: options, the step
// program, data, the SPMD executor, the Trainer loop). cmd_train.cc parses and prints; the
// pipelined path (--stages) is cmd_train_pipeline.cc.
#pragma once

#include <vector>

#include "driver/train.h"

namespace xpar::train {

using TrainArgs = TrainOptions;  // the CLI's name for the options it parses

// `--stages S --microbatches M`: the step as a pipeline of S stages over M microbatches of the
// model's batch each (cmd_train_pipeline.cc); returns the exit code.
int TrainPipelined(const TrainArgs& args, const TrainProgram& program,
                   const std::vector<Literal>& initial, const DataSource& data);

}  // namespace xpar::train
