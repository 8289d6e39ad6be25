// Pass: AST -> Plank IR (the FnBuilder of fn_builder.h; this file: emission,
// names, whole functions and the pass's entry point).
//
// Every statement starts with a Step (loops also step at their header, once per
// iteration, so a loop's test is charged and attributed to the loop's line).
// Locals and parameters get fixed slots (parameters first), temporaries fresh
// slots (no reuse: frames stay small enough and the GC sees every live value).
// Names resolve through the checker's scopes: Local -> the slot, Cell ->
// LoadCell/StoreCell on the slot, Free -> LoadFree + LoadCell, Global ->
// LoadGlobal/StoreGlobal, Builtin -> LoadBuiltin or CallIntrinsic, ClassLocal
// (in a class body, lowered inline in its enclosing function) -> the class
// namespace's entry.
//
// Calls: positional arguments, then keyword arguments, each in source order;
// a positional argument written after a keyword one is passed after the other
// positional arguments (the checker warns).
#include <algorithm>
#include <cstring>

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

uint32_t ModuleBuilder::constant(const ir::Constant& c) {
  uint64_t bits = 0;
  std::memcpy(&bits, &c.f, sizeof bits);
  auto key = std::make_tuple(static_cast<int>(c.kind), c.i, bits, c.s);
  auto [it, added] = constant_index.emplace(key, static_cast<uint32_t>(module.constants.size()));
  if (added) module.constants.push_back(c);
  return it->second;
}

uint32_t ModuleBuilder::str_constant(const std::string& s) {
  ir::Constant c;
  c.kind = ir::Constant::Kind::Str;
  c.s = s;
  return constant(c);
}

uint32_t ModuleBuilder::global(const std::string& name) {
  auto [it, added] = global_index.emplace(name, static_cast<uint32_t>(module.globals.size()));
  if (added) module.globals.push_back(name);
  return it->second;
}

FnBuilder::FnBuilder(ModuleBuilder& m, const Scope& s) : mb(m), scope(s) {
  f.name = s.name;
  f.qualified = s.qualified;
  f.free_names = s.frees;
  f.is_generator = s.is_generator || s.is_coroutine;
  // An async def that yields is an asynchronous generator: a generator whose
  // frame the runtime wraps (its awaits pass through, its yields are marked).
  f.is_async_generator = s.is_coroutine && s.is_generator;
  f.is_coroutine = s.is_coroutine && !s.is_generator;
  if (s.is_function()) {
    for (const auto& name : s.locals) {
      local_slot[name] = f.slot_count++;
      f.slot_names.push_back(name);
    }
  }
  f.blocks.emplace_back();
}

// ---------------------------------------------------------------- emission
Slot FnBuilder::temp() {
  f.slot_names.emplace_back();
  return f.slot_count++;
}

ir::BlockId FnBuilder::new_block() {
  f.blocks.emplace_back();
  f.blocks.back().handler = handler;
  return static_cast<ir::BlockId>(f.blocks.size() - 1);
}

bool FnBuilder::terminated() const {
  const auto& in = f.blocks[current].instrs;
  return !in.empty() && ir::is_terminator(in.back().op);
}

Instr& FnBuilder::emit(Instr in) {
  if (terminated()) current = new_block();  // dead code after return/break: removed later
  in.line = line;
  if (in.span.begin == 0 && in.span.end == 0) in.span = span;
  f.blocks[current].instrs.push_back(std::move(in));
  return f.blocks[current].instrs.back();
}

Instr FnBuilder::make(Op op, Slot dst, Slot a, Slot b, uint32_t imm) {
  Instr in;
  in.op = op;
  in.dst = dst;
  in.a = a;
  in.b = b;
  in.imm = imm;
  return in;
}

void FnBuilder::jump(ir::BlockId to) {
  Instr in = make(Op::Jump);
  in.target = to;
  emit(std::move(in));
}

void FnBuilder::branch(Slot cond, ir::BlockId yes, ir::BlockId no) {
  Instr in = make(Op::Branch, kNoSlot, cond);
  in.target = yes;
  in.target2 = no;
  emit(std::move(in));
}

Slot FnBuilder::konst(const ir::Constant& c) {
  Slot t = temp();
  emit(make(Op::LoadConst, t, kNoSlot, kNoSlot, mb.constant(c)));
  return t;
}

Slot FnBuilder::none() { return konst(ir::Constant{}); }

Slot FnBuilder::str(const std::string& s) {
  Slot t = temp();
  emit(make(Op::LoadConst, t, kNoSlot, kNoSlot, mb.str_constant(s)));
  return t;
}

void FnBuilder::move(Slot dst, Slot src) {
  if (dst != src) emit(make(Op::Move, dst, src));
}

Slot FnBuilder::call_method(Slot obj, const std::string& name, std::vector<Slot> args) {
  Slot t = temp();
  Instr in = make(Op::CallMethod, t, obj, kNoSlot, mb.str_constant(name));
  in.npos = static_cast<uint32_t>(args.size());
  in.args = std::move(args);
  emit(std::move(in));
  return t;
}

Slot FnBuilder::call_intrinsic(const std::string& name, std::vector<Slot> args) {
  Slot t = temp();
  Instr in = make(Op::CallIntrinsic, t, kNoSlot, kNoSlot, core_find(name));
  in.npos = static_cast<uint32_t>(args.size());
  in.args = std::move(args);
  emit(std::move(in));
  return t;
}

Slot FnBuilder::call_value(Slot callee, std::vector<Slot> args) {
  Slot t = temp();
  Instr in = make(Op::Call, t, callee);
  in.npos = static_cast<uint32_t>(args.size());
  in.args = std::move(args);
  emit(std::move(in));
  return t;
}

// ---------------------------------------------------------------- names
Slot FnBuilder::load_name(const std::string& name, Span where) {
  const Scope& ns = naming_scope();
  check::Resolved r = ns.resolve(name);
  switch (r.binding) {
    case Binding::ClassLocal: {
      Slot t = temp();
      Instr in = make(Op::LoadClassName, t, classes.back().ns, kNoSlot, mb.str_constant(name));
      in.imm2 = mb.global(name);
      emit(std::move(in));
      return t;
    }
    case Binding::Local: {
      // Checked where it may be unbound; bind_locals drops the checks it proves needless.
      Slot s = local_slot.at(name);
      emit(make(Op::CheckBound, kNoSlot, s, kNoSlot, mb.str_constant(name)));
      return s;
    }
    case Binding::Cell: {
      Slot t = temp();
      Instr in = make(Op::LoadCell, t, local_slot.at(name), kNoSlot, mb.str_constant(name));
      in.imm2 = 1;  // the function's own local: UnboundLocalError when empty
      emit(std::move(in));
      return t;
    }
    case Binding::Free: {
      if (name == "__class__" && !classes.empty() && classes.back().class_cell != kNoSlot &&
          scope.free_index(name) < 0) {
        Slot t = temp();
        emit(make(Op::LoadCell, t, classes.back().class_cell, kNoSlot, mb.str_constant(name)));
        return t;
      }
      Slot c = temp();
      emit(make(Op::LoadFree, c, kNoSlot, kNoSlot, static_cast<uint32_t>(std::max(scope.free_index(name), 0))));
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

void FnBuilder::store_name(const std::string& name, Slot value, Span where) {
  check::Resolved r = naming_scope().resolve(name);
  switch (r.binding) {
    case Binding::ClassLocal: {
      Slot key = str(name);
      Instr in = make(Op::SetItem, kNoSlot, classes.back().ns, key);
      in.args = {value};
      emit(std::move(in));
      return;
    }
    case Binding::Local: move(local_slot.at(name), value); return;
    case Binding::Cell: emit(make(Op::StoreCell, local_slot.at(name), value)); return;
    case Binding::Free: {
      Slot c = temp();
      emit(make(Op::LoadFree, c, kNoSlot, kNoSlot, static_cast<uint32_t>(std::max(scope.free_index(name), 0))));
      emit(make(Op::StoreCell, c, value));
      return;
    }
    case Binding::Global: emit(make(Op::StoreGlobal, kNoSlot, value, kNoSlot, mb.global(name))); return;
    default: mb.error(where, "cannot assign to '" + name + "' here"); return;
  }
}

// `del name`. A local becomes unbound (deleting an unbound one is an
// UnboundLocalError, as in CPython).
void FnBuilder::delete_name(const std::string& name, Span where) {
  check::Resolved r = naming_scope().resolve(name);
  switch (r.binding) {
    case Binding::ClassLocal: {
      Slot key = str(name);
      emit(make(Op::DelItem, kNoSlot, classes.back().ns, key));
      return;
    }
    case Binding::Local: {
      Slot s = local_slot.at(name);
      emit(make(Op::CheckBound, kNoSlot, s, kNoSlot, mb.str_constant(name)));
      emit(make(Op::Unbind, s));
      return;
    }
    case Binding::Cell: emit(make(Op::DelCell, kNoSlot, local_slot.at(name))); return;
    case Binding::Free: {
      Slot c = temp();
      emit(make(Op::LoadFree, c, kNoSlot, kNoSlot, static_cast<uint32_t>(std::max(scope.free_index(name), 0))));
      emit(make(Op::DelCell, kNoSlot, c));
      return;
    }
    case Binding::Global: emit(make(Op::DelGlobal, kNoSlot, kNoSlot, kNoSlot, mb.global(name))); return;
    default: mb.error(where, "cannot delete '" + name + "'"); return;
  }
}

// The cell objects a nested scope captures, in its free_names order.
std::vector<Slot> FnBuilder::cells_for(const Scope& inner) {
  std::vector<Slot> out;
  for (const auto& name : inner.frees) {
    if (name == "__class__" && scope.free_index(name) < 0) {
      // The class whose body this function is defined in owns the cell.
      Slot cell = kNoSlot;
      for (auto it = classes.rbegin(); it != classes.rend(); ++it)
        if (it->class_cell != kNoSlot) {
          cell = it->class_cell;
          break;
        }
      if (cell == kNoSlot) {
        cell = temp();
        emit(make(Op::MakeCell, cell));
      }
      out.push_back(cell);
      continue;
    }
    if (scope.is_function() && scope.cells.count(name) && scope.assigned.count(name) && !scope.nonlocals.count(name)) {
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

uint32_t FnBuilder::core_find(const std::string& name) {
  auto idx = core::find_intrinsic(name);
  return idx ? *idx : 0;  // unknown names were reported by the checker
}

// ---------------------------------------------------------------- whole functions
const std::string* docstring(const StmtList& body) {
  if (body.empty() || body.front()->kind != StmtKind::ExprStmt) return nullptr;
  const Expr* e = cast<ExprStmt>(body.front().get())->value.get();
  return e && e->kind == ExprKind::StringLiteral ? &cast<StringLiteral>(e)->value : nullptr;
}

void FnBuilder::prologue() {
  // Every other local starts unbound (bind_locals keeps this only for the
  // locals some read may find unbound).
  if (scope.is_function())
    for (const auto& name : scope.locals) {
      bool is_param = std::find(scope.params.begin(), scope.params.end(), name) != scope.params.end();
      if (!is_param && !scope.cells.count(name)) emit(make(Op::Unbind, local_slot.at(name), kNoSlot, kNoSlot, 1));
    }
  // Cells for captured locals that are not parameters (parameters are wrapped by the entry).
  for (const auto& name : scope.locals) {
    if (!scope.cells.count(name)) continue;
    Slot s = local_slot.at(name);
    bool is_param = std::find(scope.params.begin(), scope.params.end(), name) != scope.params.end();
    if (is_param) f.cell_params.push_back(s);
    else emit(make(Op::MakeCell, s));
  }
}

void FnBuilder::finish() {
  if (!terminated()) emit(make(Op::Return));
}

static ir::ParamKind param_kind(ast::ParamKind k) {
  switch (k) {
    case ast::ParamKind::Normal: return ir::ParamKind::Positional;
    case ast::ParamKind::PositionalOnly: return ir::ParamKind::PositionalOnly;
    case ast::ParamKind::VarArgs: return ir::ParamKind::VarArgs;
    case ast::ParamKind::KeywordOnly: return ir::ParamKind::KeywordOnly;
    case ast::ParamKind::VarKeywords: return ir::ParamKind::VarKeywords;
  }
  return ir::ParamKind::Positional;
}

ir::Function build_function(ModuleBuilder& mb, const Scope& scope, const std::vector<ast::Param>& params,
                            const StmtList* body, const Expr* lambda_body, Span where) {
  FnBuilder fb(mb, scope);
  fb.f.span = where;
  fb.f.first_line = mb.line_of(where);
  fb.line = fb.f.first_line;
  fb.span = where;
  for (const auto& p : params) fb.f.params.push_back(ir::Param{p.name, p.default_ != nullptr, param_kind(p.kind)});
  if (scope.comp) fb.f.params.push_back(ir::Param{".0", false, ir::ParamKind::Positional});
  fb.prologue();
  if (scope.comp) {
    fb.comprehension_body(scope.comp);
  } else if (body) {
    fb.stmts(*body);
  } else if (lambda_body) {
    fb.span = lambda_body->span;
    Slot v = fb.expr(lambda_body);
    fb.emit(fb.make(Op::Return, kNoSlot, v));
  }
  fb.finish();
  return std::move(fb.f);
}

// A def, lambda or comprehension's function object. Defaults are evaluated
// here, in the enclosing scope: positional ones, then keyword-only ones.
Slot FnBuilder::make_function(const Scope& inner, const std::vector<ast::Param>& params, Span where,
                              const ExprList* decorators) {
  std::vector<Slot> decos;
  if (decorators)
    for (auto& d : *decorators) decos.push_back(expr(d.get()));
  std::vector<Slot> args;
  uint32_t ndefaults = 0, nkwdefaults = 0;
  for (const auto& p : params)
    if (p.default_ && p.kind != ast::ParamKind::KeywordOnly) {
      args.push_back(expr(p.default_.get()));
      ++ndefaults;
    }
  for (const auto& p : params)
    if (p.default_ && p.kind == ast::ParamKind::KeywordOnly) {
      args.push_back(expr(p.default_.get()));
      ++nkwdefaults;
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
  in.nkwdefaults = nkwdefaults;
  emit(std::move(in));
  if (const std::string* doc = inner.def ? docstring(inner.def->body) : nullptr)  // the function's __doc__
    emit(make(Op::SetAttr, kNoSlot, t, str(*doc), mb.str_constant("__doc__")));
  // Decorators apply innermost (last written) first.
  for (size_t k = decos.size(); k-- > 0;) t = call_value(decos[k], {t});
  return t;
}

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
