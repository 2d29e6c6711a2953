// Runs a piece of work in another process that can be stopped hard at a deadline, for libraries
// that do not honour their own time limits (CBC ignores its limit during the root LP): a forked
// child, or a program kept running between requests.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

// Another program, started by posix_spawn (no copy of this process's memory), that answers
// requests one at a time and is kept running between them, so that its memory stays mapped (a
// fresh CBC worker faulted ~14,500 pages per IOPDDL sub-solve). Requests and answers travel as
// length-prefixed messages on one socket: the program's standard input and descriptor 3.
class ProgramServer {
 public:
  static Expected<std::unique_ptr<ProgramServer>> Start(const std::string& path);
  ~ProgramServer();  // closes the socket (the program's cue to exit) and reaps it
  ProgramServer(const ProgramServer&) = delete;
  ProgramServer& operator=(const ProgramServer&) = delete;

  // Sends `request` and waits at most `seconds` for the answer. Past the deadline the program
  // is killed (`killed` set); when it dies or ends its answer early, an error says how. Either
  // way it serves no more (alive() is false).
  Expected<ChildResult> Ask(std::string_view request, double seconds);
  bool alive() const { return pid_ > 0; }

 private:
  ProgramServer(std::string path, int pid, int fd) : path_(std::move(path)), pid_(pid), fd_(fd) {}
  std::string path_;
  int pid_;
  int fd_;
};

// This process's environment (name=value) for a program it starts, less the sanitizer runtimes
// in LD_PRELOAD: a sanitized Python module needs the shared ASan runtime preloaded into python3,
// but a sanitized program links its own and aborts ("incompatible ASan runtimes") when another
// is preloaded. Other preloads stay; LD_PRELOAD goes when nothing is left in it.
std::vector<std::string> EnvironmentForProgram();

// In a program run by ProgramServer: answers each request until the requests end (true) or the
// socket fails (false).
bool ServeRequests(const std::function<std::string(std::string_view)>& answer);

}  // namespace xpar
