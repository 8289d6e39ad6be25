#include "agents/deps/eval/evaluation.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>

namespace plank::deps {

std::vector<Task> eval_tasks(const survival::DepsTaskFile& file, const std::set<std::string>& only) {
  std::vector<Task> tasks;
  for (const auto& t : file.tasks) {
    if (!only.empty() && !only.count(t.object) && !only.count(t.group)) continue;
    Task task;
    task.item = t.object;
    task.group = t.group;
    task.max_steps = uint64_t(t.max_steps);
    tasks.push_back(task);
  }
  return tasks;
}

void add_episode(Evaluation& e, const std::string& name, const std::string& group, const EpisodeRecord& r) {
  for (Tally* t : {&e.groups[group], &e.tasks[name], &e.overall}) {
    ++t->episodes;
    t->successes += r.success;
    t->ticks += double(r.ticks);
  }
  e.task_group[name] = group;
  ++e.episodes;
  e.records.push_back(r);
}

std::optional<Evaluation> evaluate(const Rules& rules, const std::vector<Task>& tasks, int seeds, uint64_t seed_base,
                                   const EpisodeOptions& base, const EvalProgress& progress, std::string* error,
                                   EpisodeShard shard) {
  if (std::string e = check_world_mode(base.world_mode); !e.empty()) return *error = e, std::nullopt;
  if (std::string e = check_episode_selector(base); !e.empty()) return *error = e, std::nullopt;
  Evaluation ev;
  const int n = int(tasks.size()), all = n * seeds;
  const int first = shard.begin(all), last = shard.end(all), total = last - first;
  auto start = std::chrono::steady_clock::now();
  for (int k = n ? first / n : 0; n && first < last && k * n < last; ++k) {
    // One generated world per seed; each episode runs in its own copy.
    auto generated = make_episode_world(rules, seed_base + uint64_t(k), base.world_size, base.world_mode);
    for (int i = std::max(first - k * n, 0); i < n && k * n + i < last; ++i) {
      const Task& task = tasks[size_t(i)];
      EpisodeOptions e = base;
      e.world = generated.get();
      e.seed = seed_base + uint64_t(k);
      e.selector.seed = e.seed;
      auto r = run_episode(rules, task, e, {}, error);
      if (!r) return std::nullopt;
      if (!r->loop_error.empty()) {
        ev.loop_error = r->loop_error;
        return ev;
      }
      add_episode(ev, task.item, task.group, {k * n + i, r->success, r->ticks});
      if (progress) progress(ev.episodes, total, task);
    }
  }
  ev.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return ev;
}

std::string evaluation_json(const Evaluation& e) {
  nlohmann::json j;
  j["groups"] = nlohmann::json::object();
  for (const auto& [g, t] : e.groups)
    j["groups"][g] = {{"success", t.success_rate()}, {"episodes", t.episodes}, {"mean_ticks", t.mean_ticks()}};
  j["overall"] = {{"success", e.overall.success_rate()}, {"episodes", e.overall.episodes},
                  {"mean_ticks", e.overall.mean_ticks()}};
  j["tasks"] = nlohmann::json::object();
  for (const auto& [name, t] : e.tasks)
    j["tasks"][name] = {{"group", e.task_group.at(name)},
                        {"success", t.success_rate()},
                        {"episodes", t.episodes},
                        {"mean_ticks", t.mean_ticks()}};
  return j.dump(2);
}

std::string evaluation_table(const Evaluation& e, const survival::DepsTaskFile& file) {
  // Optional in the file: a list without the paper's figures prints '-' for them.
  auto paper = [&](const char* table, const char* row, size_t i) -> std::string {
    auto t = file.paper.find(table);
    if (t == file.paper.end()) return "-";
    auto r = t->second.find(row);
    if (r == t->second.end() || i >= r->second.size()) return "-";
    return fmt::format("{:.1f}", r->second[i]);
  };
  std::string s = fmt::format("{:<5} {:<16} {:>8} {:>9} {:>11}   {:>15} {:>14}\n", "group", "name", "episodes",
                              "success%", "mean ticks", "paper TextWorld", "paper MineDojo");
  const std::vector<std::string>& order = file.group_order;
  for (size_t i = 0; i < order.size(); ++i) {
    const std::string& g = order[i];
    auto it = e.groups.find(g);
    if (it == e.groups.end()) continue;
    const Tally& t = it->second;
    auto named = file.group_names.find(g);
    std::string name = named == file.group_names.end() ? "" : named->second;
    s += fmt::format("{:<5} {:<16} {:>8} {:>9.1f} {:>11.0f}   {:>15} {:>14}\n", g, name, t.episodes,
                     100.0 * t.successes / std::max(1, t.episodes), t.ticks / std::max(1, t.episodes),
                     paper("deps_by_environment_table3", "MC-TextWorld (no low-level controller)", i),
                     paper("minedojo_table2", "DEPS", i));
  }
  return s;
}

}  // namespace plank::deps
