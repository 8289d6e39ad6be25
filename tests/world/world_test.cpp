#include <gtest/gtest.h>

#include <cmath>

#include "test_util.h"
#include "world/voxels/perception.h"
#include "world/voxels/raycast.h"
#include "world/voxels/world.h"

namespace plank::world {
namespace {

using test::id;

struct Recorder : WorldObserver {
  std::vector<BlockChange> changes;
  int entity_events = 0;
  void on_block(const BlockChange& c) override { changes.push_back(c); }
  void on_entity(const Entity*, const Entity*) override { ++entity_events; }
};

TEST(World, DefaultGroundAndAgent) {
  auto r = BlockRegistry::builtin();
  World w(r);
  EXPECT_EQ(w.block({3, -1, 3}), id(*r, "grass_block"));
  EXPECT_EQ(w.block({3, -2, 3}), id(*r, "dirt"));
  EXPECT_EQ(w.block({3, -9, 3}), id(*r, "stone"));
  EXPECT_EQ(w.block({3, 0, 3}), kAir);
  EXPECT_EQ(w.agent().kind, EntityKind::Agent);
  EXPECT_DOUBLE_EQ(w.agent().pose.pos.y, 0);
}

TEST(World, EveryMutationReachesTheObserver) {
  auto r = BlockRegistry::builtin();
  World w(r);
  Recorder rec;
  w.set_observer(&rec);
  w.set_block({0, 0, 0}, r->iglu(3));
  w.set_block({0, 0, 0}, r->iglu(3));  // no change, no event
  w.fill(Box::of({0, 0, 0}, {1, 1, 0}), r->iglu(1));
  ASSERT_EQ(rec.changes.size(), 5u);
  EXPECT_EQ(rec.changes[0].before, kAir);
  EXPECT_EQ(rec.changes[1].before, r->iglu(3));
  EntityId s = w.add_entity(EntityKind::Speaker, "bob", "player", {});
  w.set_pose(s, Pose{{1, 0, 1}, 90, 0});
  w.remove_entity(s);
  EXPECT_EQ(rec.entity_events, 3);
  EXPECT_FALSE(w.remove_entity(w.agent().id));
}

TEST(World, SameSeedSameRandomStream) {
  auto r = BlockRegistry::builtin();
  World a(r, WorldOptions{42}), b(r, WorldOptions{42}), c(r, WorldOptions{43});
  for (int i = 0; i < 10; ++i) {
    uint64_t x = a.rng().next();
    EXPECT_EQ(x, b.rng().next());
    EXPECT_NE(x, c.rng().next());
  }
}

TEST(Raycast, SpeakerLooksAtTheFirstSolidBlock) {
  auto r = BlockRegistry::builtin();
  World w(r);
  w.set_block({0, 1, 5}, r->iglu(3));
  w.set_block({0, 1, 8}, r->iglu(1));  // behind the first: not seen
  // Standing at (0.5, 0, 0.5), eyes at 1.62, looking along +z (yaw 0), slightly down.
  EntityId s = w.add_entity(EntityKind::Speaker, "alice", "player", Pose{{0.5, 0, 0.5}, 0, 5});
  auto hit = look_target(w, *w.entity(s));
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->block, (Coord{0, 1, 5}));
  EXPECT_EQ(hit->normal, (Coord{0, 0, -1}));
  EXPECT_EQ(hit->adjacent(), (Coord{0, 1, 4}));
  EXPECT_NEAR(hit->distance, 4.5 / std::cos(5 * 3.14159265 / 180), 1e-3);
}

TEST(Raycast, LookingDownHitsTheGroundAndTheSkyHitsNothing) {
  auto r = BlockRegistry::builtin();
  World w(r);
  Pose down{{2.5, 0, 2.5}, 0, 90};
  auto hit = raycast(w, eye_position(down), look_direction(down));
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->block, (Coord{2, -1, 2}));
  EXPECT_EQ(hit->normal, (Coord{0, 1, 0}));
  Pose up{{2.5, 0, 2.5}, 0, -90};
  EXPECT_FALSE(raycast(w, eye_position(up), look_direction(up)));
  // Yaw 90 looks toward -x.
  w.set_block({-3, 1, 2}, r->iglu(2));
  Pose west{{2.5, 0, 2.5}, 90, 0};
  w.set_block({-3, 1, 2}, r->iglu(2));
  auto west_hit = raycast(w, Vec3{2.5, 1.5, 2.5}, look_direction(west));
  ASSERT_TRUE(west_hit);
  EXPECT_EQ(west_hit->block, (Coord{-3, 1, 2}));
}

TEST(Perception, TwoSeparateCubesAreTwoObjectsWithBoundsAndColours) {
  auto r = BlockRegistry::builtin();
  World w(r);
  w.fill(Box::of({0, 0, 0}, {1, 1, 1}), r->iglu(3));
  w.fill(Box::of({5, 0, 0}, {7, 2, 2}), r->iglu(1));
  w.set_block({7, 2, 2}, r->iglu(6));
  auto objects = block_objects(w);
  ASSERT_EQ(objects.size(), 2u);
  EXPECT_EQ(objects[0].size(), 8u);
  EXPECT_EQ(objects[0].bounds, Box::of({0, 0, 0}, {1, 1, 1}));
  EXPECT_EQ(objects[0].colours.at("red"), 8);
  EXPECT_EQ(objects[1].size(), 27u);
  EXPECT_EQ(objects[1].bounds, Box::of({5, 0, 0}, {7, 2, 2}));
  EXPECT_EQ(objects[1].colours.at("blue"), 26);
  EXPECT_EQ(objects[1].colours.at("yellow"), 1);
  EXPECT_EQ(objects[1].dominant_colour(), "blue");
  // Touching at a corner joins them (26-neighbourhood).
  w.set_block({2, 2, 2}, r->iglu(3));
  w.set_block({3, 2, 2}, r->iglu(3));
  w.set_block({4, 2, 2}, r->iglu(3));
  EXPECT_EQ(block_objects(w).size(), 1u);
}

TEST(Perception, NamesAndTagsComeFromAnnotations) {
  auto r = BlockRegistry::builtin();
  World w(r);
  w.fill(Box::of({0, 0, 0}, {2, 3, 2}), id(*r, "oak_planks"));
  w.annotate({"house", {"wooden", "small"}, {{0, 0, 0}}});
  w.set_block({10, 0, 10}, r->iglu(4));
  auto objects = block_objects(w);
  ASSERT_EQ(objects.size(), 2u);
  EXPECT_EQ(objects[0].names, std::vector<std::string>{"house"});
  EXPECT_EQ(objects[0].tags, (std::vector<std::string>{"wooden", "small"}));
  EXPECT_TRUE(objects[1].names.empty());
}

TEST(Perception, HolesAreNegativeShapesInTheGround) {
  auto r = BlockRegistry::builtin();
  World w(r);
  w.fill(Box::of({0, -3, 0}, {2, -1, 1}), kAir);  // a 3x3x2 pit
  w.set_block({9, -1, 9}, kAir);                  // a one-block hole
  w.set_block({0, 5, 0}, kAir);                   // air over air changes nothing
  EXPECT_TRUE(block_objects(w).empty());
  auto hs = holes(w);
  ASSERT_EQ(hs.size(), 2u);
  EXPECT_TRUE(hs[0].hole);
  EXPECT_EQ(hs[0].size(), 18u);
  EXPECT_EQ(hs[0].bounds, Box::of({0, -3, 0}, {2, -1, 1}));
  EXPECT_EQ(hs[1].size(), 1u);
  // Filling it back makes the hole disappear.
  w.fill(hs[1].bounds, w.natural({9, -1, 9}));
  EXPECT_EQ(holes(w).size(), 1u);
}

}  // namespace
}  // namespace plank::world
