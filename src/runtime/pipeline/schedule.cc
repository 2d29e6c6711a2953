// GPipe and 1F1B event orders per stage (schedule.h).
#include "runtime/pipeline/schedule.h"

#include <fmt/format.h>

#include <algorithm>

namespace xpar::pipeline {

Expected<std::vector<std::vector<PipelineEvent>>> BuildSchedule(Schedule schedule,
                                                                int32_t num_stages,
                                                                int64_t microbatches) {
  if (num_stages < 1 || microbatches < 1) {
    return InvalidArgument("pipeline schedule: need at least one stage and one microbatch, got "
                           "{} stage(s) and {} microbatch(es)",
                           num_stages, microbatches);
  }
  std::vector<std::vector<PipelineEvent>> events(num_stages);
  for (int32_t s = 0; s < num_stages; ++s) {
    std::vector<PipelineEvent>& e = events[s];
    // GPipe: all forwards, then all backwards. 1F1B: the forwards in flight before the first
    // backward reaches this stage, then one of each, then the backwards still owed.
    int64_t warmup = schedule == Schedule::kGpipe
                         ? microbatches
                         : std::min<int64_t>(num_stages - s - 1, microbatches);
    int64_t next_backward = 0;
    for (int64_t m = 0; m < warmup; ++m) e.push_back({Phase::kForward, m});
    for (int64_t m = warmup; m < microbatches; ++m) {
      e.push_back({Phase::kForward, m});
      e.push_back({Phase::kBackward, next_backward++});
    }
    while (next_backward < microbatches) e.push_back({Phase::kBackward, next_backward++});
  }
  return events;
}

std::string EventsToString(const std::vector<PipelineEvent>& events) {
  std::string out;
  for (const PipelineEvent& e : events) {
    if (!out.empty()) out += ' ';
    out += fmt::format("{}{}", e.phase == Phase::kForward ? 'F' : 'B', e.microbatch);
  }
  return out;
}

const char* ScheduleName(Schedule schedule) {
  switch (schedule) {
    case Schedule::kGpipe:
      return "gpipe";
    case Schedule::k1F1B:
      return "1f1b";
  }
  return "?";
}

Expected<Schedule> ParseSchedule(const std::string& name) {
  if (name == "gpipe") return Schedule::kGpipe;
  if (name == "1f1b") return Schedule::k1F1B;
  return InvalidArgument("unknown pipeline schedule '{}' (valid: gpipe, 1f1b)", name);
}

}  // namespace xpar::pipeline
