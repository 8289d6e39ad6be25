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

// Bytes of anonymous executable memory in this process: machine code the JIT made (LLVM maps
// each compiled module's code pages on their own; nothing else here makes executable memory
// without a file). Exact whatever the allocator or a sanitizer does.
long jit_code_bytes() {
  long bytes = 0;
  FILE* f = std::fopen("/proc/self/maps", "r");
  if (!f) return 0;
  char line[512];
  while (std::fgets(line, sizeof line, f)) {
    unsigned long from = 0, to = 0, inode = 0;
    char perms[8] = {0};
    char path[256] = {0};
    if (std::sscanf(line, "%lx-%lx %7s %*s %*s %lu %255s", &from, &to, perms, &inode, path) < 4) continue;
    if (perms[2] == 'x' && inode == 0 && path[0] == 0) bytes += static_cast<long>(to - from);
  }
  std::fclose(f);
  return bytes;
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kSanitized = true;  // ASan's quarantine holds freed memory: RSS says nothing; both are slow
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

// What running plans that are not kept left behind, after the first fifth of them (which warm
// the heap, the interned strings and the engine up).
struct Growth {
  long resident = 0;  // bytes
  long jit_code = 0;  // bytes
};

// Runs `runs` plans with keep_code off in one state on `engine`.
Growth growth_over_forgotten_runs(const char* engine, int runs) {
  State P = open_state(engine);
  EXPECT_EQ(plank_run(P.get(), "log = []\n", "setup"), PLANK_OK);
  plank_set_global(P.get(), "goal", plank_from_json(P.get(), "{\"log\": 3, \"stick\": 2}"));
  EXPECT_EQ(plank_set_option(P.get(), "keep_code", 0), PLANK_OK);
  const int warm = runs / 5;
  Growth before;
  for (int i = 0; i < runs; ++i) {
    if (i == warm) before = {resident_bytes(), jit_code_bytes()};
    if (plank_run(P.get(), plan(i).c_str(), "plan") != PLANK_OK) {
      ADD_FAILURE() << plank_error(P.get());
      return {};
    }
    if (i % 64 == 63) {
      EXPECT_EQ(plank_run(P.get(), "log.clear()\n", "clear"), PLANK_OK);
    }
  }
  Growth growth{resident_bytes() - before.resident, jit_code_bytes() - before.jit_code};
  std::printf("%s: %d runs, resident memory grew %.2f MiB and the JIT's code %ld KiB after the first %d\n", engine,
              runs, double(growth.resident) / (1 << 20), growth.jit_code >> 10, warm);
  return growth;
}

// Thousands of plans in one state: memory stays flat once the first ones warmed it up.
TEST(KeepCode, ThousandsOfInterpretedRunsStayBounded) {
  const Growth growth = growth_over_forgotten_runs("interp", kSanitized ? 200 : 5000);
  // A kept plan costs tens of KiB (its AST, IR and code): 4,000 of them would be ~100 MiB.
  if (!kSanitized) {
    EXPECT_LT(growth.resident, 8L << 20);
  }
}

// The JIT frees each forgotten plan's machine code (an ORC resource tracker per module). Kept,
// it cost about 14 KiB of resident memory a plan, a page or more of it code. Compiling takes
// ~8 ms a plan, so hundreds of plans, not thousands (2,000: docs/embedding.md).
TEST(KeepCode, HundredsOfCompiledRunsStayBounded) {
  if (plank_set_engine(open_state().get(), "jit") != PLANK_OK) GTEST_SKIP() << "no JIT in this build";
  const int runs = kSanitized ? 60 : 150;
  const Growth growth = growth_over_forgotten_runs("jit", runs);
  EXPECT_LT(growth.jit_code, 64L << 10);  // kept: at least a 4 KiB page each
  if (!kSanitized) {
    EXPECT_LT(growth.resident, 3L << 18);  // kept: 1.6 MiB
  }
}

INSTANTIATE_TEST_SUITE_P(Engines, KeepCode, ::testing::ValuesIn(kEngines));
