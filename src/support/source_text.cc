// Line/column resolution and caret diagnostics.
#include "support/source_text.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace xpar {

SourceText::SourceText(std::string filename, std::string text)
    : filename_(std::move(filename)), text_(std::move(text)) {
  line_starts_.push_back(0);
  for (int64_t i = 0; i < static_cast<int64_t>(text_.size()); ++i) {
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
  }
}

SourceText::LineCol SourceText::Resolve(int64_t offset) const {
  offset = std::clamp<int64_t>(offset, 0, static_cast<int64_t>(text_.size()));
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  int64_t line = it - line_starts_.begin();
  return {line, offset - line_starts_[line - 1] + 1};
}

std::string_view SourceText::LineAt(int64_t offset) const {
  LineCol lc = Resolve(offset);
  int64_t start = line_starts_[lc.line - 1];
  int64_t end = start;
  while (end < static_cast<int64_t>(text_.size()) && text_[end] != '\n') ++end;
  return std::string_view(text_).substr(start, end - start);
}

Status SourceText::Error(int64_t offset, const std::string& message) const {
  LineCol lc = Resolve(offset);
  std::string_view line = LineAt(offset);
  // Long lines (real HLO has 2 KB lines) are cut around the caret so the report stays readable.
  constexpr int64_t kMaxShown = 160;
  int64_t col = lc.column - 1;
  int64_t from = 0;
  if (static_cast<int64_t>(line.size()) > kMaxShown && col > kMaxShown / 2) {
    from = std::min<int64_t>(col - kMaxShown / 2, static_cast<int64_t>(line.size()) - kMaxShown);
  }
  std::string shown(line.substr(from, kMaxShown));
  std::string caret(std::max<int64_t>(0, col - from), ' ');
  for (int64_t i = 0; i < static_cast<int64_t>(caret.size()); ++i) {
    if (shown[i] == '\t') caret[i] = '\t';
  }
  return Status::Located(StatusCode::kInvalidArgument,
                         fmt::format("{}:{}:{}: error: {}\n{}\n{}^", filename_, lc.line,
                                     lc.column, message, shown, caret));
}

Expected<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return IoError("cannot open '{}': {}", path, std::strerror(errno));
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Status WriteFile(const std::string& path, std::string_view contents) {
  std::ofstream out(path, std::ios::binary);
  if (!out) return IoError("cannot write '{}': {}", path, std::strerror(errno));
  out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
  if (!out) return IoError("write to '{}' failed", path);
  return Status::Ok();
}

}  // namespace xpar
