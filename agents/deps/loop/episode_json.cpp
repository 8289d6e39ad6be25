#include "agents/deps/loop/episode_json.h"

#include <nlohmann/json.hpp>

#include "world/survival/task_run.h"

namespace plank::deps {

std::string episode_json(const Task& task, const EpisodeResult& result, int indent) {
  nlohmann::json j;
  j["task"] = task.text();
  j["success"] = result.success;
  j["rounds"] = result.rounds;
  j["ticks"] = result.ticks;
  j["plans"] = nlohmann::json::array();
  j["explanations"] = nlohmann::json::array();
  for (const auto& r : result.history) {
    j["plans"].push_back(r.plan);
    if (r.explanation) j["explanations"].push_back(r.explanation->text);
  }
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

void take_budget_from_task_list(Task& task) {
  std::string error;
  for (const auto& t : survival::load_deps_tasks(survival::default_tasks_path(), &error))
    if (t.object == task.item) task.group = t.group, task.max_steps = uint64_t(t.max_steps);
}

}  // namespace plank::deps
