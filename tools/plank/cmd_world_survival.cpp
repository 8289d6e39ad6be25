// `plank world survive` and `plank world tasks`: the survival controller in a generated world.
//
//   plank world survive OBJECT [--seed N] [--size N] [--out X.png] [--tile N] [--log]
//       plan OBJECT from an empty inventory (Obtainability) and carry it out (Controller);
//       print the ticks, what was done, and optionally a picture of the world afterwards.
//   plank world tasks [--seeds N] [--json]
//       every object of shared/data/deps/tasks.json on seeds 1..N: how many were obtained and
//       the mean ticks per group against the paper's step budgets (docs/survival.md's table).
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "agents/deps/roles/rules.h"
#include "compiler/lf/validator.h"
#include "tools/plank/cli.h"
#include "world/render/isometric.h"
#include "world/render/png_writer.h"
#include "world/survival/task_run.h"

namespace plank::cli {
namespace {

// The survival rules are the DEPS loop's, loaded once per process (agents/deps/roles/rules.h).
const deps::Rules* load_rules() {
  std::string error;
  const deps::Rules* rules = deps::load_rules(&error);
  if (!rules) fmt::print(stderr, "plank world: error: {}\n", error);
  return rules;
}

struct SurviveOptions {
  std::string object;
  uint64_t seed = 1;
  int size = 192;
  std::string out;
  int tile = 4;
  bool log = false;
  int seeds = 5;
  OutputOptions output;
};

int survive(const SurviveOptions& o) {
  auto rules = load_rules();
  if (!rules) return kInputErrors;
  survival::WorldgenOptions wo = survival::deps_task_world(o.seed);
  wo.x0 = wo.z0 = -o.size / 2;
  wo.size_x = wo.size_z = o.size;
  auto w = survival::make_survival_world(rules->registry, wo);
  const survival::Obtainability& analysis = *rules->analysis;
  if (!analysis.obtainable(o.object)) {
    std::string hint;
    if (!rules->book->is_item(rules->book->names().resolve(o.object)[0])) {
      std::vector<std::string_view> names;
      for (const auto& item : rules->book->mc().items) names.push_back(item.name);
      for (const auto& [group, members] : rules->book->names().groups) names.push_back(group);
      if (auto near = lf::closest(o.object, names); !near.empty()) hint = fmt::format(" (did you mean '{}'?)", near);
    }
    fmt::print(stderr, "plank world: error: {}{}\n", analysis.why_not(o.object), hint);
    return kInputErrors;
  }
  survival::ControllerOptions co = survival::deps_task_controller();
  co.search_radius = o.size * 3 / 4;
  survival::Controller ctl(*w, *rules->book, co);
  survival::SkillResult r = ctl.obtain(analysis, o.object, 1);
  if (o.log)
    for (const auto& line : ctl.log()) fmt::print("  {}\n", line);
  const auto& s = ctl.stats();
  fmt::print("{} {} on seed {}: {} ticks ({:.1f} min of game time); walked {:.0f} blocks ({} ticks), dug {} blocks "
             "({} targets, {} ticks), killed {} mobs ({} ticks), {} crafts, {} smelts ({} ticks)\n",
             r.ok ? "obtained" : "failed to obtain", o.object, o.seed, ctl.ticks(), double(ctl.ticks()) / 1200.0,
             s.walked, s.walk_ticks, s.blocks_broken, s.targets, s.dig_ticks, s.mobs_killed, s.fight_ticks, s.crafts,
             s.smelts, s.smelt_ticks);
  fmt::print("searches: {} walks ({} by A*, {} nodes), {} digging searches ({} found no way, {} nodes)\n", s.walks,
             s.walks_astar, s.path_nodes, s.dig_searches, s.dig_failures, s.dig_nodes);
  if (!r.ok) fmt::print("  {}: {}\n", survival::failure_name(r.failure), r.reason);
  fmt::print("inventory: {}\n", ctl.inventory().str());
  if (!o.out.empty()) {
    render::IsoOptions iso;
    iso.tile = o.tile;
    // The trail, painted on a copy: the ground under every cell walked turns yellow.
    auto painted = w->clone();
    world::BlockId paint = *painted->registry().find("yellow_concrete");
    for (world::Coord c : ctl.trail())
      if (painted->solid({c.x, c.y - 1, c.z})) painted->set_block({c.x, c.y - 1, c.z}, paint);
    auto pic = render::render_isometric(*painted, iso);
    std::string error;
    if (!render::write_png(pic.image, o.out, &error)) {
      fmt::print(stderr, "plank world: {}\n", error);
      return kInputErrors;
    }
    fmt::print(stderr, "plank world: wrote {} ({}x{})\n", o.out, pic.image.width, pic.image.height);
  }
  return r.ok ? kOk : kInputErrors;
}

int tasks(const SurviveOptions& o) {
  auto rules = load_rules();
  if (!rules) return kInputErrors;
  std::string error;
  auto list = survival::load_deps_tasks(survival::default_tasks_path(), &error);
  if (list.empty()) {
    fmt::print(stderr, "plank world: error: {}\n", error);
    return kInputErrors;
  }
  const survival::Obtainability& analysis = *rules->analysis;
  nlohmann::json j = nlohmann::json::array();
  std::map<std::string, std::pair<double, int>> ticks_by_group;  // sum of successes' ticks, count
  std::map<std::string, int> budget, tasks_in, ok_in, within_in;
  int total_ok = 0, total = 0;
  for (int seed = 1; seed <= o.seeds; ++seed) {
    auto w = survival::make_survival_world(rules->registry, survival::deps_task_world(uint64_t(seed)));
    auto outcomes = survival::run_deps_tasks(*w, *rules->book, analysis, list, survival::deps_task_controller());
    int ok = 0;
    for (const auto& t : outcomes) {
      ok += t.ok;
      if (o.output.json)
        j.push_back({{"seed", seed}, {"object", t.task.object}, {"group", t.task.group}, {"ok", t.ok},
                     {"ticks", t.ticks}, {"max_steps", t.task.max_steps}, {"failure", survival::failure_name(t.failure)},
                     {"reason", t.reason}});
      else if (!t.ok)
        fmt::print("  seed {}: {} not obtained: {}: {}\n", seed, t.task.object, survival::failure_name(t.failure), t.reason);
    }
    for (const auto& [g, s] : survival::summarise(outcomes)) {
      ticks_by_group[g].first += s.mean_ticks * s.ok, ticks_by_group[g].second += s.ok;
      budget[g] = s.max_steps, tasks_in[g] += s.tasks, ok_in[g] += s.ok, within_in[g] += s.within_budget;
    }
    total_ok += ok, total += int(outcomes.size());
    if (!o.output.json) fmt::print("seed {}: {}/{} obtained\n", seed, ok, outcomes.size());
  }
  if (o.output.json) {
    fmt::print("{}\n", j.dump(2));
    return kOk;
  }
  fmt::print("\n{:<6} {:>10} {:>14} {:>12} {:>14}\n", "group", "obtained", "within budget", "mean ticks", "paper budget");
  for (const auto& [g, t] : ticks_by_group)
    fmt::print("{:<6} {:>10} {:>14} {:>12.0f} {:>14}\n", g, fmt::format("{}/{}", ok_in[g], tasks_in[g]),
               fmt::format("{}/{}", within_in[g], tasks_in[g]), t.second ? t.first / t.second : 0.0, budget[g]);
  fmt::print("all    {:>10}\n", fmt::format("{}/{}", total_ok, total));
  return kOk;
}

}  // namespace

void register_world_survival(CLI::App* world_cmd, Action& action) {
  auto s = std::make_shared<SurviveOptions>();
  auto* survive_cmd = world_cmd->add_subcommand(
      "survive", "Obtain an item from an empty inventory in a generated world (plan + scripted controller)");
  survive_cmd->add_option("object", s->object, "Item to obtain (DEPS or Minecraft 1.16.5 name: log, iron_pickaxe, ...)")
      ->required();
  survive_cmd->add_option("--seed", s->seed, "World seed");
  survive_cmd->add_option("--size", s->size, "Side of the generated square, in blocks")->check(CLI::Range(32, 512));
  survive_cmd->add_option("--out,-o", s->out, "Draw the world afterwards into this PNG (the path walked in yellow)");
  survive_cmd->add_option("--tile", s->tile, "With --out: half a cube's width in pixels (a multiple of 4)")
      ->check(CLI::Range(4, 64));
  survive_cmd->add_flag("--log", s->log, "Print what the controller did, skill by skill");
  survive_cmd->callback([s, &action] { action = [s] { return survive(*s); }; });

  auto t = std::make_shared<SurviveOptions>();
  auto* tasks_cmd = world_cmd->add_subcommand("tasks", "Run every DEPS task object (tasks.json) on several seeds");
  tasks_cmd->add_option("--seeds", t->seeds, "Seeds 1..N")->check(CLI::Range(1, 100));
  tasks_cmd->add_flag("--json", t->output.json, "One JSON row per task and seed on stdout");
  tasks_cmd->callback([t, &action] { action = [t] { return tasks(*t); }; });
}

}  // namespace plank::cli
