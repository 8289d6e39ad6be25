#include "agents/deps/loop/episode.h"

#include <fmt/format.h>

#include <cctype>
#include <sstream>

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

std::unique_ptr<world::World> make_episode_world(const Rules& rules, uint64_t seed, int size) {
  survival::WorldgenOptions wo = survival::deps_task_world(seed);
  wo.x0 = wo.z0 = -size / 2;
  wo.size_x = wo.size_z = size;
  return survival::make_survival_world(rules.registry, wo);
}

namespace {

// The goals a plan calls, read by a dry run (nothing acts); nullopt when the plan does not compile or
// calls skills from loops that do not end without the world changing.
std::optional<std::vector<Goal>> read_goals(SkillExecutor& s, const std::string& code, const PlanRunOptions& o) {
  s.dry = true;
  PlanRun r = run_plan(s, code, o);
  s.dry = false;
  if (!r.finished) return std::nullopt;
  std::vector<Goal> goals;
  for (const auto& st : r.steps) goals.push_back(st.goal);
  return goals;
}

}  // namespace

std::optional<EpisodeResult> run_episode(const Rules& rules, const Task& task, const EpisodeOptions& o,
                                         const RoundHook& hook, std::string* error) {
  if (std::string e = check_selector(o.selector); !e.empty()) return *error = e, std::nullopt;
  if (o.planner != "symbolic" && o.planner != "llm")
    return *error = fmt::format("unknown planner '{}' (expected symbolic or llm)", o.planner), std::nullopt;
  std::optional<LlmPlanner> llm;
  if (o.planner == "llm") {
    LlmOptions lo = o.llm;
    if (!lo.resolve(error)) return std::nullopt;
    llm.emplace(lo);
  } else if (o.initial == "llm") {
    return *error = "--initial-plan llm needs --planner llm", std::nullopt;
  }
  EpisodeResult result;
  result.task = task;
  result.seed = o.seed;

  auto world = o.world ? o.world->clone() : make_episode_world(rules, o.seed, o.world_size);
  survival::ControllerOptions co = survival::deps_task_controller();
  co.search_radius = int(o.world_size * 0.71) + 1;  // the area's corners from its centre
  survival::Controller controller(*world, *rules.book, co);
  const uint64_t budget = o.tick_budget ? o.tick_budget : task.max_steps ? task.max_steps : 3000;
  controller.set_tick_budget(budget);
  SkillExecutor session(controller, *rules.book, rules.analysis.get());
  PlanRunOptions ro;
  ro.engine = o.engine;

  const auto& names = rules.book->names();
  // The nearest selector's question, answered by the controller's own search (nothing acts).
  const SourceEstimator estimate = [&](const Goal& g, world::Coord from) -> std::optional<SourceEstimate> {
    auto e = g.verb == Verb::Kill ? controller.estimate_kill(g.item, "", from)
                                  : controller.estimate_mine(g.item, g.tool, from);
    if (!e) return std::nullopt;
    return SourceEstimate{e->at, e->ticks};
  };
  auto select = [&](std::vector<Goal>& plan) {
    select_order(rules, *world, world::cell_of(controller.position()), o.selector, estimate, plan);
  };
  // Success: the target is held and the clock has not passed the budget (a skill may overrun it).
  auto done = [&] {
    return controller.inventory().count_any(names.resolve(task.item)) >= task.count && controller.ticks() <= budget;
  };

  // ---- the initial plan
  std::string code, note;
  std::optional<std::vector<Goal>> goals;
  std::string invalid;  // why the llm's last reply gave no plan code
  if (o.initial == "llm") {
    auto c = llm->first_plan(task.text(), &invalid);
    if (!c) {
      result.end = "llm_error: " + invalid;
      return result;
    }
    code = *c;
    note = "initial plan from the llm planner";
  } else if (o.initial == "file") {
    code = o.initial_code;
    ro.path = o.initial_path;
    goals = read_goals(session, code, ro);
    note = "initial plan from " + o.initial_path;
  } else {
    std::string why;
    goals = obtain_goals(rules, task.item, task.count, controller.inventory(), &why);
    if (!goals) {
      result.end = "no_plan: " + why;
      return result;
    }
    note = "initial oracle plan (symbolic planner)";
    if (o.initial == "flawed") {
      Flawed f = make_flawed(*goals, task.item, o.seed);
      goals = f.goals;
      result.flaws = f.flaws;
      note = "initial flawed plan: " + (f.flaws.empty() ? std::string("no flaw applies") : fmt::format("{}", fmt::join(f.flaws, "; ")));
    } else {
      select(*goals);
    }
    code = plan_code(task.item, task.count, {}, *goals);
  }

  int same_failure = 0;
  std::string last_failure;
  for (int round = 0;; ++round) {
    Round r;
    r.plan = code;
    r.note = note;
    const size_t log_from = controller.log().size();
    if (code.empty()) {  // the llm's reply held no plan code: nothing runs, the reason is described back
      r.run.error = "the planner's reply: " + invalid + "\n";
    } else {
      r.run = run_plan(session, code, ro);
    }
    r.controller_log.assign(controller.log().begin() + log_from, controller.log().end());
    r.description = describe(r.run, session.inventory());
    r.ticks_after = controller.ticks();
    bool success = done();
    if (!success) r.explanation = explain(rules, r.description, task.item, task.count, controller.inventory());
    result.history.push_back(r);
    if (hook) hook(result.history.back(), *world);
    result.ticks = controller.ticks();
    if (success) {
      result.success = true;
      result.end = "success";
      break;
    }
    const Explanation& e = *result.history.back().explanation;
    if (e.cause == "out_of_ticks" || controller.ticks() >= budget) {
      result.end = "out_of_ticks";
      break;
    }
    // A round that changed nothing (no tick spent, the same failure again) would repeat forever.
    if (result.history.size() >= 2 && r.ticks_after == result.history[result.history.size() - 2].ticks_after &&
        result.history[result.history.size() - 2].explanation &&
        result.history[result.history.size() - 2].explanation->text == e.text && r.run.steps.size() <= 1) {
      result.end = "no_progress";
      break;
    }
    if (round >= o.max_rounds) {
      result.end = "max_rounds";
      break;
    }
    if (llm) {
      invalid.clear();
      auto c = llm->replan(task.text(), r.description.text, o.explainer ? e.text : "", &invalid);
      if (!c) {
        result.end = "llm_error: " + invalid;
        break;
      }
      code = *c;
      note = "re-plan from the llm planner";
      ++result.rounds;
      continue;
    }
    int failed_index = r.description.failed ? r.description.failed->step - 1 : -1;
    // When repairs keep failing at the same call for the same cause, the planner starts over.
    std::string key = r.description.failed ? r.description.failed->call + " " + e.cause : "";
    same_failure = !key.empty() && key == last_failure ? same_failure + 1 : 0;
    last_failure = key;
    const bool start_over = o.explainer && same_failure >= 2;
    std::optional<Repair> repair =
        repair_plan(rules, task.item, task.count, start_over ? std::nullopt : goals, failed_index, e, o.explainer,
                    controller.inventory());
    if (repair && start_over) repair->note = "the same step failed three times for the same cause: " + repair->note;
    if (!repair) {
      result.end = "no_plan: " + e.text;
      break;
    }
    goals = repair->goals;
    select(*goals);
    code = plan_code(task.item, task.count, session.inventory(), *goals);
    note = repair->note;
    ro.path = "<plan>";
    ++result.rounds;
  }
  return result;
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
