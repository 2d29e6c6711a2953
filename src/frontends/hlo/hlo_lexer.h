// Character-level scanner over HLO text: whitespace and comments, names, integers, quoted
// strings and balanced verbatim values. Works on string_view and byte offsets; never allocates.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace xpar::hlo {

inline bool IsNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.' || c == '-';
}
inline bool IsDigit(char c) { return c >= '0' && c <= '9'; }

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  std::string_view text() const { return text_; }
  int64_t pos() const { return pos_; }
  void set_pos(int64_t p) { pos_ = p; }
  int64_t size() const { return static_cast<int64_t>(text_.size()); }

  // Skips whitespace, `// line` and `/* block */` comments.
  void SkipSpace();
  bool AtEnd() {
    SkipSpace();
    return pos_ >= size();
  }
  // The next significant character (after SkipSpace), '\0' at the end.
  char Peek() {
    SkipSpace();
    return RawAt(0);
  }
  // The character k bytes after the cursor, without skipping anything; '\0' past the end.
  char RawAt(int64_t k) const {
    int64_t p = pos_ + k;
    return p >= 0 && p < size() ? text_[p] : '\0';
  }

  bool TryConsume(char c);
  bool TryConsume(std::string_view s);
  // `word` followed by something that cannot continue a name.
  bool TryKeyword(std::string_view word);

  // [A-Za-z0-9_.-]+ at the cursor (after SkipSpace); empty when there is none.
  std::string_view ReadName();
  // A name with an optional leading '%' (stripped).
  std::string_view ReadValueName();
  // Attribute names: like ReadName (XLA's `control-predecessors` has a '-').
  std::string_view ReadAttrName() { return ReadName(); }

  // A decimal integer with optional sign; false (cursor unchanged) when none or on overflow.
  bool ReadInt(int64_t* out);
  // A run of characters that can form a number or a special float: [A-Za-z0-9.+-]+.
  std::string_view ReadNumberToken();

  // A double-quoted string with C escapes; false when unterminated (cursor at the quote).
  bool ReadQuoted(std::string* out);
  // Verbatim text of one attribute value: up to a top-level ',' or an unmatched ')' or '}', or
  // a newline at depth 0. Brackets and strings are balanced. False when unbalanced.
  bool ScanVerbatim(std::string_view* out);
  // Verbatim text of a balanced {...} group starting at the cursor (which must be at '{').
  bool ScanBraced(std::string_view* out);

 private:
  std::string_view text_;
  int64_t pos_ = 0;
};

}  // namespace xpar::hlo
