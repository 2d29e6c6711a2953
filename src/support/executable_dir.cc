#include "support/executable_dir.h"

#include <unistd.h>

#include <climits>

namespace xpar {

std::filesystem::path ExecutableDir() {
  char buf[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
  if (n <= 0) return ".";
  buf[n] = '\0';
  return std::filesystem::path(buf).parent_path();
}

}  // namespace xpar
