// Microbatch schedules of a pipeline: the order in which each stage runs its forward and
// backward programs over the microbatches.
//   GPipe (S=2, M=3), every stage:  F0 F1 F2 B0 B1 B2
//   1F1B  (S=2, M=3), stage 0:      F0 F1 B0 F2 B1 B2   (warm-up S-s-1 = 1 forward)
//                     stage 1:      F0 B0 F1 B1 F2 B2
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "passes/pipeline/pipeline_plan.h"
#include "passes/pipeline/stage_split.h"
#include "support/status.h"

namespace xpar::pipeline {

struct PipelineEvent {
  Phase phase = Phase::kForward;
  int64_t microbatch = 0;
  bool operator==(const PipelineEvent&) const = default;
};

// events[s]: stage s's events in order. 1F1B: stage s runs min(S-s-1, M) warm-up forwards, then
// alternates one forward and one backward, then the remaining backwards (cool-down). Errors for
// fewer than one stage or microbatch.
Expected<std::vector<std::vector<PipelineEvent>>> BuildSchedule(Schedule schedule,
                                                                int32_t num_stages,
                                                                int64_t microbatches);

// "F0 F1 B0 F2 B1 B2": one stage's events.
std::string EventsToString(const std::vector<PipelineEvent>& events);
// "gpipe" / "1f1b", and back (an error lists the valid names).
const char* ScheduleName(Schedule schedule);
Expected<Schedule> ParseSchedule(const std::string& name);

}  // namespace xpar::pipeline
