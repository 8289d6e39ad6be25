// The agent's memory: an embedded SQLite database (in memory by default, a
// file with WAL journaling when given a path) holding what the agent has seen
// and been told: block objects (with names, tags, colour, bounds, cells), mobs,
// triples, rewards, chat and task history. The schema is in docs/memory.md;
// the queries are the ones CAIP's GET_MEMORY / PUT_MEMORY forms need (by name,
// tag, colour, size, location, recency). Times are game ticks, never the wall
// clock, so a run replays identically. Errors are messages (error()), never
// exceptions or aborts: a failed call returns false / nullopt / empty.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "world/memory/sqlite.h"
#include "world/voxels/perception.h"
#include "world/voxels/world.h"

namespace plank::memory {

inline constexpr int kSchemaVersion = 1;

struct MemoryObject {
  int64_t id = 0;                 // memory's own id: stable across syncs while the object lasts
  std::optional<std::string> name;
  std::vector<std::string> tags;  // sorted
  std::string colour;             // dominant colour word ("" for holes)
  std::string block;              // dominant block name ("" for holes)
  world::Box bounds;
  int64_t size = 0;               // cells
  bool hole = false;
  uint64_t created = 0, updated = 0;  // game ticks
};

// Every field is a filter ANDed with the others; unset fields do not filter.
struct ObjectQuery {
  std::optional<std::string> name{}, tag{}, colour{}, block{};
  std::optional<int64_t> min_size{}, max_size{};
  std::optional<world::Box> within{};  // bounds entirely inside this box
  std::optional<world::Coord> near{};  // order by distance from here to the bounds' centre
  std::optional<uint64_t> since{};     // updated at or after this tick
  std::optional<bool> hole{};
  size_t limit = 0;                  // 0: no limit
  // Order: nearest first when `near` is set, else most recently updated first; ties by id.
};

struct MemoryMob {
  int64_t id = 0;
  world::EntityId entity = 0;
  std::string type, name;
  world::Vec3 pos;
  uint64_t created = 0, updated = 0;
};

struct MobQuery {
  std::optional<std::string> type{}, name{};
  std::optional<world::Box> within{};
  std::optional<world::Coord> near{};
  std::optional<uint64_t> since{};
  size_t limit = 0;
};

struct Triple {
  int64_t id = 0;
  std::string subject, predicate, object;
  uint64_t time = 0;
};

struct ChatLine {
  std::string speaker, text;
  uint64_t time = 0;
};

struct Reward {
  double value = 0;
  std::string source;
  uint64_t time = 0;
};

struct TaskRow {
  uint64_t task = 0;  // the task stack's id
  std::string name, status;
  uint64_t started = 0, finished = 0;
};

struct SyncStats {
  size_t inserted = 0, updated = 0, removed = 0;
};

class AgentMemory {
 public:
  // ":memory:" (the default) or a file path; null and *error set on failure.
  static std::unique_ptr<AgentMemory> open(const std::string& path = ":memory:", std::string* error = nullptr);

  const std::string& error() const { return db_.error(); }
  const std::string& path() const { return path_; }
  std::string journal_mode();  // "wal" for files, "memory" in memory
  // One tick after the latest time stamp in any table (0 for an empty memory):
  // when a command-line write happens, so it sorts after everything remembered.
  uint64_t next_tick();

  // Block objects.
  std::optional<int64_t> add_object(const world::BlockObject& object, uint64_t now);
  bool set_name(int64_t id, const std::optional<std::string>& name, uint64_t now);
  bool add_tag(int64_t id, const std::string& tag, uint64_t now);
  bool remove_tag(int64_t id, const std::string& tag, uint64_t now);
  bool forget_object(int64_t id);
  std::optional<MemoryObject> object(int64_t id);
  std::vector<MemoryObject> objects(const ObjectQuery& query);
  std::vector<world::Coord> object_cells(int64_t id);  // sorted
  // Make memory agree with what perception sees: each perceived object is
  // matched to the remembered object sharing most cells with it (keeping its
  // id, name and tags; perception's names and tags are added), new ones are
  // inserted, remembered ones nobody matched are forgotten. One transaction.
  std::optional<SyncStats> sync_objects(const std::vector<world::BlockObject>& perceived, uint64_t now);

  // Mobs: mirrored from the world's entities of kind Mob.
  std::optional<SyncStats> sync_mobs(const world::World& world, uint64_t now);
  std::vector<MemoryMob> mobs(const MobQuery& query);

  // Triples (subject, predicate, object): facts from PUT_MEMORY ("the tower" "is" "Bob's").
  bool add_triple(const std::string& subject, const std::string& predicate, const std::string& object, uint64_t now);
  std::vector<Triple> triples(const std::optional<std::string>& subject, const std::optional<std::string>& predicate,
                              const std::optional<std::string>& object);
  size_t remove_triples(const std::optional<std::string>& subject, const std::optional<std::string>& predicate,
                        const std::optional<std::string>& object);

  bool add_reward(double value, const std::string& source, uint64_t now);
  std::vector<Reward> rewards(uint64_t since = 0);
  double total_reward();

  bool add_chat(const std::string& speaker, const std::string& text, uint64_t now);
  std::vector<ChatLine> recent_chat(size_t limit, const std::optional<std::string>& speaker = std::nullopt);

  bool record_task(const TaskRow& row);  // insert or update by task id
  std::vector<TaskRow> tasks(const std::optional<std::string>& status = std::nullopt, size_t limit = 0);

  Database& database() { return db_; }

 private:
  AgentMemory(const std::string& path);
  bool init();
  Statement& cached(const std::string& sql);  // prepared once, reset on each use
  bool store_cells(int64_t id, const std::vector<world::Coord>& cells);
  bool update_from(int64_t id, const world::BlockObject& object, uint64_t now);
  std::vector<MemoryObject> read_objects(Statement& st);
  Database db_;
  std::string path_;
  std::unordered_map<std::string, std::unique_ptr<Statement>> statements_;
};

}  // namespace plank::memory
