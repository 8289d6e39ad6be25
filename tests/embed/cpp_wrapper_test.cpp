// plank/plank.hpp: RAII over the C API, host functions as lambdas, errors as exceptions on
// the C++ side only.
#include <gtest/gtest.h>
#include <plank/plank.hpp>

#include <string>
#include <utility>

TEST(CppWrapper, LambdasAndResults) {
  plank::State s;
  int calls = 0;
  s.function("twice", [&](plank::Call& c) {
    ++calls;
    c.return_int(2 * c.arg_int(0));
  });
  s.function("name_of", [](plank::Call& c) { c.return_str(c.name() + ":" + c.arg_str(0)); });
  s.run("x = twice(21)\n");
  EXPECT_EQ(s.eval_json("x"), "42");
  EXPECT_EQ(s.eval_json("name_of('a')"), "\"name_of:a\"");
  EXPECT_EQ(calls, 1);
  s.run("def pair(a, b):\n    return [b, a]\n");
  EXPECT_EQ(s.call_json("pair", "[1, \"z\"]"), "[\"z\", 1]");
}

TEST(CppWrapper, ErrorsAreExceptionsWithWhere) {
  plank::State s;
  try {
    s.run("x = 1\ny = (\n", "plan");
    FAIL() << "no exception";
  } catch (const plank::Error& e) {
    EXPECT_EQ(e.status(), PLANK_ERR_SYNTAX);
    EXPECT_EQ(e.kind(), "SyntaxError");
    EXPECT_EQ(e.file(), "plan");
    EXPECT_EQ(e.line(), 2);
    EXPECT_NE(e.traceback().find('^'), std::string::npos);
  }
  try {
    s.eval_json("1 // 0");
    FAIL() << "no exception";
  } catch (const plank::Error& e) {
    EXPECT_EQ(e.status(), PLANK_ERR_RUNTIME);
    EXPECT_EQ(e.kind(), "ZeroDivisionError");
  }
  EXPECT_THROW(s.limit("fuel", 1), plank::Error);
  EXPECT_THROW(s.allow("teleport"), plank::Error);
}

TEST(CppWrapper, HostExceptionsBecomeThePlansErrors) {
  plank::State s;
  s.function("craft", [](plank::Call&) { throw plank::PlanError("ValueError", "no recipe"); });
  s.function("smelt", [](plank::Call&) { throw std::runtime_error("furnace cold"); });
  try {
    s.run("craft({'x': 1}, {'y': 1}, null)\n", "p");
    FAIL();
  } catch (const plank::Error& e) {
    EXPECT_EQ(std::string(e.what()), "p:1:1: ValueError: no recipe");
  }
  try {
    s.run("smelt({'x': 1}, {'y': 1})\n", "p");
    FAIL();
  } catch (const plank::Error& e) {
    EXPECT_EQ(e.kind(), "RuntimeError");
    EXPECT_EQ(e.message(), "furnace cold");
  }
}

TEST(CppWrapper, BudgetsWriterAndMoves) {
  plank::State s;
  std::string out;
  s.limit("steps", 1000).writer([&](std::string_view t) { out += t; });
  s.run("print('hi')\n");
  EXPECT_EQ(out, "hi\n");
  try {
    s.run("while True:\n    pass\n");
    FAIL();
  } catch (const plank::Error& e) {
    EXPECT_EQ(e.status(), PLANK_ERR_BUDGET);
  }
  plank::State moved = std::move(s);
  moved.run("print('still')\n");
  EXPECT_EQ(out, "hi\nstill\n");
}
