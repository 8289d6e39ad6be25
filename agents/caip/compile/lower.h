// The lowerings: parts of a logical form -> statements of the compiled command
// (builder.h). lower_refs.cpp: reference objects, locations, counts;
// lower_actions.cpp: one function per action type (action_table.cpp says which);
// lower_dialogue.cpp: the dialogue types (translate.cpp's table).
#pragma once
#include <optional>
#include <string>

#include "agents/caip/compile/builder.h"
#include "compiler/lf/value.h"

namespace plank::caip {

// ---- lower_refs.cpp
struct RefLowering {
  bool many = false;   // the caller wants a list (DESTROY, FILL, tags)
  bool hole = false;   // FILL: holes first
  bool quiet = false;  // questions: no match is an answer
  bool look = false;   // no reference object means the one the speaker looks at (tags), not the last one talked about
};
// The lookup of a reference object: the variable holding its handle (or list
// of handles when `many`); the command returns when the policy asked.
std::string lower_ref(CommandBuilder& b, const lf::Value* ref, const RefLowering& how);
// A location; no location is where the speaker looks. `direction`: the relative
// direction to use when the form gives none (else the words in front of its
// reference object say, "on the hill").
// `passing` (MOVE): "go through the door" makes the direction THROUGH, whatever direction the form gives
// (the words say the object is what the walk passes through).
std::string lower_location(CommandBuilder& b, const lf::Value* loc, const std::string& direction = {}, bool passing = false);
// repeat FOR n: the count, folded here when the words are a number; else an
// expression the policy settles (its variable), or nullopt when there is no repeat.
struct Count {
  long known = 1;        // the count, when folded
  std::string variable;  // else the variable holding it
  ast::ExprPtr expr(const CommandBuilder& b) const { return variable.empty() ? b.integer(known) : b.name(variable); }
  bool one() const { return variable.empty() && known == 1; }
};
Count lower_count(CommandBuilder& b, const lf::Value* repeat, const char* what);

// ---- lower_actions.cpp: one per action type (the rows of action_table.cpp)
void lower_build(CommandBuilder& b, const lf::Value& action);
void lower_spawn(CommandBuilder& b, const lf::Value& action);
void lower_fill(CommandBuilder& b, const lf::Value& action);
void lower_destroy(CommandBuilder& b, const lf::Value& action);
void lower_move(CommandBuilder& b, const lf::Value& action);
void lower_dig(CommandBuilder& b, const lf::Value& action);
void lower_freebuild(CommandBuilder& b, const lf::Value& action);
void lower_dance(CommandBuilder& b, const lf::Value& action);
void lower_undo(CommandBuilder& b, const lf::Value& action);
void lower_stop(CommandBuilder& b, const lf::Value& action);
void lower_resume(CommandBuilder& b, const lf::Value& action);
void lower_other(CommandBuilder& b, const lf::Value& action);  // OTHERACTION, GET, GIVE: the policy declines
// One action of action_sequence, by the table; returns its action_type.
std::string lower_action(CommandBuilder& b, const lf::Value& action);

// ---- lower_dialogue.cpp: one per dialogue type (the rows of translate.cpp's table)
void lower_command(CommandBuilder& b, const lf::Value& form, std::string* action);  // HUMAN_GIVE_COMMAND
void lower_get_memory(CommandBuilder& b, const lf::Value& form, std::string* action);
void lower_put_memory(CommandBuilder& b, const lf::Value& form, std::string* action);
void lower_noop(CommandBuilder& b, const lf::Value& form, std::string* action);

}  // namespace plank::caip
