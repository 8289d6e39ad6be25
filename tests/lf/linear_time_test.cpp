// Issue 24: forms written to hurt are read, normalised and validated in time
// linear in their size. Before the fix, duplicate keys were found by comparing
// every pair of a dict's keys (80,000 keys: 23 s; a million: about an hour),
// and the has_x_ rename and the filters lift looked each key up by a scan.
// The budgets below are 20x what the linear code takes on a loaded machine.
#include <gtest/gtest.h>

#include <ctime>

#include "cli/measure.h"
#include "compiler/lf/check.h"
#include "lf_test_util.h"

namespace plank::lf {
namespace {

double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

// What the linear code may take (it takes under 1 s), 10x more under sanitizers.
const double kBudgetSeconds = plank::test::kSanitized ? 40.0 : 4.0;

std::string action_with_keys(int n, const std::string& prefix, const std::string& suffix, int repeat) {
  std::string form = R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD")";
  for (int i = 0; i < n; ++i) form += ", \"" + prefix + std::to_string(i / repeat) + suffix + "\": [0, [0, 0]]";
  return form + "}]}";
}

struct Timed {
  size_t errors = 0;
  size_t duplicates = 0;
  double seconds = 0;
};

Timed check_timed(const std::string& json) {
  auto file = testing::source(json);
  DiagnosticSink sink;
  double t0 = cpu_seconds();
  auto v = read_json(file, sink);
  EXPECT_TRUE(v);
  Timed t;
  if (!v) return t;
  auto r = check_logical_form(std::move(*v), nullptr, file, sink);
  t.seconds = cpu_seconds() - t0;
  t.errors = sink.error_count();
  for (const auto& d : sink.all()) t.duplicates += d.code == "lf.duplicate-key";
  EXPECT_FALSE(r.valid);
  return t;
}

TEST(LinearTime, DuplicateKeysOfAHugeDict) {
  // 200,000 keys, each name twice in a row: 100,000 duplicates.
  Timed t = check_timed(action_with_keys(200000, "key", "", 2));
  EXPECT_EQ(t.errors, 200000u);  // 100,000 unknown keys, 100,000 duplicates
  EXPECT_GT(t.duplicates, 0u);
  EXPECT_LT(t.seconds, kBudgetSeconds);
}

TEST(LinearTime, TrailingUnderscoreRenamesOfAHugeDict) {
  // has_k_ -> has_k for 200,000 distinct keys (each an unknown key afterwards).
  Timed t = check_timed(action_with_keys(200000, "has_k", "_", 1));
  EXPECT_EQ(t.errors, 200000u);
  EXPECT_EQ(t.duplicates, 0u);
  EXPECT_LT(t.seconds, kBudgetSeconds);
}

TEST(LinearTime, LiftedFiltersOfAHugeReferenceObject) {
  std::string keys;
  for (int i = 0; i < 100000; ++i) keys += ", \"f" + std::to_string(i) + "\": 1";
  std::string form = R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "DESTROY",)"
                     R"( "reference_object": {"text_span": [0, [0, 0]])" + keys +
                     R"(, "filters": {"g": 1)" + keys + "}}}]}";
  Timed t = check_timed(form);
  EXPECT_GT(t.errors, 0u);
  EXPECT_LT(t.seconds, kBudgetSeconds);
}

// The rename keeps its meaning: has_x_ becomes has_x unless has_x is there,
// counting keys renamed before it.
TEST(LinearTime, TrailingUnderscoreRenameOrderIsKept) {
  auto file = testing::source(R"({"a": {"has_x_": 1, "has_x__": 2, "has_y": 3, "has_y_": 4}})");
  Value v = testing::parse_ok(file);
  normalize(v, nullptr);
  const Value* a = v.find("a");
  ASSERT_TRUE(a);
  ASSERT_EQ(a->members.size(), 4u);
  EXPECT_EQ(a->members[0].key, "has_x");   // has_x was free
  EXPECT_EQ(a->members[1].key, "has_x_");  // has_x_ was freed by the rename before it
  EXPECT_EQ(a->members[2].key, "has_y");
  EXPECT_EQ(a->members[3].key, "has_y_");  // has_y is taken: left for the validator
}

}  // namespace
}  // namespace plank::lf
