// The grammar automaton the decoder runs on: every form of the data
// linearises and rebuilds to itself, and whatever the decisions, the builder
// only ever produces forms that pass the validator.
#include <gtest/gtest.h>

#include <random>

#include "compiler/lf/validator.h"
#include "neural/parser/dataset.h"
#include "neural/parser/form_builder.h"

using namespace plank;
using namespace plank::neural;

namespace {
std::string shared_file(const char* name) { return std::string(PLANK_SHARED_DIR) + "/data/caip/" + name; }

bool validates(const lf::Value& form, int tokens) {
  DiagnosticSink sink;
  lf::ValidateOptions opt;
  opt.token_count = tokens;
  return lf::validate(form, opt, nullptr, sink) == 0;
}
}  // namespace

TEST(OutVocab, DerivedFromTheGrammarTable) {
  const auto& v = OutVocab::grammar();
  EXPECT_GE(v.key("action_sequence"), 0);
  EXPECT_GE(v.value("BUILD"), 0);
  EXPECT_GE(v.value("SURROUND"), 0);  // a variant override's value is included
  EXPECT_GE(v.integer(-90), 0);
  EXPECT_EQ(v.id("k:no_such_key"), -1);
  EXPECT_EQ(v.token(v.start()), "<s>");
}

TEST(FormBuilder, EveryDataFormRoundTrips) {
  for (const char* name : {"train.jsonl", "valid.jsonl"}) {
    Dataset d;
    std::string error;
    ASSERT_TRUE(read_dataset(shared_file(name), d, &error)) << error;
    ASSERT_GT(d.examples.size(), 400u);
    EXPECT_EQ(d.skipped, 0u);
    size_t failures = 0;
    for (const auto& ex : d.examples) {
      std::string why;
      auto steps = linearize(ex.form, static_cast<int>(ex.tokens.size()), &why);
      if (!steps) {
        if (++failures < 5) ADD_FAILURE() << ex.id << ": " << why << "\n" << lf::to_json_text(ex.form);
        continue;
      }
      // Replay the decisions through a fresh builder: the same form comes out.
      FormBuilder b(OutVocab::grammar(), static_cast<int>(ex.tokens.size()), 1 << 20);
      for (const auto& s : *steps) {
        ASSERT_TRUE(s.mask[static_cast<size_t>(s.target)]) << ex.id;
        bool ok = s.target == OutVocab::grammar().span() ? b.push_span(s.span_first, s.span_last) : b.push_token(s.target);
        ASSERT_TRUE(ok) << ex.id;
      }
      ASSERT_TRUE(b.done()) << ex.id;
      EXPECT_EQ(canonical_json(b.form()), canonical_json(ex.form)) << ex.id;
    }
    EXPECT_EQ(failures, 0u) << name;
  }
}

TEST(FormBuilder, RandomDecisionsAlwaysGiveValidForms) {
  // A random walk through the allowed decisions: the property constrained decoding relies on.
  std::mt19937 rng(7);
  const auto& vocab = OutVocab::grammar();
  std::vector<uint8_t> mask;
  for (int trial = 0; trial < 3000; ++trial) {
    int tokens = 1 + static_cast<int>(rng() % 12);
    FormBuilder b(vocab, tokens);
    int steps = 0;
    while (!b.done() && steps++ < 400) {
      if (b.expect() == Expect::Span) {
        int first = static_cast<int>(rng() % tokens);
        int last = first + static_cast<int>(rng() % (tokens - first));
        ASSERT_TRUE(b.push_span(first, last));
        continue;
      }
      b.allowed(mask);
      std::vector<int> options;
      for (int i = 0; i < vocab.size(); ++i)
        if (mask[static_cast<size_t>(i)]) options.push_back(i);
      ASSERT_FALSE(options.empty()) << "the builder reached a dead end";
      // Prefer closing nodes half the time so walks finish.
      int end = vocab.end();
      bool can_end = mask[static_cast<size_t>(end)];
      int pick = (can_end && rng() % 2) ? end : options[rng() % options.size()];
      ASSERT_TRUE(b.push_token(pick));
    }
    if (!b.done()) continue;
    EXPECT_TRUE(validates(b.form(), tokens)) << lf::to_json_text(b.form());
  }
}

TEST(FormBuilder, RefusesWhatTheGrammarForbids) {
  const auto& v = OutVocab::grammar();
  FormBuilder b(v, 3);
  EXPECT_FALSE(b.push_token(v.end()));                  // dialogue_type is required first
  EXPECT_FALSE(b.push_token(v.key("action_sequence")));
  ASSERT_TRUE(b.push_token(v.key("dialogue_type")));
  EXPECT_FALSE(b.push_token(v.value("BUILD")));         // not a dialogue type
  ASSERT_TRUE(b.push_token(v.value("HUMAN_GIVE_COMMAND")));
  EXPECT_FALSE(b.push_token(v.end()));                  // a command needs its action_sequence
  EXPECT_FALSE(b.push_token(v.key("filters")));         // not for HUMAN_GIVE_COMMAND
  ASSERT_TRUE(b.push_token(v.key("action_sequence")));
  ASSERT_TRUE(b.push_token(v.key("action_type")));
  ASSERT_TRUE(b.push_token(v.value("MOVE")));
  EXPECT_FALSE(b.push_token(v.key("schematic")));       // MOVE takes no schematic
  ASSERT_TRUE(b.push_token(v.key("location")));
  ASSERT_TRUE(b.push_token(v.key("location_type")));
  ASSERT_TRUE(b.push_token(v.value("SPEAKER_LOOK")));
  ASSERT_TRUE(b.push_token(v.key("steps")));
  EXPECT_FALSE(b.push_span(2, 1));
  EXPECT_FALSE(b.push_span(0, 3));                      // past the 3 tokens
  ASSERT_TRUE(b.push_span(1, 2));
  ASSERT_TRUE(b.push_token(v.end()));                   // location
  ASSERT_TRUE(b.push_token(v.end()));                   // action
  ASSERT_TRUE(b.push_token(v.end()));                   // action_sequence
  ASSERT_TRUE(b.push_token(v.end()));                   // root
  ASSERT_TRUE(b.done());
  EXPECT_TRUE(validates(b.form(), 3));
  EXPECT_EQ(canonical_json(b.form()),
            R"({"action_sequence":[{"action_type":"MOVE","location":{"location_type":"SPEAKER_LOOK","steps":[0,[1,2]]}}],"dialogue_type":"HUMAN_GIVE_COMMAND"})");
}
