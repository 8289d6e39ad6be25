// Issue 24: the JSON reader, the Plank lexer and the runtime's str agree on
// what UTF-8 is, because all three read it through support/utf8.h. The
// overlong "\xc0\xaf" (a '/' in two bytes, the classic path-traversal trick)
// is malformed for each: the JSON reader refuses it at its byte, the lexer
// reports it inside a string literal at its byte (before the fix it passed
// unreported), and the runtime's str counts, indexes and iterates it as two
// one-byte characters (before the fix len() said one and iteration gave two).
#include <gtest/gtest.h>

#include "compiler/frontend/parser.h"
#include "compiler/lf/json_reader.h"
#include "runtime/heap.h"
#include "runtime/objects.h"
#include "runtime/ops.h"
#include "support/utf8.h"

namespace plank {
namespace {

const std::string kOverlong = "\xc0\xaf";

TEST(Utf8Agreement, TheJsonReaderRefusesAnOverlongFormAtItsByte) {
  auto file = SourceFile::from_string("x.json", "\"a" + kOverlong + "b\"");
  DiagnosticSink sink;
  EXPECT_FALSE(lf::read_json(file, sink));
  ASSERT_EQ(sink.all().size(), 1u);
  EXPECT_EQ(sink.all()[0].span.begin, 2u);
  EXPECT_NE(sink.all()[0].message.find("invalid UTF-8"), std::string::npos);
}

TEST(Utf8Agreement, TheLexerReportsAnOverlongFormInAStringLiteralAtItsByte) {
  for (const std::string& quote : {std::string("\""), std::string("'"), std::string("\"\"\"")}) {
    auto file = SourceFile::from_string("x.plank", "x = " + quote + "a" + kOverlong + "b" + quote + "\n");
    DiagnosticSink sink;
    frontend::parse_module(file, sink);
    ASSERT_EQ(sink.all().size(), 1u) << quote;
    const Diagnostic& d = sink.all()[0];
    EXPECT_EQ(d.span.begin, 4 + quote.size() + 1) << quote;
    EXPECT_EQ(file->line_col(d.span.begin).column, 6 + quote.size());
    EXPECT_NE(d.message.find("invalid UTF-8 in a string literal: byte 0xC0"), std::string::npos) << d.message;
  }
  // Outside a string (an identifier) it was already refused, at the same byte.
  auto file = SourceFile::from_string("y.plank", "x" + kOverlong + " = 1\n");
  DiagnosticSink sink;
  frontend::parse_module(file, sink);
  ASSERT_FALSE(sink.all().empty());
  EXPECT_EQ(sink.all()[0].span.begin, 1u);
  // Well-formed UTF-8 in a string is of course fine.
  DiagnosticSink ok;
  frontend::parse_module(SourceFile::from_string("z.plank", "x = 'caf\xc3\xa9 \xf0\x9f\x98\x80'\n"), ok);
  EXPECT_TRUE(ok.all().empty());
}

TEST(Utf8Agreement, TheRuntimeCountsIndexesAndIteratesAMalformedByteAsOneCharacter) {
  core::Thread t;
  core::Heap heap(&t);
  core::RootScope scope(&t);
  core::Value s = scope.push(core::make_str(&t, "a" + kOverlong + "b\xc3\xa9"));
  EXPECT_EQ(core::length(&t, s), 5);  // a, C0, AF, b, é
  EXPECT_EQ(utf8::count("a" + kOverlong + "b\xc3\xa9"), 5u);
  core::Value it;
  ASSERT_TRUE(pk_get_iter(&t, &it, &s));
  scope.push(it);
  std::vector<std::string> chars;
  for (core::Value c; core::iter_next(&t, it, &c);) chars.emplace_back(core::str_view(c));
  EXPECT_EQ(chars, (std::vector<std::string>{"a", "\xc0", "\xaf", "b", "\xc3\xa9"}));
  core::Value third;
  core::Value index = core::Value::integer(2);
  ASSERT_TRUE(pk_get_item(&t, &third, &s, &index));
  EXPECT_EQ(core::str_view(third), "\xaf");
}

}  // namespace
}  // namespace plank
