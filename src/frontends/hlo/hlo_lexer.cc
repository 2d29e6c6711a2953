// The HLO scanner: comments, names, numbers, strings, balanced verbatim values.
#include "frontends/hlo/hlo_lexer.h"

#include <charconv>

namespace xpar::hlo {

void Lexer::SkipSpace() {
  while (pos_ < size()) {
    char c = text_[pos_];
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      ++pos_;
    } else if (c == '/' && RawAt(1) == '/') {
      while (pos_ < size() && text_[pos_] != '\n') ++pos_;
    } else if (c == '/' && RawAt(1) == '*') {
      size_t end = text_.find("*/", pos_ + 2);
      pos_ = end == std::string_view::npos ? size() : static_cast<int64_t>(end) + 2;
    } else {
      return;
    }
  }
}

bool Lexer::TryConsume(char c) {
  if (Peek() != c) return false;
  ++pos_;
  return true;
}

bool Lexer::TryConsume(std::string_view s) {
  SkipSpace();
  if (text_.substr(pos_).starts_with(s)) {
    pos_ += static_cast<int64_t>(s.size());
    return true;
  }
  return false;
}

bool Lexer::TryKeyword(std::string_view word) {
  SkipSpace();
  if (!text_.substr(pos_).starts_with(word)) return false;
  if (IsNameChar(RawAt(static_cast<int64_t>(word.size())))) return false;
  pos_ += static_cast<int64_t>(word.size());
  return true;
}

std::string_view Lexer::ReadName() {
  SkipSpace();
  int64_t start = pos_;
  while (pos_ < size() && IsNameChar(text_[pos_])) ++pos_;
  return text_.substr(start, pos_ - start);
}

std::string_view Lexer::ReadValueName() {
  SkipSpace();
  if (RawAt(0) == '%') ++pos_;
  int64_t start = pos_;
  while (pos_ < size() && IsNameChar(text_[pos_])) ++pos_;
  return text_.substr(start, pos_ - start);
}

bool Lexer::ReadInt(int64_t* out) {
  SkipSpace();
  int64_t p = pos_;
  if (p < size() && (text_[p] == '-' || text_[p] == '+')) ++p;
  int64_t digits = p;
  while (p < size() && IsDigit(text_[p])) ++p;
  if (p == digits) return false;
  const char* first = text_.data() + pos_ + (text_[pos_] == '+' ? 1 : 0);
  auto [ptr, ec] = std::from_chars(first, text_.data() + p, *out);
  if (ec != std::errc() || ptr != text_.data() + p) return false;
  pos_ = p;
  return true;
}

std::string_view Lexer::ReadNumberToken() {
  SkipSpace();
  int64_t start = pos_;
  while (pos_ < size()) {
    char c = text_[pos_];
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || IsDigit(c) || c == '.' ||
              c == '+' || c == '-';
    if (!ok) break;
    ++pos_;
  }
  return text_.substr(start, pos_ - start);
}

bool Lexer::ReadQuoted(std::string* out) {
  SkipSpace();
  if (RawAt(0) != '"') return false;
  out->clear();
  int64_t p = pos_ + 1;
  while (p < size()) {
    char c = text_[p];
    if (c == '"') {
      pos_ = p + 1;
      return true;
    }
    if (c == '\\' && p + 1 < size()) {
      char e = text_[p + 1];
      switch (e) {
        case 'n':
          out->push_back('\n');
          break;
        case 't':
          out->push_back('\t');
          break;
        case 'r':
          out->push_back('\r');
          break;
        default:
          out->push_back(e);
          break;
      }
      p += 2;
      continue;
    }
    out->push_back(c);
    ++p;
  }
  return false;
}

namespace {

// Index just past the string that starts at `p` (a '"'), or npos-like -1 when unterminated.
int64_t SkipString(std::string_view t, int64_t p) {
  for (++p; p < static_cast<int64_t>(t.size()); ++p) {
    if (t[p] == '\\') {
      ++p;
    } else if (t[p] == '"') {
      return p + 1;
    }
  }
  return -1;
}

}  // namespace

bool Lexer::ScanVerbatim(std::string_view* out) {
  SkipSpace();
  int64_t start = pos_, p = pos_, depth = 0;
  while (p < size()) {
    char c = text_[p];
    if (c == '"') {
      p = SkipString(text_, p);
      if (p < 0) return false;
      continue;
    }
    if (c == '{' || c == '(' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ')' || c == ']') {
      if (depth == 0) break;
      --depth;
    } else if (depth == 0 && (c == ',' || c == '\n')) {
      break;
    }
    ++p;
  }
  if (depth != 0) return false;
  int64_t end = p;
  while (end > start &&
         (text_[end - 1] == ' ' || text_[end - 1] == '\t' || text_[end - 1] == '\r')) {
    --end;
  }
  *out = text_.substr(start, end - start);
  pos_ = p;
  return true;
}

bool Lexer::ScanBraced(std::string_view* out) {
  SkipSpace();
  if (RawAt(0) != '{') return false;
  int64_t start = pos_, p = pos_, depth = 0;
  while (p < size()) {
    char c = text_[p];
    if (c == '"') {
      p = SkipString(text_, p);
      if (p < 0) return false;
      continue;
    }
    if (c == '{' || c == '(' || c == '[') ++depth;
    if (c == '}' || c == ')' || c == ']') {
      if (--depth == 0) {
        pos_ = p + 1;
        *out = text_.substr(start, pos_ - start);
        return true;
      }
    }
    ++p;
  }
  return false;
}

}  // namespace xpar::hlo
