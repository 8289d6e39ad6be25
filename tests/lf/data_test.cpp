// The whole CAIP data set validates; corrupted copies of it do not.
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <random>

#include "compiler/lf/check.h"
#include "lf_test_util.h"

namespace plank::lf {
namespace {

struct Example {
  std::string id;
  std::string text;
  Value form;
};

std::vector<Example> load(const std::string& name) {
  std::vector<Example> out;
  std::string error;
  auto file = SourceFile::load(testing::caip_dir() + "/" + name, &error);
  EXPECT_TRUE(file) << error;
  if (!file) return out;
  const std::string& text = file->text();
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = text.size();
    Span line{static_cast<uint32_t>(pos), static_cast<uint32_t>(nl)};
    pos = nl + 1;
    if (line.begin == line.end) continue;
    DiagnosticSink sink;
    auto v = read_json(file, line, sink);
    EXPECT_TRUE(v) << testing::all_text(sink);
    if (!v) continue;
    Example e;
    if (auto* id = v->find("id")) e.id = id->string;
    if (auto* t = v->find("text")) e.text = t->string;
    if (auto* f = v->find("logical_form")) e.form = std::move(*f);
    out.push_back(std::move(e));
  }
  return out;
}

const std::vector<Example>& all_examples() {
  static const std::vector<Example> all = [] {
    auto a = load("train.jsonl");
    auto b = load("valid.jsonl");
    a.insert(a.end(), std::make_move_iterator(b.begin()), std::make_move_iterator(b.end()));
    return a;
  }();
  return all;
}

TEST(CaipData, EveryFormValidates) {
  if (!testing::caip_available()) GTEST_SKIP() << "no CAIP data at " << testing::caip_dir();
  const auto& all = all_examples();
  ASSERT_EQ(all.size(), 3576u);
  size_t failures = 0;
  for (const auto& e : all) {
    DiagnosticSink sink;
    Utterance u = Utterance::from_text(e.text);
    auto r = check_logical_form(e.form, &u, nullptr, sink);
    if (!r.valid || !sink.all().empty()) {
      if (++failures <= 10) ADD_FAILURE() << e.id << ": " << render_text(sink.all());
    }
  }
  EXPECT_EQ(failures, 0u);
}

TEST(CaipData, JsonlCheckerCountsEveryLineValid) {
  if (!testing::caip_available()) GTEST_SKIP() << "no CAIP data";
  for (auto [name, expected] : {std::pair{"train.jsonl", 3127u}, std::pair{"valid.jsonl", 449u}}) {
    std::string error;
    auto file = SourceFile::load(testing::caip_dir() + "/" + name, &error);
    ASSERT_TRUE(file) << error;
    DiagnosticSink sink;
    auto s = check_jsonl(file, sink);
    EXPECT_EQ(s.valid, expected) << name;
    EXPECT_EQ(s.invalid, 0u) << name;
    EXPECT_TRUE(sink.all().empty()) << render_text(sink.all());
  }
}

// ---- mutation testing --------------------------------------------------------------------------

enum Kind { UnknownKey, BadValue, SpanRange, SpanMalformed, WrongNodeType, WrongNesting, kKinds };
const char* kKindNames[kKinds] = {"unknown key", "wrong categorical value", "span out of range",
                                  "span malformed", "wrong node type", "wrong nesting"};

struct Pos {
  std::string path;
  Value* value;
  std::string key;  // the key holding it ("" for list items and the root)
};

std::string join_path(const std::string& base, const std::string& key) { return base.empty() ? key : base + "." + key; }

bool looks_like_span(const Value& v) {
  return v.is_list() && v.items.size() == 2 && v.items[0].is_int() && v.items[1].is_list() &&
         v.items[1].items.size() == 2;
}

const std::array<std::string, 7> kCategorical = {"dialogue_type", "action_type", "location_type", "relative_direction",
                                                 "repeat_key",    "condition_type", "memory_type"};
const std::array<std::string, 9> kNodeKeys = {"location", "reference_object", "schematic", "repeat", "stop_condition",
                                              "filters", "upsert", "memory_data", "action_sequence"};

struct Positions {
  std::vector<Pos> dicts, categorical, spans, nodes;
};

void collect(Value& v, const std::string& path, const std::string& key, Positions& p) {
  if (looks_like_span(v)) {
    p.spans.push_back({path, &v, key});
    return;
  }
  if (std::find(kNodeKeys.begin(), kNodeKeys.end(), key) != kNodeKeys.end()) p.nodes.push_back({path, &v, key});
  if (v.is_string() && std::find(kCategorical.begin(), kCategorical.end(), key) != kCategorical.end())
    p.categorical.push_back({path, &v, key});
  if (v.is_dict()) {
    p.dicts.push_back({path, &v, key});
    for (auto& m : v.members) collect(m.value, join_path(path, m.key), m.key, p);
  } else if (v.is_list()) {
    for (size_t i = 0; i < v.items.size(); ++i) collect(v.items[i], path + "[" + std::to_string(i) + "]", "", p);
  }
}

Value span_value(int64_t s, int64_t a, int64_t b) {
  Value inner = Value::list();
  inner.items = {Value::from_int(a), Value::from_int(b)};
  Value v = Value::list();
  v.items.push_back(Value::from_int(s));
  v.items.push_back(std::move(inner));
  return v;
}

// Applies one mutation of `kind`; returns the key path the validator must name, or "" if not applicable.
std::string mutate(Kind kind, Value& form, long tokens, std::mt19937& rng) {
  Positions p;
  collect(form, "", "", p);
  auto pick = [&](std::vector<Pos>& v) -> Pos* {
    if (v.empty()) return nullptr;
    return &v[std::uniform_int_distribution<size_t>(0, v.size() - 1)(rng)];
  };
  auto choice = [&](size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng); };
  switch (kind) {
    case UnknownKey: {
      static const std::array<std::string, 6> junk = {"has_nmae", "locaton", "repeat_cnt", "relative_dir",
                                                      "schematics", "colour"};
      Pos* d = pick(p.dicts);
      if (!d) return {};
      std::string key = junk[choice(junk.size())];
      if (d->value->find(key)) return {};
      d->value->add(key, span_value(0, 0, 0));
      return join_path(d->path, key);
    }
    case BadValue: {
      Pos* c = pick(p.categorical);
      if (!c) return {};
      std::string& s = c->value->string;
      switch (choice(3)) {
        case 0: for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch))); break;
        case 1: s += "T"; break;
        default: s = s.substr(0, s.size() / 2); break;
      }
      return c->path;
    }
    case SpanRange: {
      Pos* s = pick(p.spans);
      if (!s) return {};
      Value& inner = s->value->items[1];
      switch (choice(3)) {
        case 0: inner.items[1].integer = tokens + static_cast<long>(choice(4)); break;  // past the end
        case 1: inner.items[0].integer = inner.items[1].integer + 1 + static_cast<long>(choice(3)); break;  // first > last
        default: inner.items[0].integer = -1 - static_cast<long>(choice(3)); break;  // negative
      }
      return s->path;
    }
    case SpanMalformed: {
      Pos* s = pick(p.spans);
      if (!s) return {};
      Value& v = *s->value;
      int64_t a = v.items[1].items[0].integer, b = v.items[1].items[1].integer;
      switch (choice(6)) {
        case 0: v.items[1].items.pop_back(); break;                              // [0, [a]]
        case 1: v = Value::list(); v.items = {Value::from_int(0), Value::from_int(a), Value::from_int(b)}; break;
        case 2: v.items.erase(v.items.begin()); break;                           // [[a, b]]
        case 3: v.items[0].integer = 1 + static_cast<long>(choice(3)); break;    // sentence index != 0
        case 4: v.items[1].items[1] = Value::from_string(std::to_string(b)); break;
        default: v.items[1].items[0] = Value::from_double(a + 0.5); break;
      }
      return s->path;
    }
    case WrongNodeType: {
      bool use_span = p.nodes.empty() || (!p.spans.empty() && choice(3) == 0);
      Pos* n = use_span ? pick(p.spans) : pick(p.nodes);
      if (!n) return {};
      switch (choice(4)) {
        case 0: *n->value = Value::from_string("oops"); break;
        case 1: *n->value = Value::from_int(3); break;
        case 2: *n->value = n->value->is_list() ? Value::dict() : Value::list(); break;
        default: *n->value = Value::null(); break;
      }
      // An empty action_sequence list would be reported as lf.empty-list; make it a type error instead.
      if (n->key == "action_sequence" && n->value->is_list()) *n->value = Value::from_bool(true);
      if (n->key != "action_sequence" && n->value->is_dict() && looks_like_span(*n->value)) return {};
      return n->path;
    }
    case WrongNesting: {
      // Collect the locations and reference objects.
      std::vector<Pos> holders;
      for (auto& d : p.dicts)
        if (d.key == "location" || d.key == "reference_object") holders.push_back(d);
      switch (choice(3)) {
        case 0: {  // a schematic-only key inside a location / reference_object
          Pos* h = pick(holders);
          if (!h) return {};
          static const std::array<std::string, 4> keys = {"has_thickness", "has_slope", "has_radius", "has_orientation"};
          std::string key = keys[choice(keys.size())];
          h->value->add(key, span_value(0, 0, 0));
          return join_path(h->path, key);
        }
        case 1: {  // a whole schematic inside a location / reference_object
          Pos* h = pick(holders);
          if (!h) return {};
          Value sch = Value::dict();
          sch.add("has_name", span_value(0, 0, 0));
          h->value->add("schematic", std::move(sch));
          return join_path(h->path, "schematic");
        }
        default: {  // a location where a span goes
          Pos* s = pick(p.spans);
          if (!s) return {};
          Value loc = Value::dict();
          loc.add("location_type", Value::from_string("SPEAKER_LOOK"));
          *s->value = std::move(loc);
          return s->path;
        }
      }
    }
    default: return {};
  }
}

TEST(CaipData, MutationsAreRejectedAtTheMutatedPosition) {
  if (!testing::caip_available()) GTEST_SKIP() << "no CAIP data";
  const auto& all = all_examples();
  std::mt19937 rng(20200705);
  std::array<size_t, kKinds> tried{}, rejected{};
  size_t mismatches = 0;
  for (size_t i = 0; i < all.size(); ++i) {
    for (int attempt = 0; attempt < kKinds; ++attempt) {
      Kind kind = static_cast<Kind>((i + attempt) % kKinds);
      Value form = all[i].form;
      long tokens = static_cast<long>(Utterance::from_text(all[i].text).tokens.size());
      std::string path = mutate(kind, form, tokens, rng);
      if (path.empty()) continue;
      ++tried[kind];
      DiagnosticSink sink;
      Utterance u = Utterance::from_text(all[i].text);
      auto r = check_logical_form(form, &u, nullptr, sink);
      bool named = false;
      for (const auto& d : sink.all())
        if (!d.key_path.empty() && d.key_path == path) named = true;
      if (!r.valid && named) {
        ++rejected[kind];
      } else if (++mismatches <= 10) {
        ADD_FAILURE() << kKindNames[kind] << " at " << path << " in " << all[i].id << " (valid=" << r.valid
                      << "): " << to_json_text(form) << "\n"
                      << render_text(sink.all());
      }
      break;
    }
  }
  size_t total = 0;
  for (int k = 0; k < kKinds; ++k) {
    std::printf("[ mutation ] %-24s %5zu tried, %5zu rejected at the mutated key path\n", kKindNames[k], tried[k],
                rejected[k]);
    total += rejected[k];
    EXPECT_GE(rejected[k], 50u) << kKindNames[k];
    EXPECT_EQ(rejected[k], tried[k]) << kKindNames[k];
  }
  std::printf("[ mutation ] total %zu corrupted forms rejected\n", total);
  EXPECT_GE(total, 500u);
  EXPECT_EQ(mismatches, 0u);
}

}  // namespace
}  // namespace plank::lf
