// The command line's contracts: subcommands, exit codes (0 ok, 1 input errors,
// 2 usage), and the shapes of text and JSON output.
#include <cstdio>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli/run_plank.h"

using plank::test::run_plank;
using ::testing::HasSubstr;

TEST(Cli, VersionPrintsNameAndVersion) {
  auto r = run_plank("--version");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(r.out, HasSubstr("plank 0."));
}

// Only plank-train links libtorch: its static initialisers cost ~0.3 s of CPU at
// every start, which `plank run hello.plank` must not pay (docs/PERFORMANCE.md).
TEST(Cli, PlankDoesNotLoadLibtorch) {
  std::string cmd = "ldd '" PLANK_BINARY "'";
  FILE* pipe = ::popen(cmd.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string libs;
  char buf[512];
  while (std::fgets(buf, sizeof buf, pipe)) libs += buf;
  ASSERT_EQ(::pclose(pipe), 0) << libs;
  EXPECT_THAT(libs, testing::HasSubstr("libLLVM"));  // the listing is real
  EXPECT_THAT(libs, testing::Not(testing::HasSubstr("libtorch")));
}

TEST(Cli, HelpListsSubcommands) {
  auto r = run_plank("help");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(r.out, HasSubstr("check"));
  auto sub = run_plank("help check");
  EXPECT_EQ(sub.exit_code, 0);
  EXPECT_THAT(sub.out, HasSubstr("--jsonl"));
}

TEST(Cli, UsageErrorsExitWithTwo) {
  EXPECT_EQ(run_plank("frobnicate").exit_code, 2);
  EXPECT_EQ(run_plank("check --no-such-flag x").exit_code, 2);
  EXPECT_EQ(run_plank("check").exit_code, 2);  // nothing to check
  EXPECT_EQ(run_plank("check --lf a.json --jsonl b.jsonl").exit_code, 2);
  EXPECT_EQ(run_plank("check --dump=llvm examples/errors/unclosed_dict.plank").exit_code, 2);
  EXPECT_EQ(run_plank("help no-such-command").exit_code, 2);
}

TEST(Cli, InfoReportsDevices) {
  auto r = run_plank("info");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(r.out, HasSubstr("gpu devices:"));
}

TEST(Cli, MissingFileIsAnInputError) {
  auto r = run_plank("check does/not/exist.plank");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("cannot open 'does/not/exist.plank'"));
}

TEST(Cli, CleanPlanChecksWithExitZero) {
  auto r = run_plank("check -", "mine({'log':3}, null); craft({'planks':12}, {'log':3}, null)\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("0 errors"));
}

TEST(Cli, BrokenPlanShowsLineColumnAndCaret) {
  auto r = run_plank("check --color=never examples/errors/unclosed_dict.plank");
  EXPECT_EQ(r.exit_code, 1);
  // The ')' at column 36 closes the '{' opened at column 22: name both.
  EXPECT_THAT(r.err, HasSubstr("examples/errors/unclosed_dict.plank:3:36: error: closing ')' does not match "
                               "opening '{' at 3:22 (missing '}'?)"));
  EXPECT_THAT(r.err, HasSubstr("craft({'planks':12}, {'log':3, null);\n"));
  EXPECT_THAT(r.err, HasSubstr("\n" + std::string(2 + 35, ' ') + "^\n"));
  EXPECT_THAT(r.err, HasSubstr("1 error\n"));
}

TEST(Cli, SourceDiagnosticsAsJson) {
  auto r = run_plank("check --json examples/errors/unclosed_dict.plank");
  EXPECT_EQ(r.exit_code, 1);
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["errors"], 1);
  EXPECT_EQ(j["diagnostics"][0]["line"], 3);
  EXPECT_EQ(j["diagnostics"][0]["column"], 36);
  EXPECT_EQ(j["diagnostics"][0]["file"], "examples/errors/unclosed_dict.plank");
}

TEST(Cli, DumpAstPrintsTheTree) {
  auto r = run_plank("check --dump=ast -", "x = 1 + 2\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Assign"));
}

TEST(Cli, RunReadsStandardInputAndShowsTheCallStack) {
  auto ok = run_plank("run -", "print({'a': [1, 2.5, None, True]})\n");
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(ok.out, "{'a': [1, 2.5, None, True]}\n");
  auto bad = run_plank("run --engine=interp -", "def f(d):\n    return d['log']\nf({})\n");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.err, "<stdin>:2: error: KeyError: 'log'\n  in <module> at <stdin>:3\n  in f at <stdin>:2\n");
}
