// DANLI's subgoals: (patient, predicate, destination) triples, from language
// (a CAIP logical form, or a language model's JSON reply), compiled with the
// symbolic state into a PDDL problem over stdlib/danli/domain.pddl. A patient
// or destination the agent has not seen yet becomes a placeholder object
// (not observed) that only a `search` step can make usable, as in DANLI.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "agents/danli/compile/symbolic_state.h"
#include "compiler/lf/value.h"

namespace plank::danli {

struct Subgoal {
  std::string patient;      // a kind or label: "sand"
  std::string predicate;    // held | placed_on | removed
  std::string destination;  // placed_on: what to put it on
  std::string text() const;  // "(sand, placed_on, table)"
};

const std::vector<std::string>& subgoal_predicates();

// A language model's reply: [{"patient": "sand", "predicate": "placed_on", "destination": "table"}, ...]
// (or {"subgoals": [...]}). Nullopt with *error on anything else.
std::optional<std::vector<Subgoal>> subgoals_from_json(const std::string& text, std::string* error);
// A CAIP form: GET (held), DESTROY (removed) of a reference object named by has_name (a string or a span
// into `utterance`). Nullopt with *error for forms with no such reading.
std::optional<std::vector<Subgoal>> subgoals_from_form(const lf::Value& form, const std::string& utterance,
                                                       std::string* error);

struct CompiledProblem {
  std::string pddl;
  std::vector<std::string> placeholders;  // objects to search for: "sand-unseen"
  std::map<std::string, std::string> place_of;  // place name -> the object it stands by ("place-sand-1" -> "sand-1")
};

// Facts the agent established itself and verified (a block it put on another).
struct Relations {
  struct On {
    std::string thing, kind, destination;
    world::Coord cell;  // where the thing was put
  };
  std::vector<On> on;
  std::vector<std::pair<std::string, std::string>> removed;  // (thing, kind)
};

CompiledProblem compile_problem(const SymbolicState& state, const Relations& relations,
                                const std::vector<Subgoal>& goals);

// Whether the subgoals hold in the symbolic state (the loop's test for done).
bool subgoals_hold(const SymbolicState& state, const Relations& relations, const std::vector<Subgoal>& goals);

// The text of stdlib/danli/NAME (a PDDL domain DANLI plans over); empty with *error when it
// cannot be read.
std::string read_stdlib_pddl(const std::string& name, std::string* error);

// The domain text (stdlib/danli/domain.pddl); empty with *error when it cannot be read.
std::string danli_domain(std::string* error);

}  // namespace plank::danli
