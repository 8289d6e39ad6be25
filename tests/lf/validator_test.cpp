#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compiler/lf/check.h"
#include "compiler/lf/grammar_table.h"
#include "lf_test_util.h"

namespace plank::lf {
namespace {
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::source;

struct Checked {
  SourceRef file;
  DiagnosticSink sink;
  CheckResult result;
};

std::unique_ptr<Checked> check(const std::string& json, const char* utterance = nullptr) {
  auto c = std::make_unique<Checked>();
  c->file = source(json);
  auto v = read_json(c->file, c->sink);
  EXPECT_TRUE(v) << testing::all_text(c->sink);
  if (!v) return c;
  Utterance u = Utterance::from_text(utterance ? utterance : "");
  c->result = check_logical_form(*v, utterance ? &u : nullptr, c->file, c->sink);
  return c;
}

const Diagnostic* find_path(const DiagnosticSink& sink, const std::string& path) {
  for (const auto& d : sink.all())
    if (d.key_path == path) return &d;
  return nullptr;
}

TEST(Validator, BadRelativeDirectionExactMessage) {
  auto c = check(R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [
    {"action_type": "MOVE", "location": {"location_type": "SPEAKER_LOOK", "relative_direction": "LEFTT"}}]})");
  EXPECT_FALSE(c->result.valid);
  ASSERT_EQ(c->sink.all().size(), 1u) << testing::all_text(c->sink);
  const Diagnostic& d = c->sink.all()[0];
  EXPECT_EQ(d.message,
            "'LEFTT' is not one of LEFT, RIGHT, UP, DOWN, FRONT, BACK, AWAY, INSIDE, NEAR, OUTSIDE, BETWEEN");
  EXPECT_EQ(d.key_path, "action_sequence[0].location.relative_direction");
  EXPECT_EQ(d.code, "lf.bad-value");
  EXPECT_EQ(testing::span_text(d), "\"LEFTT\"");
  EXPECT_THAT(d.expected, Contains("BETWEEN"));
  EXPECT_EQ(d.expected.size(), 11u);
  std::string rendered = render_text(d);
  EXPECT_THAT(rendered, HasSubstr("test.json:2:"));
  EXPECT_THAT(rendered, HasSubstr("action_sequence[0].location.relative_direction"));
}

TEST(Validator, DanceLocationAcceptsClockwise) {
  auto c = check(R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [
    {"action_type": "DANCE", "location": {"location_type": "AGENT_POS", "relative_direction": "CLOCKWISE"},
     "repeat": {"repeat_key": "FOR", "repeat_count": [0, [1, 1]]}}]})");
  EXPECT_TRUE(c->result.valid) << testing::all_text(c->sink);
  auto m = check(R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [
    {"action_type": "MOVE", "location": {"location_type": "AGENT_POS", "relative_direction": "CLOCKWISE"}}]})");
  EXPECT_FALSE(m->result.valid);
}

TEST(Validator, UnknownKeySuggestsClosest) {
  auto c = check(R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [
    {"action_type": "DESTROY", "reference_object": {"has_nmae": [0, [1, 1]]}}]})");
  ASSERT_EQ(c->sink.all().size(), 1u) << testing::all_text(c->sink);
  const Diagnostic& d = c->sink.all()[0];
  EXPECT_EQ(d.code, "lf.unknown-key");
  EXPECT_EQ(d.key_path, "action_sequence[0].reference_object.has_nmae");
  EXPECT_EQ(d.message, "unknown key 'has_nmae' in REFERENCE_OBJECT; did you mean 'has_name'?");
  EXPECT_EQ(testing::span_text(d), "\"has_nmae\"");
  EXPECT_THAT(d.expected, Contains("has_colour"));
}

TEST(Validator, CollectsAllErrors) {
  auto c = check(R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [
    {"action_type": "BUILD", "schematic": {"has_name": [0, [3, 2]], "has_size": "big"},
     "location": {"location_type": "NEARBY", "steps": [0, [1]], "has_thickness": [0, [1, 1]]},
     "repeat": "twice"},
    {"location": {}}]})",
                 "build a big house here");
  EXPECT_FALSE(c->result.valid);
  std::vector<std::pair<std::string, std::string>> got;
  for (const auto& d : c->sink.all()) got.emplace_back(d.key_path, d.code);
  EXPECT_THAT(got, ElementsAre(std::pair<std::string, std::string>{"action_sequence[0].schematic.has_name", "lf.span-range"},
                               std::pair<std::string, std::string>{"action_sequence[0].schematic.has_size", "lf.node-type"},
                               std::pair<std::string, std::string>{"action_sequence[0].location.location_type", "lf.bad-value"},
                               std::pair<std::string, std::string>{"action_sequence[0].location.steps", "lf.span-shape"},
                               std::pair<std::string, std::string>{"action_sequence[0].location.has_thickness", "lf.unknown-key"},
                               std::pair<std::string, std::string>{"action_sequence[0].repeat", "lf.node-type"},
                               std::pair<std::string, std::string>{"action_sequence[1].action_type", "lf.missing-key"}))
      << testing::all_text(c->sink);
}

TEST(Validator, SpanChecks) {
  const char* form = R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [
    {"action_type": "DESTROY", "reference_object": {"has_name": SPAN}}]})";
  auto with = [&](const std::string& span, const char* utterance = "destroy the house") {
    std::string json = form;
    json.replace(json.find("SPAN"), 4, span);
    return check(json, utterance);
  };
  EXPECT_TRUE(with("[0, [2, 2]]")->result.valid);
  auto past = with("[0, [2, 3]]");
  ASSERT_EQ(past->sink.all().size(), 1u);
  EXPECT_EQ(past->sink.all()[0].code, "lf.span-range");
  EXPECT_EQ(past->sink.all()[0].message, "span end 3 is past the last token (the utterance has 3 tokens)");
  EXPECT_EQ(testing::span_text(past->sink.all()[0]), "3");
  EXPECT_TRUE(with("[0, [2, 3]]", nullptr)->result.valid);  // no utterance: no upper bound
  EXPECT_EQ(with("[0, [2, 1]]")->sink.all()[0].message, "span start 2 is after its end 1");
  EXPECT_EQ(with("[0, [-1, 1]]")->sink.all()[0].code, "lf.span-range");
  EXPECT_EQ(with("[1, [1, 1]]")->sink.all()[0].code, "lf.span-shape");
  EXPECT_EQ(with("[0, [1, 1.0]]")->sink.all()[0].code, "lf.span-shape");
  EXPECT_EQ(with("[0, 1, 1]")->sink.all()[0].code, "lf.span-shape");
  EXPECT_EQ(with("[0, [\"1\", 1]]")->sink.all()[0].code, "lf.span-shape");
  EXPECT_EQ(with("\"the house\"")->sink.all()[0].code, "lf.node-type");
  auto loc = with(R"({"location_type": "SPEAKER_LOOK"})");
  EXPECT_EQ(loc->sink.all()[0].code, "lf.node-type");
  EXPECT_EQ(loc->sink.all()[0].message, "expected a span [0, [first, last]], found a dict");
}

TEST(Validator, KeyNotAllowedForActionType) {
  auto c = check(R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [
    {"action_type": "MOVE", "schematic": {"has_name": [0, [1, 1]]}}]})");
  ASSERT_EQ(c->sink.all().size(), 1u);
  EXPECT_EQ(c->sink.all()[0].code, "lf.key-not-allowed");
  EXPECT_EQ(c->sink.all()[0].key_path, "action_sequence[0].schematic");
  EXPECT_THAT(c->sink.all()[0].message, HasSubstr("'schematic' is not allowed in a MOVE ACTION"));
  EXPECT_THAT(c->sink.all()[0].expected, ElementsAre("action_type", "location", "stop_condition", "repeat", "replace"));
}

TEST(Validator, MissingAndRootErrors) {
  auto c = check(R"({"action_sequence": []})");
  EXPECT_FALSE(c->result.valid);
  ASSERT_NE(find_path(c->sink, "dialogue_type"), nullptr);
  EXPECT_EQ(find_path(c->sink, "dialogue_type")->code, "lf.missing-key");
  auto e = check(R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": []})");
  EXPECT_EQ(e->sink.all()[0].code, "lf.empty-list");
  auto n = check(R"([1, 2])");
  EXPECT_EQ(n->sink.all()[0].code, "lf.node-type");
  EXPECT_EQ(n->sink.all()[0].message, "expected a ROOT dict, found a list");
  auto dup = check(R"({"dialogue_type": "NOOP", "dialogue_type": "NOOP"})");
  EXPECT_EQ(dup->sink.all()[0].code, "lf.duplicate-key");
  auto ok = check(R"({"dialogue_type": "NOOP"})");
  EXPECT_TRUE(ok->result.valid);
}

TEST(Validator, MemoryForms) {
  EXPECT_TRUE(check(R"({"dialogue_type": "PUT_MEMORY", "filters": {"reference_object": {"has_name": [0, [1, 1]]}},
    "upsert": {"memory_data": {"memory_type": "TRIPLE", "has_tag": [0, [3, 3]]}}})",
                    "tag that as mine")
                  ->result.valid);
  EXPECT_TRUE(check(R"({"dialogue_type": "GET_MEMORY", "filters": {"type": "ACTION", "temporal": "CURRENT"},
    "answer_type": "TAG", "tag_name": "action_reference_object_name"})")
                  ->result.valid);
  auto bad = check(R"({"dialogue_type": "GET_MEMORY", "answer_type": "WHAT"})");
  EXPECT_EQ(bad->sink.all()[0].key_path, "answer_type");
}

TEST(GrammarTable, ApiServesCompletionAndDocs) {
  EXPECT_EQ(node_kind_name(NodeKind::Location), "LOCATION");
  auto keys = keys_of(NodeKind::Location);
  EXPECT_THAT(keys, Contains("relative_direction"));
  EXPECT_THAT(keys_of(NodeKind::Action, "UNDO"), ElementsAre("action_type", "target_action_type", "replace"));
  EXPECT_THAT(categorical_values(NodeKind::Repeat, "repeat_key"), ElementsAre("FOR", "ALL"));
  EXPECT_THAT(categorical_values(NodeKind::Action, "action_type"), Contains("OTHERACTION"));
  EXPECT_THAT(categorical_values(NodeKind::BuildRepeat, "repeat_dir"), Contains("SURROUND"));
  EXPECT_THAT(categorical_values(NodeKind::Repeat, "repeat_dir"), ::testing::Not(Contains("SURROUND")));
  EXPECT_EQ(find_key(NodeKind::Action, "schematic", find_variant(NodeKind::Action, "DIG"))->node, NodeKind::DigSchematic);
  // Every node kind referenced by a key is described, and every variant key exists in the node's keys.
  for (NodeKind k : all_node_kinds()) {
    const NodeSpec& s = node_spec(k);
    EXPECT_EQ(s.kind, k);
    EXPECT_FALSE(s.name.empty());
    for (const auto& v : s.variants)
      for (auto key : v.keys) EXPECT_NE(find_key(k, key, &v), nullptr) << s.name << " " << v.value << " " << key;
  }
  EXPECT_EQ(edit_distance("has_nmae", "has_name"), 2u);
  EXPECT_EQ(closest("locaton", keys_of(NodeKind::ReferenceObject)), "location");
  EXPECT_EQ(closest("zzzzzzzz", keys_of(NodeKind::ReferenceObject)), "");
}

}  // namespace
}  // namespace plank::lf
