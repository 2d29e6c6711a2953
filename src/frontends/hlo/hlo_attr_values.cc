// Attribute value grammars of the HLO text parser: integer lists, slices, padding, windows,
// convolution dim_labels, metadata, string maps, backend_config and input_output_alias.
#include <charconv>

#include "frontends/hlo/hlo_parser_impl.h"

namespace xpar::hlo {

Status Parser::ParseInt(int64_t* out) {
  if (lex_.ReadInt(out)) return Status::Ok();
  return ErrorHere("expected an integer");
}

Status Parser::ParseIntList(std::vector<int64_t>* out, char open, char close) {
  out->clear();
  RETURN_IF_ERROR(Expect(open, "to open an integer list"));
  if (lex_.TryConsume(close)) return Status::Ok();
  while (true) {
    int64_t v;
    RETURN_IF_ERROR(ParseInt(&v));
    out->push_back(v);
    if (lex_.TryConsume(',')) continue;
    return Expect(close, "to close the integer list");
  }
}

Status Parser::ParseBool(bool* out) {
  lex_.SkipSpace();
  int64_t off = lex_.pos();
  std::string_view v = lex_.ReadName();
  if (v == "true") {
    *out = true;
  } else if (v == "false") {
    *out = false;
  } else {
    return Error(off, fmt::format("expected true or false, found '{}'", v));
  }
  return Status::Ok();
}

Status Parser::ParseQuoted(std::string* out) {
  lex_.SkipSpace();
  int64_t off = lex_.pos();
  if (lex_.RawAt(0) != '"') return ErrorHere("expected a quoted string");
  if (!lex_.ReadQuoted(out)) return Error(off, "unterminated string");
  return Status::Ok();
}

Status Parser::ParseFloat(float* out) {
  lex_.SkipSpace();
  int64_t off = lex_.pos();
  std::string_view tok = lex_.ReadNumberToken();
  if (tok.starts_with('+')) tok.remove_prefix(1);
  auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), *out);
  if (tok.empty() || ec != std::errc() || p != tok.data() + tok.size()) {
    return Error(off, fmt::format("expected a floating-point number, found '{}'", tok));
  }
  return Status::Ok();
}

Status Parser::ParseComputationRef(NameRef* out) {
  lex_.SkipSpace();
  out->offset = lex_.pos();
  out->name = lex_.ReadValueName();
  if (out->name.empty()) return ErrorHere("expected a computation name");
  return Status::Ok();
}

Status Parser::ParseComputationList(std::vector<NameRef>* out) {
  RETURN_IF_ERROR(Expect('{', "to open a computation list"));
  if (lex_.TryConsume('}')) return Status::Ok();
  while (true) {
    out->emplace_back();
    RETURN_IF_ERROR(ParseComputationRef(&out->back()));
    if (lex_.TryConsume(',')) continue;
    return Expect('}', "to close the computation list");
  }
}

// `{[0:2], [1:9:2]}`
Status Parser::ParseSlice(std::vector<SliceDim>* out) {
  RETURN_IF_ERROR(Expect('{', "to open slice={...}"));
  if (lex_.TryConsume('}')) return Status::Ok();
  while (true) {
    SliceDim d;
    RETURN_IF_ERROR(Expect('[', "to open a slice dimension"));
    RETURN_IF_ERROR(ParseInt(&d.start));
    RETURN_IF_ERROR(Expect(':', "in a slice dimension [start:limit:stride]"));
    RETURN_IF_ERROR(ParseInt(&d.limit));
    if (lex_.TryConsume(':')) RETURN_IF_ERROR(ParseInt(&d.stride));
    RETURN_IF_ERROR(Expect(']', "to close a slice dimension"));
    out->push_back(d);
    if (lex_.TryConsume(',')) continue;
    return Expect('}', "to close slice={...}");
  }
}

// `0_0x1_2_1`: low_high[_interior] per dimension, joined by 'x'.
Status Parser::ParsePadding(std::vector<PadDim>* out) {
  char c = lex_.Peek();
  if (!IsDigit(c) && c != '-') return Status::Ok();  // rank 0: nothing written
  while (true) {
    PadDim d;
    RETURN_IF_ERROR(ParseInt(&d.low));
    if (lex_.RawAt(0) != '_') return ErrorHere("expected '_' in padding low_high[_interior]");
    lex_.set_pos(lex_.pos() + 1);
    RETURN_IF_ERROR(ParseInt(&d.high));
    if (lex_.RawAt(0) == '_') {
      lex_.set_pos(lex_.pos() + 1);
      RETURN_IF_ERROR(ParseInt(&d.interior));
    }
    out->push_back(d);
    if (lex_.RawAt(0) != 'x') return Status::Ok();
    lex_.set_pos(lex_.pos() + 1);
  }
}

namespace {

// `3x3` or (pads) `1_1x0_2` into one vector per component.
Status ParseXList(Parser* p, bool pairs, std::vector<int64_t>* a, std::vector<int64_t>* b) {
  Lexer& lex = p->lex_;
  while (true) {
    int64_t v;
    RETURN_IF_ERROR(p->ParseInt(&v));
    a->push_back(v);
    if (pairs) {
      if (lex.RawAt(0) != '_') return p->ErrorHere("expected '_' in window pad low_high");
      lex.set_pos(lex.pos() + 1);
      RETURN_IF_ERROR(p->ParseInt(&v));
      b->push_back(v);
    }
    if (lex.RawAt(0) != 'x') return Status::Ok();
    lex.set_pos(lex.pos() + 1);
  }
}

}  // namespace

// `{size=3x3 stride=2x2 pad=1_1x1_1 lhs_dilate=1x1 rhs_dilate=1x1 rhs_reversal=0x1}`
Status Parser::ParseWindow(std::vector<WindowDim>* out) {
  lex_.SkipSpace();
  int64_t off = lex_.pos();
  RETURN_IF_ERROR(Expect('{', "to open window={...}"));
  std::vector<int64_t> f[7];  // size, stride, pad_low, pad_high, lhs, rhs, reversal
  bool seen_any = false;
  while (!lex_.TryConsume('}')) {
    lex_.SkipSpace();
    int64_t koff = lex_.pos();
    std::string_view key = lex_.ReadName();
    RETURN_IF_ERROR(Expect('=', "after a window field name"));
    int slot = key == "size"           ? 0
               : key == "stride"       ? 1
               : key == "pad"          ? 2
               : key == "lhs_dilate"   ? 4
               : key == "rhs_dilate"   ? 5
               : key == "rhs_reversal" ? 6
                                       : -1;
    if (slot < 0) return Error(koff, fmt::format("unknown window field '{}'", key));
    if (!f[slot].empty()) return Error(koff, fmt::format("duplicate window field '{}'", key));
    RETURN_IF_ERROR(ParseXList(this, slot == 2, &f[slot], &f[3]));
    seen_any = true;
  }
  out->clear();
  if (!seen_any) return Status::Ok();
  size_t n = f[0].size();
  if (n == 0) return Error(off, "window={...} has no size");
  for (int i = 1; i < 7; ++i) {
    if (!f[i].empty() && f[i].size() != n) {
      return Error(off, fmt::format("window fields disagree on the number of dimensions ({} vs {})",
                                    f[i].size(), n));
    }
  }
  for (size_t i = 0; i < n; ++i) {
    WindowDim d;
    d.size = f[0][i];
    if (!f[1].empty()) d.stride = f[1][i];
    if (!f[2].empty()) d.pad_low = f[2][i], d.pad_high = f[3][i];
    if (!f[4].empty()) d.lhs_dilation = f[4][i];
    if (!f[5].empty()) d.rhs_dilation = f[5][i];
    if (!f[6].empty()) d.reversal = f[6][i] != 0;
    out->push_back(d);
  }
  return Status::Ok();
}

namespace {

// One side of dim_labels: the positions of two letters and of spatial digits 0..n-1.
bool DecodeLabels(std::string_view s, char l0, char l1, int64_t* p0, int64_t* p1,
                  std::vector<int64_t>* spatial) {
  *p0 = *p1 = -1;
  int64_t n = static_cast<int64_t>(s.size()) - 2;
  if (n < 0) return false;
  spatial->assign(n, -1);
  for (int64_t i = 0; i < static_cast<int64_t>(s.size()); ++i) {
    char c = s[i];
    int64_t* slot = c == l0 ? p0 : c == l1 ? p1 : nullptr;
    if (IsDigit(c) && c - '0' < n) slot = &(*spatial)[c - '0'];
    if (slot == nullptr || *slot != -1) return false;
    *slot = i;
  }
  return true;
}

}  // namespace

// `b01f_01io->b01f`
Status Parser::ParseConvDims(ConvDims* out) {
  lex_.SkipSpace();
  int64_t off = lex_.pos(), p = 0;
  while (IsNameChar(lex_.RawAt(p)) || (lex_.RawAt(p) == '>' && lex_.RawAt(p - 1) == '-')) ++p;
  std::string_view s = lex_.text().substr(off, p);
  lex_.set_pos(off + p);
  size_t us = s.find('_'), arrow = s.find("->");
  bool ok = us != std::string_view::npos && arrow != std::string_view::npos && us < arrow;
  if (ok) {
    std::string_view in = s.substr(0, us), ker = s.substr(us + 1, arrow - us - 1),
                     outl = s.substr(arrow + 2);
    ok = in.size() == ker.size() && in.size() == outl.size() &&
         DecodeLabels(in, 'b', 'f', &out->input_batch, &out->input_feature, &out->input_spatial) &&
         DecodeLabels(ker, 'i', 'o', &out->kernel_input_feature, &out->kernel_output_feature,
                      &out->kernel_spatial) &&
         DecodeLabels(outl, 'b', 'f', &out->output_batch, &out->output_feature,
                      &out->output_spatial);
  }
  if (!ok) {
    return Error(off, fmt::format("bad dim_labels '{}': expected e.g. b01f_01io->b01f", s));
  }
  return Status::Ok();
}

// `{op_type="add" op_name="a/b" source_file="x.py" source_line=3 other=...}`
Status Parser::ParseMetadata(OpMetadata* out) {
  RETURN_IF_ERROR(Expect('{', "to open metadata={...}"));
  while (!lex_.TryConsume('}')) {
    lex_.SkipSpace();
    int64_t koff = lex_.pos();
    std::string_view key = lex_.ReadName();
    if (key.empty()) {
      if (lex_.AtEnd()) return Error(lex_.size(), "unexpected end of file in metadata={...}");
      return ErrorHere("expected a metadata field name");
    }
    RETURN_IF_ERROR(Expect('=', "after a metadata field name"));
    if (key == "op_type") {
      RETURN_IF_ERROR(ParseQuoted(&out->op_type));
    } else if (key == "op_name") {
      RETURN_IF_ERROR(ParseQuoted(&out->op_name));
    } else if (key == "source_file") {
      RETURN_IF_ERROR(ParseQuoted(&out->source_file));
    } else if (key == "source_line") {
      RETURN_IF_ERROR(ParseInt(&out->source_line));
    } else {
      lex_.SkipSpace();
      int64_t voff = lex_.pos();
      std::string_view v;
      if (lex_.RawAt(0) == '"') {
        std::string unused;
        RETURN_IF_ERROR(ParseQuoted(&unused));
      } else if (lex_.RawAt(0) == '{') {
        if (!lex_.ScanBraced(&v)) return Error(voff, "unterminated metadata value");
      } else {
        while (lex_.pos() < lex_.size() && lex_.RawAt(0) != ' ' && lex_.RawAt(0) != '}' &&
               lex_.RawAt(0) != '\n') {
          lex_.set_pos(lex_.pos() + 1);
        }
      }
      v = lex_.text().substr(voff, lex_.pos() - voff);
      if (v.empty()) return Error(koff, fmt::format("metadata field '{}' has no value", key));
      out->other.emplace_back(std::string(key), std::string(v));
    }
  }
  return Status::Ok();
}

// `{key="value", other="x"}` (frontend_attributes).
Status Parser::ParseStringMap(std::vector<std::pair<std::string, std::string>>* out) {
  RETURN_IF_ERROR(Expect('{', "to open the attribute map"));
  if (lex_.TryConsume('}')) return Status::Ok();
  while (true) {
    std::string key, value;
    if (lex_.Peek() == '"') {
      RETURN_IF_ERROR(ParseQuoted(&key));
    } else {
      key = std::string(lex_.ReadName());
      if (key.empty()) return ErrorHere("expected a key in the attribute map");
    }
    RETURN_IF_ERROR(Expect('=', "after a key in the attribute map"));
    if (lex_.Peek() == '"') {
      RETURN_IF_ERROR(ParseQuoted(&value));
    } else {
      std::string_view v;
      if (!lex_.ScanVerbatim(&v)) return ErrorHere("unterminated value in the attribute map");
      value = std::string(v);
    }
    out->emplace_back(std::move(key), std::move(value));
    if (lex_.TryConsume(',')) continue;
    return Expect('}', "to close the attribute map");
  }
}

// `"text"` (stored unquoted) or `{...}` (stored verbatim with its braces).
Status Parser::ParseBackendConfig(std::string* out) {
  char c = lex_.Peek();
  if (c == '"') return ParseQuoted(out);
  int64_t off = lex_.pos();
  std::string_view v;
  bool ok = c == '{' ? lex_.ScanBraced(&v) : lex_.ScanVerbatim(&v);
  if (!ok) return Error(off, "unterminated backend_config");
  *out = std::string(v);
  return Status::Ok();
}

// `{ {0}: (3, {}, must-alias), {1}: (4, {0}) }`
Status Parser::ParseIoAlias(std::vector<IoAlias>* out) {
  RETURN_IF_ERROR(Expect('{', "to open input_output_alias={...}"));
  if (lex_.TryConsume('}')) return Status::Ok();
  while (true) {
    IoAlias a;
    RETURN_IF_ERROR(ParseIntList(&a.output_index));
    RETURN_IF_ERROR(Expect(':', "after the output index in input_output_alias"));
    RETURN_IF_ERROR(Expect('(', "to open an alias (parameter, {index}, kind)"));
    RETURN_IF_ERROR(ParseInt(&a.parameter_number));
    RETURN_IF_ERROR(Expect(',', "after the parameter number in input_output_alias"));
    RETURN_IF_ERROR(ParseIntList(&a.parameter_index));
    if (lex_.TryConsume(',')) {
      lex_.SkipSpace();
      int64_t koff = lex_.pos();
      a.kind = std::string(lex_.ReadName());
      if (a.kind != "must-alias" && a.kind != "may-alias") {
        return Error(koff, fmt::format("expected must-alias or may-alias, found '{}'", a.kind));
      }
    }
    RETURN_IF_ERROR(Expect(')', "to close the alias"));
    out->push_back(std::move(a));
    if (lex_.TryConsume(',')) continue;
    return Expect('}', "to close input_output_alias={...}");
  }
}

}  // namespace xpar::hlo
