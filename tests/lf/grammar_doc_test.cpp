// docs/lf-grammar.md is generated from the grammar table; it must match.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "compiler/lf/grammar_doc.h"
#include "compiler/lf/grammar_table.h"

namespace plank::lf {
namespace {

TEST(GrammarDoc, CommittedReferenceMatchesTheTable) {
  std::ifstream in(std::string(PLANK_SOURCE_DIR) + "/docs/lf-grammar.md");
  ASSERT_TRUE(in) << "docs/lf-grammar.md is missing: run `plank reference lf > docs/lf-grammar.md`";
  std::stringstream committed;
  committed << in.rdbuf();
  EXPECT_EQ(committed.str(), grammar_reference_markdown())
      << "docs/lf-grammar.md is stale: run `build/bin/plank reference lf > docs/lf-grammar.md`";
}

TEST(GrammarDoc, EveryNodeKindKeyAndCategoricalValueIsDocumented) {
  std::string doc = grammar_reference_markdown();
  for (NodeKind kind : all_node_kinds()) {
    EXPECT_THAT(doc, ::testing::HasSubstr(std::string(node_kind_name(kind))));
    for (auto key : keys_of(kind)) {
      EXPECT_THAT(doc, ::testing::HasSubstr("`" + std::string(key) + "`"));
      for (auto value : categorical_values(kind, key)) EXPECT_THAT(doc, ::testing::HasSubstr("`" + std::string(value) + "`"));
    }
  }
}

}  // namespace
}  // namespace plank::lf
