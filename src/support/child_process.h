// Runs a piece of work in a forked child that can be stopped hard at a deadline, for libraries
// that do not honour their own time limits (CBC ignores its limit during the root LP).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "support/status.h"

namespace xpar {

struct ChildResult {
  std::optional<std::string> output;  // what the work returned; absent when it was killed
  bool killed = false;                // the deadline passed first
};

// Forks; the child runs `work` and sends back the string it returns; the parent waits at most
// `seconds` and then kills the child (SIGKILL). The child must only compute: it shares nothing
// with the parent after the fork. An error when the child could not be started or crashed.
Expected<ChildResult> RunInChild(const std::function<std::string()>& work, double seconds);

// The same for another program, started by posix_spawn (no copy of this process's memory):
// `input` is its standard input; it reports through WriteReport; it is killed after `seconds`.
Expected<ChildResult> RunProgram(const std::string& path, std::string_view input,
                                 double seconds);
// In a program run by RunProgram: sends `report` back (ends the program on a write error).
void WriteReport(const std::string& report);

}  // namespace xpar
