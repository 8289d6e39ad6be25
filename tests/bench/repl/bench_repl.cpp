// plank_bench_repl [N]: the time from a typed one-line statement to its result
// (parse + check + lower + JIT or interpreter + run), as `plank repl` does it,
// median over N inputs (default 200) after 10 warm-up inputs, for each engine;
// in the same run, python3 compiling and running the same statements through
// code.InteractiveInterpreter.runsource (what its REPL does per input), timed
// inside python. Figures: docs/PERFORMANCE.md ("REPL response time").
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "compiler/engine/engine.h"
#include "compiler/engine/program_state.h"

namespace {

// One-line statements a user types, each depending on the ones before.
const char* const kInputs[] = {
    "x = x + 1", "y = [x, x * 2, 'a']", "len(y) + x", "d = {'k': x, 'v': y}", "d['k'] * 3",
    "s = str(x) + 'z'", "print(s)", "t = (x, s)", "x > 5 and s != ''", "y[1] - y[0]",
};
constexpr size_t kInputCount = sizeof(kInputs) / sizeof(kInputs[0]);
constexpr int kWarmup = 10;

struct Figures {
  double median = 0, p90 = 0, first = 0;
  double compile = 0, run = 0;  // medians of the phases (plank)
  double early = 0, late = 0;   // medians of the first and the last tenth: growth with the session's size
};

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

Figures summarize(std::vector<double> ms, double first) {
  std::sort(ms.begin(), ms.end());
  Figures f;
  f.median = ms[ms.size() / 2];
  f.p90 = ms[ms.size() * 9 / 10];
  f.first = first;
  return f;
}

bool plank_figures(const std::string& engine, int n, Figures* out) {
  std::string printed;
  plank::engine::ProgramStateOptions o;
  o.engine = engine;
  o.out = &printed;
  plank::engine::ProgramState session(o);
  if (!session.error().empty()) return false;
  double first = 0;
  std::vector<double> ms, compile, run;
  auto one = [&](const std::string& text) {
    auto t0 = std::chrono::steady_clock::now();
    auto r = session.run(text, "<input>", true);
    double t = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (!r.ok()) std::fprintf(stderr, "%s: %s", text.c_str(), r.messages.c_str());
    printed.clear();
    compile.push_back(r.timings.parse + r.timings.compile);
    run.push_back(r.timings.run);
    return t;
  };
  first = one("x = 0");
  for (int i = 0; i < kWarmup; ++i) one(kInputs[i % kInputCount]);
  compile.clear();
  run.clear();
  for (int i = 0; i < n; ++i) ms.push_back(one(kInputs[i % kInputCount]));
  *out = summarize(ms, first);
  out->compile = median_of(compile);
  out->run = median_of(run);
  size_t tenth = std::max<size_t>(1, ms.size() / 10);
  out->early = median_of(std::vector<double>(ms.begin(), ms.begin() + tenth));
  out->late = median_of(std::vector<double>(ms.end() - tenth, ms.end()));
  return true;
}

bool python_figures(int n, Figures* out) {
  std::string script =
      "import code, io, sys, time\n"
      "inputs = [\"x = x + 1\", \"y = [x, x * 2, 'a']\", \"len(y) + x\", \"d = {'k': x, 'v': y}\", \"d['k'] * 3\",\n"
      "          \"s = str(x) + 'z'\", \"print(s)\", \"t = (x, s)\", \"x > 5 and s != ''\", \"y[1] - y[0]\"]\n"
      "n = " + std::to_string(n) + "\n"
      "out = io.StringIO(); real = sys.stdout; sys.stdout = out\n"
      "interp = code.InteractiveInterpreter()\n"
      "t0 = time.perf_counter(); interp.runsource('x = 0'); first = (time.perf_counter() - t0) * 1e3\n"
      "for i in range(" + std::to_string(kWarmup) + "): interp.runsource(inputs[i % len(inputs)])\n"
      "ms = []\n"
      "for i in range(n):\n"
      "    t0 = time.perf_counter(); interp.runsource(inputs[i % len(inputs)]); ms.append((time.perf_counter() - t0) * 1e3)\n"
      "    out.seek(0); out.truncate()\n"
      "sys.stdout = real\n"
      "ms.sort(); print(ms[len(ms) // 2], ms[len(ms) * 9 // 10], first)\n";
  std::string cmd = "python3 -c \"$PLANK_BENCH_PY\"";
  setenv("PLANK_BENCH_PY", script.c_str(), 1);
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return false;
  int got = std::fscanf(p, "%lf %lf %lf", &out->median, &out->p90, &out->first);
  pclose(p);
  return got == 3;
}

}  // namespace

int main(int argc, char** argv) {
  int n = argc > 1 ? std::max(10, std::atoi(argv[1])) : 200;
  std::printf("REPL response time per one-line input: median (p90) over %d inputs after %d warm-up; first input\n", n,
              kWarmup);
  Figures python{};
  bool have_python = python_figures(n, &python);
  std::vector<std::string> engines{"interp"};
  if (plank::engine::jit_available()) engines.push_back("jit");
  for (const auto& e : engines) {
    Figures f;
    if (!plank_figures(e, n, &f)) {
      std::printf("  plank %-6s  could not start\n", e.c_str());
      continue;
    }
    std::printf("  plank %-6s  %7.3f ms (%7.3f)   first %7.3f ms", e.c_str(), f.median, f.p90, f.first);
    if (have_python) std::printf("   %.1fx python3's time", f.median / python.median);
    std::printf("\n                compile %.3f ms + run %.3f ms; first tenth %.3f ms, last tenth %.3f ms\n", f.compile,
                f.run, f.early, f.late);
  }
  if (have_python)
    std::printf("  python3       %7.3f ms (%7.3f)   first %7.3f ms   (code.InteractiveInterpreter.runsource)\n",
                python.median, python.p90, python.first);
  else
    std::printf("  python3       not found: no peer figure\n");
  return 0;
}
