// RunInChild: fork, a pipe for the result, poll until the whole output or the deadline, SIGKILL
// past it. ProgramServer: posix_spawn of another program, requests and answers on one socket.
#include "support/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace xpar {
namespace {

using Clock = std::chrono::steady_clock;

// Messages are their length (8 bytes) and then their bytes, so that the reader allocates once
// and reads straight into it: growing a string by 64 KiB reads took a 500 MB model (GPT-2's
// weights, from the TorchScript reader) through ~1 GB of reallocations, and in a VM whose page
// faults cost tens of microseconds that was seconds.
constexpr size_t kLengthBytes = sizeof(uint64_t);
constexpr uint64_t kMaxOutputBytes = uint64_t{1} << 40;
// A served program reads requests on standard input and answers on this descriptor (its
// standard output stays free for logs); both are the same socket.
constexpr int kAnswerFd = 3;

// Writes all of [p, p + size); false on an error (a closed socket does not raise SIGPIPE).
bool WriteAll(int fd, const char* p, size_t size) {
  size_t done = 0;
  while (done < size) {
    ssize_t n = send(fd, p + done, size - done, MSG_NOSIGNAL);
    if (n < 0 && errno == ENOTSOCK) n = write(fd, p + done, size - done);  // a pipe
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

bool WriteMessage(int fd, std::string_view message) {
  const uint64_t length = message.size();
  return WriteAll(fd, reinterpret_cast<const char*>(&length), kLengthBytes) &&
         WriteAll(fd, message.data(), message.size());
}

Clock::time_point After(double seconds) {
  return Clock::now() + std::chrono::duration_cast<Clock::duration>(
                            std::chrono::duration<double>(std::max(0.0, seconds)));
}

enum class ReadEnd { kWhole, kDeadline, kClosed, kTooLong };

// Reads one message from `fd` into `out` until `deadline`; `got` counts the bytes read of the
// length, then of the message.
ReadEnd ReadMessage(int fd, Clock::time_point deadline, std::string& out, size_t& got,
                    bool& have_length) {
  uint64_t length = 0;
  got = 0;
  have_length = false;
  for (;;) {
    auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return ReadEnd::kDeadline;
    pollfd p{fd, POLLIN, 0};
    int ready = poll(&p, 1, static_cast<int>(std::min<int64_t>(left, 1000)));
    if (ready < 0 && errno != EINTR) return ReadEnd::kClosed;
    if (ready <= 0) continue;
    char* into = have_length ? out.data() + got : reinterpret_cast<char*>(&length) + got;
    ssize_t n = read(fd, into, (have_length ? out.size() : kLengthBytes) - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return ReadEnd::kClosed;
    got += static_cast<size_t>(n);
    if (!have_length && got == kLengthBytes) {
      if (length > kMaxOutputBytes) return ReadEnd::kTooLong;
      out.resize(length);
      have_length = true;
      got = 0;
    }
    if (have_length && got == out.size()) return ReadEnd::kWhole;
  }
}

// Waits for `pid` and says how it ended when that was not a clean exit.
Status Reap(pid_t pid, const char* what) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return Status::Ok();
  return Internal("{} {}", what,
                  WIFSIGNALED(status)
                      ? fmt::format("died by signal {} ({})", WTERMSIG(status),
                                    strsignal(WTERMSIG(status)))
                      : fmt::format("exited with {}", WEXITSTATUS(status)));
}

}  // namespace

std::vector<std::string> EnvironmentForProgram() {
  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e) {
    std::string_view entry(*e);
    constexpr std::string_view kPreload = "LD_PRELOAD=";
    if (!entry.starts_with(kPreload)) {
      env.emplace_back(entry);
      continue;
    }
    std::string kept;
    std::string_view rest = entry.substr(kPreload.size());
    while (!rest.empty()) {  // ld.so separates preloads by colons or spaces
      size_t end = rest.find_first_of(": ");
      std::string_view lib = rest.substr(0, end);
      rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
      std::string_view name = lib.substr(lib.find_last_of('/') + 1);
      bool sanitizer = name.starts_with("libclang_rt.") || name.starts_with("libasan") ||
                       name.starts_with("libubsan") || name.starts_with("liblsan") ||
                       name.starts_with("libtsan");
      if (lib.empty() || sanitizer) continue;
      if (!kept.empty()) kept += ':';
      kept += lib;
    }
    if (!kept.empty()) env.push_back(std::string(kPreload) + kept);
  }
  return env;
}

Expected<ChildResult> RunInChild(const std::function<std::string()>& work, double seconds) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return Internal("pipe failed: {}", std::strerror(errno));
  // The child inherits unwritten stdio buffers; a library in it that flushes (CBC does) would
  // print the parent's pending output a second time.
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return Internal("fork failed: {}", std::strerror(errno));
  }
  if (pid == 0) {
    close(fds[0]);
    if (!WriteMessage(fds[1], work())) _exit(3);
    close(fds[1]);
    _exit(0);
  }
  close(fds[1]);
  fcntl(fds[0], F_SETPIPE_SZ, 1 << 20);  // fewer wake-ups for large outputs; a hint only
  std::string out;
  size_t got = 0;
  bool have_length = false;
  ReadEnd end = ReadMessage(fds[0], After(seconds), out, got, have_length);
  close(fds[0]);
  if (end != ReadEnd::kWhole) kill(pid, SIGKILL);
  Status exit = Reap(pid, "the child process");
  ChildResult r;
  if (end == ReadEnd::kDeadline) {
    r.killed = true;
    return r;
  }
  RETURN_IF_ERROR(exit);
  if (end != ReadEnd::kWhole) {
    return Internal("the child process ended its output early ({} of {} bytes)", got,
                    have_length ? out.size() : kLengthBytes);
  }
  r.output = std::move(out);
  return r;
}

Expected<std::unique_ptr<ProgramServer>> ProgramServer::Start(const std::string& path) {
  int fds[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
    return Internal("socketpair failed: {}", std::strerror(errno));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, fds[1], kAnswerFd);
  std::string arg0 = path;
  char* argv[] = {arg0.data(), nullptr};
  std::vector<std::string> env = EnvironmentForProgram();
  std::vector<char*> envp;
  for (std::string& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  std::fflush(nullptr);
  pid_t pid = 0;
  int err = posix_spawn(&pid, path.c_str(), &actions, nullptr, argv, envp.data());
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  if (err != 0) {
    close(fds[0]);
    return Internal("could not start {}: {}", path, std::strerror(err));
  }
  return std::unique_ptr<ProgramServer>(new ProgramServer(path, pid, fds[0]));
}

ProgramServer::~ProgramServer() {
  if (pid_ <= 0) return;
  close(fd_);  // the program reads the end of its input and exits
  int status = 0;
  for (int i = 0; i < 100; ++i) {  // up to 1 s, then kill it
    if (waitpid(pid_, &status, WNOHANG) != 0) return;
    usleep(10'000);
  }
  kill(pid_, SIGKILL);
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
}

Expected<ChildResult> ProgramServer::Ask(std::string_view request, double seconds) {
  if (pid_ <= 0) return FailedPrecondition("{} has stopped", path_);
  auto deadline = After(seconds);
  ChildResult r;
  std::string out;
  size_t got = 0;
  bool have_length = false;
  ReadEnd end = WriteMessage(fd_, request)
                    ? ReadMessage(fd_, deadline, out, got, have_length)
                    : ReadEnd::kClosed;
  if (end == ReadEnd::kWhole) {
    r.output = std::move(out);
    return r;
  }
  // Killed past its deadline, or it ended: either way it serves no more.
  kill(pid_, SIGKILL);
  close(fd_);
  Status exit = Reap(pid_, path_.c_str());
  pid_ = -1;
  if (end == ReadEnd::kDeadline) {
    r.killed = true;
    return r;
  }
  RETURN_IF_ERROR(exit);
  return Internal("{} ended its answer early ({} of {} bytes)", path_, got,
                  have_length ? out.size() : kLengthBytes);
}

bool ServeRequests(const std::function<std::string(std::string_view)>& answer) {
  std::string request;
  for (;;) {
    size_t got = 0;
    bool have_length = false;
    ReadEnd end = ReadMessage(STDIN_FILENO, Clock::time_point::max(), request, got, have_length);
    if (end == ReadEnd::kClosed && got == 0 && !have_length) return true;  // no more requests
    if (end != ReadEnd::kWhole) return false;
    if (!WriteMessage(kAnswerFd, answer(request))) return false;
  }
}

}  // namespace xpar
