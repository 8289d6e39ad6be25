// Internal: binding of a builtin's or method's CallArgs to its declared params.
#pragma once
#include <string_view>
#include <vector>

#include "runtime/core/intrinsics.h"
#include "runtime/core/objects.h"

namespace plank::core {

struct BoundArgs {
  std::vector<Value> values;   // one per param (variadic: unused)
  std::vector<uint8_t> given;
  std::vector<Value> rest;     // the variadic param's values
  bool has(size_t i) const { return given[i] != 0; }
  // Given and not None.
  bool present(size_t i) const { return given[i] != 0 && !values[i].is_none(); }
  Value get(size_t i, Value fallback = Value::none()) const { return given[i] ? values[i] : fallback; }
};

// Raises TypeError as CPython's builtins do for wrong arity / unknown keywords.
BoundArgs bind_args(Thread* t, std::string_view name, const std::vector<IntrinsicParam>& params, const CallArgs& args);

// An IntrinsicFn from `Value Impl(Thread*, const CallArgs&)` that raises by throwing (throw_error):
// the thrown Raised becomes the false return the table expects.
template <auto Impl>
bool wrap(Thread* t, Value* result, const CallArgs& args) {
  try {
    *result = Impl(t, args);
    return true;
  } catch (const Raised&) {
    return false;
  }
}

std::vector<Intrinsic> builtin_intrinsics();
std::vector<Method> builtin_methods();

}  // namespace plank::core
