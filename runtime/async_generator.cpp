// Asynchronous generators (PEP 525, issue 27): an `async def` that yields.
//
// Its frame is an ordinary generator (runtime/generator.h) in which `await`
// passes values through to whoever drives it, as in a coroutine, and `yield v`
// passes out v wrapped (lowering calls _plank.asyncgen_wrap), so the two can
// be told apart. Calling the function gives the async_generator object of
// stdlib/_asyncgen.py around that frame: its __anext__, asend, athrow and
// aclose return the awaitables CPython's genobject.c defines, written in
// Plank so that both engines run the one implementation.
#include <fmt/format.h>

#include "runtime/args.h"
#include "runtime/classes.h"
#include "runtime/exceptions.h"
#include "runtime/generator.h"
#include "runtime/heap.h"
#include "runtime/modules.h"
#include "runtime/ops.h"

namespace plank::core {

namespace {

using P = IntrinsicParam;

// The class `name` of stdlib/_asyncgen.py (imported once per heap).
Value asyncgen_class(Thread* t, const char* name) {
  RootScope roots(t);
  Value module = roots.push(import_module(t, "_asyncgen"));
  return get_attribute(t, module, intern_str(t, name));
}

Value construct(Thread* t, const char* cls, Value arg) {
  RootScope roots(t);
  roots.push(arg);
  Value c = roots.push(asyncgen_class(t, cls));
  return call_value(t, c, &arg, 1);
}

Value ag_wrap(Thread* t, const CallArgs& args) { return construct(t, "_Yielded", args.positional(0)); }

Value ag_is_stop(Thread* t, const CallArgs& args) {
  return Value::boolean(exception_matches(t, args.positional(0), Value::object(exception_class(t, "StopAsyncIteration"))));
}

// aiter(x): x.__aiter__(), which must be an asynchronous iterator.
Value b_aiter(Thread* t, const CallArgs& args) {
  Value obj = args.positional(0), it, m;
  if (!call_special(t, obj, "__aiter__", &obj, 1, &it))
    throw_error(t, "TypeError", fmt::format("'{}' object is not an async iterable", type_name(obj)));
  RootScope roots(t);
  roots.push(it);
  if (!find_special(t, it, "__anext__", &m))
    throw_error(t, "TypeError", fmt::format("aiter() returned not an async iterator of type '{}'", type_name(it)));
  return it;
}

// anext(it[, default]): the awaitable it.__anext__(); with a default, a
// coroutine (stdlib/_asyncgen.py) that gives the default for StopAsyncIteration.
Value b_anext(Thread* t, const CallArgs& args) {
  Value it = args.positional(0), awaitable;
  if (!call_special(t, it, "__anext__", &it, 1, &awaitable))
    throw_error(t, "TypeError", fmt::format("'{}' object is not an async iterator", type_name(it)));
  if (args.npos < 2) return awaitable;
  RootScope roots(t);
  roots.push(awaitable);
  Value fn = roots.push(asyncgen_class(t, "_anext_default"));
  Value call[2] = {awaitable, args.positional(1)};
  return call_value(t, fn, call, 2);
}

}  // namespace

Value make_async_generator(Thread* t, Value frame) { return construct(t, "async_generator", frame); }

std::vector<Intrinsic> async_generator_intrinsics() {
  const char* C = "_plank";
  return {
      {"_plank.asyncgen_wrap", {P{"value", "any"}}, "any", 0, C,
       "The value of an async generator's `yield`, marked so that its async_generator tells it from what an "
       "`await` in it passes through.",
       &wrap<ag_wrap>},
      {"aiter", {P{"async_iterable", "any"}}, "async iterator", 0, "builtin",
       "The asynchronous iterator of an object with `__aiter__` (what `async for` iterates).", &wrap<b_aiter>},
      {"anext", {P{"async_iterator", "any"}, P{"default", "any", "<none>"}}, "awaitable", 0, "builtin",
       "An awaitable of the asynchronous iterator's next item; with a default, it gives the default at the end "
       "instead of raising StopAsyncIteration.",
       &wrap<b_anext>},
      {"_plank.is_stop_async_iteration", {P{"exc", "BaseException"}}, "bool", 0, C,
       "Whether exc is a StopAsyncIteration (the end of an `async for`).", &wrap<ag_is_stop>},
  };
}

}  // namespace plank::core
