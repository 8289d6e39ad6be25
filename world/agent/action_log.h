// The action log: a WorldObserver that records every change the world reports
// (block: cell, old, new; entity: old and new state; annotation: index, old,
// new), grouped into actions, each belonging to a task. UNDO replays a group's
// changes backwards through the same World calls, so the world comes back bit
// for bit: blocks, entities (ids and order) and annotations.
//
// Changes made while no action is open are grouped into an implicit action
// (task 0, "world") that the next begin() closes, so nothing goes unrecorded.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "world/agent/task_stack.h"
#include "world/voxels/world.h"

namespace plank::agent {

struct Change {
  enum class Kind : uint8_t { Block, Entity, Annotation } kind = Kind::Block;
  world::BlockChange block{};                     // Kind::Block
  std::optional<world::Entity> entity_before, entity_after;  // Kind::Entity: empty = absent
  size_t annotation_index = 0;                    // Kind::Annotation
  std::optional<world::Annotation> annotation_before, annotation_after;
};

struct ActionRecord {
  uint64_t id = 0;  // increasing, never reused
  TaskId task = 0;
  std::string name;
  uint64_t tick = 0;  // game tick when it began
  std::vector<Change> changes;
};

struct UndoResult {
  bool ok = false;
  size_t actions = 0, changes = 0;  // what was reverted
  std::string reason;               // why not, when !ok
};

class ActionLog : public world::WorldObserver {
 public:
  // Observes `world` (replacing its observer; use an ObserverHub to share).
  explicit ActionLog(world::World& world, bool attach = true);
  ~ActionLog() override;
  ActionLog(const ActionLog&) = delete;
  ActionLog& operator=(const ActionLog&) = delete;

  // Groups the changes until end() into one action of `task`.
  uint64_t begin(TaskId task, std::string name, uint64_t tick = 0);
  void end();

  // Reverts the last action (LIFO): always exact.
  UndoResult undo_last();
  // Reverts every action of `task`, newest first. Refused, changing nothing,
  // when a later action of another task changed the same cells or entities
  // (reverting would clobber its work); the reason names the first conflict.
  UndoResult undo(TaskId task);
  // Reverts everything (used by tests and "undo all").
  UndoResult undo_all();

  const std::vector<ActionRecord>& actions() const { return actions_; }
  size_t change_count() const;
  void clear() { actions_.clear(); open_ = false; }

  void on_block(const world::BlockChange& c) override;
  void on_entity(const world::Entity* before, const world::Entity* after) override;
  void on_annotation(size_t index, const world::Annotation* before, const world::Annotation* after) override;

 private:
  ActionRecord& current();
  void revert(const ActionRecord& a);
  world::World& world_;
  bool attached_;
  std::vector<ActionRecord> actions_;
  bool open_ = false;       // actions_.back() is still collecting changes
  bool replaying_ = false;  // undo's own World calls are not recorded
  uint64_t next_id_ = 1;
};

}  // namespace plank::agent
