// The value API outside host functions: making values, reading them type-exactly, JSON both
// ways, handles and their release, and the misuses each reports.
#include <gtest/gtest.h>

#include <cmath>
#include <ctime>
#include <string>

#include "capi_util.h"

using namespace plank_test;

TEST(Values, ScalarsRoundTrip) {
  State P = open_state();
  plank_state* S = P.get();
  EXPECT_EQ(plank_type(S, plank_none(S)), PLANK_TNONE);
  EXPECT_EQ(plank_to_int(S, plank_bool(S, 1)), 1);
  EXPECT_EQ(plank_to_int(S, plank_int(S, INT64_MIN)), INT64_MIN);
  EXPECT_EQ(plank_to_float(S, plank_float(S, 0.1)), 0.1);
  EXPECT_EQ(plank_to_float(S, plank_int(S, 3)), 3.0);
  size_t n = 0;
  const char with_nul[] = {'a', '\0', 'b'};
  const char* s = plank_to_str(S, plank_lstr(S, with_nul, 3), &n);
  ASSERT_EQ(n, 3u);
  EXPECT_EQ(std::string(s, n), std::string(with_nul, 3));
  EXPECT_STREQ(plank_repr(S, plank_str(S, "it's")), "\"it's\"");
  EXPECT_EQ(plank_truthy(S, plank_str(S, "")), 0);
  EXPECT_EQ(plank_truthy(S, plank_list(S)), 0);
}

TEST(Values, JsonBothWaysAsPythonsJsonModule) {
  State P = open_state();
  plank_state* S = P.get();
  plank_value v = plank_from_json(S, R"({"b": [1, 2.0, "x", null, true], "a": {"deep": [[]]}})");
  ASSERT_NE(v, 0) << plank_error(S);
  EXPECT_STREQ(plank_to_json(S, v), R"({"b": [1, 2.0, "x", null, true], "a": {"deep": [[]]}})") << "key order kept";
  EXPECT_STREQ(plank_repr(S, v), "{'b': [1, 2.0, 'x', None, True], 'a': {'deep': [[]]}}");
  plank_value keys = 0;
  ASSERT_EQ(plank_eval(S, "{1: 'a', 2.5: 'b', None: 'c', True: 'd'}", &keys), PLANK_OK);
  EXPECT_STREQ(plank_to_json(S, keys), R"({"1": "d", "2.5": "b", "null": "c"})") << "True == 1, as in Python";
  EXPECT_STREQ(plank_to_json(S, plank_str(S, "tab\there \"q\" \x01")), R"("tab\there \"q\" \u0001")");
  EXPECT_EQ(plank_from_json(S, "{\"a\": }"), 0);
  EXPECT_STREQ(plank_error_kind(S), "ValueError");
  EXPECT_EQ(plank_from_json(S, "18446744073709551615"), 0) << "past int64";
  EXPECT_EQ(plank_to_json(S, plank_float(S, INFINITY)), nullptr);
  plank_value t = 0;
  ASSERT_EQ(plank_eval(S, "{(1, 2): 3}", &t), PLANK_OK);
  EXPECT_EQ(plank_to_json(S, t), nullptr);
  EXPECT_NE(std::string(plank_error_message(S)).find("keys must be"), std::string::npos);
  // Nesting past the limit is refused both ways, not a crash.
  std::string deep(5000, '[');
  deep += std::string(5000, ']');
  EXPECT_EQ(plank_from_json(S, deep.c_str()), 0);
  ASSERT_EQ(plank_run(S, "x = []\nfor i in range(5000):\n    x = [x]\n", "deep"), PLANK_OK);
  EXPECT_EQ(plank_to_json(S, plank_get_global(S, "x")), nullptr);
}

// The nesting limit is one number both ways (fuzz_capi_values found 2,001 arrays read and then
// refused on writing): 2,000 containers one inside another read and write back, 2,001 neither.
TEST(Values, JsonNestingLimitIsTheSameBothWays) {
  State P = open_state("interp");
  plank_state* S = P.get();
  auto nest = [](int n) { return std::string(size_t(n), '[') + std::string(size_t(n), ']'); };
  plank_value at_limit = plank_from_json(S, nest(2000).c_str());
  ASSERT_NE(at_limit, 0) << plank_error(S);
  const char* written = plank_to_json(S, at_limit);
  ASSERT_NE(written, nullptr) << plank_error(S);
  EXPECT_EQ(std::string(written), nest(2000));
  EXPECT_EQ(plank_from_json(S, nest(2001).c_str()), 0);
  EXPECT_STREQ(plank_error_kind(S), "ValueError");
  EXPECT_NE(std::string(plank_error_message(S)).find("more than 2000"), std::string::npos) << plank_error(S);
  for (int n : {2000, 2001}) {
    plank_value v = 0;
    std::string plan = "x = []\nfor i in range(" + std::to_string(n - 1) + "):\n    x = [x]\n";
    ASSERT_EQ(plank_run(S, plan.c_str(), "nest"), PLANK_OK) << plank_error(S);
    v = plank_get_global(S, "x");
    EXPECT_EQ(plank_to_json(S, v) != nullptr, n == 2000) << n << ": " << plank_error(S);
  }
}

// JSON text is UTF-8: a str of other bytes (plank_lstr takes any) is refused by plank_to_json,
// never written as JSON no reader accepts (fuzz_capi_values).
TEST(Values, AStrThatIsNotUtf8IsNotWrittenAsJson) {
  State P = open_state("interp");
  plank_state* S = P.get();
  const char bytes[] = "caf\xc0\xaf";
  plank_value s = plank_lstr(S, bytes, sizeof bytes - 1);
  ASSERT_NE(s, 0);
  EXPECT_EQ(plank_to_json(S, s), nullptr);
  EXPECT_NE(std::string(plank_error_message(S)).find("not UTF-8 (byte 0xc0 at offset 3)"), std::string::npos)
      << plank_error(S);
  plank_value d = plank_dict(S);
  ASSERT_EQ(plank_set(S, d, s, plank_int(S, 1)), PLANK_OK);
  EXPECT_EQ(plank_to_json(S, d), nullptr) << "as a key too";
  plank_value ok = plank_str(S, "caf\xc3\xa9 \xe2\x82\xac");
  const char* json = plank_to_json(S, ok);
  ASSERT_NE(json, nullptr) << plank_error(S);
  size_t n = 0;
  EXPECT_STREQ(plank_to_str(S, plank_from_json(S, json), &n), "caf\xc3\xa9 \xe2\x82\xac");
}

// Linear in the text (issue 24): the reader looked every key up in a list, so 100,000 keys took
// about 10 CPU-s and a million a quarter of an hour (python3: 0.8 s for a million). Keys keep
// Python's order: a key given twice keeps its first place and its last value.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitizedBuild = true;
#else
constexpr bool kSanitizedBuild = false;
#endif

TEST(Values, JsonObjectsWithManyKeysReadInLinearTime) {
  State P = open_state("interp");
  plank_state* S = P.get();
  plank_value dup = plank_from_json(S, R"({"b": 1, "a": 2, "b": 3})");
  ASSERT_NE(dup, 0) << plank_error(S);
  EXPECT_STREQ(plank_to_json(S, dup), R"({"b": 3, "a": 2})");
  std::string text = "{";
  for (int i = 0; i < 100000; ++i) text += (i ? ", \"k" : "\"k") + std::to_string(i) + "\": " + std::to_string(i);
  text += "}";
  std::clock_t start = std::clock();
  plank_value v = plank_from_json(S, text.c_str());
  double cpu = double(std::clock() - start) / CLOCKS_PER_SEC;
  ASSERT_NE(v, 0) << plank_error(S);
  EXPECT_EQ(plank_len(S, v), 100000);
  EXPECT_EQ(plank_to_int(S, plank_get_field(S, v, "k99999")), 99999);
  EXPECT_STREQ(plank_to_str(S, plank_item(S, v, 1), nullptr), "k1") << "document order";
  // Linear takes about 0.1 CPU-s (quadratic took 12.8); the sanitizer build is ten times slower.
  EXPECT_LT(cpu, kSanitizedBuild ? 30.0 : 3.0) << "100,000 keys in " << cpu << " CPU-s";
}

// repr of a value nested deeper than the recursion limit is a RecursionError, as in Python: it
// ran on the host's thread until the native stack overflowed (100,000 lists: a crash of the
// host), and scanned every level's parents (200,000 lists inside a plan: 6 CPU-s).
TEST(Values, ReprOfAValueNestedPastTheRecursionLimitIsARecursionError) {
  for (const char* engine : kEngines) {
    SCOPED_TRACE(engine);
    State P = open_state(engine);
    plank_state* S = P.get();
    ASSERT_EQ(plank_run(S, "x = []\nfor i in range(100000):\n    x = [x]\n", "deep"), PLANK_OK) << plank_error(S);
    EXPECT_EQ(plank_repr(S, plank_get_global(S, "x")), nullptr);
    EXPECT_STREQ(plank_error_kind(S), "RecursionError");
    plank_value caught = 0;
    ASSERT_EQ(plank_run(S, "try:\n    repr(x)\n    caught = False\nexcept RecursionError:\n    caught = True\n", "plan"),
              PLANK_OK)
        << plank_error(S);
    EXPECT_EQ(plank_truthy(S, plank_get_global(S, "caught")), 1);
    EXPECT_EQ(plank_eval(S, "len(repr(x[0][0]))", &caught), PLANK_ERR_BUDGET) << "a depth limit passed";
    EXPECT_STREQ(plank_error_kind(S), "RecursionError");
    // As deep as Python's limit, it is written whole.
    ASSERT_EQ(plank_run(S, "y = []\nfor i in range(900):\n    y = [y]\n", "ok"), PLANK_OK) << plank_error(S);
    const char* r = plank_repr(S, plank_get_global(S, "y"));
    ASSERT_NE(r, nullptr) << plank_error(S);
    EXPECT_EQ(std::string(r), std::string(901, '[') + std::string(901, ']'));
  }
}

// Under a raised recursion limit, a plan's repr of a deep nest is linear in the depth: asking
// whether each list was already open scanned every open list (90,000 levels: 1.5 CPU-s; now 0.03).
TEST(Values, ReprOfADeepNestUnderARaisedLimitIsLinear) {
  State P = open_state("interp");
  plank_state* S = P.get();
  ASSERT_EQ(plank_set_limit(S, "depth", 100000), PLANK_OK);
  ASSERT_EQ(plank_run(S, "x = []\nfor i in range(90000):\n    x = [x]\n", "deep"), PLANK_OK) << plank_error(S);
  plank_value n = 0;
  std::clock_t start = std::clock();
  ASSERT_EQ(plank_eval(S, "len(repr(x))", &n), PLANK_OK) << plank_error(S);
  double cpu = double(std::clock() - start) / CLOCKS_PER_SEC;
  EXPECT_EQ(plank_to_int(S, n), 180002);
  EXPECT_LT(cpu, kSanitizedBuild ? 4.0 : 0.4) << "90,000 levels in " << cpu << " CPU-s";
}

TEST(Values, TuplesAndContainers) {
  State P = open_state();
  plank_state* S = P.get();
  plank_value items[2] = {plank_int(S, 1), plank_str(S, "b")};
  plank_value t = plank_tuple(S, 2, items);
  EXPECT_EQ(plank_type(S, t), PLANK_TTUPLE);
  EXPECT_STREQ(plank_repr(S, t), "(1, 'b')");
  EXPECT_EQ(plank_append(S, t, items[0]), PLANK_ERR_USAGE) << "a tuple is not a list";
  EXPECT_STREQ(plank_error_kind(S), "TypeError");
  plank_value d = plank_dict(S);
  ASSERT_EQ(plank_set(S, d, t, plank_int(S, 5)), PLANK_OK) << "a tuple is a key";
  EXPECT_EQ(plank_to_int(S, plank_get(S, d, t)), 5);
  EXPECT_EQ(plank_set(S, d, plank_list(S), items[0]), PLANK_ERR_USAGE);
  EXPECT_STREQ(plank_error_kind(S), "TypeError") << "unhashable";
  EXPECT_EQ(plank_get_field(S, d, "absent"), 0);
  EXPECT_EQ(plank_item(S, t, 2), 0);
  EXPECT_STREQ(plank_error_kind(S), "IndexError");
  EXPECT_EQ(plank_len(S, plank_int(S, 3)), -1);
  EXPECT_EQ(plank_len(S, plank_str(S, "héllo")), 5) << "code points, as len()";
  // Deleted entries are skipped by position.
  plank_value e = 0;
  ASSERT_EQ(plank_eval(S, "(lambda d: (d.pop('a'), d)[1])({'a': 1, 'b': 2, 'c': 3})", &e), PLANK_OK) << plank_error(S);
  EXPECT_STREQ(plank_to_str(S, plank_item(S, e, 1), nullptr), "c");
  EXPECT_EQ(plank_to_int(S, plank_dict_value(S, e, 0)), 2);
}

TEST(Values, WrongTypesAndDeadHandlesAreReported) {
  State P = open_state();
  plank_state* S = P.get();
  plank_value s = plank_str(S, "x");
  EXPECT_EQ(plank_to_int(S, s), 0);
  EXPECT_STREQ(plank_error(S), "plank: TypeError: plank_to_int: expected an int, got str");
  EXPECT_EQ(plank_to_str(S, plank_int(S, 1), nullptr), nullptr);
  EXPECT_EQ(plank_type(S, 123456), -1);
  EXPECT_EQ(plank_to_int(S, 123456), 0);
  EXPECT_STREQ(plank_error_kind(S), "UsageError");
  EXPECT_EQ(plank_to_int(S, 0), 0) << "0 is no value";
  int mark = plank_mark(S);
  plank_value h = plank_int(S, 5);
  EXPECT_EQ(plank_to_int(S, h), 5);
  plank_release(S, mark);
  EXPECT_EQ(plank_type(S, h), -1) << "released";
  EXPECT_EQ(plank_to_int(S, s), 0) << "handles made before the mark stay";
  EXPECT_STREQ(plank_error_kind(S), "TypeError");
  EXPECT_EQ(plank_str(S, nullptr), 0);
  EXPECT_EQ(plank_tuple(S, -1, nullptr), 0);
}

TEST(Values, HandlesKeepValuesAliveAcrossCollections) {
  State P = open_state();
  plank_state* S = P.get();
  ASSERT_EQ(plank_set_limit(S, "memory_mib", 64), PLANK_OK);
  plank_value keep = plank_from_json(S, R"({"kept": ["a", "b", "c"]})");
  // Allocate far more than the first collection threshold while only the handle holds `keep`.
  ASSERT_EQ(plank_run(S, "for i in range(200000):\n    junk = [str(i)] * 4\n", "churn"), PLANK_OK) << plank_error(S);
  EXPECT_STREQ(plank_to_json(S, keep), R"({"kept": ["a", "b", "c"]})");
}
