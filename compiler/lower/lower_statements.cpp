// build_ir: statements and assignment (see fn_builder.h).
#include <algorithm>

#include "compiler/lower/fn_builder.h"
#include "runtime/intrinsics.h"

namespace plank::lower {

using namespace plank::ast;
using check::Binding;
using check::Scope;
using ir::Instr;
using ir::kNoSlot;
using ir::Op;
using ir::Slot;

// ---------------------------------------------------------------- assignment
void FnBuilder::assign(const Expr* target, Slot value) {
  Span saved = span;
  span = target->span;
  switch (target->kind) {
    case ExprKind::Name: store_name(cast<Name>(target)->id, value, target->span); break;
    case ExprKind::Attribute: {
      auto* a = cast<Attribute>(target);
      Slot o = expr(a->object.get());
      emit(make(Op::SetAttr, kNoSlot, o, value, mb.str_constant(a->attr)));
      break;
    }
    case ExprKind::Subscript: {
      auto* s = cast<Subscript>(target);
      Slot o = expr(s->object.get());
      Slot i = expr(s->index.get());  // a slice index becomes a slice object: a[i:j] = v
      Instr in = make(Op::SetItem, kNoSlot, o, i);
      in.args = {value};
      emit(std::move(in));
      break;
    }
    case ExprKind::Tuple:
    case ExprKind::List: {
      const ExprList& elems =
          target->kind == ExprKind::List ? cast<ListExpr>(target)->elements : cast<TupleExpr>(target)->elements;
      size_t star = elems.size();
      for (size_t k = 0; k < elems.size(); ++k)
        if (isa<Starred>(elems[k].get())) star = k;
      Instr in = make(star == elems.size() ? Op::Unpack : Op::UnpackEx, kNoSlot, value);
      in.imm2 = static_cast<uint32_t>(star);
      if (elems.empty()) {
        // `() = x` / `[] = x`: x must be empty
        in.op = Op::UnpackEx;
        mb.error(target->span, "cannot assign to an empty sequence");
        break;
      }
      for (size_t k = 0; k < elems.size(); ++k) in.args.push_back(temp());
      std::vector<Slot> parts = in.args;
      emit(std::move(in));
      for (size_t k = 0; k < elems.size(); ++k) {
        const Expr* t = elems[k].get();
        if (auto* st = dyn_cast<Starred>(t)) t = st->value.get();
        assign(t, parts[k]);
      }
      break;
    }
    default: mb.error(target->span, "cannot assign to this expression"); break;
  }
  span = saved;
}

// The target's own reads and writes are at the target (a traceback marks
// `d[k]` under `d[k] += 1`), the operation at the statement, as in CPython.
void FnBuilder::aug_assign(const AugAssign* a) {
  const Expr* target = a->target.get();
  // In place for what changes in place (lists, sets, objects with __iadd__ and the like).
  uint32_t op = static_cast<uint32_t>(a->op) | ir::kInPlace;
  if (auto* n = dyn_cast<Name>(target)) {
    Slot cur = load_name(n->id, n->span);
    Slot v = expr(a->value.get());
    Slot t = temp();
    emit(make(Op::Binary, t, cur, v, op));
    store_name(n->id, t, n->span);
  } else if (auto* at = dyn_cast<Attribute>(target)) {
    Slot o = expr(at->object.get());
    uint32_t name = mb.str_constant(at->attr);
    Slot cur = temp();
    emit_at(at->span, make(Op::GetAttr, cur, o, kNoSlot, name));
    Slot v = expr(a->value.get());
    Slot t = temp();
    emit(make(Op::Binary, t, cur, v, op));
    emit_at(at->span, make(Op::SetAttr, kNoSlot, o, t, name));
  } else if (auto* s = dyn_cast<Subscript>(target)) {
    Slot o = expr(s->object.get());
    Slot i = expr(s->index.get());
    Slot cur = temp();
    emit_at(s->span, make(Op::GetItem, cur, o, i));
    Slot v = expr(a->value.get());
    Slot t = temp();
    emit(make(Op::Binary, t, cur, v, op));
    Instr in = make(Op::SetItem, kNoSlot, o, i);
    in.args = {t};
    emit_at(s->span, std::move(in));
  } else {
    mb.error(target->span, "illegal expression for augmented assignment");
  }
}

void FnBuilder::del(const Expr* target) {
  Span saved = span;
  span = target->span;
  switch (target->kind) {
    case ExprKind::Name: delete_name(cast<Name>(target)->id, target->span); break;
    case ExprKind::Attribute: {
      auto* a = cast<Attribute>(target);
      Slot o = expr(a->object.get());
      emit(make(Op::DelAttr, kNoSlot, o, kNoSlot, mb.str_constant(a->attr)));
      break;
    }
    case ExprKind::Subscript: {
      auto* s = cast<Subscript>(target);
      Slot o = expr(s->object.get());
      Slot i = expr(s->index.get());
      emit(make(Op::DelItem, kNoSlot, o, i));
      break;
    }
    case ExprKind::Tuple:
      for (auto& x : cast<TupleExpr>(target)->elements) del(x.get());
      break;
    case ExprKind::List:
      for (auto& x : cast<ListExpr>(target)->elements) del(x.get());
      break;
    default: mb.error(target->span, "cannot delete this expression"); break;
  }
  span = saved;
}

// Where CPython 3.11 places an assertion's AssertionError (a traceback marks
// it): at the last comparison its jumps test, through `and`/`or`, `not` and
// conditional expressions, in source order (compiler_jump_if leaves the
// location of a Compare set), else at the statement.
static Span assertion_failure_span(const Expr* test, Span statement) {
  Span at = statement;
  std::function<void(const Expr*)> walk = [&](const Expr* e) {
    if (auto* c = dyn_cast<Compare>(e)) {
      at = c->span;
    } else if (auto* u = dyn_cast<Unary>(e); u && u->op == ast::UnaryOp::Not) {
      walk(u->operand.get());
    } else if (auto* b = dyn_cast<BoolOp>(e)) {
      for (const auto& v : b->values) walk(v.get());
    } else if (auto* ie = dyn_cast<Conditional>(e)) {
      walk(ie->test.get());
      walk(ie->body.get());
      walk(ie->orelse.get());
    }
  };
  walk(test);
  return at;
}

// ---------------------------------------------------------------- statements
void FnBuilder::step(const Stmt* st) {
  line = mb.line_of(st->span);
  span = st->span;
  emit(make(Op::Step));
}

void FnBuilder::stmts(const StmtList& body) {
  for (const auto& st : body) stmt(st.get());
}

// `while test: body else: orelse`; a `break` skips the else.
void FnBuilder::while_stmt(const While* w) {
  ir::BlockId head = new_block(), body = new_block(), exit = new_block();
  ir::BlockId done = w->orelse.empty() ? exit : new_block();
  jump(head);
  set_block(head);
  step(w);
  Slot t = expr(w->test.get());
  branch(t, body, done);
  set_block(body);
  loops.push_back({head, exit, unwinds.size()});
  stmts(w->body);
  loops.pop_back();
  jump(head);
  if (!w->orelse.empty()) {
    set_block(done);
    stmts(w->orelse);
    jump(exit);
  }
  set_block(exit);
}

void FnBuilder::for_stmt(const For* fo) {
  step(fo);
  Slot seq = expr(fo->iterable.get());
  Slot it = temp();
  if (fo->is_async) it = async_iter(seq);
  else emit(make(Op::GetIter, it, seq));
  ir::BlockId head = new_block(), body = new_block(), exit = new_block();
  ir::BlockId done = fo->orelse.empty() ? exit : new_block();
  jump(head);
  set_block(head);
  step(fo);
  Slot item = temp();
  if (fo->is_async) {
    move(item, async_next(it, done));
    jump(body);
  } else {
    Instr in = make(Op::ForIter, item, it);
    in.target = body;
    in.target2 = done;
    emit(std::move(in));
  }
  set_block(body);
  assign(fo->target.get(), item);
  loops.push_back({head, exit, unwinds.size()});
  stmts(fo->body);
  loops.pop_back();
  jump(head);
  if (!fo->orelse.empty()) {
    set_block(done);
    stmts(fo->orelse);
    jump(exit);
  }
  set_block(exit);
}

void FnBuilder::stmt(const Stmt* st) {
  switch (st->kind) {
    case StmtKind::While: while_stmt(cast<While>(st)); return;
    case StmtKind::For: for_stmt(cast<For>(st)); return;
    default: break;
  }
  step(st);
  switch (st->kind) {
    case StmtKind::ExprStmt: expr(cast<ExprStmt>(st)->value.get()); return;
    case StmtKind::Assign: {
      auto* a = cast<Assign>(st);
      Slot v = expr(a->value.get());
      for (auto& t : a->targets) assign(t.get(), v);
      return;
    }
    case StmtKind::AnnAssign: {
      auto* a = cast<AnnAssign>(st);
      if (!classes.empty()) class_annotation(a);
      if (a->value) assign(a->target.get(), expr(a->value.get()));
      return;
    }
    case StmtKind::AugAssign: aug_assign(cast<AugAssign>(st)); return;
    case StmtKind::Delete:
      for (auto& t : cast<Delete>(st)->targets) del(t.get());
      return;
    case StmtKind::Pass:
    case StmtKind::Global:
    case StmtKind::Nonlocal: return;
    case StmtKind::Return: {
      auto* r = cast<Return>(st);
      return_value(r->value ? expr(r->value.get()) : kNoSlot);
      return;
    }
    case StmtKind::Break:
      if (!loops.empty()) {
        unwind_to(loops.back().unwind_depth);
        jump(loops.back().break_to);
      }
      return;
    case StmtKind::Continue:
      if (!loops.empty()) {
        unwind_to(loops.back().unwind_depth);
        jump(loops.back().continue_to);
      }
      return;
    case StmtKind::If: {
      auto* i = cast<If>(st);
      Slot t = expr(i->test.get());
      ir::BlockId yes = new_block(), end = new_block();
      ir::BlockId no = i->orelse.empty() ? end : new_block();
      branch(t, yes, no);
      set_block(yes);
      stmts(i->body);
      jump(end);
      if (!i->orelse.empty()) {
        set_block(no);
        stmts(i->orelse);
        jump(end);
      }
      set_block(end);
      return;
    }
    case StmtKind::Assert: {
      auto* a = cast<Assert>(st);
      Span raised_at = assertion_failure_span(a->test.get(), a->span);
      Slot t = expr(a->test.get());
      if (!a->message) {
        emit_at(raised_at, make(Op::Assert, kNoSlot, t));
        return;
      }
      ir::BlockId fail = new_block(), ok = new_block();
      branch(t, ok, fail);
      set_block(fail);
      Slot m = expr(a->message.get());
      emit_at(raised_at, make(Op::Assert, kNoSlot, t, m));
      jump(ok);
      set_block(ok);
      return;
    }
    case StmtKind::FunctionDef: {
      auto* d = cast<FunctionDef>(st);
      Slot fn = make_function(*mb.cm.scope_of(d), d->params, d->span, &d->decorators);
      store_name(d->name, fn, d->name_span);
      return;
    }
    case StmtKind::ClassDef: class_def(cast<ClassDef>(st)); return;
    case StmtKind::Try: try_stmt(cast<Try>(st)); return;
    case StmtKind::With: with_stmt(cast<With>(st), 0); return;
    case StmtKind::Raise: raise_stmt(cast<Raise>(st)); return;
    case StmtKind::Import:
    case StmtKind::FromImport: import_stmt(st); return;
    default: return;
  }
}

void FnBuilder::import_stmt(const Stmt* st) {
  if (auto* im = dyn_cast<Import>(st)) {
    for (const auto& al : im->names) {
      if (check::is_known_module(al.name)) continue;
      std::string top = al.name.substr(0, al.name.find('.'));
      if (check::is_runtime_module(top)) {
        // `import a.b` binds a (after importing a.b); `import a.b as c` binds c to a.b.
        Slot m = temp();
        emit(make(Op::ImportModule, m, kNoSlot, kNoSlot, mb.str_constant(al.name)));
        if (al.as_name.empty() && top != al.name) {
          Slot t = temp();
          emit(make(Op::ImportModule, t, kNoSlot, kNoSlot, mb.str_constant(top)));
          m = t;
        }
        store_name(al.as_name.empty() ? top : al.as_name, m, al.span);
        continue;
      }
      bind_import(al.as_name.empty() ? al.name : al.as_name, al.name, al.span);
    }
    return;
  }
  auto* fi = cast<FromImport>(st);
  if (check::is_runtime_module(fi->module)) {
    Slot m = temp();
    emit(make(Op::ImportModule, m, kNoSlot, kNoSlot, mb.str_constant(fi->module)));
    for (const auto& al : fi->names) {
      if (al.name == "*") {  // the runtime binds the module's public names (pk_import_from)
        emit(make(Op::ImportFrom, temp(), m, kNoSlot, mb.str_constant("*")));
        continue;
      }
      Slot v = temp();
      emit(make(Op::ImportFrom, v, m, kNoSlot, mb.str_constant(al.name)));
      store_name(al.as_name.empty() ? al.name : al.as_name, v, al.span);
    }
    return;
  }
  for (const auto& al : fi->names) bind_import(al.as_name.empty() ? al.name : al.as_name, al.name, al.span);
}

// An imported intrinsic bound to a name that is also assigned elsewhere: store it.
void FnBuilder::bind_import(const std::string& bound, const std::string& intrinsic, Span where) {
  check::Resolved r = naming_scope().resolve(bound);
  if (r.binding == Binding::Builtin || r.binding == Binding::Module) return;
  Slot t = temp();
  emit(make(Op::LoadBuiltin, t, kNoSlot, kNoSlot, core_find(intrinsic)));
  store_name(bound, t, where);
}

}  // namespace plank::lower
