// Issue 24: SQL a person types against the agent's memory (`plank memory
// --query`, the REPL's :mem) cannot hold the host or fill its memory: a
// statement with no end is stopped at its deadline, and a value longer than
// a result may be is refused by SQLite before it is made.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>

#include "cli/measure.h"
#include "world/memory/agent_memory.h"
#include "world/memory/sql_query.h"

namespace plank::memory {
namespace {

using ::testing::HasSubstr;

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

TEST(MemorySqlLimits, AQueryWithNoEndStopsAtItsDeadline) {
  auto m = AgentMemory::open();
  ASSERT_TRUE(m);
  SqlLimits limits;
  limits.max_seconds = 0.2;
  std::string error;
  auto t0 = std::chrono::steady_clock::now();
  // One row, so the row limit never sees it: before, this ran for ever.
  auto out = run_sql(m->database(),
                     "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c",
                     SqlAccess::ReadOnly, &error, limits);
  EXPECT_FALSE(out);
  EXPECT_THAT(error, HasSubstr("ran past 0.2 s"));
  EXPECT_LT(seconds_since(t0), 5.0);
  // The connection is the memory's own: its limits are back for the next query.
  auto again = run_sql(m->database(), "SELECT length(hex(randomblob(1000)))", SqlAccess::ReadOnly, &error, limits);
  ASSERT_TRUE(again) << error;
  EXPECT_EQ((*again)[0].rows[0][0].integer, 2000);
}

TEST(MemorySqlLimits, AValueLongerThanAResultMayBeIsRefusedBeforeItIsMade) {
  auto m = AgentMemory::open();
  ASSERT_TRUE(m);
  std::string error;
  const long rss_before = test::resident_kb();
  // SQLite's own cap is 10**9 bytes: before, this took a gigabyte, then its copy.
  auto out = run_sql(m->database(), "SELECT randomblob(900000000)", SqlAccess::ReadOnly, &error);
  EXPECT_FALSE(out);
  EXPECT_THAT(error, HasSubstr("over 64 MiB"));
  EXPECT_LT(test::resident_kb() - rss_before, 100 * 1024) << "resident set grew by more than 100 MiB";
  // 40 rows of 2 MB joined: a value that grows past the limit is stopped too.
  out = run_sql(m->database(), "SELECT group_concat(hex(randomblob(1000000))) FROM (WITH RECURSIVE c(x) AS "
                               "(SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 40) SELECT x FROM c)",
                SqlAccess::ReadOnly, &error);
  EXPECT_FALSE(out);
  EXPECT_THAT(error, HasSubstr("over 64 MiB"));
  out = run_sql(m->database(), "SELECT length(zeroblob(70000000))", SqlAccess::ReadOnly, &error);
  EXPECT_FALSE(out);
  // The agent memory's own statements are not held to a query's limits (a zeroblob's length needs no memory).
  auto own = m->database().prepare("SELECT length(zeroblob(70000000))");
  ASSERT_TRUE(own.step()) << m->database().error();
  EXPECT_EQ(own.i64(0), 70000000);
}

}  // namespace
}  // namespace plank::memory
