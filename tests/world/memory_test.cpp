#include <gtest/gtest.h>

#include <filesystem>
#include <sqlite3.h>
#include <unistd.h>

#include "test_util.h"
#include "world/memory/agent_memory.h"

namespace plank::memory {
namespace {

using world::BlockRegistry;
using world::Box;
using world::Coord;
using world::World;

// A fresh folder for database files, removed with everything in it at the end of the test.
struct TempDir {
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("plank-memory-test-" + std::to_string(::getpid()));
  TempDir() {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
  }
  ~TempDir() { std::filesystem::remove_all(dir); }
  std::filesystem::path file(const char* name) const { return dir / name; }
};

// A world with a red 2×2×2 cube named "cube", a blue 1×3 pillar and a 4-cell green wall.
struct Scene {
  std::shared_ptr<const BlockRegistry> reg = BlockRegistry::builtin();
  World world{reg};
  Scene() {
    world.fill(Box::of({0, 0, 0}, {1, 1, 1}), reg->iglu(3));
    world.annotate({"cube", {"red_thing", "small"}, {{0, 0, 0}}});
    world.fill(Box::of({10, 0, 10}, {10, 2, 10}), reg->iglu(1));
    world.fill(Box::of({-10, 0, 5}, {-7, 0, 5}), reg->iglu(2));
  }
};

TEST(Memory, OpensInMemoryByDefault) {
  std::string error;
  auto m = AgentMemory::open(":memory:", &error);
  ASSERT_TRUE(m) << error;
  EXPECT_EQ(m->journal_mode(), "memory");
  EXPECT_TRUE(m->objects({}).empty());
}

TEST(Memory, NextTickFollowsTheLatestStampOfEveryTable) {
  Scene s;
  auto m = AgentMemory::open();
  ASSERT_TRUE(m);
  EXPECT_EQ(m->next_tick(), 0u);
  ASSERT_TRUE(m->sync_objects(world::block_objects(s.world), 40));
  EXPECT_EQ(m->next_tick(), 41u);
  ASSERT_TRUE(m->add_triple("cube", "has_colour", "red", 70));
  EXPECT_EQ(m->next_tick(), 71u);
  ASSERT_TRUE(m->add_chat("speaker", "build a cube", 90));
  EXPECT_EQ(m->next_tick(), 91u);
  ASSERT_TRUE(m->add_reward(1.0, "speaker", 95));
  EXPECT_EQ(m->next_tick(), 96u);
}

TEST(Memory, QueriesByNameTagColourSizeLocationRecency) {
  Scene s;
  auto m = AgentMemory::open();
  ASSERT_TRUE(m);
  auto objects = world::block_objects(s.world);
  ASSERT_EQ(objects.size(), 3u);
  auto stats = m->sync_objects(objects, 100);
  ASSERT_TRUE(stats) << m->error();
  EXPECT_EQ(stats->inserted, 3u);

  auto cube = m->objects({.name = "cube"});
  ASSERT_EQ(cube.size(), 1u);
  EXPECT_EQ(cube[0].colour, "red");
  EXPECT_EQ(cube[0].size, 8);
  EXPECT_EQ(cube[0].bounds, Box::of({0, 0, 0}, {1, 1, 1}));
  EXPECT_EQ(cube[0].tags, (std::vector<std::string>{"red_thing", "small"}));
  EXPECT_EQ(m->object_cells(cube[0].id).size(), 8u);

  EXPECT_EQ(m->objects({.tag = "small"}).size(), 1u);
  ASSERT_EQ(m->objects({.colour = "blue"}).size(), 1u);
  EXPECT_EQ(m->objects({.colour = "blue"})[0].size, 3);
  EXPECT_EQ(m->objects({.min_size = 3, .max_size = 4}).size(), 2u);
  EXPECT_EQ(m->objects({.max_size = 3}).size(), 1u);
  EXPECT_EQ(m->objects({.within = Box::of({-20, -5, 0}, {0, 5, 10})}).size(), 1u);  // only the wall
  auto near = m->objects({.near = Coord{9, 0, 9}});
  ASSERT_EQ(near.size(), 3u);
  EXPECT_EQ(near[0].colour, "blue");
  EXPECT_EQ(near[1].colour, "red");
  EXPECT_EQ(m->objects({.near = Coord{-9, 0, 5}, .limit = 1})[0].colour, "green");

  // Recency: tagging touches an object.
  int64_t wall = m->objects({.colour = "green"})[0].id;
  ASSERT_TRUE(m->add_tag(wall, "fence", 200));
  auto recent = m->objects({.since = 150});
  ASSERT_EQ(recent.size(), 1u);
  EXPECT_EQ(recent[0].id, wall);
  EXPECT_EQ(m->objects({})[0].id, wall);  // newest first
  ASSERT_TRUE(m->remove_tag(wall, "fence", 201));
  EXPECT_TRUE(m->objects({.tag = "fence"}).empty());
  ASSERT_TRUE(m->set_name(wall, "fence", 202));
  EXPECT_EQ(m->objects({.name = "fence"}).size(), 1u);
  EXPECT_FALSE(m->set_name(9999, "x", 1));
  EXPECT_NE(m->error().find("no object 9999"), std::string::npos) << m->error();
}

TEST(Memory, SyncKeepsIdsAndForgetsWhatVanished) {
  Scene s;
  auto m = AgentMemory::open();
  ASSERT_TRUE(m->sync_objects(world::block_objects(s.world), 1));
  int64_t cube = m->objects({.name = "cube"})[0].id;
  ASSERT_TRUE(m->add_tag(cube, "mine", 2));
  // The cube grows, the pillar goes.
  s.world.set_block({2, 0, 0}, s.reg->iglu(3));
  s.world.fill(Box::of({10, 0, 10}, {10, 2, 10}), world::kAir);
  auto stats = m->sync_objects(world::block_objects(s.world), 10);
  ASSERT_TRUE(stats) << m->error();
  EXPECT_EQ(stats->updated, 2u);
  EXPECT_EQ(stats->removed, 1u);
  EXPECT_EQ(stats->inserted, 0u);
  auto now = m->object(cube);
  ASSERT_TRUE(now);
  EXPECT_EQ(now->size, 9);
  EXPECT_EQ(now->updated, 10u);
  EXPECT_EQ(now->created, 1u);
  EXPECT_EQ(now->tags, (std::vector<std::string>{"mine", "red_thing", "small"}));
  EXPECT_TRUE(m->objects({.colour = "blue"}).empty());
}

TEST(Memory, PersistsAcrossReopeningInWalMode) {
  TempDir tmp;
  auto path = tmp.file("persist.db");
  Scene s;
  int64_t cube = 0;
  {
    std::string error;
    auto m = AgentMemory::open(path.string(), &error);
    ASSERT_TRUE(m) << error;
    EXPECT_EQ(m->journal_mode(), "wal");
    ASSERT_TRUE(m->sync_objects(world::block_objects(s.world), 5));
    cube = m->objects({.name = "cube"})[0].id;
    ASSERT_TRUE(m->add_triple("cube", "built_by", "alice", 6));
    ASSERT_TRUE(m->add_chat("alice", "build a red cube", 3));
    ASSERT_TRUE(m->add_reward(1.5, "task", 7));
    ASSERT_TRUE(m->record_task({1, "build", "done", 3, 7}));
    s.world.add_entity(world::EntityKind::Mob, "", "pig", {{4.5, 0, 4.5}, 0, 0});
    ASSERT_TRUE(m->sync_mobs(s.world, 8));
  }
  auto m = AgentMemory::open(path.string());
  ASSERT_TRUE(m) << "reopen";
  auto again = m->objects({.name = "cube"});
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0].id, cube);
  EXPECT_EQ(again[0].tags.size(), 2u);
  EXPECT_EQ(m->object_cells(cube).size(), 8u);
  EXPECT_EQ(m->objects({}).size(), 3u);
  EXPECT_EQ(m->triples("cube", std::nullopt, std::nullopt).at(0).object, "alice");
  EXPECT_EQ(m->recent_chat(10).at(0).text, "build a red cube");
  EXPECT_DOUBLE_EQ(m->total_reward(), 1.5);
  EXPECT_EQ(m->tasks().at(0).status, "done");
  EXPECT_EQ(m->mobs({.type = "pig"}).size(), 1u);
}

TEST(Memory, ErrorsAreMessagesNotCrashes) {
  std::string error;
  EXPECT_FALSE(AgentMemory::open("/nonexistent-dir/x/y.db", &error));
  EXPECT_NE(error.find("/nonexistent-dir/x/y.db"), std::string::npos) << error;
  // A file from a future Plank: refused with both versions named.
  TempDir tmp;
  auto path = tmp.file("future.db");
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    sqlite3_exec(db, "CREATE TABLE schema_version(version INTEGER); INSERT INTO schema_version VALUES (99);", nullptr,
                 nullptr, nullptr);
    sqlite3_close(db);
  }
  EXPECT_FALSE(AgentMemory::open(path.string(), &error));
  EXPECT_NE(error.find("schema version 99"), std::string::npos) << error;
  // Not a database at all.
  auto junk = tmp.file("junk.db");
  { FILE* f = fopen(junk.c_str(), "w"); fputs("this is not sqlite, just text that is long enough to matter\n", f); fclose(f); }
  EXPECT_FALSE(AgentMemory::open(junk.string(), &error));
  EXPECT_FALSE(error.empty());
}

TEST(Memory, TriplesChatRewardsTasks) {
  auto m = AgentMemory::open();
  ASSERT_TRUE(m->add_triple("tower", "is", "tall", 1));
  ASSERT_TRUE(m->add_triple("tower", "owned_by", "bob", 2));
  ASSERT_TRUE(m->add_triple("house", "owned_by", "bob", 3));
  ASSERT_TRUE(m->add_triple("tower", "is", "tall", 4));  // again: refreshed, not duplicated
  EXPECT_EQ(m->triples("tower", std::nullopt, std::nullopt).size(), 2u);
  auto bobs = m->triples(std::nullopt, "owned_by", "bob");
  ASSERT_EQ(bobs.size(), 2u);
  EXPECT_EQ(bobs[0].subject, "house");  // newest first
  EXPECT_EQ(m->triples("tower", "is", std::nullopt).at(0).time, 4u);
  EXPECT_EQ(m->remove_triples(std::nullopt, "owned_by", std::nullopt), 2u);
  EXPECT_EQ(m->triples(std::nullopt, std::nullopt, std::nullopt).size(), 1u);

  ASSERT_TRUE(m->add_chat("alice", "hi", 1));
  ASSERT_TRUE(m->add_chat("bob", "build a tower", 2));
  ASSERT_TRUE(m->add_chat("alice", "stop", 3));
  EXPECT_EQ(m->recent_chat(2).size(), 2u);
  EXPECT_EQ(m->recent_chat(2)[0].text, "stop");
  EXPECT_EQ(m->recent_chat(0, "alice").size(), 2u);

  ASSERT_TRUE(m->add_reward(1, "a", 1));
  ASSERT_TRUE(m->add_reward(-0.25, "b", 5));
  EXPECT_DOUBLE_EQ(m->total_reward(), 0.75);
  EXPECT_EQ(m->rewards(2).size(), 1u);

  ASSERT_TRUE(m->record_task({1, "build", "running", 0, 0}));
  ASSERT_TRUE(m->record_task({2, "fetch", "cancelled", 3, 4}));
  ASSERT_TRUE(m->record_task({1, "build", "done", 0, 9}));  // updated in place
  EXPECT_EQ(m->tasks().size(), 2u);
  EXPECT_EQ(m->tasks("done").at(0).finished, 9u);
}

TEST(Memory, MobsFollowTheWorld) {
  World w(BlockRegistry::builtin());
  auto pig = w.add_entity(world::EntityKind::Mob, "", "pig", {{3.5, 0, 3.5}, 0, 0});
  w.add_entity(world::EntityKind::Mob, "daisy", "cow", {{-6.5, 0, 2.5}, 0, 0});
  auto m = AgentMemory::open();
  auto stats = m->sync_mobs(w, 1);
  ASSERT_TRUE(stats);
  EXPECT_EQ(stats->inserted, 2u);
  EXPECT_EQ(m->mobs({.name = "daisy"}).at(0).type, "cow");
  EXPECT_EQ(m->mobs({.near = Coord{-5, 0, 2}}).at(0).type, "cow");
  EXPECT_EQ(m->mobs({.within = Box::of({0, -1, 0}, {5, 2, 5})}).size(), 1u);
  w.set_pose(pig, {{20.5, 0, 20.5}, 0, 0});
  w.remove_entity(pig + 1);
  stats = m->sync_mobs(w, 2);
  EXPECT_EQ(stats->updated, 1u);
  EXPECT_EQ(stats->removed, 1u);
  auto pigs = m->mobs({.type = "pig"});
  ASSERT_EQ(pigs.size(), 1u);
  EXPECT_DOUBLE_EQ(pigs[0].pos.x, 20.5);
  EXPECT_EQ(pigs[0].updated, 2u);
}

}  // namespace
}  // namespace plank::memory
