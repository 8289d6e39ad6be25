// CAIP's action table and dialogue table against the grammar table
// (compiler/lf/grammar_table.cpp): every type the grammar admits has exactly
// one row, and no row names a type the grammar does not know.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "agents/caip/compile/action_table.h"
#include "agents/caip/compile/translate.h"
#include "agents/caip/intrinsics/lexicon.h"
#include "compiler/lf/grammar_table.h"

namespace plank::caip::test {
namespace {

std::set<std::string> grammar_action_types() {
  std::set<std::string> out;
  for (auto v : lf::categorical_values(lf::NodeKind::Action, "action_type")) out.insert(std::string(v));
  return out;
}

TEST(ActionTable, EveryActionTypeOfTheGrammarHasOneRow) {
  std::set<std::string> grammar = grammar_action_types();
  ASSERT_FALSE(grammar.empty());
  for (const auto& type : grammar) {
    int rows = 0;
    for (const auto& row : action_types()) rows += row.name == type;
    EXPECT_EQ(rows, 1) << type;
    const ActionType* row = find_action_type(type);
    ASSERT_NE(row, nullptr) << type;
    EXPECT_NE(row->lower, nullptr) << type;
  }
}

TEST(ActionTable, NoRowNamesAnUnknownType) {
  std::set<std::string> grammar = grammar_action_types();
  for (const auto& row : action_types()) EXPECT_TRUE(grammar.count(std::string(row.name))) << row.name;
}

TEST(ActionTable, EveryVerbNamesItsRow) {
  std::set<std::string_view> seen;
  for (const auto& row : action_types())
    for (auto verb : row.verbs) {
      EXPECT_TRUE(seen.insert(verb).second) << verb << " names two action types";
      EXPECT_EQ(action_type_word(verb), std::string(row.name)) << verb;
      if (!row.gerund.empty()) {
        EXPECT_EQ(action_gerund(row.name), row.gerund);
      }
    }
  EXPECT_EQ(action_type_word("digging"), "DIG");
  EXPECT_EQ(action_gerund("NO_SUCH_ACTION"), "doing");
}

TEST(DialogueTable, EveryDialogueTypeOfTheGrammarHasOneRow) {
  std::set<std::string> grammar;
  for (const auto& v : lf::node_spec(lf::NodeKind::Root).variants) grammar.insert(std::string(v.value));
  ASSERT_FALSE(grammar.empty());
  std::set<std::string> rows;
  for (auto name : dialogue_type_names()) EXPECT_TRUE(rows.insert(std::string(name)).second) << name;
  EXPECT_EQ(rows, grammar);
}

}  // namespace
}  // namespace plank::caip::test
