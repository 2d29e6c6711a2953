// Where ../shared/corpus is, and the skip-or-fail rule: tests that need it skip with a visible
// message on a user's machine, and fail under CI=true, so a wrong path can never pass silently.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace xpar::testing {

inline std::filesystem::path SharedDir() { return XPAR_SHARED_DIR; }

inline bool RunningUnderCi() {
  const char* ci = std::getenv("CI");
  return ci && std::string(ci) == "true";
}

// All files under ../shared/<sub> with the extension, sorted.
inline std::vector<std::filesystem::path> SharedFiles(const std::string& sub,
                                                      const std::string& ext) {
  std::vector<std::filesystem::path> out;
  std::filesystem::path dir = SharedDir() / sub;
  if (!std::filesystem::exists(dir)) return out;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
    if (e.is_regular_file() && e.path().extension() == ext) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace xpar::testing

// Use at the top of a corpus test.
#define XPAR_REQUIRE_SHARED(sub)                                                          \
  do {                                                                                    \
    if (!std::filesystem::exists(::xpar::testing::SharedDir() / (sub))) {                 \
      if (::xpar::testing::RunningUnderCi()) {                                            \
        FAIL() << "CI=true but " << (::xpar::testing::SharedDir() / (sub))                \
               << " is missing: the corpus path is wrong";                               \
      }                                                                                   \
      GTEST_SKIP() << "../shared/" << (sub) << " not found: corpus test skipped";        \
    }                                                                                     \
  } while (0)
