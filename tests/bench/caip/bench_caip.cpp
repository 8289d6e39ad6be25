// plank_caip_bench: logical forms of shared/data/caip/{train,valid}.jsonl
// compiled to Plank and executed in the village, forms per second, against a
// named peer in the same run: validating the same forms (normalise + check,
// what `plank check --jsonl` does). Stages, each over every form:
//   Validate           read + normalise + validate                         (the peer)
//   Compile            + translate to a Plank program
//   CompileRun/interp  + run it on the IR interpreter, in a fresh village (scene load + history replay) per form
//   CompileRun/interp_oneworld  the same without the reset: every form in one village, one after another
//   CompileRun/jit     the same as CompileRun/interp on the LLVM ORC JIT (a 400-form slice: each form is a new module)
// Each reports forms_per_s and ratio_vs_validate (how many times slower than the peer).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "agents/caip/compile/translate.h"
#include "agents/caip/loop/exec.h"
#include "agents/host/register_intrinsics.h"
#include "compiler/lf/check.h"
#include "compiler/lf/json_reader.h"

namespace {

using namespace plank;

struct Line {
  lf::Value form;
  std::string text;
};

const std::vector<Line>& lines() {
  static std::vector<Line> all = [] {
    std::vector<Line> out;
    for (const char* name : {"train.jsonl", "valid.jsonl"}) {
      std::string error;
      auto file = SourceFile::load(std::string(PLANK_SHARED_DIR) + "/data/caip/" + name, &error);
      if (!file) continue;
      const std::string& text = file->text();
      size_t pos = 0;
      while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string::npos) end = text.size();
        DiagnosticSink sink;
        auto v = lf::read_json(file, Span{uint32_t(pos), uint32_t(end)}, sink);
        pos = end + 1;
        if (v && v->find("logical_form") && v->find("text")) out.push_back({*v->find("logical_form"), v->find("text")->string});
      }
    }
    return out;
  }();
  return all;
}

double g_validate_per_s = 0;

// Rates are per second of this process's CPU time (std::clock): the build
// machines are shared, and wall time there mostly measures the neighbours.
struct Timer {
  std::clock_t start = std::clock();
  double seconds() const { return double(std::clock() - start) / CLOCKS_PER_SEC; }
};

void report(benchmark::State& state, const char* name, size_t forms, double cpu_seconds) {
  double per_s = double(forms) / cpu_seconds;
  state.counters["forms"] = double(forms);
  state.counters["forms_per_cpu_s"] = per_s;
  if (g_validate_per_s > 0) state.counters["ratio_vs_validate"] = g_validate_per_s / per_s;
  std::fprintf(stderr, "%s: %zu forms, %.0f forms per CPU second, %.1fx the time of validating them\n", name,
               forms, per_s, g_validate_per_s > 0 ? g_validate_per_s / per_s : 1.0);
}

// Validates every form, and with `compile` translates it to Plank too.
double front_end(benchmark::State& state, bool compile, size_t* forms) {
  Timer timer;
  for (auto _ : state)
    for (const auto& l : lines()) {
      auto utt = lf::Utterance::from_text(l.text);
      DiagnosticSink sink;
      auto r = lf::check_logical_form(l.form, &utt, nullptr, sink);
      benchmark::DoNotOptimize(r.valid);
      if (compile) benchmark::DoNotOptimize(caip::translate(r.normalized, utt).module.get());
      ++*forms;
    }
  return timer.seconds();
}

void BM_Validate(benchmark::State& state) {
  size_t forms = 0;
  double s = front_end(state, false, &forms);
  g_validate_per_s = double(forms) / s;
  report(state, "validate (peer)", forms, s);
}

void BM_Compile(benchmark::State& state) {
  size_t forms = 0;
  double s = front_end(state, true, &forms);
  report(state, "validate + compile to a Plank AST", forms, s);
}

void compile_run(benchmark::State& state, const char* name, const char* engine, size_t limit, bool fresh = true) {
  host::register_host_intrinsics();
  caip::ExecOptions o;
  o.engine = engine;
  DiagnosticSink sink;
  auto ex = caip::Executor::open(o, sink);
  if (!ex) {
    state.SkipWithError("the village scene did not load (minecraft-data missing?)");
    return;
  }
  size_t forms = 0, errors = 0;
  std::string error;
  Timer timer;
  for (auto _ : state)
    for (size_t i = 0; i < lines().size() && i < limit; ++i) {
      if (fresh && !ex->reset(&error)) {
        state.SkipWithError(error.c_str());
        return;
      }
      auto r = ex->run(lines()[i].form, lines()[i].text);
      errors += r.internal_error;
      ++forms;
    }
  report(state, name, forms, timer.seconds());
  state.counters["errors"] = double(errors);
}

void BM_CompileRun_interp(benchmark::State& state) { compile_run(state, "compile + run (interp), fresh village per form", "interp", SIZE_MAX); }
// The forms one after another in one village (no reset): compile + execute alone.
void BM_CompileRun_interp_oneworld(benchmark::State& state) { compile_run(state, "compile + run (interp), one village", "interp", SIZE_MAX, false); }
void BM_CompileRun_jit(benchmark::State& state) { compile_run(state, "compile + run (jit), fresh village per form", "jit", 400); }

BENCHMARK(BM_Validate)->Iterations(3)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Compile)->Iterations(3)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CompileRun_interp)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CompileRun_interp_oneworld)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CompileRun_jit)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
