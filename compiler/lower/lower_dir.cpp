// build_ir: `dir()` without an argument (see fn_builder.h).
//
// CPython's is sorted(locals()): the names bound at that moment in the scope
// the call is written in. Lowering knows the scope's names; each that may be
// unbound is read under a handler that skips it, so a local assigned later
// (or deleted) is not listed. A class body's names are its namespace dict.
#include <set>

#include "compiler/lower/fn_builder.h"

namespace plank::lower {

using namespace plank::ast;
using ir::Instr;
using ir::kNoSlot;
using ir::Op;
using ir::Slot;

namespace {
// What CPython's __main__ module holds before its first statement.
constexpr const char* kModuleDunders[] = {"__annotations__", "__builtins__", "__cached__", "__doc__", "__file__",
                                          "__loader__",      "__name__",     "__package__", "__spec__"};
}  // namespace

Slot FnBuilder::dir_of_scope(const Call* c) {
  const check::Scope& s = naming_scope();
  Slot list = temp();
  if (s.kind == check::Scope::Kind::Class) {
    list = call_intrinsic("list", {classes.back().ns});
    call_method(list, "append", {str("__qualname__")});  // the body's name, kept out of the namespace here
    call_method(list, "sort", {});
    return list;
  }
  emit(make(Op::BuildList, list));
  std::set<std::string> always, maybe;
  if (s.kind == check::Scope::Kind::Module) {
    always.insert(std::begin(kModuleDunders), std::end(kModuleDunders));
    for (const auto& n : s.assigned) maybe.insert(n);
    for (const auto& [n, _] : s.imported) always.insert(n);
    for (const auto& n : s.module_aliases) always.insert(n);
  } else {
    maybe.insert(s.locals.begin(), s.locals.end());
    maybe.insert(s.frees.begin(), s.frees.end());
  }
  std::set<std::string> names = always;
  names.insert(maybe.begin(), maybe.end());
  for (const std::string& name : names) {
    ir::BlockId next = new_block();
    if (!always.count(name)) {
      Guarded probe = under_handler([&] { load_name(name, c->span); });
      set_block(probe.caught);  // unbound: not listed
      jump(next);
      set_block(probe.after);
    }
    call_method(list, "append", {str(name)});
    jump(next);
    set_block(next);
  }
  return list;
}

}  // namespace plank::lower
