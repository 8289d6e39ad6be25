// docs/intrinsics.md is generated from the intrinsics and methods tables (with
// every domain's intrinsics registered, as `plank` has them); it must match.
#include <gtest/gtest.h>

#include <filesystem>

#include "run_plank.h"

namespace plank {
namespace {

TEST(ReferenceDoc, CommittedIntrinsicsReferenceMatchesTheTable) {
  auto r = test::run_plank("reference intrinsics");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::filesystem::path doc = std::filesystem::path(PLANK_SOURCE_DIR) / "docs/intrinsics.md";
  ASSERT_TRUE(std::filesystem::exists(doc)) << "run `build/bin/plank reference intrinsics > docs/intrinsics.md`";
  EXPECT_EQ(test::read_all(doc), r.out)
      << "docs/intrinsics.md is stale: run `build/bin/plank reference intrinsics > docs/intrinsics.md`";
}

TEST(ReferenceDoc, IntrinsicsReferenceListsBuiltinsAndMethods) {
  auto r = test::run_plank("reference intrinsics");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* needle : {"## builtin functions", "`print(", "`sorted(", "## str methods", "`str.split(",
                             "## list methods", "`list.append(", "## dict methods", "`dict.get("})
    EXPECT_NE(r.out.find(needle), std::string::npos) << needle;
}

TEST(ReferenceDoc, UnknownTopicIsAUsageError) {
  auto r = test::run_plank("reference nope");
  EXPECT_EQ(r.exit_code, 2);
}

}  // namespace
}  // namespace plank
