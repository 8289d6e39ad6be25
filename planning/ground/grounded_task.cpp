// Names and shape queries of a grounded task (grounded_task.h).
#include "planning/ground/grounded_task.h"

namespace plank::planning {
namespace {
bool conditional(const Condition& c) { return !c.trivially_true(); }
}  // namespace

bool GroundTask::has_formulas() const {
  if (goal.formula >= 0) return true;
  for (const auto& op : operators) {
    if (op.precondition.formula >= 0) return true;
    for (const auto& e : op.effects)
      if (e.condition.formula >= 0) return true;
  }
  return false;
}

bool GroundTask::has_conditional_effects() const {
  for (const auto& op : operators)
    for (const auto& e : op.effects)
      if (conditional(e.condition)) return true;
  return false;
}

std::string GroundTask::fact_name(int fact) const {
  const pddl::GroundAtom& a = facts[fact];
  std::string s = "(" + lifted->predicates[a.predicate].name;
  for (pddl::ObjectId o : a.args) s += " " + lifted->objects[o].name;
  return s + ")";
}

std::string GroundTask::operator_name(int op) const {
  const Operator& o = operators[op];
  std::string s = "(" + lifted->actions[o.schema].name;
  for (pddl::ObjectId a : o.args) s += " " + lifted->objects[a].name;
  return s + ")";
}

}  // namespace plank::planning
