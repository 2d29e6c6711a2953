// MLIR tokenizer: see mlir_lexer.h. Comments are `// ...` to the end of the line.
#include "frontends/stablehlo/mlir_lexer.h"

namespace xpar::mlir {
namespace {

bool IsIdStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsIdChar(char c) { return IsIdStart(c) || IsDigit(c) || c == '$' || c == '.'; }
bool IsSuffixChar(char c) { return IsIdChar(c) || c == '-'; }
int HexValue(char c) {
  if (IsDigit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

void Lexer::SkipSpace() {
  const int64_t n = static_cast<int64_t>(text_.size());
  while (pos_ < n) {
    char c = text_[pos_];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++pos_;
    } else if (c == '/' && pos_ + 1 < n && text_[pos_ + 1] == '/') {
      while (pos_ < n && text_[pos_] != '\n') ++pos_;
    } else {
      break;
    }
  }
}

int64_t Lexer::NextOffset() {
  SkipSpace();
  return pos_;
}

Token Lexer::Lex() {
  SkipSpace();
  const int64_t n = static_cast<int64_t>(text_.size());
  Token t;
  t.offset = pos_;
  if (pos_ >= n) return t;
  const int64_t start = pos_;
  char c = text_[pos_];
  auto finish = [&](Tok kind) {
    t.kind = kind;
    t.text = text_.substr(start, pos_ - start);
    return t;
  };
  auto at = [&](int64_t k) { return pos_ + k < n ? text_[pos_ + k] : '\0'; };
  if (c == '%' || c == '@' || c == '^' || c == '#' || c == '!') {
    ++pos_;
    if (c == '@' && at(0) == '"') {
      ++pos_;
      while (pos_ < n && text_[pos_] != '"') pos_ += text_[pos_] == '\\' ? 2 : 1;
      if (pos_ >= n) return finish(Tok::kError);
      ++pos_;
      return finish(Tok::kSymbol);
    }
    while (pos_ < n && IsSuffixChar(text_[pos_])) ++pos_;
    if (c == '%' && at(0) == '#' && IsDigit(at(1))) {
      ++pos_;
      while (pos_ < n && IsDigit(text_[pos_])) ++pos_;
    }
    if (pos_ == start + 1) return finish(Tok::kError);
    switch (c) {
      case '%': return finish(Tok::kValueId);
      case '@': return finish(Tok::kSymbol);
      case '^': return finish(Tok::kBlockId);
      case '#': return finish(Tok::kHashId);
      default: return finish(Tok::kBangId);
    }
  }
  if (c == '"') {
    ++pos_;
    while (pos_ < n && text_[pos_] != '"') pos_ += text_[pos_] == '\\' ? 2 : 1;
    if (pos_ >= n) {
      pos_ = start;
      t.kind = Tok::kError;
      t.text = text_.substr(start, 1);
      pos_ = n;
      return t;
    }
    ++pos_;
    return finish(Tok::kString);
  }
  if (c == '-' && at(1) == '>') {
    pos_ += 2;
    return finish(Tok::kPunct);
  }
  if (IsDigit(c) || ((c == '-' || c == '+') && IsDigit(at(1)))) {
    if (c == '-' || c == '+') ++pos_;
    if (at(0) == '0' && (at(1) == 'x' || at(1) == 'X') && HexValue(at(2)) >= 0) {
      pos_ += 2;
      while (pos_ < n && HexValue(text_[pos_]) >= 0) ++pos_;
      return finish(Tok::kInt);
    }
    while (pos_ < n && IsDigit(text_[pos_])) ++pos_;
    bool is_float = false;
    if (at(0) == '.' && IsDigit(at(1))) {
      is_float = true;
      ++pos_;
      while (pos_ < n && IsDigit(text_[pos_])) ++pos_;
    } else if (at(0) == '.' && !IsIdStart(at(1))) {
      is_float = true;
      ++pos_;
    }
    if ((at(0) == 'e' || at(0) == 'E') &&
        (IsDigit(at(1)) || ((at(1) == '+' || at(1) == '-') && IsDigit(at(2))))) {
      is_float = true;
      pos_ += 2;
      while (pos_ < n && IsDigit(text_[pos_])) ++pos_;
    }
    return finish(is_float ? Tok::kFloat : Tok::kInt);
  }
  if (IsIdStart(c)) {
    while (pos_ < n && IsIdChar(text_[pos_])) ++pos_;
    return finish(Tok::kBareId);
  }
  if (std::string_view("()[]{}<>,:=*?+-|").find(c) != std::string_view::npos) {
    ++pos_;
    return finish(Tok::kPunct);
  }
  ++pos_;
  return finish(Tok::kError);
}

Token Lexer::Peek() {
  int64_t save = pos_;
  Token t = Lex();
  pos_ = save;
  return t;
}

Token Lexer::PeekSecond() {
  int64_t save = pos_;
  Lex();
  Token t = Lex();
  pos_ = save;
  return t;
}

Token Lexer::Next() { return Lex(); }

bool Lexer::TryConsume(std::string_view s) {
  int64_t save = pos_;
  Token t = Lex();
  if (t.Is(s)) return true;
  pos_ = save;
  return false;
}

std::string SymbolName(const Token& symbol) {
  std::string_view name = symbol.text.substr(1);
  return !name.empty() && name[0] == '"' ? Unescape(name) : std::string(name);
}

std::string Unescape(std::string_view quoted) {
  std::string out;
  if (quoted.size() < 2) return out;
  std::string_view s = quoted.substr(1, quoted.size() - 2);
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\' || i + 1 >= s.size()) {
      out.push_back(s[i]);
      continue;
    }
    char e = s[++i];
    if (e == 'n') {
      out.push_back('\n');
    } else if (e == 't') {
      out.push_back('\t');
    } else if (i + 1 < s.size() && HexValue(e) >= 0 && HexValue(s[i + 1]) >= 0) {
      out.push_back(static_cast<char>(HexValue(e) * 16 + HexValue(s[i + 1])));
      ++i;
    } else {
      out.push_back(e);
    }
  }
  return out;
}

}  // namespace xpar::mlir
