#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compiler/lf/json_reader.h"
#include "lf_test_util.h"

namespace plank::lf {
namespace {
using testing::source;

struct Err {
  std::string message;
  uint32_t line, col;
  std::string code;
};

Err first_error(const std::string& text) {
  DiagnosticSink sink;
  auto f = source(text);
  auto v = read_json(f, sink);
  EXPECT_FALSE(v.has_value()) << text;
  if (sink.all().empty()) return {"<no diagnostic>", 0, 0, ""};
  const auto& d = sink.all()[0];
  auto lc = f->line_col(d.span.begin);
  return {d.message, lc.line, lc.column, d.code};
}

TEST(JsonReader, ParsesAllKindsWithSpans) {
  auto f = source(R"( {"a": [1, -2.5e1, true, false, null, "x\ny\u00e9\ud83d\ude00"], "b": {}} )");
  DiagnosticSink sink;
  auto v = read_json(f, sink);
  ASSERT_TRUE(v) << testing::all_text(sink);
  ASSERT_TRUE(v->is_dict());
  ASSERT_EQ(v->members.size(), 2u);
  EXPECT_EQ(v->members[0].key, "a");
  EXPECT_EQ(f->text().substr(v->members[0].key_span.begin, 3), "\"a\"");
  const Value& a = v->members[0].value;
  ASSERT_EQ(a.items.size(), 6u);
  EXPECT_TRUE(a.items[0].is_int());
  EXPECT_EQ(a.items[0].integer, 1);
  EXPECT_EQ(a.items[1].kind, ValueKind::Double);
  EXPECT_DOUBLE_EQ(a.items[1].number, -25.0);
  EXPECT_TRUE(a.items[2].boolean);
  EXPECT_TRUE(a.items[4].is_null());
  EXPECT_EQ(a.items[5].string, "x\ny\xC3\xA9\xF0\x9F\x98\x80");
  EXPECT_EQ(f->text().substr(a.items[1].span.begin, a.items[1].span.end - a.items[1].span.begin), "-2.5e1");
  EXPECT_EQ(f->text()[v->span.begin], '{');
  EXPECT_EQ(f->text()[v->span.end - 1], '}');
  EXPECT_TRUE(v->members[1].value.is_dict());
}

TEST(JsonReader, RoundTripsThroughToJsonText) {
  auto f = source(R"({"k": [0, [1, 2]], "s": "a\"b\\c\u0001", "d": 1.5, "n": null, "t": true})");
  auto v = testing::parse_ok(f);
  std::string compact = to_json_text(v, false);
  EXPECT_EQ(compact, R"({"k":[0,[1,2]],"s":"a\"b\\c\u0001","d":1.5,"n":null,"t":true})");
  auto again = testing::parse_ok(source(to_json_text(v, true)));
  EXPECT_TRUE(again == v);
}

TEST(JsonReader, ErrorsCarryLineAndColumn) {
  auto e = first_error("{\n  \"a\": 1\n  \"b\": 2\n}");
  EXPECT_EQ(e.message, "expected ',' or '}' after object member");
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.col, 3u);

  e = first_error("{\"a\": [1, 2,]}");
  EXPECT_EQ(e.message, "trailing comma is not JSON");
  EXPECT_EQ(e.line, 1u);
  EXPECT_EQ(e.col, 13u);

  e = first_error("{\"a\": 1,}");
  EXPECT_EQ(e.message, "trailing comma is not JSON");
  EXPECT_EQ(e.col, 9u);

  e = first_error("[\n\"abc");
  EXPECT_EQ(e.message, "unterminated string");
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.col, 1u);

  e = first_error("[1 2]");
  EXPECT_EQ(e.message, "expected ',' or ']' after list element");
  EXPECT_EQ(e.col, 4u);

  e = first_error("{\"a\" 1}");
  EXPECT_EQ(e.message, "expected ':' after object key");
  e = first_error("{'a': 1}");
  EXPECT_EQ(e.message, "single-quoted strings are not JSON (use double quotes)");
  e = first_error("{\"a\": True}");
  EXPECT_EQ(e.message, "'True' is Python; JSON spells it 'true'");
  EXPECT_EQ(e.col, 7u);
  e = first_error("[01]");
  EXPECT_EQ(e.message, "leading zeros are not JSON");
  e = first_error("\"a\\qb\"");
  EXPECT_EQ(e.message, "invalid escape 'q' in string");
  e = first_error("\"\\ud800\"");
  EXPECT_EQ(e.message, "unpaired surrogate in \\u escape");
  e = first_error("{} x");
  EXPECT_EQ(e.message, "unexpected text after the JSON value");
  EXPECT_EQ(e.col, 4u);
  e = first_error("");
  EXPECT_EQ(e.message, "unexpected end of input, expected a value");
  e = first_error("[1,");
  EXPECT_EQ(e.message, "unterminated list: expected ']'");
  e = first_error("{\"a\":");
  EXPECT_EQ(e.message, "unexpected end of input, expected a value");
  e = first_error("\"a\tb\"");
  EXPECT_EQ(e.message, "control character in string (must be escaped)");
  e = first_error("\"\xff\"");
  EXPECT_EQ(e.message, "invalid UTF-8 in string");
  e = first_error("[1.]");
  EXPECT_EQ(e.message, "invalid number: expected a digit after '.'");
  e = first_error("{1: 2}");
  EXPECT_EQ(e.message, "expected a string key, found '1'");
}

TEST(JsonReader, RendersFileLineColumn) {
  DiagnosticSink sink;
  auto f = source("{\n  \"a\": [1, 2,]\n}", "form.json");
  EXPECT_FALSE(read_json(f, sink));
  std::string text = render_text(sink.all());
  EXPECT_THAT(text, ::testing::HasSubstr("form.json:2:14"));
  EXPECT_THAT(text, ::testing::HasSubstr("trailing comma is not JSON"));
}

TEST(JsonReader, DepthLimitInsteadOfStackOverflow) {
  DiagnosticSink sink;
  std::string deep(100000, '[');
  auto v = read_json(source(deep), sink);
  EXPECT_FALSE(v);
  ASSERT_EQ(sink.all().size(), 1u);
  EXPECT_EQ(sink.all()[0].code, "json.depth");
  EXPECT_EQ(sink.all()[0].message, "nesting deeper than 256 levels");

  // 256 levels are fine.
  std::string ok = std::string(kMaxJsonDepth, '[') + std::string(kMaxJsonDepth, ']');
  DiagnosticSink sink2;
  EXPECT_TRUE(read_json(source(ok), sink2)) << testing::all_text(sink2);
}

TEST(JsonReader, RangeReadsOneLineWithRealLineNumbers) {
  auto f = source("{\"a\": 1}\n{\"b\": ]}\n");
  DiagnosticSink sink;
  auto v = read_json(f, Span{0, 8}, sink);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->members[0].key, "a");
  EXPECT_FALSE(read_json(f, Span{9, 17}, sink));
  ASSERT_EQ(sink.all().size(), 1u);
  auto lc = f->line_col(sink.all()[0].span.begin);
  EXPECT_EQ(lc.line, 2u);
  EXPECT_EQ(lc.column, 7u);
}

TEST(JsonReader, LargeIntegersBecomeDoubles) {
  auto v = testing::parse_ok(source("[9223372036854775807, 9223372036854775808, -0, 1e400]"));
  ASSERT_EQ(v.items.size(), 4u);
  EXPECT_TRUE(v.items[0].is_int());
  EXPECT_EQ(v.items[1].kind, ValueKind::Double);
  EXPECT_TRUE(v.items[2].is_int());
  EXPECT_EQ(v.items[3].kind, ValueKind::Double);
}

}  // namespace
}  // namespace plank::lf
