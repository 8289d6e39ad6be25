// build_ir: expressions (see fn_builder.h).
#include <algorithm>

#include "compiler/lower/fn_builder.h"

namespace plank::lower {

using namespace plank::ast;
using check::Binding;
using check::Scope;
using ir::Instr;
using ir::kNoSlot;
using ir::Op;
using ir::Slot;

namespace {

bool any_starred(const ExprList& xs) {
  return std::any_of(xs.begin(), xs.end(), [](const ExprPtr& x) { return isa<Starred>(x.get()); });
}

}  // namespace

Slot FnBuilder::expr(const Expr* e) {
  Span saved = span;
  span = e->span;
  Slot r = expr_inner(e);
  span = saved;
  return r;
}

Slot FnBuilder::expr_inner(const Expr* e) {
  switch (e->kind) {
    case ExprKind::IntLiteral: {
      auto* n = cast<IntLiteral>(e);
      ir::Constant c;
      if (!n->big.empty()) {
        c.kind = ir::Constant::Kind::BigInt;
        c.s = n->big;
      } else {
        c.kind = ir::Constant::Kind::Int;
        c.i = n->value;
      }
      return konst(c);
    }
    case ExprKind::FloatLiteral: {
      ir::Constant c;
      c.kind = ir::Constant::Kind::Float;
      c.f = cast<FloatLiteral>(e)->value;
      return konst(c);
    }
    case ExprKind::StringLiteral: return str(cast<StringLiteral>(e)->value);
    case ExprKind::BytesLiteral: {
      ir::Constant c;
      c.kind = ir::Constant::Kind::Bytes;
      c.s = cast<BytesLiteral>(e)->value;
      return konst(c);
    }
    case ExprKind::Ellipsis: {
      ir::Constant c;
      c.kind = ir::Constant::Kind::Ellipsis;
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
    case ExprKind::List: return sequence(e->kind, cast<ListExpr>(e)->elements);
    case ExprKind::Tuple: return sequence(e->kind, cast<TupleExpr>(e)->elements);
    case ExprKind::Set: return sequence(e->kind, cast<SetExpr>(e)->elements);
    case ExprKind::Dict: return dict_display(cast<DictExpr>(e));
    case ExprKind::Call: return call(cast<Call>(e));
    case ExprKind::Attribute: {
      auto* a = cast<Attribute>(e);
      if (auto* n = dyn_cast<Name>(a->object.get()); n && naming_scope().resolve(n->id).binding == Binding::Module) {
        Slot t = temp();
        emit(make(Op::LoadBuiltin, t, kNoSlot, kNoSlot, intrinsic_of(a)));
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
    case ExprKind::Slice: return slice(cast<Slice>(e));  // an element of a tuple index: a[1:2, 3]
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
    case ExprKind::Comprehension: return comprehension(cast<Comprehension>(e));
    case ExprKind::Starred:
      mb.error(e->span, "can't use starred expression here");
      return none();
    case ExprKind::Yield: {
      auto* y = cast<YieldExpr>(e);
      Slot v = y->value ? expr(y->value.get()) : none();
      return f.is_async_generator ? yield_async_value(v) : yield_value(v);
    }
    case ExprKind::YieldFrom: return yield_from(expr(cast<YieldFrom>(e)->value.get()), false);
    case ExprKind::Await: return yield_from(expr(cast<Await>(e)->value.get()), true);
    case ExprKind::JoinedStr: return fstring(cast<JoinedStr>(e));
    case ExprKind::FormattedValue: {
      auto* fv = cast<FormattedValue>(e);
      Slot v = expr(fv->value.get());
      Slot spec = fv->format_spec ? expr(fv->format_spec.get()) : kNoSlot;
      Slot t = temp();
      // At the whole f-string, where CPython 3.11 places its FORMAT_VALUE (a traceback marks it).
      emit_at(fstring_span.end ? fstring_span : fv->span,
              make(Op::FormatValue, t, v, spec, static_cast<uint32_t>(static_cast<unsigned char>(fv->conversion))));
      return t;
    }
    case ExprKind::NamedExpr: {
      auto* n = cast<NamedExpr>(e);
      Slot v = expr(n->value.get());
      Slot keep = temp();
      move(keep, v);  // the value, not the variable (a later store must not change it)
      store_name(cast<Name>(n->target.get())->id, keep, n->target->span);
      return keep;
    }
  }
  return none();
}

Slot FnBuilder::slice(const Slice* sl) {
  std::vector<Slot> bounds{part(sl->lower.get()), part(sl->upper.get()), part(sl->step.get())};
  Slot t = temp();
  Instr in = make(Op::BuildSlice, t);
  in.args = std::move(bounds);
  emit(std::move(in));
  return t;
}

// A list, tuple or set display; `*x` items are unpacked into it in order.
Slot FnBuilder::sequence(ExprKind kind, const ExprList& elems) {
  Op build = kind == ExprKind::List ? Op::BuildList : kind == ExprKind::Tuple ? Op::BuildTuple : Op::BuildSet;
  if (!any_starred(elems)) {
    std::vector<Slot> items;
    for (auto& x : elems) items.push_back(expr(x.get()));
    Slot t = temp();
    Instr in = make(build, t);
    in.args = std::move(items);
    emit(std::move(in));
    return t;
  }
  // The plain items before the first `*x`, then appends and extends; a tuple is built as a list first.
  bool set = kind == ExprKind::Set;
  std::vector<Slot> head;
  size_t k = 0;
  for (; k < elems.size() && !isa<Starred>(elems[k].get()); ++k) head.push_back(expr(elems[k].get()));
  Slot acc = temp();
  Instr in = make(set ? Op::BuildSet : Op::BuildList, acc);
  in.args = std::move(head);
  emit(std::move(in));
  for (; k < elems.size(); ++k) {
    if (auto* st = dyn_cast<Starred>(elems[k].get())) call_method(acc, set ? "update" : "extend", {expr(st->value.get())});
    else call_method(acc, set ? "add" : "append", {expr(elems[k].get())});
  }
  if (kind == ExprKind::Tuple) return call_intrinsic("tuple", {acc});
  return acc;
}

// `{k: v, **m}`: entries in order, each `**m` merged as dict.update does.
Slot FnBuilder::dict_display(const DictExpr* d) {
  size_t k = 0;
  std::vector<Slot> items;
  for (; k < d->entries.size() && d->entries[k].key; ++k) {
    items.push_back(expr(d->entries[k].key.get()));
    items.push_back(expr(d->entries[k].value.get()));
  }
  Slot t = temp();
  Instr in = make(Op::BuildDict, t);
  in.args = std::move(items);
  emit(std::move(in));
  for (; k < d->entries.size(); ++k) {
    const auto& en = d->entries[k];
    if (!en.key) {
      call_method(t, "update", {expr(en.value.get())});
      continue;
    }
    Slot key = expr(en.key.get());
    Slot value = expr(en.value.get());
    Instr set = make(Op::SetItem, kNoSlot, t, key);
    set.args = {value};
    emit(std::move(set));
  }
  return t;
}

Slot FnBuilder::fstring(const JoinedStr* j) {
  std::vector<Slot> parts;
  Span outer = fstring_span;
  fstring_span = j->span;
  for (auto& v : j->values) parts.push_back(expr(v.get()));
  fstring_span = outer;
  if (parts.size() == 1 && isa<FormattedValue>(j->values[0].get())) return parts[0];
  Slot t = temp();
  Instr in = make(Op::BuildString, t);
  in.args = std::move(parts);
  emit(std::move(in));
  return t;
}

Slot FnBuilder::compare(const Compare* c) {
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

Slot FnBuilder::call(const Call* c) {
  bool unpacks = any_starred(c->args) ||
                 std::any_of(c->keywords.begin(), c->keywords.end(), [](const KeywordArg& k) { return k.name.empty(); });
  if (auto* n = dyn_cast<Name>(c->callee.get()); n && n->id == "super" && c->args.empty() && c->keywords.empty()) {
    Slot s = super_call(c);
    if (s != kNoSlot) return s;
  }
  if (auto* n = dyn_cast<Name>(c->callee.get()); n && n->id == "dir" && c->args.empty() && c->keywords.empty() &&
                                                  naming_scope().resolve("dir").binding == Binding::Builtin)
    return dir_of_scope(c);
  Op op = Op::Call;
  Slot callee = kNoSlot;
  uint32_t imm = 0;
  if (auto* n = dyn_cast<Name>(c->callee.get()); n && naming_scope().resolve(n->id).binding == Binding::Builtin) {
    op = Op::CallIntrinsic;
    imm = naming_scope().resolve(n->id).intrinsic;
  } else if (auto* a = dyn_cast<Attribute>(c->callee.get())) {
    if (auto* m = dyn_cast<Name>(a->object.get()); m && naming_scope().resolve(m->id).binding == Binding::Module) {
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
  if (unpacks) {
    // The callee as a value, then the generic call with its arguments as a tuple and a dict.
    Slot fn = temp();
    if (op == Op::CallIntrinsic) emit(make(Op::LoadBuiltin, fn, kNoSlot, kNoSlot, imm));
    else if (op == Op::CallMethod) emit_at(c->callee->span, make(Op::GetAttr, fn, callee, kNoSlot, imm));
    else fn = callee;
    return call_unpacking(c, fn);
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
  if (op == Op::CallMethod) in.lookup_span = c->callee->span;
  emit(std::move(in));
  return t;
}

// f(a, *b, k=v, **m): the positional arguments gathered in a list (a tuple's
// worth), the keywords in a dict, then one CallEx. With a `**m`, the keywords
// are a list of the pieces in order (dicts of the named ones, and each
// mapping), which the call merges, refusing a name given twice as CPython does.
Slot FnBuilder::call_unpacking(const Call* c, Slot fn) {
  Slot positional = sequence(ExprKind::List, c->args);
  Slot keywords = kNoSlot;
  if (!c->keywords.empty()) {
    std::vector<Slot> pieces;
    Slot named = kNoSlot;
    for (auto& k : c->keywords) {
      if (k.name.empty()) {
        if (named != kNoSlot) pieces.push_back(named);
        named = kNoSlot;
        pieces.push_back(expr(k.value.get()));
        continue;
      }
      if (named == kNoSlot) {
        named = temp();
        emit(make(Op::BuildDict, named));
      }
      Slot key = str(k.name);
      Slot value = expr(k.value.get());
      Instr set = make(Op::SetItem, kNoSlot, named, key);
      set.args = {value};
      emit(std::move(set));
    }
    if (pieces.empty()) {
      keywords = named;
    } else {
      if (named != kNoSlot) pieces.push_back(named);
      keywords = temp();
      Instr list = make(Op::BuildList, keywords);
      list.args = std::move(pieces);
      emit(std::move(list));
    }
  }
  Slot t = temp();
  Instr in = make(Op::CallEx, t, fn);
  in.args = {positional};
  if (keywords != kNoSlot) in.args.push_back(keywords);
  in.span = c->span;
  emit(std::move(in));
  return t;
}

}  // namespace plank::lower
