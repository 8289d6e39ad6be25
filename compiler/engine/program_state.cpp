#include "compiler/engine/program_state.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <string_view>
#include <unordered_map>

#include "compiler/check/check.h"
#include "compiler/engine/bind.h"
#include "compiler/engine/engine.h"
#include "compiler/engine/imports.h"
#include "compiler/engine/run.h"
#include "compiler/frontend/parser.h"
#include "compiler/lower/lower.h"
#include "runtime/heap.h"
#include "runtime/intrinsics.h"
#include "runtime/module_runtime.h"
#include "runtime/objects.h"
#include "support/diagnostics.h"

namespace plank::engine {

namespace {

constexpr const char* kDisplayHook = "__displayhook__";
// The session global an evaluated expression's value lands in (ProgramState::evaluate).
constexpr const char* kEvalResult = "__eval__";

// sys.displayhook: the repr of a value that is not None, on its own line.
bool display_hook(core::Thread* t, core::Value* result, const core::CallArgs& args) {
  *result = core::Value::none();
  if (args.npos != 1 || args.nkw != 0 || args.positional(0).is_none()) return true;
  try {
    core::write_output(t, core::repr(t, args.positional(0)) + "\n");
  } catch (const core::Raised&) {
    return false;
  }
  return true;
}

void register_display_hook() {
  static std::once_flag once;
  std::call_once(once, [] {
    core::add_intrinsic({kDisplayHook,
                         {core::IntrinsicParam{"value", "any"}},
                         "None",
                         0,
                         "repl",
                         "Prints repr(value) unless value is None: what the REPL calls on each expression statement.",
                         &display_hook});
  });
}

// Python's interactive mode prints the value of every expression statement
// that is not inside a function body (`for i in range(3): i` prints 0 1 2).
void wrap_expression_statements(ast::StmtList& body) {
  for (auto& st : body) {
    switch (st->kind) {
      case ast::StmtKind::ExprStmt: {
        auto* es = ast::cast<ast::ExprStmt>(st.get());
        Span span = es->value->span;
        auto call = std::make_unique<ast::Call>(span, std::make_unique<ast::Name>(span, kDisplayHook));
        call->args.push_back(std::move(es->value));
        es->value = std::move(call);
        break;
      }
      case ast::StmtKind::If: {
        auto* s = ast::cast<ast::If>(st.get());
        wrap_expression_statements(s->body);
        wrap_expression_statements(s->orelse);
        break;
      }
      case ast::StmtKind::While: wrap_expression_statements(ast::cast<ast::While>(st.get())->body); break;
      case ast::StmtKind::For: wrap_expression_statements(ast::cast<ast::For>(st.get())->body); break;
      default: break;
    }
  }
}

bool is_blank(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; });
}

// The front end's messages for input that ends too early (compiler/frontend:
// indent_lexer.cpp and syntax_errors.cpp). Only these make an input
// "unfinished", as in Python's codeop: an open bracket or triple-quoted
// string, a block header whose body has not been typed yet. Everything else
// (`x = 1 +`) is an error at once, as in Python.
constexpr std::string_view kUnfinished[] = {"was never closed", "is never closed)", "expected an indented block"};

bool unfinished(const std::vector<Diagnostic>& diagnostics, const std::string& text) {
  bool any = false;
  for (const Diagnostic& d : diagnostics) {
    if (d.severity != Severity::Error) continue;
    bool eof_kind = std::any_of(std::begin(kUnfinished), std::end(kUnfinished),
                                [&](std::string_view m) { return d.message.find(m) != std::string::npos; });
    // A missing block must be missing at the end, not in the middle of the text.
    if (eof_kind && d.message.find("indented block") != std::string::npos)
      eof_kind = d.span.begin >= text.size() || is_blank(std::string_view(text).substr(d.span.begin));
    if (!eof_kind) return false;
    any = true;
  }
  return any;
}

// A compound statement at the end of the text stays open until a blank line
// (Python's rule), so its body can go on.
bool open_block(const ast::Module& module, const std::string& text) {
  if (module.body.empty()) return false;
  auto k = module.body.back()->kind;
  if (k != ast::StmtKind::FunctionDef && k != ast::StmtKind::If && k != ast::StmtKind::While &&
      k != ast::StmtKind::For)
    return false;
  size_t end = text.find_last_not_of(" \t\r\n");
  if (end == std::string::npos) return false;
  size_t last_newline = text.find('\n', end);
  if (last_newline == std::string::npos) return true;  // the block's last line is still being typed
  return text.find('\n', last_newline + 1) == std::string::npos;  // no blank line after it yet
}

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

// One compiled input, alive for the rest of the session.
struct Input {
  std::unique_ptr<ast::Module> ast;
  ir::Module ir;
  core::ModuleRuntime runtime;
};

struct ProgramState::State {
  std::unique_ptr<core::Heap> heap;
  core::ModuleRuntime globals;  // the session's globals table (no code)
  std::unordered_map<std::string, uint32_t> global_index;
  check::Prelude prelude;
  std::unique_ptr<ExecutionEngine> engine;
  std::vector<std::unique_ptr<Input>> inputs;
  // The Plank-written stdlib modules the session imported (stdlib/*.py), on the session's engine;
  // loaded once and kept for the session, as `plank run` keeps them for its run.
  std::unique_ptr<ModuleLoader> modules;

  uint32_t global_slot(const std::string& name) {
    auto [it, added] = global_index.emplace(name, static_cast<uint32_t>(globals.global_names.size()));
    if (added) {
      globals.global_names.push_back(name);
      globals.globals.push_back(core::Value::none());
      globals.global_set.push_back(0);
    }
    return it->second;
  }

  // Renumbers the input's LoadGlobal/StoreGlobal from its own table to the session's.
  void rebase_globals(ir::Module& m) {
    std::vector<uint32_t> to_session;
    for (const auto& name : m.globals) to_session.push_back(global_slot(name));
    for (auto& f : m.functions)
      for (auto& b : f.blocks)
        for (auto& in : b.instrs)
          if (in.op == ir::Op::LoadGlobal || in.op == ir::Op::StoreGlobal) in.imm = to_session[in.imm];
    m.globals = globals.global_names;
  }

  // What later inputs must know about the names this one bound.
  void remember(const check::CheckedModule& cm) {
    const check::Scope& top = cm.module_scope();
    for (const auto& name : top.assigned) {
      prelude.globals.insert(name);
      prelude.imported.erase(name);
      prelude.module_aliases.erase(name);
    }
    for (const auto& [name, index] : top.imported) prelude.imported[name] = index;
    prelude.module_aliases.insert(top.module_aliases.begin(), top.module_aliases.end());
  }
};

ProgramState::ProgramState(const ProgramStateOptions& options) : options_(options), thread_(std::make_unique<core::Thread>()) {
  register_display_hook();
  state_ = std::make_unique<State>();
  state_->heap = std::make_unique<core::Heap>(thread_.get());
  state_->globals.file = "<session>";
  state_->heap->add_module(&state_->globals);
  thread_->capabilities = options.capabilities;
  thread_->host = options.host;
  thread_->output = options.out;

  EngineOptions eopts;
  eopts.debug = options.debug;
  state_->engine = make_engine(options.engine, options.workload, eopts, &error_);
  if (state_->engine) {
    state_->modules = std::make_unique<ModuleLoader>(state_->engine->name(), eopts);
    state_->modules->install(*thread_);
  }
}

ProgramState::~ProgramState() {
  thread_->module_loader = nullptr;
  state_->modules.reset();  // each loaded module leaves the heap with its code
  for (auto& in : state_->inputs) state_->heap->remove_module(&in->runtime);
  state_->heap->remove_module(&state_->globals);
  state_->engine.reset();  // the JIT's code before the runtimes it points into
  state_->inputs.clear();
  state_->heap.reset();
}

std::string ProgramState::engine_name() const { return state_->engine ? state_->engine->name() : ""; }

size_t ProgramState::inputs() const { return state_->inputs.size(); }

std::vector<std::string> ProgramState::global_names() const {
  std::vector<std::string> names;
  const auto& g = state_->globals;
  for (size_t i = 0; i < g.global_names.size(); ++i)
    if (g.global_set[i]) names.push_back(g.global_names[i]);
  std::sort(names.begin(), names.end());
  return names;
}

bool ProgramState::global_repr(const std::string& name, std::string* out) {
  auto it = state_->global_index.find(name);
  if (it == state_->global_index.end() || !state_->globals.global_set[it->second]) return false;
  try {
    *out = core::repr(thread_.get(), state_->globals.globals[it->second]);
  } catch (const core::Raised&) {
    thread_->has_error = false;
    *out = "<unprintable>";
  }
  return true;
}

InputResult ProgramState::run(const std::string& text, const std::string& name, bool interactive) {
  return run_input(text, name, interactive ? Mode::Interactive : Mode::Module, {}, ModuleInput{});
}

InputResult ProgramState::run(const std::string& text, const std::string& name, const ModuleInput& how) {
  return run_input(text, name, Mode::Module, {}, how);
}

InputResult ProgramState::evaluate(const std::string& text, const std::string& name,
                                   const std::function<void(core::Value)>& consume, const ModuleInput& how) {
  return run_input(text, name, Mode::Expression, consume, how);
}

void ProgramState::forget_error() {
  thread_->has_error = false;
  thread_->top = nullptr;
  thread_->depth = 0;
}

InputResult ProgramState::run_input(const std::string& text, const std::string& name, Mode mode,
                                    const std::function<void(core::Value)>& consume, const ModuleInput& how) {
  InputResult result;
  // An interrupt asked for before this input began (one that came after the last one ended) is not
  // this input's; one that comes while it compiles is.
  thread_->interrupt_requested = 0;
  if (!state_->engine) {
    result.status = InputResult::Status::EngineError;
    result.messages = "plank: error: " + error_ + "\n";
    return result;
  }
  auto t0 = std::chrono::steady_clock::now();
  SourceRef file = SourceFile::from_string(name, text);
  DiagnosticSink sink;
  auto module = frontend::parse_module(file, sink);
  if (sink.has_errors()) {
    result.timings.parse = ms_since(t0);
    if (mode == Mode::Interactive && unfinished(sink.all(), text)) {
      result.status = InputResult::Status::Incomplete;
      return result;
    }
    return compile_error(sink, result);
  }
  if (mode == Mode::Interactive && open_block(*module, text)) {
    result.status = InputResult::Status::Incomplete;
    result.timings.parse = ms_since(t0);
    return result;
  }
  if (mode == Mode::Expression) {
    // eval(): exactly one expression, whose value lands in a session global the consumer reads.
    auto& body = module->body;
    if (body.size() != 1 || body[0]->kind != ast::StmtKind::ExprStmt) {
      Span at = body.empty() ? Span{0, static_cast<uint32_t>(text.size())} : body.size() > 1 ? body[1]->span : body[0]->span;
      sink.error(file, at, "expected a single expression", "eval.not-an-expression");
      result.timings.parse = ms_since(t0);
      return compile_error(sink, result);
    }
    auto* es = ast::cast<ast::ExprStmt>(body[0].get());
    Span span = es->span;
    ast::ExprList targets;
    targets.push_back(std::make_unique<ast::Name>(span, kEvalResult));
    body[0] = std::make_unique<ast::Assign>(span, std::move(targets), std::move(es->value));
  } else {
    wrap_expression_statements(module->body);
  }
  result.timings.parse = ms_since(t0);
  return compile_and_run(std::move(module), sink, how, result, mode == Mode::Expression ? &consume : nullptr);
}

InputResult ProgramState::run(std::unique_ptr<ast::Module> module, const ModuleInput& how) {
  InputResult result;
  thread_->interrupt_requested = 0;  // as in run_input
  if (!state_->engine) {
    result.status = InputResult::Status::EngineError;
    result.messages = "plank: error: " + error_ + "\n";
    return result;
  }
  if (how.echo) wrap_expression_statements(module->body);
  DiagnosticSink sink;
  return compile_and_run(std::move(module), sink, how, result, nullptr);
}

InputResult ProgramState::compile_error(const DiagnosticSink& sink, InputResult& result) const {
  result.status = InputResult::Status::CompileError;
  result.messages = render_text(sink.all(), RenderOptions{options_.color});
  result.diagnostics = sink.all();
  return result;
}

InputResult ProgramState::compile_and_run(std::unique_ptr<ast::Module> module, DiagnosticSink& sink, const ModuleInput& how,
                                          InputResult result, const std::function<void(core::Value)>* consume_eval) {
  RenderOptions render{options_.color};
  auto t1 = std::chrono::steady_clock::now();
  auto input = std::make_unique<Input>();
  input->ast = std::move(module);
  check::CheckedModule checked = check::check_module(*input->ast, sink, &state_->prelude);
  if (!sink.has_errors()) input->ir = lower::lower_module(checked, {}, sink);
  if (sink.has_errors()) {
    result.timings.compile = ms_since(t1);
    return compile_error(sink, result);
  }
  result.messages = render_text(sink.all(), render);  // warnings
  result.diagnostics = sink.all();
  if (how.keep) state_->remember(checked);
  // The module-level bindings this input may change, as they were: a forgotten
  // input's are put back (the checker counts the names earlier inputs bound as
  // assigned here too, so those are restored to their own values).
  struct Binding {
    uint32_t slot;
    core::Value value;
    uint8_t set;
  };
  std::vector<Binding> before;
  if (!how.keep)
    for (const auto& name : checked.module_scope().assigned) {
      uint32_t slot = state_->global_slot(name);
      before.push_back({slot, state_->globals.globals[slot], state_->globals.global_set[slot]});
    }
  state_->rebase_globals(input->ir);
  try {
    bind(input->ir, *thread_, input->runtime);  // interns the constants: MemoryError when the heap is full
  } catch (const core::Raised&) {
    result.status = InputResult::Status::RuntimeError;
    result.error_kind = thread_->error.kind;
    result.error = thread_->error;
    result.messages += format_runtime_error(thread_->error, input->ast->file ? input->ast->file->path() : "<input>");
    result.timings.compile = ms_since(t1);
    forget_error();
    return result;
  }
  input->runtime.globals_home = &state_->globals;
  std::string error;
  if (!state_->engine->prepare(input->ir, input->runtime, &error)) {
    thread_->heap->remove_module(&input->runtime);
    state_->engine->release(input->runtime);  // whatever of it was compiled before the failure
    result.status = InputResult::Status::EngineError;
    result.messages += "plank: error: " + error + "\n";
    result.timings.compile = ms_since(t1);
    return result;
  }
  result.timings.compile = ms_since(t1);

  auto t2 = std::chrono::steady_clock::now();
  Input& kept = *input;
  state_->inputs.push_back(std::move(input));
  thread_->has_error = false;
  core::Budget saved = thread_->budget;
  if (how.max_steps > 0) {
    // The input's own budget: the steps counted so far belong to earlier inputs.
    thread_->steps = 0;
    thread_->fuel = thread_->fuel_granted = 0;
    thread_->budget.max_steps = how.max_steps;
  }
  bool ok = run_module_body(*thread_, kept.runtime, nullptr, options_.take_sigint ? Sigint::Take : Sigint::Leave);
  thread_->budget = saved;
  std::fflush(stdout);
  result.timings.run = ms_since(t2);
  if (!ok) {
    result.status = InputResult::Status::RuntimeError;
    result.error_kind = thread_->error.kind;
    result.error = thread_->error;
    result.messages += format_runtime_error(thread_->error, kept.runtime.file);
    forget_error();
  } else if (consume_eval) {
    uint32_t slot = state_->global_slot(kEvalResult);
    if (*consume_eval) (*consume_eval)(state_->globals.globals[slot]);
    state_->globals.globals[slot] = core::Value::none();
    state_->globals.global_set[slot] = 0;
  }
  if (!how.keep) {
    for (const Binding& b : before) {
      state_->globals.globals[b.slot] = b.value;
      state_->globals.global_set[b.slot] = b.set;
    }
    thread_->heap->remove_module(&kept.runtime);
    state_->engine->release(kept.runtime);  // the JIT's machine code of it
    state_->inputs.pop_back();
  }
  return result;
}

InputResult ProgramState::call(const std::string& function) { return call(function, {}, {}); }

InputResult ProgramState::call(const std::string& function, const std::vector<core::Value>& args,
                               const std::function<void(core::Value)>& consume) {
  InputResult result;
  auto t0 = std::chrono::steady_clock::now();
  auto it = state_->global_index.find(function);
  if (it == state_->global_index.end() || !state_->globals.global_set[it->second]) {
    result.status = InputResult::Status::RuntimeError;
    result.error_kind = "NameError";
    result.error.kind = "NameError";
    result.error.message = "the program defines no '" + function + "'";
    result.messages = "plank: error: NameError: " + result.error.message + "\n";
    return result;
  }
  core::Thread& t = *thread_;
  const core::Value callee = state_->globals.globals[it->second];  // a global: rooted by the globals table
  t.has_error = false;
  t.interrupt_requested = 0;
  bool ok = run_on_program_stack(
      t,
      [&] {
        try {
          core::RootScope scope(&t);
          core::Value returned = scope.push(core::call_value(&t, callee, args.data(), static_cast<uint32_t>(args.size())));
          if (consume) consume(returned);
          return true;
        } catch (const core::Raised&) {
          return false;
        }
      },
      nullptr, options_.take_sigint ? Sigint::Take : Sigint::Leave);
  std::fflush(stdout);
  result.timings.run = ms_since(t0);
  if (!ok) {
    result.status = InputResult::Status::RuntimeError;
    result.error_kind = t.error.kind;
    result.error = t.error;
    result.messages = format_runtime_error(t.error, "<" + function + ">");
    forget_error();
  }
  return result;
}

void ProgramState::define_global(const std::string& name, core::Value value) {
  uint32_t slot = state_->global_slot(name);
  state_->globals.globals[slot] = value;
  state_->globals.global_set[slot] = 1;
  state_->prelude.globals.insert(name);
  state_->prelude.imported.erase(name);
  state_->prelude.module_aliases.erase(name);
}

bool ProgramState::global(const std::string& name, core::Value* value) const {
  auto it = state_->global_index.find(name);
  if (it == state_->global_index.end() || !state_->globals.global_set[it->second]) return false;
  *value = state_->globals.globals[it->second];
  return true;
}

}  // namespace plank::engine
