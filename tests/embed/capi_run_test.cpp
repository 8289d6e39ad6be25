// Running code in a state: results, persistence across runs, and every way a run fails
// (syntax, runtime, engine, misuse), each leaving the state usable.
#include <gtest/gtest.h>

#include "capi_util.h"

using namespace plank_test;

class Run : public ::testing::TestWithParam<const char*> {};

TEST_P(Run, GlobalsAndFunctionsPersistAcrossRuns) {
  State P = open_state(GetParam());
  ASSERT_EQ(plank_run(P.get(), "x = 20\ndef twice(v):\n    return 2 * v\n", "defs"), PLANK_OK) << plank_error(P.get());
  ASSERT_EQ(plank_run(P.get(), "y = twice(x) + 2\n", "use"), PLANK_OK) << plank_error(P.get());
  EXPECT_STREQ(plank_eval_json(P.get(), "y"), "42");
  EXPECT_STREQ(plank_error(P.get()), "");
  EXPECT_STREQ(plank_engine(P.get()), GetParam());
}

TEST_P(Run, SyntaxErrorSaysWhereAndWhatAndTheStateGoesOn) {
  State P = open_state(GetParam());
  ASSERT_EQ(plank_run(P.get(), "a = 1\n", "first"), PLANK_OK);
  EXPECT_EQ(plank_run(P.get(), "x = 1\ncraft({'planks':12}, {'log':3, null)\n", "plan.py"), PLANK_ERR_SYNTAX);
  EXPECT_STREQ(plank_error_kind(P.get()), "SyntaxError");
  EXPECT_STREQ(plank_error_file(P.get()), "plan.py");
  EXPECT_EQ(plank_error_line(P.get()), 2);
  EXPECT_GT(plank_error_col(P.get()), 1);
  std::string text = plank_error(P.get());
  EXPECT_EQ(text.rfind("plan.py:2:", 0), 0u) << text;
  EXPECT_NE(text.find("SyntaxError: "), std::string::npos) << text;
  EXPECT_NE(std::string(plank_traceback(P.get())).find('^'), std::string::npos) << "a caret under the error";
  auto diagnostics = json_of(plank_diagnostics_json(P.get()));
  ASSERT_TRUE(diagnostics.is_array());
  ASSERT_FALSE(diagnostics.empty());
  EXPECT_EQ(diagnostics[0]["line"], 2);
  EXPECT_EQ(diagnostics[0]["severity"], "error");
  EXPECT_EQ(diagnostics[0]["message"], plank_error_message(P.get()));
  // Nothing of the failed input ran; what ran before is still there.
  EXPECT_STREQ(plank_eval_json(P.get(), "a"), "1");
  EXPECT_EQ(plank_eval_json(P.get(), "x"), nullptr);
  EXPECT_STREQ(plank_error_kind(P.get()), "NameError");
}

TEST_P(Run, RuntimeErrorPointsAtTheStatementAndCarriesTheTraceback) {
  State P = open_state(GetParam());
  const char* plan = "def f(d):\n    return d['log']\n\nf({})\n";
  EXPECT_EQ(plank_run(P.get(), plan, "plan"), PLANK_ERR_RUNTIME);
  EXPECT_STREQ(plank_error_kind(P.get()), "KeyError");
  EXPECT_STREQ(plank_error_file(P.get()), "plan");
  EXPECT_EQ(plank_error_line(P.get()), 2);
  EXPECT_EQ(plank_error_col(P.get()), 5) << "the column where line 2's statement starts";
  EXPECT_STREQ(plank_error(P.get()), "plan:2:5: KeyError: 'log'");
  std::string tb = plank_traceback(P.get());
  EXPECT_NE(tb.find("in f at plan:2"), std::string::npos) << tb;
  EXPECT_NE(tb.find("in <module> at plan:4"), std::string::npos) << tb;
  // The next run starts clean.
  EXPECT_EQ(plank_run(P.get(), "ok = True\n", "next"), PLANK_OK);
  EXPECT_STREQ(plank_error(P.get()), "");
}

TEST_P(Run, EvalTakesOneExpression) {
  State P = open_state(GetParam());
  plank_value v = 0;
  ASSERT_EQ(plank_eval(P.get(), "[1, 2.5, 'three', None, (True, False), {'k': [1]}]", &v), PLANK_OK);
  EXPECT_STREQ(plank_to_json(P.get(), v), "[1, 2.5, \"three\", null, [true, false], {\"k\": [1]}]");
  EXPECT_EQ(plank_eval(P.get(), "x = 1", &v), PLANK_ERR_SYNTAX);
  EXPECT_EQ(v, 0);
  EXPECT_EQ(plank_eval(P.get(), "1\n2\n", &v), PLANK_ERR_SYNTAX);
  EXPECT_EQ(plank_error_line(P.get()), 2);
  EXPECT_NE(std::string(plank_error_message(P.get())).find("single expression"), std::string::npos);
  EXPECT_EQ(plank_eval(P.get(), "1 // 0", &v), PLANK_ERR_RUNTIME);
  EXPECT_STREQ(plank_error_kind(P.get()), "ZeroDivisionError");
  // eval leaves no global behind.
  EXPECT_EQ(plank_get_global(P.get(), "__eval__"), 0);
}

TEST_P(Run, CallsAPlanFunctionWithValuesOrJson) {
  State P = open_state(GetParam());
  ASSERT_EQ(plank_run(P.get(), "def plan(goal, n):\n    return {'goal': goal, 'steps': [goal] * n}\n", "p"), PLANK_OK);
  plank_value args[2] = {plank_str(P.get(), "log"), plank_int(P.get(), 2)};
  plank_value r = 0;
  ASSERT_EQ(plank_call_function(P.get(), "plan", 2, args, &r), PLANK_OK) << plank_error(P.get());
  EXPECT_EQ(json_of(plank_to_json(P.get(), r)), nlohmann::json::parse(R"({"goal":"log","steps":["log","log"]})"));
  EXPECT_EQ(json_of(plank_call_json(P.get(), "plan", "[\"stone\", 1]")), nlohmann::json::parse(R"({"goal":"stone","steps":["stone"]})"));
  EXPECT_EQ(plank_call_json(P.get(), "missing", "[]"), nullptr);
  EXPECT_STREQ(plank_error_kind(P.get()), "NameError");
  EXPECT_EQ(plank_call_json(P.get(), "plan", "[1]"), nullptr);
  EXPECT_STREQ(plank_error_kind(P.get()), "TypeError");
  EXPECT_EQ(plank_call_json(P.get(), "plan", "{\"not\": \"a list\"}"), nullptr);
  EXPECT_STREQ(plank_error_kind(P.get()), "UsageError");
}

TEST_P(Run, PrintGoesToTheHostsWriter) {
  State P = open_state(GetParam());
  std::string out;
  plank_set_writer(
      P.get(), [](const char* text, size_t n, void* ud) { static_cast<std::string*>(ud)->append(text, n); }, &out);
  ASSERT_EQ(plank_run(P.get(), "for i in range(3):\n    print('step', i, sep='-')\n", "p"), PLANK_OK);
  EXPECT_EQ(out, "step-0\nstep-1\nstep-2\n");
}

TEST_P(Run, GlobalsFromTheHost) {
  State P = open_state(GetParam());
  plank_value inv = plank_from_json(P.get(), "{\"log\": 3}");
  ASSERT_NE(inv, 0) << plank_error(P.get());
  ASSERT_EQ(plank_set_global(P.get(), "inventory_seen", inv), PLANK_OK);
  ASSERT_EQ(plank_run(P.get(), "logs = inventory_seen['log']\n", "p"), PLANK_OK) << plank_error(P.get());
  plank_value logs = plank_get_global(P.get(), "logs");
  EXPECT_EQ(plank_to_int(P.get(), logs), 3);
  EXPECT_EQ(plank_get_global(P.get(), "nothing"), 0);
  EXPECT_EQ(plank_set_global(P.get(), "not a name", inv), PLANK_ERR_USAGE);
  EXPECT_EQ(plank_set_global(P.get(), "x", 9999), PLANK_ERR_USAGE);
}

INSTANTIATE_TEST_SUITE_P(Engines, Run, ::testing::ValuesIn(kEngines));

TEST(RunMisuse, NullsAndUnknownsAreErrorsNotCrashes) {
  EXPECT_EQ(plank_run(nullptr, "x = 1", "p"), PLANK_ERR_USAGE);
  plank_close(nullptr);
  EXPECT_STREQ(plank_error_kind(nullptr), "UsageError");
  plank_interrupt(nullptr);
  State P = open_state();
  EXPECT_EQ(plank_run(P.get(), nullptr, "p"), PLANK_ERR_USAGE);
  EXPECT_STREQ(plank_error_kind(P.get()), "UsageError");
  EXPECT_EQ(plank_run(P.get(), "x = 1\n", nullptr), PLANK_OK);
  EXPECT_EQ(plank_set_engine(P.get(), "jit"), PLANK_ERR_USAGE) << "the engine is chosen before the first run";
  State Q = open_state();
  EXPECT_EQ(plank_set_engine(Q.get(), "turbo"), PLANK_ERR_USAGE);
  EXPECT_NE(std::string(plank_error(Q.get())).find("turbo"), std::string::npos);
  EXPECT_EQ(plank_eval(Q.get(), nullptr, nullptr), PLANK_ERR_USAGE);
  EXPECT_EQ(plank_call_function(Q.get(), "f", 1, nullptr, nullptr), PLANK_ERR_USAGE);
  EXPECT_STREQ(plank_version(), "0.1.0");
}
