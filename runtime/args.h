// Internal: binding of a builtin's or method's CallArgs to its declared params.
#pragma once
#include <string_view>
#include <vector>

#include "runtime/intrinsics.h"
#include "runtime/objects.h"

namespace plank::core {

// One entry per declared parameter. Builtins and methods take a handful of
// parameters: they live inline (no allocation on the call path); a longer
// list spills to the heap.
template <class T>
class ParamArray {
 public:
  static constexpr size_t kInline = 8;
  void assign(size_t n, T fill) {
    if (n > kInline) {
      spill_.assign(n, fill);
      data_ = spill_.data();
    } else {
      for (size_t i = 0; i < n; ++i) inline_[i] = fill;
      data_ = inline_;
    }
    size_ = n;
  }
  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }
  size_t size() const { return size_; }
  ParamArray() = default;
  ParamArray(const ParamArray&) = delete;
  ParamArray& operator=(const ParamArray&) = delete;

 private:
  T inline_[kInline];
  std::vector<T> spill_;
  T* data_ = inline_;
  size_t size_ = 0;
};

struct BoundArgs {
  ParamArray<Value> values;    // one per param (variadic: unused)
  ParamArray<uint8_t> given;
  std::vector<Value> rest;     // the variadic param's values
  bool has(size_t i) const { return given[i] != 0; }
  // Given and not None.
  bool present(size_t i) const { return given[i] != 0 && !values[i].is_none(); }
  Value get(size_t i, Value fallback = Value::none()) const { return given[i] ? values[i] : fallback; }
};

// Raises TypeError as CPython's builtins do for wrong arity / unknown keywords.
// Fills *out (a caller-owned BoundArgs: it is not movable).
void bind_args(Thread* t, std::string_view name, const std::vector<IntrinsicParam>& params, const CallArgs& args,
               BoundArgs* out);

// Instances of classes deriving from int, str ... (runtime/value_subclass.h)
// given where a builtin or method declares a parameter of that type: the
// function gets the instance's value (chr(Flags(65)), 'abc'.startswith(Colour('a'))).
// Checked here, in the functions both engines call (the JIT calls them directly).
inline bool any_instance(const CallArgs& args) {
  for (uint32_t i = 0; i < args.npos + args.nkw; ++i)
    if (args.values[i].tag == Tag::Object && args.values[i].obj->kind == ObjKind::Instance) return true;
  return false;
}
// The declared parameters of the intrinsic (method) whose function is fn; null when none is.
const std::vector<IntrinsicParam>* intrinsic_params_of(IntrinsicFn fn);
const std::vector<IntrinsicParam>* method_params_of(MethodFn fn);
// args with those instances unwrapped into *storage (value_subclass.cpp); false when none was.
bool unwrap_value_call_args(const std::vector<IntrinsicParam>* params, bool method, const CallArgs& args,
                            std::vector<Value>* storage, CallArgs* out);

// An IntrinsicFn from `Value Impl(Thread*, const CallArgs&)` that raises by throwing (throw_error):
// the thrown Raised becomes the false return the table expects.
template <auto Impl>
bool wrap(Thread* t, Value* result, const CallArgs& args) {
  try {
    if (any_instance(args)) [[unlikely]] {
      static const std::vector<IntrinsicParam>* params = intrinsic_params_of(&wrap<Impl>);
      std::vector<Value> storage;
      CallArgs unwrapped;
      if (unwrap_value_call_args(params, false, args, &storage, &unwrapped)) {
        *result = Impl(t, unwrapped);
        return true;
      }
    }
    *result = Impl(t, args);
    return true;
  } catch (const Raised&) {
    return false;
  }
}

// The same for a method, `Value Impl(Thread*, const Value& self, const CallArgs&)`.
template <auto Impl>
bool wrap_method(Thread* t, Value* result, const Value& self, const CallArgs& args) {
  try {
    if (any_instance(args)) [[unlikely]] {
      static const std::vector<IntrinsicParam>* params = method_params_of(&wrap_method<Impl>);
      std::vector<Value> storage;
      CallArgs unwrapped;
      if (unwrap_value_call_args(params, true, args, &storage, &unwrapped)) {
        *result = Impl(t, self, unwrapped);
        return true;
      }
    }
    *result = Impl(t, self, args);
    return true;
  } catch (const Raised&) {
    return false;
  }
}

// Runs `f`; false when it raised (throw_error), the error left set for the caller: the runtime
// functions compiled code calls (pk_*) report errors by their return value.
template <class F>
bool guard(F&& f) {
  try {
    f();
    return true;
  } catch (const Raised&) {
    return false;
  }
}

std::vector<Intrinsic> builtin_intrinsics();
std::vector<Method> builtin_methods();
// The tables of issue 27, joined to the builtin ones by intrinsics.cpp.
std::vector<Intrinsic> python_builtin_intrinsics();  // builtins_python.cpp
std::vector<Intrinsic> exception_intrinsics();       // exceptions.cpp
std::vector<Intrinsic> type_function_intrinsics();   // methods_python.cpp
std::vector<Intrinsic> module_intrinsics();          // the modules' functions (module_*.cpp)
std::vector<Intrinsic> value_type_intrinsics();      // value_subclass.cpp: int.__new__, str.__new__, ...
std::vector<Intrinsic> dir_intrinsics();             // builtin_dir.cpp
std::vector<Method> python_methods();                // methods_python.cpp
std::vector<Method> set_methods();                   // set_object.cpp
std::vector<Method> bytes_methods();                 // bytes.cpp
std::vector<Method> generator_methods();             // generator.cpp

}  // namespace plank::core
