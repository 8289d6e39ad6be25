// Logical forms written in Python-dict notation go through the Plank parser
// and lf::value_from_ast; spans must still point into the user's text.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compiler/frontend/parser.h"
#include "compiler/lf/check.h"
#include "compiler/lf/from_ast.h"
#include "compiler/lf/json_reader.h"
#include "lf_test_util.h"

namespace plank::lf {
namespace {

using ::testing::HasSubstr;

std::optional<Value> from_text(const SourceRef& file, DiagnosticSink& sink) {
  auto expr = frontend::parse_expression(file, sink);
  if (!expr) return std::nullopt;
  return value_from_ast(*expr, file, sink);
}

TEST(FromAst, PythonDictEqualsTheSameJson) {
  auto py = SourceFile::from_string("f.py",
                                    "{'dialogue_type': 'HUMAN_GIVE_COMMAND', 'action_sequence': [\n"
                                    "  {'action_type': 'DANCE', 'replace': True, 'dance_type': {'look_turn': {\n"
                                    "    'relative_yaw': {'angle': -90}}}, 'ratio': 2.5, 'none': None},],}\n");
  auto js = SourceFile::from_string("f.json",
                                    R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [
      {"action_type": "DANCE", "replace": true, "dance_type": {"look_turn": {
        "relative_yaw": {"angle": -90}}}, "ratio": 2.5, "none": null}]})");
  DiagnosticSink sink;
  auto a = from_text(py, sink);
  auto b = read_json(js, sink);
  ASSERT_TRUE(a && b) << render_text(sink.all());
  EXPECT_EQ(*a, *b);
  // Spans point at the Python text: the key 'action_type' on line 2.
  const Value* first = &a->find("action_sequence")->items[0];
  EXPECT_EQ(py->line_col(first->members[0].key_span.begin).line, 2u);
  EXPECT_EQ(py->text().substr(first->members[0].key_span.begin, 13), "'action_type'");
}

TEST(FromAst, TuplesReadAsLists) {
  auto file = SourceFile::from_string("t.py", "{'has_name': (0, (1, 2))}");
  DiagnosticSink sink;
  auto v = from_text(file, sink);
  ASSERT_TRUE(v);
  EXPECT_EQ(to_json_text(*v), R"({"has_name":[0,[1,2]]})");
}

TEST(FromAst, NonConstantsAreRejectedWithTheirSpan) {
  auto file = SourceFile::from_string("n.py", "{'dialogue_type': NOOP, 'x': f(1), 3: 'a', 'y': 1 + 2}");
  DiagnosticSink sink;
  auto v = from_text(file, sink);
  EXPECT_FALSE(v);
  ASSERT_EQ(sink.all().size(), 4u) << render_text(sink.all());
  for (const auto& d : sink.all()) EXPECT_EQ(d.code, "lf.not-constant");
  EXPECT_THAT(sink.all()[0].message, HasSubstr("variable name"));
  EXPECT_EQ(testing::span_text(sink.all()[0]), "NOOP");
  EXPECT_EQ(testing::span_text(sink.all()[1]), "f(1)");
  EXPECT_EQ(testing::span_text(sink.all()[2]), "3");
  EXPECT_EQ(testing::span_text(sink.all()[3]), "1 + 2");
}

// examples/lf/*.py behave as examples/lf/README.md says.
TEST(FromAst, PythonDictExamples) {
  auto check = [](const std::string& name, const char* utterance, DiagnosticSink& sink) {
    std::string error;
    auto file = SourceFile::load(std::string(PLANK_SOURCE_DIR) + "/examples/lf/" + name, &error);
    EXPECT_TRUE(file) << error;
    auto v = file ? from_text(file, sink) : std::nullopt;
    Utterance u = Utterance::from_text(utterance);
    return v && check_logical_form(*v, &u, file, sink).valid;
  };
  DiagnosticSink good;
  EXPECT_TRUE(check("build_house.py", "build a red house next to the tree", good)) << render_text(good.all());
  DiagnosticSink legacy;
  EXPECT_TRUE(check("legacy_single_action.py", "dig a hole here", legacy)) << render_text(legacy.all());
  DiagnosticSink bad;
  EXPECT_FALSE(check("bad_many.py", "destroy the blue house", bad));
  std::string text = render_text(bad.all());
  EXPECT_THAT(text, HasSubstr("did you mean 'has_colour'"));
  EXPECT_THAT(text, HasSubstr("action_sequence[0].reference_object.has_name"));  // [3, 4] is past 4 tokens
  EXPECT_THAT(text, HasSubstr("action_sequence[0].schematic"));                  // no schematic on DESTROY
}
}  // namespace
}  // namespace plank::lf
