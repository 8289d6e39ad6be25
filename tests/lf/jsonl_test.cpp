#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>

#include "compiler/lf/check.h"
#include "lf_test_util.h"

namespace plank::lf {
namespace {
using ::testing::HasSubstr;

TEST(Jsonl, CountsGoodAndBadLines) {
  std::mt19937 rng(7);
  const std::vector<std::string> good = {
      R"({"text": "dance", "logical_form": {"dialogue_type": "NOOP"}})",
      R"({"id": "x", "text": "destroy the house", "logical_form": {"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "DESTROY", "reference_object": {"has_name": [0, [2, 2]]}}]}})",
      R"({"text": "go left", "logical_form": {"dialogue_type": "HUMAN_GIVE_COMMAND", "action": {"action_type": "MOVE", "location": {"relative_direction": "LEFT"}}}})",
  };
  const std::vector<std::pair<std::string, std::string>> bad = {  // line, expected message fragment
      {R"({"text": "dance", "logical_form": {"dialogue_type": "NOOPE"}})", "'NOOPE' is not one of"},
      {R"({"text": "destroy it", "logical_form": {"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "DESTROY", "reference_object": {"has_name": [0, [2, 2]]}}]}})", "past the last token"},
      {R"({"text": "x", "logical_form": {"dialogue_type": "NOOP"},})", "trailing comma is not JSON"},
      {R"({"text": "x"})", "missing key 'logical_form'"},
      {R"([1, 2])", "expected a {\"text\", \"logical_form\"} object"},
      {R"({"text": 5, "logical_form": {"dialogue_type": "NOOP"}})", "expected the utterance as a string"},
      {R"({"text": "x", "logical_form": {"dialogue_type": "NOOP")", "unterminated object"},
  };
  std::string text;
  size_t want_good = 0, want_bad = 0;
  std::vector<std::pair<uint32_t, std::string>> expected_errors;  // line, fragment
  uint32_t line = 0;
  for (int i = 0; i < 60; ++i) {
    ++line;
    if (rng() % 5 == 0) {
      text += (rng() % 2) ? "\n" : "   \t\n";  // blank lines are skipped
      continue;
    }
    if (rng() % 3 == 0) {
      const auto& b = bad[rng() % bad.size()];
      text += b.first + "\n";
      expected_errors.emplace_back(line, b.second);
      ++want_bad;
    } else {
      text += good[rng() % good.size()] + "\n";
      ++want_good;
    }
  }
  text += good[0];  // last line without a newline
  ++want_good;
  auto file = testing::source(text, "data.jsonl");
  DiagnosticSink sink;
  JsonlSummary s = check_jsonl(file, sink);
  EXPECT_EQ(s.valid, want_good);
  EXPECT_EQ(s.invalid, want_bad);
  ASSERT_GT(want_bad, 5u);
  ASSERT_EQ(sink.all().size(), expected_errors.size()) << render_text(sink.all());
  for (size_t i = 0; i < expected_errors.size(); ++i) {
    const auto& d = sink.all()[i];
    EXPECT_EQ(file->line_col(d.span.begin).line, expected_errors[i].first) << d.message;
    EXPECT_THAT(d.message, HasSubstr(expected_errors[i].second));
  }
  EXPECT_THAT(render_text(sink.all()), HasSubstr("data.jsonl:"));
}

TEST(Jsonl, EmptyFile) {
  DiagnosticSink sink;
  auto s = check_jsonl(testing::source("\n\n"), sink);
  EXPECT_EQ(s.valid, 0u);
  EXPECT_EQ(s.invalid, 0u);
}

TEST(Utterance, SplitsLikePython) {
  auto u = Utterance::from_text("  build  a\tred\ncube ");
  EXPECT_THAT(u.tokens, ::testing::ElementsAre("build", "a", "red", "cube"));
  EXPECT_EQ(u.text, "  build  a\tred\ncube ");
  EXPECT_TRUE(Utterance::from_text("").tokens.empty());
}

TEST(Utterance, TokenSpansPointAtTheWords) {
  auto u = Utterance::from_text("  build  a\tred\ncube ");
  ASSERT_EQ(u.token_spans.size(), u.tokens.size());
  for (size_t i = 0; i < u.tokens.size(); ++i)
    EXPECT_EQ(u.text.substr(u.token_spans[i].begin, u.token_spans[i].end - u.token_spans[i].begin), u.tokens[i]);
  EXPECT_EQ(u.token_spans[0].begin, 2u);
}

}  // namespace
}  // namespace plank::lf
