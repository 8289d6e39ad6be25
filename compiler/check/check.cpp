// Scopes, name resolution and static errors (see check.h).
//
// Two walks over the AST: the first creates a Scope per module/def/lambda and
// records every name each one binds (assignment and for targets, def names,
// parameters, imports); the second resolves every use (marking captured
// locals as cells and threading free variables through intermediate scopes)
// and reports the static errors.
#include "compiler/check/check.h"

#include "compiler/frontend/ast_walk.h"

#include <algorithm>
#include <optional>

#include "compiler/lf/check.h"
#include "compiler/lf/from_ast.h"
#include "runtime/intrinsics.h"

namespace plank::check {

using namespace plank::ast;

const char* binding_name(Binding b) {
  switch (b) {
    case Binding::Local: return "local";
    case Binding::Cell: return "cell";
    case Binding::Free: return "free";
    case Binding::Global: return "global";
    case Binding::Builtin: return "builtin";
    case Binding::Module: return "module";
  }
  return "?";
}

bool is_known_module(const std::string& name) { return name == "actions"; }

namespace {

Resolved resolve_module_level(const Scope& m, const std::string& name) {
  if (m.assigned.count(name)) return {Binding::Global, 0};
  if (auto it = m.imported.find(name); it != m.imported.end()) return {Binding::Builtin, it->second};
  if (m.module_aliases.count(name)) return {Binding::Module, 0};
  if (auto idx = core::find_intrinsic(name)) return {Binding::Builtin, *idx};
  return {Binding::Global, 0};
}

}  // namespace

Resolved Scope::resolve(const std::string& name) const {
  if (kind == Kind::Module) return resolve_module_level(*this, name);
  if (assigned.count(name)) return {cells.count(name) ? Binding::Cell : Binding::Local, 0};
  if (auto it = imported.find(name); it != imported.end()) return {Binding::Builtin, it->second};
  if (module_aliases.count(name)) return {Binding::Module, 0};
  for (const Scope* p = parent; p && p->kind != Kind::Module; p = p->parent) {
    if (p->assigned.count(name)) return {Binding::Free, 0};
    if (auto it = p->imported.find(name); it != p->imported.end()) return {Binding::Builtin, it->second};
    if (p->module_aliases.count(name)) return {Binding::Module, 0};
  }
  const Scope* m = this;
  while (m->parent) m = m->parent;
  return resolve_module_level(*m, name);
}

int Scope::free_index(const std::string& name) const {
  auto it = std::find(frees.begin(), frees.end(), name);
  return it == frees.end() ? -1 : static_cast<int>(it - frees.begin());
}

std::string intrinsic_arity_error(uint32_t index, size_t npos, const std::vector<std::string>& keywords) {
  const core::Intrinsic& in = core::intrinsics()[index];
  std::string fname = std::string(in.name) + "()";
  size_t given = npos;
  bool variadic = false;
  for (const auto& p : in.params) variadic |= p.variadic;
  for (size_t k = 0; k < keywords.size(); ++k) {
    const core::IntrinsicParam* param = nullptr;
    bool any_keyword = false;
    for (const auto& p : in.params) {
      if (p.name == keywords[k] && !p.variadic && !p.var_keywords) param = &p;
      any_keyword |= p.var_keywords;
    }
    if (!param && any_keyword) continue;  // **kwargs takes it
    if (!param) return fname + " got an unexpected keyword argument '" + keywords[k] + "'";
    if (!param->keyword_only) {
      // a keyword naming a positional parameter fills it, unless a positional argument already did
      size_t position = 0;
      for (const auto& p : in.params) {
        if (&p == param) break;
        if (!p.keyword_only && !p.variadic) ++position;
      }
      if (position < npos && !variadic) return fname + " got multiple values for argument '" + keywords[k] + "'";
      ++given;
    }
  }
  uint32_t lo = in.min_positional(), hi = in.max_positional();
  if (given >= lo && given <= hi) return {};
  auto plural = [](uint32_t n) {
    return n == 1 ? std::string("one argument") : std::to_string(n) + " arguments";
  };
  std::string g = " (" + std::to_string(given) + " given)";
  if (lo == hi) return fname + (lo == 0 ? " takes no arguments" : " takes exactly " + plural(lo)) + g;
  if (given < lo) return fname + " takes at least " + plural(lo) + g;
  return fname + " takes at most " + plural(hi) + g;
}

namespace {

// ------------------------------------------------------------------ pass 1: scopes and bindings
struct Binder {
  CheckedModule& cm;

  Scope* make(Scope::Kind kind, Scope* parent, std::string name) {
    auto s = std::make_unique<Scope>();
    s->kind = kind;
    s->name = name;
    s->parent = parent;
    if (!parent || parent->kind == Scope::Kind::Module)
      s->qualified = name;
    else
      s->qualified = parent->qualified + ".<locals>." + name;
    if (parent) parent->children.push_back(s.get());
    cm.scopes.push_back(std::move(s));
    return cm.scopes.back().get();
  }

  static void bind(Scope* s, const std::string& name) {
    if (s->assigned.insert(name).second && s->is_function()) s->locals.push_back(name);
  }

  void target(Scope* s, const Expr* e) {
    if (auto* n = dyn_cast<Name>(e)) return bind(s, n->id);
    if (auto* t = dyn_cast<TupleExpr>(e))
      for (auto& x : t->elements) target(s, x.get());
    if (auto* l = dyn_cast<ListExpr>(e))
      for (auto& x : l->elements) target(s, x.get());
    if (e) expr(s, e);  // subscripts/attributes: their sub-expressions may hold lambdas
  }

  void params(Scope* s, const std::vector<ast::Param>& ps) {
    for (const auto& p : ps) {
      if (std::find(s->params.begin(), s->params.end(), p.name) != s->params.end()) continue;  // reported in pass 2
      s->params.push_back(p.name);
      bind(s, p.name);
    }
  }

  void expr(Scope* s, const Expr* e) {
    if (!e) return;
    switch (e->kind) {
      case ExprKind::Lambda: {
        auto* l = cast<Lambda>(e);
        for (const auto& p : l->params) expr(s, p.default_.get());
        Scope* inner = make(Scope::Kind::Lambda, s, "<lambda>");
        inner->lambda = l;
        cm.by_node[l] = inner;
        params(inner, l->params);
        expr(inner, l->body.get());
        return;
      }
      default: for_each_child(e, [&](const Expr* c) { expr(s, c); }); return;
    }
  }

  void stmts(Scope* s, const StmtList& body) {
    for (const auto& st : body) stmt(s, st.get());
  }

  void stmt(Scope* s, const Stmt* st) {
    switch (st->kind) {
      case StmtKind::FunctionDef: {
        auto* d = cast<FunctionDef>(st);
        for (const auto& p : d->params) expr(s, p.default_.get());
        bind(s, d->name);
        Scope* inner = make(Scope::Kind::Function, s, d->name);
        inner->def = d;
        cm.by_node[d] = inner;
        params(inner, d->params);
        stmts(inner, d->body);
        return;
      }
      case StmtKind::Return: expr(s, cast<Return>(st)->value.get()); return;
      case StmtKind::If: {
        auto* i = cast<If>(st);
        expr(s, i->test.get());
        stmts(s, i->body);
        stmts(s, i->orelse);
        return;
      }
      case StmtKind::While:
        expr(s, cast<While>(st)->test.get());
        stmts(s, cast<While>(st)->body);
        return;
      case StmtKind::For: {
        auto* f = cast<For>(st);
        expr(s, f->iterable.get());
        target(s, f->target.get());
        stmts(s, f->body);
        return;
      }
      case StmtKind::Assert:
        expr(s, cast<Assert>(st)->test.get());
        expr(s, cast<Assert>(st)->message.get());
        return;
      case StmtKind::Assign: {
        auto* a = cast<Assign>(st);
        expr(s, a->value.get());
        for (auto& t : a->targets) target(s, t.get());
        return;
      }
      case StmtKind::AugAssign: {
        auto* a = cast<AugAssign>(st);
        expr(s, a->value.get());
        target(s, a->target.get());
        return;
      }
      case StmtKind::Import:
        for (const auto& al : cast<Import>(st)->names) {
          std::string bound = al.as_name.empty() ? al.name.substr(0, al.name.find('.')) : al.as_name;
          if (is_known_module(al.name)) {
            s->module_aliases.insert(bound);
          } else if (auto idx = core::find_intrinsic(al.name); idx && al.name.find('.') == std::string::npos) {
            s->imported[bound] = *idx;
          }
          // unknown modules are reported in pass 2
        }
        return;
      case StmtKind::FromImport: {
        auto* fi = cast<FromImport>(st);
        if (!is_known_module(fi->module)) return;
        for (const auto& al : fi->names) {
          std::string bound = al.as_name.empty() ? al.name : al.as_name;
          if (auto idx = core::find_intrinsic(al.name)) s->imported[bound] = *idx;
        }
        return;
      }
      case StmtKind::ExprStmt: expr(s, cast<ExprStmt>(st)->value.get()); return;
      default: return;
    }
  }
};

// ------------------------------------------------------------------ pass 2: uses and static errors
struct Resolver {
  CheckedModule& cm;
  DiagnosticSink& sink;

  void error(Span span, std::string msg, std::string code) { sink.error(cm.file, span, std::move(msg), std::move(code)); }
  void warning(Span span, std::string msg, std::string code) {
    Diagnostic d;
    d.severity = Severity::Warning;
    d.file = cm.file;
    d.span = span;
    d.message = std::move(msg);
    d.code = std::move(code);
    sink.report(std::move(d));
  }

  // A use of `name` in scope s: mark the captured local as a cell and thread
  // the free variable through every scope in between.
  void use(Scope* s, const std::string& name) {
    if (!s->is_function()) return;
    if (s->assigned.count(name) || s->imported.count(name) || s->module_aliases.count(name)) return;
    std::vector<Scope*> path{s};
    for (Scope* p = s->parent; p && p->is_function(); p = p->parent) {
      if (p->imported.count(name) || p->module_aliases.count(name)) return;
      if (p->assigned.count(name)) {
        p->cells.insert(name);
        for (Scope* q : path)
          if (q->free_index(name) < 0) q->frees.push_back(name);
        return;
      }
      path.push_back(p);
    }
  }

  void check_params(const std::vector<ast::Param>& ps) {
    for (size_t i = 0; i < ps.size(); ++i)
      for (size_t j = 0; j < i; ++j)
        if (ps[i].name == ps[j].name) {
          error(ps[i].span, "duplicate parameter '" + ps[i].name + "'", "check.duplicate-param");
          break;
        }
  }

  void lf_dict(const DictExpr* d) {
    DiagnosticSink scratch;
    auto value = lf::value_from_ast(*d, cm.file, scratch);
    if (!value) return;  // not a constant: checked at run time, if ever
    lf::check_logical_form(std::move(*value), nullptr, cm.file, sink);
  }

  void call(Scope* s, const Call* c) {
    if (c->positional_after_keyword)
      warning(c->span,
              "positional argument follows keyword argument; it is passed after the other positional arguments",
              "check.positional-after-keyword");
    uint32_t intrinsic = UINT32_MAX;
    if (auto* n = dyn_cast<Name>(c->callee.get())) {
      Resolved r = s->resolve(n->id);
      if (r.binding == Binding::Builtin) intrinsic = r.intrinsic;
    } else if (auto* a = dyn_cast<Attribute>(c->callee.get())) {
      if (auto* n = dyn_cast<Name>(a->object.get()); n && s->resolve(n->id).binding == Binding::Module) {
        if (auto idx = core::find_intrinsic(a->attr)) intrinsic = *idx;
      }
    }
    if (intrinsic != UINT32_MAX) {
      std::vector<std::string> kws;
      for (const auto& k : c->keywords) kws.push_back(k.name);
      std::string msg = intrinsic_arity_error(intrinsic, c->args.size(), kws);
      if (!msg.empty()) error(c->span, msg, "check.arity");
    }
  }

  void expr(Scope* s, const Expr* e) {
    if (!e) return;
    switch (e->kind) {
      case ExprKind::Name: use(s, cast<Name>(e)->id); return;
      case ExprKind::Lambda: {
        auto* l = cast<Lambda>(e);
        check_params(l->params);
        for (const auto& p : l->params) expr(s, p.default_.get());
        expr(cm.by_node.at(l), l->body.get());
        return;
      }
      case ExprKind::Dict: {
        auto* d = cast<DictExpr>(e);
        bool lf = false;
        for (auto& en : d->entries)
          if (auto* k = dyn_cast<StringLiteral>(en.key.get()); k && k->value == "dialogue_type") lf = true;
        if (lf) lf_dict(d);
        for (auto& en : d->entries) {
          expr(s, en.key.get());
          if (!lf || !isa<DictExpr>(en.value.get())) expr(s, en.value.get());
          else expr_no_lf(s, en.value.get());
        }
        return;
      }
      case ExprKind::Call: {
        auto* c = cast<Call>(e);
        call(s, c);
        for_each_child(e, [&](const Expr* child) { expr(s, child); });
        return;
      }
      case ExprKind::Attribute: {
        auto* a = cast<Attribute>(e);
        if (auto* n = dyn_cast<Name>(a->object.get()); n && s->resolve(n->id).binding == Binding::Module) {
          if (!core::find_intrinsic(a->attr))
            error(a->attr_span, "module '" + n->id + "' has no attribute '" + a->attr + "'", "check.import");
        }
        expr(s, a->object.get());
        return;
      }
      default: for_each_child(e, [&](const Expr* c) { expr(s, c); }); return;
    }
  }

  // Inside a validated logical form: resolve names, but do not validate nested dicts again.
  void expr_no_lf(Scope* s, const Expr* e) {
    auto* d = dyn_cast<DictExpr>(e);
    if (!d) return expr(s, e);
    for (auto& en : d->entries) {
      expr_no_lf(s, en.key.get());
      expr_no_lf(s, en.value.get());
    }
  }

  struct Ctx {
    bool in_function = false;
    int loops = 0;
  };

  void stmts(Scope* s, const StmtList& body, Ctx ctx) {
    for (const auto& st : body) stmt(s, st.get(), ctx);
  }

  void stmt(Scope* s, const Stmt* st, Ctx ctx) {
    switch (st->kind) {
      case StmtKind::FunctionDef: {
        auto* d = cast<FunctionDef>(st);
        check_params(d->params);
        for (const auto& p : d->params) expr(s, p.default_.get());
        stmts(cm.by_node.at(d), d->body, Ctx{true, 0});
        return;
      }
      case StmtKind::Return:
        if (!ctx.in_function) error(st->span, "'return' outside function", "check.return-outside-function");
        expr(s, cast<Return>(st)->value.get());
        return;
      case StmtKind::Break:
        if (ctx.loops == 0) error(st->span, "'break' outside loop", "check.break-outside-loop");
        return;
      case StmtKind::Continue:
        if (ctx.loops == 0) error(st->span, "'continue' not properly in loop", "check.continue-outside-loop");
        return;
      case StmtKind::If: {
        auto* i = cast<If>(st);
        expr(s, i->test.get());
        stmts(s, i->body, ctx);
        stmts(s, i->orelse, ctx);
        return;
      }
      case StmtKind::While: {
        expr(s, cast<While>(st)->test.get());
        Ctx inner = ctx;
        ++inner.loops;
        stmts(s, cast<While>(st)->body, inner);
        return;
      }
      case StmtKind::For: {
        auto* f = cast<For>(st);
        expr(s, f->iterable.get());
        expr(s, f->target.get());
        Ctx inner = ctx;
        ++inner.loops;
        stmts(s, f->body, inner);
        return;
      }
      case StmtKind::Assert:
        expr(s, cast<Assert>(st)->test.get());
        expr(s, cast<Assert>(st)->message.get());
        return;
      case StmtKind::Assign: {
        auto* a = cast<Assign>(st);
        expr(s, a->value.get());
        for (auto& t : a->targets) expr(s, t.get());
        return;
      }
      case StmtKind::AugAssign: {
        auto* a = cast<AugAssign>(st);
        expr(s, a->target.get());
        expr(s, a->value.get());
        return;
      }
      case StmtKind::Import:
        for (const auto& al : cast<Import>(st)->names) {
          if (is_known_module(al.name)) continue;
          if (al.name.find('.') == std::string::npos && core::find_intrinsic(al.name)) continue;
          error(al.span, "no module named '" + al.name + "'", "check.import");
        }
        return;
      case StmtKind::FromImport: {
        auto* fi = cast<FromImport>(st);
        if (!is_known_module(fi->module)) {
          error(fi->module_span, "no module named '" + fi->module + "'", "check.import");
          return;
        }
        for (const auto& al : fi->names)
          if (!core::find_intrinsic(al.name))
            error(al.span, "cannot import name '" + al.name + "' from '" + fi->module + "'", "check.import");
        return;
      }
      case StmtKind::ExprStmt: expr(s, cast<ExprStmt>(st)->value.get()); return;
      default: return;
    }
  }
};

}  // namespace

CheckedModule check_module(const ast::Module& module, DiagnosticSink& sink, const Prelude* prelude) {
  CheckedModule cm;
  cm.ast = &module;
  cm.file = module.file;
  Binder binder{cm};
  Scope* top = binder.make(Scope::Kind::Module, nullptr, "<module>");
  if (prelude) {
    top->assigned.insert(prelude->globals.begin(), prelude->globals.end());
    top->imported.insert(prelude->imported.begin(), prelude->imported.end());
    top->module_aliases.insert(prelude->module_aliases.begin(), prelude->module_aliases.end());
  }
  binder.stmts(top, module.body);
  Resolver resolver{cm, sink};
  resolver.stmts(top, module.body, {});
  return cm;
}

}  // namespace plank::check
