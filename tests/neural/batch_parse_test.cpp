// Parser::parse_batch against parse_tokens one command at a time, on the
// shipped model: the same parses, scores and confidences, in the callers' order.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "neural/parser/dataset.h"
#include "neural/parser/form_builder.h"
#include "neural/parser/parser.h"

using namespace plank::neural;

TEST(ParseBatch, GivesEachCommandItsOwnParses) {
  std::string error;
  auto parser = Parser::load(default_model_path(), "cpu", &error);
  ASSERT_TRUE(parser) << error;
  Dataset d;
  ASSERT_TRUE(read_dataset(std::string(PLANK_SHARED_DIR) + "/data/caip/valid.jsonl", d, &error)) << error;
  std::vector<std::vector<std::string>> utterances;
  for (size_t i = 0; i < 60 && i < d.examples.size(); ++i) {
    utterances.push_back(d.examples[i].tokens);
    if (i == 7) utterances.push_back({});  // an empty command has no parse and disturbs none
  }
  for (int beam : {1, 5}) {
    ParseOptions options;
    options.beam = beam;
    options.n_best = beam;
    auto together = parser->parse_batch(utterances, options);
    ASSERT_EQ(together.size(), utterances.size());
    for (size_t i = 0; i < utterances.size(); ++i) {
      auto alone = parser->parse_tokens(utterances[i], options);
      ASSERT_EQ(alone.size(), together[i].size()) << "command " << i << ", beam " << beam;
      for (size_t r = 0; r < alone.size(); ++r) {
        EXPECT_EQ(canonical_json(alone[r].form), canonical_json(together[i][r].form)) << "command " << i;
        EXPECT_NEAR(alone[r].log_prob, together[i][r].log_prob, 1e-4) << "command " << i;
        EXPECT_NEAR(alone[r].confidence, together[i][r].confidence, 1e-4) << "command " << i;
      }
    }
    EXPECT_TRUE(together[8].empty());
  }
}
