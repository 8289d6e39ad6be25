// Differential testing (issue 3): programs from the random generator
// (compiler/progen) must print exactly the same under python3 (the oracle),
// the reference interpreter and the JIT.
//
// Fast by design: the Plank side runs in-process (engine::run_program with the
// source and a captured output), and python3 runs once per shard for all of
// its programs (tests/diff/py_batch.py exec()s each in fresh globals with
// stdout captured). A failure names the seed: reproduce it with
//   plank gen-program --may-raise --seed N > p.py && python3 p.py && plank run p.py
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "compiler/engine/engine.h"
#include "compiler/engine/run.h"
#include "compiler/progen/progen.h"

namespace plank {
namespace {

namespace fs = std::filesystem;

#ifdef PLANK_SANITIZE_BUILD
constexpr int kProgramsPerShard = 5;  // ASan+UBSan runs ~10x slower: 200 programs
#else
constexpr int kProgramsPerShard = 50;
#endif
constexpr int kShards = 40;  // 40 x 50 = 2,000 programs in a normal build (each shard one ctest test)
// Top-level items per program (~60 lines): the JIT's compile time grows with the
// program's length (about 1 ms of CPU a line at -O0), so many short programs
// cover more than a few long ones for the same time.
constexpr int kProgramSize = 12;
constexpr uint64_t kFirstSeed = 1;

bool have_python3() { return std::system("python3 -c pass >/dev/null 2>&1") == 0; }

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Runs every program under python3 in one process; one output per program,
// ending in "<raised Kind: message>" when it raised.
std::vector<std::string> python_outputs(const std::vector<std::string>& programs, std::string* error) {
  fs::path dir = fs::temp_directory_path() / ("plank_diff_" + std::to_string(::getpid()) + "_" +
                                              std::to_string(reinterpret_cast<uintptr_t>(&programs)));
  fs::create_directories(dir);
  std::ofstream(dir / "in.json") << nlohmann::json(programs).dump();
  std::string cmd = "python3 '" PLANK_SOURCE_DIR "/tests/diff/py_batch.py' '" + (dir / "in.json").string() + "' '" +
                    (dir / "out.json").string() + "' 2>'" + (dir / "err").string() + "'";
  int rc = std::system(cmd.c_str());
  std::vector<std::string> outs;
  if (rc != 0) {
    *error = "python3 driver failed: " + read_file(dir / "err");
  } else {
    outs = nlohmann::json::parse(read_file(dir / "out.json")).get<std::vector<std::string>>();
  }
  fs::remove_all(dir);
  return outs;
}

struct PlankRun {
  bool ok = false;  // ran to the end, or stopped at a runtime error (not a compile error)
  std::string out, err;
};

// What the program printed, then "<raised Kind: message>" as py_batch.py writes
// it when the program stopped at a runtime error: the last line of the
// traceback (`Kind: message`, or `Kind` alone when the message is empty), as
// a .py program reports it (compiler/engine/python_traceback.h).
PlankRun run_plank(const std::string& source, const std::string& engine_name, int opt_level = 0) {
  PlankRun r;
  engine::RunOptions o;
  o.path = "gen.py";
  o.source = source;
  o.engine = engine_name;
  o.opt_level = opt_level;
  o.out = &r.out;
  o.err = &r.err;
  engine::RunResult result = engine::run_program(o);
  r.ok = result.exit_code == 0 || result.runtime_error;
  if (result.runtime_error) {
    std::string text = r.err;
    while (!text.empty() && text.back() == '\n') text.pop_back();
    size_t start = text.rfind('\n');
    std::string last = start == std::string::npos ? text : text.substr(start + 1);
    if (last.find(": ") == std::string::npos) last += ": ";
    r.out += "<raised " + last + ">";
  }
  return r;
}

// The first line where two outputs differ, for the failure message.
std::string first_difference(const std::string& want, const std::string& got) {
  std::istringstream a(want), b(got);
  std::string la, lb;
  for (int line = 1;; ++line) {
    bool ha = static_cast<bool>(std::getline(a, la)), hb = static_cast<bool>(std::getline(b, lb));
    if (!ha && !hb) return "outputs differ only in the final newline";
    if (la != lb || ha != hb)
      return "output line " + std::to_string(line) + ": python3 printed\n    " + (ha ? la : "<nothing>") +
             "\n  plank printed\n    " + (hb ? lb : "<nothing>");
  }
}

class Differential : public ::testing::TestWithParam<int> {};

// The JIT checks every operand kind lower/infer_types proved instead of
// assuming it (a SystemError names a wrong one), so 1,000 random programs also
// test the analysis's soundness.
void check_inferred_kinds() { ::setenv("PLANK_CHECK_KINDS", "1", 1); }

TEST_P(Differential, JitInterpreterAndPython3PrintTheSame) {
  if (!have_python3()) GTEST_SKIP() << "python3 not available";
  check_inferred_kinds();
  int shard = GetParam();
  std::vector<std::string> programs;
  std::vector<uint64_t> seeds;
  for (int i = 0; i < kProgramsPerShard; ++i) {
    uint64_t seed = kFirstSeed + static_cast<uint64_t>(shard * kProgramsPerShard + i);
    seeds.push_back(seed);
    progen::Options options;
    options.seed = seed;
    options.size = kProgramSize;
    options.may_raise = true;
    programs.push_back(progen::generate_program(options));
  }
  std::string error;
  std::vector<std::string> expected = python_outputs(programs, &error);
  ASSERT_TRUE(error.empty()) << error;
  ASSERT_EQ(expected.size(), programs.size());

  std::vector<std::string> engines = {"interp"};
  if (engine::jit_available()) engines.push_back("jit");
  int failures = 0, raised = 0;
  for (size_t i = 0; i < programs.size(); ++i) {
    if (expected[i].find("<raised ") != std::string::npos) ++raised;
    for (const auto& e : engines) {
      PlankRun r = run_plank(programs[i], e);
      if (r.ok && r.out == expected[i]) continue;
      ADD_FAILURE() << "seed " << seeds[i] << ", engine " << e << (r.ok ? "" : ": did not compile") << "\n"
                    << r.err << first_difference(expected[i], r.out)
                    << "\nreproduce: plank gen-program --may-raise --size " << kProgramSize << " --seed " << seeds[i] << " > p.py; python3 p.py; plank run --engine="
                    << e << " p.py";
      if (++failures >= 5) return;  // enough to act on
    }
  }
  // Most programs must run to their end (the generator avoids errors by
  // construction; about one in six ends with a deliberate one). The sanitizer
  // build's 5-program shards are too small for a rate: 2 of 5 is chance there.
  if (kProgramsPerShard >= 30) {
    EXPECT_LE(raised, kProgramsPerShard / 3) << "too many programs raised: the generator has a bug";
  }
}

INSTANTIATE_TEST_SUITE_P(Shards, Differential, ::testing::Range(0, kShards));

// LLVM's optimiser must not change what a program prints: a smaller set at -O2
// (its compile time is ~6x that of -O0), seeds beyond the shards'.
TEST(DifferentialOptimised, JitAtO2PrintsWhatPython3Prints) {
  if (!have_python3()) GTEST_SKIP() << "python3 not available";
  if (!engine::jit_available()) GTEST_SKIP() << "JIT not built";
  check_inferred_kinds();
#ifdef PLANK_SANITIZE_BUILD
  constexpr int kPrograms = 3;
#else
  constexpr int kPrograms = 12;
#endif
  std::vector<std::string> programs;
  for (int i = 0; i < kPrograms; ++i) {
    progen::Options options;
    options.seed = 100000 + static_cast<uint64_t>(i);
    options.may_raise = true;
    programs.push_back(progen::generate_program(options));
  }
  std::string error;
  std::vector<std::string> expected = python_outputs(programs, &error);
  ASSERT_TRUE(error.empty()) << error;
  ASSERT_EQ(expected.size(), programs.size());
  for (size_t i = 0; i < programs.size(); ++i) {
    PlankRun r = run_plank(programs[i], "jit", 2);
    EXPECT_TRUE(r.ok && r.out == expected[i]) << "seed " << 100000 + i << " at -O2:\n"
                                              << r.err << first_difference(expected[i], r.out);
  }
}

// The generator's own contract: deterministic, and different seeds differ.
TEST(ProgramGenerator, DeterministicFromTheSeed) {
  EXPECT_EQ(progen::generate_program({7, 24}), progen::generate_program({7, 24}));
  EXPECT_NE(progen::generate_program({7, 24}), progen::generate_program({8, 24}));
}

TEST(ProgramGenerator, SizeScalesTheProgram) {
  auto lines = [](const std::string& s) { return std::count(s.begin(), s.end(), '\n'); };
  long small = lines(progen::generate_program({3, 10}));
  long large = lines(progen::generate_program({3, 1000}));
  EXPECT_GT(large, 20 * small);
}

// Every program runs to the end (no runtime error) in the interpreter and
// covers the language: across 600 seeds (one in ten imports a module), each construct the generator knows appears.
TEST(ProgramGenerator, CoversTheCore) {
  std::string all;
  for (uint64_t seed = 1; seed <= 600; ++seed) all += progen::generate_program({seed, 24});
  for (const char* needle : {"def ", "lambda ", "while ", "for ", " in range(", "enumerate(", "zip(", "break", "continue",
                             "elif ", "else:", "return ", ".append(", ".pop(", ".insert(", ".extend(", ".index(",
                             ".get(", ".keys()", ".values()", ".items()", ".setdefault(", ".split(", ".join(", ".strip(",
                             ".replace(", ".startswith(", ".find(", "sorted(", "isinstance(", "sum(", "min(", "max(",
                             "abs(", "len(", "int(", "float(", "str(", "list(", "dict(", "repr(", "round(", " // ",
                             " % ", " ** ", " / ", "[::", " += ", " not in ", " is None", "sep=", "end=", "=True",
                             "box", "None", "True", "False",
                             // issue 27: the Python that plans are written in
                             "class ", "super().", "@property", "@staticmethod", "@classmethod", "__lt__", "__repr__",
                             "isinstance(", "try:", "except ", " as e", "else:", "finally:", "raise ", ") from e",
                             "raise\n", "yield ", "yield from ", ".send(", ".throw(", ".close()", "StopIteration",
                             ".value", "] for ", " if ", "{s", "sorted({", "sum(", "any(", "(lambda ", "*rest",
                             "**kw", ", *, ", "**{", "global ", "nonlocal ", " & ", " | ", " ^ ", "(~", " << ", " >> ",
                             " ** 2", "f'", "!r", ":>", ":.2f", "=}", "del ", "assert ", "with ", "__exit__", ", *v",
                             "[*", "{**", "[::", "] = [", "print('no break'",
                             // issue 27, the rest: coroutines, protocol classes, bytes, modules, the script idiom
                             "async def ", "= await ", ".send(None)", "__slots__", "__getitem__", "__iter__", "__hash__",
                             "bytes(", "bytearray(", ".hex()", "frozenset(", "map(", "filter(", "reversed(",
                             "math.floor(", "math.sqrt(", "math.gcd(", "math.isqrt(", "random.seed(", "random.randint(",
                             "random.choice(", "random.shuffle(", "random.random()", "itertools.chain(",
                             "itertools.product(", "itertools.permutations(", "itertools.accumulate(", "itertools.islice(",
                             "collections.deque(", "collections.defaultdict(", "collections.Counter(",
                             "collections.namedtuple(", "functools.reduce(", "functools.partial(",
                             "@functools.lru_cache", "2 ** ", "if __name__ == \"__main__\":\n    main()"}) {
    EXPECT_NE(all.find(needle), std::string::npos) << needle;
  }
}

}  // namespace
}  // namespace plank
