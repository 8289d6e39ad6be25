#include "agents/caip/intrinsics/assistant.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "agents/caip/intrinsics/lexicon.h"
#include "world/voxels/perception.h"
#include "world/voxels/raycast.h"

namespace plank::caip {

const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::None: return "none";
    case Outcome::Done: return "done";
    case Outcome::Asked: return "asked";
    case Outcome::Refused: return "refused";
  }
  return "none";
}

Coord Thing::centre() const {
  if (bounds.empty()) return {};
  return {(bounds.min.x + bounds.max.x) / 2, bounds.min.y, (bounds.min.z + bounds.max.z) / 2};
}

std::string Thing::describe() const {
  std::string what = !name.empty() ? name : kind == ThingKind::Hole ? "hole" : colour.empty() ? "object" : colour + " object";
  if (kind == ThingKind::Speaker) return "you";
  if (kind == ThingKind::Agent) return "me";
  Coord c = centre();
  return fmt::format("the {} at ({}, {}, {})", what, c.x, c.y, c.z);
}

Assistant::Assistant(world::World& world, AssistantOptions options, memory::AgentMemory* memory)
    : world_(world), options_(std::move(options)), memory_(memory), log_(world), agent_(world, clock_) {
  agent_.attach(&log_, &tasks_);
}

Assistant::~Assistant() = default;

const world::Entity* Assistant::speaker() const { return world_.speaker(options_.speaker); }

Coord Assistant::forward() const {
  const world::Entity* s = speaker();
  double yaw = s ? s->pose.yaw : 0;
  world::Vec3 d = world::look_direction({{}, yaw, 0});
  if (std::abs(d.x) > std::abs(d.z)) return {d.x > 0 ? 1 : -1, 0, 0};
  return {0, 0, d.z >= 0 ? 1 : -1};
}

Coord Assistant::right() const {
  // Minecraft's frame: facing +z (south), the right hand points -x (west).
  Coord f = forward();
  return {-f.z, 0, f.x};
}

std::optional<Coord> Assistant::look_block() const {
  const world::Entity* s = speaker();
  if (!s) return std::nullopt;
  auto hit = world::look_target(world_, *s);
  if (!hit) return std::nullopt;
  return hit->block;
}

std::optional<world::RayHit> Assistant::look_hit() const {
  const world::Entity* s = speaker();
  if (!s) return std::nullopt;
  return world::look_target(world_, *s);
}

const Thing* Assistant::thing_at(Coord c) {
  const Thing* best = nullptr;
  for (const Thing& t : things())
    if (t.kind != ThingKind::Speaker && t.kind != ThingKind::Agent && t.bounds.contains(c) &&
        std::binary_search(t.cells.begin(), t.cells.end(), c) && (!best || t.cells.size() < best->cells.size()))
      best = &t;
  return best;
}

std::optional<Coord> Assistant::look_cell() const {
  const world::Entity* s = speaker();
  if (!s) return std::nullopt;
  auto hit = world::look_target(world_, *s);
  if (!hit) return std::nullopt;
  return hit->adjacent();
}

bool Assistant::within_walk(Coord goal) const {
  Coord f = world::cell_of(world_.agent().pose.pos);
  return std::abs(int64_t(goal.x) - f.x) <= kMaxWalk && std::abs(int64_t(goal.y) - f.y) <= kMaxWalk &&
         std::abs(int64_t(goal.z) - f.z) <= kMaxWalk;
}

void Assistant::begin_command(std::string utterance) {
  utterance_ = std::move(utterance);
  reply_.clear();
  outcome_ = Outcome::None;
  command_start_ = clock_.now();
  handles_.clear();
  locations_.clear();
  schematics_.clear();
  go_ons.clear();
  built.clear();
  copy_sites.clear();
}

void Assistant::say(std::string sentence) {
  if (sentence.empty()) return;
  if (!reply_.empty()) reply_ += ' ';
  reply_ += sentence;
}

void Assistant::ask(std::string question) {
  say(std::move(question));
  if (outcome_ != Outcome::Refused) outcome_ = Outcome::Asked;
}

void Assistant::refuse(std::string reason) {
  say(std::move(reason));
  if (outcome_ != Outcome::Asked) outcome_ = Outcome::Refused;
}

void Assistant::mark_done() {
  if (outcome_ == Outcome::None) outcome_ = Outcome::Done;
}

bool Assistant::budget_left() const { return clock_.now() - command_start_ < options_.tick_budget; }

const std::vector<Thing>& Assistant::things() {
  size_t changes = log_.change_count();
  if (changes == things_at_changes_) return things_;
  things_at_changes_ = changes;
  things_.clear();
  // Named objects: one thing per annotation (a door is part of the house and
  // still its own thing), with the colours and blocks of its solid cells.
  for (const auto& a : world_.annotations()) {
    Thing t;
    t.kind = ThingKind::Object;
    t.name = a.name;
    t.names.push_back(lemma(a.name));
    for (const auto& tag : a.tags) t.names.push_back(lemma(tag));
    std::map<std::string, int> colours, blocks;
    bool any_solid = false;
    for (Coord c : a.cells) {
      t.bounds.add(c);
      const auto& type = world_.type_at(c);
      if (type.id == world::kAir) continue;
      any_solid = true;
      ++colours[type.colour.word];
      ++blocks[type.name];
    }
    t.cells = a.cells;
    if (!any_solid && !a.cells.empty() && a.cells.front().y < 0) t.kind = ThingKind::Hole;
    else if (!any_solid && !a.cells.empty()) continue;  // destroyed: nothing of it is left
    auto top = [](const std::map<std::string, int>& m) {
      std::string best;
      int n = 0;
      for (auto& [k, v] : m)
        if (v > n) n = v, best = k;
      return best;
    };
    t.colour = top(colours), t.block = top(blocks);
    t.colours = std::move(colours), t.blocks = std::move(blocks);
    t.order = int(&a - world_.annotations().data());
    if (t.cells.empty()) continue;
    things_.push_back(std::move(t));
  }
  // Unnamed block objects and holes that no annotation covers.
  auto covered = [&](const world::BlockObject& o) { return !o.names.empty(); };
  for (auto& o : world::block_objects(world_)) {
    if (covered(o)) continue;
    Thing t;
    t.kind = ThingKind::Object;
    t.cells = o.cells;
    t.bounds = o.bounds;
    t.colour = o.dominant_colour();
    int n = 0;
    for (auto& [k, v] : o.blocks)
      if (v > n) n = v, t.block = k;
    t.blocks = o.blocks, t.colours = o.colours;
    t.names = {"block"};
    things_.push_back(std::move(t));
  }
  for (auto& o : world::holes(world_)) {
    if (covered(o)) continue;
    Thing t;
    t.kind = ThingKind::Hole;
    t.name = "hole";
    t.names = {"hole", "pit"};
    t.cells = o.cells;
    t.bounds = o.bounds;
    things_.push_back(std::move(t));
  }
  for (const auto& e : world_.entities()) {
    Thing t;
    t.entity = e.id;
    Coord feet = world::cell_of(e.pose.pos);
    t.cells = {feet};
    t.bounds.add(feet);
    t.bounds.add({feet.x, feet.y + 1, feet.z});
    if (e.kind == world::EntityKind::Mob) {
      t.kind = ThingKind::Mob;
      t.name = e.type;
      t.names = {e.type, "animal", "mob", "creature"};
      if (!e.name.empty()) t.names.push_back(lemma(e.name));
      if (auto it = entity_tags.find(e.id); it != entity_tags.end())
        for (const auto& tag : it->second) t.names.push_back(tag);
    } else if (e.kind == world::EntityKind::Speaker) {
      t.kind = ThingKind::Speaker;
      t.name = "speaker";
      t.names = {"speaker", "person", "player", "human", lemma(e.name)};  // "how many people can you see"
    } else {
      t.kind = ThingKind::Agent;
      t.name = "agent";
      t.names = {"agent", "bot"};
    }
    things_.push_back(std::move(t));
  }
  return things_;
}

int Assistant::add_thing(Thing t) {
  handles_.push_back(std::move(t));
  return int(handles_.size() - 1);
}
int Assistant::add_location(Location l) {
  locations_.push_back(std::move(l));
  return int(locations_.size() - 1);
}
int Assistant::add_schematic(Schematic s) {
  schematics_.push_back(std::move(s));
  return int(schematics_.size() - 1);
}

agent::TaskId Assistant::start_task(const std::string& action, const std::string& what) {
  agent::TaskId id = tasks_.push(action, clock_.now());
  task_log.push_back({id, action, what});
  return id;
}

void Assistant::finish_task(agent::TaskId id, bool ok) { tasks_.finish(id, ok, clock_.now()); }

Assistant::Snapshot Assistant::snapshot() const {
  return {tasks_, task_log, last_referenced, entity_tags, rewards, pending, log_.actions().size()};
}

bool Assistant::restore(const Snapshot& snap) {
  while (log_.actions().size() > snap.log_actions)
    if (!log_.undo_last().ok) return false;
  if (log_.actions().size() != snap.log_actions) return false;
  tasks_ = snap.tasks;
  task_log = snap.task_log;
  last_referenced = snap.last_referenced;
  entity_tags = snap.entity_tags;
  rewards = snap.rewards;
  pending = snap.pending;
  invalidate();
  return true;
}

const TaskInfo* Assistant::task_info(agent::TaskId id) const {
  for (const auto& t : task_log)
    if (t.id == id) return &t;
  return nullptr;
}

}  // namespace plank::caip
