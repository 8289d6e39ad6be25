// Source positions and diagnostic rendering: the caret must land under the
// offending text, JSON must carry the same positions.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/diagnostics.h"
#include "support/utf8.h"

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

// Issue 24: a sink keeps at most max_count diagnostics and max_bytes of text;
// past either it counts the rest and says how many, last.
TEST(DiagnosticSink, KeepsAtMostMaxCountThenSaysHowManyMore) {
  auto f = SourceFile::from_string("x.json", "{}");
  DiagnosticSink sink(DiagnosticLimits{10, 1 << 20});
  for (int i = 0; i < 25; ++i) sink.error(f, {0, 1}, "error " + std::to_string(i));
  EXPECT_EQ(sink.error_count(), 25u);
  EXPECT_EQ(sink.omitted(), 15u);
  ASSERT_EQ(sink.all().size(), 11u);
  EXPECT_EQ(sink.all()[9].message, "error 9");
  EXPECT_EQ(sink.all().back().severity, Severity::Note);
  EXPECT_EQ(sink.all().back().code, "diagnostics.truncated");
  EXPECT_EQ(sink.all().back().message, "15 more errors not shown");
  EXPECT_THAT(render_text(sink.all()), ::testing::EndsWith("note: 15 more errors not shown\n"));
  auto j = nlohmann::json::parse(render_json(sink.all()));
  EXPECT_EQ(j.back()["message"], "15 more errors not shown");
}

TEST(DiagnosticSink, KeepsAtMostMaxBytes) {
  DiagnosticSink sink(DiagnosticLimits{1000, 100});
  for (int i = 0; i < 10; ++i) sink.error(nullptr, {}, std::string(30, 'a' + i));
  ASSERT_EQ(sink.all().size(), 4u);  // three of 30 bytes, then the note
  EXPECT_EQ(sink.all().back().message, "7 more errors not shown");
  EXPECT_TRUE(sink.has_errors());
}

TEST(DiagnosticSink, CountsWarningsApartFromErrors) {
  DiagnosticSink sink(DiagnosticLimits{1, 1 << 20});
  sink.error(nullptr, {}, "first");
  Diagnostic w;
  w.severity = Severity::Warning;
  w.message = "a warning";
  sink.report(w);
  sink.error(nullptr, {}, "second");
  EXPECT_EQ(sink.error_count(), 2u);
  EXPECT_EQ(sink.all().back().message, "2 more diagnostics not shown (1 error)");
}

// A message that quotes a megabyte of input is cut (at a character boundary),
// so the first error is always kept.
TEST(DiagnosticSink, CutsOneHugeMessageInsteadOfDroppingIt) {
  DiagnosticSink sink;
  std::string key;
  for (int i = 0; i < 200000; ++i) key += "\xc3\xa9";  // é
  sink.error(nullptr, {}, "unknown key '" + key + "'");
  ASSERT_EQ(sink.all().size(), 1u);
  const std::string& m = sink.all()[0].message;
  EXPECT_LE(m.size(), DiagnosticLimits{}.max_field_bytes + 3);
  EXPECT_THAT(m, ::testing::EndsWith("..."));
  EXPECT_EQ(utf8::find_invalid(m), utf8::npos);
}

// Before the fix the JSON carried the whole line: a 218 KB JSONL record per
// diagnostic. Now the same window as the text, and where the span is in it.
TEST(Diagnostics, JsonSourceLineIsTheWindowAroundTheSpan) {
  std::string line(5000, 'a');
  line[4000] = 'X';
  auto f = SourceFile::from_string("long.jsonl", line);
  DiagnosticSink sink;
  sink.error(f, {4000, 4001}, "bad");
  auto j = nlohmann::json::parse(render_json(sink.all()));
  std::string shown = j[0]["source_line"];
  EXPECT_LE(shown.size(), 200u);
  int column = j[0]["source_column"];
  ASSERT_GE(column, 1);
  EXPECT_EQ(shown[static_cast<size_t>(column - 1)], 'X');
  EXPECT_EQ(j[0]["column"], 4001);
  // A short line is shown whole, and its source_column is its column.
  auto g = SourceFile::from_string("x.plank", "a\n  b ?\n");
  DiagnosticSink short_sink;
  short_sink.error(g, {6, 7}, "invalid character '?'");
  auto k = nlohmann::json::parse(render_json(short_sink.all()));
  EXPECT_EQ(k[0]["source_line"], "  b ?");
  EXPECT_EQ(k[0]["source_column"], 5);
}

// load() reads the file once into the SourceFile (no second copy), and a pipe
// (no size) still reads to its end.
TEST(SourceFile, LoadsRegularFilesAndPipes) {
  std::string error;
  auto f = SourceFile::load("/proc/self/status", &error);  // size 0 in stat, content when read
  ASSERT_TRUE(f) << error;
  EXPECT_THAT(f->text(), HasSubstr("Name:"));
  EXPECT_FALSE(SourceFile::load("/nonexistent/x.plank", &error));
  EXPECT_THAT(error, HasSubstr("cannot open"));
}

TEST(DiagnosticSink, SaysWhenTheNextDiagnosticIsOnlyCounted) {
  DiagnosticSink sink(DiagnosticLimits{2, 1 << 20});
  EXPECT_FALSE(sink.full());
  sink.error(nullptr, {}, "a");
  EXPECT_FALSE(sink.full());
  sink.error(nullptr, {}, "b");
  EXPECT_TRUE(sink.full());
  sink.error(nullptr, {}, "c");
  EXPECT_TRUE(sink.full());
  sink.clear();
  EXPECT_FALSE(sink.full());
  EXPECT_EQ(sink.error_count(), 0u);
}
