// Inputs written to hurt, through the real binary (issue 24): a command's cost
// stays linear in its input and its output stays bounded, whatever the input.
// Where a job has a python3 equivalent, Plank must do it within 3x python3's
// CPU time and peak memory, both measured here, in the same run.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/measure.h"
#include "cli/run_plank.h"

namespace {
namespace fs = std::filesystem;
using plank::test::Cost;
using plank::test::measure;

fs::path scratch(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("plank_hostile_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir / name;
}

void write(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

// A valid logical form of about `bytes` bytes: one action sequence of BUILD
// actions, each with a schematic, a location and a repeat.
std::string big_form(size_t bytes) {
  const std::string action =
      R"({"action_type": "BUILD", "schematic": {"has_name": [0, [1, 1]], "has_colour": [0, [2, 2]]}, )"
      R"("location": {"location_type": "REFERENCE_OBJECT", "relative_direction": "LEFT", )"
      R"("reference_object": {"has_name": [0, [4, 4]]}}, "repeat": {"repeat_key": "FOR", "repeat_count": [0, [3, 3]]}})";
  std::string form = R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [)";
  while (form.size() < bytes) {
    if (form.back() == '}') form += ", ";
    form += action;
  }
  return form + "]}";
}

// python3 doing the same job: read the JSON, refusing duplicate keys.
const char* kPythonReadsForm =
    "import json, sys\n"
    "def no_duplicates(pairs):\n"
    "    d = {}\n"
    "    for k, v in pairs:\n"
    "        if k in d: raise ValueError('duplicate key ' + k)\n"
    "        d[k] = v\n"
    "    return d\n"
    "json.load(open(sys.argv[1]), object_pairs_hook=no_duplicates)\n";

TEST(HostileInput, TenMegabyteFormWithinThreeTimesPython) {
  if (plank::test::kSanitized) GTEST_SKIP() << "timings are meaningless under sanitizers";
  if (!fs::exists(plank::test::kPython)) GTEST_SKIP() << plank::test::kPython << " is not installed";
  fs::path form = scratch("form10m.json");
  write(form, big_form(10u << 20));
  Cost plank = measure({PLANK_BINARY, "check", "--quiet", "--lf", form.string()});
  ASSERT_EQ(plank.exit_code, 0) << "the form is valid";
  Cost python = measure({plank::test::kPython, "-c", kPythonReadsForm, form.string()});
  ASSERT_EQ(python.exit_code, 0);
  ASSERT_GT(python.max_rss_kb, python.floor_kb) << "python3's peak is not above what the fork counted";
  RecordProperty("plank_cpu_s", std::to_string(plank.cpu_seconds));
  RecordProperty("python_cpu_s", std::to_string(python.cpu_seconds));
  EXPECT_LE(plank.cpu_seconds, 3 * python.cpu_seconds + 0.05)
      << "plank " << plank.cpu_seconds << " s, python3 " << python.cpu_seconds << " s";
  EXPECT_LE(plank.max_rss_kb, 3 * python.max_rss_kb)
      << "plank " << plank.max_rss_kb << " KB, python3 " << python.max_rss_kb << " KB";
  fs::remove_all(form.parent_path());
}

// Before the fix: duplicate keys were compared pairwise (80,000 keys: 23 s).
// A 100,000-line program of assignments, checked and run with both engines,
// against python3 compiling and running the same file, within the issue's 3x
// in CPU time and peak memory. The whole file's parse tree used to be held at
// once (575 MB to check), the JIT compiled the straight-line module body
// (18.5 s, 2.3 GB), and the ANTLR parse alone was about 4.5x python3's whole
// job; simple top-level statements are now parsed by hand
// (compiler/frontend/simple_statements.h): about 0.8x python3 to check, 1.4x to
// run (docs/PERFORMANCE.md). Every CPU time is the least of two runs, so that a
// run slowed by a test beside it on the two shared cores (up to 1.4x) does not
// decide the verdict (the test costs about 3 CPU-s).
Cost least_of_two(const std::vector<std::string>& argv) {
  Cost a = measure(argv), b = measure(argv);
  Cost least = a.cpu_seconds <= b.cpu_seconds ? a : b;
  least.max_rss_kb = std::max(a.max_rss_kb, b.max_rss_kb);
  least.exit_code = a.exit_code != 0 ? a.exit_code : b.exit_code;
  return least;
}

TEST(HostileInput, HundredThousandLineProgramNearPython) {
  if (plank::test::kSanitized) GTEST_SKIP() << "timings are meaningless under sanitizers";
  if (!fs::exists(plank::test::kPython)) GTEST_SKIP() << plank::test::kPython << " is not installed";
  fs::path program = scratch("lines100k.plank");
  std::string text;
  for (int i = 0; i < 100000; ++i) text += "x = 1\n";
  write(program, text + "print(x)\n");
  Cost python = least_of_two({plank::test::kPython, program.string()});
  ASSERT_EQ(python.exit_code, 0);
  ASSERT_GT(python.max_rss_kb, python.floor_kb) << "python3's peak is not above what the fork counted";
  struct Job {
    const char* name;
    std::vector<std::string> argv;
    double times_python;
  };
  const Job jobs[] = {
      {"check", {PLANK_BINARY, "check", program.string()}, 3.0},
      {"run_jit", {PLANK_BINARY, "run", "--engine", "jit", program.string()}, 3.0},
      {"run_interp", {PLANK_BINARY, "run", "--engine", "interp", program.string()}, 3.0},
  };
  for (const Job& job : jobs) {
    Cost plank = least_of_two(job.argv);
    ASSERT_EQ(plank.exit_code, 0) << job.name;
    RecordProperty(std::string("plank_") + job.name + "_cpu_s", std::to_string(plank.cpu_seconds));
    EXPECT_LE(plank.cpu_seconds, job.times_python * python.cpu_seconds)
        << job.name << ": plank " << plank.cpu_seconds << " s, python3 " << python.cpu_seconds << " s";
    EXPECT_LE(plank.max_rss_kb, 3 * python.max_rss_kb)
        << job.name << ": plank " << plank.max_rss_kb << " KB, python3 " << python.max_rss_kb << " KB";
  }
  RecordProperty("python_cpu_s", std::to_string(python.cpu_seconds));
  fs::remove_all(program.parent_path());
}

// Indexing and slicing a non-ASCII string found every character's offset
// afresh on each call: this loop over 40,000 'é' took 2.5 s (python3: 7 ms).
// The allowance beside 3x is Plank's start-up and compilation (docs/PERFORMANCE.md).
const char* kIndexNonAscii =
    "s = 'é' * 40000\n"
    "n = 0\n"
    "for i in range(len(s)):\n"
    "    if s[i] == 'é':\n"
    "        n += 1\n"
    "for i in range(0, len(s), 7):\n"
    "    n += len(s[i:i + 3]) + len(s[-i - 1])\n"
    "print(n)\n";

TEST(HostileInput, NonAsciiStringIndexedWithinThreeTimesPython) {
  if (plank::test::kSanitized) GTEST_SKIP() << "timings are meaningless under sanitizers";
  if (!fs::exists(plank::test::kPython)) GTEST_SKIP() << plank::test::kPython << " is not installed";
  fs::path program = scratch("index_non_ascii.plank");
  write(program, kIndexNonAscii);
  fs::path plank_out = scratch("plank.out"), python_out = scratch("python.out");
  Cost plank = measure({PLANK_BINARY, "run", program.string()}, plank_out.string());
  Cost python = measure({plank::test::kPython, program.string()}, python_out.string());
  ASSERT_EQ(plank.exit_code, 0);
  ASSERT_EQ(python.exit_code, 0);
  EXPECT_EQ(plank::test::read_all(plank_out), plank::test::read_all(python_out));
  RecordProperty("plank_cpu_s", std::to_string(plank.cpu_seconds));
  RecordProperty("python_cpu_s", std::to_string(python.cpu_seconds));
  EXPECT_LE(plank.cpu_seconds, 3 * python.cpu_seconds + 0.2)
      << "plank " << plank.cpu_seconds << " s, python3 " << python.cpu_seconds << " s";
  fs::remove_all(program.parent_path());
}

// The same characters as python3 for indexing and slicing a string of
// characters 1 to 4 bytes long, short and long enough to be indexed.
const char* kSliceMixed =
    "for s in ['aé€😀' * 3, 'aé€😀' * 100 + 'xyz' + 'ü' * 70]:\n"
    "    n = len(s)\n"
    "    chars = []\n"
    "    for i in range(-n, n):\n"
    "        chars.append(s[i])\n"
    "    print(n, ''.join(chars) == s + s)\n"
    "    for a, b, c in [(0, 5, 1), (3, 200, 7), (-50, -1, 2), (None, None, -3), (300, 10, -1), (5, 5, 1),\n"
    "                    (n - 3, n + 10, 1), (-n - 5, 2, 1), (1, None, 64)]:\n"
    "        print(a, b, c, s[a:b:c])\n";

TEST(HostileInput, NonAsciiIndexingAndSlicingAgreeWithPython) {
  if (!fs::exists(plank::test::kPython)) GTEST_SKIP() << plank::test::kPython << " is not installed";
  fs::path program = scratch("slice_mixed.plank");
  write(program, kSliceMixed);
  fs::path plank_out = scratch("plank.out"), python_out = scratch("python.out");
  for (const char* engine : {"interp", "jit"}) {
    Cost plank = measure({PLANK_BINARY, "run", "--engine", engine, program.string()}, plank_out.string());
    Cost python = measure({plank::test::kPython, program.string()}, python_out.string());
    ASSERT_EQ(python.exit_code, 0);
    EXPECT_EQ(plank.exit_code, 0) << engine;
    EXPECT_EQ(plank::test::read_all(plank_out), plank::test::read_all(python_out)) << engine;
  }
  fs::remove_all(program.parent_path());
}

TEST(HostileInput, FormWithManyKeysIsCheckedInLinearTime) {
  if (plank::test::kSanitized) GTEST_SKIP() << "timings are meaningless under sanitizers";
  std::string form = R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "MOVE")";
  for (int i = 0; i < 200000; ++i) form += ", \"key" + std::to_string(i % 100000) + "\": 1";
  form += "}]}";
  fs::path file = scratch("keys.json");
  write(file, form);
  Cost c = measure({PLANK_BINARY, "check", "--quiet", "--lf", file.string()});
  EXPECT_EQ(c.exit_code, 1);
  EXPECT_LT(c.cpu_seconds, 5.0);
  fs::remove_all(file.parent_path());
}

// Before the fix: every diagnostic copied its whole 218 KB line into the JSON,
// and all 10,000 were kept: 2.4 GB of output, 9 GB of memory.
TEST(HostileInput, DiagnosticsOfOneWideJsonlLineAreBounded) {
  std::string form = R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "MOVE")";
  for (int i = 0; i < 10000; ++i) form += ",\"unknown_key_" + std::to_string(100000 + i) + "\":1";
  form += "}]}";
  fs::path file = scratch("wide.jsonl");
  write(file, R"({"text": "move", "logical_form": )" + form + "}\n");
  fs::path out = scratch("out.json");
  Cost c = measure({PLANK_BINARY, "check", "--json", "--jsonl", file.string()}, out.string());
  EXPECT_EQ(c.exit_code, 1);
  // ASan's shadow memory and quarantine add about a hundred MB; the unbounded
  // diagnostics took 9 GB, so either bound tells them apart.
  EXPECT_LT(c.max_rss_kb, (plank::test::kSanitized ? 1024 : 400) * 1024);
  std::string text = plank::test::read_all(out);
  EXPECT_LT(text.size(), 2u << 20);
  auto j = nlohmann::json::parse(text);
  EXPECT_EQ(j["invalid"], 1);
  const auto& errors = j["errors"];
  ASSERT_GE(errors.size(), 2u);
  EXPECT_EQ(errors.back()["code"], "diagnostics.truncated");
  EXPECT_EQ(errors.back()["severity"], "note");
  // Every unknown key is counted, kept or not.
  size_t kept = errors.size() - 1;
  EXPECT_EQ(errors.back()["message"], std::to_string(10000 - kept) + " more errors not shown");
  for (size_t i = 0; i < kept; ++i) EXPECT_LE(errors[i]["source_line"].get<std::string>().size(), 200u);
  fs::remove_all(file.parent_path());
}

TEST(HostileInput, TextDiagnosticsEndWithHowManyMore) {
  std::string form = R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "MOVE")";
  for (int i = 0; i < 5000; ++i) form += ",\"unknown_key_" + std::to_string(i) + "\":1";
  auto r = plank::test::run_plank("check --color=never --lf -", form + "}]}");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, ::testing::HasSubstr("note: 4000 more errors not shown\n"));
  EXPECT_LT(r.err.size(), 1u << 20);
}

}  // namespace
