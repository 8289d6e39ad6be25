#include "agents/deps/loop/episode.h"

#include <fmt/format.h>

#include <cctype>
#include <limits>
#include <sstream>

#include "agents/deps/eval/horizon_features.h"
#include "agents/deps/eval/learned_horizon.h"
#include "agents/deps/intrinsics/episode_context.h"
#include "agents/deps/loop/loop_program.h"
#include "world/survival/controller.h"
#include "world/survival/task_run.h"
#include "world/survival/worldgen.h"

namespace plank::deps {

std::string Task::text() const { return fmt::format("obtain {} {}", count, item); }

std::optional<Task> parse_task(const std::string& text, std::string* error) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) {
    while (!w.empty() && (w.back() == '.' || w.back() == ',')) w.pop_back();
    for (char& c : w) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (!w.empty()) words.push_back(w);
  }
  Task t;
  size_t i = 0;
  if (i < words.size() && (words[i] == "obtain" || words[i] == "get" || words[i] == "craft" || words[i] == "mine")) ++i;
  if (i < words.size() && std::isdigit(static_cast<unsigned char>(words[i][0]))) {
    t.count = std::atoi(words[i].c_str());
    ++i;
  }
  for (; i < words.size(); ++i) t.item += (t.item.empty() ? "" : "_") + words[i];
  if (t.item.empty() || t.count < 1 || t.count > 10000) {
    if (error) *error = fmt::format("cannot read the task '{}' (expected e.g. \"obtain 1 stone_sword\")", text);
    return std::nullopt;
  }
  return t;
}

std::unique_ptr<world::World> make_episode_world(const Rules& rules, uint64_t seed, int size,
                                                 const std::string& world_mode) {
  survival::WorldgenOptions wo = world_mode == "explore" ? survival::deps_explore_world(seed) : survival::deps_task_world(seed);
  wo.x0 = wo.z0 = -size / 2;
  wo.size_x = wo.size_z = size;
  return survival::make_survival_world(rules.registry, wo);
}

std::string check_world_mode(const std::string& mode) {
  if (mode == "known" || mode == "explore") return "";
  return fmt::format("unknown world mode '{}' (expected known or explore)", mode);
}

world::Box episode_area(int size) {
  // The generator writes y 0 (bedrock) up to the tallest tree on the highest mountain (under 220).
  return {{-size / 2, 0, -size / 2}, {-size / 2 + size - 1, 255, -size / 2 + size - 1}};
}

std::string check_episode_selector(const EpisodeOptions& o) {
  if (o.selector.kind != "horizon" || o.selector.predictor) return check_selector(o.selector);
  if (o.world_mode != "explore")
    return "the horizon selector's predictor reads what the agent has seen: it runs in --world-mode explore";
  if (!o.horizon) return "the horizon selector needs the learned predictor's weights (--horizon-model)";
  return "";
}

namespace {

// The planner's HorizonPredictor slot (roles/planner.h) filled by the learned predictor, reading the
// episode's map of what the agent has seen and the controller's state.
class EpisodeHorizon final : public HorizonPredictor {
 public:
  // The controller answers the features' estimates (it reads its map; nothing acts).
  EpisodeHorizon(LearnedHorizon& model, const Rules& rules, const survival::KnownMap& known,
                 survival::Controller& controller)
      : model_(model), rules_(rules), known_(known), controller_(controller) {}
  double horizon(const world::World& world, const Goal& goal) const override {
    auto p = model_.predict(rules_, world, known_, controller_, {goal});
    // A goal outside the predictor's table (not one of the select families') comes last.
    return p[0] ? *p[0] : std::numeric_limits<double>::infinity();
  }
  // An item's goal as the predictor's table has it (mine or kill); nullopt when it has none.
  std::optional<double> item(const world::World& world, const std::string& name) const {
    for (Verb v : {Verb::Mine, Verb::Kill}) {
      Goal g;
      g.verb = v;
      g.item = name;
      if (model_.goal_id(g) >= 0) return horizon(world, g);
    }
    return std::nullopt;
  }

 private:
  LearnedHorizon& model_;
  const Rules& rules_;
  const survival::KnownMap& known_;
  survival::Controller& controller_;
};

}  // namespace

std::optional<EpisodeResult> run_episode(const Rules& rules, const Task& task, const EpisodeOptions& o,
                                         const RoundHook& hook, std::string* error) {
  if (std::string e = check_world_mode(o.world_mode); !e.empty()) return *error = e, std::nullopt;
  if (std::string e = check_episode_selector(o); !e.empty()) return *error = e, std::nullopt;
  if (o.planner != "symbolic" && o.planner != "pddl" && o.planner != "llm")
    return *error = fmt::format("unknown planner '{}' (expected symbolic, pddl or llm)", o.planner), std::nullopt;
  std::optional<LlmPlanner> llm;
  if (o.planner == "llm") {
    LlmOptions lo = o.llm;
    if (!lo.resolve(error)) return std::nullopt;
    llm.emplace(lo);
  } else if (o.initial == "llm") {
    return *error = "--initial-plan llm needs --planner llm", std::nullopt;
  }

  auto world = o.world ? o.world->clone() : make_episode_world(rules, o.seed, o.world_size, o.world_mode);
  survival::ControllerOptions co = survival::deps_task_controller();
  co.search_radius = int(o.world_size * 0.71) + 1;  // the area's corners from its centre
  std::optional<survival::KnownMap> known;
  if (o.world_mode == "explore") co.known = &known.emplace(*world, episode_area(o.world_size));
  survival::Controller controller(*world, *rules.book, co);
  const uint64_t budget = o.tick_budget ? o.tick_budget : task.max_steps ? task.max_steps : 3000;
  controller.set_tick_budget(budget);
  SkillExecutor skills(controller, *rules.book, rules.analysis.get());
  EpisodeOptions eo = o;
  std::optional<EpisodeHorizon> horizon;
  if (o.horizon && known) {
    horizon.emplace(*o.horizon, rules, *known, controller);
    if (eo.selector.kind == "horizon" && !eo.selector.predictor) eo.selector.predictor = &*horizon;
    skills.horizon = [&horizon, &world](const std::string& item) { return horizon->item(*world, item); };
    for (const HorizonGoal& g : horizon_goals(rules)) skills.horizon_items.push_back(g.goal.item);
  }

  EpisodeContext episode(rules, task, eo, *world, controller, skills, budget, llm ? &*llm : nullptr, &hook);
  episode.result.task = task;
  episode.result.seed = o.seed;
  std::string loop_error;
  bool ran = call_loop(o.loop.empty() ? default_loop_path() : o.loop, episode, &episode.result.loop_output,
                       &loop_error);
  if (episode.hook_error) std::rethrow_exception(episode.hook_error);
  EpisodeResult& result = episode.result;
  result.ticks = controller.ticks();
  if (!ran) {
    result.end = "loop_error";
    result.loop_error = loop_error;
    return std::move(result);
  }
  // Success is the task's, not the loop's to declare: the target held with the clock within the budget.
  result.success = controller.inventory().count_any(rules.book->names().resolve(task.item)) >= task.count &&
                   controller.ticks() <= budget;
  if (!episode.ended) {
    result.end = "loop_returned";  // the loop returned without deps_end(): its re-plans are its rounds after the first
    result.rounds = result.history.empty() ? 0 : int(result.history.size()) - 1;
  }
  return std::move(result);
}

std::string round_text(const Rules& rules, const Round& r, int index, bool trace) {
  auto deps_names = [&](const survival::ItemCounts& c) {
    survival::ItemCounts out;
    for (const auto& [item, n] : c) out[rules.book->names().to_deps(item)] += n;
    return counts_text(out);
  };
  std::string s = fmt::format("== round {}: {}\n{}", index, r.note, r.plan);
  if (!s.empty() && s.back() != '\n') s += "\n";
  s += "-- execution\n";
  for (const auto& step : r.run.steps)
    s += step.result.ok ? fmt::format("  step {}: {} -> ok{}\n", step.step, step.call,
                                      step.result.gained.empty() ? "" : " (+" + deps_names(step.result.gained) + ")")
                        : fmt::format("  step {}: {} -> FAILED ({}): {}\n", step.step, step.call,
                                      survival::failure_name(step.result.failure), step.result.reason);
  if (!r.run.finished && !r.run.skill_failed) s += r.run.error;
  if (!r.run.output.empty()) s += "-- plan output\n" + r.run.output;
  s += fmt::format("Descriptor: {}\n", r.description.text);
  if (r.explanation) s += fmt::format("Explainer: {}\n", r.explanation->text);
  if (trace)
    for (const auto& line : r.controller_log) s += fmt::format("  | {}\n", line);
  s += fmt::format("(game ticks so far: {})\n", r.ticks_after);
  return s;
}

}  // namespace plank::deps
