// `plank danli --scene FILE --goals JSON`: a DANLI episode in a Plank world
// (agents/danli): the trace of observations, plans, steps, failures and
// re-plans. Exit 0 when the subgoals hold at the end, 3 when they do not.
// `plank danli build --task wall|bridge|cabin`: a building task
// (MinePlanner-style) in a flat world, planned and run the same way; exit 0
// when the structure stands, 3 when it does not.
#include <fmt/format.h>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "agents/danli/compile/building.h"
#include "agents/danli/compile/subgoals.h"
#include "agents/danli/loop/build_episode.h"
#include "agents/danli/loop/episode.h"
#include "support/diagnostics.h"
#include "tools/plank/cli.h"
#include "world/voxels/block_registry.h"
#include "world/voxels/scene_io.h"

namespace plank::cli {
namespace {

struct DanliCliOptions {
  std::string scene;
  std::string goals;
  double radius = 7.0;
  int rounds = 6;
  std::string search;
  OutputOptions out;
};

struct BuildCliOptions {
  std::string task;
  int size = 4;
  int inventory = -1;
  std::string block = "cobblestone";
  std::string search;
  OutputOptions out;
};

int run_build_command(const BuildCliOptions& o) {
  std::string why;
  auto site = danli::make_build_site(o.task, o.size, o.block, &why);
  if (!site) {
    fmt::print(stderr, "plank danli build: {}\n", why);
    return kInputErrors;
  }
  danli::BuildOptions options;
  options.inventory = o.inventory;
  if (!o.search.empty()) options.search = o.search;
  danli::BuildResult r = danli::run_build(*site->world, site->structure, options);
  if (o.out.json) {
    nlohmann::json j;
    j["success"] = r.success;
    j["rounds"] = r.rounds;
    j["steps"] = r.steps;
    j["placed"] = r.placed;
    j["blocks_left"] = r.blocks_left < 0 ? nlohmann::json(nullptr) : nlohmann::json(r.blocks_left);
    j["ticks"] = r.ticks;
    if (!r.success) j["why"] = r.why;
    for (const auto& e : r.trace) j["trace"].push_back({{"kind", e.kind}, {"text", e.text}});
    fmt::print("{}\n", j.dump(2));
  } else {
    std::fputs(danli::trace_text(r.trace).c_str(), stdout);
  }
  return r.success ? kOk : 3;
}

int run_danli_command(const DanliCliOptions& o) {
  std::string error;
  if (o.scene.empty() || o.goals.empty()) {
    fmt::print(stderr, "plank danli: --scene and --goals are required (or: plank danli build --task wall|bridge|cabin)\n");
    return kInputErrors;
  }
  auto goals = danli::subgoals_from_json(o.goals, &error);
  if (!goals) {
    fmt::print(stderr, "plank danli: --goals: {}\n", error);
    return kInputErrors;
  }
  std::string warning;
  DiagnosticSink sink;
  auto world = world::load_scene_file(o.scene, world::BlockRegistry::load_default(&warning), sink);
  if (!world) {
    std::fputs(render_text(sink.all()).c_str(), stderr);
    return kInputErrors;
  }
  danli::DanliOptions options;
  options.view.radius = o.radius;
  options.max_rounds = o.rounds;
  if (!o.search.empty()) options.search = o.search;
  danli::DanliResult r = danli::run_danli(*world, *goals, options);
  if (o.out.json) {
    nlohmann::json j;
    j["success"] = r.success;
    j["rounds"] = r.rounds;
    j["steps"] = r.steps;
    for (const auto& e : r.trace) j["trace"].push_back({{"kind", e.kind}, {"text", e.text}});
    fmt::print("{}\n", j.dump(2));
  } else {
    std::fputs(danli::trace_text(r.trace).c_str(), stdout);
  }
  return r.success ? kOk : 3;
}

}  // namespace

void register_danli(CLI::App& app, Action& action) {
  auto o = std::make_shared<DanliCliOptions>();
  auto* cmd = app.add_subcommand("danli", "A DANLI episode: perceive, plan over PDDL, act, monitor, re-plan");
  cmd->add_option("--scene", o->scene, "The world (a plank-scene JSON file)");
  cmd->add_option("--goals", o->goals,
                  "Subgoals as JSON: [{\"patient\": \"sand\", \"predicate\": \"placed_on\", \"destination\": "
                  "\"table\"}] (predicates: held, placed_on, removed)");
  cmd->add_option("--view", o->radius, "How far the agent sees, in blocks (default 7)");
  cmd->add_option("--rounds", o->rounds, "At most this many plans (default 6)");
  cmd->add_option("--search", o->search, "The planner's search configuration (plank plan --search)");
  cmd->add_flag("--json", o->out.json, "The result and trace as JSON");
  auto b = std::make_shared<BuildCliOptions>();
  auto* build = cmd->add_subcommand("build", "A building task in a flat world: plan over PDDL, place the blocks, re-plan");
  build->add_option("--task", b->task, "wall, bridge or cabin")->required()->check(CLI::IsMember(danli::structure_kinds()));
  build->add_option("--size", b->size, "Its length (a cabin: its side), 2 to 12 (default 4)");
  build->add_option("--inventory", b->inventory, "Blocks the agent holds (default: as many as it needs)");
  build->add_option("--block", b->block, "What it is built of (default cobblestone)");
  build->add_option("--search", b->search, "The planner's search configuration (plank plan --search)");
  build->add_flag("--json", b->out.json, "The result and trace as JSON");
  build->callback([b, &action] { action = [b] { return run_build_command(*b); }; });
  cmd->callback([o, build, &action] {
    if (build->parsed()) return;  // `plank danli build`: its own callback chose the action
    action = [o] { return run_danli_command(*o); };
  });
}

}  // namespace plank::cli
