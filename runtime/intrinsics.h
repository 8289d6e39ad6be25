// The intrinsics table: everything the runtime offers a Plank program
// (builtins such as print and len now; world actions, DEPS skills, parse and
// select in later issues), declared once. The checker reads it for name
// resolution and arity, the JIT binds `fn` as an absolute symbol, the
// interpreter calls `fn`, the REPL completes names from it, and the language
// reference in docs/ is generated from it.
#pragma once
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/thread.h"
#include "runtime/value.h"

namespace plank::core {

// A call's arguments as the caller passed them: positional values, then keyword
// values named by `kwnames` (str Values).
struct CallArgs {
  const Value* values = nullptr;
  uint32_t npos = 0;
  uint32_t nkw = 0;
  const Value* kwnames = nullptr;
  const Value& positional(uint32_t i) const { return values[i]; }
  const Value& keyword_value(uint32_t i) const { return values[npos + i]; }
};

using IntrinsicFn = bool (*)(Thread* thread, Value* result, const CallArgs& args);

struct IntrinsicParam {
  std::string_view name;
  std::string_view type;          // for docs and completion: "int", "str", "any", "dict[str,int]", ...
  std::string_view default_text;  // "" when required; e.g. "' '" for print's sep
  bool variadic = false;          // *objects
  bool keyword_only = false;
  bool var_keywords = false;      // **kwargs: takes every keyword no other parameter names (last; the intrinsic reads them)
};

struct Intrinsic {
  std::string_view name;
  std::vector<IntrinsicParam> params;
  std::string_view returns;
  uint32_t capabilities = 0;      // Capability bits the call needs; checked on every call
  std::string_view category;      // "builtin", "world", "deps", "neural", ...
  std::string_view doc;           // one paragraph, Markdown
  IntrinsicFn fn = nullptr;

  // Arity bounds derived from params (max = UINT32_MAX when variadic).
  uint32_t min_positional() const;
  uint32_t max_positional() const;
};

const std::vector<Intrinsic>& intrinsics();
std::optional<uint32_t> find_intrinsic(std::string_view name);
// Whether the intrinsic of that name is a built-in type (int, str, list, type, ...): what
// isinstance, type() and repr (<class 'int'>) treat as a class. The one list is builtins.cpp's.
bool is_type_intrinsic(std::string_view name);
// Appends an intrinsic (later issues' tables, tests); returns its index. Call
// before anything compiles against the table: indices are stable, references are not.
uint32_t add_intrinsic(Intrinsic intrinsic);

// Methods of built-in types (`s.split`, `d.items`), declared the same way.
using MethodFn = bool (*)(Thread* thread, Value* result, const Value& self, const CallArgs& args);
struct Method {
  ObjKind receiver;
  std::string_view name;
  std::vector<IntrinsicParam> params;
  std::string_view returns;
  std::string_view doc;
  MethodFn fn = nullptr;
};
// Entries never move (add_method appends to a deque): pointers to them stay valid.
const std::deque<Method>& methods();
const Method* find_method(ObjKind receiver, std::string_view name);
// Appends a method (a domain's, such as DEPS's `inventory.has`); call before anything runs.
void add_method(Method method);

// Markdown reference of every intrinsic and method (docs/intrinsics.md).
std::string reference_markdown();

}  // namespace plank::core
