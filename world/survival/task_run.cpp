#include "world/survival/task_run.h"
#include "support/data_paths.h"
#include "support/json_integer.h"

#include <fmt/format.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

namespace plank::survival {

std::string default_tasks_path() { return data_path(DataItem::DepsTasks); }

std::optional<DepsTaskFile> load_deps_task_file(const std::string& path, std::string* error) {
  std::ifstream in(path);
  if (!in) {
    if (error) *error = fmt::format("cannot read {} (set PLANK_SHARED to the shared folder)", path);
    return std::nullopt;
  }
  DepsTaskFile f;
  try {
    nlohmann::json j = nlohmann::json::parse(in);
    for (const auto& t : j.at("tasks"))
      f.tasks.push_back({t.at("object").get<std::string>(), t.at("group").get<std::string>(),
                         json_int(t.at("max_steps"), "max_steps", 1, kMaxTaskSteps)});
    const nlohmann::json groups = j.value("groups", nlohmann::json::object());  // named: items() refers into it
    for (const auto& [g, v] : groups.items()) f.group_names[g] = v.value("name", "");
    const nlohmann::json paper = j.value("paper_group_success_pct", nlohmann::json::object());
    for (const auto& [key, v] : paper.items()) {
      if (key == "order") {
        f.group_order = v.get<std::vector<std::string>>();
        continue;
      }
      for (const auto& [row, figures] : v.items()) f.paper[key][row] = figures.get<std::vector<double>>();
    }
  } catch (const nlohmann::json::exception& e) {
    if (error) *error = fmt::format("{}: {}", path, e.what());
    return std::nullopt;
  } catch (const std::invalid_argument& e) {  // json_int: a budget that is not a whole number in range
    if (error) *error = fmt::format("{}: {}", path, e.what());
    return std::nullopt;
  }
  return f;
}

std::vector<DepsTask> load_deps_tasks(const std::string& path, std::string* error) {
  auto f = load_deps_task_file(path, error);
  return f ? f->tasks : std::vector<DepsTask>{};
}

WorldgenOptions deps_task_world(uint64_t seed) {
  WorldgenOptions o;
  o.seed = seed;
  o.x0 = o.z0 = -96;
  o.size_x = o.size_z = 192;
  // A 192 x 192 slice is far smaller than the world a Minecraft agent may walk
  // through: at the default density some seeds hold fewer than the 6-8 cows
  // that 7-8 leather take (a cow drops 0-2). Denser herds stand in for the
  // walk to the next herd beyond the slice.
  o.mob_density = 1.6;
  return o;
}

WorldgenOptions deps_explore_world(uint64_t seed) {
  WorldgenOptions o = deps_task_world(seed);
  o.uneven = true;
  o.rivers = true;
  return o;
}

ControllerOptions deps_task_controller() {
  ControllerOptions o;
  o.search_radius = 136;  // the corners of the 192 x 192 area from its centre
  return o;
}

std::vector<TaskOutcome> run_deps_tasks(const world::World& generated, const RecipeBook& book,
                                        const Obtainability& analysis, const std::vector<DepsTask>& tasks,
                                        const ControllerOptions& options) {
  std::vector<TaskOutcome> out;
  for (const DepsTask& t : tasks) {
    auto w = generated.clone();
    Controller ctl(*w, book, options);
    SkillResult r = ctl.obtain(analysis, t.object, 1);
    TaskOutcome o;
    o.task = t;
    o.ok = r.ok;
    o.failure = r.failure;
    o.reason = r.reason;
    o.ticks = ctl.ticks();
    o.stats = ctl.stats();
    out.push_back(std::move(o));
  }
  return out;
}

std::map<std::string, GroupSummary> summarise(const std::vector<TaskOutcome>& outcomes) {
  std::map<std::string, GroupSummary> g;
  for (const auto& o : outcomes) {
    GroupSummary& s = g[o.task.group];
    ++s.tasks;
    s.max_steps = o.task.max_steps;
    if (!o.ok) continue;
    ++s.ok;
    s.within_budget += o.within_budget();
    s.mean_ticks += double(o.ticks);
  }
  for (auto& [name, s] : g)
    if (s.ok) s.mean_ticks /= s.ok;
  return g;
}

}  // namespace plank::survival
