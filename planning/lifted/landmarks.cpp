// Landmark counting over the lifted relaxation (landmarks.h).
#include "planning/lifted/landmarks.h"

#include <algorithm>

namespace plank::planning::lifted {

std::vector<int> LandmarkCount::relaxed_candidates(const CostedDatalog& datalog, const RelaxedProgram& program,
                                                   int task_objects, int task_predicates) {
  const AtomTable& atoms = datalog.atom_table();
  std::vector<int> out;
  for (int a = 0; a < static_cast<int>(atoms.size()); ++a) {
    if (a == datalog.goal_atom() || !datalog.in_relaxed_plan(a) || !datalog.derived(a)) continue;
    if (datalog.cost_of(a) == 0) continue;  // holds already
    const int p = atoms.predicate(a);
    const std::string& name = program.names[p];
    bool condition = p >= task_predicates && (name.rfind("exists", 0) == 0 || name.rfind("or", 0) == 0);
    if (p >= task_predicates && !condition) continue;
    const int* args = atoms.args(a);
    // A generic object's atom stands for "some object of the type": no
    // state holds it as such.
    if (std::any_of(args, args + atoms.arity(p), [&](int o) { return o >= task_objects; })) continue;
    out.push_back(a);
  }
  return out;
}

int LandmarkCount::count(const CostedDatalog& datalog, uint64_t* reached) const {
  int h = 0;
  for (size_t i = 0; i < landmarks_.size(); ++i) {
    const int atom = landmarks_[i];
    const bool now = datalog.cost_of(atom) == 0;
    uint64_t& word = reached[i / 64];
    const uint64_t bit = uint64_t{1} << (i % 64);
    if (now) word |= bit;
    if (!(word & bit))
      ++h;
    else if (!now && datalog.in_relaxed_plan(atom))
      ++h;  // needed again
  }
  return h;
}

void LandmarkCount::unreached(const CostedDatalog& datalog, const uint64_t* reached,
                              std::vector<std::vector<int>>& out) const {
  const AtomTable& atoms = datalog.atom_table();
  for (size_t i = 1; i < landmarks_.size(); ++i) {
    if (reached[i / 64] & (uint64_t{1} << (i % 64))) continue;
    const int a = landmarks_[i];
    const int p = atoms.predicate(a);
    std::vector<int> key{p};
    key.insert(key.end(), atoms.args(a), atoms.args(a) + atoms.arity(p));
    out.push_back(std::move(key));
  }
}

std::string LandmarkCount::describe(const CostedDatalog& datalog, const RelaxedProgram& program,
                                    const std::vector<std::string>& objects) const {
  const AtomTable& atoms = datalog.atom_table();
  std::string out;
  for (int a : landmarks_) {
    const int p = atoms.predicate(a);
    out += "(" + program.names[p];
    for (int i = 0; i < atoms.arity(p); ++i) {
      int o = atoms.args(a)[i];
      out += " " + (o < static_cast<int>(objects.size()) ? objects[o] : "#" + std::to_string(o));
    }
    out += ")\n";
  }
  return out;
}

}  // namespace plank::planning::lifted
