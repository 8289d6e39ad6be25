// Host functions: arguments and results both ways, a host function replacing a world
// intrinsic for one state, capabilities, and every way a host function fails.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "capi_util.h"

using namespace plank_test;

namespace {

// Records what the plan passed; returns what the test set.
struct Recorder {
  std::vector<std::string> calls;  // "name(json, json, ...)" per call
  std::vector<std::string> names;  // plank_arg_name of each argument of the last call
  std::string result_json = "null";
};

int record(plank_call* c, void* ud) {
  auto* r = static_cast<Recorder*>(ud);
  std::string s = std::string(plank_call_name(c)) + "(";
  r->names.clear();
  for (int i = 0; i < plank_argc(c); ++i) {
    s += (i ? ", " : "") + std::string(plank_arg_json(c, i));
    const char* n = plank_arg_name(c, i);
    r->names.push_back(n ? n : "?");
  }
  for (int i = 0; i < plank_kwargc(c); ++i)
    s += std::string(", ") + plank_kwarg_name(c, i) + "=" + plank_to_json(plank_call_state(c), plank_kwarg(c, i));
  r->calls.push_back(s + ")");
  plank_return_json(c, r->result_json.c_str());
  return 0;
}

}  // namespace

class Host : public ::testing::TestWithParam<const char*> {};

TEST_P(Host, ArgumentsAndResultsBothWays) {
  State P = open_state(GetParam());
  auto add = [](plank_call* c, void*) -> int {
    plank_return_float(c, double(plank_arg_int(c, 0)) + plank_arg_float(c, 1));
    return 0;
  };
  auto greet = [](plank_call* c, void*) -> int {
    size_t n = 0;
    const char* who = plank_arg_lstr(c, 0, &n);
    plank_return_str(c, (std::string("hello ") + std::string(who, n)).c_str());
    return 0;
  };
  ASSERT_EQ(plank_register(P.get(), "add", add, nullptr), PLANK_OK);
  ASSERT_EQ(plank_register(P.get(), "greet", greet, nullptr), PLANK_OK);
  EXPECT_STREQ(plank_eval_json(P.get(), "add(2, 0.5)"), "2.5");
  EXPECT_STREQ(plank_eval_json(P.get(), "greet('wörld')"), "\"hello wörld\"") << "non-ASCII passes as UTF-8";
}

TEST_P(Host, ValuesWithoutJson) {
  State P = open_state(GetParam());
  // Builds {'items': [count copies of name], 'n': count} from the arguments.
  auto build = [](plank_call* c, void*) -> int {
    plank_state* S = plank_call_state(c);
    plank_value d = plank_dict(S), items = plank_list(S);
    for (int64_t i = 0; i < plank_arg_int(c, 1); ++i) plank_append(S, items, plank_arg(c, 0));
    plank_set_field(S, d, "items", items);
    plank_set(S, d, plank_str(S, "n"), plank_int(S, plank_len(S, items)));
    plank_return(c, d);
    return 0;
  };
  ASSERT_EQ(plank_register(P.get(), "build", build, nullptr), PLANK_OK);
  plank_value v = 0;
  ASSERT_EQ(plank_eval(P.get(), "build('log', 3)", &v), PLANK_OK) << plank_error(P.get());
  ASSERT_EQ(plank_type(P.get(), v), PLANK_TDICT);
  EXPECT_EQ(plank_len(P.get(), v), 2);
  plank_value items = plank_get_field(P.get(), v, "items");
  ASSERT_EQ(plank_type(P.get(), items), PLANK_TLIST);
  EXPECT_EQ(plank_len(P.get(), items), 3);
  EXPECT_STREQ(plank_to_str(P.get(), plank_item(P.get(), items, 2), nullptr), "log");
  EXPECT_EQ(plank_to_int(P.get(), plank_get_field(P.get(), v, "n")), 3);
  EXPECT_STREQ(plank_to_str(P.get(), plank_item(P.get(), v, 0), nullptr), "items") << "a dict's items are its keys";
  EXPECT_EQ(plank_to_int(P.get(), plank_dict_value(P.get(), v, 1)), 3);
}

TEST_P(Host, ReplacesAWorldIntrinsicForThisStateOnly) {
  Recorder rec;
  rec.result_json = R"({"ok": true})";
  State P = open_state(GetParam());
  ASSERT_EQ(plank_register(P.get(), "mine", record, &rec), PLANK_OK);
  ASSERT_EQ(plank_register(P.get(), "craft", record, &rec), PLANK_OK);
  // A DEPS plan as written for Plank's world; keywords bind to the intrinsic's parameters.
  const char* plan =
      "mine({'log':3}, null); craft({'planks':12}, {'log':3}, null)\n"
      "r = mine(tool='wooden_pickaxe', obj={'cobblestone': 1})\n"
      "mine({'dirt': 1})\n";
  ASSERT_EQ(plank_run(P.get(), plan, "plan"), PLANK_OK) << plank_error(P.get());
  ASSERT_EQ(rec.calls.size(), 4u);
  EXPECT_EQ(rec.calls[0], R"(mine({"log": 3}, null))");
  EXPECT_EQ(rec.calls[1], R"(craft({"planks": 12}, {"log": 3}, null))");
  EXPECT_EQ(rec.calls[2], R"(mine({"cobblestone": 1}, "wooden_pickaxe"))");
  EXPECT_EQ(rec.calls[3], R"(mine({"dirt": 1}))") << "an optional parameter not given is left out at the end";
  EXPECT_STREQ(plank_eval_json(P.get(), "r"), R"({"ok": true})");
  // A call the intrinsic would refuse is refused the same way, before the host sees it.
  EXPECT_EQ(plank_run(P.get(), "mine({'log': 1}, None, 'extra')\n", "bad"), PLANK_ERR_RUNTIME);
  EXPECT_STREQ(plank_error_kind(P.get()), "TypeError");
  EXPECT_EQ(rec.calls.size(), 4u);
  // Another state still has Plank's own `mine`, which needs a world to act on.
  State Q = open_state(GetParam());
  EXPECT_EQ(plank_run(Q.get(), "mine({'log':3}, null)\n", "plan"), PLANK_ERR_RUNTIME);
  EXPECT_EQ(rec.calls.size(), 4u);
}

TEST_P(Host, InventoryHasWorksOnTheHostsInventory) {
  State P = open_state(GetParam());
  auto inventory = [](plank_call* c, void*) -> int {
    plank_return_json(c, R"({"log": 3, "stick": 1})");
    return 0;
  };
  ASSERT_EQ(plank_register(P.get(), "inventory", inventory, nullptr), PLANK_OK);
  // A Code-as-Policies style plan, as written for Plank's world.
  EXPECT_STREQ(plank_eval_json(P.get(), "[inventory.has({'log': 3}), inventory.has({'log': 4}), inventory.has('stick'), "
                                        "inventory.has({'log': 1, 'planks': 1}), inventory()['log']]"),
               "[true, false, true, false, 3]")
      << plank_error(P.get());
  EXPECT_EQ(plank_eval_json(P.get(), "inventory.has(3)"), nullptr);
  EXPECT_STREQ(plank_error_kind(P.get()), "TypeError");
  // Only an inventory has it.
  auto other = [](plank_call*, void*) -> int { return 0; };
  plank_register(P.get(), "look", other, nullptr);
  EXPECT_EQ(plank_eval_json(P.get(), "look.has('x')"), nullptr);
  EXPECT_STREQ(plank_error_kind(P.get()), "AttributeError");
}

TEST_P(Host, KeywordArgumentsOfANewFunction) {
  Recorder rec;
  State P = open_state(GetParam());
  ASSERT_EQ(plank_register(P.get(), "look", record, &rec), PLANK_OK);
  ASSERT_EQ(plank_run(P.get(), "look(1, radius=5, kind='tree')\n", "p"), PLANK_OK) << plank_error(P.get());
  ASSERT_EQ(rec.calls.size(), 1u);
  EXPECT_EQ(rec.calls[0], R"(look(1, radius=5, kind="tree"))");
  EXPECT_EQ(rec.names[0], "?") << "a new function's arguments have no parameter names";
}

TEST_P(Host, RegisteredAfterTheFirstRunServesLaterRuns) {
  State P = open_state(GetParam());
  ASSERT_EQ(plank_run(P.get(), "x = 1\n", "p"), PLANK_OK);
  auto seven = [](plank_call* c, void*) -> int {
    plank_return_int(c, 7);
    return 0;
  };
  ASSERT_EQ(plank_register(P.get(), "seven", seven, nullptr), PLANK_OK);
  EXPECT_STREQ(plank_eval_json(P.get(), "seven() + x"), "8");
  EXPECT_STREQ(plank_eval_json(P.get(), "repr(seven)"), "\"<built-in function seven>\"");
}

TEST_P(Host, HostErrorsReachThePlanAsErrors) {
  State P = open_state(GetParam());
  auto fail = [](plank_call* c, void*) -> int { return plank_raise(c, "the furnace is out of fuel"); };
  auto fail_kind = [](plank_call* c, void*) -> int { return plank_raise_error(c, "ValueError", "no such item"); };
  auto bad_status = [](plank_call*, void*) -> int { return 42; };
  auto bad_json = [](plank_call* c, void*) -> int {
    plank_return_json(c, "{not json");
    return 0;
  };
  auto throws = [](plank_call*, void*) -> int { throw std::runtime_error("a C++ host forgot to catch"); };
  plank_register(P.get(), "smelt", fail, nullptr);
  plank_register(P.get(), "lookup", fail_kind, nullptr);
  plank_register(P.get(), "status", bad_status, nullptr);
  plank_register(P.get(), "garbled", bad_json, nullptr);
  plank_register(P.get(), "thrower", throws, nullptr);
  EXPECT_EQ(plank_run(P.get(), "x = 1\nsmelt({'iron_ingot': 1}, {'iron_ore': 1}, 'furnace')\n", "plan"), PLANK_ERR_RUNTIME);
  EXPECT_STREQ(plank_error(P.get()), "plan:2:1: RuntimeError: the furnace is out of fuel");
  EXPECT_EQ(plank_run(P.get(), "lookup()\n", "p"), PLANK_ERR_RUNTIME);
  EXPECT_STREQ(plank_error_kind(P.get()), "ValueError");
  EXPECT_STREQ(plank_error_message(P.get()), "no such item");
  EXPECT_EQ(plank_run(P.get(), "status()\n", "p"), PLANK_ERR_RUNTIME);
  EXPECT_NE(std::string(plank_error_message(P.get())).find("returned 42"), std::string::npos);
  EXPECT_EQ(plank_run(P.get(), "garbled()\n", "p"), PLANK_ERR_RUNTIME);
  EXPECT_STREQ(plank_error_kind(P.get()), "ValueError");
  EXPECT_EQ(plank_run(P.get(), "thrower()\n", "p"), PLANK_ERR_RUNTIME);
  EXPECT_NE(std::string(plank_error_message(P.get())).find("C++ exception"), std::string::npos);
  EXPECT_EQ(plank_run(P.get(), "ok = 1\n", "p"), PLANK_OK) << "the state survives every one";
}

TEST_P(Host, WrongArgumentsAreTypeErrorsInThePlan) {
  State P = open_state(GetParam());
  auto wants_int = [](plank_call* c, void*) -> int {
    plank_return_int(c, plank_arg_int(c, 0) + 1);
    return 0;
  };
  auto wants_two = [](plank_call* c, void*) -> int {
    plank_return_str(c, plank_arg_str(c, 1));  // NULL when missing: the call fails anyway
    return 0;
  };
  auto wants_json = [](plank_call* c, void*) -> int {
    plank_arg_json(c, 0);
    return 0;
  };
  plank_register(P.get(), "inc", wants_int, nullptr);
  plank_register(P.get(), "second", wants_two, nullptr);
  plank_register(P.get(), "dump", wants_json, nullptr);
  EXPECT_EQ(plank_run(P.get(), "inc('3')\n", "p"), PLANK_ERR_RUNTIME);
  EXPECT_STREQ(plank_error(P.get()), "p:1:1: TypeError: inc() argument 1 must be int, not str");
  EXPECT_EQ(plank_run(P.get(), "second('a')\n", "p"), PLANK_ERR_RUNTIME);
  EXPECT_STREQ(plank_error(P.get()), "p:1:1: TypeError: second() missing argument 2 (it was given 1)");
  EXPECT_EQ(plank_run(P.get(), "dump(len)\n", "p"), PLANK_ERR_RUNTIME);
  EXPECT_NE(std::string(plank_error_message(P.get())).find("not JSON serializable"), std::string::npos);
  EXPECT_EQ(plank_run(P.get(), "x = []\nx.append(x)\ndump(x)\n", "p"), PLANK_ERR_RUNTIME);
  EXPECT_NE(std::string(plank_error_message(P.get())).find("Circular reference"), std::string::npos);
  EXPECT_EQ(plank_run(P.get(), "dump(float('nan'))\n", "p"), PLANK_ERR_RUNTIME);
  EXPECT_STREQ(plank_eval_json(P.get(), "inc(True)"), "2") << "a bool is an int, as in Python";
}

TEST_P(Host, CapabilitiesApplyToHostFunctions) {
  State P = open_state(GetParam());
  auto fetch = [](plank_call* c, void*) -> int {
    plank_return_str(c, "<html>");
    return 0;
  };
  auto noop = [](plank_call*, void*) -> int { return 0; };
  ASSERT_EQ(plank_register_with(P.get(), "fetch", fetch, nullptr, "net"), PLANK_OK);
  ASSERT_EQ(plank_register(P.get(), "mine", noop, nullptr), PLANK_OK);  // inherits `mine`'s "world"
  EXPECT_EQ(plank_run(P.get(), "fetch()\n", "p"), PLANK_ERR_RUNTIME);
  EXPECT_STREQ(plank_error_kind(P.get()), "CapabilityError");
  EXPECT_NE(std::string(plank_error_message(P.get())).find("--allow net"), std::string::npos);
  ASSERT_EQ(plank_allow(P.get(), "net"), PLANK_OK);
  EXPECT_STREQ(plank_eval_json(P.get(), "fetch()"), "\"<html>\"");
  EXPECT_EQ(plank_run(P.get(), "mine({'log': 1})\n", "p"), PLANK_OK);
  ASSERT_EQ(plank_deny(P.get(), "world"), PLANK_OK);
  EXPECT_EQ(plank_run(P.get(), "mine({'log': 1})\n", "p"), PLANK_ERR_RUNTIME);
  EXPECT_STREQ(plank_error_kind(P.get()), "CapabilityError");
  EXPECT_EQ(plank_allow(P.get(), "teleport"), PLANK_ERR_USAGE);
  EXPECT_NE(std::string(plank_error(P.get())).find("expected world, memory, net, fs, neural"), std::string::npos);
  EXPECT_EQ(plank_register_with(P.get(), "x", noop, nullptr, "bogus"), PLANK_ERR_USAGE);
}

TEST_P(Host, RegistrationMisuse) {
  State P = open_state(GetParam());
  auto noop = [](plank_call*, void*) -> int { return 0; };
  EXPECT_EQ(plank_register(P.get(), "two words", noop, nullptr), PLANK_ERR_USAGE);
  EXPECT_EQ(plank_register(P.get(), "", noop, nullptr), PLANK_ERR_USAGE);
  EXPECT_EQ(plank_register(P.get(), "f", nullptr, nullptr), PLANK_ERR_USAGE);
  EXPECT_EQ(plank_register(nullptr, "f", noop, nullptr), PLANK_ERR_USAGE);
  // A host function may not run code in its own state (it is running) nor register.
  auto reenter = [](plank_call* c, void*) -> int {
    plank_state* S = plank_call_state(c);
    if (plank_run(S, "x = 1\n", "inner") != PLANK_ERR_USAGE) return plank_raise(c, "re-entered");
    if (plank_register(S, "g", [](plank_call*, void*) { return 0; }, nullptr) != PLANK_ERR_USAGE)
      return plank_raise(c, "registered while running");
    plank_return_str(c, "refused");
    return 0;
  };
  plank_register(P.get(), "reenter", reenter, nullptr);
  EXPECT_STREQ(plank_eval_json(P.get(), "reenter()"), "\"refused\"") << plank_error(P.get());
}

INSTANTIATE_TEST_SUITE_P(Engines, Host, ::testing::ValuesIn(kEngines));
