// Lazy greedy search over lifted states (lifted_search.h).
#include "planning/lifted/lifted_search.h"

#include <algorithm>
#include <new>
#include <set>

#include "planning/lifted/costed_datalog.h"
#include "planning/lifted/relaxed_program.h"
#include "planning/lifted/successors.h"
#include "planning/search/search_common.h"

namespace plank::planning::lifted {
namespace {

using detail::NodeInfo;

std::vector<int> arities(const pddl::Task& task) {
  std::vector<int> a;
  for (const auto& p : task.predicates) a.push_back(static_cast<int>(p.parameters.size()));
  return a;
}

class Search {
 public:
  Search(const pddl::Task& task, const LiftedOptions& options)
      : task_(task),
        options_(options),
        atoms_(arities(task)),
        successors_(task, atoms_),
        program_(build_relaxed_program(task, successors_.fluent(), options.cost_type)),
        datalog_(program_, program_.object_count) {
    for (const auto& g : task.init)
      if (!successors_.fluent()[g.predicate]) static_atoms_.push_back(g);
  }

  // h of a state, or kDeadEnd; helpful atoms for preferred operators, as
  // (predicate, args) with args as the relaxation has them (generic objects).
  int evaluate(const StateView& state, std::set<std::vector<int>>* helpful) {
    datalog_.begin();
    for (const auto& g : static_atoms_) datalog_.add_initial(g.predicate, g.args.data());
    for (const auto& [p, args] : program_.type_facts) datalog_.add_initial(p, args.data());
    for (int a : state.ids()) datalog_.add_initial(atoms_.predicate(a), atoms_.args(a));
    int h = datalog_.run(false, SIZE_MAX);
    if (h >= CostedDatalog::kUnreachable) return kDeadEnd;
    if (!options_.relaxed_plan && !helpful) return h;
    std::vector<std::pair<int, std::vector<int>>> atoms;
    int ff = datalog_.relaxed_plan(static_cast<int>(task_.predicates.size()), helpful ? &atoms : nullptr);
    if (helpful)
      for (const auto& [p, args] : atoms) {
        std::vector<int> key{p};
        key.insert(key.end(), args.begin(), args.end());
        helpful->insert(std::move(key));
      }
    return options_.relaxed_plan ? ff : h;
  }

  void run(Limits& limits, LiftedResult& result) {
    SearchStats& stats = result.stats;
    std::vector<int> init = successors_.initial_state();
    StateId current = registry_.insert(init).first;
    nodes_[current] = {0, -1, -1, -1, NodeInfo::Open};
    detail::AlternatingOpen open(options_.preferred, options_.novelty ? 1 : 0);
    std::vector<char> seen_atom;
    std::vector<LiftedAction> applicable;
    std::vector<int> successor, added;
    std::set<std::vector<int>> helpful;
    StateView view, child_view;
    int best_h = -1;
    bool first = true;
    for (;;) {
      if (limits.exhausted()) {
        result.status = limits.reason() == Limits::Reason::Memory ? SearchResult::Status::OutOfMemory
                                                                  : SearchResult::Status::OutOfTime;
        return;
      }
      if (nodes_[current].status == NodeInfo::Open) {
        auto [data, size] = registry_.get(current);
        view.build(atoms_, data, size);
        ++stats.evaluated;
        helpful.clear();
        int h = evaluate(view, options_.preferred ? &helpful : nullptr);
        if (first) {
          stats.initial_h = h == kDeadEnd ? -1 : h;
          first = false;
        }
        if (h == kDeadEnd) {
          ++stats.dead_ends;
          nodes_[current].status = NodeInfo::DeadEnd;
        } else {
          nodes_[current].h = h;
          nodes_[current].status = NodeInfo::Closed;
          if (successors_.is_goal(view)) {
            result.status = SearchResult::Status::Solved;
            for (StateId s = current; nodes_[s].parent >= 0; s = nodes_[s].parent)
              result.plan.push_back(action_name(nodes_[s].op));
            std::reverse(result.plan.begin(), result.plan.end());
            result.cost = nodes_[current].g;
            return;
          }
          if (best_h < 0 || h < best_h) {
            best_h = h;
            open.boost();
          }
          ++stats.expanded;
          // Novel: some atom holds here that held in no state evaluated before.
          bool novel = false;
          if (options_.novelty) {
            for (int a : view.ids()) {
              if (static_cast<size_t>(a) >= seen_atom.size()) seen_atom.resize(a + 1024, 0);
              if (!seen_atom[a]) seen_atom[a] = 1, novel = true;
            }
          }
          successors_.applicable(view, applicable);
          const long long g = nodes_[current].g;
          for (const LiftedAction& a : applicable) {
            int c = successors_.cost(a);
            if (c < 0) continue;
            bool preferred = false;
            if (!helpful.empty()) {
              successors_.apply(view, a, successor, &added);
              for (int x : added) {
                if (preferred) break;
                // The atom as it is, and with objects the relaxation made generic.
                std::vector<int> key{atoms_.predicate(x)}, general{atoms_.predicate(x)};
                const int* args = atoms_.args(x);
                for (int i = 0, n = atoms_.arity(atoms_.predicate(x)); i < n; ++i) {
                  key.push_back(args[i]);
                  int g = program_.generic_of[args[i]];
                  general.push_back(g >= 0 ? g : args[i]);
                }
                preferred = helpful.count(key) || helpful.count(general);
              }
            }
            int op = static_cast<int>(action_arena_.size());
            action_arena_.push_back(a.schema);
            action_arena_.insert(action_arena_.end(), a.args.begin(), a.args.end());
            open.push({h, 0, 0, current, op, g + c}, preferred);
            if (options_.novelty) open.push_extra(2, {novel ? 0 : 1, h, 0, current, op, g + c});
            ++stats.generated;
          }
        }
      }
      bool found = false;
      while (!open.empty()) {
        detail::OpenEntry e = open.pop();
        auto [data, size] = registry_.get(e.state);
        view.build(atoms_, data, size);
        successors_.apply(view, action_at(e.op), successor, nullptr);
        auto [id, is_new] = registry_.insert(successor);
        NodeInfo& n = nodes_[id];
        if (is_new) {
          n = {e.g, e.state, e.op, -1, NodeInfo::Open};
        } else if (n.status != NodeInfo::Open) {
          continue;
        }
        current = id;
        found = true;
        break;
      }
      if (!found) {
        result.status = SearchResult::Status::Unsolvable;
        return;
      }
    }
  }

 private:
  LiftedAction action_at(int op) const {
    LiftedAction a;
    a.schema = action_arena_[op];
    size_t n = task_.actions[a.schema].parameters.size();
    a.args.assign(action_arena_.begin() + op + 1, action_arena_.begin() + op + 1 + n);
    return a;
  }
  std::string action_name(int op) const { return successors_.name(action_at(op)); }

  const pddl::Task& task_;
  LiftedOptions options_;
  AtomTable atoms_;
  LiftedSuccessors successors_;
  RelaxedProgram program_;
  CostedDatalog datalog_;
  std::vector<pddl::GroundAtom> static_atoms_;
  LiftedRegistry registry_;
  detail::NodeTable nodes_;
  std::vector<int> action_arena_;
};

}  // namespace

LiftedResult lifted_search(const pddl::Task& task, Limits& limits, const LiftedOptions& options) {
  LiftedResult result;
  try {
    Search search(task, options);
    search.run(limits, result);
  } catch (const std::bad_alloc&) {
    limits.set_reason(Limits::Reason::Memory);
    result.status = SearchResult::Status::OutOfMemory;
  }
  return result;
}

}  // namespace plank::planning::lifted
