// Tokenizer for MLIR text as StableHLO/MHLO tools print it: SSA values (%x, %x#1), symbols
// (@f), block labels (^bb0), dialect attributes/types (#a.b, !a.b), numbers, strings, punctuation.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace xpar::mlir {

enum class Tok {
  kEof,
  kValueId,    // %name or %name#3 (text includes '%')
  kSymbol,     // @name or @"quoted" (text includes '@')
  kBlockId,    // ^bb0
  kHashId,     // #stablehlo.scatter, #stablehlo (attribute alias / dialect attribute)
  kBangId,     // !stablehlo.token, !quant.uniform
  kBareId,     // identifiers, keywords, dotted op names (stablehlo.add)
  kInt,        // 12, -3, 0x7FC00000
  kFloat,      // 1.5, -2.0e+03
  kString,     // "..." (text includes the quotes; use Unescape)
  kPunct,      // ( ) [ ] { } < > , : = * ? + and the arrow "->"
  kError,      // an unexpected character or an unterminated string
};

struct Token {
  Tok kind = Tok::kEof;
  std::string_view text;
  int64_t offset = 0;
  bool Is(std::string_view s) const {
    return (kind == Tok::kPunct || kind == Tok::kBareId) && text == s;
  }
};

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  std::string_view text() const { return text_; }
  int64_t pos() const { return pos_; }
  void set_pos(int64_t p) { pos_ = p; }

  // The next token without consuming it.
  Token Peek();
  // The token after the next one.
  Token PeekSecond();
  Token Next();
  // Consumes the next token when it is the punctuation or keyword `s`.
  bool TryConsume(std::string_view s);
  // Offset of the next significant character.
  int64_t NextOffset();

 private:
  void SkipSpace();
  Token Lex();

  std::string_view text_;
  int64_t pos_ = 0;
};

// The contents of a kString token with \" \\ \n \t and \XX hex escapes resolved.
std::string Unescape(std::string_view quoted);
// The name of a kSymbol token without its '@': @"<lambda>" (a quoted name, as JAX gives its
// lambdas' functions) is <lambda>, escapes resolved, the same for a definition and its uses.
std::string SymbolName(const Token& symbol);

}  // namespace xpar::mlir
