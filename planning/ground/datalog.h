// A small Datalog engine: the relaxed reachability analysis that decides what
// the grounder instantiates (as in Fast Downward's translator, "Computing
// model"). Rules are positive Horn clauses over object tuples with typed
// variables; evaluation is semi-naive, one new atom at a time, joining it with
// the atoms already processed through per-argument indexes, so each rule
// instance is produced exactly once.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace plank::planning {

// A term of a rule atom: a variable slot (>= 0) or an object o, written -1 - o.
inline int object_term(int object) { return -1 - object; }
inline bool is_object_term(int term) { return term < 0; }
inline int term_object(int term) { return -1 - term; }

struct RuleAtom {
  int predicate = 0;
  std::vector<int> args;
};

struct Rule {
  RuleAtom head;
  std::vector<RuleAtom> body;                  // every head variable occurs in some body atom
  std::vector<std::pair<int, int>> distinct;   // terms that must differ
  std::vector<RuleAtom> absent;                // atoms that must not hold (of predicates that never grow)
  std::vector<const std::vector<char>*> allowed;  // per variable: allowed[o] != 0 for the objects it may take
  int variable_count = 0;
};

class Datalog {
 public:
  Datalog(int predicate_count, int object_count);

  void add_rule(Rule rule);
  // A fact of the initial model; returns its atom id.
  int add_fact(int predicate, const std::vector<int>& args);

  enum class Outcome { Fixpoint, TooLarge, Stopped };
  // Runs to the fixpoint, or stops once the model holds more than max_atoms
  // atoms, or when should_stop() says so (asked every few thousand atoms).
  Outcome run(size_t max_atoms, const std::function<bool()>& should_stop);

  size_t size() const { return offsets_.size(); }
  int predicate_of(int atom) const { return arena_[offsets_[atom]]; }
  const int* args_of(int atom) const { return arena_.data() + offsets_[atom] + 1; }
  int arity_of(int atom) const { return arity_[predicate_of(atom)]; }
  const std::vector<int>& atoms_of(int predicate) const { return by_predicate_[predicate]; }
  int find(int predicate, const int* args) const;  // -1 when not in the model
  // Atoms of the predicate whose argument `position` is `object` (every atom of
  // the predicate when the engine keeps no index for it).
  const std::vector<int>& atoms_with(int predicate, int position, int object) const {
    const auto& idx = index_[predicate];
    return idx.empty() ? by_predicate_[predicate] : idx[position][object];
  }
  size_t rule_instances() const { return instances_; }

 private:
  struct JoinPlan {
    int rule = 0;
    int trigger = 0;          // the body position the new atom fills
    std::vector<int> order;   // the other body positions, most bound first
  };

  int intern(int predicate, const int* args);
  void process(int atom);
  void join(const Rule& rule, const JoinPlan& plan, size_t step, int current);
  bool bind_atom(const Rule& rule, const RuleAtom& pattern, int atom, std::vector<int>& undo);
  void emit(const Rule& rule);
  void declare_arity(int predicate, size_t arity);
  const std::vector<int>& candidates(const RuleAtom& pattern) const;

  int object_count_;
  std::vector<int> arity_;
  std::vector<Rule> rules_;
  std::vector<std::vector<JoinPlan>> triggers_;  // per predicate
  std::vector<JoinPlan> empty_body_;             // rules with no body: fire once

  std::vector<int> arena_;       // [predicate, args...] per atom
  std::vector<uint32_t> offsets_;
  std::vector<uint32_t> hash_table_;  // open addressing: atom id + 1, 0 = empty
  size_t processed_ = 0;
  std::vector<std::vector<int>> by_predicate_;                 // processed atoms, in id order
  std::vector<std::vector<std::vector<std::vector<int>>>> index_;  // [pred][pos][object] -> processed atoms
  std::vector<int> binding_;
  std::vector<int> scratch_;
  size_t instances_ = 0;
};

}  // namespace plank::planning
