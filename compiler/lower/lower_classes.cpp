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

// Whether a class body annotates a name (`x: int`) outside its nested defs:
// then the body starts by making __annotations__, as CPython's does.
static bool annotates_names(const StmtList& body) {
  for (const auto& st : body) {
    switch (st->kind) {
      case StmtKind::AnnAssign:
        if (cast<AnnAssign>(st.get())->target->kind == ExprKind::Name) return true;
        break;
      case StmtKind::If:
        if (annotates_names(cast<If>(st.get())->body) || annotates_names(cast<If>(st.get())->orelse)) return true;
        break;
      case StmtKind::While:
        if (annotates_names(cast<While>(st.get())->body) || annotates_names(cast<While>(st.get())->orelse))
          return true;
        break;
      case StmtKind::For:
        if (annotates_names(cast<For>(st.get())->body) || annotates_names(cast<For>(st.get())->orelse)) return true;
        break;
      case StmtKind::With:
        if (annotates_names(cast<With>(st.get())->body)) return true;
        break;
      case StmtKind::Try: {
        auto* t = cast<Try>(st.get());
        if (annotates_names(t->body) || annotates_names(t->orelse) || annotates_names(t->finalbody)) return true;
        for (auto& h : t->handlers)
          if (annotates_names(h.body)) return true;
        break;
      }
      default: break;
    }
  }
  return false;
}

// `name: annotation [= value]` in a class body: the annotation (evaluated, or
// its source text under `from __future__ import annotations`) is recorded in
// __annotations__ before the value is stored. dataclasses reads it.
void FnBuilder::class_annotation(const AnnAssign* a) {
  Slot dict = classes.back().annotations;
  if (dict == kNoSlot || a->target->kind != ExprKind::Name) return;
  Slot ann;
  if (mb.cm.future_annotations) {
    Span sp = a->annotation->span;
    ann = str(mb.cm.file ? mb.cm.file->text().substr(sp.begin, sp.end - sp.begin) : std::string());
  } else {
    ann = expr(a->annotation.get());
  }
  Slot key = str(cast<Name>(a->target.get())->id);
  Instr in = make(Op::SetItem, kNoSlot, dict, key);
  in.args = {ann};
  emit(std::move(in));
}

void FnBuilder::class_def(const ClassDef* c) {
  const check::Scope& cs = *mb.cm.scope_of(c);
  std::vector<Slot> decorators;
  for (auto& d : c->decorators) decorators.push_back(expr(d.get()));
  std::vector<Slot> bases;
  for (auto& b : c->bases) bases.push_back(expr(b.get()));
  Slot metaclass = kNoSlot;
  for (auto& k : c->keywords) {  // the checker accepts only `metaclass=`
    Slot v = expr(k.value.get());
    if (k.name == "metaclass") metaclass = v;
  }
  Slot ns = temp();
  emit(make(Op::BuildDict, ns));
  {  // __module__: the defining module's __name__, as CPython's class bodies start
    Slot module_name = load_name("__name__", c->span);
    Slot key = str("__module__");
    Instr in = make(Op::SetItem, kNoSlot, ns, key);
    in.args = {module_name};
    emit(std::move(in));
  }
  if (const std::string* doc = docstring(c->body)) {  // the body's docstring is the class's __doc__
    Slot key = str("__doc__");
    Instr in = make(Op::SetItem, kNoSlot, ns, key);
    in.args = {str(*doc)};
    emit(std::move(in));
  }
  Slot cell = kNoSlot;
  if (cs.uses_class_cell) {
    cell = temp();
    emit(make(Op::MakeCell, cell));
  }
  classes.push_back({&cs, ns, cell});
  if (annotates_names(c->body)) {
    Slot annotations = temp();
    emit(make(Op::BuildDict, annotations));
    Slot key = str("__annotations__");
    Instr in = make(Op::SetItem, kNoSlot, ns, key);
    in.args = {annotations};
    emit(std::move(in));
    classes.back().annotations = annotations;
  }
  std::vector<Loop> saved_loops;
  saved_loops.swap(loops);  // a loop around the class statement is not the body's
  stmts(c->body);
  loops.swap(saved_loops);
  classes.pop_back();
  line = mb.line_of(c->span);
  span = c->span;
  Slot cls = temp();
  Instr in = make(Op::BuildClass, cls, ns, metaclass, mb.str_constant(c->name));
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
