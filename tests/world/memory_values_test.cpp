// Issue 24: what the agent's memory is given comes back exactly, and each
// multi-statement action is one transaction, also inside another.
#include <gtest/gtest.h>

#include <cstdio>

#include "world/memory/agent_memory.h"

namespace plank::memory {
namespace {

world::BlockObject small_object(std::vector<std::string> tags) {
  world::BlockObject o;
  o.cells = {{0, 0, 0}, {0, 1, 0}};
  o.bounds = world::Box::of({0, 0, 0}, {0, 1, 0});
  o.blocks["stone"] = 2;
  o.tags = std::move(tags);
  return o;
}

// Before the fix tags were read back joined by the byte 0x1F and split on it:
// a tag holding that byte came back as two tags.
TEST(MemoryValues, TagsHoldingAnyByteComeBackWhole) {
  auto m = AgentMemory::open();
  ASSERT_TRUE(m);
  const std::string with_separator = std::string("left") + '\x1f' + "right";
  const std::string with_nul("nul\0byte", 8);
  std::vector<std::string> tags = {with_separator, "a,b", "", with_nul, "\xc3\xa9t\xc3\xa9", "0A,FF"};
  auto id = m->add_object(small_object(tags), 1);
  ASSERT_TRUE(id) << m->error();
  auto back = m->object(*id);
  ASSERT_TRUE(back);
  std::sort(tags.begin(), tags.end());
  EXPECT_EQ(back->tags, tags);
  ObjectQuery q;
  q.tag = with_separator;
  ASSERT_EQ(m->objects(q).size(), 1u);
  EXPECT_EQ(m->objects(q)[0].tags, tags);
  // No tags at all is an empty list, one empty tag is a list of one.
  auto none = m->add_object(small_object({}), 2);
  ASSERT_TRUE(none);
  EXPECT_TRUE(m->object(*none)->tags.empty());
  auto empty = m->add_object(small_object({""}), 3);
  ASSERT_TRUE(empty);
  EXPECT_EQ(m->object(*empty)->tags, std::vector<std::string>{""});
}

TEST(MemoryValues, TaggingIsOneTransactionAlsoInsideAnother) {
  auto m = AgentMemory::open();
  ASSERT_TRUE(m);
  auto id = m->add_object(small_object({"first"}), 1);  // add_tag inside add_object's transaction
  ASSERT_TRUE(id) << m->error();
  EXPECT_FALSE(m->database().in_transaction());
  ASSERT_TRUE(m->add_tag(*id, "second", 5));
  EXPECT_FALSE(m->database().in_transaction());
  auto o = m->object(*id);
  EXPECT_EQ(o->tags, (std::vector<std::string>{"first", "second"}));
  EXPECT_EQ(o->updated, 5u);
  // Inside an outer transaction that rolls back, the tag goes with it.
  {
    Transaction outer(m->database());
    ASSERT_TRUE(m->add_tag(*id, "third", 9));
    EXPECT_TRUE(m->database().in_transaction());  // the inner one joined; nothing committed yet
  }
  EXPECT_EQ(m->object(*id)->tags, (std::vector<std::string>{"first", "second"}));
  EXPECT_EQ(m->object(*id)->updated, 5u);
  ASSERT_TRUE(m->remove_tag(*id, "first", 10));
  EXPECT_EQ(m->object(*id)->tags, std::vector<std::string>{"second"});
}

}  // namespace
}  // namespace plank::memory

namespace plank::memory {
namespace {

// Creating the schema is one transaction: when it fails half-way (here a view
// named `chat` cannot be indexed) nothing of it stays. Before the fix the
// seven tables created before the failure stayed, and a writer killed while
// creating them left the same half schema.
TEST(MemoryValues, ASchemaThatFailsHalfWayLeavesNothing) {
  std::string path = ::testing::TempDir() + "plank_half_schema.db";
  std::remove(path.c_str());
  {
    Database db(path);
    ASSERT_TRUE(db.exec("CREATE VIEW chat AS SELECT 1 AS time"));
  }
  std::string error;
  EXPECT_FALSE(AgentMemory::open(path, &error));
  EXPECT_NE(error.find("cannot create the memory schema"), std::string::npos) << error;
  Database db(path);
  Statement st = db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'");
  ASSERT_TRUE(st.step());
  EXPECT_EQ(st.i64(0), 0);
  st = Statement();
  std::remove(path.c_str());
}

}  // namespace
}  // namespace plank::memory
