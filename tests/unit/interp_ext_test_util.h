// Helpers for the interpreter-extension tests: parse an HLO string and run it.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "frontends/hlo/hlo_parser.h"
#include "runtime/interpreter/interpreter.h"

namespace xpar::testing_ext {

inline std::unique_ptr<Module> ParseOrDie(const std::string& text) {
  auto m = ParseHloModule(text, "test.hlo");
  EXPECT_TRUE(m.ok()) << m.status().ToString();
  return m.ok() ? std::move(m).value() : nullptr;
}

// Runs the entry computation on one device; fails the test on error.
inline Literal Run1(const std::string& text, std::vector<Literal> args = {}) {
  auto m = ParseOrDie(text);
  if (!m) return Literal();
  Interpreter interp(*m);
  auto r = interp.Run(args);
  EXPECT_TRUE(r.ok()) << r.status().ToString();
  return r.ok() ? std::move(r).value() : Literal();
}

inline Status RunError(const std::string& text, std::vector<Literal> args = {}) {
  auto m = ParseOrDie(text);
  if (!m) return Internal("parse failed");
  Interpreter interp(*m);
  auto r = interp.Run(args);
  return r.ok() ? Status::Ok() : r.status();
}

template <typename T>
std::vector<T> Values(const Literal& l) {
  auto d = l.data<T>();
  return std::vector<T>(d.begin(), d.end());
}

inline std::vector<double> AsDoubles(const Literal& l) {
  std::vector<double> out;
  for (int64_t i = 0; i < l.ElementCount(); ++i) out.push_back(l.GetAsDouble(i));
  return out;
}

inline void ExpectNear(const Literal& l, const std::vector<double>& want, double tol = 1e-5) {
  std::vector<double> got = AsDoubles(l);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(got[i], want[i], tol) << "at " << i;
}

}  // namespace xpar::testing_ext
