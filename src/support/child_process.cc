// RunInChild: fork, a pipe for the result, poll until EOF or the deadline, SIGKILL past it.
// RunProgram: the same with posix_spawn of another program, its input in a memory file.
#include "support/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <chrono>
#include <cstring>

namespace xpar {
namespace {

// Writes all of [p, p + size); the child's only way to report, so errors just end it.
void WriteAll(int fd, const char* p, size_t size) {
  size_t done = 0;
  while (done < size) {
    ssize_t n = write(fd, p + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) _exit(3);
    done += static_cast<size_t>(n);
  }
}

// The child's output is its length (8 bytes) and then its bytes, so that the parent allocates
// it once and reads straight into it: growing a string by 64 KiB reads took a 500 MB model
// (GPT-2's weights, from the TorchScript reader) through ~1 GB of reallocations, and in a VM
// whose page faults cost tens of microseconds that was seconds.
constexpr size_t kLengthBytes = sizeof(uint64_t);
constexpr uint64_t kMaxOutputBytes = uint64_t{1} << 40;
// A spawned program's report goes to this descriptor (its standard output stays free for logs).
constexpr int kReportFd = 3;

void WriteOutput(int fd, const std::string& out) {
  const uint64_t length = out.size();
  WriteAll(fd, reinterpret_cast<const char*>(&length), kLengthBytes);
  WriteAll(fd, out.data(), out.size());
}

// Reads the child's output from `fd` (which it closes) until the deadline, then reaps it.
Expected<ChildResult> Collect(pid_t pid, int fd, double seconds);

}  // namespace

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
    WriteOutput(fds[1], work());
    close(fds[1]);
    _exit(0);
  }
  close(fds[1]);
  return Collect(pid, fds[0], seconds);
}

Expected<ChildResult> RunProgram(const std::string& path, std::string_view input,
                                 double seconds) {
  int in = memfd_create("xpar-input", MFD_CLOEXEC);
  if (in < 0) return Internal("memfd_create failed: {}", std::strerror(errno));
  for (size_t done = 0; done < input.size();) {
    ssize_t n = write(in, input.data() + done, input.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      close(in);
      return Internal("writing the input of {} failed: {}", path, std::strerror(errno));
    }
    done += static_cast<size_t>(n);
  }
  lseek(in, 0, SEEK_SET);
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    close(in);
    return Internal("pipe failed: {}", std::strerror(errno));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in, STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, fds[1], kReportFd);
  std::string arg0 = path;
  char* argv[] = {arg0.data(), nullptr};
  std::fflush(nullptr);
  pid_t pid = 0;
  int err = posix_spawn(&pid, path.c_str(), &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  close(in);
  close(fds[1]);
  if (err != 0) {
    close(fds[0]);
    return Internal("could not start {}: {}", path, std::strerror(err));
  }
  return Collect(pid, fds[0], seconds);
}

void WriteReport(const std::string& report) { WriteOutput(kReportFd, report); }

namespace {

Expected<ChildResult> Collect(pid_t pid, int fd, double seconds) {
  fcntl(fd, F_SETPIPE_SZ, 1 << 20);  // fewer wake-ups for large outputs; a hint only
  auto deadline = std::chrono::steady_clock::now() +
                  std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                      std::chrono::duration<double>(std::max(0.0, seconds)));
  std::string out;
  uint64_t length = 0;
  size_t got = 0;  // bytes of the length, then of the output, read so far
  bool have_length = false, eof = false, killed = false;
  while (!eof) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                    deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) {
      kill(pid, SIGKILL);
      killed = true;
      break;
    }
    pollfd p{fd, POLLIN, 0};
    int ready = poll(&p, 1, static_cast<int>(std::min<int64_t>(left, 1000)));
    if (ready < 0 && errno != EINTR) break;
    if (ready <= 0) continue;
    char* into = have_length ? out.data() + got : reinterpret_cast<char*>(&length) + got;
    const size_t want = (have_length ? out.size() : kLengthBytes) - got;
    ssize_t n = want == 0 ? 0 : read(fd, into, want);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      eof = true;
      continue;
    }
    got += static_cast<size_t>(n);
    if (!have_length && got == kLengthBytes) {
      if (length > kMaxOutputBytes) {
        kill(pid, SIGKILL);
        break;
      }
      out.resize(length);
      have_length = true;
      got = 0;
    }
  }
  close(fd);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  ChildResult r;
  r.killed = killed;
  if (killed) return r;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return Internal("the child process {}", WIFSIGNALED(status)
                                                         ? fmt::format("died by signal {} ({})",
                                                                       WTERMSIG(status),
                                                                       strsignal(WTERMSIG(status)))
                                                         : fmt::format("exited with {}",
                                                                       WEXITSTATUS(status)));
  }
  if (!have_length || got != out.size()) {
    return Internal("the child process ended its output early ({} of {} bytes)", got,
                    have_length ? out.size() : kLengthBytes);
  }
  r.output = std::move(out);
  return r;
}

}  // namespace
}  // namespace xpar
