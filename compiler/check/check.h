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
};
const char* binding_name(Binding b);

struct Resolved {
  Binding binding = Binding::Global;
  uint32_t intrinsic = 0;  // Builtin
};

struct Scope {
  enum class Kind : uint8_t { Module, Function, Lambda } kind = Kind::Module;
  std::string name;       // "<module>", the def's name, "<lambda>"
  std::string qualified;  // "outer.<locals>.inner"
  const ast::FunctionDef* def = nullptr;
  const ast::Lambda* lambda = nullptr;
  Scope* parent = nullptr;
  std::vector<Scope*> children;

  std::vector<std::string> params;
  std::vector<std::string> locals;         // params first, then other assigned names in first-seen order
  std::unordered_set<std::string> assigned;  // every name bound here other than by an import of an intrinsic
  std::unordered_map<std::string, uint32_t> imported;  // name -> intrinsic (`from actions import f`, `import f`)
  std::unordered_set<std::string> module_aliases;      // `import actions [as a]`
  std::unordered_set<std::string> cells;   // locals captured by nested scopes
  std::vector<std::string> frees;          // free variables, in first-use order (LoadFree index)

  bool is_function() const { return kind != Kind::Module; }
  // Resolution of `name` used in this scope (after check_module has run).
  Resolved resolve(const std::string& name) const;
  int free_index(const std::string& name) const;  // -1 when not free here
};

struct CheckedModule {
  const ast::Module* ast = nullptr;
  SourceRef file;
  std::vector<std::unique_ptr<Scope>> scopes;  // scopes[0]: the module
  std::unordered_map<const void*, Scope*> by_node;  // FunctionDef* / Lambda* -> its scope

  const Scope& module_scope() const { return *scopes[0]; }
  const Scope* scope_of(const void* node) const {
    auto it = by_node.find(node);
    return it == by_node.end() ? nullptr : it->second;
  }
};

// Module names `import` accepts (their members are intrinsics): "actions".
bool is_known_module(const std::string& name);

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
