// Pass: AST -> Plank IR.
//
// Every statement starts with a Step (loops also step at their header, once per
// iteration, so a loop's test is charged and attributed to the loop's line).
// Locals and parameters get fixed slots (parameters first), temporaries fresh
// slots (no reuse: frames stay small enough and the GC sees every live value).
// Names resolve through the checker's scopes: Local -> the slot, Cell ->
// LoadCell/StoreCell on the slot, Free -> LoadFree + LoadCell, Global ->
// LoadGlobal/StoreGlobal, Builtin -> LoadBuiltin or CallIntrinsic.
//
// Calls: positional arguments, then keyword arguments, each in source order;
// a positional argument written after a keyword one is passed after the other
// positional arguments (the checker warns).
#include <algorithm>
#include <cstring>
#include <map>
#include <tuple>
#include <unordered_map>

#include "compiler/lower/passes.h"

namespace plank::lower {

using namespace plank::ast;
using check::Binding;
using check::Scope;
using ir::Instr;
using ir::kNoSlot;
using ir::Op;
using ir::Slot;

namespace {

struct ModuleBuilder {
  const check::CheckedModule& cm;
  DiagnosticSink& sink;
  ir::Module module;
  std::map<std::tuple<int, int64_t, uint64_t, std::string>, uint32_t> constant_index;
  std::unordered_map<std::string, uint32_t> global_index;

  uint32_t constant(const ir::Constant& c) {
    uint64_t bits = 0;
    std::memcpy(&bits, &c.f, sizeof bits);
    auto key = std::make_tuple(static_cast<int>(c.kind), c.i, bits, c.s);
    auto [it, added] = constant_index.emplace(key, static_cast<uint32_t>(module.constants.size()));
    if (added) module.constants.push_back(c);
    return it->second;
  }
  uint32_t str_constant(const std::string& s) {
    ir::Constant c;
    c.kind = ir::Constant::Kind::Str;
    c.s = s;
    return constant(c);
  }
  uint32_t global(const std::string& name) {
    auto [it, added] = global_index.emplace(name, static_cast<uint32_t>(module.globals.size()));
    if (added) module.globals.push_back(name);
    return it->second;
  }
  uint32_t reserve_function() {
    module.functions.emplace_back();
    return static_cast<uint32_t>(module.functions.size() - 1);
  }
  void error(Span span, std::string msg) { sink.error(cm.file, span, std::move(msg), "lower"); }
  uint32_t line_of(Span s) const { return cm.file ? cm.file->line_col(s.begin).line : 0; }
};

struct Loop {
  ir::BlockId continue_to;
  ir::BlockId break_to;
};

struct FnBuilder {
  ModuleBuilder& mb;
  const Scope& scope;
  ir::Function f;
  std::unordered_map<std::string, Slot> local_slot;
  ir::BlockId current = 0;
  std::vector<Loop> loops;
  uint32_t line = 0;
  Span span;

  FnBuilder(ModuleBuilder& m, const Scope& s) : mb(m), scope(s) {
    f.name = s.name;
    f.qualified = s.qualified;
    f.free_names = s.frees;
    if (s.is_function()) {
      for (const auto& name : s.locals) {
        local_slot[name] = f.slot_count++;
        f.slot_names.push_back(name);
      }
    }
    f.blocks.emplace_back();
  }

  // ---------------------------------------------------------------- emission
  Slot temp() {
    f.slot_names.emplace_back();
    return f.slot_count++;
  }
  ir::BlockId new_block() {
    f.blocks.emplace_back();
    return static_cast<ir::BlockId>(f.blocks.size() - 1);
  }
  bool terminated() const {
    const auto& in = f.blocks[current].instrs;
    return !in.empty() && ir::is_terminator(in.back().op);
  }
  void set_block(ir::BlockId b) { current = b; }
  Instr& emit(Instr in) {
    if (terminated()) current = new_block();  // dead code after return/break: removed later
    in.line = line;
    in.span = span;
    f.blocks[current].instrs.push_back(std::move(in));
    return f.blocks[current].instrs.back();
  }
  Instr make(Op op, Slot dst = kNoSlot, Slot a = kNoSlot, Slot b = kNoSlot, uint32_t imm = 0) {
    Instr in;
    in.op = op;
    in.dst = dst;
    in.a = a;
    in.b = b;
    in.imm = imm;
    return in;
  }
  void jump(ir::BlockId to) {
    Instr in = make(Op::Jump);
    in.target = to;
    emit(std::move(in));
  }
  void branch(Slot cond, ir::BlockId yes, ir::BlockId no) {
    Instr in = make(Op::Branch, kNoSlot, cond);
    in.target = yes;
    in.target2 = no;
    emit(std::move(in));
  }
  Slot konst(const ir::Constant& c) {
    Slot t = temp();
    emit(make(Op::LoadConst, t, kNoSlot, kNoSlot, mb.constant(c)));
    return t;
  }
  Slot none() { return konst(ir::Constant{}); }
  void move(Slot dst, Slot src) {
    if (dst != src) emit(make(Op::Move, dst, src));
  }

  // ---------------------------------------------------------------- names
  Slot load_name(const std::string& name, Span where) {
    check::Resolved r = scope.resolve(name);
    switch (r.binding) {
      case Binding::Local: return local_slot.at(name);
      case Binding::Cell: {
        Slot t = temp();
        emit(make(Op::LoadCell, t, local_slot.at(name), kNoSlot, mb.str_constant(name)));
        return t;
      }
      case Binding::Free: {
        Slot c = temp();
        emit(make(Op::LoadFree, c, kNoSlot, kNoSlot, static_cast<uint32_t>(scope.free_index(name))));
        Slot t = temp();
        emit(make(Op::LoadCell, t, c, kNoSlot, mb.str_constant(name)));
        return t;
      }
      case Binding::Global: {
        Slot t = temp();
        emit(make(Op::LoadGlobal, t, kNoSlot, kNoSlot, mb.global(name)));
        return t;
      }
      case Binding::Builtin: {
        Slot t = temp();
        emit(make(Op::LoadBuiltin, t, kNoSlot, kNoSlot, r.intrinsic));
        return t;
      }
      case Binding::Module:
        mb.error(where, "module '" + name + "' can only be used as `" + name + ".name`");
        return none();
    }
    return none();
  }

  void store_name(const std::string& name, Slot value, Span where) {
    check::Resolved r = scope.resolve(name);
    switch (r.binding) {
      case Binding::Local: move(local_slot.at(name), value); return;
      case Binding::Cell: emit(make(Op::StoreCell, local_slot.at(name), value)); return;
      case Binding::Global: emit(make(Op::StoreGlobal, kNoSlot, value, kNoSlot, mb.global(name))); return;
      default: mb.error(where, "cannot assign to '" + name + "' here"); return;
    }
  }

  // The cell objects a nested scope captures, in its free_names order.
  std::vector<Slot> cells_for(const Scope& inner) {
    std::vector<Slot> out;
    for (const auto& name : inner.frees) {
      if (scope.is_function() && scope.cells.count(name) && scope.assigned.count(name)) {
        out.push_back(local_slot.at(name));
      } else {
        int idx = scope.free_index(name);
        Slot c = temp();
        emit(make(Op::LoadFree, c, kNoSlot, kNoSlot, static_cast<uint32_t>(idx < 0 ? 0 : idx)));
        out.push_back(c);
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- expressions
  Slot expr(const Expr* e) {
    Span saved = span;
    span = e->span;
    Slot r = expr_inner(e);
    span = saved;
    return r;
  }

  Slot expr_inner(const Expr* e) {
    switch (e->kind) {
      case ExprKind::IntLiteral: {
        ir::Constant c;
        c.kind = ir::Constant::Kind::Int;
        c.i = cast<IntLiteral>(e)->value;
        return konst(c);
      }
      case ExprKind::FloatLiteral: {
        ir::Constant c;
        c.kind = ir::Constant::Kind::Float;
        c.f = cast<FloatLiteral>(e)->value;
        return konst(c);
      }
      case ExprKind::StringLiteral: {
        ir::Constant c;
        c.kind = ir::Constant::Kind::Str;
        c.s = cast<StringLiteral>(e)->value;
        return konst(c);
      }
      case ExprKind::BoolLiteral: {
        ir::Constant c;
        c.kind = ir::Constant::Kind::Bool;
        c.i = cast<BoolLiteral>(e)->value ? 1 : 0;
        return konst(c);
      }
      case ExprKind::NoneLiteral: return none();
      case ExprKind::Name: return load_name(cast<Name>(e)->id, e->span);
      case ExprKind::List:
      case ExprKind::Tuple: {
        const ExprList& elems = e->kind == ExprKind::List ? cast<ListExpr>(e)->elements : cast<TupleExpr>(e)->elements;
        std::vector<Slot> items;
        for (auto& x : elems) items.push_back(expr(x.get()));
        Slot t = temp();
        Instr in = make(e->kind == ExprKind::List ? Op::BuildList : Op::BuildTuple, t);
        in.args = std::move(items);
        emit(std::move(in));
        return t;
      }
      case ExprKind::Dict: {
        std::vector<Slot> items;
        for (auto& en : cast<DictExpr>(e)->entries) {
          items.push_back(expr(en.key.get()));
          items.push_back(expr(en.value.get()));
        }
        Slot t = temp();
        Instr in = make(Op::BuildDict, t);
        in.args = std::move(items);
        emit(std::move(in));
        return t;
      }
      case ExprKind::Call: return call(cast<Call>(e));
      case ExprKind::Attribute: {
        auto* a = cast<Attribute>(e);
        if (auto* n = dyn_cast<Name>(a->object.get()); n && scope.resolve(n->id).binding == Binding::Module) {
          Slot t = temp();
          auto idx = intrinsic_of(a);
          emit(make(Op::LoadBuiltin, t, kNoSlot, kNoSlot, idx));
          return t;
        }
        Slot o = expr(a->object.get());
        Slot t = temp();
        emit(make(Op::GetAttr, t, o, kNoSlot, mb.str_constant(a->attr)));
        return t;
      }
      case ExprKind::Subscript: {
        auto* s = cast<Subscript>(e);
        Slot o = expr(s->object.get());
        if (auto* sl = dyn_cast<Slice>(s->index.get())) {
          std::vector<Slot> bounds{part(sl->lower.get()), part(sl->upper.get()), part(sl->step.get())};
          Slot t = temp();
          Instr in = make(Op::GetSlice, t, o);
          in.args = std::move(bounds);
          emit(std::move(in));
          return t;
        }
        Slot i = expr(s->index.get());
        Slot t = temp();
        emit(make(Op::GetItem, t, o, i));
        return t;
      }
      case ExprKind::Slice:
        mb.error(e->span, "a slice is only allowed as a subscript (a[lo:hi:step])");
        return none();
      case ExprKind::Binary: {
        auto* b = cast<Binary>(e);
        Slot l = expr(b->lhs.get());
        Slot r = expr(b->rhs.get());
        Slot t = temp();
        emit(make(Op::Binary, t, l, r, static_cast<uint32_t>(b->op)));
        return t;
      }
      case ExprKind::Unary: {
        auto* u = cast<Unary>(e);
        Slot a = expr(u->operand.get());
        Slot t = temp();
        emit(make(Op::Unary, t, a, kNoSlot, static_cast<uint32_t>(u->op)));
        return t;
      }
      case ExprKind::Compare: return compare(cast<Compare>(e));
      case ExprKind::BoolOp: {
        auto* b = cast<BoolOp>(e);
        Slot r = temp();
        ir::BlockId end = new_block();
        for (size_t k = 0; k < b->values.size(); ++k) {
          Slot v = expr(b->values[k].get());
          move(r, v);
          if (k + 1 == b->values.size()) {
            jump(end);
          } else {
            ir::BlockId next = new_block();
            if (b->op == BoolOpKind::And) branch(r, next, end);
            else branch(r, end, next);
            set_block(next);
          }
        }
        set_block(end);
        return r;
      }
      case ExprKind::Conditional: {
        auto* c = cast<Conditional>(e);
        Slot r = temp();
        Slot t = expr(c->test.get());
        ir::BlockId yes = new_block(), no = new_block(), end = new_block();
        branch(t, yes, no);
        set_block(yes);
        move(r, expr(c->body.get()));
        jump(end);
        set_block(no);
        move(r, expr(c->orelse.get()));
        jump(end);
        set_block(end);
        return r;
      }
      case ExprKind::Lambda: {
        auto* l = cast<Lambda>(e);
        return make_function(*mb.cm.scope_of(l), l->params, l->span);
      }
    }
    return none();
  }

  uint32_t intrinsic_of(const Attribute* a) {
    auto idx = core_find(a->attr);
    return idx;
  }
  static uint32_t core_find(const std::string& name);

  Slot part(const Expr* e) { return e ? expr(e) : none(); }

  Slot compare(const Compare* c) {
    Slot left = expr(c->left.get());
    if (c->ops.size() == 1) {
      Slot right = expr(c->comparators[0].get());
      Slot t = temp();
      emit(make(Op::Compare, t, left, right, static_cast<uint32_t>(c->ops[0])));
      return t;
    }
    Slot r = temp();
    ir::BlockId end = new_block();
    for (size_t k = 0; k < c->ops.size(); ++k) {
      Slot right = expr(c->comparators[k].get());
      emit(make(Op::Compare, r, left, right, static_cast<uint32_t>(c->ops[k])));
      if (k + 1 == c->ops.size()) {
        jump(end);
      } else {
        ir::BlockId next = new_block();
        branch(r, next, end);
        set_block(next);
      }
      left = right;
    }
    set_block(end);
    return r;
  }

  Slot call(const Call* c) {
    Op op = Op::Call;
    Slot callee = kNoSlot;
    uint32_t imm = 0;
    if (auto* n = dyn_cast<Name>(c->callee.get()); n && scope.resolve(n->id).binding == Binding::Builtin) {
      op = Op::CallIntrinsic;
      imm = scope.resolve(n->id).intrinsic;
    } else if (auto* a = dyn_cast<Attribute>(c->callee.get())) {
      if (auto* m = dyn_cast<Name>(a->object.get()); m && scope.resolve(m->id).binding == Binding::Module) {
        op = Op::CallIntrinsic;
        imm = intrinsic_of(a);
      } else {
        op = Op::CallMethod;
        callee = expr(a->object.get());
        imm = mb.str_constant(a->attr);
      }
    } else {
      callee = expr(c->callee.get());
    }
    std::vector<Slot> args;
    for (auto& x : c->args) args.push_back(expr(x.get()));
    std::vector<uint32_t> kwnames;
    for (auto& k : c->keywords) {
      args.push_back(expr(k.value.get()));
      kwnames.push_back(mb.str_constant(k.name));
    }
    Slot t = temp();
    Instr in = make(op, t, callee, kNoSlot, imm);
    in.npos = static_cast<uint32_t>(c->args.size());
    in.args = std::move(args);
    in.kwnames = std::move(kwnames);
    in.span = c->span;
    emit(std::move(in));
    return t;
  }

  Slot make_function(const Scope& inner, const std::vector<ast::Param>& params, Span where);

  // ---------------------------------------------------------------- assignment
  void assign(const Expr* target, Slot value) {
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
        if (isa<Slice>(s->index.get())) {
          mb.error(s->index->span, "assignment to a slice is not supported");
          break;
        }
        Slot o = expr(s->object.get());
        Slot i = expr(s->index.get());
        Instr in = make(Op::SetItem, kNoSlot, o, i);
        in.args = {value};
        emit(std::move(in));
        break;
      }
      case ExprKind::Tuple:
      case ExprKind::List: {
        const ExprList& elems =
            target->kind == ExprKind::List ? cast<ListExpr>(target)->elements : cast<TupleExpr>(target)->elements;
        if (elems.empty()) {
          mb.error(target->span, "cannot assign to an empty sequence");
          break;
        }
        Instr in = make(Op::Unpack, kNoSlot, value);
        for (size_t k = 0; k < elems.size(); ++k) in.args.push_back(temp());
        std::vector<Slot> parts = in.args;
        emit(std::move(in));
        for (size_t k = 0; k < elems.size(); ++k) assign(elems[k].get(), parts[k]);
        break;
      }
      default: mb.error(target->span, "cannot assign to this expression"); break;
    }
    span = saved;
  }

  void aug_assign(const AugAssign* a) {
    const Expr* target = a->target.get();
    auto op = static_cast<uint32_t>(a->op);
    if (a->op == ast::BinaryOp::Add || a->op == ast::BinaryOp::Mul) op |= ir::kInPlace;  // list += extends in place
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
      emit(make(Op::GetAttr, cur, o, kNoSlot, name));
      Slot v = expr(a->value.get());
      Slot t = temp();
      emit(make(Op::Binary, t, cur, v, op));
      emit(make(Op::SetAttr, kNoSlot, o, t, name));
    } else if (auto* s = dyn_cast<Subscript>(target)) {
      if (isa<Slice>(s->index.get())) {
        mb.error(s->index->span, "augmented assignment to a slice is not supported");
        return;
      }
      Slot o = expr(s->object.get());
      Slot i = expr(s->index.get());
      Slot cur = temp();
      emit(make(Op::GetItem, cur, o, i));
      Slot v = expr(a->value.get());
      Slot t = temp();
      emit(make(Op::Binary, t, cur, v, op));
      Instr in = make(Op::SetItem, kNoSlot, o, i);
      in.args = {t};
      emit(std::move(in));
    } else {
      mb.error(target->span, "illegal expression for augmented assignment");
    }
  }

  // ---------------------------------------------------------------- statements
  void step(const Stmt* st) {
    line = mb.line_of(st->span.begin == st->span.end ? st->span : st->span);
    span = st->span;
    emit(make(Op::Step));
  }

  void stmts(const StmtList& body) {
    for (const auto& st : body) stmt(st.get());
  }

  void stmt(const Stmt* st) {
    switch (st->kind) {
      case StmtKind::While: {
        auto* w = cast<While>(st);
        ir::BlockId head = new_block(), body = new_block(), exit = new_block();
        jump(head);
        set_block(head);
        step(st);
        Slot t = expr(w->test.get());
        branch(t, body, exit);
        set_block(body);
        loops.push_back({head, exit});
        stmts(w->body);
        loops.pop_back();
        jump(head);
        set_block(exit);
        return;
      }
      case StmtKind::For: {
        auto* fo = cast<For>(st);
        step(st);
        Slot seq = expr(fo->iterable.get());
        Slot it = temp();
        emit(make(Op::GetIter, it, seq));
        ir::BlockId head = new_block(), body = new_block(), exit = new_block();
        jump(head);
        set_block(head);
        step(st);
        Slot item = temp();
        Instr in = make(Op::ForIter, item, it);
        in.target = body;
        in.target2 = exit;
        emit(std::move(in));
        set_block(body);
        assign(fo->target.get(), item);
        loops.push_back({head, exit});
        stmts(fo->body);
        loops.pop_back();
        jump(head);
        set_block(exit);
        return;
      }
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
      case StmtKind::AugAssign: aug_assign(cast<AugAssign>(st)); return;
      case StmtKind::Pass: return;
      case StmtKind::Return: {
        auto* r = cast<Return>(st);
        Slot v = r->value ? expr(r->value.get()) : kNoSlot;
        emit(make(Op::Return, kNoSlot, v));
        return;
      }
      case StmtKind::Break:
        if (!loops.empty()) jump(loops.back().break_to);
        return;
      case StmtKind::Continue:
        if (!loops.empty()) jump(loops.back().continue_to);
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
        Slot t = expr(a->test.get());
        if (!a->message) {
          emit(make(Op::Assert, kNoSlot, t));
          return;
        }
        ir::BlockId fail = new_block(), ok = new_block();
        branch(t, ok, fail);
        set_block(fail);
        Slot m = expr(a->message.get());
        emit(make(Op::Assert, kNoSlot, t, m));
        jump(ok);
        set_block(ok);
        return;
      }
      case StmtKind::FunctionDef: {
        auto* d = cast<FunctionDef>(st);
        Slot fn = make_function(*mb.cm.scope_of(d), d->params, d->span);
        store_name(d->name, fn, d->name_span);
        return;
      }
      case StmtKind::Import:
        for (const auto& al : cast<Import>(st)->names) {
          if (check::is_known_module(al.name)) continue;
          std::string bound = al.as_name.empty() ? al.name : al.as_name;
          bind_import(bound, al.name, al.span);
        }
        return;
      case StmtKind::FromImport:
        for (const auto& al : cast<FromImport>(st)->names)
          bind_import(al.as_name.empty() ? al.name : al.as_name, al.name, al.span);
        return;
      default: return;
    }
  }

  // An imported intrinsic bound to a name that is also assigned elsewhere: store it.
  void bind_import(const std::string& bound, const std::string& intrinsic, Span where) {
    check::Resolved r = scope.resolve(bound);
    if (r.binding == Binding::Builtin || r.binding == Binding::Module) return;
    Slot t = temp();
    emit(make(Op::LoadBuiltin, t, kNoSlot, kNoSlot, core_find(intrinsic)));
    store_name(bound, t, where);
  }

  // ---------------------------------------------------------------- whole functions
  void prologue() {
    // Cells for captured locals that are not parameters (parameters are wrapped by the entry).
    for (const auto& name : scope.locals) {
      if (!scope.cells.count(name)) continue;
      Slot s = local_slot.at(name);
      bool is_param = std::find(scope.params.begin(), scope.params.end(), name) != scope.params.end();
      if (is_param) f.cell_params.push_back(s);
      else emit(make(Op::MakeCell, s));
    }
  }

  void finish() {
    if (!terminated()) emit(make(Op::Return));
  }
};

}  // namespace
}  // namespace plank::lower

#include "runtime/intrinsics.h"

namespace plank::lower {
namespace {

uint32_t FnBuilder::core_find(const std::string& name) {
  auto idx = core::find_intrinsic(name);
  return idx ? *idx : 0;  // unknown names were reported by the checker
}

ir::Function build_function(ModuleBuilder& mb, const Scope& scope, const std::vector<ast::Param>& params,
                            const StmtList* body, const Expr* lambda_body, Span where) {
  FnBuilder fb(mb, scope);
  fb.f.span = where;
  fb.f.first_line = mb.line_of(where);
  fb.line = fb.f.first_line;
  for (const auto& p : params) fb.f.params.push_back(ir::Param{p.name, p.default_ != nullptr});
  fb.prologue();
  if (body) {
    fb.stmts(*body);
  } else if (lambda_body) {
    fb.span = lambda_body->span;
    Slot v = fb.expr(lambda_body);
    fb.emit(fb.make(Op::Return, kNoSlot, v));
  }
  fb.finish();
  return std::move(fb.f);
}

Slot FnBuilder::make_function(const Scope& inner, const std::vector<ast::Param>& params, Span where) {
  std::vector<Slot> args;
  uint32_t ndefaults = 0;
  for (const auto& p : params)
    if (p.default_) {
      args.push_back(expr(p.default_.get()));
      ++ndefaults;
    }
  std::vector<Slot> cells = cells_for(inner);
  args.insert(args.end(), cells.begin(), cells.end());
  uint32_t index = mb.reserve_function();
  const StmtList* body = inner.def ? &inner.def->body : nullptr;
  const Expr* lambda_body = inner.lambda ? inner.lambda->body.get() : nullptr;
  ir::Function fn = build_function(mb, inner, params, body, lambda_body, where);
  mb.module.functions[index] = std::move(fn);
  Slot t = temp();
  Instr in = make(Op::MakeFunction, t, kNoSlot, kNoSlot, index);
  in.args = std::move(args);
  in.ndefaults = ndefaults;
  emit(std::move(in));
  return t;
}

}  // namespace

ir::Module build_ir(const check::CheckedModule& checked, DiagnosticSink& sink) {
  ModuleBuilder mb{checked, sink, {}, {}, {}};
  mb.module.file = checked.file;
  uint32_t body = mb.reserve_function();
  ir::Function top = build_function(mb, checked.module_scope(), {}, &checked.ast->body, nullptr, Span{});
  top.first_line = 1;
  mb.module.functions[body] = std::move(top);
  return std::move(mb.module);
}

}  // namespace plank::lower
