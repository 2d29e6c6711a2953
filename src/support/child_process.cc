// RunInChild: fork, a pipe for the result, poll until EOF or the deadline, SIGKILL past it.
#include "support/child_process.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <chrono>
#include <cstring>

namespace xpar {
namespace {

// Writes all of `data`; the child's only way to report, so errors just end it.
void WriteAll(int fd, const std::string& data) {
  size_t done = 0;
  while (done < data.size()) {
    ssize_t n = write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) _exit(3);
    done += static_cast<size_t>(n);
  }
}

}  // namespace

Expected<ChildResult> RunInChild(const std::function<std::string()>& work, double seconds) {
  int fds[2];
  if (pipe(fds) != 0) return Internal("pipe failed: {}", std::strerror(errno));
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
    WriteAll(fds[1], work());
    close(fds[1]);
    _exit(0);
  }
  close(fds[1]);
  auto deadline = std::chrono::steady_clock::now() +
                  std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                      std::chrono::duration<double>(std::max(0.0, seconds)));
  std::string out;
  char buf[1 << 16];
  bool eof = false, killed = false;
  while (!eof) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                    deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) {
      kill(pid, SIGKILL);
      killed = true;
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    int ready = poll(&p, 1, static_cast<int>(std::min<int64_t>(left, 1000)));
    if (ready < 0 && errno != EINTR) break;
    if (ready <= 0) continue;
    ssize_t n = read(fds[0], buf, sizeof(buf));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      eof = true;
    } else {
      out.append(buf, static_cast<size_t>(n));
    }
  }
  close(fds[0]);
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
  r.output = std::move(out);
  return r;
}

}  // namespace xpar
