// `plank world`: look at scenes without running a program.
//
//   plank world render SCENE.json --out X.png [--tile N] [--ascii]   isometric picture (and/or terminal views)
//   plank world survive OBJECT / plank world tasks                     see cmd_world_survival.cpp
//   plank world info SCENE.json [--json] [--memory FILE [--tick T]]   objects, holes and entities;
//                                                                     with --memory, remembered in FILE
//
// Blocks, items and entities come from minecraft-data ($PLANK_MCDATA or the
// configured folder); without it only the built-in blocks are known (a warning says so).
#include <fmt/format.h>

#include <cstdio>
#include <optional>
#include <nlohmann/json.hpp>

#include "tools/plank/cli.h"
#include "world/memory/agent_memory.h"
#include "world/render/ascii.h"
#include "world/render/isometric.h"
#include "world/render/png_writer.h"
#include "world/voxels/perception.h"
#include "world/voxels/raycast.h"
#include "world/voxels/scene_io.h"

namespace plank::cli {

void register_world_survival(CLI::App* world_cmd, Action& action);  // cmd_world_survival.cpp

namespace {

struct WorldOptions {
  std::string scene;
  std::string out;
  bool ascii = false;
  int tile = 12;
  std::string memory;             // info: sync the scene's objects and mobs into this memory file
  std::optional<uint64_t> tick;   // the game tick to record them at (default: one past the memory's latest)
  OutputOptions output;
};

// Makes the memory file agree with the scene (memory's sync: objects matched by shared cells
// keep their ids, names and tags) and says what changed on stderr.
bool remember(const WorldOptions& o, const world::World& w, const std::vector<world::BlockObject>& objects,
              const std::vector<world::BlockObject>& holes) {
  std::string error;
  auto mem = memory::AgentMemory::open(o.memory, &error);
  if (!mem) return fmt::print(stderr, "plank world: error: {}\n", error), false;
  uint64_t now = o.tick ? *o.tick : mem->next_tick();
  std::vector<world::BlockObject> all = objects;
  all.insert(all.end(), holes.begin(), holes.end());
  auto so = mem->sync_objects(all, now);
  auto sm = so ? mem->sync_mobs(w, now) : std::nullopt;
  if (!so || !sm) return fmt::print(stderr, "plank world: error: {}: {}\n", o.memory, mem->error()), false;
  fmt::print(stderr, "plank world: memory {} at tick {}: objects {} new, {} updated, {} forgotten; mobs {} new, {} updated, {} gone\n",
             o.memory, now, so->inserted, so->updated, so->removed, sm->inserted, sm->updated, sm->removed);
  return true;
}

std::unique_ptr<world::World> load(const WorldOptions& o) {
  std::string warning;
  auto registry = world::BlockRegistry::load_default(&warning);
  if (!warning.empty()) fmt::print(stderr, "plank world: warning: {}\n", warning);
  DiagnosticSink sink;
  auto w = world::load_scene_file(o.scene, registry, sink);
  std::fputs(render_text(sink.all(), RenderOptions{o.output.use_color()}).c_str(), stderr);
  return w;
}

int render(const WorldOptions& o) {
  auto w = load(o);
  if (!w) return kInputErrors;
  if (!o.out.empty()) {
    render::IsoOptions iso;
    iso.tile = o.tile;
    auto pic = render::render_isometric(*w, iso);
    std::string error;
    if (!render::write_png(pic.image, o.out, &error)) {
      fmt::print(stderr, "plank world: {}\n", error);
      return kInputErrors;
    }
    fmt::print(stderr, "plank world: wrote {} ({}x{})\n", o.out, pic.image.width, pic.image.height);
  }
  if (o.ascii) std::fputs(render::render_ascii(*w).c_str(), stdout);
  return kOk;
}

std::string box_text(const world::Box& b) {
  return fmt::format("({},{},{})..({},{},{})", b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z);
}

nlohmann::json object_json(const world::BlockObject& obj) {
  const auto& b = obj.bounds;
  return {{"id", obj.id}, {"hole", obj.hole}, {"size", obj.size()},
          {"bounds", {{b.min.x, b.min.y, b.min.z}, {b.max.x, b.max.y, b.max.z}}},
          {"colours", obj.colours}, {"blocks", obj.blocks}, {"names", obj.names}, {"tags", obj.tags}};
}

int info(const WorldOptions& o) {
  auto w = load(o);
  if (!w) return kInputErrors;
  auto objects = world::block_objects(*w);
  auto holes = world::holes(*w);
  if (!o.memory.empty() && !remember(o, *w, objects, holes)) return kInputErrors;
  if (o.output.json) {
    nlohmann::json j = {{"seed", w->seed()}, {"objects", nlohmann::json::array()}, {"holes", nlohmann::json::array()},
                        {"entities", nlohmann::json::array()}};
    for (const auto& obj : objects) j["objects"].push_back(object_json(obj));
    for (const auto& h : holes) j["holes"].push_back(object_json(h));
    for (const auto& e : w->entities()) {
      nlohmann::json ej = {{"id", e.id}, {"kind", world::entity_kind_name(e.kind)}, {"name", e.name}, {"type", e.type},
                           {"pos", {e.pose.pos.x, e.pose.pos.y, e.pose.pos.z}}, {"yaw", e.pose.yaw}, {"pitch", e.pose.pitch}};
      if (auto hit = world::look_target(*w, e)) ej["looks_at"] = {hit->block.x, hit->block.y, hit->block.z};
      j["entities"].push_back(ej);
    }
    fmt::print("{}\n", j.dump(2));
    return kOk;
  }
  fmt::print("{} object{}, {} hole{}\n", objects.size(), objects.size() == 1 ? "" : "s", holes.size(),
             holes.size() == 1 ? "" : "s");
  for (const auto* list : {&objects, &holes})
    for (const auto& obj : *list) {
      std::string colours;
      for (const auto& [word, n] : obj.colours) colours += fmt::format("{}{} {}", colours.empty() ? "" : ", ", word, n);
      std::string label = obj.names.empty() ? "" : fmt::format(" \"{}\"", fmt::join(obj.names, "\", \""));
      fmt::print("  {} {}{}: {} block{} in {}{}{}\n", obj.hole ? "hole" : "object", obj.id, label, obj.size(),
                 obj.size() == 1 ? "" : "s", box_text(obj.bounds), colours.empty() ? "" : "; " + colours,
                 obj.tags.empty() ? "" : fmt::format("; tags {}", fmt::join(obj.tags, ", ")));
    }
  for (const auto& e : w->entities()) {
    auto hit = world::look_target(*w, e);
    fmt::print("  {} {}{} at ({:.1f}, {:.1f}, {:.1f}) yaw {} pitch {}{}\n", world::entity_kind_name(e.kind), e.name,
               e.kind == world::EntityKind::Mob ? (e.name.empty() ? "" : " ") + e.type : "", e.pose.pos.x, e.pose.pos.y, e.pose.pos.z,
               e.pose.yaw, e.pose.pitch,
               hit ? fmt::format(", looks at ({}, {}, {}) {}", hit->block.x, hit->block.y, hit->block.z,
                                 w->type_at(hit->block).name)
                   : "");
  }
  return kOk;
}

}  // namespace

void register_world(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("world", "Look at world scenes (render pictures, list objects); survive in generated worlds");
  cmd->require_subcommand(1);

  auto r = std::make_shared<WorldOptions>();
  auto* render_cmd = cmd->add_subcommand("render", "Draw a scene: an isometric PNG (--out) and/or terminal views (--ascii)");
  render_cmd->add_option("scene", r->scene, "Scene JSON (see docs/world.md)")->required();
  render_cmd->add_option("--out,-o", r->out, "PNG file to write");
  render_cmd->add_flag("--ascii", r->ascii, "Print a top-down and a side view");
  render_cmd->add_option("--tile", r->tile, "Half the width of a cube in pixels (a multiple of 4)")
      ->check(CLI::Range(4, 64));
  render_cmd->add_option("--color", r->output.color, "Colour diagnostics: auto, always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  render_cmd->callback([r, &action] {
    if (r->out.empty() && !r->ascii) throw CLI::ValidationError("render", "give --out X.png, --ascii, or both");
    action = [r] { return render(*r); };
  });

  auto i = std::make_shared<WorldOptions>();
  auto* info_cmd = cmd->add_subcommand("info", "List a scene's objects, holes and entities");
  info_cmd->add_option("scene", i->scene, "Scene JSON (see docs/world.md)")->required();
  info_cmd->add_flag("--json", i->output.json, "Machine-readable output on stdout");
  info_cmd->add_option("--memory", i->memory, "Remember the objects and mobs in this SQLite file (see plank memory)");
  info_cmd->add_option("--tick", i->tick, "With --memory: the game tick to record (default: one past the latest)");
  info_cmd->add_option("--color", i->output.color, "Colour diagnostics: auto, always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  info_cmd->callback([i, &action] { action = [i] { return info(*i); }; });

  register_world_survival(cmd, action);
}

}  // namespace plank::cli
