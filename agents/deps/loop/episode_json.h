// An episode's outcome as the JSON object `plank deps --json` prints and the embedding API's
// plank_deps_episode (Python: plank.deps.run_episode) returns: one definition of its shape.
#pragma once
#include <string>

#include "agents/deps/loop/episode.h"

namespace plank::deps {

// {"task", "success", "rounds", "ticks", "plans": [...], "explanations": [...]}; indent as
// nlohmann's dump (-1: one line).
std::string episode_json(const Task& task, const EpisodeResult& result, int indent = 2);

// The task's group and budget (max_steps) from the DEPS task list (tasks.json in the shared
// folder) when it lists the task; unchanged when it does not or cannot be read.
void take_budget_from_task_list(Task& task);

}  // namespace plank::deps
