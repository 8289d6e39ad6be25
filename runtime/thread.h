// The state of one running Plank program: its frames (the collector's roots
// and the call stack shown in errors), budgets, capabilities, output, and the
// error being raised. One Thread per program run; not shared between threads.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "runtime/value.h"
#include "support/source.h"

namespace plank::core {

class Heap;
struct ModuleRuntime;
// What a program acts on (the world, the agent, memory, the DEPS and CAIP
// sessions): defined in agents/host/host_context.h, outside the language core,
// so that the core never depends on the world. Null for a plain program.
struct HostContext;

// What the runtime needs to know about a compiled function, whichever engine
// compiled it. The engine fills `entry`.
struct CodeInfo;
struct FunctionObject;

// Calls a compiled function with exactly code->params.size() arguments in
// `args` (the runtime has already bound keywords and defaults). Returns false
// when an error was raised (see Thread::error).
using EntryFn = bool (*)(struct Thread* thread, FunctionObject* function, Value* args, Value* result);

struct CodeInfo {
  std::string name;
  std::string qualified;
  std::string file;
  uint32_t first_line = 0;
  // Every parameter's name, in slot order: the positional ones (the first
  // `posonly` of them positional-only), then *args, the keyword-only ones,
  // then **kwargs (runtime/ops.cpp binds a call's arguments to them).
  std::vector<std::string> params;
  uint32_t argcount = 0;                   // positional parameters (with the positional-only ones)
  uint32_t posonly = 0;
  uint32_t kwonly = 0;
  bool varargs = false;
  bool varkw = false;
  std::vector<uint8_t> kwonly_has_default; // per keyword-only parameter
  std::vector<uint32_t> defaults_from;     // index of the first parameter with a default, or params.size()
  uint32_t slot_count = 0;
  std::vector<std::string> slot_names;     // "" for temporaries
  std::vector<std::string> free_names;
  std::vector<Span> positions;             // Frame::pos indexes it: the source spans of the instructions
  EntryFn entry = nullptr;
  // A generator (or coroutine) function: calling it makes a generator object,
  // and `resume` runs it (called with `args` pointing at its GeneratorObject;
  // runtime/generator.h). `entry` is unused then.
  bool is_generator = false;
  bool is_coroutine = false;
  // An `async def` that yields: calling it makes an async_generator (runtime/async_generator.cpp)
  // around the generator object of its frame.
  bool is_async_generator = false;
  EntryFn resume = nullptr;
  const void* engine_data = nullptr;       // the interpreter keeps its ir::Function here
  ModuleRuntime* module = nullptr;
  // Plain positional parameters only: what direct calls and the quick binding assume.
  bool simple() const { return !varargs && !varkw && kwonly == 0 && posonly == 0 && !is_generator; }
};

// One activation. Engines allocate `slots` (on the native stack for the JIT)
// and link the frame with pk_enter / pk_leave.
struct Frame {
  Frame* parent = nullptr;
  const CodeInfo* code = nullptr;
  Value* slots = nullptr;
  uint32_t slot_count = 0;
  uint32_t line = 0;  // the statement being executed
  FunctionObject* function = nullptr;  // the closure running: its captured cells are the debugger's free variables
  // The instruction running (or the call out of this frame): its index in
  // code->positions, 0 when unknown; tracebacks show that part of the line.
  uint32_t pos = 0;
};

enum Capability : uint32_t {
  kCapWorld = 1u << 0,
  kCapMemory = 1u << 1,
  kCapNetwork = 1u << 2,
  kCapFilesystem = 1u << 3,
  kCapNeural = 1u << 4,
  kCapDefault = kCapWorld | kCapMemory | kCapNeural,
};

struct Budget {
  int64_t max_steps = 0;         // 0: unlimited
  double timeout_seconds = 0;    // 0: none
  uint32_t max_depth = 1000;     // Python's default recursion limit
  size_t max_heap_bytes = 1ull << 30;
};

struct TraceEntry {
  std::string function;
  std::string file;
  uint32_t line = 0;
  Span span;  // the bytes of `file` that failed (the frame's pos); end 0: unknown
};

struct RuntimeError {
  std::string kind;     // "TypeError", "ValueError", "NameError", "OverflowError", "ZeroDivisionError",
                        // "IndexError", "KeyError", "AssertionError", "RecursionError", "BudgetExceeded",
                        // "Interrupted", "CapabilityError", ...
  std::string message;
  std::vector<TraceEntry> traceback;  // innermost last, as Python prints it
};

// Called before each statement in debug builds of a program (the REPL's
// stepping); returning false stops the program with "Interrupted".
using StepHook = std::function<bool(struct Thread&, Frame&)>;

struct ModuleDef;

struct Thread {
  // ---- hot fields: read and written by JIT code at fixed offsets ----
  Frame* top = nullptr;
  int64_t fuel = 0;  // decremented by Step; <= 0 calls pk_poll (budgets, interrupts, timeouts), which refills it
  uint32_t depth = 0;
  uint32_t padding = 0;
  // ---- the rest: runtime only ----
  Heap* heap = nullptr;
  uint32_t capabilities = kCapDefault;
  Budget budget;
  int64_t steps = 0;
  // Set from another thread or a signal handler (SIGINT, plank_interrupt); lock-free, so both may.
  std::atomic<int> interrupt_requested{0};
  std::string* output = nullptr;          // where print writes when set; stdout otherwise
  // Where print writes when set, before `output`: an embedding host's writer (plank_set_writer).
  void (*writer)(void* data, const char* text, size_t length) = nullptr;
  void* writer_data = nullptr;
  StepHook step_hook;
  HostContext* host = nullptr;            // world intrinsics raise a clear error when null
  bool has_error = false;
  RuntimeError error;
  // The exception object being raised, when there is one (a program's own
  // `raise`, or one a handler caught and raised again); None while the error
  // is only a kind and a message (runtime/exceptions.h). A collector root.
  Value exception = Value::none();
  // Loads a module written in Plank (runtime/modules.h); set by the engine layer.
  std::function<bool(Thread* t, const ModuleDef& def, Value module)> module_loader;
  // pk_poll bookkeeping: fuel handed out by the last refill; when the run started (steady clock, seconds)
  int64_t fuel_granted = 0;
  double started_at = 0;
};

}  // namespace plank::core
