// CheckClassBodies: the source split into logical lines (brackets, strings and backslashes
// join physical lines, as Python's tokenizer does), then each class body's statements judged.
#include "plugins/torch/code_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <vector>

namespace xpar::ts {
namespace {

struct LogicalLine {
  int line = 0;      // 1-based number of its first physical line
  int indent = 0;    // columns before its first character
  std::string text;  // comments dropped, each string literal's contents dropped ("" or '')
};

// Skips the string literal that opens at source[i] (a quote); returns the index past it.
size_t SkipString(std::string_view s, size_t i, int* line) {
  const char q = s[i];
  const bool triple = s.substr(i, 3) == std::string(3, q);
  size_t at = i + (triple ? 3 : 1);
  while (at < s.size()) {
    if (s[at] == '\\') {
      at += 2;
      continue;
    }
    if (s[at] == '\n') {
      if (!triple) return at;  // unterminated: libtorch's lexer reports it
      ++*line;
    }
    if (s[at] == q && (!triple || s.substr(at, 3) == std::string(3, q))) {
      return at + (triple ? 3 : 1);
    }
    ++at;
  }
  return at;
}

std::vector<LogicalLine> SplitLogicalLines(std::string_view s) {
  std::vector<LogicalLine> lines;
  LogicalLine cur;
  int line = 1;
  int depth = 0;
  bool at_start = true;  // at the first character of a new logical line
  for (size_t i = 0; i < s.size();) {
    if (at_start) {
      cur = LogicalLine{line, 0, ""};
      while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) cur.indent += s[i++] == '\t' ? 8 : 1;
      at_start = false;
      continue;
    }
    const char c = s[i];
    if (c == '#') {
      while (i < s.size() && s[i] != '\n') ++i;
    } else if (c == '"' || c == '\'') {
      i = SkipString(s, i, &line);
      cur.text += std::string(2, c);
    } else if (c == '\\' && i + 1 < s.size() && s[i + 1] == '\n') {
      i += 2;
      ++line;
    } else if (c == '\n') {
      ++i;
      ++line;
      if (depth == 0) {
        lines.push_back(std::move(cur));
        at_start = true;
      }
    } else {
      if (c == '(' || c == '[' || c == '{') ++depth;
      if ((c == ')' || c == ']' || c == '}') && depth > 0) --depth;
      cur.text += c;
      ++i;
    }
  }
  if (!at_start) lines.push_back(std::move(cur));
  return lines;
}

std::string_view Trim(std::string_view t) {
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
  return t;
}

// An assignment statement's parts at bracket depth 0: `target [: type] [= value]`.
struct Assignment {
  std::string_view target;
  bool typed = false;
  bool has_value = false;
};

Assignment Parse(std::string_view t) {
  Assignment a;
  int depth = 0;
  size_t end = t.size();  // where the target ends
  for (size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (depth != 0) continue;
    if (c == ':' && !a.has_value && !a.typed) {
      a.typed = true;
      end = std::min(end, i);
    }
    // `=` alone, not part of ==, <=, >=, != or an augmented assignment (+= ...).
    const bool op_before = i > 0 && std::string_view("=<>!+-*/%&|^@").find(t[i - 1]) !=
                                        std::string_view::npos;
    if (c == '=' && !op_before && (i + 1 == t.size() || t[i + 1] != '=')) {
      a.has_value = true;
      end = std::min(end, i);
      break;
    }
  }
  a.target = Trim(t.substr(0, end));
  return a;
}

enum class ClassKind { kModuleOrPlain, kNamedTuple, kEnum, kOther };

ClassKind KindOf(std::string_view header) {
  const size_t open = header.find('(');
  if (open == std::string_view::npos) return ClassKind::kModuleOrPlain;
  std::string_view base = Trim(header.substr(open + 1, header.rfind(')') - open - 1));
  if (base == "Module") return ClassKind::kModuleOrPlain;
  if (base == "NamedTuple") return ClassKind::kNamedTuple;
  if (base == "Enum") return ClassKind::kEnum;
  return ClassKind::kOther;  // interfaces hold only method signatures; libtorch judges others
}

// What libtorch 1.13 would crash on in this class-level statement, or "".
std::string Judge(ClassKind kind, std::string_view text) {
  if (text.starts_with("def ") || text.starts_with("@") || text.starts_with("class ")) return "";
  const Assignment a = Parse(text);
  if (!a.typed && !a.has_value) return "";  // not an assignment: libtorch reports it
  std::string shown = fmt::format("'{}'", text.size() > 60 ? std::string(text.substr(0, 57)) + "..."
                                                          : std::string(text));
  switch (kind) {
    case ClassKind::kModuleOrPlain: {
      static constexpr std::string_view kSpecial[] = {"__parameters__", "__buffers__",
                                                      "__annotations__", "__forward_hooks__",
                                                      "__forward_pre_hooks__"};
      for (std::string_view name : kSpecial) {
        if (a.target == name) return "";
      }
      // Only a plain name becomes a constant; `__annotations__["0"] = T` is an attribute.
      const bool name = !a.target.empty() && std::all_of(a.target.begin(), a.target.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
      });
      if (name && a.has_value && !a.typed) {
        return fmt::format("the class-level assignment {} has no type annotation", shown);
      }
      return "";
    }
    case ClassKind::kNamedTuple:
      return a.typed ? "" : fmt::format("the NamedTuple field {} has no type annotation", shown);
    case ClassKind::kEnum:
      return a.has_value ? "" : fmt::format("the Enum member {} has no value", shown);
    case ClassKind::kOther:
      return "";
  }
  return "";
}

}  // namespace

std::string CheckClassBodies(std::string_view source) {
  int class_indent = -1;  // the open class's `class` line indentation; -1: none open
  int body_indent = -1;   // its body's indentation, once seen
  ClassKind kind = ClassKind::kOther;
  for (const LogicalLine& l : SplitLogicalLines(source)) {
    std::string_view text = Trim(l.text);
    if (text.empty()) continue;
    if (class_indent >= 0 && l.indent <= class_indent) class_indent = -1;
    if (class_indent >= 0 && body_indent < 0) body_indent = l.indent;
    if (class_indent >= 0 && l.indent == body_indent) {
      std::string why = Judge(kind, text);
      if (!why.empty()) return fmt::format("line {}: {}", l.line, why);
    }
    if (text.starts_with("class ")) {
      class_indent = l.indent;
      body_indent = -1;
      kind = KindOf(text);
    }
  }
  return "";
}

}  // namespace xpar::ts
