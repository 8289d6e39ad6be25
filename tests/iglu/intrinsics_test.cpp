// The builder intrinsics: a Plank program builds in the zone with place,
// remove and zone, under the zone's rules; refusals raise with the reason; a
// program without the world capability or without a zone is told why. A
// builder written in Plank goes through the same protocol as any other.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "agents/host/host_context.h"
#include "agents/host/register_intrinsics.h"
#include "agents/iglu/roles/program_builder.h"
#include "agents/iglu/intrinsics/build_zone.h"
#include "agents/iglu/loop/turn.h"
#include "compiler/engine/run.h"

#include <fstream>
#include <sstream>

namespace plank::iglu {
namespace {

using ::testing::HasSubstr;

struct Ran {
  engine::RunResult result;
  std::string out, err;
};

Ran run(BuildZone* zone, std::string source, uint32_t capabilities = core::kCapDefault) {
  host::register_host_intrinsics();
  core::HostContext host;
  if (zone) {
    host.world = &zone->world();
    host.iglu = zone;
  }
  Ran r;
  engine::RunOptions o;
  o.path = "builder.plank";
  o.source = std::move(source);
  o.engine = "interp";
  o.host = &host;
  o.capabilities = capabilities;
  o.out = &r.out;
  o.err = &r.err;
  r.result = engine::run_program(o);
  return r;
}

TEST(IgluIntrinsics, AProgramBuildsATowerAndReadsTheZone) {
  BuildZone zone(world::BlockRegistry::builtin(), {{3, 0, 6, 3}});
  Ran r = run(&zone, R"(
for y in range(1, 4):
    place(3, y, 6, 'red')
place(4, 0, 6, 2)
remove(3, 0, 6)
print(zone())
)");
  ASSERT_EQ(r.result.exit_code, 0) << r.err;
  EXPECT_EQ(zone.blocks(), (std::vector<Block>{{3, 1, 6, 3}, {3, 2, 6, 3}, {3, 3, 6, 3}, {4, 0, 6, 2}}));
  EXPECT_EQ(r.out, "[(3, 1, 6, 'red'), (3, 2, 6, 'red'), (3, 3, 6, 'red'), (4, 0, 6, 'green')]\n");
  // The zone is a Plank world: the blocks are the registry's IGLU blocks at the same cells.
  EXPECT_EQ(zone.world().type_at({3, 3, 6}).name, "iglu_red");
}

TEST(IgluIntrinsics, RefusalsRaiseWithTheReason) {
  BuildZone zone(world::BlockRegistry::builtin(), {}, ZoneRules{.gravity = true});
  Ran outside = run(&zone, "place(11, 0, 0, 'red')\n");
  EXPECT_EQ(outside.result.error_kind, "ValueError");
  EXPECT_THAT(outside.err, HasSubstr("(11, 0, 0) is outside the zone"));
  Ran floating = run(&zone, "place(0, 3, 0, 'red')\n");
  EXPECT_THAT(floating.err, HasSubstr("would float"));
  Ran colour = run(&zone, "place(0, 0, 0, 'pink')\n");
  EXPECT_THAT(colour.err, HasSubstr("unknown colour 'pink' (expected blue, green, red, orange, purple, yellow)"));
  Ran empty = run(&zone, "remove(0, 0, 0)\n");
  EXPECT_THAT(empty.err, HasSubstr("there is no block at (0, 0, 0) to remove"));
  Ran type = run(&zone, "place('a', 0, 0, 'red')\n");
  EXPECT_EQ(type.result.error_kind, "TypeError");
  EXPECT_TRUE(zone.blocks().empty());
}

TEST(IgluIntrinsics, TheyNeedTheWorldCapabilityAndAZone) {
  BuildZone zone(world::BlockRegistry::builtin(), {});
  Ran denied = run(&zone, "place(0, 0, 0, 'red')\n", core::kCapDefault & ~core::kCapWorld);
  EXPECT_NE(denied.result.exit_code, 0);
  EXPECT_THAT(denied.err, HasSubstr("world"));
  EXPECT_TRUE(zone.blocks().empty());
  Ran none = run(nullptr, "zone()\n");
  EXPECT_THAT(none.err, HasSubstr("acts on the IGLU build zone"));
}

TEST(IgluIntrinsics, APlankBuilderAnswersThroughTheProtocol) {
  host::register_host_intrinsics();
  ProgramBuilder builder({"stack.plank", R"(
def build(instruction):
    words = instruction.split()
    n = int(words[1])
    for y in range(n):
        place(5, y, 5, words[2])
)",
                          {}});
  BuildZone zone(world::BlockRegistry::builtin(), {{0, 0, 0, 1}});
  TurnResult t = run_turn(builder, "stack 3 yellow", zone, TurnOptions{});
  ASSERT_EQ(t.outcome, TurnResult::Outcome::Built) << t.reason;
  EXPECT_EQ(t.applied.placed, 3);
  EXPECT_EQ(zone.blocks(), (std::vector<Block>{{0, 0, 0, 1}, {5, 0, 5, 6}, {5, 1, 5, 6}, {5, 2, 5, 6}}));
  // Its reply is the paper's JSON, in the paper's frame.
  EXPECT_THAT(t.reply_text, HasSubstr("[0, 0, 0, \"yellow\"]"));

  TurnResult failed = run_turn(builder, "stack lots yellow", zone, TurnOptions{});
  EXPECT_EQ(failed.outcome, TurnResult::Outcome::NoReply);
  EXPECT_THAT(failed.reason, HasSubstr("ValueError"));
}

TEST(IgluIntrinsics, TheExampleRuleBuilderFollowsThreeKindsOfInstruction) {
  host::register_host_intrinsics();
  std::string path = std::string(PLANK_SOURCE_DIR) + "/examples/iglu/rules.plank";
  std::ifstream in(path);
  ASSERT_TRUE(in) << path;
  std::stringstream text;
  text << in.rdbuf();
  ProgramBuilder builder({path, text.str(), {}});
  auto registry = world::BlockRegistry::builtin();

  BuildZone stack(registry, {{3, 0, 6, 3}});
  TurnResult a = run_turn(builder, "Stack three red blocks on top of the existing red block.", stack, TurnOptions{});
  ASSERT_EQ(a.outcome, TurnResult::Outcome::Built) << a.reason;
  EXPECT_EQ(stack.blocks(), (std::vector<Block>{{3, 0, 6, 3}, {3, 1, 6, 3}, {3, 2, 6, 3}, {3, 3, 6, 3}}));

  BuildZone row(registry, {});
  run_turn(builder, "Make a row of 4 yellow blocks", row, TurnOptions{});
  EXPECT_EQ(row.blocks(), (std::vector<Block>{{5, 0, 5, 6}, {6, 0, 5, 6}, {7, 0, 5, 6}, {8, 0, 5, 6}}));

  BuildZone removal(registry, {{1, 0, 1, 2}, {1, 1, 1, 2}, {4, 0, 4, 3}});
  run_turn(builder, "Remove the top green block", removal, TurnOptions{});
  EXPECT_EQ(removal.blocks(), (std::vector<Block>{{1, 0, 1, 2}, {4, 0, 4, 3}}));
}

}  // namespace
}  // namespace plank::iglu
