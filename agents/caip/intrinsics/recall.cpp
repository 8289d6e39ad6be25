// Questions answered from the agent's SQLite memory (world/memory): before a
// question the memory is brought up to date with what the agent perceives
// (objects with their names and tags, creatures) and with its tasks; the
// answer is then read back from the memory's tables, so what the agent was
// told (a tag, a name) and what it built are answered the same way as what it
// sees.
#include <algorithm>

#include <fmt/format.h>

#include "agents/caip/intrinsics/acts.h"
#include "agents/caip/intrinsics/lexicon.h"
#include "world/memory/agent_memory.h"

namespace plank::caip {

namespace {

// Words that name any creature (the perception's names for mobs).
bool names_any_creature(const std::string& l) { return l == "animal" || l == "mob" || l == "creature"; }

// A task row's name holds the CAIP action and what it was about: "BUILD a house".
std::string task_row_name(const TaskInfo& t) { return t.action + " " + t.what; }

// Where a thing is said to be: the middle of its base, as Thing::centre.
Coord centre_of(const Box& b) { return {(b.min.x + b.max.x) / 2, b.min.y, (b.min.z + b.max.z) / 2}; }

}  // namespace

std::string creature_subject(world::EntityId entity) { return fmt::format("creature:{}", entity); }

bool remember(Assistant& s) {
  memory::AgentMemory* m = s.memory();
  if (!m) return false;
  uint64_t now = s.clock().now();
  std::vector<world::BlockObject> seen;
  for (const Thing& t : s.things()) {
    if (t.kind != ThingKind::Object && t.kind != ThingKind::Hole) continue;
    world::BlockObject o;
    o.hole = t.kind == ThingKind::Hole;
    o.cells = t.cells;
    o.bounds = t.bounds;
    o.colours = t.colours;
    o.blocks = t.blocks;
    if (!t.name.empty()) o.names = {lemma(t.name)};
    o.tags = t.names;
    std::sort(o.tags.begin(), o.tags.end());
    o.tags.erase(std::unique(o.tags.begin(), o.tags.end()), o.tags.end());
    seen.push_back(std::move(o));
  }
  if (!m->sync_objects(seen, now) || !m->sync_mobs(s.world(), now)) return false;
  for (const TaskInfo& info : s.task_log)
    if (const agent::Task* t = s.tasks().task(info.id))
      if (!m->record_task({info.id, task_row_name(info), agent::task_status_name(t->status), t->started, t->finished}))
        return false;
  return true;
}

std::vector<Recalled> recall(Assistant& s, const std::string& what) {
  std::vector<Recalled> out;
  memory::AgentMemory* m = s.memory();
  if (!m) return out;
  auto words = words_of(what);
  std::string l = words.empty() ? std::string() : lemma(words.back());
  if (l.empty()) return out;
  // As references are resolved: the one the speaker looks at first, then the nearest to the speaker.
  const world::Entity* speaker = s.speaker();
  Coord from = speaker ? world::cell_of(speaker->pose.pos) : s.agent().feet();
  memory::ObjectQuery q;
  q.tag = l;  // a name is kept as a tag too
  q.near = from;
  auto objects = m->objects(q);
  if (auto look = s.look_block())
    std::stable_partition(objects.begin(), objects.end(), [&](const memory::MemoryObject& o) { return o.bounds.contains(*look); });
  for (const auto& o : objects) {
    Recalled r;
    r.name = o.name.value_or(l);
    r.centre = centre_of(o.bounds);
    r.describe = fmt::format("the {} at ({}, {}, {})", r.name, r.centre.x, r.centre.y, r.centre.z);
    r.colour = o.colour;
    r.size = o.bounds.size();
    r.blocks = o.size;
    r.names = o.tags;
    out.push_back(std::move(r));
  }
  memory::MobQuery mq;
  mq.near = from;
  for (const auto& mob : m->mobs(mq)) {
    std::vector<std::string> tags;  // what the speaker called it (PUT_MEMORY "the pig is bob")
    for (const auto& t : m->triples(creature_subject(mob.entity), std::string("has_tag"), std::nullopt)) tags.push_back(t.object);
    bool tagged = std::find(tags.begin(), tags.end(), l) != tags.end();
    if (!names_any_creature(l) && lemma(mob.type) != l && lemma(mob.name) != l && !tagged) continue;
    Recalled r;
    r.name = mob.type;
    Coord c = world::cell_of(mob.pos);
    r.describe = fmt::format("the {} at ({}, {}, {})", mob.type, c.x, c.y, c.z);
    r.size = {1, 2, 1};
    r.centre = c;
    r.names = {mob.type};
    if (!mob.name.empty()) r.names.push_back(mob.name);
    r.names.insert(r.names.end(), tags.begin(), tags.end());
    out.push_back(std::move(r));
  }
  // People are seen, not remembered as blocks or mobs: the speakers in the scene ("how many people can you see").
  static constexpr std::string_view kPeople[] = {"person", "player", "human", "people", "speaker"};
  if (std::find(std::begin(kPeople), std::end(kPeople), l) != std::end(kPeople))
    for (const Thing& t : s.things()) {
      if (t.kind != ThingKind::Speaker) continue;
      Recalled r;
      r.name = "person";
      r.centre = t.cells.front();
      r.describe = fmt::format("{} at ({}, {}, {})", t.names.back(), r.centre.x, r.centre.y, r.centre.z);
      r.size = {1, 2, 1};
      r.names = t.names;
      out.push_back(std::move(r));
    }
  return out;
}

std::optional<RecalledTask> recall_task(Assistant& s) {
  memory::AgentMemory* m = s.memory();
  if (!m) return std::nullopt;
  auto split = [](const memory::TaskRow& row) {
    size_t sp = row.name.find(' ');
    RecalledTask t;
    t.action = row.name.substr(0, sp);
    t.what = sp == std::string::npos ? std::string() : row.name.substr(sp + 1);
    t.status = row.status;
    return t;
  };
  // The latest running task (the innermost on the stack), else the last one started.
  auto running = m->tasks(std::string(agent::task_status_name(agent::TaskStatus::Running)));
  auto later = [](const memory::TaskRow& a, const memory::TaskRow& b) { return a.task < b.task; };
  if (!running.empty()) return split(*std::max_element(running.begin(), running.end(), later));
  auto all = m->tasks();
  if (all.empty()) return std::nullopt;
  return split(*std::max_element(all.begin(), all.end(), later));
}

std::optional<std::string> recall_name(Assistant& s) {
  memory::AgentMemory* m = s.memory();
  if (!m) return std::nullopt;
  // What the speaker called the agent ("your name is bob": a tag on "me", put_tag).
  auto told = m->triples(std::string("me"), std::string("has_tag"), std::nullopt);
  if (told.empty()) return std::nullopt;
  return told.back().object;
}

TimeOfDay time_of_day(uint64_t tick) {
  // Minecraft's day: 24,000 ticks, and tick 0 is 6:00 in the morning.
  constexpr uint64_t kDay = 24'000;
  uint64_t t = (tick + 6'000) % kDay;  // ticks since midnight
  TimeOfDay d;
  d.hour = int(t / 1'000);
  d.minute = int((t % 1'000) * 60 / 1'000);
  d.period = d.hour < 6 ? "night" : d.hour < 12 ? "morning" : d.hour < 18 ? "afternoon" : d.hour < 21 ? "evening" : "night";
  return d;
}

}  // namespace plank::caip
