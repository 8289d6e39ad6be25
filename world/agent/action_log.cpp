#include "world/agent/action_log.h"

#include <map>
#include <set>

#include <fmt/format.h>

namespace plank::agent {

ActionLog::ActionLog(world::World& world, bool attach) : world_(world), attached_(attach) {
  if (attach) world_.set_observer(this);
}

ActionLog::~ActionLog() {
  if (attached_) world_.set_observer(nullptr);
}

uint64_t ActionLog::begin(TaskId task, std::string name, uint64_t tick) {
  actions_.push_back(ActionRecord{next_id_++, task, std::move(name), tick, {}});
  open_ = true;
  return actions_.back().id;
}

void ActionLog::end() {
  // An action that changed nothing is not worth undoing.
  if (open_ && actions_.back().changes.empty()) actions_.pop_back();
  open_ = false;
}

ActionRecord& ActionLog::current() {
  if (!open_) begin(0, "world");
  return actions_.back();
}

void ActionLog::on_block(const world::BlockChange& c) {
  if (replaying_) return;
  Change ch;
  ch.kind = Change::Kind::Block;
  ch.block = c;
  current().changes.push_back(std::move(ch));
}

void ActionLog::on_entity(const world::Entity* before, const world::Entity* after) {
  if (replaying_) return;
  Change ch;
  ch.kind = Change::Kind::Entity;
  if (before) ch.entity_before = *before;
  if (after) ch.entity_after = *after;
  current().changes.push_back(std::move(ch));
}

void ActionLog::on_annotation(size_t index, const world::Annotation* before, const world::Annotation* after) {
  if (replaying_) return;
  Change ch;
  ch.kind = Change::Kind::Annotation;
  ch.annotation_index = index;
  if (before) ch.annotation_before = *before;
  if (after) ch.annotation_after = *after;
  current().changes.push_back(std::move(ch));
}

size_t ActionLog::change_count() const {
  size_t n = 0;
  for (const auto& a : actions_) n += a.changes.size();
  return n;
}

void ActionLog::revert(const ActionRecord& a) {
  replaying_ = true;
  for (auto it = a.changes.rbegin(); it != a.changes.rend(); ++it) {
    const Change& ch = *it;
    switch (ch.kind) {
      case Change::Kind::Block:
        world_.set_block(ch.block.at, ch.block.before);
        break;
      case Change::Kind::Entity:
        if (!ch.entity_before) world_.remove_entity(ch.entity_after->id);        // it was added
        else if (!ch.entity_after) world_.restore_entity(*ch.entity_before);     // it was removed
        else world_.set_pose(ch.entity_before->id, ch.entity_before->pose);      // it moved
        break;
      case Change::Kind::Annotation:
        if (!ch.annotation_before) world_.erase_annotation(ch.annotation_index);
        else world_.insert_annotation(ch.annotation_index, *ch.annotation_before);
        break;
    }
  }
  replaying_ = false;
}

UndoResult ActionLog::undo_last() {
  end();
  UndoResult r;
  if (actions_.empty()) {
    r.reason = "nothing to undo";
    return r;
  }
  revert(actions_.back());
  r.ok = true;
  r.actions = 1;
  r.changes = actions_.back().changes.size();
  actions_.pop_back();
  return r;
}

UndoResult ActionLog::undo_all() {
  end();
  UndoResult r{true, 0, 0, {}};
  while (!actions_.empty()) {
    UndoResult one = undo_last();
    r.actions += one.actions;
    r.changes += one.changes;
  }
  return r;
}

UndoResult ActionLog::undo(TaskId task) {
  end();
  UndoResult r;
  // What the task touched; then whether any later action of another task touched it too.
  std::set<world::Coord> cells;
  std::set<world::EntityId> entities;
  bool annotations = false;
  size_t first = actions_.size();
  for (size_t i = 0; i < actions_.size(); ++i) {
    if (actions_[i].task != task) continue;
    if (first == actions_.size()) first = i;
    for (const auto& ch : actions_[i].changes) {
      if (ch.kind == Change::Kind::Block) cells.insert(ch.block.at);
      else if (ch.kind == Change::Kind::Entity)
        entities.insert(ch.entity_before ? ch.entity_before->id : ch.entity_after->id);
      else annotations = true;
    }
  }
  if (first == actions_.size()) {
    r.reason = fmt::format("task {} changed nothing that can be undone", task);
    return r;
  }
  for (size_t i = first; i < actions_.size(); ++i) {
    const ActionRecord& a = actions_[i];
    if (a.task == task) continue;
    for (const auto& ch : a.changes) {
      std::string conflict;
      if (ch.kind == Change::Kind::Block && cells.count(ch.block.at))
        conflict = fmt::format("cell ({}, {}, {})", ch.block.at.x, ch.block.at.y, ch.block.at.z);
      else if (ch.kind == Change::Kind::Entity &&
               entities.count(ch.entity_before ? ch.entity_before->id : ch.entity_after->id))
        conflict = fmt::format("entity {}", ch.entity_before ? ch.entity_before->id : ch.entity_after->id);
      else if (ch.kind == Change::Kind::Annotation && annotations)
        conflict = "the annotations";  // indices shift: only LIFO undo keeps them exact
      if (!conflict.empty()) {
        r.reason = fmt::format("cannot undo task {}: {} was changed later by action {} '{}' of task {}", task,
                               conflict, a.id, a.name, a.task);
        return r;
      }
    }
  }
  for (size_t i = actions_.size(); i-- > first;) {
    if (actions_[i].task != task) continue;
    revert(actions_[i]);
    r.actions++;
    r.changes += actions_[i].changes.size();
    actions_.erase(actions_.begin() + std::ptrdiff_t(i));
  }
  r.ok = true;
  return r;
}

}  // namespace plank::agent
