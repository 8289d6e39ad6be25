// Thousands of random and mutated byte strings: the reader and the checkers
// must return (with or without diagnostics), never crash, hang or throw.
#include <gtest/gtest.h>

#include <random>

#include "compiler/lf/check.h"
#include "lf_test_util.h"

namespace plank::lf {
namespace {

const char* kSeeds[] = {
    R"({"text": "build a red cube here", "logical_form": {"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD", "schematic": {"has_name": [0, [3, 3]], "has_colour_": [0, [2, 2]]}, "location": {"location_type": "SPEAKER_LOOK", "contains_coreference": "yes"}}]}})",
    R"({"dialogue_type": "PUT_MEMORY", "filters": {"reference_object": {"filters": {"has_name": [0, [1, 1]]}, "repeat": {"repeat_key": "ALL"}}}, "upsert": {"memory_data": {"memory_type": "TRIPLE", "has_tag": [0, [3, 3]]}}})",
    R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action": {"action_type": "DESTROY", "location": {"reference_object": {"special_reference": {"coordinates_span": [0, [1, 3]]}}}}})",
    R"([1, -2.5e10, "\u00e9\ud83d\ude00", true, false, null, {"a": {"b": [[], {}]}}])",
};

void exercise(const std::string& bytes) {
  auto file = SourceFile::from_string("fuzz.json", bytes);
  DiagnosticSink sink;
  auto v = read_json(file, sink);
  if (v) {
    // A parsed value survives printing, re-reading and checking.
    std::string text = to_json_text(*v, true);
    DiagnosticSink again;
    auto w = read_json(SourceFile::from_string("again.json", text), again);
    ASSERT_TRUE(w) << text << "\n" << render_text(again.all());
    ASSERT_TRUE(*w == *v);
    Utterance u = Utterance::from_text("a b c d e");
    (void)check_logical_form(*v, &u, file, sink);
  } else {
    ASSERT_TRUE(sink.has_errors()) << "rejected without a diagnostic: " << bytes;
  }
  DiagnosticSink jsink;
  (void)check_jsonl(file, jsink);
  (void)render_text(sink.all());
}

TEST(NoCrash, RandomBytes) {
  std::mt19937 rng(12345);
  for (int i = 0; i < 3000; ++i) {
    std::string s(rng() % 64, '\0');
    for (auto& c : s) c = static_cast<char>(rng());
    exercise(s);
  }
}

TEST(NoCrash, RandomJsonAlphabet) {
  std::mt19937 rng(777);
  const std::string alphabet = "{}[],:\"\\ 0123456789-+.eEtrufalsn\n\tu\xc3\xa9";
  for (int i = 0; i < 5000; ++i) {
    std::string s(rng() % 80, ' ');
    for (auto& c : s) c = alphabet[rng() % alphabet.size()];
    exercise(s);
  }
}

TEST(NoCrash, MutatedForms) {
  std::mt19937 rng(99);
  const std::string inserts = "{}[],:\"\\0-eE \x01\xff";
  for (int i = 0; i < 6000; ++i) {
    std::string s = kSeeds[rng() % std::size(kSeeds)];
    int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits && !s.empty(); ++e) {
      size_t at = rng() % s.size();
      switch (rng() % 4) {
        case 0: s[at] = inserts[rng() % inserts.size()]; break;
        case 1: s.erase(at, 1 + rng() % 5); break;
        case 2: s.insert(at, 1, inserts[rng() % inserts.size()]); break;
        default: s = s.substr(0, at); break;
      }
    }
    if (rng() % 4 == 0) s += "\n" + std::string(kSeeds[rng() % std::size(kSeeds)]);
    exercise(s);
  }
}

TEST(NoCrash, DeepNestingEverywhere) {
  for (const char* open : {"[", "{\"a\":", "{\"logical_form\":"}) {
    std::string s;
    for (int i = 0; i < 50000; ++i) s += open;
    exercise(s);
  }
  // Deep but legal nesting inside a logical form: validation terminates.
  std::string deep = "{\"dialogue_type\": \"NOOP\", \"x\": ";
  for (int i = 0; i < 200; ++i) deep += "{\"location\": ";
  deep += "1" + std::string(200, '}') + "}";
  exercise(deep);
}

}  // namespace
}  // namespace plank::lf
