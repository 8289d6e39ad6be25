// Scopes, name resolution and static errors (see check.h).
//
// Two walks over the AST: the first creates a Scope per module/def/lambda/
// class/comprehension and records every name each one binds (assignment and
// for targets, def and class names, parameters, imports, `global` and
// `nonlocal` declarations); the second resolves every use (marking captured
// locals as cells and threading free variables through intermediate
// functions) and reports the static errors.
//
// Python's rules: a class body's names are visible only in the body itself,
// never in the functions nested in it; a comprehension is a function of its
// own whose first iterable is evaluated outside it; a function that calls
// super() (or names __class__) gets the class it is defined in through an
// implicit `__class__` cell of that class.
#include "compiler/check/check.h"

#include "compiler/frontend/ast_walk.h"

#include <algorithm>
#include <optional>

#include "compiler/lf/check.h"
#include "compiler/lf/from_ast.h"
#include "runtime/intrinsics.h"
#include "runtime/modules.h"

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
    case Binding::ClassLocal: return "class";
  }
  return "?";
}

bool is_known_module(const std::string& name) { return name == "actions"; }
bool is_runtime_module(const std::string& name) { return core::find_module(name) != nullptr; }

namespace {

Resolved resolve_module_level(const Scope& m, const std::string& name) {
  if (m.assigned.count(name)) return {Binding::Global, 0};
  if (auto it = m.imported.find(name); it != m.imported.end()) return {Binding::Builtin, it->second};
  if (m.module_aliases.count(name)) return {Binding::Module, 0};
  // super() stays the intrinsic: its zero-argument form is lowered from the class cell.
  if (m.star_import && name != "super") return {Binding::Global, 0};
  if (auto idx = core::find_intrinsic(name)) return {Binding::Builtin, *idx};
  return {Binding::Global, 0};
}

const Scope* module_of(const Scope* s) {
  while (s->parent) s = s->parent;
  return s;
}

}  // namespace

const Scope* Scope::code_scope() const {
  const Scope* s = this;
  while (s->kind == Kind::Class && s->parent) s = s->parent;
  return s;
}

Resolved Scope::resolve(const std::string& name) const {
  if (kind == Kind::Module) return resolve_module_level(*this, name);
  if (globals.count(name)) return {Binding::Global, 0};
  if (kind == Kind::Class) {
    // A class body is lowered inside its code scope: what it does not bind
    // itself is what that scope sees (class scopes do not nest).
    if (!nonlocals.count(name)) {
      if (assigned.count(name)) return {Binding::ClassLocal, 0};
      if (auto it = imported.find(name); it != imported.end()) return {Binding::Builtin, it->second};
      if (module_aliases.count(name)) return {Binding::Module, 0};
    }
    return code_scope()->resolve(name);
  }
  if (nonlocals.count(name)) return {Binding::Free, 0};
  if (assigned.count(name)) return {cells.count(name) ? Binding::Cell : Binding::Local, 0};
  if (auto it = imported.find(name); it != imported.end()) return {Binding::Builtin, it->second};
  if (module_aliases.count(name)) return {Binding::Module, 0};
  for (const Scope* p = parent; p && p->kind != Kind::Module; p = p->parent) {
    if (p->kind == Kind::Class) {
      if (name == "__class__" && p->uses_class_cell) return {Binding::Free, 0};
      continue;
    }
    if (p->globals.count(name)) return {Binding::Global, 0};
    if (p->assigned.count(name) || p->nonlocals.count(name)) return {Binding::Free, 0};
    if (auto it = p->imported.find(name); it != p->imported.end()) return {Binding::Builtin, it->second};
    if (p->module_aliases.count(name)) return {Binding::Module, 0};
  }
  return resolve_module_level(*module_of(this), name);
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

// `global` / `nonlocal` statements of one body, not of the scopes nested in it.
template <class F>
void each_declaration(const StmtList& body, F&& f) {
  for (const auto& st : body) {
    switch (st->kind) {
      case StmtKind::Global:
      case StmtKind::Nonlocal: f(st.get()); break;
      case StmtKind::If:
        each_declaration(cast<If>(st.get())->body, f);
        each_declaration(cast<If>(st.get())->orelse, f);
        break;
      case StmtKind::While:
        each_declaration(cast<While>(st.get())->body, f);
        each_declaration(cast<While>(st.get())->orelse, f);
        break;
      case StmtKind::For:
        each_declaration(cast<For>(st.get())->body, f);
        each_declaration(cast<For>(st.get())->orelse, f);
        break;
      case StmtKind::With: each_declaration(cast<With>(st.get())->body, f); break;
      case StmtKind::Try: {
        auto* t = cast<Try>(st.get());
        each_declaration(t->body, f);
        for (auto& h : t->handlers) each_declaration(h.body, f);
        each_declaration(t->orelse, f);
        each_declaration(t->finalbody, f);
        break;
      }
      default: break;
    }
  }
}

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
    else if (parent->kind == Scope::Kind::Class)
      s->qualified = parent->qualified + "." + name;
    else
      s->qualified = parent->qualified + ".<locals>." + name;
    if (parent) parent->children.push_back(s.get());
    cm.scopes.push_back(std::move(s));
    return cm.scopes.back().get();
  }

  void declare(Scope* s, const StmtList& body) {
    each_declaration(body, [&](const Stmt* st) {
      if (auto* g = dyn_cast<Global>(st)) {
        for (auto& id : g->names) s->globals.insert(id.name);
      } else {
        for (auto& id : cast<Nonlocal>(st)->names) s->nonlocals.insert(id.name);
      }
    });
  }

  void bind(Scope* s, const std::string& name) {
    if (s->globals.count(name)) {  // `global x; x = ...`: a module-level name
      Scope* m = s;
      while (m->parent) m = m->parent;
      m->assigned.insert(name);
      return;
    }
    if (s->nonlocals.count(name)) return;  // the enclosing function's
    if (s->assigned.insert(name).second && s->is_function()) s->locals.push_back(name);
  }

  void target(Scope* s, const Expr* e) {
    if (auto* n = dyn_cast<Name>(e)) return bind(s, n->id);
    if (auto* t = dyn_cast<TupleExpr>(e))
      for (auto& x : t->elements) target(s, x.get());
    if (auto* l = dyn_cast<ListExpr>(e))
      for (auto& x : l->elements) target(s, x.get());
    if (auto* st = dyn_cast<Starred>(e)) return target(s, st->value.get());
    if (e && !isa<TupleExpr>(e) && !isa<ListExpr>(e)) expr(s, e);  // subscripts/attributes: their sub-expressions
  }

  void params(Scope* s, const std::vector<ast::Param>& ps) {
    for (const auto& p : ps) {
      if (std::find(s->params.begin(), s->params.end(), p.name) != s->params.end()) continue;  // reported in pass 2
      s->params.push_back(p.name);
      s->assigned.insert(p.name);
      s->locals.push_back(p.name);
    }
  }

  // The scope a comprehension's walrus target binds in: the nearest function or module around it.
  static Scope* walrus_home(Scope* s) {
    while (s->kind == Scope::Kind::Comprehension && s->parent) s = s->parent;
    return s;
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
      case ExprKind::Comprehension: {
        auto* c = cast<Comprehension>(e);
        static const char* names[] = {"<listcomp>", "<setcomp>", "<dictcomp>", "<genexpr>"};
        expr(s, c->generators[0].iter.get());  // evaluated where the comprehension is written
        Scope* inner = make(Scope::Kind::Comprehension, s, names[static_cast<int>(c->comp)]);
        inner->comp = c;
        inner->is_generator = c->comp == ComprehensionKind::Generator;
        cm.by_node[c] = inner;
        inner->params.push_back(".0");
        inner->assigned.insert(".0");
        inner->locals.push_back(".0");
        for (size_t i = 0; i < c->generators.size(); ++i) {
          const auto& g = c->generators[i];
          if (i > 0) expr(inner, g.iter.get());
          target(inner, g.target.get());
          for (auto& x : g.ifs) expr(inner, x.get());
        }
        expr(inner, c->element.get());
        expr(inner, c->value.get());
        // An `async for` clause or an `await` in it makes the comprehension's
        // function asynchronous (PEP 530): a coroutine the enclosing async
        // function awaits, or for a generator expression an async generator.
        inner->is_coroutine = is_async_comprehension(c);
        return;
      }
      case ExprKind::NamedExpr: {
        auto* n = cast<NamedExpr>(e);
        expr(s, n->value.get());
        auto* name = cast<Name>(n->target.get());
        if (s->kind == Scope::Kind::Comprehension) {
          Scope* home = walrus_home(s);
          for (Scope* q = s; q != home; q = q->parent) q->nonlocals.insert(name->id);
          if (home->kind == Scope::Kind::Module) {
            for (Scope* q = s; q != home; q = q->parent) {
              q->nonlocals.erase(name->id);
              q->globals.insert(name->id);
            }
          }
          bind(home, name->id);
        } else {
          bind(s, name->id);
        }
        return;
      }
      case ExprKind::Yield:
      case ExprKind::YieldFrom:
        if (s->is_function()) s->is_generator = true;
        for_each_child(e, [&](const Expr* c) { expr(s, c); });
        return;
      case ExprKind::Name:
        if (cast<Name>(e)->id == "super" || cast<Name>(e)->id == "__class__") uses_super(s);
        return;
      default: for_each_child(e, [&](const Expr* c) { expr(s, c); }); return;
    }
  }

  // Whether the expression awaits in the scope it is written in (an async
  // comprehension in it is awaited there; a lambda is a scope of its own).
  static bool awaits(const Expr* e) {
    if (!e || e->kind == ExprKind::Lambda) return false;
    if (e->kind == ExprKind::Await) return true;
    if (e->kind == ExprKind::Comprehension) {
      // A generator expression is not awaited where it is made: only its first iterable is evaluated here.
      auto* c = cast<Comprehension>(e);
      if (c->comp == ComprehensionKind::Generator) return awaits(c->generators[0].iter.get());
      if (is_async_comprehension(c)) return true;
    }
    bool found = false;
    for_each_child(e, [&](const Expr* c) { found = found || awaits(c); });
    return found;
  }

  static bool is_async_comprehension(const Comprehension* c) {
    for (size_t i = 0; i < c->generators.size(); ++i) {
      const auto& g = c->generators[i];
      if (g.is_async || (i > 0 && awaits(g.iter.get()))) return true;
      for (const auto& x : g.ifs)
        if (awaits(x.get())) return true;
    }
    return awaits(c->element.get()) || awaits(c->value.get());
  }

  // A function defined in a class body that names super or __class__ gets
  // the class through the class's implicit __class__ cell.
  static void uses_super(Scope* s) {
    for (Scope* p = s; p && p->kind != Scope::Kind::Module; p = p->parent)
      if (p->kind == Scope::Kind::Class) {
        if (p != s) p->uses_class_cell = true;
        return;
      }
  }

  void stmts(Scope* s, const StmtList& body) {
    for (const auto& st : body) stmt(s, st.get());
  }

  void function(Scope* s, const FunctionDef* d) {
    for (auto& dec : d->decorators) expr(s, dec.get());
    for (const auto& p : d->params) expr(s, p.default_.get());
    bind(s, d->name);
    Scope* inner = make(Scope::Kind::Function, s, d->name);
    inner->def = d;
    inner->is_coroutine = d->is_async;
    cm.by_node[d] = inner;
    declare(inner, d->body);
    params(inner, d->params);
    stmts(inner, d->body);
  }

  void stmt(Scope* s, const Stmt* st) {
    switch (st->kind) {
      case StmtKind::FunctionDef: function(s, cast<FunctionDef>(st)); return;
      case StmtKind::ClassDef: {
        auto* c = cast<ClassDef>(st);
        for (auto& dec : c->decorators) expr(s, dec.get());
        for (auto& b : c->bases) expr(s, b.get());
        for (auto& k : c->keywords) expr(s, k.value.get());
        bind(s, c->name);
        Scope* inner = make(Scope::Kind::Class, s, c->name);
        inner->cls = c;
        cm.by_node[c] = inner;
        declare(inner, c->body);
        stmts(inner, c->body);
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
        stmts(s, cast<While>(st)->orelse);
        return;
      case StmtKind::For: {
        auto* f = cast<For>(st);
        expr(s, f->iterable.get());
        target(s, f->target.get());
        stmts(s, f->body);
        stmts(s, f->orelse);
        return;
      }
      case StmtKind::Try: {
        auto* t = cast<Try>(st);
        stmts(s, t->body);
        for (auto& h : t->handlers) {
          expr(s, h.type.get());
          if (!h.name.empty()) bind(s, h.name);
          stmts(s, h.body);
        }
        stmts(s, t->orelse);
        stmts(s, t->finalbody);
        return;
      }
      case StmtKind::With: {
        auto* w = cast<With>(st);
        for (auto& item : w->items) {
          expr(s, item.context.get());
          if (item.target) target(s, item.target.get());
        }
        stmts(s, w->body);
        return;
      }
      case StmtKind::Raise:
        expr(s, cast<Raise>(st)->exc.get());
        expr(s, cast<Raise>(st)->cause.get());
        return;
      case StmtKind::Delete:
        for (auto& t : cast<Delete>(st)->targets) target(s, t.get());
        return;
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
      case StmtKind::AnnAssign: {
        auto* a = cast<AnnAssign>(st);
        if (evaluates_annotation(cm, s, a)) expr(s, a->annotation.get());
        expr(s, a->value.get());
        target(s, a->target.get());
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
          } else if (is_runtime_module(al.name.substr(0, al.name.find('.')))) {
            bind(s, bound);
          } else if (auto idx = core::find_intrinsic(al.name); idx && al.name.find('.') == std::string::npos) {
            s->imported[bound] = *idx;
          }
          // unknown modules are reported in pass 2
        }
        return;
      case StmtKind::FromImport: {
        auto* fi = cast<FromImport>(st);
        if (fi->module == "__future__" && s->kind == Scope::Kind::Module)
          for (const auto& al : fi->names)
            if (al.name == "annotations") cm.future_annotations = true;
        if (is_runtime_module(fi->module)) {
          for (const auto& al : fi->names)
            if (al.name != "*") bind(s, al.as_name.empty() ? al.name : al.as_name);
            else if (s->kind == Scope::Kind::Module) s->star_import = true;
          return;
        }
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
  // the free variable through every function in between (class bodies are
  // lowered inside their code scope, so they are passed over).
  void use(Scope* s, const std::string& name) {
    if (s->kind == Scope::Kind::Class) {
      if (s->globals.count(name)) return;
      if (!s->nonlocals.count(name) && (s->assigned.count(name) || s->imported.count(name) || s->module_aliases.count(name)))
        return;
      Scope* code = const_cast<Scope*>(s->code_scope());
      if (code != s) use(code, name);
      return;
    }
    if (!s->is_function()) return;
    if (s->globals.count(name)) return;
    if (!s->nonlocals.count(name) && (s->assigned.count(name) || s->imported.count(name) || s->module_aliases.count(name)))
      return;
    std::vector<Scope*> path{s};
    auto thread = [&]() {
      for (Scope* q : path)
        if (q->free_index(name) < 0) q->frees.push_back(name);
    };
    for (Scope* p = s->parent; p && p->kind != Scope::Kind::Module; p = p->parent) {
      if (p->kind == Scope::Kind::Class) {
        if (name == "__class__" && p->uses_class_cell) {
          thread();
          return;
        }
        continue;
      }
      if (p->globals.count(name)) return;
      if (!p->nonlocals.count(name)) {
        if (p->imported.count(name) || p->module_aliases.count(name)) return;
        if (p->assigned.count(name)) {
          p->cells.insert(name);
          thread();
          return;
        }
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
    bool unpacks = std::any_of(c->args.begin(), c->args.end(), [](const ExprPtr& x) { return isa<Starred>(x.get()); }) ||
                   std::any_of(c->keywords.begin(), c->keywords.end(), [](const KeywordArg& k) { return k.name.empty(); });
    if (intrinsic != UINT32_MAX && !unpacks) {
      std::vector<std::string> kws;
      for (const auto& k : c->keywords) kws.push_back(k.name);
      std::string msg = intrinsic_arity_error(intrinsic, c->args.size(), kws);
      if (!msg.empty()) error(c->span, msg, "check.arity");
    }
  }

  struct Ctx {
    bool in_function = false;
    int loops = 0;
    bool in_async = false;
  };

  void expr(Scope* s, const Expr* e) { expr(s, e, Ctx()); }
  void expr(Scope* s, const Expr* e, Ctx ctx) {
    if (!e) return;
    switch (e->kind) {
      case ExprKind::Name:
        use(s, cast<Name>(e)->id);
        if (cast<Name>(e)->id == "super") use(s, "__class__");  // super() is super(__class__, self)
        return;
      case ExprKind::Lambda: {
        auto* l = cast<Lambda>(e);
        check_params(l->params);
        for (const auto& p : l->params) expr(s, p.default_.get(), ctx);
        expr(cm.by_node.at(l), l->body.get(), Ctx{true, 0, false});
        return;
      }
      case ExprKind::Comprehension: {
        auto* c = cast<Comprehension>(e);
        Scope* inner = cm.by_node.at(c);
        expr(s, c->generators[0].iter.get(), ctx);
        // A generator expression may await anywhere: it is then an async generator.
        Ctx in{true, 0, ctx.in_async || c->comp == ComprehensionKind::Generator};
        for (size_t i = 0; i < c->generators.size(); ++i) {
          const auto& g = c->generators[i];
          if (g.is_async && !in.in_async)
            error(e->span, "asynchronous comprehension outside of an asynchronous function", "check.await");
          if (i > 0) expr(inner, g.iter.get(), in);
          expr(inner, g.target.get(), in);
          for (auto& x : g.ifs) expr(inner, x.get(), in);
        }
        expr(inner, c->element.get(), in);
        expr(inner, c->value.get(), in);
        return;
      }
      case ExprKind::Yield:
      case ExprKind::YieldFrom:
        if (!s->is_function() || !ctx.in_function)
          error(e->span, "'yield' outside function", "check.yield-outside-function");
        else if (s->kind == Scope::Kind::Comprehension)
          error(e->span, std::string("'yield' inside ") +
                             (s->comp->comp == ComprehensionKind::Generator ? "generator expression" : "comprehension"),
                "check.yield-outside-function");
        else if (s->is_coroutine && e->kind == ExprKind::YieldFrom)
          error(e->span, "'yield from' inside async function", "check.yield-outside-function");
        for_each_child(e, [&](const Expr* c) { expr(s, c, ctx); });
        return;
      case ExprKind::Await:
        if (!ctx.in_async) error(e->span, "'await' outside async function", "check.await");
        for_each_child(e, [&](const Expr* c) { expr(s, c, ctx); });
        return;
      case ExprKind::Dict: {
        auto* d = cast<DictExpr>(e);
        bool lf = false, all_keys = true;
        for (auto& en : d->entries) {
          if (!en.key) all_keys = false;
          else if (auto* k = dyn_cast<StringLiteral>(en.key.get()); k && k->value == "dialogue_type") lf = true;
        }
        lf = lf && all_keys;
        if (lf) lf_dict(d);
        for (auto& en : d->entries) {
          expr(s, en.key.get(), ctx);
          if (!lf || !isa<DictExpr>(en.value.get())) expr(s, en.value.get(), ctx);
          else expr_no_lf(s, en.value.get());
        }
        return;
      }
      case ExprKind::Call: {
        auto* c = cast<Call>(e);
        call(s, c);
        for_each_child(e, [&](const Expr* child) { expr(s, child, ctx); });
        return;
      }
      case ExprKind::Attribute: {
        auto* a = cast<Attribute>(e);
        if (auto* n = dyn_cast<Name>(a->object.get()); n && s->resolve(n->id).binding == Binding::Module) {
          if (!core::find_intrinsic(a->attr))
            error(a->attr_span, "module '" + n->id + "' has no attribute '" + a->attr + "'", "check.import");
        }
        expr(s, a->object.get(), ctx);
        return;
      }
      case ExprKind::NamedExpr: {
        auto* n = cast<NamedExpr>(e);
        expr(s, n->value.get(), ctx);
        expr(s, n->target.get(), ctx);
        return;
      }
      default: for_each_child(e, [&](const Expr* c) { expr(s, c, ctx); }); return;
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

  void stmts(Scope* s, const StmtList& body, Ctx ctx) {
    for (const auto& st : body) stmt(s, st.get(), ctx);
  }

  void declarations(Scope* s, const Stmt* st) {
    bool is_global = st->kind == StmtKind::Global;
    const auto& names = is_global ? cast<Global>(st)->names : cast<Nonlocal>(st)->names;
    for (const auto& id : names) {
      if (std::find(s->params.begin(), s->params.end(), id.name) != s->params.end())
        error(id.span, "name '" + id.name + "' is parameter and " + (is_global ? "global" : "nonlocal"),
              "check.declaration");
      if (is_global && s->nonlocals.count(id.name))
        error(id.span, "name '" + id.name + "' is nonlocal and global", "check.declaration");
      if (is_global) continue;
      if (s->kind == Scope::Kind::Module) {
        error(st->span, "nonlocal declaration not allowed at module level", "check.declaration");
        return;
      }
      bool found = false;
      for (const Scope* p = s->parent; p && p->kind != Scope::Kind::Module; p = p->parent) {
        if (p->kind == Scope::Kind::Class) continue;
        if (p->globals.count(id.name)) break;
        if (p->assigned.count(id.name) || p->nonlocals.count(id.name)) {
          found = true;
          break;
        }
      }
      if (!found) error(id.span, "no binding for nonlocal '" + id.name + "' found", "check.declaration");
      else use(s, id.name);
    }
  }

  void stmt(Scope* s, const Stmt* st, Ctx ctx) {
    switch (st->kind) {
      case StmtKind::FunctionDef: {
        auto* d = cast<FunctionDef>(st);
        check_params(d->params);
        for (auto& dec : d->decorators) expr(s, dec.get(), ctx);
        for (const auto& p : d->params) expr(s, p.default_.get(), ctx);
        Scope* inner = cm.by_node.at(d);
        stmts(inner, d->body, Ctx{true, 0, d->is_async});
        return;
      }
      case StmtKind::ClassDef: {
        auto* c = cast<ClassDef>(st);
        for (auto& dec : c->decorators) expr(s, dec.get(), ctx);
        for (auto& b : c->bases) expr(s, b.get(), ctx);
        for (auto& k : c->keywords) {
          if (k.name != "metaclass")
            error(k.name_span.begin == k.name_span.end ? k.value->span : k.name_span,
                  "not supported yet: class keyword arguments (only a base class list)", "check.unsupported");
          expr(s, k.value.get(), ctx);
        }
        stmts(cm.by_node.at(c), c->body, Ctx{false, 0, false});
        return;
      }
      case StmtKind::Return:
        if (!ctx.in_function) error(st->span, "'return' outside function", "check.return-outside-function");
        else if (s->is_coroutine && s->is_generator && cast<Return>(st)->value)
          error(st->span, "'return' with value in async generator", "check.return-outside-function");
        expr(s, cast<Return>(st)->value.get(), ctx);
        return;
      case StmtKind::Break:
        if (ctx.loops == 0) error(st->span, "'break' outside loop", "check.break-outside-loop");
        return;
      case StmtKind::Continue:
        if (ctx.loops == 0) error(st->span, "'continue' not properly in loop", "check.continue-outside-loop");
        return;
      case StmtKind::If: {
        auto* i = cast<If>(st);
        expr(s, i->test.get(), ctx);
        stmts(s, i->body, ctx);
        stmts(s, i->orelse, ctx);
        return;
      }
      case StmtKind::While: {
        expr(s, cast<While>(st)->test.get(), ctx);
        Ctx inner = ctx;
        ++inner.loops;
        stmts(s, cast<While>(st)->body, inner);
        stmts(s, cast<While>(st)->orelse, ctx);
        return;
      }
      case StmtKind::For: {
        auto* f = cast<For>(st);
        if (f->is_async && !ctx.in_async) error(st->span, "'async for' outside async function", "check.await");
        expr(s, f->iterable.get(), ctx);
        expr(s, f->target.get(), ctx);
        Ctx inner = ctx;
        ++inner.loops;
        stmts(s, f->body, inner);
        stmts(s, f->orelse, ctx);
        return;
      }
      case StmtKind::Try: {
        auto* t = cast<Try>(st);
        stmts(s, t->body, ctx);
        for (auto& h : t->handlers) {
          expr(s, h.type.get(), ctx);
          if (!h.name.empty()) use(s, h.name);
          stmts(s, h.body, ctx);
        }
        stmts(s, t->orelse, ctx);
        stmts(s, t->finalbody, ctx);
        return;
      }
      case StmtKind::With: {
        auto* w = cast<With>(st);
        if (w->is_async && !ctx.in_async) error(st->span, "'async with' outside async function", "check.await");
        for (auto& item : w->items) {
          expr(s, item.context.get(), ctx);
          expr(s, item.target.get(), ctx);
        }
        stmts(s, w->body, ctx);
        return;
      }
      case StmtKind::Raise:
        expr(s, cast<Raise>(st)->exc.get(), ctx);
        expr(s, cast<Raise>(st)->cause.get(), ctx);
        return;
      case StmtKind::Global:
      case StmtKind::Nonlocal: declarations(s, st); return;
      case StmtKind::Delete:
        for (auto& t : cast<Delete>(st)->targets) expr(s, t.get(), ctx);
        return;
      case StmtKind::Assert:
        expr(s, cast<Assert>(st)->test.get(), ctx);
        expr(s, cast<Assert>(st)->message.get(), ctx);
        return;
      case StmtKind::Assign: {
        auto* a = cast<Assign>(st);
        expr(s, a->value.get(), ctx);
        for (auto& t : a->targets) expr(s, t.get(), ctx);
        return;
      }
      case StmtKind::AnnAssign: {
        auto* a = cast<AnnAssign>(st);
        if (evaluates_annotation(cm, s, a)) expr(s, a->annotation.get(), ctx);
        expr(s, a->value.get(), ctx);
        expr(s, a->target.get(), ctx);
        return;
      }
      case StmtKind::AugAssign: {
        auto* a = cast<AugAssign>(st);
        expr(s, a->target.get(), ctx);
        expr(s, a->value.get(), ctx);
        return;
      }
      case StmtKind::Import:
        for (const auto& al : cast<Import>(st)->names) {
          if (is_known_module(al.name)) continue;
          if (is_runtime_module(al.name.substr(0, al.name.find('.')))) {
            if (al.name.find('.') != std::string::npos && !is_runtime_module(al.name))
              error(al.span, "no module named '" + al.name + "'", "check.import");
            continue;
          }
          if (al.name.find('.') == std::string::npos && core::find_intrinsic(al.name)) continue;
          error(al.span, "no module named '" + al.name + "'", "check.import");
        }
        return;
      case StmtKind::FromImport: {
        auto* fi = cast<FromImport>(st);
        if (is_runtime_module(fi->module)) {
          for (const auto& al : fi->names)
            if (al.name == "*" && s->kind != Scope::Kind::Module)
              error(al.span, "import * only allowed at module level", "check.import");
          return;
        }
        if (!is_known_module(fi->module)) {
          error(fi->module_span, "no module named '" + fi->module + "'", "check.import");
          return;
        }
        for (const auto& al : fi->names)
          if (!core::find_intrinsic(al.name))
            error(al.span, "cannot import name '" + al.name + "' from '" + fi->module + "'", "check.import");
        return;
      }
      case StmtKind::ExprStmt: expr(s, cast<ExprStmt>(st)->value.get(), ctx); return;
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
  binder.declare(top, module.body);
  binder.stmts(top, module.body);
  Resolver resolver{cm, sink};
  resolver.stmts(top, module.body, {});
  return cm;
}

bool evaluates_annotation(const CheckedModule& cm, const Scope* s, const ast::AnnAssign* a) {
  return s->kind == Scope::Kind::Class && a->target->kind == ast::ExprKind::Name && !cm.future_annotations;
}

}  // namespace plank::check
