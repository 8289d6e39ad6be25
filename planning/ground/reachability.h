// Private to planning/ground: the relaxed reachability analysis as a Datalog
// program. Predicates of the program: the task's predicates, then one per
// action schema (its reachable instances), then one per type set that a
// variable needs enumerated (its objects).
#pragma once
#include <deque>
#include <map>
#include <vector>

#include "compiler/pddl/task.h"
#include "planning/ground/datalog.h"

namespace plank::planning::detail {

// The type of every variable of an action (parameters, quantified, forall).
std::vector<pddl::TypeSet> variable_types(const pddl::Action& action);

struct ReachabilityProgram {
  int action_predicate_base = 0;  // action a's instances are predicate base + a
  int type_predicate_base = 0;
  int predicate_count = 0;
  std::map<pddl::TypeSet, int> type_predicates;
  // allowed objects per type set (a bitmap per set), shared by rules
  std::deque<std::vector<char>> allowed_sets;
  std::map<pddl::TypeSet, const std::vector<char>*> allowed;
};

// Lays out the program's predicates and loads its rules and facts into `datalog`
// (which must have been made with program.predicate_count predicates: call
// plan_reachability first).
ReachabilityProgram plan_reachability(const pddl::Task& task);
void load_reachability(const pddl::Task& task, const std::vector<bool>& fluent, ReachabilityProgram& program,
                       Datalog& datalog);

}  // namespace plank::planning::detail
