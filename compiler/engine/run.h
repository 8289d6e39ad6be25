// The whole pipeline for `plank run` and the tests: parse -> check -> lower ->
// bind -> engine -> run the module body on a Thread (run_program from text,
// run_module from an AST).
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "compiler/engine/engine.h"
#include "compiler/frontend/ast.h"
#include "runtime/thread.h"

namespace plank::engine {

struct RunOptions {
  std::string path;                   // the file to run (also the name in messages)
  std::optional<std::string> source;  // when set: run this text instead of reading `path`
  std::string engine;                 // "interp", "jit", or "": the workload's default (engine.h)
  Workload workload = Workload::Program;
  std::string dump;                   // "", "ast", "ir", "llvm": print that stage to `out` and stop
  int64_t max_steps = 0;              // 0: unlimited
  double timeout_seconds = 0;         // 0: none
  uint32_t max_depth = 1000;          // recursion limit
  size_t max_heap_bytes = core::Budget{}.max_heap_bytes;  // past it: MemoryError (0: no limit)
  uint32_t capabilities = core::kCapDefault;
  bool debug = false;                 // Step calls pk_step (the step hook)
  core::StepHook step_hook;           // used when debug
  int opt_level = 0;                  // JIT: 0 compiles fastest (REPL, short plans); -O 2 for hot loops
  bool color = false;                 // diagnostics
  core::HostContext* host = nullptr;  // the world the program acts on (world, DEPS, CAIP intrinsics)
  // Where the program's output (print) and the messages go; nullptr: stdout / stderr.
  std::string* out = nullptr;
  std::string* err = nullptr;
};

struct RunResult {
  int exit_code = 0;           // 0 ok, 1 compile or runtime error
  bool compile_error = false;  // parse/check/lower/engine failure
  bool runtime_error = false;
  std::string error_kind;      // the RuntimeError kind ("ZeroDivisionError", "BudgetExceeded", ...)
  double compile_seconds = 0;  // source -> ready to run (parse, check, lower, bind, engine prepare)
  double run_seconds = 0;      // the module body (benchmarks compare this with other engines' run time)
  double run_cpu_seconds = 0;  // CPU time of the thread that ran it (steadier than wall time on a shared machine)
  size_t collections = 0;      // garbage collections while it ran
  size_t heap_live_bytes = 0;  // bytes the heap held at the end (objects still reachable or not yet swept)
  size_t heap_peak_bytes = 0;  // the most bytes the heap held at once
};

RunResult run_program(const RunOptions& options);

// The same pipeline from a module a program built (compiler/frontend/ast_build.h)
// rather than parsed: no source text. Diagnostics and tracebacks point into the
// SourceFile the module names (module.file); `options.path` and `.source` are unused.
RunResult run_module(const ast::Module& module, const RunOptions& options);

// Runs the module body (runtime.code[0], prepared by an engine) on `thread`,
// on a thread with a large native stack and with SIGINT turned into an
// "Interrupted" error while it runs. False when it raised (thread.error).
// Shared by run_program and the REPL session (compiler/engine/program_state.h).
// *run_cpu_seconds (when given) receives the thread CPU time the body ran.
// Whether a run turns SIGINT into an "Interrupted" error of its thread while it runs. The command
// line and the REPL do; a program embedded in a host (embed/) does not: the signal is the host's,
// several states may run at once in several threads, and the host interrupts with plank_interrupt.
enum class Sigint : bool { Leave, Take };

bool run_module_body(core::Thread& thread, core::ModuleRuntime& runtime, double* run_cpu_seconds = nullptr,
                     Sigint sigint = Sigint::Take);

// Runs `body` (code on `thread`: a module body, a call into a live program) as run_module_body runs a
// module: on a large native stack, SIGINT interrupting `thread`. On a thread that already has that
// stack (a program run from an intrinsic while another runs, such as a DEPS plan inside the loop
// program; a ProgramThread's job) it runs there; a nested run hands SIGINT back to the outer
// program when it ends. Returns what `body` returned.
bool run_on_program_stack(core::Thread& thread, const std::function<bool()>& body, double* run_cpu_seconds = nullptr,
                          Sigint sigint = Sigint::Take);

// A thread with the program stack that runs one job at a time for its owner, who waits: an
// embedding host's state keeps one, so each of its runs and calls costs a hand-over (a few
// microseconds) instead of making a thread (a hundred or more). Jobs are on the program stack,
// so run_on_program_stack runs its body there directly. One caller at a time.
class ProgramThread {
 public:
  ProgramThread();
  ~ProgramThread();  // after the job in progress
  ProgramThread(const ProgramThread&) = delete;
  ProgramThread& operator=(const ProgramThread&) = delete;
  void run(const std::function<void()>& job);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The thread SIGINT interrupts now (the innermost program running), or null. For tests.
core::Thread* interruptible_thread();

// `file:line: error: Kind: message` then `  in f at file:line` per frame, outermost first.
std::string format_runtime_error(const core::RuntimeError& error, const std::string& file);

}  // namespace plank::engine
