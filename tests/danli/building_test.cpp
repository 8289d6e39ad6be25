// Building tasks in a Plank world (MinePlanner-style): the PDDL problem generated from the world, the
// plan run through the world runtime, and the world checked afterwards -- the structure stands, and
// nothing else was built.
#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <iostream>
#include <regex>

#include "agents/danli/loop/build_episode.h"
#include "world/voxels/block_registry.h"
#include "world/voxels/entities.h"

namespace plank::danli {
namespace {

std::unique_ptr<world::World> flat() {
  return std::make_unique<world::World>(world::BlockRegistry::builtin(), world::WorldOptions{});
}

Structure structure(const std::string& kind, world::Coord origin, int size) {
  std::string why;
  auto s = make_structure(kind, origin, size, "cobblestone", &why);
  EXPECT_TRUE(s) << why;
  return s ? *s : Structure{};
}

// Cobblestone blocks in the box around the agent and the structure (there is none before).
int cobblestone_near(const world::World& w) {
  auto id = *w.registry().find("cobblestone");
  int n = 0;
  for (int x = -6; x <= 14; ++x)
    for (int y = -4; y <= 6; ++y)
      for (int z = -6; z <= 10; ++z) n += w.block({x, y, z}) == id;
  return n;
}

// An after_step hook that takes the structure's first standing block away again, once (*knocked then
// says it did): the builder must notice and place it anew.
std::function<void(int, world::World&)> knock_out_first_block(const Structure& s, bool* knocked) {
  return [&s, knocked](int, world::World& world) {
    if (*knocked) return;
    auto air = *world.registry().find("air");
    for (const auto& c : s.cells)
      if (world.block(c) != air) {
        world.set_block(c, air);
        *knocked = true;
        return;
      }
  };
}

void print_trace(const BuildResult& r) {
  if (std::getenv("PLANK_PRINT_TRACE")) std::cout << trace_text(r.trace);
}

TEST(DanliBuilding, BuildsAWallACabinAndABridgeInTheWorld) {
  struct Case {
    const char* kind;
    world::Coord origin;
    int size;
  };
  for (const Case& c : {Case{"wall", {2, 0, 2}, 4}, Case{"cabin", {3, 0, -1}, 3}}) {
    SCOPED_TRACE(c.kind);
    auto w = flat();
    Structure s = structure(c.kind, c.origin, c.size);
    ASSERT_FALSE(structure_built(*w, s));
    BuildResult r = run_build(*w, s, {});
    print_trace(r);
    EXPECT_TRUE(r.success) << r.why << "\n" << trace_text(r.trace);
    EXPECT_TRUE(structure_built(*w, s));
    EXPECT_EQ(cobblestone_near(*w), int(s.cells.size()));  // every block placed is the structure's
    EXPECT_GT(r.ticks, 0u);
  }

  // A bridge over a trench 6 wide and 3 deep (make_build_site): its far end is out of reach from the
  // bank, so the agent must stand on the bridge as it grows (the trench runs 21 blocks along z).
  std::string why;
  auto site = make_build_site("bridge", 6, "cobblestone", &why);
  ASSERT_TRUE(site) << why;
  auto& w = site->world;
  Structure bridge = site->structure;
  BuildResult r = run_build(*w, bridge, {});
  print_trace(r);
  EXPECT_TRUE(r.success) << r.why << "\n" << trace_text(r.trace);
  EXPECT_TRUE(structure_built(*w, bridge));
  EXPECT_EQ(cobblestone_near(*w), int(bridge.cells.size()));
  // It ends over the trench: it stood on the bridge to place the far blocks.
  world::Coord feet = world::cell_of(w->agent().pose.pos);
  EXPECT_GE(feet.x, 2) << feet.x;
  EXPECT_LE(feet.x, 7) << feet.x;
}

TEST(DanliBuilding, ReplansWhenABlockIsKnockedOut) {
  auto w = flat();
  Structure s = structure("wall", {2, 0, 2}, 3);
  BuildOptions o;
  bool knocked = false;
  o.after_step = knock_out_first_block(s, &knocked);
  BuildResult r = run_build(*w, s, o);
  print_trace(r);
  ASSERT_TRUE(knocked);
  EXPECT_TRUE(r.success) << r.why << "\n" << trace_text(r.trace);
  EXPECT_GE(r.rounds, 2);
  EXPECT_TRUE(structure_built(*w, s));
}

// The inventory bounds what is placed: too few blocks and nothing is built (the reason gives both
// counts); exactly enough and all are spent; a block knocked out costs one more, which a tight
// inventory does not have: the round that finds itself one short stops there and says so.
TEST(DanliBuilding, TheInventoryLimitsTheBlocksPlaced) {
  {
    auto w = flat();
    Structure s = structure("wall", {2, 0, 2}, 4);  // 8 cells
    BuildOptions o;
    o.inventory = 6;
    BuildResult r = run_build(*w, s, o);
    EXPECT_FALSE(r.success);
    EXPECT_NE(r.why.find("needs 8 more cobblestone and the agent holds 6"), std::string::npos) << r.why;
    EXPECT_EQ(cobblestone_near(*w), 0);
    o.inventory = 8;
    r = run_build(*w, s, o);
    EXPECT_TRUE(r.success) << r.why;
    EXPECT_EQ(r.placed, 8);
    EXPECT_EQ(r.blocks_left, 0);
    EXPECT_EQ(cobblestone_near(*w), 8);
  }
  for (int inventory : {6, 7}) {
    SCOPED_TRACE(inventory);
    auto w = flat();
    Structure s = structure("wall", {2, 0, 2}, 3);  // 6 cells
    BuildOptions o;
    o.inventory = inventory;
    bool knocked = false;
    o.after_step = knock_out_first_block(s, &knocked);
    BuildResult r = run_build(*w, s, o);
    ASSERT_TRUE(knocked);
    EXPECT_EQ(r.success, inventory == 7) << r.why << "\n" << trace_text(r.trace);
    EXPECT_EQ(r.placed + r.blocks_left, inventory);
    EXPECT_EQ(cobblestone_near(*w), r.placed - 1);  // the knocked-out block is gone
    if (inventory == 7) {
      EXPECT_EQ(r.blocks_left, 0);
    } else {
      std::smatch m;
      ASSERT_TRUE(std::regex_search(r.why, m, std::regex("needs (\\d+) more cobblestone and the agent holds (\\d+)")))
          << r.why;
      EXPECT_EQ(std::stoi(m[1]), std::stoi(m[2]) + 1) << r.why;
      EXPECT_EQ(std::stoi(m[2]), r.blocks_left);
    }
  }
}

TEST(DanliBuilding, BadStructuresAreErrorsThatSaySo) {
  std::string why;
  EXPECT_FALSE(make_structure("tower", {0, 0, 0}, 3, "cobblestone", &why));
  EXPECT_NE(why.find("wall, bridge or cabin"), std::string::npos) << why;
  EXPECT_FALSE(make_structure("wall", {0, 0, 0}, 40, "cobblestone", &why));
  // A cell the structure needs is taken by another block: no plan, and the reason names it.
  auto w = flat();
  w->set_block({3, 0, 2}, *w->registry().find("oak_planks"));
  BuildResult r = run_build(*w, structure("wall", {2, 0, 2}, 3), {});
  EXPECT_FALSE(r.success);
  EXPECT_NE(r.why.find("oak_planks"), std::string::npos) << r.why;
}

}  // namespace
}  // namespace plank::danli
