// Span substitution (training augmentation): the spans of the gold decisions
// follow the words they named, partial overlaps are refused, and on the real
// data every substituted example still replays into a valid form.
#include <gtest/gtest.h>

#include <map>

#include "compiler/lf/validator.h"
#include "neural/parser/dataset.h"
#include "neural/parser/form_builder.h"
#include "neural/parser/span_substitution.h"

using namespace plank;
using namespace plank::neural;

namespace {
std::string shared_file(const char* name) { return std::string(PLANK_SHARED_DIR) + "/data/caip/" + name; }

GoldStep span_step(int prev, int first, int last) {
  GoldStep g;
  g.prev = prev;
  g.target = OutVocab::grammar().span();
  g.span_first = first;
  g.span_last = last;
  return g;
}

std::vector<int> words_of(const std::vector<int>& ids, int first, int last) {
  return {ids.begin() + first, ids.begin() + last + 1};
}
}  // namespace

TEST(SpanSubstitution, SpansFollowTheirWords) {
  const int name = OutVocab::grammar().key("has_name"), colour = OutVocab::grammar().key("has_colour");
  // tokens: 10 11 12 13 14 15; name = [2,3], a containing span [1,4], a colour at 0, another name at 5
  std::vector<int> ids{10, 11, 12, 13, 14, 15};
  std::vector<GoldStep> steps{span_step(colour, 0, 0), span_step(name, 2, 3), span_step(colour, 1, 4),
                              span_step(name, 5, 5), span_step(name, 2, 3)};
  auto names = name_spans(steps);
  ASSERT_EQ(names.size(), 2u);  // [2,3] once, then [5,5]
  EXPECT_EQ(names[0], std::make_pair(2, 3));
  EXPECT_EQ(names[1], std::make_pair(5, 5));

  ASSERT_TRUE(substitute_span(ids, steps, 2, 3, {7, 8, 9}));
  EXPECT_EQ(ids, (std::vector<int>{10, 11, 7, 8, 9, 14, 15}));
  EXPECT_EQ(std::make_pair(steps[0].span_first, steps[0].span_last), std::make_pair(0, 0));  // before: unchanged
  EXPECT_EQ(std::make_pair(steps[1].span_first, steps[1].span_last), std::make_pair(2, 4));  // itself: the new words
  EXPECT_EQ(std::make_pair(steps[2].span_first, steps[2].span_last), std::make_pair(1, 5));  // containing: stretched
  EXPECT_EQ(std::make_pair(steps[3].span_first, steps[3].span_last), std::make_pair(6, 6));  // after: shifted
  EXPECT_EQ(std::make_pair(steps[4].span_first, steps[4].span_last), std::make_pair(2, 4));

  ASSERT_TRUE(substitute_span(ids, steps, 2, 4, {3}));  // shorter again
  EXPECT_EQ(ids, (std::vector<int>{10, 11, 3, 14, 15}));
  EXPECT_EQ(std::make_pair(steps[2].span_first, steps[2].span_last), std::make_pair(1, 3));
  EXPECT_EQ(std::make_pair(steps[3].span_first, steps[3].span_last), std::make_pair(4, 4));
}

TEST(SpanSubstitution, RefusesPartialOverlapsAndBadArguments) {
  const int name = OutVocab::grammar().key("has_name");
  std::vector<int> ids{1, 2, 3, 4};
  std::vector<GoldStep> steps{span_step(name, 1, 2), span_step(name, 2, 3)};
  const auto ids0 = ids;
  EXPECT_FALSE(substitute_span(ids, steps, 1, 2, {9}));  // [2,3] overlaps [1,2] in part
  EXPECT_FALSE(substitute_span(ids, steps, 0, 0, {}));
  EXPECT_FALSE(substitute_span(ids, steps, 3, 4, {9}));
  EXPECT_FALSE(substitute_span(ids, steps, 2, 1, {9}));
  EXPECT_EQ(ids, ids0);
  EXPECT_EQ(steps[0].span_last, 2);
  EXPECT_EQ(steps[1].span_first, 2);
}

TEST(SpanSubstitution, EverySubstitutedTrainingExampleReplaysToAValidForm) {
  Dataset d;
  std::string error;
  ASSERT_TRUE(read_dataset(shared_file("train.jsonl"), d, &error)) << error;
  std::map<std::string, int> word_ids;
  std::vector<std::string> words;
  auto to_ids = [&](const std::vector<std::string>& tokens) {
    std::vector<int> out;
    for (const auto& t : tokens) {
      auto [it, fresh] = word_ids.emplace(t, static_cast<int>(words.size()));
      if (fresh) words.push_back(t);
      out.push_back(it->second);
    }
    return out;
  };
  std::vector<int> donor{to_ids({"big", "red", "tower", "of", "doom"})};
  size_t substituted = 0, refused = 0;
  for (const auto& ex : d.examples) {
    auto steps = linearize(ex.form, static_cast<int>(ex.tokens.size()));
    ASSERT_TRUE(steps) << ex.id;
    auto names = name_spans(*steps);
    if (names.empty()) continue;
    std::vector<int> ids = to_ids(ex.tokens);
    const auto before_ids = ids;
    const auto before_steps = *steps;
    auto [first, last] = names.back();
    if (!substitute_span(ids, *steps, first, last, donor)) {
      ++refused;
      continue;
    }
    ++substituted;
    ASSERT_EQ(ids.size(), before_ids.size() + donor.size() - static_cast<size_t>(last - first + 1));
    // Every span names the same words as before, with the substituted ones replaced.
    for (size_t s = 0; s < steps->size(); ++s) {
      const GoldStep &a = before_steps[s], &b = (*steps)[s];
      if (a.span_first < 0) continue;
      std::vector<int> expect = words_of(before_ids, a.span_first, a.span_last);
      if (a.span_first <= first && a.span_last >= last) {
        auto at = expect.begin() + (first - a.span_first);
        at = expect.erase(at, at + (last - first + 1));
        expect.insert(at, donor.begin(), donor.end());
      }
      EXPECT_EQ(words_of(ids, b.span_first, b.span_last), expect) << ex.id << " step " << s;
    }
    // The decisions still replay into a form the validator accepts for the new length.
    FormBuilder builder(OutVocab::grammar(), static_cast<int>(ids.size()), 1 << 20);
    for (const auto& s : *steps) {
      bool ok = s.target == OutVocab::grammar().span() ? builder.push_span(s.span_first, s.span_last)
                                                       : builder.push_token(s.target);
      ASSERT_TRUE(ok) << ex.id;
    }
    ASSERT_TRUE(builder.done()) << ex.id;
    DiagnosticSink sink;
    lf::ValidateOptions opt;
    opt.token_count = static_cast<long>(ids.size());
    EXPECT_EQ(lf::validate(builder.form(), opt, nullptr, sink), 0u) << ex.id;
  }
  EXPECT_GT(substituted, 1000u);
  EXPECT_LT(refused, substituted / 20) << "partial overlaps should be rare";
}
