// The synthetic generator: every form passes the validator against its own
// utterance (spans in range), linearises through the decoder's grammar, and
// the wording varies.
#include <gtest/gtest.h>

#include <set>

#include "compiler/lf/check.h"
#include "compiler/lf/validator.h"
#include "neural/parser/form_builder.h"
#include "neural/parser/synth.h"

using namespace plank;
using namespace plank::neural;

TEST(Synthetic, EveryFormIsValidForItsUtterance) {
  auto examples = synthesize(3000, 42);
  ASSERT_EQ(examples.size(), 3000u);
  std::set<std::string> texts, types;
  for (const auto& ex : examples) {
    DiagnosticSink sink;
    lf::ValidateOptions o;
    o.token_count = static_cast<long>(ex.tokens.size());
    ASSERT_EQ(lf::validate(ex.form, o, nullptr, sink), 0u) << ex.text << "\n" << lf::to_json_text(ex.form);
    std::string why;
    ASSERT_TRUE(linearize(ex.form, static_cast<int>(ex.tokens.size()), &why)) << ex.text << ": " << why;
    EXPECT_EQ(lf::Utterance::from_text(ex.text).tokens, ex.tokens);
    texts.insert(ex.text);
    types.insert(ex.type);
  }
  EXPECT_GT(texts.size(), 1500u) << "the wording should vary (short commands such as \"stop\" repeat by design)";
  EXPECT_GE(types.size(), 9u);
}

TEST(Synthetic, DeterministicForASeed) {
  auto a = synthesize(50, 7), b = synthesize(50, 7), c = synthesize(50, 8);
  for (size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i].text, b[i].text);
  size_t same = 0;
  for (size_t i = 0; i < a.size(); ++i) same += a[i].text == c[i].text;
  EXPECT_LT(same, 40u);
}
