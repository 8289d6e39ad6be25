// The "keep_code" option (issue 26): with it off, each run and eval is forgotten once it
// ends, so a host that runs thousands of plans in one state does not grow without bound.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <unistd.h>

#include "capi_util.h"

using namespace plank_test;

namespace {

class KeepCode : public ::testing::TestWithParam<const char*> {};

// Resident memory of this process, in bytes.
long resident_bytes() {
  long pages = 0, resident = 0;
  FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return 0;
  if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
  std::fclose(f);
  return resident * sysconf(_SC_PAGESIZE);
}

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;  // ASan's quarantine holds freed memory: RSS says nothing
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

// An LLM-style plan: a function, a loop, a global, a constant of its own.
std::string plan(int i) {
  return "def plan_for(goal):\n"
         "    steps = []\n"
         "    for item, n in goal.items():\n"
         "        steps.append((item, n + " + std::to_string(i) + "))\n"
         "    return steps\n"
         "result = plan_for(goal)\n"
         "log.append(len(result))\n";
}

}  // namespace

TEST(KeepCodeOption, DefaultsAndMisuse) {
  State P = open_state();
  EXPECT_EQ(plank_get_option(P.get(), "keep_code"), 1);
  EXPECT_EQ(plank_set_option(P.get(), "keep_code", 0), PLANK_OK);
  EXPECT_EQ(plank_get_option(P.get(), "keep_code"), 0);
  EXPECT_EQ(plank_set_option(P.get(), "keep_code", 2), PLANK_ERR_USAGE);
  EXPECT_NE(std::string(plank_error(P.get())).find("is 0 or 1"), std::string::npos);
  EXPECT_EQ(plank_set_option(P.get(), "forget", 0), PLANK_ERR_USAGE);
  EXPECT_NE(std::string(plank_error(P.get())).find("unknown option 'forget' (expected keep_code)"), std::string::npos);
  EXPECT_EQ(plank_set_option(P.get(), nullptr, 0), PLANK_ERR_USAGE);
  EXPECT_EQ(plank_get_option(P.get(), "forget"), -1);
  EXPECT_EQ(plank_set_option(nullptr, "keep_code", 0), PLANK_ERR_USAGE);
}

TEST_P(KeepCode, EachRunIsForgottenButTheHostsGlobalsStay) {
  State P = open_state(GetParam());
  ASSERT_EQ(plank_run(P.get(), "def kept():\n    return 'kept'\nlog = []\n", "setup"), PLANK_OK);
  ASSERT_EQ(plank_set_option(P.get(), "keep_code", 0), PLANK_OK);
  plank_set_global(P.get(), "goal", plank_from_json(P.get(), "{\"log\": 3, \"stick\": 2}"));
  ASSERT_EQ(plank_run(P.get(), plan(0).c_str(), "plan"), PLANK_OK) << plank_error(P.get());
  // What the run bound is gone; what it changed in a kept object, and what was kept, stay.
  EXPECT_EQ(plank_eval(P.get(), "result", nullptr), PLANK_ERR_RUNTIME);
  EXPECT_STREQ(plank_error_kind(P.get()), "NameError");
  EXPECT_EQ(plank_eval(P.get(), "plan_for", nullptr), PLANK_ERR_RUNTIME);
  EXPECT_STREQ(plank_eval_json(P.get(), "log"), "[2]");
  EXPECT_STREQ(plank_eval_json(P.get(), "kept()"), "\"kept\"");
  EXPECT_STREQ(plank_eval_json(P.get(), "goal['log']"), "3");
  // A failing run leaves nothing either, and its error is reported as usual.
  EXPECT_EQ(plank_run(P.get(), "y = 1\nz = y / 0\n", "bad"), PLANK_ERR_RUNTIME);
  EXPECT_STREQ(plank_error(P.get()), "bad:2:1: ZeroDivisionError: division by zero");
  EXPECT_EQ(plank_eval(P.get(), "y", nullptr), PLANK_ERR_RUNTIME);
  // Back on: runs are kept again.
  ASSERT_EQ(plank_set_option(P.get(), "keep_code", 1), PLANK_OK);
  ASSERT_EQ(plank_run(P.get(), "w = 7\n", "kept"), PLANK_OK);
  EXPECT_STREQ(plank_eval_json(P.get(), "w"), "7");
}

// Thousands of plans in one state: memory stays flat once the first ones warmed it up. On the
// interpreter only: the JIT keeps each compiled plan's machine code (LLVM's pages, about 13 KiB
// a plan: docs/embedding.md), and compiling thousands would not be a fast test either.
TEST(KeepCode, ThousandsOfInterpretedRunsStayBounded) {
  const int runs = kSanitized ? 200 : 5000;
  State P = open_state("interp");
  ASSERT_EQ(plank_run(P.get(), "log = []\n", "setup"), PLANK_OK);
  plank_set_global(P.get(), "goal", plank_from_json(P.get(), "{\"log\": 3, \"stick\": 2}"));
  ASSERT_EQ(plank_set_option(P.get(), "keep_code", 0), PLANK_OK);
  const int warm = runs / 5;
  long after_warmup = 0;
  for (int i = 0; i < runs; ++i) {
    if (i == warm) after_warmup = resident_bytes();
    ASSERT_EQ(plank_run(P.get(), plan(i).c_str(), "plan"), PLANK_OK) << plank_error(P.get());
    if (i % 64 == 63) ASSERT_EQ(plank_run(P.get(), "log.clear()\n", "clear"), PLANK_OK);
  }
  const long growth = resident_bytes() - after_warmup;
  std::printf("interp: %d runs, resident memory grew %.2f MiB after the first %d\n", runs, double(growth) / (1 << 20),
              warm);
  // A kept plan costs tens of KiB (its AST, IR and code): 4,000 of them would be ~100 MiB.
  if (!kSanitized) EXPECT_LT(growth, 8L << 20);
}

INSTANTIATE_TEST_SUITE_P(Engines, KeepCode, ::testing::ValuesIn(kEngines));
