// Running code in a state: plank_run, plank_eval, calls of the plan's functions, globals; and
// the translation of a run's outcome into a status and the error report.
#include <cstring>
#include <string>

#include "embed/capi/guard.h"
#include "embed/capi/json_values.h"
#include "embed/capi/names.h"
#include "embed/capi/state.h"
#include "runtime/heap.h"
#include "support/diagnostics.h"
#include "support/source.h"

using namespace plank;
using namespace plank::embed;

namespace {

// One call of the host into a state that runs code: the state is busy meanwhile (another
// thread, or a host function calling back, is refused with PLANK_ERR_USAGE and the state
// left as it is); the error report and the returned strings start afresh.
class Running {
 public:
  explicit Running(plank_state* P) : P_(P), entered_(!P->busy.exchange(true)) {}
  ~Running() {
    if (entered_) P_->busy.store(false);
  }
  Running(const Running&) = delete;
  Running& operator=(const Running&) = delete;
  bool entered() const { return entered_; }

 private:
  plank_state* P_;
  bool entered_;
};

void write_to_host(void* data, const char* text, size_t length) {
  auto* P = static_cast<plank_state*>(data);
  P->writer(text, length, P->writer_data);
}

// Status of a start: PLANK_OK, or why the call cannot run.
int start(plank_state* P, const Running& running, const char* function) {
  if (!running.entered()) return refuse_busy(P, function);
  P->error.clear();
  P->strings.clear();
  if (!realize(P)) return PLANK_ERR_ENGINE;
  core::Thread& t = P->program->thread();
  // Limits are per run: the counters and the clock start again (pk_poll starts the clock at the
  // first statement).
  t.budget = P->budget;
  t.steps = t.fuel = t.fuel_granted = 0;
  t.started_at = 0;
  t.capabilities = P->capabilities;
  t.writer = P->writer ? &write_to_host : nullptr;
  t.writer_data = P;
  t.step_hook = P->debug_hook && P->program->options().debug ? P->debugger.hook() : core::StepHook();
  return PLANK_OK;
}

int status_of_kind(const std::string& kind) {
  if (kind == "BudgetExceeded" || kind == "MemoryError" || kind == "RecursionError") return PLANK_ERR_BUDGET;
  if (kind == "Interrupted") return PLANK_ERR_INTERRUPTED;
  return PLANK_ERR_RUNTIME;
}

// The column a runtime error is reported at: where its line's statement starts.
int statement_column(plank_state* P, const std::string& file, int line) {
  auto it = P->sources.find(file);
  if (it == P->sources.end() || line < 1 || uint32_t(line) > it->second->line_count()) return 1;
  std::string_view text = it->second->line_text(uint32_t(line));
  size_t first = text.find_first_not_of(" \t");
  return first == std::string_view::npos ? 1 : int(first) + 1;
}

int status_of(plank_state* P, const engine::InputResult& r, const std::string& chunk);

// Fills the error report from a run's outcome; its status.
int report(plank_state* P, const engine::InputResult& r, const std::string& chunk) {
  ErrorReport& e = P->error;
  e.clear();
  e.diagnostics_json = render_json(r.diagnostics);
  e.status = status_of(P, r, chunk);
  return e.status;
}

int status_of(plank_state* P, const engine::InputResult& r, const std::string& chunk) {
  ErrorReport& e = P->error;
  switch (r.status) {
    case engine::InputResult::Status::Ok: return PLANK_OK;
    case engine::InputResult::Status::Incomplete:  // not asked for (runs are not interactive)
    case engine::InputResult::Status::CompileError: {
      e.kind = "SyntaxError";
      e.file = chunk;
      e.traceback = r.messages;
      for (const Diagnostic& d : r.diagnostics) {
        if (d.severity != Severity::Error) continue;
        e.message = d.message;
        if (d.file) {
          LineCol lc = d.file->line_col(d.span.begin);
          e.file = d.file->path();
          e.line = int(lc.line);
          e.col = int(lc.column);
        }
        break;
      }
      if (e.message.empty()) e.message = "the source does not compile";
      e.text = e.file + ":" + std::to_string(e.line) + ":" + std::to_string(e.col) + ": " + e.kind + ": " + e.message;
      return PLANK_ERR_SYNTAX;
    }
    case engine::InputResult::Status::RuntimeError: {
      e.kind = r.error.kind;
      e.message = r.error.message;
      e.file = chunk;
      if (!r.error.traceback.empty()) {
        const core::TraceEntry& inner = r.error.traceback.back();
        if (!inner.file.empty()) e.file = inner.file;
        e.line = int(inner.line);
        e.col = statement_column(P, e.file, e.line);
      }
      e.text = e.file + ":" + std::to_string(e.line) + ":" + std::to_string(e.col) + ": " + e.kind + ": " + e.message;
      e.traceback = r.messages;
      return status_of_kind(e.kind);
    }
    case engine::InputResult::Status::EngineError:
      e.kind = "EngineError";
      e.message = r.messages;
      while (!e.message.empty() && e.message.back() == '\n') e.message.pop_back();
      e.file = chunk;
      e.text = chunk + ":0:0: EngineError: " + e.message;
      e.traceback = r.messages;
      return PLANK_ERR_ENGINE;
  }
  return PLANK_ERR_RUNTIME;
}

// How a run or an eval is kept: the "keep_code" option.
engine::ModuleInput input_of(const plank_state* P) {
  engine::ModuleInput how;
  how.keep = P->keep_code;
  return how;
}

void remember_source(plank_state* P, const std::string& chunk, const char* text) {
  P->sources[chunk] = SourceFile::from_string(chunk, text);
}

// Runs `body` (the program's work, which reports its own status) on the state's program thread;
// nothing it throws leaves that thread.
template <class F>
int on_program_thread(plank_state* P, F&& body) {
  int status = PLANK_ERR_USAGE;
  P->worker->run([&] { status = guarded(P, int(PLANK_ERR_USAGE), body); });
  return status;
}

}  // namespace

extern "C" {

int plank_run(plank_state* P, const char* source, const char* chunkname) {
  if (!P) return PLANK_ERR_USAGE;
  Running running(P);
  if (int s = start(P, running, "plank_run")) return s;
  return guarded(P, int(PLANK_ERR_USAGE), [&] {
    if (!source) {
      usage_error(P, "plank_run: no source");
      return int(PLANK_ERR_USAGE);
    }
    std::string chunk = chunkname ? chunkname : "<plan>";
    remember_source(P, chunk, source);
    int status = on_program_thread(P, [&] { return report(P, P->program->run(source, chunk, input_of(P)), chunk); });
    if (!P->keep_code) P->sources.erase(chunk);  // nothing of it can raise later
    return status;
  });
}

int plank_eval(plank_state* P, const char* expression, plank_value* result) {
  if (!P) return PLANK_ERR_USAGE;
  if (result) *result = 0;
  Running running(P);
  if (int s = start(P, running, "plank_eval")) return s;
  return guarded(P, int(PLANK_ERR_USAGE), [&] {
    if (!expression) {
      usage_error(P, "plank_eval: no expression");
      return int(PLANK_ERR_USAGE);
    }
    const std::string chunk = "<eval>";
    remember_source(P, chunk, expression);
    return on_program_thread(P, [&] {
      auto r = P->program->evaluate(
          expression, chunk,
          [&](core::Value v) {
            if (result) *result = hold(P, v);
          },
          input_of(P));
      return report(P, r, chunk);
    });
  });
}

int plank_call_function(plank_state* P, const char* name, int argc, const plank_value* argv, plank_value* result) {
  if (!P) return PLANK_ERR_USAGE;
  if (result) *result = 0;
  Running running(P);
  if (int s = start(P, running, "plank_call_function")) return s;
  return guarded(P, int(PLANK_ERR_USAGE), [&] {
    if (!name || argc < 0 || (argc > 0 && !argv)) {
      usage_error(P, "plank_call_function: no function name, or argc without argv");
      return int(PLANK_ERR_USAGE);
    }
    std::vector<core::Value> args(size_t(argc), core::Value::none());
    for (int i = 0; i < argc; ++i)
      if (!lookup(P, argv[i], &args[size_t(i)])) {
        usage_error(P, "plank_call_function: argument " + std::to_string(i) + " is not a live handle");
        return int(PLANK_ERR_USAGE);
      }
    return on_program_thread(P, [&] {
      auto r = P->program->call(name, args, [&](core::Value v) {
        if (result) *result = hold(P, v);
      });
      return report(P, r, std::string("<") + name + ">");
    });
  });
}

const char* plank_eval_json(plank_state* P, const char* expression) {
  if (!P) return nullptr;
  int mark = plank_mark(P);
  plank_value v = 0;
  const char* json = nullptr;
  if (plank_eval(P, expression, &v) == PLANK_OK) json = plank_to_json(P, v);
  plank_release(P, mark);
  return json;
}

const char* plank_call_json(plank_state* P, const char* name, const char* args_json) {
  if (!P) return nullptr;
  int mark = plank_mark(P);
  plank_value args = plank_from_json(P, args_json ? args_json : "[]");
  const char* json = nullptr;
  if (args) {
    if (plank_type(P, args) != PLANK_TLIST) {
      usage_error(P, "plank_call_json: the arguments are not a JSON array");
    } else {
      std::vector<plank_value> argv;
      for (int64_t i = 0, n = plank_len(P, args); i < n; ++i) argv.push_back(plank_item(P, args, i));
      plank_value v = 0;
      if (plank_call_function(P, name, int(argv.size()), argv.data(), &v) == PLANK_OK) json = plank_to_json(P, v);
    }
  }
  plank_release(P, mark);
  return json;
}

plank_value plank_get_global(plank_state* P, const char* name) {
  if (!P) return 0;
  return guarded(P, plank_value(0), [&]() -> plank_value {
    if (!name) return usage_error(P, "plank_get_global: no name"), 0;
    // From one of the state's own host functions a read is safe (the plan waits for it); from
    // another thread while the state runs it is not.
    if (P->busy.load() && !in_own_host_function(P)) return refuse_busy(P, "plank_get_global"), 0;
    if (!realize(P)) return 0;
    core::Value v;
    if (!P->program->global(name, &v)) return 0;
    return hold(P, v);
  });
}

int plank_set_global(plank_state* P, const char* name, plank_value value) {
  if (!P) return PLANK_ERR_USAGE;
  return guarded(P, int(PLANK_ERR_USAGE), [&] {
    if (!name || !is_identifier(name)) {
      usage_error(P, std::string("plank_set_global: '") + (name ? name : "(null)") + "' is not an identifier");
      return int(PLANK_ERR_USAGE);
    }
    if (P->busy.load()) return refuse_busy(P, "plank_set_global");
    if (!realize(P)) return int(PLANK_ERR_ENGINE);
    core::Value v;
    if (!lookup(P, value, &v)) {
      usage_error(P, "plank_set_global: not a live handle");
      return int(PLANK_ERR_USAGE);
    }
    P->program->define_global(name, v);
    return int(PLANK_OK);
  });
}

}  // extern "C"
