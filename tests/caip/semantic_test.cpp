// Semantic cases: a command (hand-written, or a line of ../shared/data/caip
// by its text) in a scene, and predicates over the world after it, often
// against the world before (world_predicates.h): what the English asked for,
// not a dump of what the code happens to do. semantic_cases.cpp holds the table.
#include <fmt/format.h>

#include <fstream>
#include <map>
#include <set>

#include "caip_test_util.h"
#include "semantic_cases.h"

namespace plank::caip::test {
namespace {

// The data sets' lines by their text (the first line with that text).
const std::map<std::string, std::string>& data_lines() {
  static const std::map<std::string, std::string> lines = [] {
    std::map<std::string, std::string> out;
    for (const char* set : {"valid", "train"}) {
      std::ifstream in(std::string(PLANK_SHARED_DIR) + "/data/caip/" + set + ".jsonl");
      for (std::string line; std::getline(in, line);) {
        DiagnosticSink sink;
        auto v = lf::read_json(SourceFile::from_string("<line>", line), sink);
        if (!v) continue;
        const lf::Value* text = v->find("text");
        const lf::Value* form = v->find("logical_form");
        if (text && text->is_string() && form) out.emplace(text->string, lf::to_json_text(*form));
      }
    }
    return out;
  }();
  return lines;
}

Step resolve_step(const Step& s) {
  if (s.form != kFromData) return s;
  auto it = data_lines().find(s.utterance);
  if (it == data_lines().end()) return {s.utterance, ""};
  return {s.utterance, it->second};
}

std::string scene_for(const SemanticCase& c) {
  if (c.scene == "village") return "village";
  // One file per case: ctest runs cases in parallel processes, which must not write one another's file.
  return scene_file("semantic_" + c.name, semantic_scenes().at(c.scene));
}

class SemanticTest : public ::testing::TestWithParam<SemanticCase> {};

TEST_P(SemanticTest, DoesWhatWasAsked) {
  if (!have_mcdata()) GTEST_SKIP() << "minecraft-data is not installed (scripts/fetch-minecraft-data.sh)";
  const SemanticCase& c = GetParam();
  auto ex = open_scene(scene_for(c), c.assume);
  ASSERT_TRUE(ex);
  std::vector<Step> steps;
  for (const auto& s : c.before) steps.push_back(resolve_step(s));
  Step command = resolve_step(c.command);
  ASSERT_FALSE(command.form.empty()) << "no line \"" << c.command.utterance << "\" in ../shared/data/caip";
  run_steps(*ex, steps);
  std::unique_ptr<world::World> before = ex->world().clone();
  auto results = run_steps(*ex, {command});
  ASSERT_EQ(results.size(), 1u);
  Scene scene{*before, ex->world(), results[0], *ex};
  for (const Expect& e : c.expect) {
    std::string why = e.check(scene);
    EXPECT_TRUE(why.empty()) << "\"" << c.command.utterance << "\": expected " << e.what << "; " << why
                             << "\n  reply: " << results[0].reply;
  }
}

INSTANTIATE_TEST_SUITE_P(Caip, SemanticTest, ::testing::ValuesIn(semantic_cases()),
                         [](const ::testing::TestParamInfo<SemanticCase>& info) { return info.param.name; });

// What the suite covers, so that it cannot shrink unnoticed.
TEST(SemanticCoverage, EveryActionDirectionAndKindOfCase) {
  std::set<std::string> actions, directions;
  size_t from_data = 0;
  for (const auto& c : semantic_cases()) {
    from_data += c.command.form == kFromData;
    Step s = resolve_step(c.command);
    if (s.form.empty()) continue;
    auto form = parse(with_spans(s.utterance, s.form));
    if (const lf::Value* seq = form.find("action_sequence"))
      for (const auto& a : seq->items) {
        if (const lf::Value* t = a.find("action_type")) actions.insert(t->string);
        if (const lf::Value* loc = a.find("location"))
          if (const lf::Value* d = loc->find("relative_direction")) directions.insert(d->string);
        if (const lf::Value* rep = a.find("repeat"))
          if (const lf::Value* d = rep->find("repeat_dir")) directions.insert(d->string);
      }
    if (const lf::Value* d = form.find("dialogue_type"); d && d->string != "HUMAN_GIVE_COMMAND") actions.insert(d->string);
  }
  for (const char* a : {"BUILD", "SPAWN", "FILL", "DESTROY", "MOVE", "DIG", "DANCE", "FREEBUILD", "UNDO", "STOP", "RESUME",
                        "OTHERACTION", "GET_MEMORY", "PUT_MEMORY", "NOOP"})
    EXPECT_TRUE(actions.count(a)) << a;
  for (const char* d : {"LEFT", "RIGHT", "FRONT", "BACK", "UP", "DOWN", "AWAY", "NEAR", "INSIDE", "OUTSIDE", "BETWEEN", "AROUND"})
    EXPECT_TRUE(directions.count(d)) << d;
  EXPECT_GE(semantic_cases().size(), 150u);
  EXPECT_GE(from_data, 40u);
}

}  // namespace
}  // namespace plank::caip::test
