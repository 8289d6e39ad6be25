// JIT vs interpreter vs CPython on the same programs (Plank's core is
// Python-compatible: each source runs unchanged under python3), compile
// latency of the pipeline (parse, check, lower, bind, prepare) at 50, 500 and
// 5,000 lines, start-up of `plank run hello.plank` vs `python3 -c pass`, and each
// program whole (`plank run FILE` vs `python3 FILE`, start-up and compilation included).
//
//   plank_bench_engines                      all benchmarks and the ratio tables
//   plank_bench_engines --benchmark_filter=Run/fib
//
// Run figures are the thread CPU time of running the module body (median of
// 5 `run_program` calls with the source in memory; compilation is reported
// apart). python3 is spawned in the same run: it execs the same source with
// print silenced, timed inside python with time.thread_time (median of 5; no
// start-up, no compilation). CPU time because the machine is shared.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "compiler/check/check.h"
#include "compiler/engine/bind.h"
#include "compiler/engine/engine.h"
#include "compiler/engine/run.h"
#include "compiler/frontend/parser.h"
#include "compiler/lower/lower.h"
#include "runtime/heap.h"
#include "runtime/module_runtime.h"
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

// The peer is the interpreter itself: the python3 first on PATH may be a
// version manager's shell-script shim, which adds about 80 ms to every start.
const char* kPython = "/usr/bin/python3.11";

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
  std::string cmd = std::string(kPython) + " " + harness + " " + file;
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

std::map<std::string, double> g_latency;  // "label/engine" -> compile seconds (process CPU time, median)

// Process CPU time: the parser runs on a thread of its own (a large stack).
double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

void BM_Compile(benchmark::State& state, std::string label, std::string source, std::string engine, int opt) {
  using namespace plank;
  SourceRef file = SourceFile::from_string("gen.py", source);
  std::vector<double> times;
  for (auto _ : state) {
    double start = cpu_seconds();
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
    times.push_back(cpu_seconds() - start);
  }
  g_latency[label + "/" + engine + (engine == "jit" ? "-O" + std::to_string(opt) : "")] = median(times);
  state.counters["lines"] = static_cast<double>(std::count(source.begin(), source.end(), '\n'));
}

// ---- start-up: `plank run hello.plank` (the binary next to this one) vs `python3 -c pass`

std::map<std::string, std::pair<double, double>> g_startup;  // name -> (wall, CPU) medians

std::string plank_binary() {
  char self[4096];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return "";
  std::string path(self, static_cast<size_t>(n));
  return path.substr(0, path.rfind('/') + 1) + "plank";
}

// Spawns argv with stdout and stderr to /dev/null; *cpu gets the child's user + system time.
bool spawn_timed(const std::vector<std::string>& argv, double* wall, double* cpu) {
  std::vector<char*> args;
  for (auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  auto start = std::chrono::steady_clock::now();
  pid_t pid;
  int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return false;
  int status = 0;
  rusage usage{};
  if (wait4(pid, &status, 0, &usage) != pid) return false;
  *wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  *cpu = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

void BM_Startup(benchmark::State& state, std::string name, std::vector<std::string> argv) {
  if (argv[0].empty() || (argv[0][0] == '/' && access(argv[0].c_str(), X_OK) != 0)) {
    state.SkipWithError("binary not found");
    return;
  }
  std::vector<double> walls, cpus;
  for (auto _ : state) {
    double wall = 0, cpu = 0;
    if (!spawn_timed(argv, &wall, &cpu)) {
      state.SkipWithError("the command failed");
      return;
    }
    walls.push_back(wall);
    cpus.push_back(cpu);
    state.SetIterationTime(wall);
  }
  g_startup[name] = {median(walls), median(cpus)};
  state.counters["cpu_ms"] = median(cpus) * 1e3;
}

// ---- whole process: `plank run FILE` against `python3 FILE`, start-up and
// compilation included (the end-to-end figure beside each run-time one).
// CPU time only: a child's peak memory as wait4 reports it starts at this
// process's resident size (the pages a fork copies count), about 50 MB here,
// which is more than python3 needs for these programs.

std::map<std::string, double> g_whole;  // "program/plank" -> process CPU s, median

void BM_Whole(benchmark::State& state, std::string key, std::vector<std::string> argv) {
  std::vector<double> cpus;
  for (auto _ : state) {
    double wall = 0, cpu = 0;
    if (!spawn_timed(argv, &wall, &cpu)) {
      state.SkipWithError("the command failed");
      return;
    }
    cpus.push_back(cpu);
    state.SetIterationTime(cpu);
  }
  g_whole[key] = median(cpus);
}

}  // namespace

int main(int argc, char** argv) {
  plank::core::Heap::tune_process_allocator();  // as the plank CLI does
  std::string hello = "/tmp/plank_bench_hello.plank";
  std::ofstream(hello) << "print('hello')\n";
  benchmark::RegisterBenchmark("Startup/plank_run_hello", BM_Startup, "plank", std::vector<std::string>{plank_binary(), "run", hello})
      ->UseManualTime()->Iterations(15)->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("Startup/python3_c_pass", BM_Startup, "python3", std::vector<std::string>{kPython, "-c", "pass"})
      ->UseManualTime()->Iterations(15)->Unit(benchmark::kMillisecond);
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
    std::string file = std::string("/tmp/plank_bench_whole_") + p.name + ".plank";  // python3 runs it too
    std::ofstream(file) << p.source;
    std::string whole = std::string("Whole/") + p.name;
    benchmark::RegisterBenchmark((whole + "/plank").c_str(), BM_Whole, std::string(p.name) + "/plank",
                                 std::vector<std::string>{plank_binary(), "run", file})
        ->UseManualTime()->Iterations(5)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((whole + "/python3").c_str(), BM_Whole, std::string(p.name) + "/python3",
                                 std::vector<std::string>{kPython, file})
        ->UseManualTime()->Iterations(5)->Unit(benchmark::kMillisecond);
  }
  std::string small = program_50_lines();
  std::string medium = program_generated(50);
  std::string big = program_generated(500);
  for (auto [label, src] : {std::pair<const char*, std::string*>{"50_lines", &small},
                            {"500_lines", &medium},
                            {"5000_lines", &big}}) {
    std::string name = std::string("Compile/") + label;
    benchmark::RegisterBenchmark((name + "/interp").c_str(), BM_Compile, label, *src, "interp", 0)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((name + "/jit-O0").c_str(), BM_Compile, label, *src, "jit", 0)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((name + "/jit-O2").c_str(), BM_Compile, label, *src, "jit", 2)->Unit(benchmark::kMillisecond);
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
  std::printf("\ncompile latency (parse -> ready to run; process CPU time, median)\n%-12s %12s %12s %12s\n", "program", "interp", "jit-O0",
              "jit-O2");
  for (const char* label : {"50_lines", "500_lines", "5000_lines"}) {
    auto get = [&](const char* e) {
      auto it = g_latency.find(std::string(label) + "/" + e);
      return it == g_latency.end() ? std::string("-") : std::to_string(it->second * 1e3).substr(0, 8) + "ms";
    };
    std::printf("%-12s %12s %12s %12s\n", label, get("interp").c_str(), get("jit-O0").c_str(), get("jit-O2").c_str());
  }
  for (const char* e : {"interp", "jit-O0", "jit-O2"}) {
    auto a = g_latency.find(std::string("500_lines/") + e), b = g_latency.find(std::string("5000_lines/") + e);
    if (a != g_latency.end() && b != g_latency.end() && a->second > 0)
      std::printf("growth 500 -> 5000 lines (x10), %s: x%.1f\n", e, b->second / a->second);
  }
  std::printf("\nwhole process, start-up and compilation included (`plank run FILE` vs `%s FILE`; process CPU, "
              "median of 5)\n%-12s %12s %12s %10s\n",
              kPython, "program", "plank", "python3", "py/plank");
  for (const Program& p : kPrograms) {
    auto a = g_whole.find(std::string(p.name) + "/plank"), b = g_whole.find(std::string(p.name) + "/python3");
    if (a == g_whole.end() || b == g_whole.end() || a->second <= 0) continue;
    std::printf("%-12s %10.1fms %10.1fms %9.2fx\n", p.name, a->second * 1e3, b->second * 1e3, b->second / a->second);
  }
  auto pl = g_startup.find("plank"), py = g_startup.find("python3");
  if (pl != g_startup.end() && py != g_startup.end() && pl->second.first > 0 && pl->second.second > 0)
    std::printf("\nstart-up (median of 15): plank run hello.plank %.1f ms wall, %.1f ms CPU; python3 -c pass %.1f ms wall, "
                "%.1f ms CPU; python3 / plank: %.2fx wall, %.2fx CPU\n",
                pl->second.first * 1e3, pl->second.second * 1e3, py->second.first * 1e3, py->second.second * 1e3,
                py->second.first / pl->second.first, py->second.second / pl->second.second);
  return 0;
}
