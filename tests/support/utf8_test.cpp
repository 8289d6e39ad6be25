// The one UTF-8 decoder (support/utf8.h): well-formed sequences of every
// length decode; overlong forms, surrogates, values past U+10FFFF, stray
// continuation bytes and truncated sequences are rejected where they start.
#include <gtest/gtest.h>

#include <string>

#include "support/utf8.h"

using namespace plank;

namespace {

struct Decoded {
  size_t length;
  uint32_t cp;
};

Decoded decode_at(std::string_view s, size_t i = 0) {
  uint32_t cp = 0xDEADBEEF;
  size_t n = utf8::decode(s, i, &cp);
  return {n, n ? cp : 0};
}

}  // namespace

TEST(Utf8, DecodesEveryLength) {
  EXPECT_EQ(decode_at("A").length, 1u);
  EXPECT_EQ(decode_at("A").cp, 0x41u);
  EXPECT_EQ(decode_at("\xc3\xa9").cp, 0xE9u);          // é
  EXPECT_EQ(decode_at("\xe2\x82\xac").cp, 0x20ACu);    // €
  EXPECT_EQ(decode_at("\xf0\x9f\x98\x80").cp, 0x1F600u);  // 😀
  EXPECT_EQ(decode_at("\xf0\x9f\x98\x80").length, 4u);
  EXPECT_EQ(decode_at("\xf4\x8f\xbf\xbf").cp, 0x10FFFFu);  // the last code point
  EXPECT_EQ(decode_at("x\xc3\xa9", 1).cp, 0xE9u);
}

TEST(Utf8, RejectsOverlongForms) {
  EXPECT_EQ(decode_at("\xc0\xaf").length, 0u);  // '/' in two bytes: the classic path-traversal trick
  EXPECT_EQ(decode_at("\xc1\xbf").length, 0u);
  EXPECT_EQ(decode_at("\xe0\x80\xaf").length, 0u);
  EXPECT_EQ(decode_at("\xf0\x80\x80\xaf").length, 0u);
}

TEST(Utf8, RejectsSurrogatesAndValuesPastTheLastCodePoint) {
  EXPECT_EQ(decode_at("\xed\xa0\x80").length, 0u);  // U+D800
  EXPECT_EQ(decode_at("\xed\xbf\xbf").length, 0u);  // U+DFFF
  EXPECT_EQ(decode_at("\xed\x9f\xbf").cp, 0xD7FFu);  // just below: fine
  EXPECT_EQ(decode_at("\xf4\x90\x80\x80").length, 0u);  // U+110000
  EXPECT_EQ(decode_at("\xf5\x80\x80\x80").length, 0u);
  EXPECT_EQ(decode_at("\xff").length, 0u);
}

TEST(Utf8, RejectsStrayAndTruncatedSequences) {
  EXPECT_EQ(decode_at("\x80").length, 0u);
  EXPECT_EQ(decode_at("\xbf").length, 0u);
  EXPECT_EQ(decode_at("\xc3").length, 0u);          // cut by the end
  EXPECT_EQ(decode_at("\xe2\x82").length, 0u);
  EXPECT_EQ(decode_at("\xe2\x82x").length, 0u);     // cut by an ASCII byte
  EXPECT_EQ(decode_at("\xf0\x9f\x98").length, 0u);
}

TEST(Utf8, FindInvalidNamesTheFirstBadOffset) {
  EXPECT_EQ(utf8::find_invalid("plain"), utf8::npos);
  EXPECT_EQ(utf8::find_invalid("caf\xc3\xa9 \xe2\x82\xac"), utf8::npos);
  EXPECT_EQ(utf8::find_invalid("ab\xc0\xaf"), 2u);
  EXPECT_EQ(utf8::find_invalid("\xc3\xa9\xed\xa0\x80"), 2u);
  EXPECT_EQ(utf8::find_invalid("\xc3\xa9\xc3"), 2u);
}

TEST(Utf8, CountsAndStartsAgree) {
  std::string s = "a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80z";
  EXPECT_EQ(utf8::count(s), 5u);
  auto starts = utf8::starts(s);
  ASSERT_EQ(starts.size(), 6u);
  EXPECT_EQ(starts[0], 0u);
  EXPECT_EQ(starts[1], 1u);
  EXPECT_EQ(starts[2], 3u);
  EXPECT_EQ(starts[3], 6u);
  EXPECT_EQ(starts[4], 10u);
  EXPECT_EQ(starts[5], s.size());
}

TEST(Utf8, EncodingRoundTripsEveryScalarValueAndClampsTheRest) {
  for (uint32_t cp = 0; cp <= 0x10FFFF; cp += (cp < 0x3000 ? 1 : 97)) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    std::string s;
    utf8::append(s, cp);
    auto d = decode_at(s);
    ASSERT_EQ(d.length, s.size()) << cp;
    ASSERT_EQ(d.cp, cp);
  }
  std::string s;
  utf8::append(s, 0x110000);
  EXPECT_EQ(s, "\xef\xbf\xbd");  // U+FFFD
}
