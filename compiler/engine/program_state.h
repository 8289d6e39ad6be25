// A live program: inputs (statements, expressions, whole files) compiled and
// run one after another on one Thread and one heap, with module-level state
// persisting across them. The REPL is one user; a program embedded in a host
// (an agent loop in stdlib/ loaded before the code that calls it) is another.
//
// How state persists: each input is its own ir::Module and ModuleRuntime (kept
// alive for the session: functions it defined may run later), but every one of
// them binds to the session's single globals table (ModuleRuntime::globals_home)
// under indices the session assigns by name, so `def f(): return x` in one
// input sees `x = 1` from the next. The checker learns the names earlier inputs
// bound (check::Prelude), so a user's `len` defined before shadows the builtin
// in later inputs as it would in one Python module.
//
// Expression statements outside function bodies print their repr as Python's
// interactive mode does (None prints nothing): the session wraps them in a call
// of the `__displayhook__` intrinsic before checking.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "compiler/engine/engine.h"
#include "compiler/frontend/ast.h"
#include "support/diagnostics.h"
#include "runtime/thread.h"
#include "support/diagnostics.h"

namespace plank::engine {

struct ProgramStateOptions {
  std::string engine;             // "interp", "jit", or "": the workload's default (engine.h)
  Workload workload = Workload::Program;
  bool debug = true;              // compile with the step hook on (breakpoints, stepping)
  bool color = false;             // diagnostics
  uint32_t capabilities = core::kCapDefault;
  core::HostContext* host = nullptr;
  std::string* out = nullptr;     // where print goes; nullptr: stdout
  bool take_sigint = true;        // SIGINT interrupts a run (run.h, Sigint); an embedding host says no
};

// Milliseconds spent on one input, by phase.
struct InputTimings {
  double parse = 0;    // text -> AST (including the completeness test)
  double compile = 0;  // check, lower, bind, engine (the JIT's code generation)
  double run = 0;      // the module body
  double total() const { return parse + compile + run; }
};

struct InputResult {
  enum class Status { Ok, Incomplete, CompileError, RuntimeError, EngineError };
  Status status = Status::Ok;
  std::string messages;    // rendered diagnostics or the traceback ("" when Ok)
  std::string error_kind;  // RuntimeError: its kind ("Interrupted" after Ctrl-C)
  core::RuntimeError error;  // RuntimeError: the error and its traceback, for hosts that render it themselves
  std::vector<Diagnostic> diagnostics;  // CompileError: the errors (and warnings) as data; Ok: the warnings
  InputTimings timings;
  bool ok() const { return status == Status::Ok; }
};

// How a module input runs (ProgramState::run of an ast::Module).
struct ModuleInput {
  bool echo = false;      // print module-level expression statements' values, as the REPL does
  // false: the input is forgotten once it has run. Its module-level bindings
  // are put back as they were (names it bound are unbound again) and its code
  // is freed, so a host can run one generated program after another (a CAIP
  // command each) on the same state without it growing. Objects it changed stay
  // changed; its functions must not have been stored where kept code can reach
  // them: they are gone.
  bool keep = true;
  int64_t max_steps = 0;  // the steps this input may run (the thread's count restarts); 0: the thread's budget
};

class ProgramState {
 public:
  explicit ProgramState(const ProgramStateOptions& options = {});
  ~ProgramState();
  ProgramState(const ProgramState&) = delete;
  ProgramState& operator=(const ProgramState&) = delete;

  // Compiles and runs one input. `name` is the file name in diagnostics and
  // tracebacks. With `interactive`, text the parser finds unfinished (an
  // unclosed bracket, a block header without its body, or a compound
  // statement not yet ended by a blank line) returns Incomplete without
  // running anything: read another line and call again with the whole text.
  InputResult run(const std::string& text, const std::string& name, bool interactive = true);
  // A whole module's text (never Incomplete; expression statements echo as in run()), kept
  // or not as `how` says (keep = false: an embedding host's plan that must not stay).
  InputResult run(const std::string& text, const std::string& name, const ModuleInput& how);
  // Compiles and runs a module that is already an AST (parsed elsewhere, or
  // built: compiler/frontend/ast_build.h). Diagnostics and tracebacks point into
  // module->file.
  InputResult run(std::unique_ptr<ast::Module> module, const ModuleInput& how = {});

  // Calls the global function `function` with no arguments, as the input `function()` would, without
  // compiling anything (a host that loaded a module calls into it many times: an agent loop once per
  // episode). RuntimeError when it raises or is not a function of the program (NameError).
  InputResult call(const std::string& function);
  // The same with arguments (values the caller keeps rooted), handing the returned value to `consume`
  // while it is still rooted (consume may be empty).
  InputResult call(const std::string& function, const std::vector<core::Value>& args,
                   const std::function<void(core::Value)>& consume);

  // Evaluates one expression, as Python's eval does, and hands its value to `consume` while it is still
  // rooted. CompileError when the text is not a single expression. Nothing is printed.
  // With how.keep = false, the expression's code is freed once its value is consumed.
  InputResult evaluate(const std::string& text, const std::string& name, const std::function<void(core::Value)>& consume,
                       const ModuleInput& how = {});

  // Binds the module-level name `name` to `value`, as an input's `name = value` would: later inputs
  // see it, and it shadows an intrinsic of that name for them (an embedding host's functions are
  // bound so, runtime/host_function.h). `value` must be rooted until this returns.
  void define_global(const std::string& name, core::Value value);
  // The value of a set global (false when unset); it stays rooted while the global holds it.
  bool global(const std::string& name, core::Value* value) const;

  // "jit" or "interp"; empty with error() set when the engine could not be made.
  std::string engine_name() const;
  const std::string& error() const { return error_; }

  // Module-level names bound so far (set globals), sorted.
  std::vector<std::string> global_names() const;
  // repr() of a global, or nullopt-like "" with false when unset.
  bool global_repr(const std::string& name, std::string* repr);

  core::Thread& thread() { return *thread_; }
  const ProgramStateOptions& options() const { return options_; }
  size_t inputs() const;

 private:
  enum class Mode { Interactive, Module, Expression };
  InputResult run_input(const std::string& text, const std::string& name, Mode mode,
                        const std::function<void(core::Value)>& consume, const ModuleInput& how);
  void forget_error();  // after a runtime error: the thread is ready for the next input

  struct State;
  // consume_eval: the input is an expression's (Mode::Expression), whose value goes there.
  InputResult compile_and_run(std::unique_ptr<ast::Module> module, DiagnosticSink& sink, const ModuleInput& how,
                              InputResult result, const std::function<void(core::Value)>* consume_eval);
  InputResult compile_error(const DiagnosticSink& sink, InputResult& result) const;
  ProgramStateOptions options_;
  std::unique_ptr<core::Thread> thread_;
  std::unique_ptr<State> state_;
  std::string error_;
};

}  // namespace plank::engine
