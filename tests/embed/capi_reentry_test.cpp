// A host function calling back into its own state (issue 26). It may read: the state's globals
// and values; it may not run code in it (plank_run, plank_eval, plank_call_function), change it
// (plank_set_global, plank_register, plank_set_debug_hook) or close it. Those are refused with
// PLANK_ERR_USAGE and a message in plank_error, never a deadlock or a crash, and the plan goes on:
// the host function decides what the plan sees. Another state may be run from a host function.
#include <gtest/gtest.h>

#include <string>

#include "capi_util.h"

using namespace plank_test;

namespace {

class Reentry : public ::testing::TestWithParam<const char*> {};

bool refused(plank_state* S, int status, const char* function, std::string* why) {
  std::string error = plank_error(S);
  if (status == PLANK_ERR_USAGE && error.find(function) != std::string::npos &&
      error.find("running one of its host functions") != std::string::npos && std::string(plank_error_kind(S)) == "UsageError")
    return true;
  *why = std::string(function) + " gave " + std::to_string(status) + ": " + error;
  return false;
}

// Tries every call that would run code in, change or close the state; returns what it read.
int reenter(plank_call* c, void*) {
  plank_state* S = plank_call_state(c);
  std::string why;
  plank_value v = 0;
  if (!refused(S, plank_run(S, "x = 1\n", "inner"), "plank_run", &why) ||
      !refused(S, plank_eval(S, "1 + 1", &v), "plank_eval", &why) ||
      !refused(S, plank_call_function(S, "helper", 0, nullptr, &v), "plank_call_function", &why) ||
      !refused(S, plank_set_global(S, "goal", plank_int(S, 3)), "plank_set_global", &why) ||
      !refused(S, plank_register(S, "g", [](plank_call*, void*) { return 0; }, nullptr), "plank_register", &why) ||
      !refused(S, plank_set_debug_hook(S, nullptr, nullptr), "plank_set_debug_hook", &why))
    return plank_raise(c, why.c_str());
  plank_close(S);  // refused: the state is still here
  if (!refused(S, PLANK_ERR_USAGE, "plank_close", &why)) return plank_raise(c, why.c_str());
  // Reading is allowed: a global the plan set before the call, and a value made here.
  plank_value goal = plank_get_global(S, "goal");
  if (!goal || plank_type(S, goal) != PLANK_TDICT) return plank_raise(c, "could not read the global 'goal'");
  plank_return(c, plank_get_field(S, goal, "log"));
  return 0;
}

}  // namespace

TEST_P(Reentry, CallsBackAreRefusedAndThePlanGoesOn) {
  State P = open_state(GetParam());
  plank_register(P.get(), "reenter", reenter, nullptr);
  const char* plan =
      "def helper():\n"
      "    return 1\n"
      "goal = {'log': 4}\n"
      "got = reenter()\n"
      "after = got + helper()\n";
  ASSERT_EQ(plank_run(P.get(), plan, "plan"), PLANK_OK) << plank_error(P.get());
  EXPECT_STREQ(plank_eval_json(P.get(), "after"), "5");
  // The state is whole and usable afterwards: the refused run bound nothing.
  EXPECT_EQ(plank_eval(P.get(), "x", nullptr), PLANK_ERR_RUNTIME);
  EXPECT_STREQ(plank_error_kind(P.get()), "NameError");
}

TEST_P(Reentry, AHostFunctionMayRaiseTheRefusal) {
  State P = open_state(GetParam());
  auto raise_it = [](plank_call* c, void*) -> int {
    plank_state* S = plank_call_state(c);
    if (plank_run(S, "pass\n", "inner") != PLANK_OK) return plank_raise(c, plank_error_message(S));
    return 0;
  };
  plank_register(P.get(), "nested", raise_it, nullptr);
  EXPECT_EQ(plank_run(P.get(), "nested()\n", "plan"), PLANK_ERR_RUNTIME);
  EXPECT_NE(std::string(plank_error(P.get())).find("plan:1:1: RuntimeError: plank_run: the state is running"),
            std::string::npos)
      << plank_error(P.get());
}

TEST_P(Reentry, AHostFunctionMayRunAnotherState) {
  State P = open_state(GetParam());
  State Q = open_state(GetParam());
  ASSERT_EQ(plank_run(Q.get(), "def double(n):\n    return 2 * n\n", "q"), PLANK_OK);
  auto delegate = [](plank_call* c, void* q) -> int {
    auto* Q = static_cast<plank_state*>(q);
    plank_value n = plank_int(Q, plank_arg_int(c, 0)), out = 0;
    if (plank_call_function(Q, "double", 1, &n, &out) != PLANK_OK) return plank_raise(c, plank_error(Q));
    plank_return_int(c, plank_to_int(Q, out));
    return 0;
  };
  plank_register(P.get(), "delegate", delegate, Q.get());
  EXPECT_STREQ(plank_eval_json(P.get(), "delegate(21)"), "42") << plank_error(P.get());
}

INSTANTIATE_TEST_SUITE_P(Engines, Reentry, ::testing::ValuesIn(kEngines));
