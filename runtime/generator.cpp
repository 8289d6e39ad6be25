// Generators and coroutines (see generator.h).
#include "runtime/generator.h"

#include <fmt/format.h>

#include "runtime/args.h"
#include "runtime/classes.h"
#include "runtime/exceptions.h"
#include "runtime/handled_exceptions.h"
#include "runtime/heap.h"
#include "runtime/ops.h"

namespace plank::core {

Value make_generator(Thread* t, FunctionObject* f, const Value* bound) {
  const CodeInfo* code = f->code;
  RootScope roots(t);
  roots.push(Value::object(f));
  for (size_t i = 0; i < code->params.size(); ++i) roots.push(bound[i]);
  uint32_t n = std::max<uint32_t>(code->slot_count, 1);
  auto* g = t->heap->alloc<GeneratorObject>(ObjKind::Generator, n * sizeof(Value));
  g->slots = new Value[n];
  g->nslots = n;
  for (uint32_t i = 0; i < n; ++i) g->slots[i] = Value::none();
  for (size_t i = 0; i < code->params.size(); ++i) g->slots[i] = bound[i];
  g->function = f;
  g->coroutine = code->is_coroutine;
  g->async_generator = code->is_async_generator;
  if (g->async_generator) return make_async_generator(t, Value::object(g));
  return Value::object(g);
}

static const char* what(const GeneratorObject* g) {
  return g->coroutine ? "coroutine" : g->async_generator ? "async generator" : "generator";
}

Resumed generator_resume(Thread* t, GeneratorObject* g, Value sent, bool throwing, Value* out) {
  if (g->running) {
    if (throwing) t->has_error = false;
    throw_error(t, "ValueError", fmt::format("{} already executing", what(g)));
  }
  if (g->state == GeneratorObject::kFinished) {
    if (throwing) rethrow_pending();
    if (g->coroutine) throw_error(t, "RuntimeError", "cannot reuse already awaited coroutine");
    *out = Value::none();
    return Resumed::Returned;
  }
  if (g->state == 0 && throwing) {  // never started: it ends, and the exception comes straight out
    g->state = GeneratorObject::kFinished;
    rethrow_pending();
  }
  if (g->state == 0 && !sent.is_none())
    throw_error(t, "TypeError", fmt::format("can't send non-None value to a just-started {}", what(g)));
  RootScope roots(t);
  roots.push(Value::object(g));
  g->sent = sent;
  g->throwing = throwing;
  g->running = true;
  Value result = Value::none();
  const CodeInfo* code = g->function->code;
  if (!code->resume) throw_error(t, "SystemError", "generator function has no compiled resume entry");
  // Its handler bodies suspended at the last yield are being handled again.
  size_t handled_below = handled_depth(t);
  Value saved = g->handled;
  g->handled = Value::none();
  restore_handled(t, saved);
  bool ok = code->resume(t, g->function, reinterpret_cast<Value*>(g), &result);
  if (ok) {
    roots.push(result);
    g->handled = take_handled_above(t, handled_below);  // none when it returned: its bodies left them
  } else {
    take_handled_above(t, handled_below);
  }
  g->running = false;
  g->sent = Value::none();
  if (!ok) {
    g->state = GeneratorObject::kFinished;
    g->delegate = Value::none();
    if (pending_is(t, "StopIteration")) {  // PEP 479: it must not end a loop around the generator silently
      // The RuntimeError's __cause__ (and __context__) is the StopIteration, as CPython's.
      Value stop;
      if (!catch_exception(t, &stop)) rethrow_pending();
      roots.push(stop);
      Value msg = roots.push(make_str(t, fmt::format("{} raised StopIteration", what(g))));
      Value err = roots.push(make_exception(t, exception_class(t, "RuntimeError"), {msg}));
      if (ExceptionData* d = exception_data(err)) {
        d->cause = stop;
        d->context = stop;
        d->suppress_context = true;
      }
      throw_exception(t, err);
    }
    rethrow_pending();
  }
  *out = result;
  return g->state == GeneratorObject::kFinished ? Resumed::Returned : Resumed::Yielded;
}

bool generator_next(Thread* t, Value gen, Value* out) {
  return generator_resume(t, as_generator(gen), Value::none(), false, out) == Resumed::Yielded;
}

Value generator_send(Thread* t, Value gen, Value value) {
  Value out;
  if (generator_resume(t, as_generator(gen), value, false, &out) == Resumed::Yielded) return out;
  throw_stop_iteration(t, out);
}

// Sets the thread's pending error to exc (an exception instance or class).
static void set_pending(Thread* t, Value exc) {
  try {
    throw_exception(t, exc);
  } catch (const Raised&) {
  }
}

Value generator_throw(Thread* t, Value gen, Value exc) {
  RootScope roots(t);
  roots.push(gen);
  set_pending(t, exc);
  Value out;
  if (generator_resume(t, as_generator(gen), Value::none(), true, &out) == Resumed::Yielded) return out;
  throw_stop_iteration(t, out);
}

void generator_close(Thread* t, Value gen) {
  GeneratorObject* g = as_generator(gen);
  if (g->state == 0 || g->state == GeneratorObject::kFinished) {
    g->state = GeneratorObject::kFinished;
    return;
  }
  RootScope roots(t);
  roots.push(gen);
  set_pending(t, Value::object(exception_class(t, "GeneratorExit")));
  Value out;
  try {
    if (generator_resume(t, g, Value::none(), true, &out) == Resumed::Yielded)
      throw_error(t, "RuntimeError", fmt::format("{} ignored GeneratorExit", what(g)));
  } catch (const Raised&) {
    if (pending_is(t, "GeneratorExit") || pending_is(t, "StopIteration")) {
      t->has_error = false;
      t->exception = Value::none();
      return;
    }
    throw;
  }
}

// ------------------------------------------------------------------ methods: send, throw, close
namespace {

using P = IntrinsicParam;

Value g_send(Thread* t, Value self, const CallArgs& args) {
  if (args.npos != 1 || args.nkw) throw_error(t, "TypeError", fmt::format("send() takes exactly one argument ({} given)", args.npos));
  return generator_send(t, self, args.positional(0));
}

Value g_throw(Thread* t, Value self, const CallArgs& args) {
  if (args.npos < 1 || args.npos > 3 || args.nkw) throw_error(t, "TypeError", "throw expected 1 to 3 arguments");
  Value exc = args.positional(0);
  if (args.npos >= 2 && exc.is(ObjKind::Class) && !args.positional(1).is_none()) {
    Value v = args.positional(1);
    if (!exception_data(v)) exc = instantiate(t, as_class(exc), &v, 1, 0, nullptr);
    else exc = v;
  }
  return generator_throw(t, self, exc);
}

Value g_close(Thread* t, Value self, const CallArgs& args) {
  if (args.npos || args.nkw) throw_error(t, "TypeError", "close() takes no arguments");
  generator_close(t, self);
  return Value::none();
}

}  // namespace

std::vector<Method> generator_methods() {
  constexpr ObjKind G = ObjKind::Generator;
  return {
      {G, "send", {P{"value", "any"}}, "any", "Resumes the generator with value as the result of its yield.",
       &wrap_method<g_send>},
      {G, "throw", {P{"exc", "BaseException"}}, "any", "Raises exc at the generator's yield.", &wrap_method<g_throw>},
      {G, "close", {}, "None", "Raises GeneratorExit at the generator's yield; it must end.", &wrap_method<g_close>},
  };
}

}  // namespace plank::core
