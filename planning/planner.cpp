// The planner's stages in order (planner.h).
#include "planning/planner.h"

#include <new>

#include "planning/lifted/lifted_search.h"
#include "planning/normalize.h"

namespace plank::planning {
namespace {

PlanOutcome::Status status_of(SearchResult::Status s) {
  switch (s) {
    case SearchResult::Status::Solved: return PlanOutcome::Status::Solved;
    case SearchResult::Status::Unsolvable: return PlanOutcome::Status::Unsolvable;
    case SearchResult::Status::OutOfTime: return PlanOutcome::Status::OutOfTime;
    case SearchResult::Status::OutOfMemory: return PlanOutcome::Status::OutOfMemory;
  }
  return PlanOutcome::Status::Unsolvable;
}

PlanOutcome::Status limit_status(const Limits& limits) {
  return limits.reason() == Limits::Reason::Memory ? PlanOutcome::Status::OutOfMemory : PlanOutcome::Status::OutOfTime;
}

}  // namespace

PlanOutcome plan(const pddl::Task& checked, const PlanRequest& request) {
  const double start = Limits::cpu_seconds_used();
  PlanOutcome out;
  Limits limits(request.timeout_seconds, request.max_memory_mib);
  auto finish = [&]() -> PlanOutcome {
    out.seconds = Limits::cpu_seconds_used() - start;
    return std::move(out);
  };

  ConfigError config_error;
  auto config = parse_config(request.search, &config_error);
  if (!config) {
    out.status = PlanOutcome::Status::BadConfig;
    out.config_error = config_error;
    return finish();
  }

  try {
    pddl::Task task = checked;
    normalize(task);
    out.unit_cost = !task.metric_total_cost;

    // Too large to ground (or asked for): search the lifted task.
    auto search_lifted = [&]() -> PlanOutcome {
      out.mode = "lifted";
      lifted::LiftedOptions options;
      options.object_patterns = request.object_patterns;
      if (!configure_lifted(*config, &options, &config_error)) {
        out.status = PlanOutcome::Status::BadConfig;
        out.config_error = config_error;
        return finish();
      }
      lifted::LiftedResult r = lifted::lifted_search(task, limits, options);
      out.search = r.stats;
      out.status = status_of(r.status);
      out.plan = std::move(r.plan);
      out.cost = r.cost;
      return finish();
    };
    // Best-first width search runs on the lifted task only.
    if (request.force_lifted || is_width_search(*config)) return search_lifted();

    GroundingLimits glimits;
    glimits.max_model_atoms = request.max_grounded_atoms;
    glimits.should_stop = [&] { return limits.exhausted(); };
    GroundingResult grounded = ground(task, glimits);
    out.grounding = grounded.stats;
    out.mode = "grounded";
    switch (grounded.outcome) {
      case GroundingResult::Outcome::Stopped:
        out.status = limit_status(limits);
        return finish();
      case GroundingResult::Outcome::GoalUnreachable:
        out.status = PlanOutcome::Status::Unsolvable;
        return finish();
      case GroundingResult::Outcome::TooLarge:
        grounded = GroundingResult{};  // give its memory back first
        return search_lifted();
      case GroundingResult::Outcome::Grounded:
        break;
    }
    out.grounded_actions = grounded.task.operators.size();

    auto search = configure(*config, grounded.task, &config_error);
    if (!search) {
      out.status = PlanOutcome::Status::BadConfig;
      out.config_error = config_error;
      return finish();
    }
    SearchResult result = search->engine->search(limits);
    out.search = result.stats;
    out.status = status_of(result.status);
    if (result.status == SearchResult::Status::Solved) {
      out.cost = result.cost;
      for (int op : result.plan) out.plan.push_back(grounded.task.operator_name(op));
    }
  } catch (const std::bad_alloc&) {
    out.status = PlanOutcome::Status::OutOfMemory;
  }
  return finish();
}

namespace {

std::string condition_text(const GroundTask& t, const Condition& c);

std::string formula_text(const GroundTask& t, int node) {
  const FormulaNode& n = t.formula_nodes[node];
  if (n.kind == FormulaNode::Kind::Literal)
    return n.negated ? "(not " + t.fact_name(n.fact) + ")" : t.fact_name(n.fact);
  std::string s = n.kind == FormulaNode::Kind::And ? "(and" : "(or";
  for (int i = 0; i < n.count; ++i) s += " " + formula_text(t, t.formula_children[n.first + i]);
  return s + ")";
}

std::string condition_text(const GroundTask& t, const Condition& c) {
  std::string s;
  for (int f : c.positive) s += (s.empty() ? "" : " ") + t.fact_name(f);
  for (int f : c.negative) s += (s.empty() ? "" : " ") + std::string("(not ") + t.fact_name(f) + ")";
  if (c.formula >= 0) s += (s.empty() ? "" : " ") + formula_text(t, c.formula);
  return s.empty() ? "(and)" : s;
}

}  // namespace

bool dump_grounded(const pddl::Task& checked, const PlanRequest& request, std::string* out) {
  Limits limits(request.timeout_seconds, request.max_memory_mib);
  pddl::Task task = checked;
  normalize(task);
  GroundingLimits glimits;
  glimits.max_model_atoms = request.max_grounded_atoms;
  glimits.should_stop = [&] { return limits.exhausted(); };
  GroundingResult g = ground(task, glimits);
  std::string& s = *out;
  s += "; reachability model: " + std::to_string(g.stats.model_atoms) + " atoms, " +
       std::to_string(g.stats.reachable_actions) + " reachable action instances\n";
  switch (g.outcome) {
    case GroundingResult::Outcome::TooLarge:
      s += "; too large to ground (more than " + std::to_string(request.max_grounded_atoms) +
           " atoms): plank plan searches this task lifted\n";
      return false;
    case GroundingResult::Outcome::Stopped:
      s += "; grounding stopped: time or memory limit\n";
      return false;
    case GroundingResult::Outcome::GoalUnreachable:
      s += "; the goal is unreachable even with deletes ignored: the task is unsolvable\n";
      return true;
    case GroundingResult::Outcome::Grounded:
      break;
  }
  const GroundTask& t = g.task;
  s += "; after relevance: " + std::to_string(t.facts.size()) + " facts, " + std::to_string(t.operators.size()) +
       " operators (" + std::to_string(g.stats.irrelevant_operators) + " irrelevant dropped)\n";
  s += "facts\n";
  for (size_t f = 0; f < t.facts.size(); ++f) s += "  " + std::to_string(f) + " " + t.fact_name(static_cast<int>(f)) + "\n";
  s += "initial";
  for (int f : t.initial) s += " " + std::to_string(f);
  s += "\ngoal " + condition_text(t, t.goal) + "\n";
  for (size_t o = 0; o < t.operators.size(); ++o) {
    const Operator& op = t.operators[o];
    s += "operator " + t.operator_name(static_cast<int>(o)) + " cost " + std::to_string(op.cost) + "\n";
    s += "  pre " + condition_text(t, op.precondition) + "\n";
    for (const Effect& e : op.effects) {
      s += "  effect";
      if (!e.condition.trivially_true()) s += " when " + condition_text(t, e.condition) + " :";
      for (int f : e.del) s += " (not " + t.fact_name(f) + ")";
      for (int f : e.add) s += " " + t.fact_name(f);
      s += "\n";
    }
  }
  return true;
}

std::string format_plan(const PlanOutcome& outcome) {
  std::string s;
  for (const auto& line : outcome.plan) s += line + "\n";
  s += "; cost = " + std::to_string(outcome.cost) + (outcome.unit_cost ? " (unit cost)" : " (general cost)") + "\n";
  return s;
}

}  // namespace plank::planning
