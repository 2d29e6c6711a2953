// Source text with byte offsets resolved to line:column only when a diagnostic is reported,
// and compiler-style diagnostics: "file:line:col: error: message", the line, and a caret.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "support/status.h"

namespace xpar {

class SourceText {
 public:
  SourceText(std::string filename, std::string text);

  const std::string& filename() const { return filename_; }
  std::string_view text() const { return text_; }

  struct LineCol {
    int64_t line;    // 1-based
    int64_t column;  // 1-based, in bytes
  };
  LineCol Resolve(int64_t offset) const;
  std::string_view LineAt(int64_t offset) const;

  // "file:line:col: error: message\n  <line>\n  ^" as an InvalidArgument status.
  Status Error(int64_t offset, const std::string& message) const;

 private:
  std::string filename_;
  std::string text_;
  std::vector<int64_t> line_starts_;
};

// Reads a whole file; a clear error names the path when it cannot.
Expected<std::string> ReadFile(const std::string& path);
Status WriteFile(const std::string& path, std::string_view contents);

}  // namespace xpar
