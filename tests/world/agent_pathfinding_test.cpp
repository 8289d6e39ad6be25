#include <gtest/gtest.h>

#include "test_util.h"
#include "world/agent/pathfinding.h"

namespace plank::agent {
namespace {

using world::BlockId;
using world::BlockRegistry;
using world::Box;
using world::World;
using world::test::id;

const Milliticks kWalk = kCosts.walk();

TEST(Ticks, WalkingSpeedIsMinecrafts) {
  EXPECT_EQ(kWalk, 4633);  // 20 ticks/s / 4.317 blocks/s, in milliticks
  EXPECT_EQ(kCosts.walk_diagonal(), 6552);
}

TEST(Pathfinding, StraightLineOnFlatGround) {
  World w(BlockRegistry::builtin());
  Pathfinder pf(w);
  auto r = pf.find({0, 0, 0}, {10, 0, 0});
  ASSERT_TRUE(r.found()) << r.reason;
  EXPECT_EQ(r.cells.size(), 11u);
  EXPECT_EQ(r.cells.front(), (Coord{0, 0, 0}));
  EXPECT_EQ(r.cells.back(), (Coord{10, 0, 0}));
  EXPECT_EQ(r.cost, 10 * kWalk);
  EXPECT_EQ(r.ticks(), 47u);  // 46.33 ticks, rounded up
}

TEST(Pathfinding, WalksAroundAWall) {
  auto reg = BlockRegistry::builtin();
  World w(reg);
  // A wall two high across x = 5 from z = -3 to z = 3.
  w.fill(Box::of({5, 0, -3}, {5, 1, 3}), id(*reg, "stone"));
  Pathfinder pf(w);
  auto r = pf.find({0, 0, 0}, {10, 0, 0});
  ASSERT_TRUE(r.found()) << r.reason;
  for (Coord c : r.cells) EXPECT_FALSE(c.x == 5 && c.z >= -3 && c.z <= 3) << c.x << "," << c.z;
  EXPECT_EQ(r.cost, (10 + 2 * 4) * kWalk);  // 4 blocks sideways and back
}

TEST(Pathfinding, ClimbsOneBlockButNotTwo) {
  auto reg = BlockRegistry::builtin();
  World w(reg);
  BlockId stone = id(*reg, "stone");
  w.set_block({1, 0, 0}, stone);  // a step
  Pathfinder pf(w);
  auto up = pf.find({0, 0, 0}, {1, 1, 0});
  ASSERT_TRUE(up.found()) << up.reason;
  EXPECT_EQ(up.cost, kWalk + kCosts.jump_extra);
  auto down = pf.find({1, 1, 0}, {2, 0, 0});
  ASSERT_TRUE(down.found()) << down.reason;
  EXPECT_EQ(down.cost, kWalk + kCosts.drop_extra);
  // A two-high pillar cannot be climbed, and an enclosure of it has no way out.
  w.fill(Box::of({-3, 0, -3}, {3, 1, 3}), stone);
  w.fill(Box::of({-2, 0, -2}, {2, 1, 2}), world::kAir);
  auto out = pf.find({0, 0, 0}, {10, 0, 0});
  EXPECT_EQ(out.status, PathStatus::NoPath);
  EXPECT_NE(out.reason.find("no walkable route"), std::string::npos) << out.reason;
}

TEST(Pathfinding, JumpNeedsHeadRoom) {
  auto reg = BlockRegistry::builtin();
  World w(reg);
  BlockId stone = id(*reg, "stone");
  w.set_block({1, 0, 0}, stone);
  w.set_block({0, 2, 0}, stone);  // a ceiling over the start: no jumping
  Pathfinder pf(w);
  PathOptions o;
  o.horizontal_margin = 0;  // a corridor: no way around
  o.vertical_margin = 2;
  auto r = pf.find({0, 0, 0}, {1, 1, 0}, o);
  EXPECT_FALSE(r.found());
}

TEST(Pathfinding, ReasonsForNoPath) {
  World w(BlockRegistry::builtin());
  Pathfinder pf(w);
  EXPECT_EQ(pf.find({0, 5, 0}, {3, 0, 0}).status, PathStatus::StartNotWalkable);
  auto air = pf.find({0, 0, 0}, {3, 4, 0});
  EXPECT_EQ(air.status, PathStatus::GoalNotWalkable);
  EXPECT_NE(air.reason.find("(3, 4, 0)"), std::string::npos) << air.reason;
  PathOptions small;
  small.max_expanded = 5;
  auto far = pf.find({0, 0, 0}, {40, 0, 0}, small);
  EXPECT_EQ(far.status, PathStatus::LimitReached);
  EXPECT_STREQ(path_status_name(far.status), "limit reached");
}

TEST(Pathfinding, ToleranceStopsNearTheGoal) {
  World w(BlockRegistry::builtin());
  Pathfinder pf(w);
  PathOptions o;
  o.tolerance = 2;
  auto r = pf.find({0, 0, 0}, {10, 2, 0}, o);  // a point in the air: stand near it
  ASSERT_TRUE(r.found()) << r.reason;
  EXPECT_EQ(r.cells.back(), (Coord{8, 0, 0}));
}

TEST(Pathfinding, DiagonalsAreShorterAndDoNotCutCorners) {
  auto reg = BlockRegistry::builtin();
  World w(reg);
  Pathfinder pf(w);
  PathOptions diag;
  diag.diagonals = true;
  auto r = pf.find({0, 0, 0}, {5, 0, 5}, diag);
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.cost, 5 * kCosts.walk_diagonal());
  // Blocks at (1,0,0) and (0,0,1): the diagonal step between them is a corner cut.
  w.set_block({1, 0, 0}, id(*reg, "stone"));
  w.set_block({1, 1, 0}, id(*reg, "stone"));
  w.set_block({0, 0, 1}, id(*reg, "stone"));
  w.set_block({0, 1, 1}, id(*reg, "stone"));
  auto cut = pf.find({0, 0, 0}, {1, 0, 1}, diag);
  ASSERT_TRUE(cut.found());
  EXPECT_GT(cut.cells.size(), 2u);
}

TEST(Pathfinding, NeverWalksIntoWaterOrLava) {
  auto reg = BlockRegistry::builtin();
  World w(reg);
  // A moat of water in the ground: no solid floor under it, so it is not walked.
  w.fill(Box::of({3, -1, -20}, {3, -1, 20}), id(*reg, "water"));
  Pathfinder pf(w);
  PathOptions o;
  o.horizontal_margin = 4;  // the moat spans the search box: no way across
  EXPECT_EQ(pf.find({0, 0, 0}, {6, 0, 0}, o).status, PathStatus::NoPath);
  auto r = pf.find({0, 0, 0}, {6, 0, 0});  // the default box reaches round the moat's end
  ASSERT_TRUE(r.found()) << r.reason;
  for (Coord c : r.cells) EXPECT_FALSE(c.x == 3 && c.z >= -20 && c.z <= 20) << c.x << "," << c.y << "," << c.z;
}

// A* with an admissible heuristic must find paths exactly as cheap as Dijkstra's.
TEST(Pathfinding, PropertyAStarCostEqualsDijkstra) {
  auto reg = BlockRegistry::builtin();
  World w(reg, world::WorldOptions{7});
  BlockId stone = id(*reg, "stone");
  for (int i = 0; i < 400; ++i) {
    Coord c{int32_t(w.rng().below(40)), 0, int32_t(w.rng().below(40))};
    int h = int(w.rng().below(3));  // 0: nothing, 1: a step, 2: a wall
    for (int y = 0; y < h; ++y) w.set_block({c.x, y, c.z}, stone);
  }
  Pathfinder pf(w);
  int compared = 0;
  for (int q = 0; q < 60; ++q) {
    Coord a{int32_t(w.rng().below(40)), 0, int32_t(w.rng().below(40))};
    Coord b{int32_t(w.rng().below(40)), 0, int32_t(w.rng().below(40))};
    for (Coord* c : {&a, &b})
      while (!pf.walkable(*c) && c->y < 3) c->y++;
    PathOptions astar, dijkstra;
    astar.diagonals = dijkstra.diagonals = q % 2 == 0;
    dijkstra.heuristic = false;
    auto x = pf.find(a, b, astar), y = pf.find(a, b, dijkstra);
    ASSERT_EQ(x.status, y.status);
    if (!x.found()) continue;
    ++compared;
    EXPECT_EQ(x.cost, y.cost);
    EXPECT_LE(x.expanded, y.expanded);
    // Every step of the path is between walkable cells.
    for (Coord c : x.cells) EXPECT_TRUE(pf.walkable(c));
    // Deterministic: the same query gives the same path.
    EXPECT_EQ(pf.find(a, b, astar).cells, x.cells);
  }
  EXPECT_GT(compared, 30);
}

}  // namespace
}  // namespace plank::agent
