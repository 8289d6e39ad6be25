// The Unicode str methods (upper, lower, isalpha, isalnum, isdigit, isspace)
// against python3: hand-checked examples through the methods table, then every
// code point against python3's own answers (tests/runtime/unicode_oracle.py).
#include <cstdio>
#include <map>
#include <sstream>

#include "core_test_util.h"
#include "runtime/unicode.h"

namespace plank::core::testing {
namespace {

using Unicode = CoreTest;

// Expected values below were printed by python3 3.11 (Unicode 14.0).
TEST_F(Unicode, CaseMapping) {
  EXPECT_EQ(method(S("é"), "upper", {}), "'É'");
  EXPECT_EQ(method(S("É"), "lower", {}), "'é'");
  EXPECT_EQ(method(S("straße"), "upper", {}), "'STRASSE'");  // full mapping: one to two
  EXPECT_EQ(method(S("ﬃ"), "upper", {}), "'FFI'");
  EXPECT_EQ(method(S("İ"), "lower", {}), "'i̇'");  // U+0130 lowers to i + U+0307
  EXPECT_EQ(method(S("ǅ"), "lower", {}), "'ǆ'");   // title case letter
  EXPECT_EQ(method(S("ǅ"), "upper", {}), "'Ǆ'");
  EXPECT_EQ(method(S("𐐨"), "upper", {}), "'𐐀'");  // 4-byte UTF-8
  EXPECT_EQ(method(S("Ünïcödé abc"), "upper", {}), "'ÜNÏCÖDÉ ABC'");
  EXPECT_EQ(method(S("日本"), "upper", {}), "'日本'");
}

TEST_F(Unicode, FinalSigma) {
  EXPECT_EQ(method(S("ΣΑΣ"), "lower", {}), "'σας'");
  EXPECT_EQ(method(S("Σ"), "lower", {}), "'σ'");          // no cased letter before
  EXPECT_EQ(method(S("ΑΣ."), "lower", {}), "'ας.'");
  EXPECT_EQ(method(S("ΑΣ'Α"), "lower", {}), "\"ασ'α\"");  // the apostrophe is case-ignorable
  EXPECT_EQ(method(S("Α'Σ"), "lower", {}), "\"α'ς\"");
  EXPECT_EQ(method(S("ΟΔΥΣΣΕΥΣ ΣΑΣ"), "lower", {}), "'οδυσσευς σας'");
  EXPECT_EQ(method(S("ΣΑΣ"), "upper", {}), "'ΣΑΣ'");
}

TEST_F(Unicode, CharacterClasses) {
  EXPECT_EQ(method(S("١٢"), "isdigit", {}), "True");  // Arabic-Indic digits
  EXPECT_EQ(method(S("\u00a0"), "isspace", {}), "True");
  EXPECT_EQ(method(S("\u2003\u3000 "), "isspace", {}), "True");
  EXPECT_EQ(method(S("\u200b"), "isspace", {}), "False");  // zero width space is Cf
  EXPECT_EQ(method(S("héllo"), "isalpha", {}), "True");
  EXPECT_EQ(method(S("日本語"), "isalpha", {}), "True");
  EXPECT_EQ(method(S("é1"), "isalpha", {}), "False");
  EXPECT_EQ(method(S("é1"), "isalnum", {}), "True");
  EXPECT_EQ(method(S("½"), "isalnum", {}), "True");  // numeric, not a digit
  EXPECT_EQ(method(S("½"), "isdigit", {}), "False");
  EXPECT_EQ(method(S("²"), "isdigit", {}), "True");
  EXPECT_EQ(method(S("é "), "isalnum", {}), "False");
  EXPECT_EQ(method(S("é"), "isspace", {}), "False");
}

TEST_F(Unicode, SplitAndStripUseUnicodeWhitespace) {
  EXPECT_EQ(method(S("\u00a0é\u3000"), "strip", {}), "'é'");
  EXPECT_EQ(method(S("\u2003 x\u2003"), "lstrip", {}), R"('x\u2003')");
  EXPECT_EQ(method(S("\u2003 x\u2003"), "rstrip", {}), R"('\u2003 x')");
  EXPECT_EQ(method(S("a\u00a0b\u2028c  日本"), "split", {}), "['a', 'b', 'c', '日本']");
  EXPECT_EQ(method(S("a\u00a0b\u3000c"), "split", {N(), I(1)}), R"(['a', 'b\u3000c'])");
  EXPECT_EQ(method(S("é\u200bé"), "split", {}), R"(['é\u200bé'])");  // U+200B is not whitespace
  EXPECT_EQ(method(S("\u00a0"), "strip", {}), "''");
  EXPECT_EQ(method(S("é"), "strip", {S("è")}), "'é'");  // same lead byte, another code point
  EXPECT_EQ(method(S("éaè"), "strip", {S("èé")}), "'a'");
  EXPECT_EQ(method(S("日a日"), "rstrip", {S("日")}), "'日a'");
}

TEST_F(Unicode, MalformedUtf8IsNeitherMappedNorAClass) {
  std::string bad = "a\xff\xc3";  // a stray byte and a truncated sequence
  EXPECT_EQ(unicode::upper(bad), "A\xff\xc3");
  EXPECT_EQ(unicode::lower("\xce\xa3\xce"), "\xcf\x83\xce");  // Σ then a truncated sequence
  EXPECT_FALSE(unicode::all_have(bad, unicode::kAlpha));
}

std::string utf8(uint32_t cp) {
  std::string s;
  unicode::append_utf8(s, cp);
  return s;
}

std::string utf8_of_hex_list(const std::string& list) {  // "53.53" -> "SS"
  std::string out;
  std::istringstream in(list);
  for (std::string part; std::getline(in, part, '.');) unicode::append_utf8(out, std::stoul(part, nullptr, 16));
  return out;
}

// Whether s ends in ς (s's middle may have changed length when lowered).
bool ends_final_sigma(const std::string& s) { return s.size() >= 2 && s.compare(s.size() - 2, 2, "\u03c2") == 0; }

struct Expected {
  int bits;
  std::string upper, lower;
};

// Every code point but the surrogates (which UTF-8 cannot hold): the four
// classes, upper(), lower(), and the final-sigma rule on both sides of it.
TEST_F(Unicode, EveryCodePointMatchesPython3) {
  if (std::system("python3 -c pass >/dev/null 2>&1") != 0) GTEST_SKIP() << "python3 not available";
  FILE* p = popen("python3 '" PLANK_SOURCE_DIR "/tests/runtime/unicode_oracle.py'", "r");
  ASSERT_NE(p, nullptr);
  std::string text;
  char buf[1 << 16];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) text.append(buf, n);
  ASSERT_EQ(pclose(p), 0);
  std::istringstream in(text);
  std::string version;
  std::getline(in, version);
  if (version != unicode::version())
    GTEST_SKIP() << "python3 has Unicode " << version << ", the tables " << unicode::version()
                 << ": regenerate with scripts/gen-unicode-tables.py";
  std::map<uint32_t, Expected> listed;
  for (std::string cp, up, lo; in >> cp;) {
    Expected e;
    in >> e.bits >> up >> lo;
    e.upper = utf8_of_hex_list(up);
    e.lower = utf8_of_hex_list(lo);
    listed[std::stoul(cp, nullptr, 16)] = e;
  }
  ASSERT_GT(listed.size(), 100000u);
  int failures = 0;
  for (uint32_t cp = 0; cp < 0x110000 && failures < 20; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    std::string c = utf8(cp);
    auto it = listed.find(cp);
    Expected e = it != listed.end() ? it->second : Expected{16, c, c};
    int bits = unicode::all_have(c, unicode::kAlpha) | unicode::all_have(c, unicode::kDigit) << 1 |
               unicode::all_have(c, unicode::kAlnum) << 2 | unicode::all_have(c, unicode::kSpace) << 3 |
               (unicode::lower("\u0391\u03a3" + c).substr(2, 2) == "\u03c2") << 4 |
               ends_final_sigma(unicode::lower("\u0391" + c + "\u03a3")) << 5;
    std::string up = unicode::upper(c), lo = unicode::lower(c);
    if (bits != e.bits || up != e.upper || lo != e.lower) {
      ++failures;
      ADD_FAILURE() << "U+" << std::hex << cp << ": bits " << std::dec << bits << " (python3 " << e.bits
                    << "), upper '" << up << "' (python3 '" << e.upper << "'), lower '" << lo << "' (python3 '"
                    << e.lower << "')";
    }
  }
}

// The methods' ASCII fast path agrees with python3 too (it bypasses the tables).
TEST_F(Unicode, AsciiFastPathMatchesTables) {
  for (uint32_t cp = 0; cp < 0x80; ++cp) {
    std::string c(1, static_cast<char>(cp));
    Value s = S(c);
    EXPECT_EQ(method(s, "upper", {}), R(keep(make_str(&t, unicode::upper(c))))) << cp;
    EXPECT_EQ(method(s, "lower", {}), R(keep(make_str(&t, unicode::lower(c))))) << cp;
    EXPECT_EQ(method(s, "isalpha", {}) == "True", unicode::all_have(c, unicode::kAlpha)) << cp;
    EXPECT_EQ(method(s, "isdigit", {}) == "True", unicode::all_have(c, unicode::kDigit)) << cp;
    EXPECT_EQ(method(s, "isalnum", {}) == "True", unicode::all_have(c, unicode::kAlnum)) << cp;
    EXPECT_EQ(method(s, "isspace", {}) == "True", unicode::all_have(c, unicode::kSpace)) << cp;
  }
}

}  // namespace
}  // namespace plank::core::testing
