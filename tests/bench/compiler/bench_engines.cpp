// JIT vs interpreter vs CPython on the same programs (Plank's core is
// Python-compatible: each source runs unchanged under python3), and compile
// latency of the pipeline (parse, check, lower, bind, prepare).
//
//   plank_bench_engines                      all benchmarks and a ratio table
//   plank_bench_engines --benchmark_filter=Run/fib
//
// Plank times are whole `run_program` calls with the source in memory (front
// end + JIT compile + run; the compile part is measured separately below).
// python3 is spawned in the same run: it execs the same source with print
// silenced, best of 3, timed inside python (no interpreter startup).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "check/check.h"
#include "engine/bind.h"
#include "engine/engine.h"
#include "engine/run.h"
#include "frontend/parser.h"
#include "lower/lower.h"
#include "runtime/core/heap.h"
#include "runtime/core/module_runtime.h"
#include "support/diagnostics.h"

namespace {

struct Program {
  const char* name;
  const char* source;
};

const Program kPrograms[] = {
    {"fib30",
     "def fib(n):\n"
     "    if n < 2:\n"
     "        return n\n"
     "    return fib(n - 1) + fib(n - 2)\n"
     "print(fib(30))\n"},
    {"int_loop",
     "def main():\n"
     "    total = 0\n"
     "    i = 0\n"
     "    while i < 3000000:\n"
     "        total = (total + i * 7) % 1000003\n"
     "        i += 1\n"
     "    return total\n"
     "print(main())\n"},
    {"float_loop",
     "def main():\n"
     "    x = 0.0\n"
     "    y = 1.0\n"
     "    for i in range(2000000):\n"
     "        x = x * 0.999 + i * 0.5\n"
     "        if x > y:\n"
     "            y = y + 1.5\n"
     "    return x + y\n"
     "print(main())\n"},
    {"list_dict",
     "def main():\n"
     "    xs = []\n"
     "    for i in range(200000):\n"
     "        xs.append(i * 3 % 1000)\n"
     "    counts = {}\n"
     "    for x in xs:\n"
     "        if x in counts:\n"
     "            counts[x] = counts[x] + 1\n"
     "        else:\n"
     "            counts[x] = 1\n"
     "    total = 0\n"
     "    for k in counts:\n"
     "        total = total + k * counts[k]\n"
     "    ys = []\n"
     "    for x in xs:\n"
     "        if x % 2 == 0:\n"
     "            ys.append(x + 1)\n"
     "    return total + len(ys) + xs[1000]\n"
     "print(main())\n"},
    {"strings",
     "def main():\n"
     "    parts = []\n"
     "    for i in range(100000):\n"
     "        s = 'item' + str(i)\n"
     "        if len(s) > 8:\n"
     "            s = s.upper()\n"
     "        parts.append(s)\n"
     "    text = ','.join(parts)\n"
     "    return len(text) + len(text.split(','))\n"
     "print(main())\n"},
    {"str_append",
     "def main():\n"
     "    s = ''\n"
     "    for i in range(300000):\n"
     "        s += str(i % 10)\n"
     "        if i % 1000 == 0:\n"
     "            s = s + '.'\n"
     "    return len(s)\n"
     "print(main())\n"},
};

std::map<std::string, double> g_seconds;  // "program/engine" -> run time (median of the iterations)
std::map<std::string, double> g_compile;  // "program/engine" -> compile time (median)

double median(std::vector<double> v) {
  if (v.empty()) return -1;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// Whole run_program wall time; *run and *compile get its two parts.
double run_plank(const std::string& source, const std::string& engine, int opt, std::string* out, double* run,
                 double* compile) {
  plank::engine::RunOptions o;
  o.path = "bench.py";
  o.source = source;
  o.engine = engine;
  o.opt_level = opt;
  std::string err;
  o.out = out;
  o.err = &err;
  auto start = std::chrono::steady_clock::now();
  auto r = plank::engine::run_program(o);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (r.exit_code != 0) std::fprintf(stderr, "plank %s failed: %s\n", engine.c_str(), err.c_str());
  *run = r.run_cpu_seconds;
  *compile = r.compile_seconds;
  return s;
}

// Reports the CPU time of running the module body (manual time), as python3's
// figure below excludes its start-up and compilation; compilation is reported
// apart (wall time).
void BM_Run(benchmark::State& state, const Program* p, std::string engine, int opt) {
  std::string out;
  std::vector<double> runs, compiles;
  for (auto _ : state) {
    out.clear();
    double run = 0, compile = 0;
    run_plank(p->source, engine, opt, &out, &run, &compile);
    runs.push_back(run);
    compiles.push_back(compile);
    state.SetIterationTime(run);
  }
  std::string key = std::string(p->name) + "/" + engine + (engine == "jit" ? "-O" + std::to_string(opt) : "");
  g_seconds[key] = median(runs);
  g_compile[key] = median(compiles);
  state.counters["compile_ms"] = median(compiles) * 1e3;
  state.SetLabel(out.substr(0, out.find('\n')));
}

// python3 execs the file with print silenced; median of 5, timed in-process
// (thread CPU time, like Plank's run figure: the machine is shared).
const char* kPythonHarness =
    "import sys,time\n"
    "src=open(sys.argv[1]).read()\n"
    "code=compile(src,sys.argv[1],'exec')\n"
    "times=[]\n"
    "for _ in range(5):\n"
    "    g={'__name__':'__main__','print':lambda *a,**k:None}\n"
    "    t=time.thread_time(); exec(code,g); times.append(time.thread_time()-t)\n"
    "sys.stdout.write(repr(sorted(times)[2]))\n";

double run_python(const Program* p) {
  std::string dir = "/tmp";
  std::string file = dir + "/plank_bench_" + p->name + ".py";
  std::string harness = dir + "/plank_bench_harness.py";
  std::ofstream(file) << p->source;
  std::ofstream(harness) << kPythonHarness;
  std::string cmd = "python3 " + harness + " " + file;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return -1;
  char buf[128] = {0};
  size_t n = fread(buf, 1, sizeof buf - 1, pipe);
  buf[n] = 0;
  if (pclose(pipe) != 0) return -1;
  return std::atof(buf);
}

void BM_Python(benchmark::State& state, const Program* p) {
  double s = 0;
  for (auto _ : state) {
    s = run_python(p);
    if (s < 0) {
      state.SkipWithError("python3 failed");
      return;
    }
    state.SetIterationTime(s);
  }
  g_seconds[std::string(p->name) + "/python3"] = s;
}

// ---- compile latency: parse + check + lower + bind + prepare (no run)

std::string program_50_lines() {
  std::string s;
  s += "def clamp(x, lo, hi):\n    if x < lo:\n        return lo\n    if x > hi:\n        return hi\n    return x\n";
  s += "def mean(xs):\n    total = 0.0\n    for x in xs:\n        total = total + x\n    return total / len(xs)\n";
  s += "def words(text):\n    out = {}\n    for w in text.split(' '):\n        if w in out:\n"
       "            out[w] = out[w] + 1\n        else:\n            out[w] = 1\n    return out\n";
  s += "def fib(n):\n    a = 0\n    b = 1\n    for i in range(n):\n        a, b = b, a + b\n    return a\n";
  s += "def make_adder(k):\n    def add(x):\n        return x + k\n    return add\n";
  s += "class_like = {'name': 'box', 'size': 3}\n";
  s += "xs = []\nfor i in range(10):\n    xs.append(clamp(i, 2, 8))\nprint(xs)\nprint(mean(xs))\n";
  s += "print(words('a b a c b a'))\nprint(fib(20))\nadd3 = make_adder(3)\nprint(add3(4))\n";
  s += "total = 0\nfor i in range(10):\n    if i % 2 == 0:\n        total += i\n    else:\n        total -= 1\n";
  s += "print(total)\nname = class_like['name']\nprint(name.upper(), class_like['size'] * 2)\n";
  s += "assert total > 0, 'total'\nprint('done')\n";
  return s;
}

std::string program_generated(int functions) {  // 10 lines per function
  std::string s;
  for (int i = 0; i < functions; ++i) {
    std::string n = std::to_string(i);
    s += "def f" + n + "(a, b):\n";
    s += "    x = a * " + n + " + b\n";
    s += "    y = [x, a, b]\n";
    s += "    for v in y:\n";
    s += "        if v % 3 == 0:\n";
    s += "            x = x + v\n";
    s += "        else:\n";
    s += "            x = x - 1\n";
    s += "    return x + len(y)\n";
    s += "print(f" + n + "(1, 2))\n";
  }
  return s;
}

void BM_Compile(benchmark::State& state, std::string source, std::string engine, int opt) {
  using namespace plank;
  SourceRef file = SourceFile::from_string("gen.py", source);
  for (auto _ : state) {
    DiagnosticSink sink;
    auto module = frontend::parse_module(file, sink);
    check::CheckedModule checked = check::check_module(*module, sink);
    ir::Module ir = lower::lower_module(checked, {}, sink);
    if (sink.has_errors()) {
      state.SkipWithError("front end failed");
      return;
    }
    core::Thread thread;
    core::Heap heap(&thread);
    core::ModuleRuntime runtime;
    engine::bind(ir, thread, runtime);
    engine::EngineOptions eo;
    eo.opt_level = opt;
    auto e = engine == "jit" ? engine::make_jit_engine(eo) : engine::make_interpreter(eo);
    std::string error;
    if (!e->prepare(ir, runtime, &error)) {
      state.SkipWithError(error.c_str());
      heap.remove_module(&runtime);
      return;
    }
    heap.remove_module(&runtime);
  }
  state.counters["lines"] = static_cast<double>(std::count(source.begin(), source.end(), '\n'));
}

}  // namespace

int main(int argc, char** argv) {
  for (const Program& p : kPrograms) {
    std::string name = std::string("Run/") + p.name;
    benchmark::RegisterBenchmark((name + "/interp").c_str(), BM_Run, &p, "interp", 0)
        ->UseManualTime()->Iterations(5)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((name + "/jit-O0").c_str(), BM_Run, &p, "jit", 0)
        ->UseManualTime()->Iterations(5)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((name + "/jit-O2").c_str(), BM_Run, &p, "jit", 2)
        ->UseManualTime()->Iterations(5)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((name + "/python3").c_str(), BM_Python, &p)
        ->UseManualTime()->Iterations(1)->Unit(benchmark::kMillisecond);
  }
  std::string small = program_50_lines();
  std::string medium = program_generated(50);
  std::string big = program_generated(500);
  for (auto [label, src] : {std::pair<const char*, std::string*>{"50_lines", &small},
                            {"500_lines", &medium},
                            {"5000_lines", &big}}) {
    std::string name = std::string("Compile/") + label;
    benchmark::RegisterBenchmark((name + "/interp").c_str(), BM_Compile, *src, "interp", 0)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((name + "/jit-O0").c_str(), BM_Compile, *src, "jit", 0)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((name + "/jit-O2").c_str(), BM_Compile, *src, "jit", 2)->Unit(benchmark::kMillisecond);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();

  std::printf("\nrun time (thread CPU time, median; compilation excluded, as for python3)\n");
  std::printf("%-12s %10s %10s %10s %10s %12s %12s %12s %12s\n", "program", "interp", "jit-O0", "jit-O2", "python3",
              "py/jit-O0", "py/jit-O2", "interp/O2", "O2 compile");
  for (const Program& p : kPrograms) {
    auto get = [&](const char* e) {
      auto it = g_seconds.find(std::string(p.name) + "/" + e);
      return it == g_seconds.end() ? -1.0 : it->second;
    };
    double i = get("interp"), j0 = get("jit-O0"), j2 = get("jit-O2"), py = get("python3");
    if (i < 0 && j0 < 0 && j2 < 0 && py < 0) continue;
    auto ms = [](double v) { return v < 0 ? std::string("-") : std::to_string(v * 1e3).substr(0, 7) + "ms"; };
    auto ratio = [](double py, double j) {
      return py > 0 && j > 0 ? std::to_string(py / j).substr(0, 5) + "x" : std::string("-");
    };
    auto c = g_compile.find(std::string(p.name) + "/jit-O2");
    std::printf("%-12s %10s %10s %10s %10s %12s %12s %12s %12s\n", p.name, ms(i).c_str(), ms(j0).c_str(),
                ms(j2).c_str(), ms(py).c_str(), ratio(py, j0).c_str(), ratio(py, j2).c_str(), ratio(i, j2).c_str(),
                c == g_compile.end() ? "-" : ms(c->second).c_str());
  }
  return 0;
}
