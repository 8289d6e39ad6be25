// build_ir: class definitions and super() (see fn_builder.h).
//
// A class body runs once, where the class statement is: it is lowered inline
// in the enclosing function (or module body), its names stored in a
// namespace dict, and BuildClass makes the class of it. Functions defined in
// the body never see its names (the checker's scopes say so). A method that
// calls super() receives the class through the class's implicit __class__
// cell, filled once the class exists; `super()` is `super(__class__, self)`.
#include "compiler/lower/fn_builder.h"

namespace plank::lower {

using namespace plank::ast;
using check::Binding;
using ir::Instr;
using ir::kNoSlot;
using ir::Op;
using ir::Slot;

void FnBuilder::class_def(const ClassDef* c) {
  const check::Scope& cs = *mb.cm.scope_of(c);
  std::vector<Slot> decorators;
  for (auto& d : c->decorators) decorators.push_back(expr(d.get()));
  std::vector<Slot> bases;
  for (auto& b : c->bases) bases.push_back(expr(b.get()));
  for (auto& k : c->keywords) expr(k.value.get());  // `metaclass=...`: evaluated, not used
  Slot ns = temp();
  emit(make(Op::BuildDict, ns));
  Slot cell = kNoSlot;
  if (cs.uses_class_cell) {
    cell = temp();
    emit(make(Op::MakeCell, cell));
  }
  classes.push_back({&cs, ns, cell});
  std::vector<Loop> saved_loops;
  saved_loops.swap(loops);  // a loop around the class statement is not the body's
  stmts(c->body);
  loops.swap(saved_loops);
  classes.pop_back();
  line = mb.line_of(c->span);
  span = c->span;
  Slot cls = temp();
  Instr in = make(Op::BuildClass, cls, ns, kNoSlot, mb.str_constant(c->name));
  in.imm2 = mb.str_constant(cs.qualified);
  in.args = std::move(bases);
  emit(std::move(in));
  if (cell != kNoSlot) emit(make(Op::StoreCell, cell, cls));
  for (size_t k = decorators.size(); k-- > 0;) cls = call_value(decorators[k], {cls});
  store_name(c->name, cls, c->name_span);
}

Slot FnBuilder::super_call(const Call* c) {
  if (!scope.is_function() || scope.free_index("__class__") < 0 || scope.params.empty()) return kNoSlot;
  if (naming_scope().resolve("super").binding != Binding::Builtin) return kNoSlot;
  Slot cls = load_name("__class__", c->span);
  Slot self = load_name(scope.params[0], c->span);
  return call_intrinsic("super", {cls, self});
}

}  // namespace plank::lower
