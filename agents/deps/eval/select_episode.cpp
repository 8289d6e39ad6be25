#include "agents/deps/eval/select_episode.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <numeric>

#include "agents/deps/loop/episode.h"
#include "world/survival/controller.h"
#include "world/survival/task_run.h"
#include "world/voxels/rng.h"

namespace plank::deps {
namespace {

}  // namespace

SelectSetup::SelectSetup(const Rules& rules, const world::World& generated, const SelectEpisodeOptions& o,
                         uint64_t budget)
    : world(generated.clone()) {
  survival::ControllerOptions co = survival::deps_task_controller();
  co.search_radius = int(o.world_size * 0.71) + 1;
  if (o.world_mode == "explore") co.known = &known.emplace(*world, episode_area(o.world_size));
  controller.emplace(*world, *rules.book, co);
  controller->set_tick_budget(budget);
  controller->look();
}

bool pursue_candidate(const Rules& rules, survival::Controller& ctl, const Goal& goal, int count) {
  const int have = ctl.inventory().count(goal.item);
  if (have >= count) return true;
  // A goal that names a tool the agent lacks (coal needs a pickaxe) first makes it, by the rules'
  // cheapest plan from what is held: that chain is part of the goal's cost.
  if (!goal.tool.empty() && ctl.inventory().count(goal.tool) == 0 &&
      !ctl.obtain(*rules.analysis, goal.tool, 1).ok)
    return false;
  if (goal.verb == Verb::Kill)
    ctl.kill(goal.item, count - have, goal.tool);
  else
    ctl.mine(goal.item, count - have, goal.tool);
  return ctl.inventory().count(goal.item) >= count;
}

namespace {

std::optional<double> nearest_known(survival::Controller& ctl, const Goal& goal) {
  const world::Coord at = world::cell_of(ctl.position());
  auto e = goal.verb == Verb::Kill ? ctl.estimate_kill(goal.item, "", at) : ctl.estimate_mine(goal.item, goal.tool, at);
  if (!e) return std::nullopt;
  return e->ticks;
}

}  // namespace

const std::vector<std::string>& candidate_selector_kinds() {
  static const std::vector<std::string> kinds = {"fixed", "random", "nearest", "oracle", "horizon"};
  return kinds;
}

std::string check_candidate_selector(const std::string& kind) {
  const auto& kinds = candidate_selector_kinds();
  if (std::find(kinds.begin(), kinds.end(), kind) != kinds.end()) return "";
  return fmt::format("unknown selector '{}' for the select tasks (expected fixed, random, nearest, oracle or horizon)",
                     kind);
}

SelectOutcome run_select_episode(const Rules& rules, const SelectTask& task, const world::World& generated,
                                 const SelectEpisodeOptions& o) {
  SelectOutcome out;
  SelectSetup s(rules, generated, o, task.max_ticks);
  survival::Controller& ctl = *s.controller;

  // The oracle's look-ahead: every candidate run alone from the start, in its own copy.
  std::vector<size_t> oracle_rank(task.candidates.size());
  std::iota(oracle_rank.begin(), oracle_rank.end(), size_t(0));
  if (o.selector == "oracle") {
    LookAheadCache local;
    LookAheadCache& cache = o.look_aheads ? *o.look_aheads : local;
    std::vector<LookAhead> result(task.candidates.size());
    for (size_t i = 0; i < task.candidates.size(); ++i) {
      // Keyed by the goal and the budget: the same candidate under another budget is another run.
      const std::string key = fmt::format("{} {}", task.candidates[i].code(), task.max_ticks);
      auto it = cache.find(key);
      if (it == cache.end()) {
        SelectSetup look_ahead(rules, generated, o, task.max_ticks);
        bool ok = pursue_candidate(rules, *look_ahead.controller, task.candidates[i], task.candidates[i].count);
        const uint64_t t = look_ahead.controller->ticks();
        it = cache.emplace(key, LookAhead{ok && t <= task.max_ticks, t}).first;
      }
      result[i] = it->second;
    }
    std::stable_sort(oracle_rank.begin(), oracle_rank.end(), [&](size_t a, size_t b) {
      if (result[a].success != result[b].success) return result[a].success;
      return result[a].success && result[a].ticks < result[b].ticks;
    });
  }

  world::Rng rng(o.seed * 0x9E3779B97F4A7C15ull + std::hash<std::string>{}(task.name));
  std::vector<size_t> left(task.candidates.size());
  std::iota(left.begin(), left.end(), size_t(0));
  bool success = false;
  while (!left.empty() && !success && ctl.ticks() <= task.max_ticks) {
    size_t pick = 0;  // fixed: the task's order
    if (o.selector == "random") {
      pick = size_t(rng.below(uint32_t(left.size())));
    } else if (o.selector == "oracle") {
      for (size_t r : oracle_rank)
        if (auto it = std::find(left.begin(), left.end(), r); it != left.end()) {
          pick = size_t(it - left.begin());
          break;
        }
    } else if (o.selector == "nearest") {
      std::optional<double> best;
      for (size_t k = 0; k < left.size(); ++k)
        if (auto t = nearest_known(ctl, task.candidates[left[k]]); t && (!best || *t < *best)) best = t, pick = k;
      // Nothing known: look around once more and choose again (the controller's exploration move).
      if (!best && ctl.explore_step(false, 0)) continue;
    } else if (o.selector == "horizon") {
      // Like nearest, it chooses once there is something to choose between: while the agent knows no
      // source of any candidate, one exploration move and look again (the predictor would rank
      // candidates it knows nothing of by their priors alone). It ranks what nearest ranks, by more.
      bool any_known = false;
      for (size_t k = 0; k < left.size() && !any_known; ++k) any_known = nearest_known(ctl, task.candidates[left[k]]).has_value();
      if (!any_known && ctl.explore_step(false, 0)) continue;
      std::vector<Goal> open;
      for (size_t k : left) open.push_back(task.candidates[k]);
      auto predicted = o.horizon->predict(rules, *s.world, *s.known, ctl, open);
      std::optional<double> best;
      for (size_t k = 0; k < left.size(); ++k)
        if (predicted[k] && (!best || *predicted[k] < *best)) best = predicted[k], pick = k;
    }
    const Goal& goal = task.candidates[left[pick]];
    out.pursued.push_back(goal.item);
    success = pursue_candidate(rules, ctl, goal, goal.count);
    left.erase(left.begin() + std::ptrdiff_t(pick));
  }
  out.ticks = ctl.ticks();
  out.success = success && out.ticks <= task.max_ticks;
  out.explorations = ctl.explorations();
  return out;
}

std::optional<Evaluation> evaluate_select(const Rules& rules, const std::vector<SelectTask>& tasks, int seeds,
                                          uint64_t seed_base, const SelectEpisodeOptions& base,
                                          const SelectProgress& progress, std::string* error, EpisodeShard shard) {
  if (std::string e = check_candidate_selector(base.selector); !e.empty()) return *error = e, std::nullopt;
  if (std::string e = check_world_mode(base.world_mode); !e.empty()) return *error = e, std::nullopt;
  if (base.selector == "horizon" && base.world_mode != "explore")
    return *error = "the horizon selector's predictor reads what the agent has seen: it runs in --world-mode explore", std::nullopt;
  if (base.selector == "horizon" && !base.horizon)
    return *error = "the horizon selector needs the learned predictor's weights (--horizon-model)", std::nullopt;
  if (tasks.empty()) return *error = "no select task has that many candidates (expected 2, 3 or 4)", std::nullopt;
  Evaluation ev;
  const int n = int(tasks.size()), all = n * seeds;
  const int first = shard.begin(all), last = shard.end(all), total = last - first;
  auto start = std::chrono::steady_clock::now();
  for (int k = first / n; first < last && k * n < last; ++k) {
    SelectEpisodeOptions o = base;
    o.seed = seed_base + uint64_t(k);
    auto generated = make_episode_world(rules, o.seed, o.world_size, o.world_mode);
    LookAheadCache look_aheads;  // this world's
    o.look_aheads = &look_aheads;
    for (int i = std::max(first - k * n, 0); i < n && k * n + i < last; ++i) {
      const SelectTask& task = tasks[size_t(i)];
      SelectOutcome r = run_select_episode(rules, task, *generated, o);
      add_episode(ev, task.name, task.family, {k * n + i, r.success, r.ticks});
      if (progress) progress(ev.episodes, total, task);
    }
  }
  ev.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return ev;
}

}  // namespace plank::deps
