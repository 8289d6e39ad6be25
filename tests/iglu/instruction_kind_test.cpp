// The error analysis's kinds: read off the target change by hand-made cases,
// and relative references only where there is something to refer to.
#include <gtest/gtest.h>

#include "agents/iglu/eval/instruction_kind.h"

namespace plank::iglu {
namespace {

TEST(IgluInstructionKind, KindsComeFromTheTargetChange) {
  std::vector<Block> base = {{5, 0, 5, 3}};
  auto with = [&](std::vector<Block> more) {
    more.insert(more.end(), base.begin(), base.end());
    return more;
  };
  EXPECT_EQ(instruction_kind(base, base), InstructionKind::NoChange);
  EXPECT_EQ(instruction_kind(base, with({{1, 0, 1, 2}})), InstructionKind::SingleBlock);
  EXPECT_EQ(instruction_kind(base, with({{5, 1, 5, 2}, {5, 2, 5, 2}, {5, 3, 5, 2}})), InstructionKind::RowOrColumn);
  // A row of two colours is still a row.
  EXPECT_EQ(instruction_kind(base, with({{1, 0, 1, 2}, {2, 0, 1, 4}})), InstructionKind::RowOrColumn);
  EXPECT_EQ(instruction_kind(base, with({{1, 0, 1, 2}, {2, 0, 2, 2}})), InstructionKind::Shape);      // a diagonal
  EXPECT_EQ(instruction_kind(base, {}), InstructionKind::Removal);
  EXPECT_EQ(instruction_kind(base, {{5, 0, 5, 6}}), InstructionKind::Removal);  // re-coloured
  EXPECT_EQ(kind_name(InstructionKind::RowOrColumn), "row or column");
}

TEST(IgluInstructionKind, ARelativeReferenceNeedsSomethingToReferTo) {
  EXPECT_TRUE(relative_reference("Stack two red blocks on top of the blue one", {{5, 0, 5, 1}}));
  EXPECT_TRUE(relative_reference("place a block east of it", {{5, 0, 5, 1}}));
  EXPECT_FALSE(relative_reference("Stack two red blocks on top of the blue one", {}));
  EXPECT_FALSE(relative_reference("Build a row of three red blocks", {{5, 0, 5, 1}}));
}

}  // namespace
}  // namespace plank::iglu
