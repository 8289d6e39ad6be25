#include "agents/deps/compile/plan_runner.h"

#include <set>

#include "agents/host/host_context.h"
#include "compiler/engine/run.h"
#include "compiler/frontend/ast_walk.h"
#include "compiler/frontend/parser.h"
#include "runtime/intrinsics.h"
#include "support/diagnostics.h"

namespace plank::deps {

using namespace plank::ast;

namespace {

// Bare names returned by `fn` that nothing binds (its params, its assignments, module globals, intrinsics).
void bare_returns(const StmtList& body, const std::set<std::string>& bound, std::set<std::string>& out) {
  for (const auto& st : body) {
    if (auto* r = dyn_cast<Return>(st.get())) {
      if (auto* n = r->value ? dyn_cast<Name>(r->value.get()) : nullptr)
        if (!bound.count(n->id) && !core::find_intrinsic(n->id)) out.insert(n->id);
    } else if (auto* i = dyn_cast<If>(st.get())) {
      bare_returns(i->body, bound, out);
      bare_returns(i->orelse, bound, out);
    }
  }
}

void assigned_names(const StmtList& body, std::set<std::string>& out) {
  for (const auto& st : body) {
    if (auto* a = dyn_cast<Assign>(st.get())) {
      for (const auto& t : a->targets)
        if (auto* n = dyn_cast<Name>(t.get())) out.insert(n->id);
    } else if (auto* d = dyn_cast<FunctionDef>(st.get())) {
      out.insert(d->name);
    }
  }
}

}  // namespace

std::string plan_epilogue(const std::string& code) {
  DiagnosticSink sink;
  auto module = frontend::parse_module(SourceFile::from_string("<plan>", code), sink);
  if (sink.has_errors() || !module) return "";
  const FunctionDef* plan = nullptr;
  bool calls_at_top = false;
  std::set<std::string> globals;
  assigned_names(module->body, globals);
  for (const auto& st : module->body) {
    if (auto* d = dyn_cast<FunctionDef>(st.get())) plan = d;
    if (isa<ExprStmt>(st.get())) calls_at_top = true;
  }
  if (!plan || calls_at_top) return "";
  std::set<std::string> bound = globals;
  bool takes_inventory = false;
  for (const auto& p : plan->params) {
    bound.insert(p.name);
    takes_inventory |= p.name == "inventory";
  }
  assigned_names(plan->body, bound);
  std::set<std::string> bare;
  bare_returns(plan->body, bound, bare);
  std::string out = "\n";
  for (const std::string& name : bare) out += name + " = \"" + name + "\"\n";
  out += plan->name + (takes_inventory ? "(inventory = inventory)\n" : "()\n");
  return out;
}

PlanRun run_plan(SkillExecutor& session, const std::string& code, const PlanRunOptions& options) {
  PlanRun run;
  session.begin_plan();
  core::HostContext host;
  host.deps = &session;
  engine::RunOptions o;
  o.path = options.path;
  std::string text = code;
  if (!text.empty() && text.back() != '\n') text += '\n';
  o.source = text + plan_epilogue(code);
  o.engine = options.engine;
  o.workload = engine::Workload::OneShot;
  o.max_steps = options.max_steps;
  o.capabilities = core::kCapWorld;
  o.host = &host;
  o.out = &run.output;
  o.err = &run.error;
  engine::RunResult r = engine::run_program(o);
  run.compiled = !r.compile_error;
  run.finished = r.exit_code == 0;
  run.error_kind = r.error_kind;
  run.skill_failed = r.error_kind == "SkillFailed" && session.failure() != nullptr;
  run.steps = session.steps();
  return run;
}

}  // namespace plank::deps
