// build_ir: comprehensions and generator expressions (see fn_builder.h).
//
// As in Python 3, a comprehension is a function of its own (its targets do
// not leak, and a closure in it captures its own variables), called at once
// with the iterator of its first iterable, which the enclosing scope
// evaluates. A generator expression's function is a generator.
#include "compiler/lower/fn_builder.h"

namespace plank::lower {

using namespace plank::ast;
using ir::Instr;
using ir::kNoSlot;
using ir::Op;
using ir::Slot;

Slot FnBuilder::comprehension(const Comprehension* c) {
  Slot first = expr(c->generators[0].iter.get());
  Slot it = temp();
  if (c->generators[0].is_async) it = async_iter(first);
  else emit(make(Op::GetIter, it, first));
  const check::Scope& inner = *mb.cm.scope_of(c);
  Slot fn = make_function(inner, {}, c->span);
  Slot made = call_value(fn, {it});
  // An async list, set or dict comprehension is a coroutine, awaited where it is written.
  if (inner.is_coroutine && c->comp != ComprehensionKind::Generator) return yield_from(made, true);
  return made;
}

void FnBuilder::comprehension_body(const Comprehension* c) {
  Slot result = kNoSlot;
  if (c->comp != ComprehensionKind::Generator) {
    result = temp();
    Op build = c->comp == ComprehensionKind::List ? Op::BuildList
               : c->comp == ComprehensionKind::Set ? Op::BuildSet
                                                   : Op::BuildDict;
    emit(make(build, result));
  }
  uint32_t comp_line = mb.line_of(c->span);
  // One loop per `for` clause, innermost last; each `if` continues its loop.
  auto loop = [&](auto& self, size_t i) -> void {
    const ComprehensionFor& g = c->generators[i];
    Slot it;
    if (i == 0) {
      it = local_slot.at(".0");
    } else {
      Slot seq = expr(g.iter.get());
      it = temp();
      if (g.is_async) it = async_iter(seq);
      else emit(make(Op::GetIter, it, seq));
    }
    ir::BlockId head = new_block(), body = new_block(), exit = new_block();
    jump(head);
    set_block(head);
    line = comp_line;
    emit(make(Op::Step));  // budgets and interrupts reach a long comprehension too
    Slot item = temp();
    if (g.is_async) {
      move(item, async_next(it, exit));
      jump(body);
    } else {
      Instr in = make(Op::ForIter, item, it);
      in.target = body;
      in.target2 = exit;
      emit(std::move(in));
    }
    set_block(body);
    assign(g.target.get(), item);
    for (auto& cond : g.ifs) {
      Slot ok = expr(cond.get());
      ir::BlockId pass = new_block();
      branch(ok, pass, head);
      set_block(pass);
    }
    if (i + 1 < c->generators.size()) {
      self(self, i + 1);
    } else {
      switch (c->comp) {
        case ComprehensionKind::List: call_method(result, "append", {expr(c->element.get())}); break;
        case ComprehensionKind::Set: call_method(result, "add", {expr(c->element.get())}); break;
        case ComprehensionKind::Dict: {
          Slot key = expr(c->element.get());
          Slot value = expr(c->value.get());
          Instr set = make(Op::SetItem, kNoSlot, result, key);
          set.args = {value};
          emit(std::move(set));
          break;
        }
        case ComprehensionKind::Generator: {
          Slot v = expr(c->element.get());
          if (f.is_async_generator) yield_async_value(v);
          else yield_value(v);
          break;
        }
      }
    }
    jump(head);
    set_block(exit);
  };
  span = c->span;
  loop(loop, 0);
  emit(make(Op::Return, kNoSlot, result));
}

}  // namespace plank::lower
