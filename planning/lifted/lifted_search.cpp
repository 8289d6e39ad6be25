// Lazy greedy search over lifted states (lifted_search.h).
#include "planning/lifted/lifted_search.h"

#include <algorithm>
#include <iterator>
#include <new>
#include <set>

#include "planning/lifted/costed_datalog.h"
#include "planning/lifted/counters.h"
#include "planning/lifted/landmarks.h"
#include "planning/lifted/novelty.h"
#include "planning/lifted/relaxed_program.h"
#include "planning/lifted/successors.h"
#include "planning/search/lazy_loop.h"

namespace plank::planning::lifted {
namespace {

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
        program_(build_relaxed_program(task, successors_.fluent(), options.cost_type, options.object_patterns)),
        datalog_(program_, program_.object_count),
        counters_(task, successors_.fluent()),
        novelty_table_(options.bfws_width) {
    for (const auto& g : task.init)
      if (!successors_.fluent()[g.predicate]) static_atoms_.push_back(g);
  }

  // h of a state, or kDeadEnd; helpful atoms for preferred operators, as
  // (predicate, args) with args as the relaxation has them (generic objects).
  void seed(const StateView& state) {
    datalog_.begin();
    for (const auto& g : static_atoms_) datalog_.add_initial(g.predicate, g.args.data());
    for (const auto& [p, args] : program_.type_facts) datalog_.add_initial(p, args.data());
    for (int a : state.ids()) datalog_.add_initial(atoms_.predicate(a), atoms_.args(a));
  }

  int evaluate(const StateView& state, std::set<std::vector<int>>* helpful) {
    seed(state);
    int h = datalog_.run(false, SIZE_MAX);
    if (h >= CostedDatalog::kUnreachable) return kDeadEnd;
    if (!options_.relaxed_plan && !helpful && !options_.landmarks) return h;
    std::vector<std::pair<int, std::vector<int>>> atoms;
    schema_instances_.assign(task_.actions.size(), 0);
    int ff = datalog_.relaxed_plan(static_cast<int>(task_.predicates.size()), helpful ? &atoms : nullptr,
                                   counters_.empty() ? nullptr : &schema_instances_);
    if (helpful) {
      for (const auto& [p, args] : atoms) {
        std::vector<int> key{p};
        key.insert(key.end(), args.begin(), args.end());
        helpful->insert(std::move(key));
      }
      // Short of units: gathering one more is progress too.
      for (auto& key : counters_.next_units(state, atoms_, schema_instances_)) helpful->insert(std::move(key));
    }
    if (!options_.relaxed_plan) return h;
    return ff + counters_.shortfall(state, atoms_, schema_instances_);
  }

  void run(Limits& limits, LiftedResult& result) {
    const bool bfws = options_.bfws_width > 0;
    int extra = 0;
    if (bfws) {
      // Width search orders its own lists; the landmark count only partitions the novelty tables.
      bfws_list_ = 2 + extra++;
      if (options_.preferred) bfws_preferred_list_ = 2 + extra++;
    } else {
      if (options_.novelty) novelty_list_ = 2 + extra++;
      if (options_.landmarks) {
        landmark_list_ = 2 + extra;
        extra += 2;
        if (options_.preferred) landmark_preferred_list_ = landmark_list_ + 1;
      }
    }
    detail::AlternatingOpen open(options_.preferred, extra, !bfws);
    open_ = &open;
    if (bfws) {
      auto [data, size] = registry_.get(initial());
      initial_atoms_.assign(data, data + size);
    }
    if (options_.landmarks) find_landmarks(limits);
    StateId goal = -1;
    result.status = detail::lazy_greedy(*this, nodes_, open, detail::LazyOptions{0, 1, 0}, limits, result.stats, goal);
    if (result.status != SearchResult::Status::Solved) return;
    for (int op : nodes_.plan_to(goal)) result.plan.push_back(action_name(op));
    result.cost = nodes_[goal].g;
  }

  // The state space (planning/search/lazy_loop.h).
  StateId initial() { return registry_.insert(successors_.initial_state()).first; }

  int evaluate(StateId s) {
    view_of(s);
    helpful_.clear();
    int h = evaluate(view_, options_.preferred ? &helpful_ : nullptr);
    if (h != kDeadEnd && options_.landmarks) {
      landmark_h_ = count_landmarks(s);
      if (options_.landmark_preferred && options_.preferred && landmarks_.words() > 0) {
        unreached_.clear();
        landmarks_.unreached(datalog_, &reached_[s * landmarks_.words()], unreached_);
        for (auto& key : unreached_) helpful_.insert(std::move(key));
      }
    }
    if (h != kDeadEnd && bfws_preferred_list_ >= 0 && (best_h_ < 0 || h < best_h_)) open_->boost(bfws_preferred_list_);
    if (h != kDeadEnd && (best_h_ < 0 || h < best_h_)) best_h_ = h;
    return h;
  }

  bool is_goal(StateId s) {
    view_of(s);
    return successors_.is_goal(view_);
  }

  template <class Push>
  void expand(StateId s, int h, Push&& push) {
    view_of(s);
    const bool novelty = novelty_list_ >= 0 && novel(view_, h);
    const bool bfws = bfws_list_ >= 0;
    if (bfws) changed_literals(view_.ids(), parent_literals_);
    successors_.applicable(view_, applicable_);
    for (const LiftedAction& a : applicable_) {
      int c = successors_.cost(a);
      if (c < 0) continue;
      bool preferred = false;
      if (!helpful_.empty() || bfws) successors_.apply(view_, a, successor_, &added_);
      if (!helpful_.empty()) {
        for (int x : added_) {
          if (preferred) break;
          // The atom as it is, and with objects the relaxation made generic.
          std::vector<int> key{atoms_.predicate(x)}, general{atoms_.predicate(x)};
          const int* args = atoms_.args(x);
          for (int i = 0, n = atoms_.arity(atoms_.predicate(x)); i < n; ++i) {
            key.push_back(args[i]);
            int g = program_.generic_of[args[i]];
            general.push_back(g >= 0 ? g : args[i]);
          }
          preferred = helpful_.count(key) || helpful_.count(general);
        }
        preferred = preferred || adds_helpful_pattern(a);
      }
      int op = static_cast<int>(action_arena_.size());
      action_arena_.push_back(a.schema);
      action_arena_.insert(action_arena_.end(), a.args.begin(), a.args.end());
      detail::ExtraKeys extra;
      if (novelty_list_ >= 0) extra.add(novelty_list_, novelty ? 0 : 1);
      if (landmark_list_ >= 0) {
        extra.add(landmark_list_, landmark_h_);
        if (preferred) extra.add(landmark_list_ + 1, landmark_h_);
      }
      if (bfws) {
        // The successor's novelty among the successors of states with the parent's (h, landmark
        // count), then h, then the landmark count.
        changed_literals(successor_, literals_);
        fresh_.clear();
        std::set_difference(literals_.begin(), literals_.end(), parent_literals_.begin(), parent_literals_.end(),
                            std::back_inserter(fresh_));
        const long long lm = landmark_h_, hh = h;
        const bool by_landmarks = options_.bfws_partition == LiftedOptions::Partition::Landmarks;
        const uint32_t partition =
            by_landmarks ? static_cast<uint32_t>(std::min(landmark_h_, 0xfffff))
                         : (static_cast<uint32_t>(std::min(h, 0xfffff)) << 12) | static_cast<uint32_t>(std::min(landmark_h_, 0xfff));
        const long long w = novelty_table_.evaluate(partition, literals_, fresh_);
        const long long key = (w << 48) + (by_landmarks ? (lm << 24) + hh : (hh << 24) + lm);
        extra.add(bfws_list_, key);
        if (preferred && bfws_preferred_list_ >= 0) extra.add(bfws_preferred_list_, key);
      }
      push(op, c, preferred, extra);
    }
  }

  std::pair<StateId, bool> apply(StateId s, int op) {
    const LiftedAction a = action_at(op);
    if (successors_.plain(a.schema) && view_state_ != s) {
      // No index needed: building one for each popped parent was a tenth of the search's time.
      auto [data, size] = registry_.get(s);
      successors_.apply_plain(data, size, a, successor_);
    } else {
      view_of(s);
      successors_.apply(view_, a, successor_, nullptr);
    }
    return registry_.insert(successor_);
  }

 private:
  // From the initial state (landmarks.h).
  void find_landmarks(Limits& limits) {
    view_of(initial());
    helpful_.clear();
    if (evaluate(view_, &helpful_) == kDeadEnd) return;
    auto unit_goals = counters_.unit_goals(view_, atoms_, schema_instances_);
    landmarks_.find(datalog_, program_, static_cast<int>(task_.objects.size()),
                    static_cast<int>(task_.predicates.size()), unit_goals, limits, [&] { seed(view_); });
  }

  // The state's reached set from its parent's, and its landmark count; a new
  // best count boosts the landmark count's preferred list.
  int count_landmarks(StateId s) {
    const size_t w = landmarks_.words();
    if (w == 0) return 0;
    if (reached_.size() < (static_cast<size_t>(s) + 1) * w) reached_.resize(std::max(reached_.size() * 2, (s + 1) * w), 0);
    const StateId parent = nodes_[s].parent;
    if (parent >= 0) std::copy_n(&reached_[parent * w], w, &reached_[s * w]);
    int h = landmarks_.count(datalog_, &reached_[s * w]);
    if (best_landmark_h_ < 0 || h < best_landmark_h_) {
      best_landmark_h_ = h;
      if (landmark_preferred_list_ >= 0) open_->boost(landmark_preferred_list_);
      if (bfws_preferred_list_ >= 0) open_->boost(bfws_preferred_list_);
    }
    return h;
  }

  // Whether the action puts an object where the relaxed plan places one
  // first (a pattern atom among the helpful ones).
  bool adds_helpful_pattern(const LiftedAction& a) const {
    const int params = static_cast<int>(task_.actions[a.schema].parameters.size());
    for (const auto& e : program_.pattern_effects[a.schema]) {
      std::vector<int> key{e.predicate};
      for (int t : e.terms) {
        if (is_object_term(t)) {
          key.push_back(term_object(t));
        } else if (t < params) {
          key.push_back(a.args[t]);
        } else {
          key.clear();  // a quantified variable: not one atom
          break;
        }
      }
      if (!key.empty() && helpful_.count(key)) return true;
    }
    return false;
  }

  // view_ indexes state s (built again only for another state).
  void view_of(StateId s) {
    if (view_state_ == s) return;
    auto [data, size] = registry_.get(s);
    view_.build(atoms_, data, size);
    view_state_ = s;
  }

  // What differs from the initial state, as sorted literals: 2a for an atom a
  // the initial state lacks, 2a + 1 for one of its atoms that does not hold.
  void changed_literals(const std::vector<int>& atoms, std::vector<int>& out) const {
    out.clear();
    auto i = atoms.begin(), j = initial_atoms_.begin();
    while (i != atoms.end() || j != initial_atoms_.end()) {
      if (j == initial_atoms_.end() || (i != atoms.end() && *i < *j)) {
        out.push_back(2 * *i++);
      } else if (i == atoms.end() || *j < *i) {
        out.push_back(2 * *j++ + 1);
      } else {
        ++i, ++j;
      }
    }
  }

  // Novel: some atom holds here that held in no state of the same h evaluated
  // before (novelty within an h plateau, as best-first width search has it).
  bool novel(const StateView& state, int h) {
    if (static_cast<size_t>(h) >= seen_atom_.size()) seen_atom_.resize(h + 1);
    std::vector<char>& seen = seen_atom_[h];
    bool any = false;
    for (int a : state.ids()) {
      if (static_cast<size_t>(a) >= seen.size()) seen.resize(a + 1024, 0);
      if (!seen[a]) seen[a] = 1, any = true;
    }
    return any;
  }

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
  CounterModel counters_;
  std::vector<int> schema_instances_;
  std::vector<pddl::GroundAtom> static_atoms_;
  LiftedRegistry registry_;
  detail::NodeTable nodes_;
  std::vector<int> action_arena_;
  // Scratch of the state space's calls.
  StateView view_;
  StateId view_state_ = -1;
  std::set<std::vector<int>> helpful_;
  std::vector<LiftedAction> applicable_;
  std::vector<int> successor_, added_;
  std::vector<std::vector<char>> seen_atom_;  // per h: the atoms some state of that h had
  // Best-first width search.
  NoveltyTable novelty_table_;
  std::vector<int> initial_atoms_, parent_literals_, literals_, fresh_;
  int best_h_ = -1;
  std::vector<std::vector<int>> unreached_;  // landmark preferred operators' scratch
  // The open lists' layout, and the landmark count's state.
  detail::AlternatingOpen* open_ = nullptr;
  int novelty_list_ = -1, landmark_list_ = -1, landmark_preferred_list_ = -1;
  int bfws_list_ = -1, bfws_preferred_list_ = -1;
  LandmarkCount landmarks_;
  std::vector<uint64_t> reached_;  // per state: landmarks_.words() words
  int landmark_h_ = 0, best_landmark_h_ = -1;
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
