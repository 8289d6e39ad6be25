// The checked AST: scopes and name resolution (Python's rules), builtins
// resolved through the intrinsics table, and the static errors of
// docs/compiler-design.md ("Name resolution"). compiler/lower consumes it.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "compiler/frontend/ast.h"
#include "support/diagnostics.h"

namespace plank::check {

// Where a name lives, seen from one scope.
enum class Binding : uint8_t {
  Local,    // a slot of the function's frame
  Cell,     // a local captured by a nested function: the slot holds a cell
  Free,     // a local of an enclosing function: reached through the closure's cell
  Global,   // a module-level name (LoadGlobal falls back to the builtin of that name)
  Builtin,  // an intrinsic, not shadowed anywhere in the module (statically known)
  Module,   // a name bound by `import actions`: `actions.f` is the intrinsic f
  ClassLocal,  // a name bound in a class body: an entry of the class's namespace
};
const char* binding_name(Binding b);

struct Resolved {
  Binding binding = Binding::Global;
  uint32_t intrinsic = 0;  // Builtin
};

struct Scope {
  // Function: a def; Lambda: a lambda; Class: a class body (its names are the
  // class's namespace, invisible to functions nested in it); Comprehension:
  // the hidden function of a comprehension or generator expression.
  enum class Kind : uint8_t { Module, Function, Lambda, Class, Comprehension } kind = Kind::Module;
  std::string name;       // "<module>", the def's name, "<lambda>", the class's name, "<listcomp>"...
  std::string qualified;  // "outer.<locals>.inner", "Class.method"
  const ast::FunctionDef* def = nullptr;
  const ast::Lambda* lambda = nullptr;
  const ast::ClassDef* cls = nullptr;
  const ast::Comprehension* comp = nullptr;
  Scope* parent = nullptr;
  std::vector<Scope*> children;

  std::vector<std::string> params;
  std::vector<std::string> locals;         // params first, then other assigned names in first-seen order
  std::unordered_set<std::string> assigned;  // every name bound here other than by an import of an intrinsic
  std::unordered_map<std::string, uint32_t> imported;  // name -> intrinsic (`from actions import f`, `import f`)
  std::unordered_set<std::string> module_aliases;      // `import actions [as a]`
  std::unordered_set<std::string> cells;   // locals captured by nested scopes
  std::vector<std::string> frees;          // free variables, in first-use order (LoadFree index)
  std::unordered_set<std::string> globals;    // `global x` here
  std::unordered_set<std::string> nonlocals;  // `nonlocal x` here (and walrus targets of a comprehension)
  bool is_generator = false;   // a def, lambda or generator expression whose body yields
  bool is_coroutine = false;   // an `async def`
  bool uses_class_cell = false;  // a Class whose methods call super() (or read __class__)
  // The module has `from m import *`: a name it does not bind that is a builtin
  // may be bound by the import (`from math import *` then `pow`), so it is read
  // as a global, which falls back to the builtin when the import did not bind it.
  bool star_import = false;

  bool is_function() const { return kind != Kind::Module && kind != Kind::Class; }
  // Resolution of `name` used in this scope (after check_module has run).
  Resolved resolve(const std::string& name) const;
  int free_index(const std::string& name) const;  // -1 when not free here
  // The innermost scope that is a function or the module (a class body is lowered inside it).
  const Scope* code_scope() const;
};

struct CheckedModule {
  const ast::Module* ast = nullptr;
  SourceRef file;
  std::vector<std::unique_ptr<Scope>> scopes;  // scopes[0]: the module
  std::unordered_map<const void*, Scope*> by_node;  // FunctionDef* / Lambda* / ClassDef* / Comprehension* -> its scope

  // `from __future__ import annotations`: annotations are kept as their source text.
  bool future_annotations = false;

  const Scope& module_scope() const { return *scopes[0]; }
  const Scope* scope_of(const void* node) const {
    auto it = by_node.find(node);
    return it == by_node.end() ? nullptr : it->second;
  }
};

// Whether `name: annotation` in scope s evaluates its annotation (into the
// class's __annotations__): in a class body, unless annotations are postponed.
// Plank keeps no other annotations (CPython evaluates module-level ones too).
bool evaluates_annotation(const CheckedModule& cm, const Scope* s, const ast::AnnAssign* a);

// Module names `import` accepts at compile time as an alias of the intrinsics
// (their members are intrinsics): "actions".
bool is_known_module(const std::string& name);
// Modules imported at run time (core::find_module: math, random, collections...).
bool is_runtime_module(const std::string& name);

// What earlier inputs of a REPL session bound at module level: their names
// resolve as globals (never as the builtin of the same name), and their
// imports carry over to later inputs.
struct Prelude {
  std::unordered_set<std::string> globals;
  std::unordered_map<std::string, uint32_t> imported;
  std::unordered_set<std::string> module_aliases;
};

// Builds scopes and reports static errors (and warnings) to `sink`. The AST
// must outlive the result. Errors: check sink.has_errors().
CheckedModule check_module(const ast::Module& module, DiagnosticSink& sink, const Prelude* prelude = nullptr);

// The arity message for a call of intrinsic `index` with `npos` positional
// arguments and the keyword names given, or "" when it binds
// (e.g. "len() takes exactly one argument (2 given)").
std::string intrinsic_arity_error(uint32_t index, size_t npos, const std::vector<std::string>& keywords);

}  // namespace plank::check
