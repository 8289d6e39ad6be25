#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compiler/lf/check.h"
#include "compiler/lf/normalize.h"
#include "lf_test_util.h"

namespace plank::lf {
namespace {
using testing::source;

// Normalises `in` and compares with `expected` (both JSON), and checks the result validates.
void expect_normalizes(const std::string& in, const std::string& expected, const std::vector<std::string>& rewrites,
                       const char* utterance = nullptr) {
  auto file = source(in);
  Value form = testing::parse_ok(file);
  DiagnosticSink sink;
  Utterance u = Utterance::from_text(utterance ? utterance : "");
  CheckResult r = check_logical_form(form, utterance ? &u : nullptr, file, sink);
  EXPECT_TRUE(r.valid) << testing::all_text(sink);
  Value want = testing::parse_ok(source(expected));
  EXPECT_TRUE(r.normalized == want) << "got      " << to_json_text(r.normalized) << "\nexpected "
                                    << to_json_text(want);
  std::vector<std::string> applied;
  for (const auto& e : r.rewrites.applied) applied.push_back(e.rewrite);
  for (const auto& name : rewrites) EXPECT_THAT(applied, ::testing::Contains(name));
}

TEST(Normalize, TrailingUnderscoreKeys) {
  expect_normalizes(
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD",
          "schematic": {"has_name_": [0, [3, 3]], "has_colour_": [0, [2, 2]]}}]})",
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD",
          "schematic": {"has_name": [0, [3, 3]], "has_colour": [0, [2, 2]]}}]})",
      {"trailing-underscore-key"}, "build a red cube");
}

TEST(Normalize, SingleActionBecomesSequence) {
  expect_normalizes(
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action": {"action_type": "MOVE",
          "location": {"location_type": "SPEAKER_POS"}}})",
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "MOVE",
          "location": {"location_type": "SPEAKER_POS"}}]})",
      {"action-to-action-sequence"});
}

TEST(Normalize, MissingLocationTypeIsInferred) {
  expect_normalizes(
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD",
          "schematic": {"has_name": [0, [1, 1]]}, "location": {"reference_object": {"has_name": [0, [4, 4]]}}}]})",
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD",
          "schematic": {"has_name": [0, [1, 1]]}, "location": {"reference_object": {"has_name": [0, [4, 4]]},
          "location_type": "REFERENCE_OBJECT"}}]})",
      {"infer-location-type"}, "build stairs in the corner");
  expect_normalizes(
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "MOVE",
          "location": {"coordinates": [0, [2, 4]]}}]})",
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "MOVE",
          "location": {"coordinates": [0, [2, 4]], "location_type": "COORDINATES"}}]})",
      {"infer-location-type"});
  expect_normalizes(
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "MOVE",
          "location": {"relative_direction": "LEFT"}}]})",
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "MOVE",
          "location": {"relative_direction": "LEFT", "location_type": "SPEAKER_LOOK"}}]})",
      {"infer-location-type"});
}

// The post-ACL shape (caip-grammar.md §2): filters on the reference_object, special_reference
// instead of location_type, text_span; the three craftassist rewrites undone.
TEST(Normalize, PostAclShapeBackToAcl) {
  expect_normalizes(
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD",
          "schematic": {"has_name": [0, [1, 1]]},
          "location": {"relative_direction": "LEFT",
                       "reference_object": {"text_span": [0, [5, 6]],
                                            "filters": {"has_name": [0, [6, 6]],
                                                        "location": {"reference_object": {"special_reference": "SPEAKER"}}}}}},
         {"action_type": "MOVE", "location": {"reference_object": {"special_reference": {"coordinates_span": [0, [2, 4]]}}}},
         {"action_type": "DESTROY", "reference_object": {"repeat": {"repeat_key": "ALL"}, "filters": {"has_name": [0, [2, 2]]}}},
         {"action_type": "MOVE", "location": {"reference_object": {"special_reference": {"fixed_value": "AGENT"}}}}]})",
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD",
          "schematic": {"has_name": [0, [1, 1]]},
          "location": {"relative_direction": "LEFT",
                       "reference_object": {"text_span": [0, [5, 6]], "has_name": [0, [6, 6]],
                                            "location": {"location_type": "SPEAKER_POS"}},
                       "location_type": "REFERENCE_OBJECT"}},
         {"action_type": "MOVE", "location": {"location_type": "COORDINATES", "coordinates": [0, [2, 4]]}},
         {"action_type": "DESTROY", "reference_object": {"repeat": {"repeat_key": "ALL"}, "has_name": [0, [2, 2]]}},
         {"action_type": "MOVE", "location": {"location_type": "AGENT_POS"}}]})",
      {"lift-reference-object-filters", "special-reference-to-location-type", "unwrap-fixed-value"},
      "build a house to the left of the tree near me");
}

TEST(Normalize, FillAndDestroyLocationMovesIntoReferenceObject) {
  expect_normalizes(
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "DESTROY",
          "reference_object": {"has_name": [0, [2, 2]]}, "location": {"location_type": "SPEAKER_LOOK"}},
          {"action_type": "FILL", "location": {"location_type": "SPEAKER_POS"}}]})",
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "DESTROY",
          "reference_object": {"has_name": [0, [2, 2]], "location": {"location_type": "SPEAKER_LOOK"}}},
          {"action_type": "FILL", "reference_object": {"location": {"location_type": "SPEAKER_POS"}}}]})",
      {"fill-destroy-location"});
}

TEST(Normalize, DataQuirksAcceptedAsIs) {
  // OTHERACTION with location/reference_object/repeat, has_tag, repeat.stop_condition.
  expect_normalizes(
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "OTHERACTION",
          "reference_object": {"has_tag": [0, [1, 2]]}, "location": {"location_type": "AGENT_POS"},
          "repeat": {"stop_condition": {"condition_type": "NEVER"}}}]})",
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "OTHERACTION",
          "reference_object": {"has_tag": [0, [1, 2]]}, "location": {"location_type": "AGENT_POS"},
          "repeat": {"stop_condition": {"condition_type": "NEVER"}}}]})",
      {});
}

// The four spellings of CraftAssist's published annotations that the grammar
// document lacks: accepted, rewritten, and each reported as a warning whose key
// path names where it was.
void expect_real_data_spelling(const std::string& in, const std::string& expected, const char* rewrite,
                               const std::string& key_path, const char* utterance) {
  expect_normalizes(in, expected, {rewrite}, utterance);
  auto file = source(in);
  Value form = testing::parse_ok(file);
  DiagnosticSink sink;
  Utterance u = Utterance::from_text(utterance);
  auto r = check_logical_form(form, &u, file, sink);
  EXPECT_TRUE(r.valid) << testing::all_text(sink);
  EXPECT_FALSE(sink.has_errors());
  ASSERT_EQ(sink.all().size(), 1u) << testing::all_text(sink);
  EXPECT_EQ(sink.all()[0].severity, Severity::Warning);
  EXPECT_EQ(sink.all()[0].key_path, key_path);
  EXPECT_EQ(sink.all()[0].code, "lf.real-data-spelling");
}

TEST(Normalize, ReferenceObjectDepthIsItsHeight) {
  expect_real_data_spelling(
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "FILL",
          "reference_object": {"has_name": [0, [4, 4]], "has_depth": [0, [2, 3]]}}]})",
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "FILL",
          "reference_object": {"has_name": [0, [4, 4]], "has_height": [0, [2, 3]]}}]})",
      "reference-object-depth", "action_sequence[0].reference_object.has_depth", "fill the 3 deep hole");
}

TEST(Normalize, SchematicTagIsItsNameOrDropped) {
  expect_real_data_spelling(
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD",
          "schematic": {"has_tag": [0, [1, 1]]}}]})",
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD",
          "schematic": {"has_name": [0, [1, 1]]}}]})",
      "schematic-tag", "action_sequence[0].schematic.has_tag", "build something");
  expect_real_data_spelling(
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD",
          "schematic": {"has_name": [0, [2, 2]], "has_tag": [0, [4, 5]]}}]})",
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD",
          "schematic": {"has_name": [0, [2, 2]]}}]})",
      "schematic-tag", "action_sequence[0].schematic.has_tag", "build a house with a porch");
}

TEST(Normalize, AroundAsRelativeDirection) {
  // Of an action's location: the action's repeat_dir, as the grammar spells "around".
  expect_real_data_spelling(
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD",
          "schematic": {"has_name": [0, [2, 2]]}, "location": {"location_type": "REFERENCE_OBJECT",
          "relative_direction": "AROUND", "reference_object": {"has_name": [0, [5, 5]]}}}]})",
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD",
          "schematic": {"has_name": [0, [2, 2]]}, "location": {"location_type": "REFERENCE_OBJECT",
          "reference_object": {"has_name": [0, [5, 5]]}}, "repeat": {"repeat_key": "FOR", "repeat_dir": "AROUND"}}]})",
      "around-direction", "action_sequence[0].location.relative_direction", "build a fence around the house");
  // Of a reference object's location: near it.
  expect_real_data_spelling(
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "DESTROY",
          "reference_object": {"has_name": [0, [2, 2]], "location": {"location_type": "REFERENCE_OBJECT",
          "relative_direction": "AROUND", "reference_object": {"has_name": [0, [5, 5]]}}}}]})",
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "DESTROY",
          "reference_object": {"has_name": [0, [2, 2]], "location": {"location_type": "REFERENCE_OBJECT",
          "relative_direction": "NEAR", "reference_object": {"has_name": [0, [5, 5]]}}}}]})",
      "around-direction", "action_sequence[0].reference_object.location.relative_direction",
      "destroy the trees around the house");
}

TEST(Normalize, AngleWrittenAsString) {
  expect_real_data_spelling(
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "DANCE",
          "dance_type": {"body_turn": {"relative_yaw": {"angle": "-90"}}}}]})",
      R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "DANCE",
          "dance_type": {"body_turn": {"relative_yaw": {"angle": -90}}}}]})",
      "angle-string", "action_sequence[0].dance_type.body_turn.relative_yaw.angle", "turn right");
  // Not a number: left for the validator, which says what it expected.
  auto file = source(R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "DANCE",
      "dance_type": {"body_turn": {"relative_yaw": {"angle": "ninety"}}}}]})");
  DiagnosticSink sink;
  auto r = check_logical_form(testing::parse_ok(file), nullptr, file, sink);
  EXPECT_FALSE(r.valid);
  EXPECT_TRUE(sink.has_errors());
}

TEST(Normalize, ErrorsAfterNormalisationPointIntoOriginalText) {
  auto file = source(R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action": {"action_type": "MOVE",
      "location": {"reference_object": {"has_name_": [0, [9, 9]]}}}})");
  Value form = testing::parse_ok(file);
  DiagnosticSink sink;
  Utterance u = Utterance::from_text("go to the tree");
  auto r = check_logical_form(form, &u, file, sink);
  EXPECT_FALSE(r.valid);
  ASSERT_EQ(sink.all().size(), 1u) << testing::all_text(sink);
  EXPECT_EQ(sink.all()[0].key_path, "action_sequence[0].location.reference_object.has_name");
  EXPECT_EQ(testing::span_text(sink.all()[0]), "9");
  EXPECT_EQ(file->line_col(sink.all()[0].span.begin).line, 2u);
}

}  // namespace
}  // namespace plank::lf
