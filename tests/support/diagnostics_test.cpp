// Source positions and diagnostic rendering: the caret must land under the
// offending text, JSON must carry the same positions.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/diagnostics.h"

using namespace plank;
using ::testing::HasSubstr;

TEST(SourceFile, LineAndColumnAreOneBased) {
  auto f = SourceFile::from_string("a.plank", "ab\ncd\n\nxyz");
  EXPECT_EQ(f->line_count(), 4u);
  EXPECT_EQ(f->line_col(0).line, 1u);
  EXPECT_EQ(f->line_col(0).column, 1u);
  EXPECT_EQ(f->line_col(4).line, 2u);
  EXPECT_EQ(f->line_col(4).column, 2u);
  EXPECT_EQ(f->line_col(7).line, 4u);
  EXPECT_EQ(f->line_text(2), "cd");
  EXPECT_EQ(f->line_text(3), "");
  EXPECT_EQ(f->line_text(4), "xyz");
  EXPECT_EQ(f->line_text(5), "");
  EXPECT_EQ(f->offset_of(4, 2), 8u);
  // Offsets past the end clamp instead of reading out of bounds.
  EXPECT_EQ(f->line_col(1000).line, 4u);
}

TEST(SourceFile, CrLfLinesDropTheCarriageReturn) {
  auto f = SourceFile::from_string("w.plank", "a = 1\r\nb = 2\r\n");
  EXPECT_EQ(f->line_text(1), "a = 1");
  EXPECT_EQ(f->line_col(7).line, 2u);
}

TEST(Diagnostics, TextHasPositionSourceLineAndCaret) {
  auto f = SourceFile::from_string("plan.plank", "mine({'log':3}, null)\ncraft({'planks' 12})\n");
  Diagnostic d;
  d.file = f;
  d.span = {f->offset_of(2, 16), f->offset_of(2, 18)};
  d.message = "expected ':' between a dict key and its value";
  std::string text = render_text(d);
  EXPECT_EQ(text,
            "plan.plank:2:16: error: expected ':' between a dict key and its value\n"
            "  craft({'planks' 12})\n"
            "                 ^~\n");
}

TEST(Diagnostics, KeyPathAndExpectedValuesAreShown) {
  auto f = SourceFile::from_string("f.json", "{\"relative_direction\": \"LEFTT\"}");
  Diagnostic d;
  d.file = f;
  d.span = {23, 30};
  d.key_path = "action_sequence[0].location.relative_direction";
  d.message = "'LEFTT' is not one of LEFT, RIGHT";
  d.expected = {"LEFT", "RIGHT"};
  std::string text = render_text(d);
  EXPECT_THAT(text, HasSubstr("f.json:1:24: error: action_sequence[0].location.relative_direction: 'LEFTT'"));
  EXPECT_THAT(text, HasSubstr("^~~~~~~"));
  // The message already names the choices: no note repeating them.
  EXPECT_THAT(text, ::testing::Not(HasSubstr("note:")));
  d.message = "unknown direction 'LEFTT'";
  EXPECT_THAT(render_text(d), HasSubstr("note: expected one of: LEFT, RIGHT\n"));
}

TEST(Diagnostics, LongLinesAreWindowedAroundTheCaret) {
  std::string line(5000, 'a');
  line[4000] = 'X';
  auto f = SourceFile::from_string("long.jsonl", line);
  Diagnostic d;
  d.file = f;
  d.span = {4000, 4001};
  d.message = "bad";
  std::string text = render_text(d);
  EXPECT_LT(text.size(), 600u);
  auto caret_line = text.substr(text.rfind('\n', text.size() - 2) + 1);
  auto source_line = text.substr(text.find('\n') + 1);
  EXPECT_EQ(source_line[caret_line.find('^')], 'X');
}

TEST(Diagnostics, JsonCarriesTheSamePositions) {
  auto f = SourceFile::from_string("x.plank", "a\n  b ?\n");
  DiagnosticSink sink;
  sink.error(f, {6, 7}, "invalid character '?'", "syntax");
  ASSERT_TRUE(sink.has_errors());
  auto j = nlohmann::json::parse(render_json(sink.all()));
  ASSERT_EQ(j.size(), 1u);
  EXPECT_EQ(j[0]["file"], "x.plank");
  EXPECT_EQ(j[0]["line"], 2);
  EXPECT_EQ(j[0]["column"], 5);
  EXPECT_EQ(j[0]["code"], "syntax");
  EXPECT_EQ(j[0]["source_line"], "  b ?");
}

TEST(Diagnostics, InvalidUtf8NeverBreaksJson) {
  auto f = SourceFile::from_string("bin.plank", std::string("\xff\xfe x", 4));
  DiagnosticSink sink;
  sink.error(f, {0, 1}, "invalid character '\xff'");
  EXPECT_NO_THROW(nlohmann::json::parse(render_json(sink.all())));
}
