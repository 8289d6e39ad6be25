// What the C API's opaque handles are (embed/include/plank/plank.h): the only place
// where the embedding boundary meets the C++ engine. Every extern "C" function catches
// whatever C++ throws (guard.h) and answers with a status.
#pragma once
#include <atomic>
#include <cstdint>
#include <forward_list>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "compiler/engine/debugger.h"
#include "compiler/engine/program_state.h"
#include "compiler/engine/run.h"
#include "embed/include/plank/plank.h"
#include "runtime/host_function.h"
#include "runtime/module_runtime.h"
#include "runtime/thread.h"
#include "support/source.h"

namespace plank::embed {

// One registered host function. The runtime's record (`function`) points back here through
// its data; the heap's HostFunctionObject points at `function`: so bindings live as long as
// the state, in a vector of unique_ptrs (stable addresses), and a re-registration adds one.
struct HostBinding {
  core::HostFunction function;
  plank_state* state = nullptr;
  plank_cfunction fn = nullptr;
  void* userdata = nullptr;
  int replaces = -1;  // the intrinsic of that name (its parameters bind the arguments), or -1
};

// The last error, as plank_error* report it.
struct ErrorReport {
  int status = PLANK_OK;
  std::string kind;       // "" after success
  std::string message;
  std::string file;
  int line = 0, col = 0;
  std::string text;       // "file:line:col: Kind: message"
  std::string traceback;  // as `plank run` prints it
  std::string diagnostics_json = "[]";
  void clear() { *this = ErrorReport{}; }
};

// Strings handed to the host, each at a stable address until clear(). A forward_list
// allocates nothing until the first string: a host call that hands out none costs none.
class KeptStrings {
 public:
  const char* keep(std::string s) {
    list_.push_front(std::move(s));
    return list_.front().c_str();
  }
  void clear() { list_.clear(); }

 private:
  std::forward_list<std::string> list_;
};

}  // namespace plank::embed

struct plank_call {
  plank_state* P = nullptr;
  plank::embed::HostBinding* binding = nullptr;
  plank::core::Thread* thread = nullptr;
  // The positional arguments: the caller's (rooted by its frame), or `bound` for a replaced
  // intrinsic (the same values, in its parameters' order).
  const plank::core::Value* positional = nullptr;
  uint32_t argc = 0;
  std::vector<plank::core::Value> bound;
  std::vector<std::string> param_names;  // a replaced intrinsic's parameter of each
  const plank::core::CallArgs* args = nullptr;  // keywords (not bound to an intrinsic's parameters)
  plank_value result = 0;
  std::string error_kind, error_message;  // the first error wins
  plank::embed::KeptStrings strings;       // what plank_arg_str & co. returned, until the call ends
  void fail(std::string kind, std::string message) {
    if (error_kind.empty()) error_kind = std::move(kind), error_message = std::move(message);
  }
};

struct plank_pause {
  const plank::engine::PauseInfo* where = nullptr;
  plank::embed::KeptStrings strings;
};

struct plank_state {
  // ---- settings, applied when the program is made (at the first need) or before each run
  std::string engine;  // "" the default (engine.h: the JIT when built)
  bool keep_code = true;  // "keep_code": runs and evals stay in the state (false: each is forgotten after it)
  plank::core::Budget budget;
  uint32_t capabilities = plank::core::kCapDefault;
  plank_writer writer = nullptr;
  void* writer_data = nullptr;
  plank_debug_hook debug_hook = nullptr;
  void* debug_data = nullptr;
  plank::engine::Debugger debugger;

  std::vector<std::unique_ptr<plank::embed::HostBinding>> bindings;
  std::unique_ptr<plank::engine::ProgramState> program;
  // Where the state's code runs (compiling included): one thread with the program stack for the
  // state's life, so a run or a call costs a hand-over, not a new thread. Host functions and the
  // writer are called there.
  std::unique_ptr<plank::engine::ProgramThread> worker;
  // The worker's thread, so that a call back from a host function is told from another thread's
  // without any cost per host call.
  std::atomic<std::thread::id> worker_id{};
  // The handles' values: the constants of a code-less module registered with the heap, so
  // the collector sees them as roots. Handle h is handles.constants[h] (0 is never used).
  plank::core::ModuleRuntime handles;

  std::atomic<bool> busy{false};         // a run or a host-facing call is in progress
  // The program's thread, for plank_interrupt from other threads and signal handlers (which
  // must not read `program` while the running thread makes it).
  std::atomic<plank::core::Thread*> interruptible{nullptr};
  plank_call* current_call = nullptr;    // the host function running, if any
  std::map<std::string, plank::SourceRef> sources;  // chunk name -> its text (columns of runtime errors)

  plank::embed::ErrorReport error;
  plank::embed::KeptStrings strings;  // returned strings: cleared by each run

  plank_state();
  ~plank_state();
};

namespace plank::embed {

// Makes the program (engine, heap, globals) when it is not made yet, binding the host
// functions registered so far. False with the error set when the engine cannot be made.
bool realize(plank_state* P);

// A handle for `v` (0 when the handle table is full); the value is rooted from now on.
plank_value hold(plank_state* P, core::Value v);
// The value of a handle; false when it is not a live handle.
bool lookup(plank_state* P, plank_value h, core::Value* v);

// PLANK_TNONE .. PLANK_TOTHER.
int type_of(core::Value v);

// Keeps a string for the caller: in the running host call when there is one, else the state.
const char* keep(plank_state* P, std::string s);

// A misuse or a wrong type: inside a host function, an error the plan sees when it returns;
// outside, the state's error (kind UsageError).
void misuse(plank_state* P, std::string kind, std::string message);
void usage_error(plank_state* P, std::string message);

// What the debugger does when the plan pauses: asks the host's hook.
engine::DebugCommand pause_for_host(plank_state* P, const engine::PauseInfo& where);

// Methods host functions keep from the intrinsics they replace (inventory.has); once per
// process, before any state compiles (plank_open).
void register_host_methods();

// Binds a registered host function as a global of the made program.
void bind_host_function(plank_state* P, HostBinding& b);

// True on the state's program thread: there, a call into the state comes from one of its own
// host functions (or its writer or pause hook) while its plan waits.
bool in_own_host_function(const plank_state* P);

// Refuses `function` on a state that is running: PLANK_ERR_USAGE. From one of the state's own
// host functions, plank_error says why (the plan is not failed: the host function decides);
// from another thread the error report is left alone (it belongs to the running thread).
int refuse_busy(plank_state* P, const char* function);

}  // namespace plank::embed
