// The pk_* runtime functions of the IR operations added for the Python of
// plans and agent scripts (issue 27): sets, slices, f-strings, calls with
// unpacking, del, class bodies, exceptions, imports and generators. Same
// contract as ops.cpp: each returns false after raising.
#include <fmt/format.h>

#include "runtime/args.h"
#include "runtime/classes.h"
#include "runtime/exceptions.h"
#include "runtime/format.h"
#include "runtime/generator.h"
#include "runtime/handled_exceptions.h"
#include "runtime/heap.h"
#include "runtime/module_runtime.h"
#include "runtime/modules.h"
#include "runtime/ops.h"
#include "runtime/set_object.h"

using namespace plank::core;

namespace {

}  // namespace

extern "C" {

bool pk_build_set(Thread* t, Value* dst, const Value* items, uint32_t n) {
  return guard([&] {
    RootScope roots(t);
    Value s = roots.push(make_set(t));
    for (uint32_t i = 0; i < n; ++i) set_add(t, s, load_value(&items[i]));
    *dst = s;
  });
}

bool pk_build_slice(Thread* t, Value* dst, const Value* lo, const Value* hi, const Value* step) {
  return guard([&] { *dst = make_slice(t, load_value(lo), load_value(hi), load_value(step)); });
}

bool pk_build_string(Thread* t, Value* dst, const Value* parts, uint32_t n) {
  return guard([&] {
    std::string out;
    for (uint32_t i = 0; i < n; ++i) {
      Value p = load_value(&parts[i]);
      if (p.is(ObjKind::Str)) out += str_view(p);
      else out += to_str(t, p);
    }
    *dst = make_str_from(t, std::move(out));
  });
}

bool pk_format_value(Thread* t, Value* dst, const Value* v, uint32_t conversion, const Value* spec) {
  return guard([&] {
    RootScope roots(t);
    Value x = roots.push(convert_value(t, load_value(v), conversion));
    std::string_view s = spec ? str_view(*spec) : std::string_view();
    if (s.empty() && x.is(ObjKind::Str)) {
      *dst = x;
      return;
    }
    *dst = make_str_from(t, format_value(t, x, s));
  });
}

// How CPython names a callable in a call's error: `__main__.f()`, `print()`.
static std::string callee_text(Thread* t, Value fn) {
  if (fn.is(ObjKind::Method)) fn = static_cast<MethodObject*>(fn.obj)->func;
  if (fn.is(ObjKind::Function) || fn.is(ObjKind::Class)) {
    Value module, qualname;
    if (try_get_attribute(t, fn, dunder(t, "__module__"), &module) && try_get_attribute(t, fn, dunder(t, "__qualname__"), &qualname) &&
        module.is(ObjKind::Str) && qualname.is(ObjKind::Str)) {
      std::string_view m = str_view(module);
      return (m == "builtins" ? std::string() : std::string(m) + ".") + std::string(str_view(qualname)) + "()";
    }
  }
  if (fn.is(ObjKind::Builtin)) return std::string(intrinsics()[static_cast<BuiltinObject*>(fn.obj)->index].name) + "()";
  return std::string(type_name(fn)) + " object";
}

// The keywords of f(k=v, **m, ...) from their pieces in order (dicts of named
// keywords, and the mappings after **), with CPython's errors.
static Value merge_keywords(Thread* t, Value fn, Value pieces) {
  RootScope roots(t);
  Value out = roots.push(make_dict(t));
  std::vector<Value> items = as_list(pieces)->items;
  for (Value& p : items) roots.push(p);
  for (Value piece : items) {
    Value d = piece;
    if (!d.is(ObjKind::Dict)) {
      Value keys_fn;
      if (!try_get_attribute(t, d, dunder(t, "keys"), &keys_fn))
        throw_error(t, "TypeError", fmt::format("{} argument after ** must be a mapping, not {}", callee_text(t, fn), type_name(d)));
      d = roots.push(make_dict(t));
      for (Value k : collect_iterable(t, roots.push(call_value(t, keys_fn, nullptr, 0)))) {
        roots.push(k);
        dict_set(t, d, k, roots.push(get_item_value(t, piece, k)));
      }
    }
    dict_for_each(d, [&](Value k, Value v) {
      if (!k.is(ObjKind::Str)) throw_error(t, "TypeError", "keywords must be strings");
      Value old;
      if (dict_get(t, out, k, &old))
        throw_error(t, "TypeError", fmt::format("{} got multiple values for keyword argument '{}'", callee_text(t, fn), str_view(k)));
      dict_set(t, out, k, v);
    });
  }
  return out;
}

bool pk_call_ex(Thread* t, Value* dst, const Value* callee, const Value* args, const Value* kwargs) {
  return guard([&] {
    RootScope roots(t);
    Value fn = roots.push(load_value(callee));
    Value a = roots.push(load_value(args));
    std::vector<Value> values;
    if (a.is(ObjKind::List)) values = as_list(a)->items;
    else if (a.is(ObjKind::Tuple)) values = as_tuple(a)->items;
    else values = collect_iterable(t, a);
    for (auto& v : values) roots.push(v);
    uint32_t npos = static_cast<uint32_t>(values.size());
    std::vector<Value> names;
    if (kwargs) {
      Value d = roots.push(load_value(kwargs));
      if (d.is(ObjKind::List) && !is_subclass_instance(d)) d = roots.push(merge_keywords(t, fn, d));
      if (!d.is(ObjKind::Dict))
        throw_error(t, "TypeError", fmt::format("argument after ** must be a mapping, not {}", type_name(d)));
      dict_for_each(d, [&](Value k, Value v) {
        if (!k.is(ObjKind::Str)) throw_error(t, "TypeError", "keywords must be strings");
        names.push_back(k);
        values.push_back(v);
      });
    }
    *dst = call_value(t, fn, values.data(), npos, static_cast<uint32_t>(names.size()), names.data());
  });
}

bool pk_del_attr(Thread* t, const Value* obj, const Value* name) {
  return guard([&] { del_attribute(t, load_value(obj), load_value(name)); });
}

bool pk_del_global(Thread* t, ModuleRuntime* m, uint32_t index) {
  if (m->globals_home) m = m->globals_home;
  return guard([&] {
    if (index >= m->global_set.size() || !m->global_set[index])
      throw_error(t, "NameError", fmt::format("name '{}' is not defined", index < m->global_names.size() ? m->global_names[index] : "?"));
    m->global_set[index] = 0;
    m->globals[index] = Value::none();
  });
}

void pk_del_cell(Thread*, const Value* cell) {
  auto* c = as_cell(*cell);
  c->value = Value::none();
  c->set = false;
}

bool pk_load_class_name(Thread* t, Value* dst, const Value* ns, const Value* name, ModuleRuntime* m, uint32_t global) {
  bool found = false;
  if (!guard([&] { found = dict_get(t, load_value(ns), load_value(name), dst); })) return false;
  if (found) return true;
  return pk_load_global(t, dst, m, global);
}

bool pk_build_class(Thread* t, Value* dst, const Value* name, const Value* qualname, const Value* bases, uint32_t n,
                    const Value* ns, const Value* metaclass) {
  return guard([&] {
    *dst = build_class(t, str_view(*name), str_view(*qualname), bases, n, load_value(ns),
                       metaclass ? load_value(metaclass) : Value::none());
  });
}

bool pk_catch(Thread* t, Value* dst) { return catch_exception(t, dst); }

void pk_enter_handler(Thread* t, const Value* exc) { enter_handler(t, load_value(exc)); }

void pk_leave_handler(Thread* t, uint32_t n) { leave_handlers(t, n); }

bool pk_exc_match(Thread* t, Value* dst, const Value* exc, const Value* cls) {
  return guard([&] { *dst = Value::boolean(exception_matches(t, load_value(exc), load_value(cls))); });
}

bool pk_import(Thread* t, Value* dst, const Value* name) {
  return guard([&] { *dst = import_module(t, str_view(*name)); });
}

// `from m import *` (at module level: the checker refuses it elsewhere): m's
// public names (its __all__, else those not starting with `_`) become globals
// of the running module. Only the names its code refers to have global slots;
// the others could not be read anyway.
static void import_star(Thread* t, Value module) {
  if (!module.is(ObjKind::Module)) throw_error(t, "ImportError", "import * needs a module");
  auto* mod = static_cast<ModuleObject*>(module.obj);
  Frame* f = t->top;
  ModuleRuntime* m = f && f->function && f->function->module ? f->function->module : f && f->code ? f->code->module : nullptr;
  if (!m) return;
  if (m->globals_home) m = m->globals_home;
  RootScope roots(t);
  std::vector<Value> names;
  Value all;
  if (dict_get(t, mod->dict, dunder(t, "__all__"), &all)) {
    roots.push(all);
    names = collect_iterable(t, all);
    for (Value n : names) {
      roots.push(n);
      if (!n.is(ObjKind::Str))
        throw_error(t, "TypeError", fmt::format("Item in {}.__all__ must be str, not {}", mod->name, type_name(n)));
    }
  } else {
    dict_for_each(mod->dict, [&](Value k, Value) {
      if (k.is(ObjKind::Str) && !str_view(k).starts_with("_")) names.push_back(k);
    });
  }
  for (Value n : names) {
    Value v;
    if (!dict_get(t, mod->dict, n, &v))
      throw_error(t, "AttributeError", fmt::format("module '{}' has no attribute '{}'", mod->name, str_view(n)));
    for (size_t i = 0; i < m->global_names.size(); ++i)
      if (m->global_names[i] == str_view(n)) pk_store_global(t, m, static_cast<uint32_t>(i), &v);
  }
}

bool pk_import_from(Thread* t, Value* dst, const Value* module, const Value* name) {
  return guard([&] {
    if (str_view(*name) == "*") {
      import_star(t, load_value(module));
      *dst = Value::none();
      return;
    }
    *dst = import_from(t, load_value(module), load_value(name));
  });
}

bool pk_raise_value(Thread* t, const Value* exc, const Value* cause, uint32_t mode) {
  guard([&] {
    if (mode == 2) throw_error(t, "RuntimeError", "No active exception to reraise");
    Value e = load_value(exc);
    if (mode == 1) throw_exception(t, e, true);
    if (mode == 3) {
      // Raised while `cause` (the exception being handled) was: it becomes the
      // implicit __context__, unless that is the exception itself (a bare
      // `raise`) or one was set nearer to where it was raised.
      Value handled = load_value(cause);
      ExceptionData* d = exception_data(e);
      bool same = handled.is_object() && e.is_object() && handled.obj == e.obj;
      if (d && d->context.is_none() && !same) d->context = handled;
      throw_exception(t, e, true);
    }
    RootScope roots(t);
    roots.push(e);
    if (e.is(ObjKind::Class) && is_exception_class(e)) e = roots.push(instantiate(t, as_class(e), nullptr, 0, 0, nullptr));
    if (cause) {
      Value c = roots.push(load_value(cause));
      if (c.is(ObjKind::Class) && is_exception_class(c)) c = roots.push(instantiate(t, as_class(c), nullptr, 0, 0, nullptr));
      if (!c.is_none() && !exception_data(c)) throw_error(t, "TypeError", "exception causes must derive from BaseException");
      if (ExceptionData* d = exception_data(e)) {
        d->cause = c;
        d->suppress_context = true;
      }
    }
    throw_exception(t, e);
  });
  return false;
}

bool pk_resume(Thread* t, Value* dst, void* gen, uint32_t delegating) {
  auto* g = static_cast<GeneratorObject*>(gen);
  if (g->throwing && !delegating) {
    g->throwing = false;
    return false;  // the thrown exception is the pending error: raised at the yield
  }
  *dst = g->sent;
  return true;
}

bool pk_yield_from_iter(Thread* t, Value* dst, const Value* v, uint32_t await) {
  return guard([&] {
    Value x = load_value(v);
    if (await) {
      if (x.is(ObjKind::Generator) && as_generator(x)->coroutine) {
        *dst = x;
        return;
      }
      Value r;
      Value self = x;
      if (x.is(ObjKind::Instance) && call_special(t, x, "__await__", &self, 1, &r)) {
        *dst = make_iterator(t, r);
        return;
      }
      throw_error(t, "TypeError", fmt::format("object {} can't be used in 'await' expression", type_name(x)));
    }
    if (x.is(ObjKind::Generator)) {
      if (as_generator(x)->coroutine)
        throw_error(t, "TypeError", "cannot 'yield from' a coroutine object in a non-coroutine generator");
      *dst = x;
      return;
    }
    *dst = make_iterator(t, x);
  });
}

bool pk_yield_from_step(Thread* t, Value* dst, bool* done, const Value* it, const Value* sent, void* gen) {
  auto* g = static_cast<GeneratorObject*>(gen);
  return guard([&] {
    Value sub = load_value(it);
    Value s = load_value(sent);
    g->delegate = sub;
    Value out = Value::none();
    bool yielded;
    if (g->throwing) {
      g->throwing = false;  // the thrown exception is pending: pass it on to the delegate
      if (pending_is(t, "GeneratorExit")) {
        Value exc = t->exception;
        RuntimeError err = t->error;
        t->has_error = false;
        if (sub.is(ObjKind::Generator)) generator_close(t, sub);
        else {
          Value close;
          if (try_get_attribute(t, sub, intern_str(t, "close"), &close)) call_value(t, close, nullptr, 0);
        }
        t->error = err;
        t->exception = exc;
        t->has_error = true;
        g->delegate = Value::none();
        throw Raised{};
      }
      if (sub.is(ObjKind::Generator)) {
        yielded = generator_resume(t, as_generator(sub), Value::none(), true, &out) == Resumed::Yielded;
      } else {
        Value thrower;
        Value exc;
        if (!catch_exception(t, &exc)) throw Raised{};
        RootScope roots(t);
        roots.push(exc);
        if (!try_get_attribute(t, sub, intern_str(t, "throw"), &thrower)) {
          g->delegate = Value::none();
          throw_exception(t, exc, true);
        }
        try {
          out = call_value(t, thrower, &exc, 1);
          yielded = true;
        } catch (const Raised&) {
          if (!take_stop_iteration(t, &out)) throw;
          yielded = false;
        }
      }
    } else if (sub.is(ObjKind::Generator)) {
      yielded = generator_resume(t, as_generator(sub), s, false, &out) == Resumed::Yielded;
    } else if (s.is_none() && !sub.is(ObjKind::Instance)) {
      try {
        yielded = iter_next(t, sub, &out);
      } catch (const Raised&) {
        if (!take_stop_iteration(t, &out)) throw;
        yielded = false;
      }
    } else {
      try {
        RootScope roots(t);
        // A class's iterator: __next__ (or send) ends with StopIteration, whose value is the result.
        if (s.is_none()) {
          Value next = roots.push(get_attribute(t, sub, intern_str(t, "__next__")));
          out = call_value(t, next, nullptr, 0);
        } else {
          Value send = roots.push(get_attribute(t, sub, intern_str(t, "send")));
          out = call_value(t, send, &s, 1);
        }
        yielded = true;
      } catch (const Raised&) {
        if (!take_stop_iteration(t, &out)) throw;
        yielded = false;
      }
    }
    if (!yielded) g->delegate = Value::none();
    *dst = out;
    *done = !yielded;
  });
}

}  // extern "C"
