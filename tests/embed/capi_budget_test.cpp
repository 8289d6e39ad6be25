// Issue 24 through the C API: what a plan spends outside the heap's objects
// (the index of a non-ASCII string, the parser's input) is held to the
// state's "memory_mib" or refused over a documented limit, as under
// `plank run --max-memory`; the host process survives and the state stays
// usable.
#include <gtest/gtest.h>

#include <string>

#include "capi_util.h"
#include "cli/measure.h"

using namespace plank_test;

class CapiBudget : public ::testing::TestWithParam<const char*> {};

// Every string is indexed (s[5]) and kept: the heap limit, not the host, ends it.
TEST_P(CapiBudget, IndexedStringsStopAtTheHeapLimit) {
  State P = open_state(GetParam());
  ASSERT_EQ(plank_set_limit(P.get(), "memory_mib", 8), PLANK_OK);
  const long rss_before = plank::test::resident_kb();
  EXPECT_EQ(plank_run(P.get(),
                      "keep = []\n"
                      "while True:\n"
                      "    s = '\xc3\xa9' * 100000 + str(len(keep))\n"
                      "    keep.append(s[5] + s[-1])\n"
                      "    keep.append(s)\n",
                      "hog"),
            PLANK_ERR_BUDGET);
  EXPECT_STREQ(plank_error_kind(P.get()), "MemoryError");
  EXPECT_LT(plank::test::resident_kb() - rss_before, 64 * 1024) << "the process grew by more than 64 MiB";
  ASSERT_EQ(plank_set_global(P.get(), "keep", plank_none(P.get())), PLANK_OK) << plank_error(P.get());
  // Indexes of strings that die are counted until the collection that frees them: a long loop fits.
  EXPECT_EQ(plank_run(P.get(),
                      "n = 0\n"
                      "for i in range(100):\n"
                      "    s = '\xc3\xa9' * 100000 + str(i)\n"
                      "    n += len(s[i:i + 3])\n",
                      "loop"),
            PLANK_OK)
      << plank_error(P.get());
}

// The parser's input is refused before any work (it once took 2.5 GB under a 64 MiB heap).
TEST_P(CapiBudget, AnOverlongParseIsRefusedBeforeAnyWork) {
  State P = open_state(GetParam());
  ASSERT_EQ(plank_set_limit(P.get(), "memory_mib", 64), PLANK_OK);
  const long rss_before = plank::test::resident_kb();
  EXPECT_NE(plank_run(P.get(), "r = parse('cube ' * 30000)\n", "parse"), PLANK_OK);
  EXPECT_STREQ(plank_error_kind(P.get()), "ValueError");
  EXPECT_NE(std::string(plank_error_message(P.get())).find("at most 256"), std::string::npos) << plank_error(P.get());
  EXPECT_LT(plank::test::resident_kb() - rss_before, 64 * 1024);
  EXPECT_EQ(plank_run(P.get(), "x = 1\n", "after"), PLANK_OK) << plank_error(P.get());
}

INSTANTIATE_TEST_SUITE_P(Engines, CapiBudget, ::testing::ValuesIn(kEngines),
                         [](const ::testing::TestParamInfo<const char*>& info) { return std::string(info.param); });
