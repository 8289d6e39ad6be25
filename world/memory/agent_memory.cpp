#include "world/memory/agent_memory.h"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

namespace plank::memory {

using world::Box;
using world::Coord;

namespace {

// The schema (docs/memory.md explains each table). Version 1.
constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS block_objects (
  id      INTEGER PRIMARY KEY,
  name    TEXT,
  colour  TEXT NOT NULL DEFAULT '',
  block   TEXT NOT NULL DEFAULT '',
  min_x INTEGER NOT NULL, min_y INTEGER NOT NULL, min_z INTEGER NOT NULL,
  max_x INTEGER NOT NULL, max_y INTEGER NOT NULL, max_z INTEGER NOT NULL,
  size    INTEGER NOT NULL,
  hole    INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS block_objects_name    ON block_objects(name);
CREATE INDEX IF NOT EXISTS block_objects_colour  ON block_objects(colour);
CREATE INDEX IF NOT EXISTS block_objects_size    ON block_objects(size);
CREATE INDEX IF NOT EXISTS block_objects_updated ON block_objects(updated);
CREATE INDEX IF NOT EXISTS block_objects_min_x   ON block_objects(min_x);
CREATE TABLE IF NOT EXISTS object_tags (
  object_id INTEGER NOT NULL REFERENCES block_objects(id) ON DELETE CASCADE,
  tag       TEXT NOT NULL,
  PRIMARY KEY (object_id, tag)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS object_tags_tag ON object_tags(tag);
CREATE TABLE IF NOT EXISTS object_cells (
  object_id INTEGER NOT NULL REFERENCES block_objects(id) ON DELETE CASCADE,
  x INTEGER NOT NULL, y INTEGER NOT NULL, z INTEGER NOT NULL,
  PRIMARY KEY (object_id, x, y, z)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS mobs (
  id      INTEGER PRIMARY KEY,
  entity  INTEGER NOT NULL UNIQUE,
  type    TEXT NOT NULL,
  name    TEXT NOT NULL DEFAULT '',
  x REAL NOT NULL, y REAL NOT NULL, z REAL NOT NULL,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS mobs_type ON mobs(type);
CREATE TABLE IF NOT EXISTS triples (
  id        INTEGER PRIMARY KEY,
  subject   TEXT NOT NULL,
  predicate TEXT NOT NULL,
  object    TEXT NOT NULL,
  time      INTEGER NOT NULL,
  UNIQUE (subject, predicate, object)
);
CREATE INDEX IF NOT EXISTS triples_predicate_object ON triples(predicate, object);
CREATE TABLE IF NOT EXISTS rewards (
  id     INTEGER PRIMARY KEY,
  value  REAL NOT NULL,
  source TEXT NOT NULL DEFAULT '',
  time   INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS chat (
  id      INTEGER PRIMARY KEY,
  speaker TEXT NOT NULL,
  text    TEXT NOT NULL,
  time    INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_time ON chat(time);
CREATE TABLE IF NOT EXISTS task_history (
  task     INTEGER PRIMARY KEY,
  name     TEXT NOT NULL,
  status   TEXT NOT NULL,
  started  INTEGER NOT NULL,
  finished INTEGER NOT NULL DEFAULT 0
);
)sql";

// The tags come along in one column rather than one query per row, each in
// hex and joined by commas: a tag may hold any byte (a separator byte once
// split one tag into two), and hex has no comma. NULL: no tags.
constexpr const char* kObjectColumns =
    "o.id, o.name, o.colour, o.block, o.min_x, o.min_y, o.min_z, o.max_x, o.max_y, o.max_z, o.size, o.hole, "
    "o.created, o.updated, (SELECT group_concat(hex(t.tag), ',') FROM object_tags t WHERE t.object_id = o.id)";

int hex_value(char c) { return c <= '9' ? c - '0' : c - 'A' + 10; }

// kObjectColumns' tag column back into tags.
std::vector<std::string> decode_tags(const std::string& joined) {
  std::vector<std::string> tags;
  for (size_t start = 0; start <= joined.size();) {
    size_t end = std::min(joined.find(',', start), joined.size());
    std::string tag;
    for (size_t i = start; i + 1 < end; i += 2)
      tag += static_cast<char>(hex_value(joined[i]) * 16 + hex_value(joined[i + 1]));
    tags.push_back(std::move(tag));
    start = end + 1;
  }
  return tags;
}

// The dominant entry of a histogram (ties: the smaller key, so it is deterministic).
std::string dominant(const std::map<std::string, int>& histogram) {
  std::string best;
  int count = -1;
  for (const auto& [key, n] : histogram)
    if (n > count) best = key, count = n;
  return best;
}

// Builds "WHERE a AND b" with its bindings, applied in order.
struct Arg {
  enum { Int, Real, Text } kind;
  int64_t i = 0;
  double d = 0;
  std::string s;
  Arg(int64_t v) : kind(Int), i(v) {}
  Arg(int32_t v) : kind(Int), i(v) {}
  Arg(double v) : kind(Real), d(v) {}
  Arg(std::string v) : kind(Text), s(std::move(v)) {}
};
struct Where {
  std::string sql;
  std::vector<Arg> args;
  void add(const std::string& clause) { sql += (sql.empty() ? " WHERE " : " AND ") + clause; }
  void bind(Statement& st, int first = 1) const {
    int i = first;
    for (const auto& a : args) {
      if (a.kind == Arg::Int) st.bind(i++, a.i);
      else if (a.kind == Arg::Real) st.bind(i++, a.d);
      else st.bind(i++, std::string_view(a.s));
    }
  }
};

}  // namespace

AgentMemory::AgentMemory(const std::string& path) : db_(path), path_(path) {}

std::unique_ptr<AgentMemory> AgentMemory::open(const std::string& path, std::string* error) {
  std::unique_ptr<AgentMemory> m(new AgentMemory(path.empty() ? ":memory:" : path));
  if (!m->init()) {
    if (error) *error = m->error().empty() ? "cannot open the memory database" : m->error();
    return nullptr;
  }
  return m;
}

bool AgentMemory::init() {
  if (!db_.valid()) return false;
  bool file = path_ != ":memory:";
  // WAL for files: readers never block the writer, and a crash loses at most the last transaction.
  if (file) {
    Statement st = db_.prepare("PRAGMA journal_mode=WAL");
    if (!st.step() || st.text(0) != "wal") return db_.fail("cannot switch '" + path_ + "' to WAL mode");
  }
  // synchronous=NORMAL in WAL mode: a commit survives the process being
  // killed (tests/world/memory_crash_test.cpp); only a power cut may lose the last ones.
  if (!db_.exec("PRAGMA foreign_keys=ON; PRAGMA synchronous=NORMAL;")) return db_.fail("cannot configure the database");
  // The schema and its version row in one transaction: a writer killed while
  // creating them leaves all of it or nothing, never half the tables.
  Transaction tx(db_);
  if (!db_.exec(kSchema)) return db_.fail("cannot create the memory schema in '" + path_ + "'");
  Statement st = db_.prepare("SELECT version FROM schema_version");
  if (!st.valid()) return false;
  if (st.step()) {
    int64_t version = st.i64(0);
    if (version != kSchemaVersion)
      return db_.fail(fmt::format("'{}' holds memory schema version {}, this Plank reads version {}", path_, version,
                                  kSchemaVersion));
  } else if (!db_.exec(fmt::format("INSERT INTO schema_version(version) VALUES ({})", kSchemaVersion))) {
    return db_.fail("cannot record the memory schema version in '" + path_ + "'");
  }
  st = Statement();  // finished before the commit
  return tx.commit() || db_.fail("cannot commit the memory schema in '" + path_ + "'");
}

uint64_t AgentMemory::next_tick() {
  Statement st = db_.prepare(
      "SELECT MAX(t) FROM (SELECT MAX(updated) AS t FROM block_objects UNION ALL SELECT MAX(updated) FROM mobs "
      "UNION ALL SELECT MAX(time) FROM triples UNION ALL SELECT MAX(time) FROM rewards "
      "UNION ALL SELECT MAX(time) FROM chat UNION ALL SELECT MAX(finished) FROM task_history)");
  return st.step() && !st.is_null(0) ? uint64_t(st.i64(0)) + 1 : uint64_t(0);
}

std::string AgentMemory::journal_mode() {
  Statement st = db_.prepare("PRAGMA journal_mode");
  return st.step() ? st.text(0) : "";
}

Statement& AgentMemory::cached(const std::string& sql) {
  auto& slot = statements_[sql];
  if (!slot) slot = std::make_unique<Statement>(db_.prepare(sql));
  else slot->reset();
  return *slot;
}

// ---- block objects ----

bool AgentMemory::store_cells(int64_t id, const std::vector<Coord>& cells) {
  Statement& del = cached("DELETE FROM object_cells WHERE object_id = ?");
  del.bind(1, id);
  del.step();
  if (!del.done()) return db_.fail("cannot clear the cells of object " + std::to_string(id));
  Statement& ins = cached("INSERT OR IGNORE INTO object_cells(object_id, x, y, z) VALUES (?, ?, ?, ?)");
  for (Coord c : cells) {
    ins.reset();
    ins.bind(1, id).bind(2, int64_t(c.x)).bind(3, int64_t(c.y)).bind(4, int64_t(c.z));
    ins.step();
    if (!ins.done()) return db_.fail("cannot store the cells of object " + std::to_string(id));
  }
  return true;
}

std::optional<int64_t> AgentMemory::add_object(const world::BlockObject& o, uint64_t now) {
  Transaction tx(db_);
  Statement& st = cached(
      "INSERT INTO block_objects(name, colour, block, min_x, min_y, min_z, max_x, max_y, max_z, size, hole, created, "
      "updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  st.bind(1, o.names.empty() ? std::optional<std::string>() : o.names.front());
  st.bind(2, std::string_view(o.hole ? "" : o.dominant_colour())).bind(3, std::string_view(dominant(o.blocks)));
  st.bind(4, int64_t(o.bounds.min.x)).bind(5, int64_t(o.bounds.min.y)).bind(6, int64_t(o.bounds.min.z));
  st.bind(7, int64_t(o.bounds.max.x)).bind(8, int64_t(o.bounds.max.y)).bind(9, int64_t(o.bounds.max.z));
  st.bind(10, int64_t(o.size())).bind(11, int64_t(o.hole)).bind(12, int64_t(now)).bind(13, int64_t(now));
  st.step();
  if (!st.done()) {
    db_.fail("cannot remember a block object");
    return std::nullopt;
  }
  int64_t id = db_.last_insert_id();
  if (!store_cells(id, o.cells)) return std::nullopt;
  for (const auto& tag : o.tags)
    if (!add_tag(id, tag, now)) return std::nullopt;
  if (!tx.commit()) {
    db_.fail("cannot commit a block object");
    return std::nullopt;
  }
  return id;
}

bool AgentMemory::set_name(int64_t id, const std::optional<std::string>& name, uint64_t now) {
  Statement& st = cached("UPDATE block_objects SET name = ?, updated = ? WHERE id = ?");
  st.bind(1, name).bind(2, int64_t(now)).bind(3, id);
  st.step();
  if (!st.done()) return db_.fail("cannot name object " + std::to_string(id));
  if (db_.changes() == 0) return db_.fail("there is no object " + std::to_string(id)), false;
  return true;
}

bool AgentMemory::add_tag(int64_t id, const std::string& tag, uint64_t now) {
  Transaction tx(db_);  // the tag and the object's time stamp together
  Statement& st = cached("INSERT OR IGNORE INTO object_tags(object_id, tag) VALUES (?, ?)");
  st.bind(1, id).bind(2, std::string_view(tag));
  st.step();
  if (!st.done()) return db_.fail(fmt::format("cannot tag object {} '{}'", id, tag));
  Statement& touch = cached("UPDATE block_objects SET updated = ? WHERE id = ?");
  touch.bind(1, int64_t(now)).bind(2, id);
  touch.step();
  if (!touch.done()) return db_.fail("cannot update object " + std::to_string(id));
  return tx.commit() || db_.fail(fmt::format("cannot commit the tag of object {}", id));
}

bool AgentMemory::remove_tag(int64_t id, const std::string& tag, uint64_t now) {
  Transaction tx(db_);
  Statement& st = cached("DELETE FROM object_tags WHERE object_id = ? AND tag = ?");
  st.bind(1, id).bind(2, std::string_view(tag));
  st.step();
  if (!st.done()) return db_.fail(fmt::format("cannot untag object {} '{}'", id, tag));
  Statement& touch = cached("UPDATE block_objects SET updated = ? WHERE id = ?");
  touch.bind(1, int64_t(now)).bind(2, id);
  touch.step();
  if (!touch.done()) return db_.fail("cannot update object " + std::to_string(id));
  return tx.commit() || db_.fail(fmt::format("cannot commit the untagging of object {}", id));
}

bool AgentMemory::forget_object(int64_t id) {
  Statement& st = cached("DELETE FROM block_objects WHERE id = ?");
  st.bind(1, id);
  st.step();
  return st.done() || db_.fail("cannot forget object " + std::to_string(id));
}

std::vector<MemoryObject> AgentMemory::read_objects(Statement& st) {
  std::vector<MemoryObject> out;
  while (st.step()) {
    MemoryObject o;
    o.id = st.i64(0);
    if (!st.is_null(1)) o.name = st.text(1);
    o.colour = st.text(2);
    o.block = st.text(3);
    o.bounds.min = {int32_t(st.i64(4)), int32_t(st.i64(5)), int32_t(st.i64(6))};
    o.bounds.max = {int32_t(st.i64(7)), int32_t(st.i64(8)), int32_t(st.i64(9))};
    o.size = st.i64(10);
    o.hole = st.i64(11) != 0;
    o.created = uint64_t(st.i64(12));
    o.updated = uint64_t(st.i64(13));
    if (!st.is_null(14)) o.tags = decode_tags(st.text(14));
    std::sort(o.tags.begin(), o.tags.end());
    out.push_back(std::move(o));
  }
  if (!st.done()) {
    db_.fail("cannot read block objects");
    return {};
  }
  return out;
}

std::optional<MemoryObject> AgentMemory::object(int64_t id) {
  Statement& st = cached(std::string("SELECT ") + kObjectColumns + " FROM block_objects o WHERE o.id = ?");
  st.bind(1, id);
  auto found = read_objects(st);
  if (found.empty()) return std::nullopt;
  return found.front();
}

std::vector<MemoryObject> AgentMemory::objects(const ObjectQuery& q) {
  Where w;
  if (q.name) w.add("o.name = ?"), w.args.push_back(*q.name);
  if (q.tag) w.add("o.id IN (SELECT object_id FROM object_tags WHERE tag = ?)"), w.args.push_back(*q.tag);
  if (q.colour) w.add("o.colour = ?"), w.args.push_back(*q.colour);
  if (q.block) w.add("o.block = ?"), w.args.push_back(*q.block);
  if (q.min_size) w.add("o.size >= ?"), w.args.push_back(*q.min_size);
  if (q.max_size) w.add("o.size <= ?"), w.args.push_back(*q.max_size);
  if (q.hole) w.add("o.hole = ?"), w.args.push_back(int64_t(*q.hole));
  if (q.since) w.add("o.updated >= ?"), w.args.push_back(int64_t(*q.since));
  if (q.within) {
    const Box& b = *q.within;
    // min_x <= max.x is implied, but stating it lets SQLite range-scan the min_x index.
    w.add("o.min_x BETWEEN ? AND ? AND o.min_y >= ? AND o.min_z >= ? AND o.max_x <= ? AND o.max_y <= ? AND "
          "o.max_z <= ?");
    for (int64_t v : {b.min.x, b.max.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z}) w.args.push_back(v);
  }
  std::string order = " ORDER BY o.updated DESC, o.id";
  if (q.near) {
    // Squared distance from the point to the bounds' centre (in doubled units: integers, exact).
    order = fmt::format(
        " ORDER BY ((o.min_x + o.max_x + 1) - {0}) * ((o.min_x + o.max_x + 1) - {0}) + "
        "((o.min_y + o.max_y + 1) - {1}) * ((o.min_y + o.max_y + 1) - {1}) + "
        "((o.min_z + o.max_z + 1) - {2}) * ((o.min_z + o.max_z + 1) - {2}), o.id",
        2 * int64_t(q.near->x) + 1, 2 * int64_t(q.near->y) + 1, 2 * int64_t(q.near->z) + 1);
  }
  std::string sql = std::string("SELECT ") + kObjectColumns + " FROM block_objects o" + w.sql + order;
  if (q.limit) sql += fmt::format(" LIMIT {}", q.limit);
  Statement st = db_.prepare(sql);  // not cached: `near` is spliced in (integers only)
  if (!st.valid()) return {};
  w.bind(st);
  return read_objects(st);
}

std::vector<Coord> AgentMemory::object_cells(int64_t id) {
  Statement& st = cached("SELECT x, y, z FROM object_cells WHERE object_id = ? ORDER BY x, y, z");
  st.bind(1, id);
  std::vector<Coord> cells;
  while (st.step()) cells.push_back({int32_t(st.i64(0)), int32_t(st.i64(1)), int32_t(st.i64(2))});
  return cells;
}

bool AgentMemory::update_from(int64_t id, const world::BlockObject& o, uint64_t now) {
  Statement& st = cached(
      "UPDATE block_objects SET colour = ?, block = ?, min_x = ?, min_y = ?, min_z = ?, max_x = ?, max_y = ?, "
      "max_z = ?, size = ?, hole = ?, updated = ?, name = COALESCE(name, ?) WHERE id = ?");
  st.bind(1, std::string_view(o.hole ? "" : o.dominant_colour())).bind(2, std::string_view(dominant(o.blocks)));
  st.bind(3, int64_t(o.bounds.min.x)).bind(4, int64_t(o.bounds.min.y)).bind(5, int64_t(o.bounds.min.z));
  st.bind(6, int64_t(o.bounds.max.x)).bind(7, int64_t(o.bounds.max.y)).bind(8, int64_t(o.bounds.max.z));
  st.bind(9, int64_t(o.size())).bind(10, int64_t(o.hole)).bind(11, int64_t(now));
  st.bind(12, o.names.empty() ? std::optional<std::string>() : o.names.front()).bind(13, id);
  st.step();
  if (!st.done()) return db_.fail("cannot update object " + std::to_string(id));
  if (!store_cells(id, o.cells)) return false;
  for (const auto& tag : o.tags)
    if (!add_tag(id, tag, now)) return false;
  return true;
}

std::optional<SyncStats> AgentMemory::sync_objects(const std::vector<world::BlockObject>& perceived, uint64_t now) {
  Transaction tx(db_);
  // Which remembered object owns each cell (holes and objects apart: a hole and
  // a pile never match each other).
  std::map<std::pair<bool, Coord>, int64_t> owner;
  std::set<int64_t> remembered;
  {
    Statement& st = cached("SELECT c.object_id, c.x, c.y, c.z, o.hole FROM object_cells c JOIN block_objects o ON o.id = c.object_id");
    while (st.step()) {
      owner[{st.i64(4) != 0, Coord{int32_t(st.i64(1)), int32_t(st.i64(2)), int32_t(st.i64(3))}}] = st.i64(0);
      remembered.insert(st.i64(0));
    }
    if (!st.done()) return db_.fail("cannot read remembered cells"), std::nullopt;
  }
  SyncStats stats;
  std::set<int64_t> claimed;
  for (const auto& o : perceived) {
    std::map<int64_t, size_t> overlap;
    for (Coord c : o.cells)
      if (auto it = owner.find({o.hole, c}); it != owner.end() && !claimed.count(it->second)) overlap[it->second]++;
    int64_t best = 0;
    size_t most = 0;
    for (auto [id, n] : overlap)  // map order: ties go to the oldest id
      if (n > most) best = id, most = n;
    if (best) {
      claimed.insert(best);
      if (!update_from(best, o, now)) return std::nullopt;
      stats.updated++;
    } else {
      // A placeholder row that update_from fills (add_object would bind the same columns twice).
      Statement& st = cached(
          "INSERT INTO block_objects(name, colour, block, min_x, min_y, min_z, max_x, max_y, max_z, size, hole, "
          "created, updated) VALUES (NULL, '', '', 0, 0, 0, 0, 0, 0, 0, 0, ?, ?)");
      st.bind(1, int64_t(now)).bind(2, int64_t(now));
      st.step();
      if (!st.done()) return db_.fail("cannot remember a block object"), std::nullopt;
      int64_t id = db_.last_insert_id();
      if (!update_from(id, o, now)) return std::nullopt;
      stats.inserted++;
    }
  }
  for (int64_t id : remembered)
    if (!claimed.count(id)) {
      if (!forget_object(id)) return std::nullopt;
      stats.removed++;
    }
  if (!tx.commit()) return db_.fail("cannot commit the sync"), std::nullopt;
  return stats;
}

// ---- mobs ----

std::optional<SyncStats> AgentMemory::sync_mobs(const world::World& world, uint64_t now) {
  Transaction tx(db_);
  std::set<int64_t> known;
  {
    Statement& st = cached("SELECT entity FROM mobs");
    while (st.step()) known.insert(st.i64(0));
  }
  SyncStats stats;
  std::set<int64_t> seen;
  for (const auto& e : world.entities()) {
    if (e.kind != world::EntityKind::Mob) continue;
    seen.insert(e.id);
    bool old = known.count(e.id) > 0;
    Statement& st = cached(
        "INSERT INTO mobs(entity, type, name, x, y, z, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT(entity) DO UPDATE SET type = excluded.type, name = excluded.name, x = excluded.x, "
        "y = excluded.y, z = excluded.z, updated = excluded.updated");
    st.bind(1, int64_t(e.id)).bind(2, std::string_view(e.type)).bind(3, std::string_view(e.name));
    st.bind(4, e.pose.pos.x).bind(5, e.pose.pos.y).bind(6, e.pose.pos.z).bind(7, int64_t(now)).bind(8, int64_t(now));
    st.step();
    if (!st.done()) return db_.fail("cannot remember mob " + std::to_string(e.id)), std::nullopt;
    (old ? stats.updated : stats.inserted)++;
  }
  for (int64_t id : known)
    if (!seen.count(id)) {
      Statement& del = cached("DELETE FROM mobs WHERE entity = ?");
      del.bind(1, id);
      del.step();
      stats.removed++;
    }
  if (!tx.commit()) return db_.fail("cannot commit the mob sync"), std::nullopt;
  return stats;
}

std::vector<MemoryMob> AgentMemory::mobs(const MobQuery& q) {
  Where w;
  if (q.type) w.add("type = ?"), w.args.push_back(*q.type);
  if (q.name) w.add("name = ?"), w.args.push_back(*q.name);
  if (q.since) w.add("updated >= ?"), w.args.push_back(int64_t(*q.since));
  if (q.within) {
    // A mob is in the box when the cell of its feet is.
    const Box& b = *q.within;
    w.add("x >= ? AND y >= ? AND z >= ? AND x < ? AND y < ? AND z < ?");
    for (double v : {double(b.min.x), double(b.min.y), double(b.min.z), double(b.max.x) + 1, double(b.max.y) + 1,
                     double(b.max.z) + 1})
      w.args.push_back(v);
  }
  std::string order = " ORDER BY updated DESC, id";
  if (q.near) {
    order = " ORDER BY (x - ?) * (x - ?) + (y - ?) * (y - ?) + (z - ?) * (z - ?), id";
    for (int32_t v : {q.near->x, q.near->y, q.near->z}) {
      w.args.push_back(double(v) + 0.5);
      w.args.push_back(double(v) + 0.5);
    }
  }
  std::string sql = "SELECT id, entity, type, name, x, y, z, created, updated FROM mobs" + w.sql + order;
  if (q.limit) sql += fmt::format(" LIMIT {}", q.limit);
  Statement& st = cached(sql);
  w.bind(st);
  std::vector<MemoryMob> out;
  while (st.step())
    out.push_back({st.i64(0), world::EntityId(st.i64(1)), st.text(2), st.text(3), {st.f64(4), st.f64(5), st.f64(6)},
                   uint64_t(st.i64(7)), uint64_t(st.i64(8))});
  if (!st.done()) db_.fail("cannot read mobs");
  return out;
}

// ---- triples ----

bool AgentMemory::add_triple(const std::string& s, const std::string& p, const std::string& o, uint64_t now) {
  Statement& st = cached(
      "INSERT INTO triples(subject, predicate, object, time) VALUES (?, ?, ?, ?) "
      "ON CONFLICT(subject, predicate, object) DO UPDATE SET time = excluded.time");
  st.bind(1, std::string_view(s)).bind(2, std::string_view(p)).bind(3, std::string_view(o)).bind(4, int64_t(now));
  st.step();
  return st.done() || db_.fail(fmt::format("cannot remember ({}, {}, {})", s, p, o));
}

namespace {
Where triple_where(const std::optional<std::string>& s, const std::optional<std::string>& p,
                   const std::optional<std::string>& o) {
  Where w;
  if (s) w.add("subject = ?"), w.args.push_back(*s);
  if (p) w.add("predicate = ?"), w.args.push_back(*p);
  if (o) w.add("object = ?"), w.args.push_back(*o);
  return w;
}
}  // namespace

std::vector<Triple> AgentMemory::triples(const std::optional<std::string>& s, const std::optional<std::string>& p,
                                         const std::optional<std::string>& o) {
  Where w = triple_where(s, p, o);
  Statement& st = cached("SELECT id, subject, predicate, object, time FROM triples" + w.sql + " ORDER BY time DESC, id");
  w.bind(st);
  std::vector<Triple> out;
  while (st.step()) out.push_back({st.i64(0), st.text(1), st.text(2), st.text(3), uint64_t(st.i64(4))});
  if (!st.done()) db_.fail("cannot read triples");
  return out;
}

size_t AgentMemory::remove_triples(const std::optional<std::string>& s, const std::optional<std::string>& p,
                                   const std::optional<std::string>& o) {
  Where w = triple_where(s, p, o);
  Statement& st = cached("DELETE FROM triples" + w.sql);
  w.bind(st);
  st.step();
  if (!st.done()) return db_.fail("cannot forget triples"), 0;
  return size_t(db_.changes());
}

// ---- rewards, chat, tasks ----

bool AgentMemory::add_reward(double value, const std::string& source, uint64_t now) {
  Statement& st = cached("INSERT INTO rewards(value, source, time) VALUES (?, ?, ?)");
  st.bind(1, value).bind(2, std::string_view(source)).bind(3, int64_t(now));
  st.step();
  return st.done() || db_.fail("cannot record a reward");
}

std::vector<Reward> AgentMemory::rewards(uint64_t since) {
  Statement& st = cached("SELECT value, source, time FROM rewards WHERE time >= ? ORDER BY time, id");
  st.bind(1, int64_t(since));
  std::vector<Reward> out;
  while (st.step()) out.push_back({st.f64(0), st.text(1), uint64_t(st.i64(2))});
  return out;
}

double AgentMemory::total_reward() {
  Statement& st = cached("SELECT COALESCE(SUM(value), 0) FROM rewards");
  return st.step() ? st.f64(0) : 0;
}

bool AgentMemory::add_chat(const std::string& speaker, const std::string& text, uint64_t now) {
  Statement& st = cached("INSERT INTO chat(speaker, text, time) VALUES (?, ?, ?)");
  st.bind(1, std::string_view(speaker)).bind(2, std::string_view(text)).bind(3, int64_t(now));
  st.step();
  return st.done() || db_.fail("cannot record a chat line");
}

std::vector<ChatLine> AgentMemory::recent_chat(size_t limit, const std::optional<std::string>& speaker) {
  Statement& st = cached(speaker ? "SELECT speaker, text, time FROM chat WHERE speaker = ? ORDER BY time DESC, id DESC LIMIT ?"
                                 : "SELECT speaker, text, time FROM chat ORDER BY time DESC, id DESC LIMIT ?");
  int i = 1;
  if (speaker) st.bind(i++, std::string_view(*speaker));
  st.bind(i, limit ? int64_t(limit) : int64_t(-1));
  std::vector<ChatLine> out;
  while (st.step()) out.push_back({st.text(0), st.text(1), uint64_t(st.i64(2))});
  return out;  // newest first
}

bool AgentMemory::record_task(const TaskRow& row) {
  Statement& st = cached(
      "INSERT INTO task_history(task, name, status, started, finished) VALUES (?, ?, ?, ?, ?) "
      "ON CONFLICT(task) DO UPDATE SET name = excluded.name, status = excluded.status, "
      "started = excluded.started, finished = excluded.finished");
  st.bind(1, int64_t(row.task)).bind(2, std::string_view(row.name)).bind(3, std::string_view(row.status));
  st.bind(4, int64_t(row.started)).bind(5, int64_t(row.finished));
  st.step();
  return st.done() || db_.fail("cannot record task " + std::to_string(row.task));
}

std::vector<TaskRow> AgentMemory::tasks(const std::optional<std::string>& status, size_t limit) {
  Statement& st = cached(status ? "SELECT task, name, status, started, finished FROM task_history WHERE status = ? "
                                  "ORDER BY task DESC LIMIT ?"
                                : "SELECT task, name, status, started, finished FROM task_history ORDER BY task DESC LIMIT ?");
  int i = 1;
  if (status) st.bind(i++, std::string_view(*status));
  st.bind(i, limit ? int64_t(limit) : int64_t(-1));
  std::vector<TaskRow> out;
  while (st.step())
    out.push_back({uint64_t(st.i64(0)), st.text(1), st.text(2), uint64_t(st.i64(3)), uint64_t(st.i64(4))});
  return out;  // newest first
}

}  // namespace plank::memory
