// Stepping through a plan from the host: breakpoints, what a pause shows, the step modes,
// and aborting a run from the hook.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "capi_util.h"

using namespace plank_test;

namespace {

struct Seen {
  std::vector<int> lines;
  std::vector<nlohmann::json> pauses;
  int reply = PLANK_CONTINUE;
  int abort_at = 0;  // abort when this many pauses were seen
};

int on_pause(plank_pause* w, void* ud) {
  auto* s = static_cast<Seen*>(ud);
  s->lines.push_back(plank_pause_line(w));
  s->pauses.push_back(json_of(plank_pause_json(w)));
  if (s->abort_at && int(s->lines.size()) >= s->abort_at) return PLANK_ABORT;
  return s->reply;
}

const char* kPlan =
    "def f(n):\n"            // 1
    "    total = n * 2\n"    // 2
    "    return total\n"     // 3
    "x = f(20)\n"            // 4
    "y = x + 1\n";           // 5

}  // namespace

class Debug : public ::testing::TestWithParam<const char*> {};

TEST_P(Debug, BreakpointsPauseWithStackAndLocals) {
  State P = open_state(GetParam());
  Seen seen;
  ASSERT_EQ(plank_set_debug_hook(P.get(), on_pause, &seen), PLANK_OK);
  ASSERT_EQ(plank_add_breakpoint(P.get(), 3), PLANK_OK);
  ASSERT_EQ(plank_run(P.get(), kPlan, "plan"), PLANK_OK) << plank_error(P.get());
  ASSERT_EQ(seen.lines, std::vector<int>{3});
  const auto& p = seen.pauses[0];
  EXPECT_EQ(p["file"], "plan");
  ASSERT_EQ(p["stack"].size(), 2u);
  EXPECT_EQ(p["stack"][1]["function"], "f");
  EXPECT_EQ(p["locals"]["total"], "40");
  EXPECT_EQ(plank_remove_breakpoint(P.get(), 3), PLANK_OK);
  EXPECT_EQ(plank_remove_breakpoint(P.get(), 3), PLANK_ERR_USAGE);
}

TEST_P(Debug, StepIntoVisitsEveryStatement) {
  State P = open_state(GetParam());
  Seen seen;
  seen.reply = PLANK_STEP_INTO;
  plank_set_debug_hook(P.get(), on_pause, &seen);
  plank_pause_at_start(P.get(), 1);
  ASSERT_EQ(plank_run(P.get(), kPlan, "plan"), PLANK_OK) << plank_error(P.get());
  EXPECT_EQ(seen.lines, (std::vector<int>{1, 4, 2, 3, 5}));
}

TEST_P(Debug, AbortFromTheHookInterruptsTheRun) {
  State P = open_state(GetParam());
  Seen seen;
  seen.reply = PLANK_STEP_INTO;
  seen.abort_at = 2;
  plank_set_debug_hook(P.get(), on_pause, &seen);
  plank_pause_at_start(P.get(), 1);
  EXPECT_EQ(plank_run(P.get(), kPlan, "plan"), PLANK_ERR_INTERRUPTED);
  EXPECT_EQ(plank_get_global(P.get(), "y"), 0);
}

TEST_P(Debug, TheHookIsSetBeforeTheFirstRun) {
  State P = open_state(GetParam());
  ASSERT_EQ(plank_run(P.get(), "x = 1\n", "p"), PLANK_OK);
  Seen seen;
  EXPECT_EQ(plank_set_debug_hook(P.get(), on_pause, &seen), PLANK_ERR_USAGE);
  EXPECT_NE(std::string(plank_error(P.get())).find("before the first run"), std::string::npos);
  EXPECT_EQ(plank_add_breakpoint(P.get(), 0), PLANK_ERR_USAGE);
}

INSTANTIATE_TEST_SUITE_P(Engines, Debug, ::testing::ValuesIn(kEngines));
