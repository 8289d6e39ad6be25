// Python's builtin functions added with classes, generators, sets, bytes and
// big ints (issue 27): iter, next, reversed, map, filter, any, all, chr, ord,
// bin, oct, hex, divmod, pow, hash, id, callable, getattr, setattr, hasattr,
// delattr, issubclass, super, property, staticmethod, classmethod, set,
// frozenset, bytes, bytearray, slice, format, ascii, vars; and the names a
// global falls back to (builtin_value).
#include <algorithm>
#include <cmath>

#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <fmt/format.h>

#include "runtime/args.h"
#include "runtime/bigint.h"
#include "runtime/bytes.h"
#include "runtime/classes.h"
#include "runtime/exceptions.h"
#include "runtime/format.h"
#include "runtime/generator.h"
#include "runtime/heap.h"
#include "runtime/ops.h"
#include "runtime/set_object.h"
#include "runtime/value_subclass.h"
#include "support/utf8.h"

namespace plank::core {

bool instance_of(Thread* t, Value v, Value cls);  // builtins.cpp

bool builtin_value(Thread* t, std::string_view name, Value* out) {
  if (auto idx = find_intrinsic(name)) {
    *out = make_builtin(t, *idx);
    return true;
  }
  if (name == "object") {
    *out = Value::object(object_class(t));
    return true;
  }
  if (name == "NotImplemented") {
    *out = not_implemented(t);
    return true;
  }
  if (name == "Ellipsis") {
    *out = ellipsis(t);
    return true;
  }
  if (name == "__name__") {
    *out = make_str(t, "__main__");
    return true;
  }
  if (name == "__debug__") {
    *out = Value::boolean(true);
    return true;
  }
  if (name.size() > 5 && (name.ends_with("Error") || name.ends_with("Exception") || name.ends_with("Exit") ||
                          name.ends_with("Warning") || name.ends_with("Iteration") || name.ends_with("Interrupt") ||
                          name == "BudgetExceeded" || name == "Interrupted")) {
    ClassObject* c = builtin_class(t, name);
    if (!c) {
      // Only the hierarchy's names (exceptions.cpp) make a class here: any other is undefined.
      if (!is_builtin_exception(name)) return false;
      c = exception_class(t, name);
    }
    *out = Value::object(c);
    return true;
  }
  return false;
}

namespace {

using P = IntrinsicParam;

Value one(Thread* t, const CallArgs& args, const char* name) {
  if (args.npos != 1 || args.nkw)
    throw_error(t, "TypeError", fmt::format("{}() takes exactly one argument ({} given)", name, args.npos + args.nkw));
  return args.positional(0);
}

void arity(Thread* t, const CallArgs& args, const char* name, uint32_t lo, uint32_t hi) {
  if (args.nkw) throw_error(t, "TypeError", fmt::format("{}() takes no keyword arguments", name));
  if (args.npos < lo || args.npos > hi) {
    if (lo == hi) throw_error(t, "TypeError", fmt::format("{} expected {} argument{}, got {}", name, lo, lo == 1 ? "" : "s", args.npos));
    if (args.npos < lo) throw_error(t, "TypeError", fmt::format("{} expected at least {} argument{}, got {}", name, lo, lo == 1 ? "" : "s", args.npos));
    throw_error(t, "TypeError", fmt::format("{} expected at most {} argument{}, got {}", name, hi, hi == 1 ? "" : "s", args.npos));
  }
}

Value str_arg(Thread* t, Value v, const char* what) {
  if (!v.is(ObjKind::Str)) throw_error(t, "TypeError", fmt::format("{} must be string, not {}", what, type_name(v)));
  return v;
}

IteratorObject* new_iterator(Thread* t, IterKind kind) {
  auto* it = t->heap->alloc<IteratorObject>(ObjKind::Iterator);
  it->iter = kind;
  return it;
}

Value b_iter(Thread* t, const CallArgs& args) {
  arity(t, args, "iter", 1, 2);
  if (args.npos == 2) {
    RootScope roots(t);
    Value fn = roots.push(args.positional(0)), sentinel = roots.push(args.positional(1));
    auto* it = new_iterator(t, IterKind::Callable);
    it->source = fn;
    it->parts = {sentinel};
    return Value::object(it);
  }
  return make_iterator(t, args.positional(0));
}

Value b_next(Thread* t, const CallArgs& args) {
  arity(t, args, "next", 1, 2);
  Value it = args.positional(0);
  if (!it.is(ObjKind::Iterator) && !it.is(ObjKind::Generator)) {
    Value m;
    if (!find_special(t, it, "__next__", &m)) {
      if (!is_iterator_instance(it)) throw_error(t, "TypeError", fmt::format("'{}' object is not an iterator", type_name(it)));
      it = unwrap_value(it);  // class E(enumerate) without its own __next__: the enumerate's
    } else if (args.npos == 1) {
      return call_value(t, m, &it, 1);  // its own StopIteration, value included
    }
  }
  Value out;
  if (it.is(ObjKind::Generator)) {
    if (generator_resume(t, as_generator(it), Value::none(), false, &out) == Resumed::Yielded) return out;
    if (args.npos == 2) return args.positional(1);
    throw_stop_iteration(t, out);
  }
  if (iter_next(t, it, &out)) return out;
  if (args.npos == 2) return args.positional(1);
  throw_stop_iteration(t, Value::none());
}

Value b_reversed(Thread* t, const CallArgs& args) {
  Value seq = one(t, args, "reversed");
  Value r;
  Value self = seq;
  if ((seq.is(ObjKind::Instance) || seq.is(ObjKind::Class)) && call_special(t, seq, "__reversed__", &self, 1, &r)) return r;
  if (seq.is(ObjKind::Dict) || seq.is(ObjKind::DictView)) {
    RootScope roots(t);
    std::vector<Value> items = collect_iterable(t, seq);
    std::reverse(items.begin(), items.end());
    return make_iterator(t, roots.push(make_list(t, std::move(items))));
  }
  bool sequence = seq.is(ObjKind::List) || seq.is(ObjKind::Tuple) || seq.is(ObjKind::Str) || seq.is(ObjKind::Range) ||
                  is_byteslike(seq);
  Value m;
  const Value given = seq;
  if (seq.is(ObjKind::Instance) && find_special(t, seq, "__len__", &m) && find_special(t, seq, "__getitem__", &m)) {
    sequence = true;
  } else if (is_value_instance(seq)) {  // class S(str) without its own __len__/__getitem__: the str's
    seq = unwrap_value(seq);
    sequence = seq.is(ObjKind::List) || seq.is(ObjKind::Tuple) || seq.is(ObjKind::Str) || is_byteslike(seq);
  }
  if (!sequence) throw_error(t, "TypeError", fmt::format("'{}' object is not reversible", type_name(given)));
  RootScope roots(t);
  roots.push(seq);
  int64_t n = length(t, seq);
  auto* it = new_iterator(t, IterKind::Reversed);
  it->source = seq;
  it->pos = n - 1;
  return Value::object(it);
}

Value b_map(Thread* t, const CallArgs& args) {
  if (args.nkw) throw_error(t, "TypeError", "map() takes no keyword arguments");
  if (args.npos < 2) throw_error(t, "TypeError", "map() must have at least two arguments.");
  RootScope roots(t);
  std::vector<Value> parts;
  for (uint32_t i = 1; i < args.npos; ++i) parts.push_back(roots.push(make_iterator(t, args.positional(i))));
  auto* it = new_iterator(t, IterKind::Map);
  it->source = args.positional(0);
  it->parts = std::move(parts);
  return Value::object(it);
}

Value b_filter(Thread* t, const CallArgs& args) {
  arity(t, args, "filter", 2, 2);
  RootScope roots(t);
  Value inner = roots.push(make_iterator(t, args.positional(1)));
  auto* it = new_iterator(t, IterKind::Filter);
  it->source = inner;
  it->parts = {args.positional(0)};
  return Value::object(it);
}

template <bool All>
Value b_all_any(Thread* t, const CallArgs& args) {
  RootScope roots(t);
  Value it = roots.push(make_iterator(t, one(t, args, All ? "all" : "any")));
  Value item;
  while (iter_next(t, it, &item)) {
    roots.push(item);
    if (truth(t, item) != All) return Value::boolean(!All);
  }
  return Value::boolean(All);
}

Value b_chr(Thread* t, const CallArgs& args) {
  Value v = one(t, args, "chr");
  if (!is_int_value(v)) throw_error(t, "TypeError", fmt::format("'{}' object cannot be interpreted as an integer", type_name(v)));
  if (v.is(ObjKind::BigInt)) throw_error(t, "OverflowError", "Python int too large to convert to C int");
  if (v.i < 0 || v.i > 0x10ffff) throw_error(t, "ValueError", "chr() arg not in range(0x110000)");
  std::string s;
  append_utf8(s, static_cast<uint32_t>(v.i));
  return make_str(t, s);
}

Value b_ord(Thread* t, const CallArgs& args) {
  Value v = one(t, args, "ord");
  if (is_byteslike(v)) {
    const std::string& d = as_bytes(v)->data;
    if (d.size() != 1) throw_error(t, "TypeError", fmt::format("ord() expected a character, but string of length {} found", d.size()));
    return Value::integer(static_cast<unsigned char>(d[0]));
  }
  if (!v.is(ObjKind::Str)) throw_error(t, "TypeError", fmt::format("ord() expected string of length 1, but {} found", type_name(v)));
  std::string_view s = str_view(v);
  uint32_t cp = 0;
  size_t n = s.empty() ? 0 : utf8::decode(s, 0, &cp);
  if (n == 0 || n != s.size())
    throw_error(t, "TypeError", fmt::format("ord() expected a character, but string of length {} found", length(t, v)));
  return Value::integer(cp);
}

template <int Base>
Value b_base(Thread* t, const CallArgs& args) {
  const char* name = Base == 2 ? "bin" : Base == 8 ? "oct" : "hex";
  Value v = value_unless_special(t, one(t, args, name), "__index__");
  if (!is_int_value(v)) {
    Value r;
    Value self = v;
    if (!(v.is(ObjKind::Instance) && call_special(t, v, "__index__", &self, 1, &r) && is_int_value(r)))
      throw_error(t, "TypeError", fmt::format("'{}' object cannot be interpreted as an integer", type_name(v)));
    v = r;
  }
  return make_str(t, format_value(t, v, Base == 2 ? "#b" : Base == 8 ? "#o" : "#x"));
}

Value b_divmod(Thread* t, const CallArgs& args) {
  arity(t, args, "divmod", 2, 2);
  Value a = args.positional(0), b = args.positional(1);
  Value r;
  Value pair[2] = {a, b};
  if (a.is(ObjKind::Instance) && call_special(t, a, "__divmod__", pair, 2, &r) && !is_not_implemented(r)) return r;
  a = value_unless_special(t, a, "__divmod__");
  b = unwrap_value(b);
  RootScope roots(t);
  Value q, m;
  if (!pk_binary(t, &q, 4, &a, &b)) rethrow_pending();  // //
  roots.push(q);
  if (!pk_binary(t, &m, 5, &a, &b)) rethrow_pending();  // %
  roots.push(m);
  return make_tuple(t, {q, m});
}

Value b_pow(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind_args(t, "pow", {P{"base", "any"}, P{"exp", "any"}, P{"mod", "int", "None"}}, args, &b);
  Value x = b.values[0], y = b.values[1];
  if (b.present(2)) {
    Value m = b.values[2];
    if (!is_int_value(x) || !is_int_value(y) || !is_int_value(m))
      throw_error(t, "TypeError", "pow() 3rd argument not allowed unless all arguments are integers");
    return int_pow_mod(t, x, y, m);
  }
  Value out;
  if (!pk_binary(t, &out, 6, &x, &y)) rethrow_pending();
  return out;
}

Value b_hash(Thread* t, const CallArgs& args) { return Value::integer(py_hash(t, one(t, args, "hash"))); }

Value b_id(Thread* t, const CallArgs& args) {
  Value v = one(t, args, "id");
  if (v.tag == Tag::Object) return Value::integer(static_cast<int64_t>(reinterpret_cast<uintptr_t>(v.obj)));
  // Immediates have no address: a stable number per value, as small ints share one object in CPython.
  return Value::integer(static_cast<int64_t>(v.bits * 2654435761u + static_cast<uint64_t>(v.tag)));
}

Value b_callable(Thread* t, const CallArgs& args) {
  Value v = one(t, args, "callable");
  if (v.tag != Tag::Object) return Value::boolean(false);
  switch (v.obj->kind) {
    case ObjKind::Function:
    case ObjKind::Builtin:
    case ObjKind::BoundMethod:
    case ObjKind::Method:
    case ObjKind::Class: return Value::boolean(true);
    case ObjKind::Instance: {
      Value m;
      return Value::boolean(find_special(t, v, "__call__", &m));
    }
    default: return Value::boolean(false);
  }
}

Value b_getattr(Thread* t, const CallArgs& args) {
  arity(t, args, "getattr", 2, 3);
  Value name = str_arg(t, args.positional(1), "attribute name");
  if (args.npos == 2) return get_attribute(t, args.positional(0), name);
  Value out;
  try {
    if (try_get_attribute(t, args.positional(0), name, &out)) return out;
  } catch (const Raised&) {
    if (!pending_is(t, "AttributeError")) throw;
    t->has_error = false;
    t->exception = Value::none();
  }
  return args.positional(2);
}

Value b_hasattr(Thread* t, const CallArgs& args) {
  arity(t, args, "hasattr", 2, 2);
  Value name = str_arg(t, args.positional(1), "attribute name");
  Value out;
  try {
    return Value::boolean(try_get_attribute(t, args.positional(0), name, &out));
  } catch (const Raised&) {
    if (!pending_is(t, "AttributeError")) throw;
    t->has_error = false;
    t->exception = Value::none();
    return Value::boolean(false);
  }
}

Value b_setattr(Thread* t, const CallArgs& args) {
  arity(t, args, "setattr", 3, 3);
  set_attribute(t, args.positional(0), str_arg(t, args.positional(1), "attribute name"), args.positional(2));
  return Value::none();
}

Value b_delattr(Thread* t, const CallArgs& args) {
  arity(t, args, "delattr", 2, 2);
  del_attribute(t, args.positional(0), str_arg(t, args.positional(1), "attribute name"));
  return Value::none();
}

bool subclass_of(Thread* t, Value sub, Value cls) {
  if (cls.is(ObjKind::Tuple)) {
    for (Value c : tuple_items(cls))
      if (subclass_of(t, sub, c)) return true;
    return false;
  }
  if (cls.is(ObjKind::Class)) {
    if (as_class(cls) == object_class(t)) return sub.is(ObjKind::Class) || sub.is(ObjKind::Builtin);
    return sub.is(ObjKind::Class) && is_subclass(as_class(sub), as_class(cls));
  }
  if (cls.is(ObjKind::Builtin) && sub.is(ObjKind::Builtin)) {
    std::string_view a = intrinsics()[static_cast<BuiltinObject*>(sub.obj)->index].name;
    std::string_view b = intrinsics()[static_cast<BuiltinObject*>(cls.obj)->index].name;
    return a == b || (a == "bool" && b == "int");
  }
  if (cls.is(ObjKind::Builtin) && sub.is(ObjKind::Class)) {  // issubclass(Colour, str)
    ClassObject* native = builtin_type_class(t, intrinsics()[static_cast<BuiltinObject*>(cls.obj)->index].name);
    return native && is_subclass(as_class(sub), native);
  }
  if (cls.is(ObjKind::Builtin)) return false;
  throw_error(t, "TypeError", "issubclass() arg 2 must be a class, a tuple of classes, or a union");
}

Value b_issubclass(Thread* t, const CallArgs& args) {
  arity(t, args, "issubclass", 2, 2);
  Value sub = args.positional(0);
  if (!sub.is(ObjKind::Class) && !(sub.is(ObjKind::Builtin) && is_type_intrinsic(intrinsics()[static_cast<BuiltinObject*>(sub.obj)->index].name)))
    throw_error(t, "TypeError", "issubclass() arg 1 must be a class");
  return Value::boolean(subclass_of(t, sub, args.positional(1)));
}

Value b_super(Thread* t, const CallArgs& args) {
  if (args.npos == 0) throw_error(t, "RuntimeError", "super(): no arguments");
  arity(t, args, "super", 2, 2);
  return make_super(t, args.positional(0), args.positional(1));
}

Value b_property(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind_args(t, "property", {P{"fget", "callable", "None"}, P{"fset", "callable", "None"}, P{"fdel", "callable", "None"}, P{"doc", "str", "None"}},
            args, &b);
  Value w = make_wrapper(t, WrapperKind::Property, b.get(0), b.get(1), b.get(2));
  static_cast<WrapperObject*>(w.obj)->doc = b.get(3);
  return w;
}

Value b_staticmethod(Thread* t, const CallArgs& args) {
  return make_wrapper(t, WrapperKind::StaticMethod, one(t, args, "staticmethod"));
}

Value b_classmethod(Thread* t, const CallArgs& args) {
  return make_wrapper(t, WrapperKind::ClassMethod, one(t, args, "classmethod"));
}

template <bool Frozen>
Value b_set(Thread* t, const CallArgs& args) {
  arity(t, args, Frozen ? "frozenset" : "set", 0, 1);
  if (args.npos == 0) return make_set(t, Frozen);
  return set_from(t, args.positional(0), Frozen);
}

template <bool Mutable>
Value b_bytes(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind_args(t, Mutable ? "bytearray" : "bytes", {P{"source", "any", "b''"}, P{"encoding", "str", "None"}, P{"errors", "str", "None"}},
            args, &b);
  if (!b.has(0)) return make_bytes(t, "", Mutable);
  return bytes_from(t, b.values[0], b.get(1), Mutable);
}

Value b_slice(Thread* t, const CallArgs& args) {
  arity(t, args, "slice", 1, 3);
  if (args.npos == 1) return make_slice(t, Value::none(), args.positional(0), Value::none());
  return make_slice(t, args.positional(0), args.positional(1), args.npos == 3 ? args.positional(2) : Value::none());
}

Value b_format(Thread* t, const CallArgs& args) {
  arity(t, args, "format", 1, 2);
  std::string_view spec = args.npos == 2 ? str_view(str_arg(t, args.positional(1), "format_spec")) : std::string_view();
  return make_str_from(t, format_value(t, args.positional(0), spec));
}

Value b_ascii(Thread* t, const CallArgs& args) { return make_str(t, ascii_repr(t, one(t, args, "ascii"))); }

Value b_vars(Thread* t, const CallArgs& args) {
  Value v = one(t, args, "vars");
  if (v.is(ObjKind::Instance) && as_instance(v)->dict.is(ObjKind::Dict)) return as_instance(v)->dict;
  if (v.is(ObjKind::Class)) return as_class(v)->dict;
  if (v.is(ObjKind::Function)) return get_attribute(t, v, intern_str(t, "__dict__"));  // its own attributes
  throw_error(t, "TypeError", "vars() argument must have __dict__ attribute");
}

// type's own methods, for metaclasses (classes deriving from type) to call through super().
Value ty_new(Thread* t, const CallArgs& args) {
  if (args.npos != 4 || args.nkw != 0) throw_error(t, "TypeError", "type.__new__() takes exactly 3 arguments (name, bases, dict)");
  Value meta = args.positional(0), name = args.positional(1), bases = args.positional(2), ns = args.positional(3);
  bool plain_type = meta.is(ObjKind::Builtin) && type_name(meta) == "type";
  if (!plain_type && !(meta.is(ObjKind::Class) && is_metaclass(t, as_class(meta))))
    throw_error(t, "TypeError", fmt::format("type.__new__(X): X is not a subtype of type"));
  if (!name.is(ObjKind::Str) || !bases.is(ObjKind::Tuple) || !ns.is(ObjKind::Dict))
    throw_error(t, "TypeError", "type.__new__() argument types: (str, tuple, dict)");
  RootScope roots(t);
  Value copy = roots.push(dict_copy(t, ns));
  const auto& bs = tuple_items(bases);
  return new_class(t, plain_type ? nullptr : as_class(meta), str_view(name), str_view(name), bs.data(),
                   static_cast<uint32_t>(bs.size()), copy);
}

Value ty_call(Thread* t, const CallArgs& args) {
  if (args.npos < 1 || !args.positional(0).is(ObjKind::Class))
    throw_error(t, "TypeError", "descriptor '__call__' requires a 'type' object");
  return construct(t, as_class(args.positional(0)), args.values + 1, args.npos - 1, args.nkw, args.kwnames);
}

Value ty_repr(Thread* t, const CallArgs& args) {
  if (args.npos != 1 || !args.positional(0).is(ObjKind::Class))
    throw_error(t, "TypeError", "descriptor '__repr__' requires a 'type' object");
  ClassObject* c = as_class(args.positional(0));
  return make_str(t, c->module == "builtins" ? fmt::format("<class '{}'>", c->qualname)
                                             : fmt::format("<class '{}.{}'>", c->module, c->qualname));
}

// object's own methods (object.__init__ and the rest), bound to instances by classes.cpp.
Value o_init(Thread* t, const CallArgs& args) { return Value::none(); }

Value o_new(Thread* t, const CallArgs& args) {
  if (args.npos < 1 || !args.positional(0).is(ObjKind::Class)) throw_error(t, "TypeError", "object.__new__(X): X is not a type object");
  ClassObject* cls = as_class(args.positional(0));
  // A bare instance (no __init__ runs here).
  RootScope roots(t);
  Value dict = Value::none();
  if (!cls->has_slots) dict = roots.push(make_dict(t));
  auto* o = t->heap->alloc<InstanceObject>(ObjKind::Instance);
  o->cls = cls;
  o->dict = dict;
  if (!cls->slots.empty()) {
    o->slots.assign(cls->slots.size(), Value::none());
    o->slot_set.assign(cls->slots.size(), 0);
  }
  if (cls->is_exception) {
    o->exc = std::make_unique<ExceptionData>();
    o->exc->args = make_tuple(t, std::vector<Value>(&args.positional(0) + 1, &args.positional(0) + args.npos));
  }
  return Value::object(o);
}

Value o_repr(Thread* t, const CallArgs& args) { return make_str(t, default_repr(t, args.positional(0))); }
Value o_str(Thread* t, const CallArgs& args) { return make_str(t, repr(t, args.positional(0))); }

Value o_eq(Thread* t, const CallArgs& args) {
  if (args.npos != 2) throw_error(t, "TypeError", "expected 1 argument");
  Value a = args.positional(0), b = args.positional(1);
  if (a.tag == b.tag && a.bits == b.bits) return Value::boolean(true);
  return not_implemented(t);
}

Value o_ne(Thread* t, const CallArgs& args) {
  if (args.npos != 2) throw_error(t, "TypeError", "expected 1 argument");
  Value a = args.positional(0), b = args.positional(1);
  Value r;
  Value pair[2] = {a, b};
  if (call_special(t, a, "__eq__", pair, 2, &r)) {
    if (is_not_implemented(r)) return r;
    return Value::boolean(!truth(t, r));
  }
  return Value::boolean(!(a.tag == b.tag && a.bits == b.bits));
}

Value o_hash(Thread* t, const CallArgs& args) {
  return Value::integer(static_cast<int64_t>(reinterpret_cast<uintptr_t>(args.positional(0).obj) >> 4));
}

Value o_setattr(Thread* t, const CallArgs& args) {
  if (args.npos != 3) throw_error(t, "TypeError", "expected 2 arguments");
  Value self = args.positional(0), name = str_arg(t, args.positional(1), "attribute name");
  object_set_attribute(t, self, name, args.positional(2));  // data descriptors, then the instance's own
  return Value::none();
}

Value o_getattribute(Thread* t, const CallArgs& args) {
  if (args.npos != 2) throw_error(t, "TypeError", "expected 1 argument");
  return get_attribute(t, args.positional(0), str_arg(t, args.positional(1), "attribute name"));
}

Value o_delattr(Thread* t, const CallArgs& args) {
  if (args.npos != 2) throw_error(t, "TypeError", "expected 1 argument");
  object_del_attribute(t, args.positional(0), str_arg(t, args.positional(1), "attribute name"));
  return Value::none();
}

Value o_format(Thread* t, const CallArgs& args) {
  if (args.npos != 2) throw_error(t, "TypeError", "expected 1 argument");
  std::string_view spec = str_view(str_arg(t, args.positional(1), "format_spec"));
  if (!spec.empty())
    throw_error(t, "TypeError", fmt::format("unsupported format string passed to {}.__format__", type_name(args.positional(0))));
  return make_str(t, to_str(t, args.positional(0)));
}

Value o_init_subclass(Thread* t, const CallArgs& args) { return Value::none(); }

}  // namespace

std::vector<Intrinsic> python_builtin_intrinsics() {
  const char* B = "builtin";
  const char* M = "builtin-method";
  P any{"obj", "any"};
  return {
      {"iter", {P{"object", "iterable|callable"}, P{"sentinel", "any", "<none>"}}, "iterator", 0, B,
       "An iterator over the object; iter(f, sentinel) calls f until it returns sentinel.", &wrap<b_iter>},
      {"next", {P{"iterator", "iterator"}, P{"default", "any", "<none>"}}, "any", 0, B,
       "The iterator's next item; default (or StopIteration) when it is exhausted.", &wrap<b_next>},
      {"reversed", {P{"seq", "sequence"}}, "iterator", 0, B, "An iterator over the sequence backwards.", &wrap<b_reversed>},
      {"map", {P{"func", "callable"}, P{"iterables", "iterable", "", true}}, "iterator", 0, B,
       "An iterator of func applied to the items of the iterables, in step.", &wrap<b_map>},
      {"filter", {P{"function", "callable|None"}, P{"iterable", "iterable"}}, "iterator", 0, B,
       "An iterator of the items for which function (or truth, when None) holds.", &wrap<b_filter>},
      {"all", {P{"iterable", "iterable"}}, "bool", 0, B, "Whether every item is true (True when empty).", &wrap<b_all_any<true>>},
      {"any", {P{"iterable", "iterable"}}, "bool", 0, B, "Whether some item is true.", &wrap<b_all_any<false>>},
      {"chr", {P{"i", "int"}}, "str", 0, B, "The one-character string of a code point.", &wrap<b_chr>},
      {"ord", {P{"c", "str"}}, "int", 0, B, "The code point of a one-character string.", &wrap<b_ord>},
      {"bin", {P{"x", "int"}}, "str", 0, B, "'0b' and the binary digits of an int.", &wrap<b_base<2>>},
      {"oct", {P{"x", "int"}}, "str", 0, B, "'0o' and the octal digits of an int.", &wrap<b_base<8>>},
      {"hex", {P{"x", "int"}}, "str", 0, B, "'0x' and the hex digits of an int.", &wrap<b_base<16>>},
      {"divmod", {P{"a", "number"}, P{"b", "number"}}, "tuple", 0, B, "(a // b, a % b).", &wrap<b_divmod>},
      {"pow", {P{"base", "number"}, P{"exp", "number"}, P{"mod", "int", "None"}}, "number", 0, B,
       "base ** exp, modulo mod (for ints) when given.", &wrap<b_pow>},
      {"hash", {any}, "int", 0, B, "The hash of a value (CPython's for numbers and tuples).", &wrap<b_hash>},
      {"id", {any}, "int", 0, B, "A number identifying the object while it lives.", &wrap<b_id>},
      {"callable", {any}, "bool", 0, B, "Whether the value can be called.", &wrap<b_callable>},
      {"getattr", {any, P{"name", "str"}, P{"default", "any", "<none>"}}, "any", 0, B,
       "The attribute `name` of obj; default (or AttributeError) when it has none.", &wrap<b_getattr>},
      {"hasattr", {any, P{"name", "str"}}, "bool", 0, B, "Whether obj has the attribute.", &wrap<b_hasattr>},
      {"setattr", {any, P{"name", "str"}, P{"value", "any"}}, "None", 0, B, "obj.name = value.", &wrap<b_setattr>},
      {"delattr", {any, P{"name", "str"}}, "None", 0, B, "del obj.name.", &wrap<b_delattr>},
      {"issubclass", {P{"cls", "type"}, P{"classinfo", "type|tuple"}}, "bool", 0, B,
       "Whether cls is classinfo or derives from it (or from one of a tuple).", &wrap<b_issubclass>},
      {"super", {P{"type", "type", "<none>"}, P{"obj", "any", "<none>"}}, "super", 0, B,
       "The attributes of obj's class's ancestors after type; super() in a method is super(__class__, self).",
       &wrap<b_super>},
      {"property", {P{"fget", "callable", "None"}, P{"fset", "callable", "None"}, P{"fdel", "callable", "None"}, P{"doc", "str", "None"}},
       "property", 0, B, "An attribute computed by fget (set by fset, deleted by fdel); a decorator.", &wrap<b_property>},
      {"staticmethod", {P{"function", "callable"}}, "staticmethod", 0, B, "A function of a class that is not bound to an instance.",
       &wrap<b_staticmethod>},
      {"classmethod", {P{"function", "callable"}}, "classmethod", 0, B, "A function of a class bound to the class.",
       &wrap<b_classmethod>},
      {"set", {P{"iterable", "iterable", "()"}}, "set", 0, B, "A new set of the iterable's items (the set type).", &wrap<b_set<false>>},
      {"frozenset", {P{"iterable", "iterable", "()"}}, "frozenset", 0, B, "An immutable set (the frozenset type).",
       &wrap<b_set<true>>},
      {"bytes", {P{"source", "any", "b''"}, P{"encoding", "str", "None"}, P{"errors", "str", "None"}}, "bytes", 0, B,
       "Bytes from an int (zeros), an iterable of ints, a bytes-like object or a str and its encoding.", &wrap<b_bytes<false>>},
      {"bytearray", {P{"source", "any", "b''"}, P{"encoding", "str", "None"}, P{"errors", "str", "None"}}, "bytearray", 0, B,
       "A mutable sequence of bytes.", &wrap<b_bytes<true>>},
      {"slice", {P{"start", "any"}, P{"stop", "any", "None"}, P{"step", "any", "None"}}, "slice", 0, B,
       "A slice object, as a[start:stop:step] makes.", &wrap<b_slice>},
      {"format", {P{"value", "any"}, P{"format_spec", "str", "''"}}, "str", 0, B,
       "The value formatted by the format specification mini-language.", &wrap<b_format>},
      {"ascii", {any}, "str", 0, B, "repr() with non-ASCII characters escaped.", &wrap<b_ascii>},
      {"vars", {any}, "dict", 0, B, "The attributes dict of an object or class.", &wrap<b_vars>},
      {"object.__init__", {P{"self", "object"}, P{"args", "any", "", true}}, "None", 0, M, "Does nothing.", &wrap<o_init>},
      {"object.__new__", {P{"cls", "type"}, P{"args", "any", "", true}}, "object", 0, M, "A new bare instance of cls.",
       &wrap<o_new>},
      {"object.__repr__", {P{"self", "object"}}, "str", 0, M, "<module.Class object at 0x...>.", &wrap<o_repr>},
      {"object.__str__", {P{"self", "object"}}, "str", 0, M, "repr(self).", &wrap<o_str>},
      {"object.__eq__", {P{"self", "object"}, P{"other", "any"}}, "bool", 0, M, "Identity, else NotImplemented.", &wrap<o_eq>},
      {"object.__ne__", {P{"self", "object"}, P{"other", "any"}}, "bool", 0, M, "The inverse of __eq__.", &wrap<o_ne>},
      {"object.__hash__", {P{"self", "object"}}, "int", 0, M, "A hash of the object's identity.", &wrap<o_hash>},
      {"object.__setattr__", {P{"self", "object"}, P{"name", "str"}, P{"value", "any"}}, "None", 0, M,
       "Sets the attribute in the instance itself.", &wrap<o_setattr>},
      {"object.__getattribute__", {P{"self", "object"}, P{"name", "str"}}, "any", 0, M, "The attribute, looked up normally.",
       &wrap<o_getattribute>},
      {"object.__delattr__", {P{"self", "object"}, P{"name", "str"}}, "None", 0, M, "Deletes the attribute.", &wrap<o_delattr>},
      {"object.__format__", {P{"self", "object"}, P{"format_spec", "str"}}, "str", 0, M, "str(self) for an empty spec.",
       &wrap<o_format>},
      {"object.__init_subclass__", {P{"cls", "type"}}, "None", 0, M, "Does nothing.", &wrap<o_init_subclass>},
      {"type.__new__", {P{"metaclass", "type"}, P{"name", "str"}, P{"bases", "tuple"}, P{"namespace", "dict"}}, "type", 0, M,
       "A new class of the metaclass (what a metaclass's __new__ calls through super()).", &wrap<ty_new>},
      {"type.__init__", {P{"cls", "type"}, P{"args", "any", "", true}}, "None", 0, M, "Does nothing.", &wrap<o_init>},
      {"type.__call__", {P{"cls", "type"}, P{"args", "any", "", true}, P{"kwargs", "any", "", false, false, true}}, "any", 0, M,
       "A new instance of cls: its __new__, then its __init__ (what a metaclass's __call__ calls through super()).",
       &wrap<ty_call>},
      {"type.__repr__", {P{"cls", "type"}}, "str", 0, M, "<class 'module.Name'>.", &wrap<ty_repr>},
  };
}

}  // namespace plank::core
