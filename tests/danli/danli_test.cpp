// DANLI's loop in a Plank world: an object the agent has not seen (a
// placeholder and a search), an action that fails because the world changed
// under the agent, and a re-plan from what it then perceives; the goal holds
// in the world at the end. The same loop written in Plank (stdlib) does it too.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "agents/danli/compile/subgoals.h"
#include "agents/danli/loop/episode.h"
#include "agents/host/host_context.h"
#include "agents/host/register_intrinsics.h"
#include "compiler/engine/run.h"
#include "world/voxels/block_registry.h"
#include "world/voxels/scene_io.h"

namespace plank::danli {
namespace {

using ::testing::HasSubstr;

// A table (oak planks) near the agent, a sand block out of view, a cobblestone nearby.
const char* kKitchen = R"({
  "format": "plank-scene", "version": 1, "seed": 5,
  "objects": [
    {"name": "table", "tags": ["table"], "boxes": [{"from": [3, 0, 0], "to": [4, 0, 1], "block": "oak_planks"}]},
    {"name": "sand", "blocks": [[-10, 0, 12, "sand"]]},
    {"name": "pile", "blocks": [[2, 0, -3, "cobblestone"]]}
  ],
  "agent": {"pos": [0.5, 0, 0.5]}
})";

std::unique_ptr<world::World> kitchen() {
  DiagnosticSink sink;
  std::string warning;
  auto w = world::load_scene(SourceFile::from_string("kitchen.json", kKitchen), world::BlockRegistry::builtin(), sink);
  EXPECT_TRUE(w) << render_text(sink.all());
  return w;
}

bool sand_on_table(const world::World& w) {
  auto sand = w.registry().find("sand");
  for (int x = 3; x <= 4; ++x)
    for (int z = 0; z <= 1; ++z)
      if (w.block({x, 1, z}) == *sand) return true;
  return false;
}

const std::vector<Subgoal> kGoal = {{"sand", "placed_on", "table"}};

TEST(Danli, SearchesForAnUnseenObjectAndReplansWhenTheWorldChanges) {
  auto w = kitchen();
  ASSERT_TRUE(w);
  DanliOptions options;
  bool moved = false;
  // Once the agent stands by the sand it found, someone moves the sand three blocks away.
  options.after_step = [&](int, world::World& world) {
    auto sand = world.registry().find("sand");
    world::Coord at{-10, 0, 12};
    if (moved || world.block(at) != *sand) return;
    world::Coord feet = world::cell_of(world.agent().pose.pos);
    if (std::abs(feet.x - at.x) + std::abs(feet.z - at.z) > 2) return;
    world.set_block(at, 0);
    world.set_block({-13, 0, 12}, *sand);
    moved = true;
  };
  DanliResult r = run_danli(*w, kGoal, options);
  std::string trace = trace_text(r.trace);
  // docs/planning.md shows this trace: PLANK_PRINT_TRACE=1 prints it.
  if (std::getenv("PLANK_PRINT_TRACE")) std::fputs(trace.c_str(), stdout);
  EXPECT_TRUE(r.success) << trace;
  EXPECT_TRUE(moved) << trace;
  EXPECT_TRUE(sand_on_table(*w)) << trace;
  // The first plan searches for a placeholder; a step fails; the loop plans again.
  EXPECT_THAT(trace, HasSubstr("[placeholders: sand-unseen]")) << trace;
  EXPECT_THAT(trace, HasSubstr("found    sand-"));
  auto count = [&](const std::string& kind) {
    return std::count_if(r.trace.begin(), r.trace.end(), [&](const TraceEvent& e) { return e.kind == kind; });
  };
  EXPECT_GE(count("fail"), 1) << trace;
  EXPECT_GE(count("replan"), 2) << trace;
  EXPECT_GE(r.rounds, 3);  // placeholder plan, plan after the search, plan after the failure
  EXPECT_LE(r.rounds, options.max_rounds);
}

TEST(Danli, TheSymbolicStateIsWhatTheAgentSeesNotTheWorld) {
  auto w = kitchen();
  ASSERT_TRUE(w);
  SymbolicState s;
  s.observe(*w, world::cell_of(w->agent().pose.pos), ViewOptions{7.0}, 0);
  EXPECT_FALSE(s.matching("table").empty());
  EXPECT_FALSE(s.matching("cobblestone").empty());
  EXPECT_TRUE(s.matching("sand").empty());  // 15 blocks away: out of view
  CompiledProblem p = compile_problem(s, {}, kGoal);
  EXPECT_EQ(p.placeholders, std::vector<std::string>{"sand-unseen"});
  EXPECT_THAT(p.pddl, HasSubstr("(unexplored frontier-sand)"));
}

TEST(Danli, GivesUpWhenTheGoalsCannotBeReachedFromWhatItKnows) {
  auto w = kitchen();
  ASSERT_TRUE(w);
  DanliOptions options;
  options.explore = {{1, 0, 1}};  // nowhere to explore: the search fails, the loop stops within its rounds
  DanliResult r = run_danli(*w, {{"diamond_block", "held", ""}}, options);
  EXPECT_FALSE(r.success);
  EXPECT_LE(r.rounds, options.max_rounds);
}

TEST(Danli, SubgoalsFromAnLlmReplyAndFromACaipForm) {
  std::string error;
  auto goals = subgoals_from_json(R"([{"patient": "Sand", "predicate": "placed_on", "destination": "table"}])", &error);
  ASSERT_TRUE(goals) << error;
  EXPECT_EQ((*goals)[0].text(), "(sand, placed_on, table)");
  EXPECT_FALSE(subgoals_from_json(R"([{"patient": "sand", "predicate": "teleported"}])", &error));
  EXPECT_THAT(error, HasSubstr("unknown predicate 'teleported'"));
  lf::Value form = lf::Value::dict();
  form.add("dialogue_type", lf::Value::from_string("HUMAN_GIVE_COMMAND"));
  lf::Value& seq = form.add("action_sequence", lf::Value::list());
  lf::Value action = lf::Value::dict();
  action.add("action_type", lf::Value::from_string("GET"));
  lf::Value ref = lf::Value::dict();
  lf::Value filters = lf::Value::dict();
  lf::Value span = lf::Value::list();
  span.items.push_back(lf::Value::from_int(0));
  lf::Value range = lf::Value::list();
  range.items.push_back(lf::Value::from_int(2));
  range.items.push_back(lf::Value::from_int(2));
  span.items.push_back(range);
  filters.add("has_name", span);
  ref.add("filters", filters);
  action.add("reference_object", ref);
  seq.items.push_back(action);
  auto from_form = subgoals_from_form(form, "get the sand", &error);
  ASSERT_TRUE(from_form) << error;
  EXPECT_EQ((*from_form)[0].text(), "(sand, held)");
}

TEST(Danli, TheLoopWrittenInPlankReachesTheGoalToo) {
  host::register_host_intrinsics();
  auto w = kitchen();
  ASSERT_TRUE(w);
  Session session(*w, DanliOptions{});
  session.observe();
  core::HostContext host;
  host.world = w.get();
  host.danli = &session;
  std::ifstream in(std::string(PLANK_SOURCE_DIR) + "/stdlib/danli/loop.plank");
  std::stringstream source;
  source << in.rdbuf();
  engine::RunOptions o;
  o.path = "loop.plank";
  o.source = source.str() + "\nprint(danli([{'patient': 'sand', 'predicate': 'placed_on', 'destination': 'table'}]))\n";
  o.engine = "interp";
  o.host = &host;
  std::string out, err;
  o.out = &out;
  o.err = &err;
  engine::RunResult r = engine::run_program(o);
  EXPECT_EQ(r.exit_code, 0) << err;
  EXPECT_EQ(out, "True\n") << err << trace_text(session.trace());
  EXPECT_TRUE(sand_on_table(*w));
}

}  // namespace
}  // namespace plank::danli
