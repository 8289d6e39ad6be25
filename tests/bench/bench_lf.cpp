// plank_bench_lf: how fast compiler/lf reads, parses, normalises and validates
// the CAIP data (shared/data/caip/{train,valid}.jsonl), against python3's json
// module parsing the same lines (best of several repetitions, timed inside python).
//
//   plank_bench_lf [benchmark flags]
// Prints Google Benchmark results (counters forms_per_s, python3_json_forms_per_s,
// ratio_vs_python3_json) and a final summary line:
//   plank lf check: N forms in X ms (F forms/s); python3 json.loads: Y ms (G forms/s); plank / python3-json = R x
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "compiler/lf/check.h"

namespace {

using Clock = std::chrono::steady_clock;

std::string data_dir() {
  if (const char* env = std::getenv("PLANK_SHARED")) return std::string(env) + "/data/caip";
  return std::string(PLANK_SHARED_DIR) + "/data/caip";
}

std::vector<std::string> data_files() { return {data_dir() + "/train.jsonl", data_dir() + "/valid.jsonl"}; }

double g_python_seconds = 0;  // best python3 time for all files
size_t g_python_forms = 0;

// Read + parse + normalise + validate every line of every file; returns forms checked.
size_t plank_check_all(bool* ok) {
  size_t forms = 0;
  for (const auto& path : data_files()) {
    std::string error;
    auto file = plank::SourceFile::load(path, &error);
    if (!file) {
      *ok = false;
      return forms;
    }
    plank::DiagnosticSink sink;
    auto s = plank::lf::check_jsonl(file, sink);
    forms += s.valid + s.invalid;
    if (s.invalid) *ok = false;
  }
  return forms;
}

// Read + parse only (the same work python's json.loads does).
size_t plank_parse_all() {
  size_t forms = 0;
  for (const auto& path : data_files()) {
    std::string error;
    auto file = plank::SourceFile::load(path, &error);
    if (!file) return forms;
    const std::string& text = file->text();
    size_t pos = 0;
    plank::DiagnosticSink sink;
    while (pos < text.size()) {
      size_t nl = text.find('\n', pos);
      if (nl == std::string::npos) nl = text.size();
      if (nl > pos) {
        auto v = plank::lf::read_json(file, plank::Span{uint32_t(pos), uint32_t(nl)}, sink);
        benchmark::DoNotOptimize(v);
        ++forms;
      }
      pos = nl + 1;
    }
  }
  return forms;
}

bool time_python(int repetitions) {
  std::string cmd =
      "python3 -c 'import json, sys, time\n"
      "best = 1e9; n = 0\n"
      "for r in range(int(sys.argv[1])):\n"
      "    t = time.perf_counter(); n = 0\n"
      "    for p in sys.argv[2:]:\n"
      "        with open(p, encoding=\"utf-8\") as f:\n"
      "            for line in f:\n"
      "                if line.strip():\n"
      "                    json.loads(line); n += 1\n"
      "    best = min(best, time.perf_counter() - t)\n"
      "print(n, best)\n' " +
      std::to_string(repetitions);
  for (const auto& f : data_files()) cmd += " '" + f + "'";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return false;
  char buf[256] = {0};
  bool ok = std::fgets(buf, sizeof buf, p) != nullptr;
  int rc = pclose(p);
  if (!ok || rc != 0) return false;
  return std::sscanf(buf, "%zu %lf", &g_python_forms, &g_python_seconds) == 2 && g_python_seconds > 0;
}

void add_counters(benchmark::State& state, size_t forms, double seconds_total) {
  state.SetItemsProcessed(static_cast<int64_t>(forms) * state.iterations());
  state.counters["forms_per_s"] = benchmark::Counter(static_cast<double>(forms) * state.iterations(),
                                                     benchmark::Counter::kIsRate);
  if (g_python_seconds > 0 && state.iterations() > 0) {
    double per_iter = seconds_total / static_cast<double>(state.iterations());
    state.counters["python3_json_forms_per_s"] = static_cast<double>(g_python_forms) / g_python_seconds;
    state.counters["ratio_vs_python3_json"] = g_python_seconds / per_iter;
  }
}

void BM_CheckCaip(benchmark::State& state) {
  size_t forms = 0;
  bool ok = true;
  double total = 0;
  for (auto _ : state) {
    auto t0 = Clock::now();
    forms = plank_check_all(&ok);
    total += std::chrono::duration<double>(Clock::now() - t0).count();
  }
  if (!ok || forms == 0) state.SkipWithError("CAIP data missing or invalid");
  add_counters(state, forms, total);
}
BENCHMARK(BM_CheckCaip)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ParseCaip(benchmark::State& state) {
  size_t forms = 0;
  double total = 0;
  for (auto _ : state) {
    auto t0 = Clock::now();
    forms = plank_parse_all();
    total += std::chrono::duration<double>(Clock::now() - t0).count();
  }
  if (forms == 0) state.SkipWithError("CAIP data missing");
  add_counters(state, forms, total);
}
BENCHMARK(BM_ParseCaip)->Unit(benchmark::kMillisecond)->UseRealTime();

double best_of(int n, size_t (*fn)()) {
  double best = 1e9;
  for (int i = 0; i < n; ++i) {
    auto t0 = Clock::now();
    benchmark::DoNotOptimize(fn());
    best = std::min(best, std::chrono::duration<double>(Clock::now() - t0).count());
  }
  return best;
}

size_t check_all_plain() {
  bool ok = true;
  return plank_check_all(&ok);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  bool have_python = time_python(7);
  if (!have_python) std::fprintf(stderr, "plank_bench_lf: python3 timing unavailable (no python3 or no data)\n");
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();

  bool ok = true;
  size_t forms = plank_check_all(&ok);
  if (!ok || forms == 0) {
    std::fprintf(stderr, "plank_bench_lf: CAIP data missing or invalid under %s\n", data_dir().c_str());
    return 1;
  }
  double check_s = best_of(15, check_all_plain);
  double parse_s = best_of(15, plank_parse_all);
  std::printf("\nplank lf check (read+parse+normalise+validate): %zu forms in %.2f ms = %.0f forms/s\n", forms,
              check_s * 1e3, forms / check_s);
  std::printf("plank lf parse only (read+parse):                %zu forms in %.2f ms = %.0f forms/s\n", forms,
              parse_s * 1e3, forms / parse_s);
  if (have_python) {
    std::printf("python3 json.loads (read+parse, best of 7):      %zu forms in %.2f ms = %.0f forms/s\n",
                g_python_forms, g_python_seconds * 1e3, g_python_forms / g_python_seconds);
    std::printf("plank / python3-json = %.2fx (full check), %.2fx (parse only)\n", g_python_seconds / check_s,
                g_python_seconds / parse_s);
  }
  return 0;
}
