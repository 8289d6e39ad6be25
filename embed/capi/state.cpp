// The state's life and settings: open, close, limits, capabilities, the engine, the writer,
// interrupts, and the error report every running call leaves.
#include <cmath>
#include <cstring>
#include <string>

#include "agents/host/register_intrinsics.h"
#include "compiler/engine/engine.h"
#include "embed/capi/guard.h"
#include "embed/capi/state.h"
#include "runtime/capabilities.h"
#include "runtime/heap.h"

using namespace plank;

plank_state::plank_state() : debugger([this](const engine::PauseInfo& where) { return embed::pause_for_host(this, where); }) {}

plank_state::~plank_state() {
  interruptible.store(nullptr);
  worker.reset();  // idle: nothing runs while the state closes
  if (program) {
    program->thread().heap->remove_module(&handles);
    program.reset();  // before the bindings its heap's objects point at
  }
}

namespace plank::embed {

bool realize(plank_state* P) {
  if (P->program) return true;
  engine::ProgramStateOptions o;
  o.engine = P->engine;
  o.workload = engine::Workload::Program;
  o.debug = P->debug_hook != nullptr;  // stepping needs code that calls the hook: only then
  o.capabilities = P->capabilities;
  o.take_sigint = false;
  auto program = std::make_unique<engine::ProgramState>(o);
  if (program->engine_name().empty()) {
    P->error.clear();
    P->error.status = PLANK_ERR_ENGINE;
    P->error.kind = "EngineError";
    P->error.message = program->error();
    P->error.text = "plank: EngineError: " + program->error();
    P->error.traceback = P->error.text + "\n";
    return false;
  }
  P->program = std::move(program);
  P->worker = std::make_unique<engine::ProgramThread>();
  P->worker->run([P] { P->worker_id.store(std::this_thread::get_id(), std::memory_order_relaxed); });
  P->interruptible.store(&P->program->thread());
  P->handles.file = "<host handles>";
  if (P->handles.constants.empty()) P->handles.constants.push_back(core::Value::none());  // handle 0: none
  P->program->thread().heap->add_module(&P->handles);
  for (auto& b : P->bindings) bind_host_function(P, *b);
  return true;
}

const char* keep(plank_state* P, std::string s) {
  return (P->current_call ? P->current_call->strings : P->strings).keep(std::move(s));
}

void misuse(plank_state* P, std::string kind, std::string message) {
  if (P->current_call) {
    P->current_call->fail(std::move(kind), std::move(message));
    return;
  }
  P->error.clear();
  P->error.status = PLANK_ERR_USAGE;
  P->error.kind = std::move(kind);
  P->error.message = std::move(message);
  P->error.text = "plank: " + P->error.kind + ": " + P->error.message;
  P->error.traceback = P->error.text + "\n";
}

void usage_error(plank_state* P, std::string message) { misuse(P, "UsageError", std::move(message)); }

bool in_own_host_function(const plank_state* P) {
  return P && P->worker_id.load(std::memory_order_relaxed) == std::this_thread::get_id();
}

int refuse_busy(plank_state* P, const char* function) {
  if (!in_own_host_function(P)) return PLANK_ERR_USAGE;
  ErrorReport& e = P->error;
  e.clear();
  e.status = PLANK_ERR_USAGE;
  e.kind = "UsageError";
  e.message = std::string(function) +
              ": the state is running one of its host functions, which may read its globals and values but "
              "not run code in it, change it or close it (return a value and let the plan act on it)";
  e.text = "plank: " + e.kind + ": " + e.message;
  e.traceback = e.text + "\n";
  return PLANK_ERR_USAGE;
}

void report_raised(plank_state* P) {
  if (!P->program) return misuse(P, "InternalError", "internal error");
  core::Thread& t = P->program->thread();
  std::string kind = t.error.kind.empty() ? "RuntimeError" : t.error.kind;
  std::string message = t.error.message;
  t.has_error = false;
  misuse(P, std::move(kind), std::move(message));
}

}  // namespace plank::embed

using namespace plank::embed;

namespace {

struct LimitName {
  const char* name;
  double (*get)(const core::Budget&);
  bool (*set)(core::Budget&, double);  // false: out of range
};

constexpr uint32_t kMaxDepth = 100000;  // the native stack (512 MiB) holds this many frames of either engine

// The one table of limits plank_set_limit / plank_get_limit know.
const LimitName kLimits[] = {
    {"steps", [](const core::Budget& b) { return double(b.max_steps); },
     [](core::Budget& b, double v) {
       if (v > 9e18) return false;
       b.max_steps = int64_t(v);
       return true;
     }},
    {"seconds", [](const core::Budget& b) { return b.timeout_seconds; },
     [](core::Budget& b, double v) {
       b.timeout_seconds = v;
       return true;
     }},
    {"memory_mib", [](const core::Budget& b) { return double(b.max_heap_bytes) / double(1 << 20); },
     [](core::Budget& b, double v) {
       if (v > double(SIZE_MAX >> 21)) return false;
       b.max_heap_bytes = size_t(v * double(1 << 20));
       return true;
     }},
    {"depth", [](const core::Budget& b) { return double(b.max_depth); },
     [](core::Budget& b, double v) {
       if (v < 1 || v > kMaxDepth) return false;
       b.max_depth = uint32_t(v);
       return true;
     }},
};

// The one table of options plank_set_option / plank_get_option know.
struct OptionName {
  const char* name;
  bool plank_state::*flag;
};
const OptionName kOptions[] = {
    {"keep_code", &plank_state::keep_code},
};

const OptionName* find_option(const char* name) {
  if (!name) return nullptr;
  for (const auto& o : kOptions)
    if (std::strcmp(o.name, name) == 0) return &o;
  return nullptr;
}

const LimitName* find_limit(const char* name) {
  if (!name) return nullptr;
  for (const auto& l : kLimits)
    if (std::strcmp(l.name, name) == 0) return &l;
  return nullptr;
}

// Capabilities change the running thread too when the program exists.
int change_capabilities(plank_state* P, const char* list, bool allow) {
  if (!P) return PLANK_ERR_USAGE;
  return guarded(P, int(PLANK_ERR_USAGE), [&] {
    uint32_t bits = 0;
    std::string why;
    if (!list || !core::parse_capabilities(list, &bits, &why)) {
      usage_error(P, list ? why : "no capabilities given");
      return int(PLANK_ERR_USAGE);
    }
    P->capabilities = allow ? (P->capabilities | bits) : (P->capabilities & ~bits);
    return int(PLANK_OK);
  });
}

}  // namespace

extern "C" {

const char* plank_version(void) { return "0.1.0"; }

plank_state* plank_open(void) {
  try {
    plank::host::register_host_intrinsics();  // once per process, before any state compiles
    register_host_methods();
    return new plank_state();
  } catch (...) {
    return nullptr;
  }
}

void plank_close(plank_state* P) {
  if (!P) return;
  if (P->busy.load()) return void(refuse_busy(P, "plank_close"));  // freeing a running state would pull the floor away
  try {
    delete P;
  } catch (...) {
  }
}

int plank_set_limit(plank_state* P, const char* limit, double value) {
  if (!P) return PLANK_ERR_USAGE;
  return guarded(P, int(PLANK_ERR_USAGE), [&] {
    const LimitName* l = find_limit(limit);
    if (!l) {
      usage_error(P, std::string("unknown limit '") + (limit ? limit : "(null)") +
                         "' (expected steps, seconds, memory_mib, depth)");
      return int(PLANK_ERR_USAGE);
    }
    if (!std::isfinite(value) || value < 0 || !l->set(P->budget, value)) {
      usage_error(P, std::string("limit '") + l->name + "' cannot be " + std::to_string(value));
      return int(PLANK_ERR_USAGE);
    }
    return int(PLANK_OK);
  });
}

double plank_get_limit(plank_state* P, const char* limit) {
  if (!P) return -1;
  const LimitName* l = find_limit(limit);
  return l ? l->get(P->budget) : -1;
}

int plank_set_option(plank_state* P, const char* option, int value) {
  if (!P) return PLANK_ERR_USAGE;
  return guarded(P, int(PLANK_ERR_USAGE), [&] {
    const OptionName* o = find_option(option);
    if (!o) {
      usage_error(P, std::string("unknown option '") + (option ? option : "(null)") + "' (expected keep_code)");
      return int(PLANK_ERR_USAGE);
    }
    if (value != 0 && value != 1) {
      usage_error(P, std::string("option '") + o->name + "' is 0 or 1, not " + std::to_string(value));
      return int(PLANK_ERR_USAGE);
    }
    P->*(o->flag) = value == 1;
    return int(PLANK_OK);
  });
}

int plank_get_option(plank_state* P, const char* option) {
  if (!P) return -1;
  const OptionName* o = find_option(option);
  return o ? int(P->*(o->flag)) : -1;
}

int plank_allow(plank_state* P, const char* capabilities) { return change_capabilities(P, capabilities, true); }
int plank_deny(plank_state* P, const char* capabilities) { return change_capabilities(P, capabilities, false); }

int plank_set_engine(plank_state* P, const char* name) {
  if (!P) return PLANK_ERR_USAGE;
  return guarded(P, int(PLANK_ERR_USAGE), [&] {
    if (P->program) {
      usage_error(P, "the engine is chosen before the first run");
      return int(PLANK_ERR_USAGE);
    }
    std::string error;
    if (!name || !engine::make_engine(name, engine::Workload::Program, {}, &error)) {
      usage_error(P, name ? error : "no engine given");
      return int(PLANK_ERR_USAGE);
    }
    P->engine = name;
    return int(PLANK_OK);
  });
}

const char* plank_engine(plank_state* P) {
  if (!P) return "";
  return guarded(P, "", [&]() -> const char* {
    if (P->program) return keep(P, P->program->engine_name());
    return keep(P, P->engine.empty() ? engine::default_engine(engine::Workload::Program) : P->engine);
  });
}

void plank_set_writer(plank_state* P, plank_writer write, void* userdata) {
  if (!P) return;
  P->writer = write;
  P->writer_data = userdata;
}

void plank_interrupt(plank_state* P) {
  // Lock-free stores only: callable from a signal handler. The program's thread exists from
  // the first run on; before it there is nothing to interrupt.
  if (!P) return;
  if (core::Thread* t = P->interruptible.load()) t->interrupt_requested.store(1);
}

const char* plank_error(plank_state* P) { return P ? P->error.text.c_str() : "no state"; }
int plank_error_status(plank_state* P) { return P ? P->error.status : PLANK_ERR_USAGE; }
const char* plank_error_kind(plank_state* P) { return P ? P->error.kind.c_str() : "UsageError"; }
const char* plank_error_message(plank_state* P) { return P ? P->error.message.c_str() : "no state"; }
const char* plank_error_file(plank_state* P) { return P ? P->error.file.c_str() : ""; }
int plank_error_line(plank_state* P) { return P ? P->error.line : 0; }
int plank_error_col(plank_state* P) { return P ? P->error.col : 0; }
const char* plank_traceback(plank_state* P) { return P ? P->error.traceback.c_str() : ""; }
const char* plank_diagnostics_json(plank_state* P) { return P ? P->error.diagnostics_json.c_str() : "[]"; }

}  // extern "C"
