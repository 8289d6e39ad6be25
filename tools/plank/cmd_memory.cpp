// `plank memory FILE`: read and write the agent's memory database (docs/memory.md) from the
// shell. `plank world info SCENE --memory FILE` fills it with a scene's objects and mobs.
//
//   plank memory FILE                                   the remembered objects, most recent first
//   plank memory FILE --name house --tag wooden --colour red --block oak_planks
//                     --min-size 4 --max-size 100 --near X,Y,Z --within X0,Y0,Z0,X1,Y1,Z1
//                     --since TICK --holes | --no-holes --limit N      objects matching every filter
//   plank memory FILE --mobs [--type cow]               remembered mobs
//   plank memory FILE --triples [--subject S]           facts
//   plank memory FILE --set-name ID NAME | --add-tag ID TAG | --put S P O    writes (PUT_MEMORY)
//   plank memory FILE --query "SELECT ..."              read-only SQL, rows tab-separated
//   --json: machine-readable output on stdout.
#include <fmt/format.h>

#include <charconv>
#include <climits>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>

#include "tools/plank/cli.h"
#include "world/memory/agent_memory.h"
#include "world/memory/sql_query.h"

namespace plank::cli {
namespace {

struct MemoryOptions {
  std::string file;
  std::optional<std::string> name, tag, colour, block, near, within, type, subject, query;
  std::optional<int64_t> min_size, max_size;
  std::optional<uint64_t> since;
  bool holes = false, no_holes = false, mobs = false, triples = false;
  size_t limit = 0;
  std::vector<std::string> set_name, add_tag, put;
  OutputOptions output;
};

// "1,2,3" -> world coordinates; false and *why when the count or a number is
// wrong. A number outside int32 is refused, never narrowed (2147483648 once
// became -2147483648 without a word).
bool parse_coords(const std::string& text, size_t count, std::vector<int32_t>* out, std::string* why) {
  out->clear();
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t comma = text.find(',', pos);
    std::string part = text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    int64_t value = 0;
    auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
    if (part.empty() || end != part.data() + part.size() || ec == std::errc::invalid_argument)
      return *why = fmt::format("'{}' is not an integer", part), false;
    if (ec == std::errc::result_out_of_range || value < INT32_MIN || value > INT32_MAX)
      return *why = fmt::format("{} is outside the world's coordinates ({}..{})", part, INT32_MIN, INT32_MAX), false;
    out->push_back(static_cast<int32_t>(value));
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  if (out->size() != count) return *why = fmt::format("{} numbers, not {}", count, out->size()), false;
  return true;
}

nlohmann::json object_json(const memory::MemoryObject& o) {
  const auto& b = o.bounds;
  return {{"id", o.id},
          {"name", o.name ? nlohmann::json(*o.name) : nlohmann::json(nullptr)},
          {"tags", o.tags},
          {"colour", o.colour},
          {"block", o.block},
          {"bounds", {{b.min.x, b.min.y, b.min.z}, {b.max.x, b.max.y, b.max.z}}},
          {"size", o.size},
          {"hole", o.hole},
          {"created", o.created},
          {"updated", o.updated}};
}

int fail(const std::string& message) {
  fmt::print(stderr, "plank memory: error: {}\n", message);
  return kInputErrors;
}

// Read-only SQL, one statement (world/memory/sql_query.h refuses anything that writes).
int raw_query(memory::AgentMemory& mem, const std::string& sql, bool json) {
  memory::SqlLimits limits;
  limits.max_statements = 1;
  std::string error;
  auto tables = memory::run_sql(mem.database(), sql, memory::SqlAccess::ReadOnly, &error, limits);
  if (!tables)
    return fail(error.find("writes") != std::string::npos
                    ? "--query only reads (SELECT, PRAGMA reads); use --set-name, --add-tag or --put to write"
                    : "--query: " + error);
  const memory::SqlTable& t = tables->front();
  if (!json) {
    fmt::print("{}\n", fmt::join(t.columns, "\t"));
    for (const auto& row : t.rows) {
      std::vector<std::string> cells;
      for (const auto& c : row) cells.push_back(c.text);
      fmt::print("{}\n", fmt::join(cells, "\t"));
    }
    return kOk;
  }
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& row : t.rows) {
    nlohmann::json r = nlohmann::json::object();
    for (size_t c = 0; c < row.size(); ++c) {
      const memory::SqlCell& cell = row[c];
      switch (cell.type) {
        case memory::SqlCell::Type::Integer: r[t.columns[c]] = cell.integer; break;
        case memory::SqlCell::Type::Real: r[t.columns[c]] = cell.real; break;
        case memory::SqlCell::Type::Null: r[t.columns[c]] = nullptr; break;
        case memory::SqlCell::Type::Text: r[t.columns[c]] = cell.text; break;
      }
    }
    rows.push_back(r);
  }
  fmt::print("{}\n", rows.dump(2));
  return kOk;
}

int run(const MemoryOptions& o) {
  const bool writes = !o.set_name.empty() || !o.add_tag.empty() || !o.put.empty();
  if (!writes && !std::filesystem::exists(o.file))
    return fail(fmt::format("no memory at '{}' (write one with: plank world info SCENE --memory {})", o.file, o.file));
  std::string error;
  auto mem = memory::AgentMemory::open(o.file, &error);
  if (!mem) return fail(error);
  if (o.query) return raw_query(*mem, *o.query, o.output.json);

  // Writes first, then show what was asked (by default the objects).
  auto parse_id = [](const std::string& s) -> std::optional<int64_t> {
    try {
      size_t used = 0;
      int64_t v = std::stoll(s, &used);
      if (used == s.size()) return v;
    } catch (const std::exception&) {
    }
    return std::nullopt;
  };
  auto tick = [&] { return mem->next_tick(); };  // writes sort after everything remembered
  if (!o.set_name.empty()) {
    auto id = parse_id(o.set_name[0]);
    if (!id || !mem->object(*id)) return fail(fmt::format("--set-name: no object with id '{}'", o.set_name[0]));
    if (!mem->set_name(*id, o.set_name[1], tick())) return fail(mem->error());
  }
  if (!o.add_tag.empty()) {
    auto id = parse_id(o.add_tag[0]);
    if (!id || !mem->object(*id)) return fail(fmt::format("--add-tag: no object with id '{}'", o.add_tag[0]));
    if (!mem->add_tag(*id, o.add_tag[1], tick())) return fail(mem->error());
  }
  if (!o.put.empty() && !mem->add_triple(o.put[0], o.put[1], o.put[2], tick())) return fail(mem->error());

  if (o.mobs) {
    memory::MobQuery q;
    q.type = o.type;
    q.limit = o.limit;
    auto mobs = mem->mobs(q);
    nlohmann::json j = nlohmann::json::array();
    for (const auto& m : mobs) {
      if (o.output.json)
        j.push_back({{"id", m.id}, {"entity", m.entity}, {"type", m.type}, {"name", m.name},
                     {"pos", {m.pos.x, m.pos.y, m.pos.z}}, {"updated", m.updated}});
      else
        fmt::print("  mob {} {}{} at ({:.1f}, {:.1f}, {:.1f}), seen at tick {}\n", m.id, m.type,
                   m.name.empty() ? "" : " " + m.name, m.pos.x, m.pos.y, m.pos.z, m.updated);
    }
    if (o.output.json) fmt::print("{}\n", j.dump(2));
    else fmt::print("{} mob{}\n", mobs.size(), mobs.size() == 1 ? "" : "s");
    return kOk;
  }
  if (o.triples) {
    auto ts = mem->triples(o.subject, std::nullopt, std::nullopt);
    nlohmann::json j = nlohmann::json::array();
    for (const auto& t : ts) {
      if (o.output.json) j.push_back({{"subject", t.subject}, {"predicate", t.predicate}, {"object", t.object}, {"time", t.time}});
      else fmt::print("  ({}, {}, {}) at tick {}\n", t.subject, t.predicate, t.object, t.time);
    }
    if (o.output.json) fmt::print("{}\n", j.dump(2));
    else fmt::print("{} triple{}\n", ts.size(), ts.size() == 1 ? "" : "s");
    return kOk;
  }

  memory::ObjectQuery q;
  q.name = o.name, q.tag = o.tag, q.colour = o.colour, q.block = o.block;
  q.min_size = o.min_size, q.max_size = o.max_size, q.since = o.since, q.limit = o.limit;
  if (o.holes) q.hole = true;
  if (o.no_holes) q.hole = false;
  std::vector<int32_t> v;
  std::string why;
  if (o.near) {
    if (!parse_coords(*o.near, 3, &v, &why))
      return fail(fmt::format("--near wants X,Y,Z (three integers), got '{}': {}", *o.near, why));
    q.near = world::Coord{v[0], v[1], v[2]};
  }
  if (o.within) {
    if (!parse_coords(*o.within, 6, &v, &why))
      return fail(fmt::format("--within wants X0,Y0,Z0,X1,Y1,Z1 (six integers), got '{}': {}", *o.within, why));
    q.within = world::Box::of({v[0], v[1], v[2]}, {v[3], v[4], v[5]});
  }
  auto objects = mem->objects(q);
  if (o.output.json) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& obj : objects) j.push_back(object_json(obj));
    fmt::print("{}\n", j.dump(2));
    return kOk;
  }
  fmt::print("{} object{}\n", objects.size(), objects.size() == 1 ? "" : "s");
  for (const auto& obj : objects) {
    const auto& b = obj.bounds;
    fmt::print("  {} {}{}: {} cell{} in ({},{},{})..({},{},{}){}{}; seen at tick {}\n", obj.hole ? "hole" : "object",
               obj.id, obj.name ? fmt::format(" \"{}\"", *obj.name) : "", obj.size, obj.size == 1 ? "" : "s", b.min.x,
               b.min.y, b.min.z, b.max.x, b.max.y, b.max.z,
               obj.colour.empty() ? "" : fmt::format("; {} {}", obj.colour, obj.block),
               obj.tags.empty() ? "" : fmt::format("; tags {}", fmt::join(obj.tags, ", ")), obj.updated);
  }
  return kOk;
}

}  // namespace

void register_memory(CLI::App& app, Action& action) {
  auto o = std::make_shared<MemoryOptions>();
  auto* cmd = app.add_subcommand("memory", "Query and update the agent's memory (a SQLite file; docs/memory.md)");
  cmd->add_option("file", o->file, "Memory database (written by: plank world info SCENE --memory FILE)")->required();
  cmd->add_option("--name", o->name, "Objects with this name");
  cmd->add_option("--tag", o->tag, "Objects with this tag");
  cmd->add_option("--colour,--color", o->colour, "Objects of this dominant colour (red, brown, ...)");
  cmd->add_option("--block", o->block, "Objects mostly of this block (oak_planks, ...)");
  cmd->add_option("--min-size", o->min_size, "At least this many cells");
  cmd->add_option("--max-size", o->max_size, "At most this many cells");
  cmd->add_option("--near", o->near, "Nearest first to X,Y,Z");
  cmd->add_option("--within", o->within, "Bounds inside the box X0,Y0,Z0,X1,Y1,Z1");
  cmd->add_option("--since", o->since, "Seen at or after this game tick");
  auto* holes = cmd->add_flag("--holes", o->holes, "Only holes");
  cmd->add_flag("--no-holes", o->no_holes, "Only placed blocks")->excludes(holes);
  cmd->add_option("--limit", o->limit, "At most this many rows");
  auto* mobs = cmd->add_flag("--mobs", o->mobs, "List remembered mobs instead of objects");
  cmd->add_option("--type", o->type, "With --mobs: of this type (cow, pig, ...)")->needs(mobs);
  auto* triples = cmd->add_flag("--triples", o->triples, "List facts (subject, predicate, object)")->excludes(mobs);
  cmd->add_option("--subject", o->subject, "With --triples: about this subject")->needs(triples);
  cmd->add_option("--set-name", o->set_name, "Name an object: ID NAME")->expected(2);
  cmd->add_option("--add-tag", o->add_tag, "Tag an object: ID TAG")->expected(2);
  cmd->add_option("--put", o->put, "Remember a fact: SUBJECT PREDICATE OBJECT")->expected(3);
  cmd->add_option("--query", o->query, "Run one read-only SQL statement");
  cmd->add_flag("--json", o->output.json, "Machine-readable output on stdout");
  cmd->callback([o, &action] { action = [o] { return run(*o); }; });
}

}  // namespace plank::cli
