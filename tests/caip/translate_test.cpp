// The CAIP compiler: what program a form becomes.
#include <gtest/gtest.h>

#include "agents/caip/compile/translate.h"
#include "caip_test_util.h"
#include "compiler/engine/run.h"
#include "compiler/lf/check.h"

namespace plank::caip::test {
namespace {

std::string compile(const std::string& utterance, const std::string& form, bool assume = false) {
  plank::host::register_host_intrinsics();
  auto utt = lf::Utterance::from_text(utterance);
  DiagnosticSink sink;
  std::string text = with_spans(utterance, form);
  auto file = SourceFile::from_string("<t>", text);
  auto checked = lf::check_logical_form(parse(text), &utt, file, sink);
  EXPECT_TRUE(checked.valid) << render_text(sink.all(), {});
  return translate(checked.normalized, utt, {assume}).source;
}

// The program compiles through the whole Plank pipeline (to IR).
void expect_compiles(const std::string& program) {
  engine::RunOptions o;
  o.path = "<caip>";
  o.source = program;
  o.dump = "ir";
  o.engine = "interp";
  std::string out, err;
  o.out = &out, o.err = &err;
  EXPECT_EQ(engine::run_program(o).exit_code, 0) << err << program;
}

TEST(Translate, RepeatForBecomesALoop) {
  auto p = compile("build three cubes", R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD",
      "repeat": {"repeat_key": "FOR", "repeat_count": "@three", "repeat_dir": "UP"}, "schematic": {"has_name": "@cubes"}}]})");
  EXPECT_NE(p.find("for k in range(3):"), std::string::npos) << p;
  EXPECT_NE(p.find("caip_offset(at1, 'UP', k, 3, shape0)"), std::string::npos) << p;
  expect_compiles(p);
}

TEST(Translate, StopConditionsBecomeLoopConditions) {
  auto spec = compile("walk until you reach the water", R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "MOVE",
      "stop_condition": {"condition_type": "ADJACENT_TO_BLOCK_TYPE", "block_type": "@water"}}]})");
  EXPECT_NE(spec.find("while caip_keep_going(i1) and not caip_adjacent('water'):"), std::string::npos) << spec;
  expect_compiles(spec);
  auto never = compile("keep dancing", R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "DANCE",
      "repeat": {"stop_condition": {"condition_type": "NEVER"}}}]})");
  EXPECT_NE(never.find("while caip_keep_going(i1):"), std::string::npos) << never;
  EXPECT_NE(never.find("caip_loop_end(task0, True, i1)"), std::string::npos) << never;
  expect_compiles(never);
}

TEST(Translate, AllBecomesAListOfObjects) {
  auto p = compile("destroy all the trees", R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "DESTROY",
      "reference_object": {"has_name": "@trees", "repeat": {"repeat_key": "ALL"}}}]})");
  EXPECT_NE(p.find("caip_find(name='trees', all=True)"), std::string::npos) << p;
  expect_compiles(p);
}

TEST(Translate, UnreadableCountAsksOrAssumes) {
  const char* form = R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD",
      "repeat": {"repeat_key": "FOR", "repeat_count": "@lots"}, "schematic": {"has_name": "@towers"}}]})";
  auto asks = compile("build lots of towers", form);
  EXPECT_NE(asks.find("caip_ask('How many copies do you mean by \"lots\"?')"), std::string::npos) << asks;
  auto assumes = compile("build lots of towers", form, true);
  EXPECT_NE(assumes.find("I assumed \"lots\" means once."), std::string::npos) << assumes;
  expect_compiles(asks);
  expect_compiles(assumes);
}

TEST(Translate, UtteranceTextIsQuotedSafely) {
  auto p = compile("dance like it's 1999 \\ ok", R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "OTHERACTION"}]})");
  EXPECT_NE(p.find("it\\'s 1999 \\\\ ok"), std::string::npos) << p;
  expect_compiles(p);
}

TEST(Translate, EveryValidFormCompiles) {
  std::string path = std::string(PLANK_SHARED_DIR) + "/data/caip/valid.jsonl";
  std::string error;
  auto file = SourceFile::load(path, &error);
  if (!file) GTEST_SKIP() << error;
  plank::host::register_host_intrinsics();
  const std::string& text = file->text();
  size_t pos = 0, n = 0;
  while (pos < text.size() && n < 120) {  // a slice: the CLI test runs them all
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    DiagnosticSink sink;
    auto line = lf::read_json(file, Span{uint32_t(pos), uint32_t(end)}, sink);
    pos = end + 1;
    if (!line) continue;
    auto utt = lf::Utterance::from_text(line->find("text")->string);
    auto checked = lf::check_logical_form(*line->find("logical_form"), &utt, file, sink);
    ASSERT_TRUE(checked.valid);
    expect_compiles(translate(checked.normalized, utt).source);
    ++n;
  }
  EXPECT_EQ(n, 120u);
}

}  // namespace
}  // namespace plank::caip::test
