// RunInChild (support/child_process.h): the child's output comes back whole at every size (empty,
// one byte, many pipe buffers), a child that dies or exits early is an error naming how, and one
// past its deadline is killed. A started program's environment drops the sanitizer runtimes
// from LD_PRELOAD and keeps the rest.
#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "support/child_process.h"

namespace xpar {
namespace {

std::string Pattern(size_t n) {
  std::string s(n, '\0');
  for (size_t i = 0; i < n; ++i) s[i] = static_cast<char>((i * 131 + i / 7) & 0xff);
  return s;
}

TEST(ChildProcess, OutputComesBackWholeAtEverySize) {
  for (size_t n : {size_t{0}, size_t{1}, size_t{65535}, size_t{65537}, (size_t{3} << 20) + 5}) {
    Expected<ChildResult> r = RunInChild([n] { return Pattern(n); }, 60);
    ASSERT_TRUE(r.ok()) << r.status().ToString();
    ASSERT_FALSE(r->killed);
    ASSERT_TRUE(r->output.has_value());
    EXPECT_EQ(r->output->size(), n);
    EXPECT_TRUE(*r->output == Pattern(n)) << "output of " << n << " bytes differs";
  }
}

TEST(ChildProcess, DeathAndEarlyExitAreErrors) {
  Expected<ChildResult> crashed = RunInChild(
      [] {
        std::raise(SIGKILL);  // not SIGSEGV: sanitizers catch that one and exit instead
        return std::string("never");
      },
      60);
  ASSERT_FALSE(crashed.ok());
  EXPECT_NE(crashed.status().message().find("died by signal"), std::string::npos)
      << crashed.status().ToString();
  Expected<ChildResult> exited = RunInChild(
      [] {
        std::_Exit(7);
        return std::string();
      },
      60);
  ASSERT_FALSE(exited.ok());
  EXPECT_NE(exited.status().message().find("exited with 7"), std::string::npos)
      << exited.status().ToString();
}

TEST(ChildProcess, PastTheDeadlineIsKilled) {
  Expected<ChildResult> r = RunInChild(
      [] {
        for (;;) pause();  // waits for the kill
        return std::string();
      },
      0.3);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_TRUE(r->killed);
  EXPECT_FALSE(r->output.has_value());
}

// LD_PRELOAD as a program started by ProgramServer sees it; absent when it has none.
std::optional<std::string> PreloadSeenWith(const char* preload) {
  const char* old = std::getenv("LD_PRELOAD");
  std::optional<std::string> saved = old ? std::optional<std::string>(old) : std::nullopt;
  setenv("LD_PRELOAD", preload, 1);
  std::optional<std::string> seen;
  for (const std::string& e : EnvironmentForProgram()) {
    if (e.starts_with("LD_PRELOAD=")) seen = e.substr(11);
  }
  if (saved) {
    setenv("LD_PRELOAD", saved->c_str(), 1);
  } else {
    unsetenv("LD_PRELOAD");
  }
  return seen;
}

TEST(ChildProcess, StartedProgramsGetNoSanitizerPreload) {
  EXPECT_EQ(PreloadSeenWith("/usr/lib/libclang_rt.asan-x86_64.so"), std::nullopt);
  EXPECT_EQ(PreloadSeenWith("/opt/libjemalloc.so:/usr/lib/libclang_rt.asan-x86_64.so "
                            "libasan.so.6::/x/libubsan.so.1 /y/libfaketime.so"),
            "/opt/libjemalloc.so:/y/libfaketime.so");
  EXPECT_EQ(PreloadSeenWith("libmine.so"), "libmine.so");
  bool path_kept = false;
  for (const std::string& e : EnvironmentForProgram()) path_kept |= e.starts_with("PATH=");
  EXPECT_EQ(path_kept, std::getenv("PATH") != nullptr);
}

}  // namespace
}  // namespace xpar
