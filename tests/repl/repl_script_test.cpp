// `plank repl < script`: the real binary, reading a session script from a pipe
// (no prompts, no colour), prints what a user would have seen.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cli/run_plank.h"

namespace plank::test {
namespace {

namespace fs = std::filesystem;

Run repl(const std::string& script, const std::string& flags = "") {
  return run_plank("repl --history - " + flags, script);
}

fs::path temp_dir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("plank_repl_" + name + "_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir;
}

TEST(ReplScript, RunsStatementsAndBlocksAndPrintsValuesAsPython) {
  auto r = repl("x = 40\ndef f(n):\n    return n + x\n\nf(2)\nNone\n'abc'\nd = {'a': 1,\n     'b': [2]}\nd\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "42\n'abc'\n{'a': 1, 'b': [2]}\n");
  EXPECT_EQ(r.err, "");
}

TEST(ReplScript, BothEnginesAgree) {
  const std::string script = "s = 0\nfor i in range(10):\n    s = s + i\n\ns\n[s, 'x', 1.5, (1,)]\n";
  auto jit = repl(script, "--engine=jit");
  auto interp = repl(script, "--engine=interp");
  EXPECT_EQ(interp.out, "45\n[45, 'x', 1.5, (1,)]\n");
  EXPECT_EQ(jit.out, interp.out);
}

TEST(ReplScript, ACaretErrorThenAWorkingLine) {
  auto r = repl("y = 1 +\ny = 5\ny\n");
  EXPECT_EQ(r.out, "5\n");
  EXPECT_EQ(r.err, "<input 1>:1:8: error: expected an expression after '+'\n  y = 1 +\n         ^\n");
  EXPECT_EQ(r.exit_code, 1);  // a script with a failing input fails
}

TEST(ReplScript, ARuntimeErrorPrintsTheTracebackAndTheSessionGoesOn) {
  auto r = repl("def f(d):\n    return d['log']\n\nf({})\nf({'log': 3})\n");
  EXPECT_EQ(r.out, "3\n");
  EXPECT_EQ(r.err, "<input 1>:2: error: KeyError: 'log'\n  in <module> at <input 2>:1\n  in f at <input 1>:2\n");
}

TEST(ReplScript, AScriptMayEndInsideABlock) {
  auto r = repl("def f():\n    return 'end'\nprint(f())\nfor i in range(2):\n    print(i)");
  EXPECT_EQ(r.out, "end\n0\n1\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST(ReplScript, MissingPartsSaySoPlainly) {
  auto r = repl(":exec\n:parse\n:inv\n");
  EXPECT_NE(r.err.find("no logical form to run: :parse TEXT, :lf FORM or :exec FORM first"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("usage: :parse TEXT"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "no inventory: :survival makes a survival world whose agent has one, and :deps TASK shows the "
                   "episode's\n");
}

// The shipped model (models/parser.bin) parses; :exec then runs its best form in
// the village. What the model reads is its business: the test checks the shape
// of the N-best list and that :exec took the parse, not a particular form.
TEST(ReplScript, ParseThenExecRunsTheBestParse) {
  auto r = repl(":parse build a red cube next to the tree\n:exec\n");
  EXPECT_NE(r.out.find("#1  p="), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("]{"), std::string::npos) << r.out;  // a span marked in the utterance
  EXPECT_NE(r.out.find("(:exec runs #1)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("the CAIP executor acts on scene village"), std::string::npos) << r.out << r.err;
  EXPECT_EQ(r.err.find("no logical form to run"), std::string::npos) << r.err;
}

TEST(ReplScript, DepsRunsTheLoopRoundByRound) {
  // Enter after the round goes on; :inv then shows the episode's last inventory.
  auto r = repl(":deps wooden_button\n\n:inv\n:deps obtain 1 stone_pickaxe\n:abort\n:deps unobtainium\n");
  EXPECT_NE(r.out.find("== round 0: initial oracle plan"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("def obtain_1_wooden_button("), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  step 1: mine({'log':1}, null) -> ok"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("== result: obtained 1 wooden_button after 0 re-plan round(s)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(success)\n3 planks, 1 wooden_button\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("def obtain_1_stone_pickaxe("), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("the DEPS episode was stopped\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("== result: obtained 1 stone_pickaxe"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("unobtainium"), std::string::npos) << r.err;
}

TEST(ReplScript, ExecRunsALogicalFormInTheCaipExecutor) {
  auto r = repl(
      ":lf {'dialogue_type': 'HUMAN_GIVE_COMMAND', 'action_sequence': [{'action_type': 'DANCE'}]}\n:exec\n"
      ":exec {'text': 'build a cube', 'logical_form': {'dialogue_type': 'HUMAN_GIVE_COMMAND', "
      "'action_sequence': [{'action_type': 'BUILD', 'schematic': {'has_name': [0, [2, 2]]}}]}}\n"
      ":undo\n:undo\n:exec {'dialogue_type': 'FOO'}\n");
  EXPECT_NE(r.out.find("(the CAIP executor acts on scene village from now on"), std::string::npos) << r.out << r.err;
  EXPECT_NE(r.out.find("[DANCE: done;"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("I built a cube"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[BUILD: done; 27 blocks changed"), std::string::npos) << r.out;
  // :undo acts on the executor's world: the agent's move, then the cube's 27 blocks.
  EXPECT_NE(r.out.find("undid 27 world changes"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("dialogue_type: 'FOO' is not one of"), std::string::npos) << r.err;
}

TEST(ReplScript, SkillsActOnASurvivalWorldAndUndoRevertsTheWorld) {
  auto r = repl(":survival\nmine({'log': 2}, null)\n:inv\ncraft({'planks': 4}, {'log': 1}, null)\n:inv\n:undo\n"
                ":undo\n:survival x\n");
  EXPECT_EQ(r.out, "a survival world (seed 0): mine, craft, smelt, kill and equip act on it; :inv, :world\n"
                   "True\n2 log\nTrue\n1 log, 4 planks\n"
                   "undid 4 world changes\n"
                   "nothing to undo (:undo reverts the world changes of the last input that made any)\n");
  EXPECT_EQ(r.err, "usage: :survival [SEED] (a number), not 'x'\n");
}

TEST(ReplScript, StepsThroughADepsPlanInASurvivalWorld) {
  std::string plan = "examples/deps/02_deps_wooden_button.plank";  // run_plank runs in the source folder
  auto r = repl(":survival\n:break 5\n:run " + plan + "\n:where\n:inv\n:next\n:inv\n:continue\n:inv\n");
  EXPECT_NE(r.out.find("paused at " + plan + ":5 in obtain_1_wooden_button\n"
                       "-> craft({'planks':4}, {'log':1}, null); # step 2: craft 4 planks from 1 log\n"),
            std::string::npos)
      << r.out << r.err;
  EXPECT_NE(r.out.find("  obtain_1_wooden_button at " + plan + ":5\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n1 log\npaused at " + plan + ":6 in obtain_1_wooden_button\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n4 planks\n3 planks, 1 wooden_button\n"), std::string::npos) << r.out;
}

TEST(ReplScript, HelpListsEveryCommandAndUnknownOnesAreRefused) {
  auto r = repl(":help\n:help lf\n:frobnicate\n:h\n");
  for (const char* c : {":load FILE", ":break [LINE", ":where", ":world", ":mem SQL", ":lf FORM", ":undo", ":quit"})
    EXPECT_NE(r.out.find(c), std::string::npos) << c;
  EXPECT_NE(r.out.find(":lf FORM\n  validate and pretty-print"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("unknown command ':frobnicate' (:help lists the commands)"), std::string::npos) << r.err;
}

TEST(ReplScript, LogicalFormsAreValidatedAsCheckLfDoes) {
  auto r = repl(
      "form = {'dialogue_type': 'HUMAN_GIVE_COMMAND', 'action_sequence': [{'action_type': 'DANCE'}]}\n"
      ":lf form\n:lf {\"dialogue_type\": \"NOOP\"}\n:lf {'dialogue_type': 'FOO'}\n");
  EXPECT_NE(r.out.find("\"action_type\": \"DANCE\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"dialogue_type\": \"NOOP\""), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("dialogue_type: 'FOO' is not one of HUMAN_GIVE_COMMAND, GET_MEMORY, PUT_MEMORY, NOOP"),
            std::string::npos)
      << r.err;
}

TEST(ReplScript, MemoryAnswersSql) {
  auto r = repl(":mem SELECT COUNT(*) AS n FROM triples\n:mem SELEC nonsense\n");
  EXPECT_NE(r.out.find("n\n-\n0\n(1 row)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("sqlite: error:"), std::string::npos) << r.err;
}

// :mem only reads: a write is refused before it runs and the table survives;
// :mem! writes.
TEST(ReplScript, MemReadsOnlyAndMemBangWrites) {
  auto r = repl(":mem DROP TABLE triples\n:mem SELECT COUNT(*) AS n FROM triples\n"
                ":mem! INSERT INTO triples (subject, predicate, object, time) VALUES ('a', 'b', 'c', 0)\n"
                ":mem SELECT COUNT(*) AS n FROM triples\n");
  EXPECT_NE(r.err.find("writes"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(":mem!"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("n\n-\n0\n(1 row)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("n\n-\n1\n(1 row)\n"), std::string::npos) << r.out << r.err;
}

TEST(ReplScript, WorldsOpenSaveRenderAndShow) {
  fs::path dir = temp_dir("world");
  std::string scene = std::string(PLANK_SOURCE_DIR) + "/examples/scenes/village.json";
  auto r = repl(":open " + scene + "\n:world\n:save " + (dir / "w.json").string() + "\n:render " +
                (dir / "w.png").string() + "\n:open " + (dir / "w.json").string() + "\n:open /nonexistent.json\n");
  EXPECT_NE(r.out.find("opened " + scene), std::string::npos) << r.out << r.err;
  EXPECT_NE(r.out.find("top view"), std::string::npos);
  EXPECT_NE(r.out.find("side view from the south"), std::string::npos);
  std::string png = read_all(dir / "w.png");
  ASSERT_GT(png.size(), 8u);
  EXPECT_EQ(png.substr(1, 3), "PNG");
  // Saving is canonical: the saved scene, opened and saved again, is the same bytes.
  auto again = repl(":open " + (dir / "w.json").string() + "\n:save " + (dir / "w2.json").string() + "\n");
  EXPECT_EQ(read_all(dir / "w.json"), read_all(dir / "w2.json"));
  EXPECT_NE(r.err.find("/nonexistent.json"), std::string::npos) << r.err;
  fs::remove_all(dir);
}

TEST(ReplScript, LoadKeepsDefinitionsRunDoesNot) {
  fs::path dir = temp_dir("load");
  std::ofstream(dir / "lib.plank") << "def twice(n):\n    return 2 * n\nprint('loaded')\n";
  auto r = repl(":run " + (dir / "lib.plank").string() + "\ntwice(1)\n:load " + (dir / "lib.plank").string() +
                "\ntwice(21)\n:reset\ntwice(1)\n");
  EXPECT_EQ(r.out, "loaded\nloaded\n42\nsession reset: every name is forgotten (the world is kept)\n");
  EXPECT_NE(r.err.find("NameError: name 'twice' is not defined"), std::string::npos) << r.err;
  fs::remove_all(dir);
}

TEST(ReplScript, StepsThroughAPlanWithBreakNextWhereContinue) {
  fs::path dir = temp_dir("step");
  std::ofstream(dir / "plan.plank") << "def gather(n):\n    total = 0\n    for i in range(n):\n"
                                       "        total = total + i\n    return total\n\n"
                                       "a = gather(3)\nprint('done', a)\n";
  std::string plan = (dir / "plan.plank").string();
  auto r = repl(":break 4\n:run " + plan + "\n:where\n:next\ntotal\n:break -4\n:continue\n:where\n");
  EXPECT_EQ(r.out, "breakpoint at line 4\n"
                   "paused at " + plan + ":4 in gather\n-> total = total + i\n"
                   "call stack (innermost last):\n  <module> at " + plan + ":7\n  gather at " + plan + ":4\n"
                   "locals:\n  n = 3\n  total = 0\n  i = 0\n"
                   "paused at " + plan + ":3 in gather\n-> for i in range(n):\n"
                   "0\n"
                   "removed the breakpoint at line 4\n"
                   "done 3\n");
  EXPECT_EQ(r.err, "no program is paused (:break LINE or :step, then run something)\n");
  fs::remove_all(dir);
}

TEST(ReplScript, StepPausesTheNextInputAtItsFirstStatement) {
  auto r = repl("def f(n):\n    m = n + 1\n    return m\n\n:step\nf(1)\n:step\n:step\n:where\n:out\n:continue\n");
  EXPECT_EQ(r.out, "the next input or :run pauses at its first statement\n"
                   "paused at <input 2>:1 in <module>\n-> f(1)\n"
                   "paused at <input 1>:2 in f\n-> m = n + 1\n"
                   "paused at <input 1>:3 in f\n-> return m\n"
                   "call stack (innermost last):\n  <module> at <input 2>:1\n  f at <input 1>:3\n"
                   "locals:\n  n = 1\n  m = 2\n"
                   "2\n");
}

TEST(ReplScript, EndOfInputWhilePausedStopsTheProgram) {
  auto r = repl(":step\nprint('never')\n");
  EXPECT_EQ(r.out.find("\nnever\n"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("Interrupted"), std::string::npos) << r.err;
}

TEST(ReplScript, TimeReportsThePhasesOfTheLastInput) {
  auto r = repl(":time\nx = 1\n:time\n");
  EXPECT_NE(r.out.find("no input has run yet"), std::string::npos);
  EXPECT_NE(r.out.find("parse "), std::string::npos);
  EXPECT_NE(r.out.find(" ms, compile "), std::string::npos);
  EXPECT_NE(r.out.find("), run "), std::string::npos);
}

TEST(ReplScript, UndoSaysWhenThereIsNothingToUndo) {
  auto r = repl(":undo\n");
  EXPECT_EQ(r.out, "nothing to undo (:undo reverts the world changes of the last input that made any)\n");
}

TEST(ReplScript, BadBytesNeverCrashIt) {
  std::string junk = std::string("\x01\x02\xff(\n") + "]]]\n:break x\n:break 0\n:mem\n:lf\n:lf [1,\n" + "\t\t\n" +
                     std::string(5000, '(') + "\n" + "x = 1\nx\n";
  auto r = repl(junk);
  EXPECT_LT(r.exit_code, 2) << r.err;  // 1: inputs failed; never a crash
}

}  // namespace
}  // namespace plank::test
