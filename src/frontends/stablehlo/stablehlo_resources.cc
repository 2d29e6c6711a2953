// MLIR's out-of-line constants, as torch-mlir's fx.export_and_import writes weights:
//   %w = stablehlo.constant dense_resource<torch_tensor_2_torch.float32> : tensor<2xf32>
//   ...
//   {-#
//     dialect_resources: { builtin: { torch_tensor_2_torch.float32: "0x0400000000...." } }
//   #-}
// A blob is hex: 4 bytes of alignment (little-endian), then the elements' little-endian bytes.
// The block is read before parsing (ReadDialectResources); the top level skips it; a
// dense_resource attribute becomes a dense literal of its type.
#include <cstring>

#include "frontends/stablehlo/stablehlo_parser_impl.h"

namespace xpar::mlir {
namespace {

int Hex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool IsNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == '.' || c == '$' || c == '-';
}

}  // namespace

// Every `name: "0x..."` entry of the `{-# ... #-}` block (all dialects' sections alike).
Status Parser::ReadDialectResources() {
  std::string_view text = src_->text();
  // The block starts a line (MLIR prints it after the module); "{-#" inside a string elsewhere
  // is not one.
  size_t open = text.find("{-#");
  auto starts_line = [&](size_t at) {
    while (at > 0 && (text[at - 1] == ' ' || text[at - 1] == '\t')) --at;
    return at == 0 || text[at - 1] == '\n';
  };
  while (open != std::string_view::npos && !starts_line(open)) open = text.find("{-#", open + 3);
  if (open == std::string_view::npos) return Status::Ok();
  size_t close = text.find("#-}", open);
  if (close == std::string_view::npos) {
    return Error(static_cast<int64_t>(open), "unterminated '{-#' resource block (no '#-}')");
  }
  resource_block_ = {static_cast<int64_t>(open), static_cast<int64_t>(close + 3)};
  for (size_t p = open + 3; p < close; ++p) {
    if (text[p] != '"') continue;
    size_t end = text.find('"', p + 1);
    if (end == std::string_view::npos || end > close) break;
    // The entry's name ends at the ':' before the string: `name: "0x..."` or `"name": ...`.
    size_t q = p;
    while (q > open && (text[q - 1] == ' ' || text[q - 1] == '\t')) --q;
    if (q > open && text[q - 1] == ':') {
      size_t name_end = q - 1;
      while (name_end > open && text[name_end - 1] == ' ') --name_end;
      size_t name_begin = name_end;
      if (name_begin > open && text[name_begin - 1] == '"') {  // a quoted name
        size_t quote = text.rfind('"', name_begin - 2);
        name_begin = quote == std::string_view::npos ? name_begin : quote + 1;
        --name_end;
      } else {
        while (name_begin > open && IsNameChar(text[name_begin - 1])) --name_begin;
      }
      std::string name(text.substr(name_begin, name_end - name_begin));
      resources_[name] = {static_cast<int64_t>(p), std::string(text.substr(p + 1, end - p - 1))};
    }
    p = end;
  }
  return Status::Ok();
}

// After `dense_resource`: `<name> : tensor<...>`.
Status Parser::ParseDenseResource(Attr* out) {
  RETURN_IF_ERROR(Expect("<", "after 'dense_resource'"));
  int64_t at = lex_.NextOffset();
  std::string_view text = src_->text();
  int64_t p = at;
  while (p < static_cast<int64_t>(text.size()) && text[p] != '>') ++p;
  if (p >= static_cast<int64_t>(text.size())) return Error(at, "unterminated dense_resource<...>");
  std::string name(text.substr(at, p - at));
  lex_.set_pos(p + 1);
  RETURN_IF_ERROR(Expect(":", "and the type after dense_resource<...>"));
  ASSIGN_OR_RETURN(Shape shape, ParseType());
  if (!shape.IsArray()) return Error(at, "dense_resource<...> needs a tensor type");
  auto it = resources_.find(name);
  if (it == resources_.end()) {
    return Error(at, fmt::format("resource '{}' has no blob in the file's {{-# dialect_resources "
                                 "#-}} block (was it elided when the IR was printed?)",
                                 name));
  }
  const std::string& hex = it->second.second;
  const int64_t width = ByteWidth(shape.type()), count = shape.ElementCount();
  if (!hex.starts_with("0x") || hex.size() % 2 != 0 || hex.size() < 10) {
    return Error(it->second.first, fmt::format("resource '{}' is not a \"0x...\" hex blob", name));
  }
  const int64_t bytes = static_cast<int64_t>(hex.size() - 10) / 2;  // after the alignment word
  if (bytes != count * width) {
    return Error(at, fmt::format("resource '{}' holds {} bytes; {} needs {}", name, bytes,
                                 shape.ToString(false), count * width));
  }
  Literal lit(shape);
  for (int64_t i = 0; i < bytes; ++i) {
    int hi = Hex(hex[10 + 2 * i]), lo = Hex(hex[11 + 2 * i]);
    if (hi < 0 || lo < 0) return Error(it->second.first, "bad hex digit in a resource blob");
    lit.raw()[i] = static_cast<uint8_t>(hi * 16 + lo);
  }
  out->kind = Attr::Kind::kDense;
  out->type = shape;
  out->dense = std::move(lit);
  return Status::Ok();
}

}  // namespace xpar::mlir
