// `xpar train`: the command line over the training library (driver/train.h: options, the step
// program, data, the SPMD executor, the Trainer loop). cmd_train.cc parses and prints; the
// pipelined path (--stages) is cmd_train_pipeline_run.cc over driver/train_pipeline.h.
#pragma once

#include <vector>

#include "driver/train.h"

namespace xpar::train {

using TrainArgs = TrainOptions;  // the CLI's name for the options it parses

// `--stages S --microbatches M`: the step as a pipeline of S stages over M microbatches of the
// model's batch each, on threads (PipelinedTrainer) or under mpirun
// (cmd_train_pipeline_run.cc); returns the exit code.
int TrainPipelined(const TrainArgs& args, LoadedModel model);

}  // namespace xpar::train
