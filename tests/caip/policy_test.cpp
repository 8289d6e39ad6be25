// The conversation policy (stdlib/caip/conversation.plank) decides when the
// agent asks and what it says: change the policy and the outcome changes,
// with the world acting accordingly.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "agents/caip/loop/policy.h"
#include "caip_test_util.h"

namespace plank::caip::test {
namespace {

namespace fs = std::filesystem;
using world::Box;

std::string stdlib_policy() {
  std::ifstream in(std::string(PLANK_SOURCE_DIR) + "/stdlib/caip/conversation.plank");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The stdlib policy with one piece of text replaced, written to a temporary file.
std::string policy_with(const std::string& name, const std::string& from, const std::string& to) {
  std::string text = stdlib_policy();
  size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << "the stdlib policy no longer holds: " << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  auto path = fs::path(::testing::TempDir()) / ("caip_policy_" + name + ".plank");
  std::ofstream(path) << text;
  return path.string();
}

std::unique_ptr<Executor> open_with_policy(const std::string& scene, const std::string& policy, DiagnosticSink& sink) {
  plank::host::register_host_intrinsics();
  ExecOptions o;
  o.scene = scene;
  o.policy = policy;
  return Executor::open(o, sink);
}

const Step kBoat{"build a boat", R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD",
    "schematic": {"has_name": "@boat"}}]})"};
const Step kRock{"destroy the rock", R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "DESTROY",
    "reference_object": {"has_name": "@rock"}}]})"};

TEST(Policy, TheDefaultAsksAboutAnUnknownShape) {
  DiagnosticSink sink;
  auto ex = open_with_policy(scene_file("policy_flat", kFlatScene), "", sink);
  ASSERT_TRUE(ex) << render_text(sink.all(), {});
  auto r = run_steps(*ex, {kBoat});
  EXPECT_EQ(r[0].outcome, Outcome::Asked);
  EXPECT_EQ(r[0].reply, "I don't know how to build a boat. Should I build a cube instead?");
  EXPECT_EQ(r[0].blocks_changed, 0u);
}

// A policy that never asks when a default exists builds the cube, and says so.
TEST(Policy, APolicyThatNeverAsksGoesOnWithTheDefault) {
  if (!have_mcdata()) GTEST_SKIP() << "minecraft-data is not installed";
  std::string never_asks = policy_with("never_asks", "if doubt['has_default'] and caip_assuming():", "if doubt['has_default']:");
  DiagnosticSink sink;
  auto ex = open_with_policy(scene_file("policy_flat", kFlatScene), never_asks, sink);
  ASSERT_TRUE(ex) << render_text(sink.all(), {});
  auto r = run_steps(*ex, {kBoat});
  EXPECT_EQ(r[0].outcome, Outcome::Done) << r[0].reply;
  EXPECT_NE(r[0].reply.find("I assumed a boat can be built as a cube."), std::string::npos) << r[0].reply;
  EXPECT_NE(r[0].reply.find("I built a boat (3x3x3, cobblestone)"), std::string::npos) << r[0].reply;
  EXPECT_EQ(r[0].blocks_changed, 27u);
  EXPECT_EQ(count_blocks(ex->world(), "cobblestone", kArea), 27);
}

// What the agent says is the policy's: a changed question is asked as written.
TEST(Policy, QuestionsAreThePolicysWords) {
  std::string terse = policy_with("terse", R"('unknown_shape': lambda d: "I don't know how to build " + article(d['name']))",
                                  R"('unknown_shape': lambda d: 'What is ' + article(d['name']))");
  DiagnosticSink sink;
  auto ex = open_with_policy(scene_file("policy_flat", kFlatScene), terse, sink);
  ASSERT_TRUE(ex) << render_text(sink.all(), {});
  auto r = run_steps(*ex, {kBoat});
  EXPECT_EQ(r[0].outcome, Outcome::Asked);
  EXPECT_EQ(r[0].reply.substr(0, 14), "What is a boat") << r[0].reply;
}

// How questions are answered is the policy's too (GET_MEMORY): here counts are words.
TEST(Policy, AnswersAreThePolicys) {
  std::string spelled = policy_with("spelled", "caip_say('I see ' + str(len(refs)) + ' '",
                                    "caip_say('I see ' + ['no', 'one', 'two'][min(len(refs), 2)] + ' '");
  DiagnosticSink sink;
  auto ex = open_with_policy(scene_file("policy_flat", kFlatScene), spelled, sink);
  ASSERT_TRUE(ex) << render_text(sink.all(), {});
  auto r = run_steps(*ex, {{"how many rocks are there", R"({"dialogue_type": "GET_MEMORY"})"}});
  EXPECT_EQ(r[0].outcome, Outcome::Done);
  EXPECT_EQ(r[0].reply, "I see one rock.");
  // The world is not touched by a question.
  auto destroyed = run_steps(*ex, {kRock});
  EXPECT_EQ(destroyed[0].outcome, Outcome::Done);
}

// A resolving call stops at its first doubt: the policy asks one question at
// a time, or (assuming) goes past each in turn.
TEST(Policy, DoubtsAreSettledOneAtATime) {
  if (!have_mcdata()) GTEST_SKIP() << "minecraft-data is not installed";
  const Step box{"build a box lots wide and tons high", R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [
      {"action_type": "BUILD", "schematic": {"has_name": "@box", "has_width": "@lots", "has_height": "@tons"}}]})"};
  auto asking = open_scene(scene_file("policy_flat", kFlatScene));
  auto r = run_steps(*asking, {box});
  EXPECT_EQ(r[0].outcome, Outcome::Asked);
  EXPECT_EQ(r[0].reply, "How many blocks is \"lots\"?");
  auto assuming = open_scene(scene_file("policy_flat", kFlatScene), true);
  r = run_steps(*assuming, {box});
  EXPECT_EQ(r[0].outcome, Outcome::Done);
  EXPECT_TRUE(r[0].reply.starts_with(
      "I assumed \"lots\" means the default width. I assumed \"tons\" means the default height. I built"))
      << r[0].reply;
  EXPECT_EQ(r[0].blocks_changed, 27u);
}

// A count settled at run time (assumed to be once) builds what a count of one
// folded by the compiler builds: one copy at the location, not on a ring.
TEST(Policy, ASettledCountOfOneBuildsLikeAFoldedOne) {
  if (!have_mcdata()) GTEST_SKIP() << "minecraft-data is not installed";
  const Step lots{"build lots of towers at the rock", R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [
      {"action_type": "BUILD", "repeat": {"repeat_key": "FOR", "repeat_count": "@lots", "repeat_dir": "AROUND"},
       "schematic": {"has_name": "@towers"}, "location": {"location_type": "REFERENCE_OBJECT", "reference_object": {"has_name": "@rock"}}}]})"};
  const Step one{"build a tower at the rock", R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [
      {"action_type": "BUILD", "schematic": {"has_name": "@tower"},
       "location": {"location_type": "REFERENCE_OBJECT", "reference_object": {"has_name": "@rock"}}}]})"};
  auto assuming = open_scene(scene_file("policy_flat", kFlatScene), true);
  auto r = run_steps(*assuming, {lots});
  EXPECT_NE(r[0].reply.find("I assumed \"lots\" means once."), std::string::npos) << r[0].reply;
  Box settled = bounds_of(assuming->world(), "stone_bricks", kArea);
  auto folded = open_scene(scene_file("policy_flat", kFlatScene));
  run_steps(*folded, {one});
  EXPECT_FALSE(settled.empty());
  EXPECT_EQ(settled, bounds_of(folded->world(), "stone_bricks", kArea));
}

TEST(Policy, ABrokenPolicyIsReportedWithItsPosition) {
  auto path = fs::path(::testing::TempDir()) / "caip_policy_broken.plank";
  std::ofstream(path) << "def settle(result):\n    return (result\n";
  DiagnosticSink sink;
  auto ex = open_with_policy(scene_file("policy_flat", kFlatScene), path.string(), sink);
  EXPECT_FALSE(ex);
  std::string text = render_text(sink.all(), {});
  EXPECT_NE(text.find(path.string() + ":2:"), std::string::npos) << text;
  DiagnosticSink missing;
  EXPECT_FALSE(open_with_policy(scene_file("policy_flat", kFlatScene), "/no/such/policy.plank", missing));
  EXPECT_NE(render_text(missing.all(), {}).find("/no/such/policy.plank"), std::string::npos);
}

// A policy without a function the command calls: the error points into the utterance.
TEST(Policy, AMissingPolicyFunctionIsAnInternalErrorAtTheCommandsWords) {
  std::string no_settle = policy_with("no_settle", "def settle(result):", "def not_settle(result):");
  DiagnosticSink sink;
  auto ex = open_with_policy(scene_file("policy_flat", kFlatScene), no_settle, sink);
  ASSERT_TRUE(ex) << render_text(sink.all(), {});
  ExecResult r = ex->run(parse(with_spans(kBoat.utterance, kBoat.form)), kBoat.utterance);
  EXPECT_TRUE(r.internal_error);
  EXPECT_NE(r.error.find("<utterance>:1: error: NameError: name 'settle' is not defined"), std::string::npos) << r.error;
  EXPECT_NE(r.program.find("settle(caip_schematic(name='boat'))"), std::string::npos) << r.program;
}

TEST(Policy, PlankStdlibNamesTheDefaultPolicysFolder) {
  const char* before = std::getenv("PLANK_STDLIB");
  std::string saved = before ? before : "";
  setenv("PLANK_STDLIB", "/some/stdlib", 1);
  EXPECT_EQ(default_policy_path(), "/some/stdlib/caip/conversation.plank");
  unsetenv("PLANK_STDLIB");
  EXPECT_TRUE(fs::exists(default_policy_path())) << default_policy_path();
  if (before) setenv("PLANK_STDLIB", saved.c_str(), 1);
}

}  // namespace
}  // namespace plank::caip::test
