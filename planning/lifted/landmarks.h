// Landmarks over the lifted relaxation, counted as LAMA's LM-count does
// (Richter & Westphal, "The LAMA planner", JAIR 2010), for a second
// heuristic beside h_FF. h_FF rises whenever the agent walks away from where
// the relaxed plan would act, so collect-then-build tasks have local minima
// several steps deep; the landmark count only falls as things the task must
// pass through are achieved (a unit gathered, a goal block placed), so a
// queue ordered by it moves across those minima.
//
// Which atoms are landmarks, found once from the initial state:
// - relaxed landmarks, verified as Hoffmann et al. (JAIR 2004) do: an atom of
//   the initial state's relaxed plan is a landmark when the relaxed program
//   with that atom forbidden no longer reaches the goal. The program
//   over-approximates the task, so these hold for the task itself. Kept:
//   atoms of task predicates over real objects, and the conditions of
//   formulas without free variables (the goal's "some block at (x, y, z)");
//   not the program's partial joins (their condition is part of another's).
// - counter goals (counters.h, unit_goals): the counts gathering passes
//   through before spending what the relaxed plan consumes.
// An atom holds in a state when the state's relaxed exploration gives it
// cost 0 (initial atoms and what weight-0 rules derive from them).
//
// The count is path-dependent, as LAMA's: a state's reached set is its
// parent's (the first path that reached it) plus the landmarks true in it;
// h = landmarks not reached + reached ones the state's relaxed plan needs
// again (true no longer, but in its support tree).
// Preferred operators: h_FF's, and with the search's landmark_preferred
// option also LAMA's: the actions that achieve a landmark not reached yet
// (unreached() gives them as atoms to match against what an action adds).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "planning/lifted/costed_datalog.h"
#include "planning/lifted/relaxed_program.h"
#include "planning/limits.h"

namespace plank::planning::lifted {

class LandmarkCount {
 public:
  // `seed` begins an evaluation of `datalog` from the initial state (adds its
  // atoms). Must be called after the initial state's run() and
  // relaxed_plan(); leaves the datalog in another evaluation.
  template <class Seed>
  void find(CostedDatalog& datalog, const RelaxedProgram& program, int task_objects, int task_predicates,
            const std::vector<std::vector<int>>& unit_goals, Limits& limits, Seed&& seed) {
    std::vector<int> candidates = relaxed_candidates(datalog, program, task_objects, task_predicates);
    landmarks_.push_back(datalog.goal_atom());
    for (int c : candidates) {
      if (limits.exhausted()) break;
      seed();
      datalog.forbid(c);
      int h = datalog.run(false, SIZE_MAX);
      datalog.forbid(-1);
      if (h >= CostedDatalog::kUnreachable) landmarks_.push_back(c);
    }
    for (const auto& key : unit_goals) {
      int atom = datalog.intern(key[0], key.data() + 1);
      if (std::find(landmarks_.begin(), landmarks_.end(), atom) == landmarks_.end()) landmarks_.push_back(atom);
    }
    words_ = (landmarks_.size() + 63) / 64;
  }

  size_t size() const { return landmarks_.size(); }
  size_t words() const { return words_; }  // of a reached set
  // After the state's run() and relaxed_plan(): adds the landmarks true now
  // to `reached` (the parent's set, copied in) and returns the count.
  int count(const CostedDatalog& datalog, uint64_t* reached) const;
  // The landmarks `reached` lacks (the goal's own atom left out), each as
  // (predicate, args...): the relaxed program's predicates, so a condition's
  // atom matches no task atom.
  void unreached(const CostedDatalog& datalog, const uint64_t* reached, std::vector<std::vector<int>>& out) const;
  std::string describe(const CostedDatalog& datalog, const RelaxedProgram& program,
                       const std::vector<std::string>& objects) const;

 private:
  static std::vector<int> relaxed_candidates(const CostedDatalog& datalog, const RelaxedProgram& program,
                                             int task_objects, int task_predicates);

  std::vector<int> landmarks_;  // atoms of the relaxed program; the goal first
  size_t words_ = 0;
};

}  // namespace plank::planning::lifted
