#include "compiler/engine/run.h"

#include <pthread.h>

#include <atomic>
#include <type_traits>
#include <condition_variable>
#include <mutex>
#include <chrono>
#include <csignal>
#include <ctime>
#include <cstdio>

#include "compiler/check/check.h"
#include "compiler/engine/bind.h"
#include "compiler/engine/engine.h"
#include "compiler/engine/imports.h"
#include "compiler/engine/python_traceback.h"
#include "compiler/frontend/ast_dump.h"
#include "compiler/frontend/parser.h"
#include "compiler/lower/lower.h"
#include "runtime/heap.h"
#include "runtime/module_runtime.h"
#include "runtime/objects.h"
#include "runtime/ops.h"
#include "support/diagnostics.h"

namespace plank::engine {

namespace {

std::atomic<core::Thread*> g_running{nullptr};

extern "C" void on_sigint(int) {
  core::Thread* t = g_running.load();
  if (!t) {
    std::signal(SIGINT, SIG_DFL);
    std::raise(SIGINT);
    return;
  }
  t->interrupt_requested = 1;
  t->fuel = 0;
}

struct Output {
  const RunOptions& o;
  void out(const std::string& s) const {
    if (o.out) *o.out += s;
    else std::fwrite(s.data(), 1, s.size(), stdout);
  }
  void err(const std::string& s) const {
    if (o.err) *o.err += s;
    else {
      std::fflush(stdout);
      std::fwrite(s.data(), 1, s.size(), stderr);
    }
  }
};

// Deep Plank recursion nests native frames of the engine and the runtime: programs run on a
// thread with this much stack (reserved, not committed).
constexpr size_t kProgramStackBytes = size_t(512) << 20;

// Set on a thread that has the program stack (one on_big_stack made, or a ProgramThread):
// a run there needs no thread of its own (a nested run, a ProgramThread's jobs).
thread_local bool on_program_stack = false;

// Runs `fn` on a thread with the program stack.
template <class F>
void on_big_stack(F&& fn) {
  struct Box {
    std::remove_reference_t<F>* f;
  } box{&fn};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, kProgramStackBytes);
  pthread_t th;
  auto trampoline = [](void* p) -> void* {
    on_program_stack = true;
    (*static_cast<Box*>(p)->f)();
    return nullptr;
  };
  if (pthread_create(&th, &attr, trampoline, &box) != 0) {
    pthread_attr_destroy(&attr);
    fn();
    return;
  }
  pthread_attr_destroy(&attr);
  pthread_join(th, nullptr);
}

}  // namespace

std::string format_runtime_error(const core::RuntimeError& error, const std::string& file) {
  std::string where = file;
  if (!error.traceback.empty()) {
    const auto& inner = error.traceback.back();
    where = (inner.file.empty() ? file : inner.file) + ":" + std::to_string(inner.line);
  }
  std::string s = where + ": error: " + error.kind + ": " + error.message + "\n";
  for (const auto& e : error.traceback)
    s += "  in " + e.function + " at " + (e.file.empty() ? file : e.file) + ":" + std::to_string(e.line) + "\n";
  return s;
}

namespace {
double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}
}  // namespace

bool run_on_program_stack(core::Thread& thread, const std::function<bool()>& body, double* run_cpu_seconds,
                          Sigint sigint) {
  bool ok = false;
  auto run = [&] {
    // A program run from an intrinsic of a running program (a DEPS plan inside the loop program)
    // takes SIGINT over while it runs and hands it back to the outer one after.
    const bool take = sigint == Sigint::Take;
    core::Thread* outer = take ? g_running.exchange(&thread) : nullptr;
    auto previous = take ? std::signal(SIGINT, on_sigint) : SIG_DFL;
    timespec cpu0{}, cpu1{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu0);
    ok = body();
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu1);
    if (run_cpu_seconds)
      *run_cpu_seconds = double(cpu1.tv_sec - cpu0.tv_sec) + double(cpu1.tv_nsec - cpu0.tv_nsec) * 1e-9;
    if (take) {
      std::signal(SIGINT, previous);
      g_running.store(outer);
    }
  };
  if (on_program_stack) run();  // already there: a run nested in another, a ProgramThread's job
  else on_big_stack(run);
  return ok;
}

struct ProgramThread::Impl {
  std::mutex mutex;
  std::condition_variable wake, done;
  const std::function<void()>* job = nullptr;  // set by run(), cleared when it has run
  bool stop = false;
  pthread_t thread{};
  bool started = false;

  static void* main(void* self) {
    on_program_stack = true;
    auto* impl = static_cast<Impl*>(self);
    std::unique_lock<std::mutex> lock(impl->mutex);
    for (;;) {
      impl->wake.wait(lock, [&] { return impl->job || impl->stop; });
      if (impl->stop) return nullptr;
      lock.unlock();
      (*impl->job)();
      lock.lock();
      impl->job = nullptr;
      impl->done.notify_all();
    }
  }
};

ProgramThread::ProgramThread() : impl_(std::make_unique<Impl>()) {
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, kProgramStackBytes);
  impl_->started = pthread_create(&impl_->thread, &attr, &Impl::main, impl_.get()) == 0;
  pthread_attr_destroy(&attr);
}

ProgramThread::~ProgramThread() {
  if (!impl_->started) return;
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    impl_->stop = true;
  }
  impl_->wake.notify_all();
  pthread_join(impl_->thread, nullptr);
}

void ProgramThread::run(const std::function<void()>& job) {
  if (!impl_->started) return on_big_stack(job);  // no thread could be made: one per job, as before
  std::unique_lock<std::mutex> lock(impl_->mutex);
  impl_->job = &job;
  impl_->wake.notify_all();
  impl_->done.wait(lock, [&] { return impl_->job == nullptr; });
}

core::Thread* interruptible_thread() { return g_running.load(); }

bool run_module_body(core::Thread& thread, core::ModuleRuntime& runtime, double* run_cpu_seconds, Sigint sigint) {
  size_t mark = thread.heap->root_mark();
  core::Value body = core::Value::none();
  if (!pk_make_function(&thread, &body, &runtime, 0, nullptr, 0, nullptr, 0)) return false;
  thread.heap->push_root(body);
  bool ok = run_on_program_stack(
      thread,
      [&] {
        core::Value ret = core::Value::none();
        return runtime.code[0].entry(&thread, core::as_function(body), nullptr, &ret);
      },
      run_cpu_seconds, sigint);
  thread.heap->pop_roots(mark);
  return ok;
}

namespace {

// The engine's options from the run's: the program's engine and the stdlib modules' use the same.
EngineOptions engine_options(const RunOptions& o) {
  EngineOptions eopts;
  eopts.debug = o.debug;
  eopts.opt_level = o.opt_level;
  return eopts;
}

// check -> lower -> bind -> engine -> run, for a parsed or built module.
// `sink` may already hold the parser's diagnostics (reported with the checker's).
RunResult compile_and_run(const ast::Module& module, const RunOptions& o, std::chrono::steady_clock::time_point started,
                          std::unique_ptr<ExecutionEngine> engine, DiagnosticSink& sink) {
  Output io{o};
  RunResult result;
  auto compile_failure = [&](const std::string& message) {
    io.err("plank: error: " + message + "\n");
    result.exit_code = 1;
    result.compile_error = true;
    return result;
  };

  // ---- middle
  RenderOptions render{o.color};
  auto report = [&]() {
    if (!sink.all().empty()) io.err(render_text(sink.all(), render));
  };
  if (o.dump == "ast") {
    report();
    io.out(ast::dump_ast(module));
    return result;
  }
  check::CheckedModule checked = check::check_module(module, sink);
  if (sink.has_errors()) {
    report();
    result.exit_code = 1;
    result.compile_error = true;
    return result;
  }
  ir::Module ir = lower::lower_module(checked, {}, sink);
  report();  // warnings too
  if (sink.has_errors()) {
    result.exit_code = 1;
    result.compile_error = true;
    return result;
  }
  if (o.dump == "ir") {
    io.out(lower::dump_ir(ir));
    return result;
  }

  // ---- runtime
  core::Thread thread;
  core::Heap heap(&thread);
  thread.budget.max_steps = o.max_steps;
  thread.budget.timeout_seconds = o.timeout_seconds;
  thread.budget.max_depth = o.max_depth;
  thread.budget.max_heap_bytes = o.max_heap_bytes;
  thread.capabilities = o.capabilities;
  if (o.out) thread.output = o.out;
  if (o.debug) thread.step_hook = o.step_hook;
  thread.host = o.host;
  // Modules written in Plank (stdlib/) load on the engine the program runs on.
  ModuleLoader modules(engine->name(), engine_options(o));
  modules.install(thread);
  core::ModuleRuntime runtime;
  bind(ir, thread, runtime);
  std::string error;
  if (!engine->prepare(ir, runtime, &error)) {
    heap.remove_module(&runtime);
    return compile_failure(error);
  }
  if (o.dump == "llvm") {
    std::string text = engine->dump();
    heap.remove_module(&runtime);
    if (text.empty()) return compile_failure("--dump=llvm needs --engine=jit");
    io.out(text);
    return result;
  }

  result.compile_seconds = seconds_since(started);
  auto running = std::chrono::steady_clock::now();
  bool ok = run_module_body(thread, runtime, &result.run_cpu_seconds);
  std::fflush(stdout);
  result.run_seconds = seconds_since(running);
  result.collections = heap.collections;
  result.heap_live_bytes = heap.allocated_bytes();
  result.heap_peak_bytes = heap.peak_bytes();
  if (!ok) {
    result.exit_code = 1;
    if (!reports_python_tracebacks(runtime.file)) io.err(format_runtime_error(thread.error, runtime.file));
    else {
      // On the program's stack, as the run: str(e) may run Plank code, and the
      // runtime's per-thread caches (dunder names) belong to the heap there.
      std::string report;
      run_on_program_stack(thread, [&] {
        std::string message;
        report = python_system_exit(thread, &result.exit_code, &message) ? message : python_traceback(thread);
        return true;
      });
      io.err(report);
    }
    result.runtime_error = true;
    result.error_kind = thread.error.kind;
  }
  heap.remove_module(&runtime);
  return result;
}

// The engine, made before compiling: a missing JIT is an error, never a silent fallback.
std::unique_ptr<ExecutionEngine> engine_for(const RunOptions& o, std::string* error) {
  return make_engine(o.engine, o.workload, engine_options(o), error);
}

RunResult failed_to_start(const RunOptions& o, const std::string& message) {
  Output{o}.err("plank: error: " + message + "\n");
  RunResult result;
  result.exit_code = 1;
  result.compile_error = true;
  return result;
}

}  // namespace

RunResult run_program(const RunOptions& o) {
  auto started = std::chrono::steady_clock::now();
  SourceRef file;
  if (o.source) {
    file = SourceFile::from_string(o.path, *o.source);
  } else {
    std::string error;
    file = SourceFile::load(o.path, &error);
    if (!file) return failed_to_start(o, error);
  }
  std::string engine_error;
  std::unique_ptr<ExecutionEngine> engine = engine_for(o, &engine_error);
  if (!engine) return failed_to_start(o, engine_error);
  DiagnosticSink sink;
  auto module = frontend::parse_module(file, sink);
  if (sink.has_errors()) {
    Output{o}.err(render_text(sink.all(), RenderOptions{o.color}));
    RunResult result;
    result.exit_code = 1;
    result.compile_error = true;
    return result;
  }
  return compile_and_run(*module, o, started, std::move(engine), sink);
}

RunResult run_module(const ast::Module& module, const RunOptions& o) {
  auto started = std::chrono::steady_clock::now();
  std::string engine_error;
  std::unique_ptr<ExecutionEngine> engine = engine_for(o, &engine_error);
  if (!engine) return failed_to_start(o, engine_error);
  DiagnosticSink sink;
  return compile_and_run(module, o, started, std::move(engine), sink);
}

}  // namespace plank::engine
