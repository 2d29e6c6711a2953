// The StableHLO interpreter conformance suite (../shared/corpus/stablehlo/interpret, split on
// `// -----`): parses each case with the StableHLO frontend, verifies it, runs its entry in the
// interpreter and evaluates its check.* ops. Prints one line per case and the totals line
// `N passed, N failed (M known), N skipped`. Expected failures are listed, with their reasons, in
// tests/conformance/known_failures.txt (or `--known-failures FILE`); the run fails when a case
// not listed there fails (FAIL), and when a listed case passes or is skipped (XPASS) or was not
// run at all (STALE), so the list stays exact. Listed cases that fail print as XFAIL.
// An entry with parameters takes them from the RUN line's `--args="[...]"` and its result is
// compared with the `// CHECK:` lines; a case with several public functions and no @main runs
// each function on its own.
// With `--byteir DIR`: parses and verifies every MHLO file of DIR instead (ByteIR E2E inputs).
// With `--by-family`: also prints a Markdown table of files and passing files per op family
// and dtype, the family and dtype read from JAX's file names (FamilyOf, DtypeClassOf).
// With `--xla-cpu-numerics`: runs with DeviceContext::xla_cpu_numerics (FMA contraction and
// XLA CPU's convolution order), for files whose reference values XLA CPU computed (JAX's).
// With `--max-expanded-splat N`: the parser keeps splats of more than N elements as a scalar
// constant and a broadcast (StableHloParseOptions; 0: every splat), for differential runs.
// Skips (exit 77) when ../shared is absent, fails under CI=true, like tests/corpus.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "frontends/stablehlo/stablehlo_parser.h"
#include "ir/verifier.h"
#include "runtime/interpreter/check_log.h"
#include "runtime/interpreter/interpreter.h"
#include "support/status.h"

namespace fs = std::filesystem;

namespace xpar {
namespace {

constexpr int kSkipExitCode = 77;

// Set once by main (--max-expanded-splat) before any case is parsed.
StableHloParseOptions g_parse_options;

struct Case {
  std::string label;  // file:line
  std::string text;   // the whole file with the other cases blanked (line numbers stay)
};

// Splits on lines starting `// -----` (so `// // -----` is no split), keeping every case at its
// original line numbers.
std::vector<Case> SplitCases(const std::string& name, const std::string& text) {
  std::vector<std::pair<size_t, size_t>> ranges;
  size_t start = 0, pos = 0;
  while (pos <= text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string::npos) eol = text.size();
    std::string_view line(text.data() + pos, eol - pos);
    if (line.starts_with("// -----")) {
      ranges.emplace_back(start, pos);
      start = eol;
    }
    pos = eol + 1;
  }
  ranges.emplace_back(start, text.size());
  std::vector<Case> out;
  for (auto [b, e] : ranges) {
    std::string t = text;
    for (size_t i = 0; i < t.size(); ++i) {
      if ((i < b || i >= e) && t[i] != '\n') t[i] = ' ';
    }
    size_t func = t.find("func.func");
    size_t at = func == std::string::npos ? b : func;
    size_t line = 1 + std::count(t.begin(), t.begin() + at, '\n');
    out.push_back({fmt::format("{}:{}", name, line), std::move(t)});
  }
  return out;
}

std::string FirstLine(const std::string& s) { return s.substr(0, s.find('\n')); }

// Why an unsupported-feature error is an accepted skip, or "" when it is not one.
std::string SkipReason(const Status& s) {
  if (s.code() != StatusCode::kUnimplemented) return "";
  const std::string& m = s.message();
  for (const char* what : {"complex", "quantized", "sub-byte"}) {
    if (m.find(what) != std::string::npos) return what;
  }
  return "";
}

enum class Outcome { kPass, kFail, kSkip };

Outcome RunCase(const Case& c, bool xla_cpu_numerics, std::string* detail);

// Values of `dense<...> : tensor<...>` texts, evaluated as constants of a small module.
Status EvalDense(const std::vector<std::string>& values, std::vector<Literal>* out) {
  std::string types, body, names;
  for (size_t i = 0; i < values.size(); ++i) {
    std::string type = values[i].substr(values[i].rfind(':') + 1);
    types += (i ? ", " : "") + type;
    names += fmt::format("{}%c{}", i ? ", " : "", i);
    body += fmt::format("  %c{} = stablehlo.constant {}\n", i, values[i]);
  }
  std::string text = fmt::format("func.func @main() -> ({}) {{\n{}  func.return {} : {}\n}}\n",
                                 types, body, names, types);
  ASSIGN_OR_RETURN(auto module, ParseStableHlo(text, "<args>", g_parse_options));
  Interpreter interp(*module);
  ASSIGN_OR_RETURN(Literal r, interp.Run({}));
  if (values.size() == 1 && !r.shape().IsTuple()) {
    out->push_back(std::move(r));
  } else {
    for (Literal& e : r.elements()) out->push_back(std::move(e));
  }
  return Status::Ok();
}

// A case run by `stablehlo-translate --interpret --args="[dense<..> : tensor<..>, ...]"` (the
// first RUN line): the arguments, and the result its `// CHECK: tensor<..> {` /
// `// CHECK-NEXT: [..]` lines expect.
Status ArgsFromRunLine(const std::string& text, std::vector<Literal>* args,
                       std::optional<Literal>* expected) {
  size_t run = text.find("// RUN:");
  size_t eol = text.find('\n', run);
  size_t a = run == std::string::npos ? run : text.find("--args=\"[", run);
  if (a == std::string::npos || a > eol) {
    return InvalidArgument("the suite runs argument-free functions (no --args on the RUN line)");
  }
  a += 9;
  std::string list = text.substr(a, text.find("]\"", a) - a);
  std::vector<std::string> values;
  for (size_t pos = 0; pos < list.size();) {
    size_t next = list.find(", dense<", pos);
    values.push_back(list.substr(pos, next == std::string::npos ? next : next - pos));
    pos = next == std::string::npos ? list.size() : next + 2;
  }
  RETURN_IF_ERROR(EvalDense(values, args));
  size_t check = text.find("// CHECK:");
  if (check == std::string::npos) return Status::Ok();
  std::string head = text.substr(check + 9, text.find('\n', check) - check - 9);
  std::string type = head.substr(head.find("tensor<"), head.find('{') - head.find("tensor<"));
  std::string value;
  for (size_t pos = text.find("// CHECK-NEXT:", check); pos != std::string::npos;
       pos = text.find("// CHECK-NEXT:", pos + 1)) {
    std::string line = text.substr(pos + 14, text.find('\n', pos) - pos - 14);
    if (line.find('}') != std::string::npos) break;
    value += line;
  }
  std::vector<Literal> want;
  RETURN_IF_ERROR(EvalDense({fmt::format("dense<{}> : {}", value, type)}, &want));
  *expected = std::move(want[0]);
  return Status::Ok();
}

// One case per top-level `func.func`, each with the others blanked (line numbers stay).
std::vector<Case> SplitFunctions(const Case& c) {
  std::vector<size_t> starts;
  for (size_t pos = 0; pos < c.text.size(); pos = c.text.find('\n', pos) + 1) {
    if (c.text.compare(pos, 9, "func.func") == 0) starts.push_back(pos);
    if (c.text.find('\n', pos) == std::string::npos) break;
  }
  std::vector<Case> out;
  for (size_t k = 0; k < starts.size(); ++k) {
    size_t b = starts[k], e = k + 1 < starts.size() ? starts[k + 1] : c.text.size();
    std::string t = c.text;
    for (size_t i = 0; i < t.size(); ++i) {
      if ((i < b || i >= e) && t[i] != '\n') t[i] = ' ';
    }
    out.push_back({c.label, std::move(t)});
  }
  return out;
}

// A case holding several public functions and no @main (triangular_solve.mlir comments out a
// separator as `// // -----`): the reference interpreter runs every function of a module, so
// each runs as its own program and the case passes when all of them do.
Outcome RunEachFunction(const Case& c, bool xla_cpu_numerics, std::string* detail) {
  std::vector<Case> parts = SplitFunctions(c);
  if (parts.size() < 2) return Outcome::kFail;
  for (const Case& part : parts) {
    Outcome o = RunCase(part, xla_cpu_numerics, detail);
    if (o != Outcome::kPass) {
      *detail = fmt::format("function {}: {}", &part - parts.data(), *detail);
      return o;
    }
  }
  *detail = fmt::format("{} functions, each run on its own", parts.size());
  return Outcome::kPass;
}

Outcome RunCase(const Case& c, bool xla_cpu_numerics, std::string* detail) {
  if (c.text.find("func.func") == std::string::npos) {
    *detail = "empty case (no function)";
    return Outcome::kSkip;
  }
  auto module = ParseStableHlo(c.text, c.label.substr(0, c.label.find(':')), g_parse_options);
  if (!module.ok() && module.status().message().find("cannot choose the entry function") !=
                          std::string::npos) {
    *detail = FirstLine(module.status().message());
    return RunEachFunction(c, xla_cpu_numerics, detail);
  }
  if (!module.ok()) {
    std::string why = SkipReason(module.status());
    *detail = why.empty() ? FirstLine(module.status().message()) : why + " types";
    return why.empty() ? Outcome::kFail : Outcome::kSkip;
  }
  Status v = VerifyModule(**module);
  if (!v.ok()) {
    *detail = "verifier: " + FirstLine(v.message());
    return Outcome::kFail;
  }
  const Computation* entry = (*module)->entry();
  std::vector<Literal> args;
  std::optional<Literal> expected;
  if (entry->parameter_count() != 0) {
    Status s = ArgsFromRunLine(c.text, &args, &expected);
    if (!s.ok()) {
      *detail = "entry function takes arguments: " + FirstLine(s.message());
      return Outcome::kFail;
    }
  }
  CheckLog log;
  DeviceContext dev;
  dev.check_log = &log;
  dev.xla_cpu_numerics = xla_cpu_numerics;
  Interpreter interp(**module, dev);
  auto result = interp.Run(args);
  if (!result.ok()) {
    *detail = FirstLine(result.status().message());
    return Outcome::kFail;
  }
  if (expected && !(*result == *expected)) {
    *detail = "the result differs from the CHECK lines";
    return Outcome::kFail;
  }
  if (expected) {
    *detail = "ran with --args; result matches the CHECK lines";
    return Outcome::kPass;
  }
  std::vector<std::string> failures = log.failures();
  if (!failures.empty()) {
    *detail = fmt::format("{} check(s) failed; first: {}", failures.size(), failures[0]);
    return Outcome::kFail;
  }
  *detail = log.passed() == 0 ? "ran; no checks" : fmt::format("{} check(s)", log.passed());
  return Outcome::kPass;
}

std::vector<fs::path> MlirFiles(const fs::path& dir) {
  std::vector<fs::path> files;
  if (fs::is_regular_file(dir)) return {dir};  // one file given instead of a folder
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.is_regular_file() && e.path().extension() == ".mlir") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Case id -> reason, from a known-failures file: `<id> <reason...>` lines, `#` comments.
Expected<std::map<std::string, std::string>> ReadKnownFailures(const std::string& path) {
  ASSIGN_OR_RETURN(std::string text, ReadFile(path));
  std::map<std::string, std::string> known;
  std::istringstream in(text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    line = line.substr(0, line.find('#'));
    std::istringstream fields(line);
    std::string id, reason;
    if (!(fields >> id)) continue;
    std::getline(fields >> std::ws, reason);
    if (reason.empty()) return InvalidArgument("{}:{}: '{}' has no reason", path, n, id);
    if (!known.emplace(id, reason).second) {
      return InvalidArgument("{}:{}: '{}' is listed twice", path, n, id);
    }
  }
  return known;
}

// The op family of a JAX testdata file name: its words up to the first one that names a
// variant (`shape`, `dtypes`, ...), a dtype or a number; `cumsum_reverse_shape_...` -> cumsum.
std::string FamilyOf(const std::string& file) {
  static const std::set<std::string> kVariantWords = {
      "shape",     "shapes",   "inshape",   "dtypes",      "dtype",       "any",
      "broadcasting", "special", "axes",    "index",       "lhs",         "in",
      "enable",    "enablexla", "no",       "preferred",   "parameter",   "dimension",
      "dimensions", "permutations", "rounding", "singularity", "inf",     "order",
      "reverse",   "lapack",   "squeeze",   "by",          "unique"};
  static const std::regex kDtypeOrNumber(R"((b?float|u?int)\d+|bool|-?\d+(x\d+)*)");
  std::string stem = fs::path(file).stem().string(), family;
  std::istringstream words(stem);
  for (std::string w; std::getline(words, w, '_');) {
    // The first word always names the family (squeeze_dtypes_...: the squeeze op).
    if (!family.empty() && (kVariantWords.count(w) || std::regex_match(w, kDtypeOrNumber))) break;
    family += (family.empty() ? "" : "_") + w;
  }
  return family.empty() ? stem : family;
}

// The dtype of a file from the first dtype word of its name, in MLIR's spelling (bf16, f16,
// f32, f64, i8..i64, ui8..ui64, i1 for bool), or "-" when the name gives none.
std::string DtypeClassOf(const std::string& file) {
  static const std::regex kDtype(R"((bfloat16|float16|float32|float64|u?int\d+|bool))");
  std::string stem = fs::path(file).stem().string();
  std::istringstream words(stem);
  for (std::string w; std::getline(words, w, '_');) {
    if (!std::regex_match(w, kDtype)) continue;
    if (w == "bfloat16") return "bf16";
    if (w == "bool") return "i1";
    if (w.starts_with("float")) return "f" + w.substr(5);
    return w.starts_with("uint") ? "ui" + w.substr(4) : "i" + w.substr(3);
  }
  return "-";
}

struct FamilyRow {
  int64_t files = 0, passing = 0;
  std::set<std::string> classes;
};

// One row per family: files, files whose every case passed, dtypes; then the totals.
void PrintFamilyTable(const std::map<std::string, bool>& file_passed) {
  std::map<std::string, FamilyRow> rows;
  for (const auto& [file, passed] : file_passed) {
    FamilyRow& row = rows[FamilyOf(file)];
    ++row.files;
    row.passing += passed ? 1 : 0;
    row.classes.insert(DtypeClassOf(file));
  }
  int64_t files = 0, passing = 0;
  fmt::print("\n| family | files | passing | dtypes |\n| --- | ---: | ---: | --- |\n");
  for (const auto& [family, row] : rows) {
    fmt::print("| {} | {} | {} | {} |\n", family, row.files, row.passing,
               fmt::join(row.classes, ", "));
    files += row.files;
    passing += row.passing;
  }
  fmt::print("| **{} families** | **{}** | **{}** | |\n", rows.size(), files, passing);
}

int RunSuite(const fs::path& dir, std::map<std::string, std::string> known, bool by_family,
             bool xla_cpu_numerics) {
  std::map<std::string, bool> file_passed;  // file -> every case passed
  int64_t passed = 0, failed = 0, known_failed = 0, skipped = 0, unexpected = 0;
  auto report = [&](const std::string& id, Outcome o, const std::string& detail) {
    auto it = known.find(id);
    bool listed = it != known.end();
    const char* tag = o == Outcome::kPass ? "PASS" : o == Outcome::kFail ? "FAIL" : "SKIP";
    if (o == Outcome::kFail && listed) tag = "XFAIL";
    if (o != Outcome::kFail && listed) tag = "XPASS";
    (o == Outcome::kPass ? passed : o == Outcome::kFail ? failed : skipped)++;
    if (o == Outcome::kFail && listed) ++known_failed;
    if ((o == Outcome::kFail) != listed) ++unexpected;
    fmt::print("{:<5}  {:<40} {}\n", tag, id, detail);
    if (listed) known.erase(it);
  };
  for (const fs::path& file : MlirFiles(dir)) {
    std::string name = fs::relative(file, dir).string();
    auto text = ReadFile(file.string());
    if (!text.ok()) {
      report(name, Outcome::kFail, text.status().message());
      continue;
    }
    bool all_passed = true;
    for (const Case& c : SplitCases(name, *text)) {
      std::string detail;
      Outcome o = RunCase(c, xla_cpu_numerics, &detail);
      report(c.label, o, detail);
      all_passed = all_passed && o == Outcome::kPass;
    }
    file_passed[name] = all_passed;
  }
  if (by_family) PrintFamilyTable(file_passed);
  for (const auto& [id, reason] : known) {
    fmt::print("STALE  {:<40} listed as a known failure ({}) but no such case ran\n", id, reason);
    ++unexpected;
  }
  fmt::print("{} passed, {} failed ({} known), {} skipped\n", passed, failed, known_failed,
             skipped);
  if (unexpected != 0) {
    fmt::print("{} case(s) differ from the known-failures list (FAIL / XPASS / STALE above)\n",
               unexpected);
  }
  return unexpected == 0 ? 0 : 1;
}

int RunByteir(const fs::path& dir) {
  int64_t passed = 0, failed = 0;
  for (const fs::path& file : MlirFiles(dir)) {
    auto module = ParseStableHloFile(file.string(), g_parse_options);
    Status s = module.ok() ? VerifyModule(**module) : module.status();
    fmt::print("{}  {:<40} {}\n", s.ok() ? "PASS" : "FAIL", file.filename().string(),
               s.ok() ? "parsed and verified" : FirstLine(s.message()));
    (s.ok() ? passed : failed)++;
  }
  fmt::print("{} passed, {} failed, 0 skipped\n", passed, failed);
  return failed == 0 ? 0 : 1;
}

}  // namespace
}  // namespace xpar

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string known_path = XPAR_CONFORMANCE_KNOWN_FAILURES;
  for (size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == "--known-failures") {
      known_path = args[i + 1];
      args.erase(args.begin() + i, args.begin() + i + 2);
      break;
    }
  }
  for (size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == "--max-expanded-splat") {
      xpar::g_parse_options.max_expanded_splat = std::strtoll(args[i + 1].c_str(), nullptr, 10);
      args.erase(args.begin() + i, args.begin() + i + 2);
      break;
    }
  }
  auto by_family = std::find(args.begin(), args.end(), "--by-family");
  const bool family_table = by_family != args.end();
  if (family_table) args.erase(by_family);
  auto xla_cpu = std::find(args.begin(), args.end(), "--xla-cpu-numerics");
  const bool xla_cpu_numerics = xla_cpu != args.end();
  if (xla_cpu_numerics) args.erase(xla_cpu);
  bool byteir = !args.empty() && args[0] == "--byteir";
  fs::path dir = fs::path(XPAR_SHARED_DIR) / "corpus" /
                 (byteir ? "mhlo/byteir" : "stablehlo/interpret");
  size_t first_path = byteir ? 1 : 0;
  if (args.size() > first_path) dir = args[first_path];
  if (!fs::exists(dir)) {
    const char* ci = std::getenv("CI");
    if (ci && std::string(ci) == "true") {
      fmt::print(stderr, "CI=true but {} is missing: the corpus path is wrong\n", dir.string());
      return 1;
    }
    fmt::print("{} not found: conformance suite skipped\n", dir.string());
    return xpar::kSkipExitCode;
  }
  if (byteir) return xpar::RunByteir(dir);
  auto known = xpar::ReadKnownFailures(known_path);
  if (!known.ok()) {
    fmt::print(stderr, "cannot read the known-failures list: {}\n", known.status().message());
    return 1;
  }
  return xpar::RunSuite(dir, std::move(*known), family_table, xla_cpu_numerics);
}
