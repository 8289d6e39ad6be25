#include <gtest/gtest.h>

#include <algorithm>

#include "test_util.h"
#include "world/agent/action_log.h"
#include "world/agent/observer_hub.h"
#include "world/agent/task_stack.h"

namespace plank::agent {
namespace {

using world::BlockId;
using world::Coord;
using world::BlockRegistry;
using world::Box;
using world::World;

// Everything that makes a world what it is, in a comparable form: every stored
// changed cell (the chunk store's contents, sorted), every entity (ids, order,
// poses) and every annotation (order included).
struct Snapshot {
  std::vector<std::pair<Coord, BlockId>> cells;
  std::vector<world::Entity> entities;
  std::vector<world::Annotation> annotations;
  friend bool operator==(const Snapshot&, const Snapshot&) = default;
};

Snapshot snapshot(const World& w) {
  Snapshot s;
  w.store().for_each_changed([&](Coord c, BlockId id) { s.cells.push_back({c, id}); });
  std::sort(s.cells.begin(), s.cells.end());
  s.entities = w.entities();
  s.annotations = w.annotations();
  return s;
}

// One random mutation of any kind the world has, inside a region of `size` around `origin`.
void random_change(World& w, Coord origin, int size) {
  auto& rng = w.rng();
  const auto& reg = w.registry();
  auto cell = [&] {
    return Coord{origin.x + int32_t(rng.below(uint64_t(size))), origin.y - 3 + int32_t(rng.below(8)),
                 origin.z + int32_t(rng.below(uint64_t(size)))};
  };
  auto block = [&] { return BlockId(rng.below(reg.size())); };  // air included: digs
  switch (rng.below(10)) {
    case 0: case 1: case 2: case 3: w.set_block(cell(), block()); break;
    case 4: w.fill(Box::of(cell(), cell() + Coord{int32_t(rng.below(3)), int32_t(rng.below(3)), 0}), block()); break;
    case 5: {
      world::Pose p{{origin.x + rng.unit() * size, double(rng.below(4)), origin.z + rng.unit() * size}, rng.unit() * 360, 0};
      w.add_entity(world::EntityKind::Mob, "", "pig", p);
      break;
    }
    case 6: case 7: {
      const auto& es = w.entities();
      const auto& e = es[rng.below(es.size())];
      w.set_pose(e.id, world::Pose{{rng.unit() * 9, 0, rng.unit() * 9}, rng.unit() * 360, rng.unit() * 90});
      break;
    }
    case 8: {
      const auto& es = w.entities();
      w.remove_entity(es[rng.below(es.size())].id);  // the agent refuses: a no-op
      break;
    }
    case 9: w.annotate({"thing", {"t" + std::to_string(rng.below(3))}, {cell(), cell()}}); break;
  }
}

TEST(ActionLog, PropertyRandomChangesThenUndoAllRestoresTheWorldExactly) {
  for (uint64_t seed : {1, 2, 3}) {
    World w(BlockRegistry::builtin(), world::WorldOptions{seed});
    w.set_block({2, 0, 2}, 5);  // some state before the log starts
    w.add_entity(world::EntityKind::Speaker, "alice", "player", {});
    Snapshot before = snapshot(w);
    ActionLog log(w);
    for (int action = 0; action < 300; ++action) {
      log.begin(TaskId(1 + w.rng().below(5)), "random");
      int n = 1 + int(w.rng().below(12));
      for (int i = 0; i < n; ++i) random_change(w, {-8, 0, -8}, 20);
      log.end();
    }
    ASSERT_GT(log.change_count(), 1000u);
    ASSERT_NE(snapshot(w), before);
    auto r = log.undo_all();
    ASSERT_TRUE(r.ok);
    EXPECT_EQ(snapshot(w), before) << "seed " << seed;
    EXPECT_TRUE(log.actions().empty());
  }
}

TEST(ActionLog, PropertyUndoLastStepByStepRetracesEveryState) {
  World w(BlockRegistry::builtin(), world::WorldOptions{11});
  ActionLog log(w);
  std::vector<Snapshot> states{snapshot(w)};
  for (int action = 0; action < 60; ++action) {
    size_t logged = log.actions().size();
    log.begin(1, "random");
    for (int i = 0; i < 5; ++i) random_change(w, {0, 0, 0}, 10);
    log.end();
    if (log.actions().size() > logged) states.push_back(snapshot(w));  // (an action that changed nothing is dropped)
  }
  // Each undo_last must land exactly on the state before that action.
  while (!log.actions().empty()) {
    ASSERT_EQ(snapshot(w), states.back());
    states.pop_back();
    ASSERT_TRUE(log.undo_last().ok);
  }
  EXPECT_EQ(snapshot(w), states.front());
}

TEST(ActionLog, PropertyUndoTasksOnDisjointRegionsInAnyOrder) {
  World w(BlockRegistry::builtin(), world::WorldOptions{21});
  Snapshot before = snapshot(w);
  ActionLog log(w);
  // Task t works only on blocks in its own 16-wide strip, interleaved with the others.
  for (int action = 0; action < 400; ++action) {
    TaskId t = 1 + w.rng().below(6);
    log.begin(t, "build");
    for (int i = 0; i < 4; ++i) {
      Coord c{int32_t(t) * 16 + int32_t(w.rng().below(12)), int32_t(w.rng().below(6)) - 2, int32_t(w.rng().below(12))};
      w.set_block(c, BlockId(w.rng().below(w.registry().size())));
    }
    log.end();
  }
  std::vector<TaskId> order{1, 2, 3, 4, 5, 6};
  for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[w.rng().below(i)]);
  for (TaskId t : order) {
    auto r = log.undo(t);
    ASSERT_TRUE(r.ok) << r.reason;
    // Nothing of task t's strip remains changed.
    w.store().for_each_changed([&](Coord c, BlockId) { EXPECT_NE(c.x / 16, int32_t(t)); });
  }
  EXPECT_EQ(snapshot(w), before);
}

TEST(ActionLog, UndoOfATaskRefusesToClobberLaterWork) {
  auto reg = BlockRegistry::builtin();
  World w(reg);
  ActionLog log(w);
  log.begin(1, "build");
  w.set_block({0, 0, 0}, 1);
  log.end();
  log.begin(2, "paint");
  w.set_block({0, 0, 0}, 2);
  log.end();
  auto r = log.undo(1);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.reason.find("cell (0, 0, 0) was changed later by action 2 'paint' of task 2"), std::string::npos)
      << r.reason;
  EXPECT_EQ(w.block({0, 0, 0}), 2);  // nothing changed
  EXPECT_TRUE(log.undo(2).ok);
  EXPECT_TRUE(log.undo(1).ok);
  EXPECT_EQ(w.block({0, 0, 0}), world::kAir);
  EXPECT_FALSE(log.undo(1).ok);
  EXPECT_FALSE(log.undo_last().ok);
}

TEST(ActionLog, UnscopedChangesAreRecordedToo) {
  World w(BlockRegistry::builtin());
  ActionLog log(w);
  w.set_block({1, 0, 1}, 3);
  w.set_block({1, 1, 1}, 3);
  ASSERT_EQ(log.actions().size(), 1u);
  EXPECT_EQ(log.actions()[0].task, 0u);
  EXPECT_EQ(log.actions()[0].changes.size(), 2u);
  log.begin(4, "x");  // closes the implicit group
  log.end();           // an empty action is dropped
  EXPECT_EQ(log.actions().size(), 1u);
  EXPECT_TRUE(log.undo_last().ok);
  EXPECT_EQ(w.block({1, 1, 1}), world::kAir);
}

TEST(ObserverHub, ForwardsToEveryObserver) {
  World w(BlockRegistry::builtin());
  ObserverHub hub;
  ActionLog a(w, false), b(w, false);
  hub.add(&a);
  hub.add(&b);
  w.set_observer(&hub);
  w.set_block({0, 0, 0}, 1);
  EXPECT_EQ(a.change_count(), 1u);
  EXPECT_EQ(b.change_count(), 1u);
  w.set_observer(nullptr);
}

TEST(TaskStack, PushPauseResumeCancel) {
  TaskStack s;
  TaskId build = s.push("build", 0);
  TaskId fetch = s.push("fetch wood", 5);
  EXPECT_EQ(s.current(), fetch);
  EXPECT_EQ(s.task(fetch)->parent, build);
  EXPECT_EQ(s.stop(), fetch);  // STOP pauses the top
  EXPECT_EQ(s.task(fetch)->status, TaskStatus::Paused);
  EXPECT_FALSE(s.current());
  EXPECT_FALSE(s.pause(fetch));  // already paused
  EXPECT_EQ(s.resume_top(), fetch);
  EXPECT_EQ(s.current(), fetch);
  TaskId chop = s.push("chop", 7);
  // Cancelling "fetch wood" cancels "chop" above it; "build" carries on.
  EXPECT_TRUE(s.cancel(fetch, 9));
  EXPECT_EQ(s.task(chop)->status, TaskStatus::Cancelled);
  EXPECT_EQ(s.task(fetch)->status, TaskStatus::Cancelled);
  EXPECT_EQ(s.task(fetch)->finished, 9u);
  EXPECT_EQ(s.stack(), std::vector<TaskId>{build});
  EXPECT_FALSE(s.cancel(fetch));  // gone from the stack
  EXPECT_TRUE(s.finish(build, true, 12));
  EXPECT_EQ(s.task(build)->status, TaskStatus::Done);
  EXPECT_FALSE(s.top());
  EXPECT_EQ(s.history().size(), 3u);
  EXPECT_STREQ(task_status_name(TaskStatus::Cancelled), "cancelled");
  EXPECT_TRUE(task_finished(TaskStatus::Failed));
  EXPECT_FALSE(s.task(99));
}

}  // namespace
}  // namespace plank::agent
