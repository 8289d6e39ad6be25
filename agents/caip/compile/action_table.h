// CAIP's action types, one row each: how the compiler lowers the action and
// what the intrinsics need to talk about it (its gerund, the verbs that name
// it, what a loop of it did). The grammar table (compiler/lf/grammar_table.cpp)
// says which action types exist; this table says what CAIP does with each,
// and a test checks the two agree (tests/caip/action_table_test.cpp).
#pragma once
#include <string_view>
#include <vector>

namespace plank::lf {
struct Value;
}

namespace plank::caip {

class CommandBuilder;

struct ActionType {
  std::string_view name;  // the grammar's action_type; also the task's name on the task stack
  void (*lower)(CommandBuilder& b, const lf::Value& action);  // compile/lower_actions.cpp
  std::string_view gerund;     // in replies: "I am building a house"; "" : "doing"
  std::string_view loop_past;  // a loop of it, in replies: "I walked 12 steps"; "" : "repeated it"
  bool undone_unnamed;         // a bare UNDO may take it back (a dance is not something to take back)
  std::vector<std::string_view> verbs;  // words that name it in a target_action_type span ("building" -> BUILD)
};

// In the order verbs are tried: the first verb a word begins wins ("com" is "come", MOVE).
const std::vector<ActionType>& action_types();
const ActionType* find_action_type(std::string_view name);

}  // namespace plank::caip
