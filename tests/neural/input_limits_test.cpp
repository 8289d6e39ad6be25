// Issue 24: the parser refuses commands past kMaxCommandWords before any work
// (its span search is quadratic in the words: 20,000 words took 2.5 GB), and
// a data set skips such a line with the reason.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "neural/parser/dataset.h"
#include "neural/parser/parser.h"
#include "random_model.h"

using namespace plank::neural;

TEST(InputLimits, ACommandPastTheLimitHasNoParseAndDisturbsNone) {
  auto weights = std::make_shared<const ParserWeights>(test::small_random_weights(3));
  std::string error;
  Parser parser(weights, make_engine(weights, "cpu", &error));
  std::vector<std::string> at_limit(kMaxCommandWords, "cube"), past(kMaxCommandWords + 1, "cube");
  ParseOptions options;
  options.beam = 2;
  EXPECT_FALSE(parser.parse_tokens(at_limit, options).empty());
  EXPECT_TRUE(parser.parse_tokens(past, options).empty());
  options.constrained = false;
  EXPECT_TRUE(parser.parse_tokens(past, options).empty());
  options.constrained = true;
  auto batch = parser.parse_batch({{"go", "left"}, past, {"go", "right"}}, options);
  ASSERT_EQ(batch.size(), 3u);
  EXPECT_FALSE(batch[0].empty());
  EXPECT_TRUE(batch[1].empty());
  EXPECT_FALSE(batch[2].empty());
}

TEST(InputLimits, ADataSetSkipsACommandPastTheLimit) {
  std::string path = ::testing::TempDir() + "plank_too_long.jsonl";
  std::string words;
  for (size_t i = 0; i <= kMaxCommandWords; ++i) words += "cube ";
  std::ofstream(path) << R"({"text": ")" << words << R"(", "logical_form": {"dialogue_type": "NOOP"}})" << "\n"
                      << R"({"text": "hello", "logical_form": {"dialogue_type": "NOOP"}})" << "\n";
  Dataset d;
  std::string error;
  ASSERT_TRUE(read_dataset(path, d, &error)) << error;
  EXPECT_EQ(d.examples.size(), 1u);
  EXPECT_EQ(d.skipped, 1u);
  ASSERT_EQ(d.problems.size(), 1u);
  EXPECT_NE(d.problems[0].find(":1: the text has 257 words; the parser reads at most 256"), std::string::npos)
      << d.problems[0];
  std::filesystem::remove(path);
}
