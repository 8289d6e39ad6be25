// Classes, instances and attribute lookup (see classes.h).
#include "runtime/classes.h"

#include <algorithm>
#include <unordered_map>

#include <fmt/format.h>

#include "runtime/descriptor.h"
#include "runtime/exceptions.h"
#include "runtime/generator.h"
#include "runtime/heap.h"
#include "runtime/intrinsics.h"
#include "runtime/modules.h"
#include "runtime/value_subclass.h"

namespace plank::core {

const Method* find_method(ObjKind receiver, std::string_view name);

// ------------------------------------------------------------------ permanent objects of a heap
Value dunder(Thread* t, const char* name) {
  // One interned str per name and heap: special-method lookups hash and compare nothing new.
  // Keyed by the heap's serial, not its address: a thread that runs one heap
  // after another (an embedding host, a test batch) often gets the same
  // address back, and a stale entry would point into the freed heap.
  struct Entry {
    uint64_t heap_serial = 0;
    Object* str = nullptr;
  };
  static thread_local std::unordered_map<const char*, Entry> cache;
  Entry& e = cache[name];
  if (e.heap_serial != t->heap->serial() || !e.str) e = Entry{t->heap->serial(), intern_str(t, name).obj};
  return Value::object(e.str);
}

static Object* named(Thread* t, const std::string& key) {
  auto& m = t->heap->named();
  auto it = m.find(key);
  return it == m.end() ? nullptr : it->second;
}

static Value singleton(Thread* t, const char* key, const char* name) {
  if (Object* o = named(t, key)) return Value::object(o);
  auto* s = t->heap->alloc<SingletonObject>(ObjKind::Singleton);
  s->name = name;
  t->heap->named()[key] = s;
  return Value::object(s);
}

Value not_implemented(Thread* t) { return singleton(t, "singleton:NotImplemented", "NotImplemented"); }
Value ellipsis(Thread* t) { return singleton(t, "singleton:Ellipsis", "Ellipsis"); }
bool is_not_implemented(Value v) {
  return v.is(ObjKind::Singleton) && std::string_view(static_cast<SingletonObject*>(v.obj)->name) == "NotImplemented";
}

ClassObject* new_builtin_class(Thread* t, std::string name, ClassObject* base, std::string module) {
  RootScope roots(t);
  Value dict = roots.push(make_dict(t));
  auto* c = t->heap->alloc<ClassObject>(ObjKind::Class);
  c->name = name;
  c->qualname = name;
  c->module = std::move(module);
  c->dict = dict;
  c->base = base;
  if (base) c->bases.push_back(base);
  c->builtin = true;
  c->mro.push_back(c);
  if (base) {
    c->mro.insert(c->mro.end(), base->mro.begin(), base->mro.end());
    c->is_exception = base->is_exception;
  }
  t->heap->named()["class:" + c->module + "." + name] = c;
  return c;
}

// A method of a builtin class: the intrinsic "<class>.<name>" (bound like a function).
static void add_builtin_method(Thread* t, ClassObject* c, const char* name) {
  std::string full = c->name + "." + name;
  auto idx = find_intrinsic(full);
  if (!idx) return;
  RootScope roots(t);
  Value key = roots.push(intern_str(t, name));
  dict_set(t, c->dict, key, make_builtin(t, *idx));
}

ClassObject* object_class(Thread* t) {
  if (Object* o = named(t, "class:builtins.object")) return static_cast<ClassObject*>(o);
  ClassObject* c = new_builtin_class(t, "object", nullptr);
  for (const char* m : {"__init__", "__new__", "__repr__", "__str__", "__eq__", "__ne__", "__hash__", "__setattr__",
                        "__getattribute__", "__delattr__", "__format__", "__init_subclass__"})
    add_builtin_method(t, c, m);
  return c;
}

ClassObject* builtin_type_class(Thread* t, std::string_view name) {
  if (is_value_type(name)) return value_type_class(t, name);
  if (name != "list" && name != "dict" && name != "type") return nullptr;
  std::string key = "class:builtins." + std::string(name);
  if (Object* o = named(t, key)) return static_cast<ClassObject*>(o);
  ClassObject* c = new_builtin_class(t, std::string(name), object_class(t));
  if (name == "type") {  // the base of metaclasses; its instances are classes
    for (const char* m : {"__new__", "__init__", "__call__", "__repr__"}) add_builtin_method(t, c, m);
    return c;
  }
  c->native = name == "list" ? ObjKind::List : ObjKind::Dict;
  add_builtin_method(t, c, "__init__");
  return c;
}

ClassObject* subclass_cls(Value v) {
  return v.obj->kind == ObjKind::List ? static_cast<ListSubObject*>(v.obj)->cls : static_cast<DictSubObject*>(v.obj)->cls;
}

Value& subclass_dict(Value v) {
  return v.obj->kind == ObjKind::List ? static_cast<ListSubObject*>(v.obj)->dict : static_cast<DictSubObject*>(v.obj)->dict;
}

ClassObject* builtin_class(Thread* t, std::string_view name) {
  if (name == "object") return object_class(t);
  if (Object* o = named(t, "class:builtins." + std::string(name))) return static_cast<ClassObject*>(o);
  return nullptr;  // exceptions.cpp makes the exception classes (exception_class)
}

// ------------------------------------------------------------------ small objects
Value make_method(Thread* t, Value func, Value self) {
  RootScope roots(t);
  roots.push(func);
  roots.push(self);
  auto* m = t->heap->alloc<MethodObject>(ObjKind::Method);
  m->func = func;
  m->self = self;
  return Value::object(m);
}

ClassObject* class_of(Value v) {
  if (v.is(ObjKind::Instance)) return as_instance(v)->cls;
  if (is_subclass_instance(v)) return subclass_cls(v);
  return nullptr;
}

bool is_subclass(const ClassObject* sub, const ClassObject* cls) {
  if (!sub || !cls) return false;
  return std::find(sub->mro.begin(), sub->mro.end(), cls) != sub->mro.end();
}

Value make_super(Thread* t, Value cls, Value obj) {
  if (!cls.is(ObjKind::Class)) throw_error(t, "TypeError", fmt::format("super() argument 1 must be a type, not {}", type_name(cls)));
  ClassObject* start = obj.is(ObjKind::Class) ? as_class(obj) : class_of(obj);
  bool of_metaclass = false;
  if (obj.is(ObjKind::Class) && !is_subclass(start, as_class(cls)) && as_class(obj)->metaclass &&
      is_subclass(as_class(obj)->metaclass, as_class(cls))) {  // super() in a metaclass's method
    start = as_class(obj)->metaclass;
    of_metaclass = true;
  }
  if (!start || !is_subclass(start, as_class(cls)))
    throw_error(t, "TypeError", "super(type, obj): obj must be an instance or subtype of type");
  RootScope roots(t);
  roots.push(cls);
  roots.push(obj);
  auto* s = t->heap->alloc<SuperObject>(ObjKind::Super);
  s->after = as_class(cls);
  s->obj = obj;
  s->start = start;
  s->of_metaclass = of_metaclass;
  return Value::object(s);
}

Value make_wrapper(Thread* t, WrapperKind kind, Value fget, Value fset, Value fdel) {
  RootScope roots(t);
  roots.push(fget);
  roots.push(fset);
  roots.push(fdel);
  auto* w = t->heap->alloc<WrapperObject>(ObjKind::Wrapper);
  w->wrap = kind;
  w->fget = fget;
  w->fset = fset;
  w->fdel = fdel;
  return Value::object(w);
}

Value make_slice(Thread* t, Value start, Value stop, Value step) {
  RootScope roots(t);
  roots.push(start);
  roots.push(stop);
  roots.push(step);
  auto* s = t->heap->alloc<SliceObject>(ObjKind::Slice);
  s->start = start;
  s->stop = stop;
  s->step = step;
  return Value::object(s);
}

// ------------------------------------------------------------------ classes
bool class_lookup(Thread* t, const ClassObject* cls, Value name, Value* out) {
  for (const ClassObject* c : cls->mro)
    if (dict_get(t, c->dict, name, out)) return true;
  return false;
}

static bool ns_has(Thread* t, Value ns, const char* name) {
  Value dummy;
  return dict_get(t, ns, dunder(t, name), &dummy);
}

bool is_metaclass(Thread* t, const ClassObject* c) {
  Object* type = named(t, "class:builtins.type");
  return type && is_subclass(c, static_cast<const ClassObject*>(type));
}

static bool is_builtin_method(Value v);

// A metaclass's own method `name` (never type's builtin one); false when it has none.
static bool metaclass_method(Thread* t, ClassObject* meta, const char* name, Value* out) {
  return class_lookup(t, meta, dunder(t, name), out) && !is_builtin_method(*out);
}

Value build_class(Thread* t, std::string_view name, std::string_view qualname, const Value* bases, uint32_t nbases,
                  Value ns, Value metaclass) {
  RootScope roots(t);
  roots.push(ns);
  roots.push(metaclass);
  // The metaclass: the one given, else the base's; the most derived of the two.
  ClassObject* meta = nullptr;
  if (metaclass.is(ObjKind::Class) && is_metaclass(t, as_class(metaclass))) {
    meta = as_class(metaclass);
  } else if (!metaclass.is_none() && !(metaclass.is(ObjKind::Builtin) && type_name(metaclass) == "type")) {
    // Any other callable makes the class: metaclass(name, bases, ns).
    Value args[3] = {roots.push(make_str(t, name)), roots.push(make_tuple(t, std::vector<Value>(bases, bases + nbases))), ns};
    return call_value(t, metaclass, args, 3);
  }
  for (uint32_t i = 0; i < nbases; ++i) {
    if (!bases[i].is(ObjKind::Class) || !as_class(bases[i])->metaclass) continue;
    ClassObject* inherited = as_class(bases[i])->metaclass;
    if (!meta || is_subclass(inherited, meta)) meta = inherited;
    else if (!is_subclass(meta, inherited))
      throw_error(t, "TypeError",
                  "metaclass conflict: the metaclass of a derived class must be a (non-strict) subclass of the "
                  "metaclasses of all its bases");
  }
  if (!meta) return new_class(t, nullptr, name, qualname, bases, nbases, ns);
  // meta(name, bases, ns): its __new__ (type's makes the class), then its __init__.
  dict_set(t, ns, dunder(t, "__qualname__"), make_str(t, qualname));
  Value meta_value = roots.push(Value::object(meta));
  Value args[4] = {meta_value, roots.push(make_str(t, name)),
                   roots.push(make_tuple(t, std::vector<Value>(bases, bases + nbases))), ns};
  Value fn, cls;
  if (metaclass_method(t, meta, "__new__", &fn)) {
    if (fn.is(ObjKind::Wrapper)) fn = static_cast<WrapperObject*>(fn.obj)->fget;
    cls = roots.push(call_value(t, fn, args, 4));
  } else {
    cls = roots.push(new_class(t, meta, name, qualname, bases, nbases, ns));
  }
  if (cls.is(ObjKind::Class) && is_subclass(as_class(cls)->metaclass, meta) && metaclass_method(t, meta, "__init__", &fn)) {
    args[0] = cls;
    call_value(t, fn, args, 4);
  }
  return cls;
}

Value new_class(Thread* t, ClassObject* meta, std::string_view name, std::string_view qualname_given, const Value* bases,
                uint32_t nbases, Value ns) {
  RootScope roots(t);
  roots.push(ns);
  std::string qualname(qualname_given);
  Value q;
  if (dict_get(t, ns, dunder(t, "__qualname__"), &q) && q.is(ObjKind::Str)) {
    qualname = std::string(str_view(q));
    dict_del(t, ns, dunder(t, "__qualname__"));
  }
  std::vector<ClassObject*> base_classes;
  for (uint32_t i = 0; i < nbases; ++i) {
    Value b = bases[i];
    if (b.is(ObjKind::Builtin)) {
      std::string_view type = intrinsics()[static_cast<BuiltinObject*>(b.obj)->index].name;
      ClassObject* native = builtin_type_class(t, type);
      if (!native && (type == "bool" || type == "range" || type == "slice"))
        throw_error(t, "TypeError", fmt::format("type '{}' is not an acceptable base type", type));
      if (!native)
        throw_error(t, "TypeError", fmt::format("not supported yet: subclassing the built-in type '{}'", type));
      b = Value::object(native);
    }
    if (!b.is(ObjKind::Class)) {
      throw_error(t, "TypeError", fmt::format("bases must be types, not {}", type_name(b)));
    }
    base_classes.push_back(as_class(b));
  }
  if (base_classes.empty()) base_classes.push_back(object_class(t));
  ClassObject* base = layout_base(t, base_classes);
  // A class that defines __eq__ without __hash__ is unhashable, as in Python.
  if (ns_has(t, ns, "__eq__") && !ns_has(t, ns, "__hash__")) dict_set(t, ns, dunder(t, "__hash__"), Value::none());
  if (!ns_has(t, ns, "__module__")) dict_set(t, ns, dunder(t, "__module__"), make_str(t, "__main__"));
  // __init_subclass__ and __class_getitem__ are implicitly class methods.
  auto* c = t->heap->alloc<ClassObject>(ObjKind::Class);
  c->name = std::string(name);
  c->qualname = qualname;
  c->module = "__main__";
  Value module_name;
  if (dict_get(t, ns, dunder(t, "__module__"), &module_name) && module_name.is(ObjKind::Str))
    c->module = std::string(str_view(module_name));
  c->dict = ns;
  c->base = base;
  c->bases = base_classes;
  c->metaclass = meta;
  c->mro = c3_mro(t, c, base_classes);
  c->is_exception = base->is_exception;
  c->native = base->native;
  c->value_type = base->value_type;
  c->slots = base->slots;
  // Instances have no __dict__ only when this class and every ancestor (object aside) declare __slots__.
  c->has_slots = false;
  Value slots;
  if (dict_get(t, ns, dunder(t, "__slots__"), &slots)) {
    std::vector<Value> names;
    if (slots.is(ObjKind::Str)) names.push_back(slots);
    else names = collect_iterable(t, slots);
    bool wants_dict = false;
    for (Value n : names) {
      if (!n.is(ObjKind::Str)) throw_error(t, "TypeError", fmt::format("__slots__ items must be strings, not '{}'", type_name(n)));
      std::string s(str_view(n));
      if (s == "__dict__") {
        wants_dict = true;
        continue;
      }
      if (std::find(c->slots.begin(), c->slots.end(), s) == c->slots.end()) c->slots.push_back(s);
    }
    c->has_slots = !wants_dict;
    for (ClassObject* b : base_classes) c->has_slots = c->has_slots && (b == object_class(t) || b->has_slots);
  }
  Value cls = Value::object(c);
  roots.push(cls);
  // __init_subclass__ of the base (a user class method, implicitly a classmethod).
  set_names(t, cls);  // __set_name__ of the attributes that define it, as CPython's type_new_set_names
  Value hook;
  // Looked up after the class itself along its order (super().__init_subclass__).
  bool found = false;
  for (size_t k = 1; k < c->mro.size() && !found; ++k) found = dict_get(t, c->mro[k]->dict, dunder(t, "__init_subclass__"), &hook);
  if (found && hook.is(ObjKind::Function)) call_value(t, hook, &cls, 1);
  return cls;
}

Value new_instance(Thread* t, ClassObject* cls) {
  RootScope roots(t);
  if (cls->native == ObjKind::List || cls->native == ObjKind::Dict) {  // a list (dict) of this class
    Value dict = roots.push(make_dict(t));
    Object* o;
    if (cls->native == ObjKind::List) {
      auto* l = t->heap->alloc<ListSubObject>(ObjKind::List);
      l->cls = cls;
      l->dict = dict;
      o = l;
    } else {
      auto* d = t->heap->alloc<DictSubObject>(ObjKind::Dict);
      d->cls = cls;
      d->dict = dict;
      o = d;
    }
    o->flags |= kSubclassInstance;
    return Value::object(o);
  }
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
    o->exc->args = make_tuple(t);
  }
  return Value::object(o);
}

// A builtin method the runtime put in a class (object.__init__ and the like).
static bool is_builtin_method(Value v) {
  if (!v.is(ObjKind::Builtin)) return false;
  return intrinsics()[static_cast<BuiltinObject*>(v.obj)->index].name.find('.') != std::string_view::npos;
}

Value instantiate(Thread* t, ClassObject* cls, const Value* args, uint32_t npos, uint32_t nkw, const Value* kwnames) {
  RootScope roots(t);
  Value cls_value = roots.push(Value::object(cls));
  if (cls->metaclass) {  // a metaclass's own __call__ (else type's: what follows)
    Value call;
    if (metaclass_method(t, cls->metaclass, "__call__", &call)) {
      std::vector<Value> full{cls_value};
      full.insert(full.end(), args, args + npos + nkw);
      for (auto& v : full) roots.push(v);
      return call_value(t, call, full.data(), npos + 1, nkw, kwnames);
    }
  }
  return construct(t, cls, args, npos, nkw, kwnames);
}

Value construct(Thread* t, ClassObject* cls, const Value* args, uint32_t npos, uint32_t nkw, const Value* kwnames) {
  if (cls->is_exception && cls->builtin) cls = os_error_class_for(t, cls, args, npos);  // OSError(2, ...)
  RootScope roots(t);
  Value cls_value = roots.push(Value::object(cls));
  if (is_metaclass(t, cls)) {  // Meta(name, bases, ns): a new class
    if (npos != 3 || nkw != 0 || !args[0].is(ObjKind::Str) || !args[1].is(ObjKind::Tuple) || !args[2].is(ObjKind::Dict))
      throw_error(t, "TypeError", "type.__new__() takes exactly 3 arguments (name, bases, dict)");
    const auto& bases = tuple_items(args[1]);
    Value ns = roots.push(dict_copy(t, args[2]));
    return build_class(t, str_view(args[0]), str_view(args[0]), bases.data(), static_cast<uint32_t>(bases.size()), ns,
                       cls_value);
  }
  Value obj;
  Value new_fn;
  if (class_lookup(t, cls, dunder(t, "__new__"), &new_fn) && !is_builtin_method(new_fn)) {
    // A user __new__ (a static method): __new__(cls, *args).
    if (new_fn.is(ObjKind::Wrapper)) new_fn = static_cast<WrapperObject*>(new_fn.obj)->fget;
    std::vector<Value> full{cls_value};
    full.insert(full.end(), args, args + npos + nkw);
    for (auto& v : full) roots.push(v);
    obj = roots.push(call_value(t, new_fn, full.data(), npos + 1, nkw, kwnames));
    if (!obj.is(ObjKind::Instance) || !is_subclass(as_instance(obj)->cls, cls)) return obj;
  } else if (!cls->value_type.empty()) {  // the type's __new__: Colour('red') holds str('red')
    obj = roots.push(new_value_instance(t, cls, args, npos, nkw, kwnames));
    if (!obj.is(ObjKind::Instance)) return obj;  // reversed(a_list): the list's reverse iterator
  } else {
    obj = roots.push(new_instance(t, cls));
    if (cls->is_exception) as_instance(obj)->exc->args = make_tuple(t, std::vector<Value>(args, args + npos));
  }
  Value init;
  if (class_lookup(t, cls, dunder(t, "__init__"), &init)) {
    if (is_builtin_method(init) && std::string_view(intrinsics()[static_cast<BuiltinObject*>(init.obj)->index].name) ==
                                       "object.__init__") {
      if ((npos || nkw) && !(new_fn.tag == Tag::Object && !is_builtin_method(new_fn)) && cls->value_type.empty())
        throw_error(t, "TypeError", fmt::format("{}() takes no arguments", cls->name));
      return obj;
    }
    if (cls->is_exception && is_builtin_method(init)) return obj;  // BaseException.__init__: args already set
    std::vector<Value> full{obj};
    full.insert(full.end(), args, args + npos + nkw);
    for (auto& v : full) roots.push(v);
    Value r = call_value(t, init, full.data(), npos + 1, nkw, kwnames);
    if (!r.is_none()) throw_error(t, "TypeError", fmt::format("__init__() should return None, not '{}'", type_name(r)));
  }
  return obj;
}

// ------------------------------------------------------------------ attributes
// A class attribute as obj's: functions are bound, class methods bound to the class, static methods unwrapped,
// a descriptor's __get__(obj, cls) called (runtime/descriptor.h). bits: descriptor_bits(attr) when known, else -1.
static Value bind(Thread* t, Value attr, Value obj, ClassObject* cls, int bits = -1) {
  if (attr.is(ObjKind::Function) || is_builtin_method(attr)) return make_method(t, attr, obj);
  if (bits < 0) bits = descriptor_bits(t, attr);
  if (bits & kDescGet) return descriptor_get(t, attr, obj, Value::object(cls));
  Value d = descriptor_of(attr);  // an instance of a class deriving from property: its property
  if (d.is(ObjKind::Wrapper)) return wrapper_get(t, attr, obj, Value::object(cls));
  return attr;
}

static bool is_property(Value v) {
  v = descriptor_of(v);
  return v.is(ObjKind::Wrapper) && static_cast<WrapperObject*>(v.obj)->wrap == WrapperKind::Property;
}

static int slot_index(const ClassObject* cls, std::string_view name) {
  for (size_t i = 0; i < cls->slots.size(); ++i)
    if (cls->slots[i] == name) return static_cast<int>(i);
  return -1;
}

static bool exception_attribute(Thread* t, InstanceObject* o, std::string_view n, Value* out) {
  if (!o->exc) return false;
  if (n == "args") *out = o->exc->args;
  else if (n == "__cause__") *out = o->exc->cause;
  else if (n == "__context__") *out = o->exc->context;
  else if (n == "__suppress_context__") *out = Value::boolean(o->exc->suppress_context);
  else if (n == "__traceback__") *out = traceback_object(t, Value::object(o));
  else if ((n == "errno" || n == "strerror" || n == "filename") && is_subclass(o->cls, exception_class(t, "OSError"))) {
    // OSError(errno, strerror[, filename]): with fewer than two arguments all are None.
    const auto& a = tuple_items(o->exc->args);
    size_t i = n == "errno" ? 0 : n == "strerror" ? 1 : 2;
    *out = a.size() >= 2 && a.size() <= 5 && i < a.size() ? a[i] : Value::none();
  } else if (n == "value" && is_subclass(o->cls, exception_class(t, "StopIteration"))) {
    const auto& a = tuple_items(o->exc->args);
    *out = a.empty() ? Value::none() : a[0];
  } else {
    return false;
  }
  return true;
}

// Whether the lookup of `name` along cls's mro reaches the built-in value type's
// class (int, str, ...) before any class defines it.
static bool reaches_value_type(Thread* t, const ClassObject* cls, Value name) {
  for (const ClassObject* c : cls->mro) {
    Value found;
    if (dict_get(t, c->dict, name, &found)) return false;
    if (c->builtin && !c->value_type.empty()) return true;
  }
  return false;
}

// object.__getattribute__ of an instance (without the class's __getattr__).
static bool instance_own_attribute(Thread* t, Value obj, Value name, Value* out) {
  auto* o = as_instance(obj);
  ClassObject* cls = o->cls;
  Value cattr;
  bool has = class_lookup(t, cls, name, &cattr);
  int bits = 0;  // a plain function: no descriptor lookup
  if (has && !cattr.is(ObjKind::Function)) {
    bits = descriptor_bits(t, cattr);
    // A data descriptor (a property) wins over the instance's own attribute.
    if (is_property(cattr) || ((bits & kDescGet) && is_data_descriptor(static_cast<uint8_t>(bits)))) {
      *out = bind(t, cattr, obj, cls, bits);
      return true;
    }
  }
  if (o->dict.is(ObjKind::Dict) && dict_get(t, o->dict, name, out)) return true;
  std::string_view n = str_view(name);
  // The built-in type's methods come before object's along the mro (Colour('a').__eq__ is str's).
  if (!cls->value_type.empty() && reaches_value_type(t, cls, name) && value_attribute(t, obj, n, out)) return true;
  if (!o->slots.empty()) {
    int i = slot_index(cls, n);
    if (i >= 0) {
      if (!o->slot_set[i]) throw_error(t, "AttributeError", fmt::format("'{}' object has no attribute '{}'", cls->name, n));
      *out = o->slots[i];
      return true;
    }
  }
  if (has) {
    *out = bind(t, cattr, obj, cls, bits);
    return true;
  }
  if (exception_attribute(t, o, n, out)) return true;
  if (n == "__class__") {
    *out = Value::object(cls);
    return true;
  }
  if (n == "__dict__" && o->dict.is(ObjKind::Dict)) {
    *out = o->dict;
    return true;
  }
  return value_attribute(t, obj, n, out);  // the built-in type's (class Colour(str): .upper())
}

// Then the class's __getattr__, also when the lookup raised AttributeError (a
// property's, a descriptor's __get__), as CPython's slot_tp_getattr_hook.
static bool instance_attribute(Thread* t, Value obj, Value name, Value* out) {
  try {
    if (instance_own_attribute(t, obj, name, out)) return true;
  } catch (const Raised&) {
    Value getattr;
    if (!pending_is(t, "AttributeError") || !class_lookup(t, as_instance(obj)->cls, dunder(t, "__getattr__"), &getattr))
      throw;
    t->has_error = false;
    t->exception = Value::none();
  }
  Value getattr;
  if (class_lookup(t, as_instance(obj)->cls, dunder(t, "__getattr__"), &getattr)) {
    Value args[2] = {obj, name};
    *out = call_value(t, getattr, args, 2);
    return true;
  }
  return false;
}

static bool class_attribute(Thread* t, Value obj, Value name, Value* out) {
  ClassObject* c = as_class(obj);
  Value attr;
  if (!c->builtin && str_view(name) == "__annotations__") {
    // A class's own annotations, never its base's; made empty on first use (as CPython 3.10+).
    if (!dict_get(t, c->dict, name, out)) {
      RootScope roots(t);
      roots.push(obj);
      *out = roots.push(make_dict(t));
      dict_set(t, c->dict, name, *out);
    }
    return true;
  }
  if (class_lookup(t, c, name, &attr)) {
    if (!attr.is(ObjKind::Function) && (descriptor_bits(t, attr) & kDescGet)) {  // a descriptor: __get__(None, cls)
      *out = descriptor_get(t, attr, Value::none(), obj);
      return true;
    }
    if (Value d = descriptor_of(attr); d.is(ObjKind::Wrapper)) {
      auto* w = static_cast<WrapperObject*>(d.obj);
      if (w->wrap == WrapperKind::StaticMethod) attr = w->fget;
      else if (w->wrap == WrapperKind::ClassMethod) attr = make_method(t, w->fget, obj);
    } else if (attr.is(ObjKind::Function) && str_view(name) == "__init_subclass__") {
      attr = make_method(t, attr, obj);
    }
    *out = attr;
    return true;
  }
  std::string_view n = str_view(name);
  if (n == "__name__") *out = make_str(t, c->name);
  else if (n == "__qualname__") *out = make_str(t, c->qualname);
  else if (n == "__module__") *out = make_str(t, c->module);
  else if (n == "__doc__") *out = Value::none();
  else if (n == "__dict__") *out = c->dict;
  else if (n == "__base__") *out = c->base ? Value::object(c->base) : Value::none();
  else if (n == "__bases__") {
    std::vector<Value> items;
    for (ClassObject* k : c->bases) items.push_back(Value::object(k));
    *out = make_tuple(t, std::move(items));
  }
  else if (n == "__mro__") {
    std::vector<Value> items;
    for (ClassObject* k : c->mro) items.push_back(Value::object(k));
    *out = make_tuple(t, std::move(items));
  } else if (n == "__class__") {
    *out = c->metaclass ? Value::object(c->metaclass) : make_builtin(t, *find_intrinsic("type"));
  } else if (c->metaclass && class_lookup(t, c->metaclass, name, &attr) && !is_builtin_method(attr)) {
    *out = bind(t, attr, obj, c->metaclass);  // a metaclass's method, bound to the class
  } else if (!c->value_type.empty()) {  // Colour.upper, Colour.__len__: the built-in type's, unbound
    RootScope roots(t);
    Value type = roots.push(make_builtin(t, *find_intrinsic(c->value_type)));
    return try_get_attribute(t, type, name, out);
  } else {
    return false;
  }
  return true;
}

static bool super_attribute(Thread* t, Value obj, Value name, Value* out) {
  auto* s = static_cast<SuperObject*>(obj.obj);
  const auto& mro = s->start->mro;
  auto it = std::find(mro.begin(), mro.end(), s->after);
  if (it == mro.end()) return false;
  for (++it; it != mro.end(); ++it) {
    Value attr;
    if (!dict_get(t, (*it)->dict, name, &attr)) {
      // The built-in type's special methods and methods, bound to the instance (super().__eq__(other)).
      if (!(*it)->value_type.empty() && !s->obj.is(ObjKind::Class) && value_attribute(t, s->obj, str_view(name), out)) return true;
      continue;
    }
    if (s->obj.is(ObjKind::Class) && (!s->of_metaclass || str_view(name) == "__new__")) {  // super(cls, cls2): class methods bind to cls2
      if (!attr.is(ObjKind::Function) && (descriptor_bits(t, attr) & kDescGet)) {
        *out = descriptor_get(t, attr, Value::none(), s->obj);
        return true;
      }
      if (Value d = descriptor_of(attr); d.is(ObjKind::Wrapper) && static_cast<WrapperObject*>(d.obj)->wrap != WrapperKind::Property)
        attr = d;
      if (attr.is(ObjKind::Wrapper) && static_cast<WrapperObject*>(attr.obj)->wrap == WrapperKind::ClassMethod)
        attr = make_method(t, static_cast<WrapperObject*>(attr.obj)->fget, s->obj);
      else if (attr.is(ObjKind::Wrapper) && static_cast<WrapperObject*>(attr.obj)->wrap == WrapperKind::StaticMethod)
        attr = static_cast<WrapperObject*>(attr.obj)->fget;
      *out = attr;
      return true;
    }
    *out = bind(t, attr, s->obj, s->start);
    return true;
  }
  return false;
}

static const Method* lookup_builtin_method(Value obj, std::string_view name) {
  if (obj.tag != Tag::Object) return nullptr;
  return find_method(obj.obj->kind, name);
}

// A list or dict of a user class: the class's attributes, the instance's own, then the list's (dict's) methods.
static bool subclass_attribute(Thread* t, Value obj, Value name, Value* out) {
  ClassObject* cls = subclass_cls(obj);
  Value cattr;
  bool has = class_lookup(t, cls, name, &cattr);
  int bits = 0;
  if (has && !cattr.is(ObjKind::Function)) {
    bits = descriptor_bits(t, cattr);
    if (is_property(cattr) || ((bits & kDescGet) && is_data_descriptor(static_cast<uint8_t>(bits)))) {
      *out = bind(t, cattr, obj, cls, bits);
      return true;
    }
  }
  Value& own = subclass_dict(obj);
  if (own.is(ObjKind::Dict) && dict_get(t, own, name, out)) return true;
  if (has) {
    *out = bind(t, cattr, obj, cls, bits);
    return true;
  }
  std::string_view n = str_view(name);
  if (const Method* m = find_method(obj.obj->kind, n)) {
    *out = make_bound_method(t, obj, m);
    return true;
  }
  if (n == "__class__") {
    *out = Value::object(cls);
    return true;
  }
  if (n == "__dict__") {
    *out = own;
    return true;
  }
  return false;
}

bool try_get_attribute(Thread* t, Value obj, Value name, Value* out) {
  std::string_view n = str_view(name);
  if (is_subclass_instance(obj)) return subclass_attribute(t, obj, name, out);
  if (obj.tag == Tag::Object) {
    switch (obj.obj->kind) {
      case ObjKind::Instance: return instance_attribute(t, obj, name, out);
      case ObjKind::Class: return class_attribute(t, obj, name, out);
      case ObjKind::Super: return super_attribute(t, obj, name, out);
      case ObjKind::Module: {
        auto* m = static_cast<ModuleObject*>(obj.obj);
        if (dict_get(t, m->dict, name, out)) return true;
        if (n == "__name__") {
          *out = make_str(t, m->name);
          return true;
        }
        if (n == "__dict__") {
          *out = m->dict;
          return true;
        }
        return false;
      }
      case ObjKind::Method: {
        auto* m = static_cast<MethodObject*>(obj.obj);
        if (n == "__func__") *out = m->func;
        else if (n == "__self__") *out = m->self;
        else return try_get_attribute(t, m->func, name, out);
        return true;
      }
      case ObjKind::Function: {
        auto* f = as_function(obj);
        if (n == "__doc__") {  // a data descriptor of the function type, as in CPython: not in __dict__
          *out = f->doc;
          return true;
        }
        if (n == "__name__") *out = f->name.is(ObjKind::Str) ? f->name : make_str(t, f->code->name);
        else if (n == "__qualname__") *out = make_str(t, function_display_name(f));
        else if (n == "__module__") *out = f->own_module ? f->module_name : make_str(t, "__main__");
        else if (f->dict.is(ObjKind::Dict) && dict_get(t, f->dict, name, out)) return true;
        else if (n == "__dict__") {
          if (!f->dict.is(ObjKind::Dict)) {
            RootScope roots(t);
            roots.push(obj);
            f->dict = make_dict(t);
          }
          *out = f->dict;
        } else break;
        return true;
      }
      case ObjKind::Builtin: {
        std::string_view full = intrinsics()[static_cast<BuiltinObject*>(obj.obj)->index].name;
        if (n == "__name__" || n == "__qualname__") {
          size_t dot = full.rfind('.');
          *out = make_str(t, dot == std::string_view::npos || n == "__qualname__" ? full : full.substr(dot + 1));
          return true;
        }
        if (n == "__module__") {  // math.sqrt's is "math"; a builtin's (and a type's, int) "builtins"
          size_t dot = full.find('.');
          bool in_module = dot != std::string_view::npos && find_module(full.substr(0, dot));
          *out = make_str(t, in_module ? full.substr(0, dot) : std::string_view("builtins"));
          return true;
        }
        // A type's own functions (dict.fromkeys) and its methods unbound (str.lower as a key function).
        if (auto idx = find_intrinsic(std::string(full) + "." + std::string(n))) {
          *out = make_builtin(t, *idx);
          return true;
        }
        if (value_type_special(t, full, n, out)) return true;  // str.__repr__(self)
        static const std::pair<const char*, ObjKind> kinds[] = {
            {"str", ObjKind::Str}, {"list", ObjKind::List}, {"dict", ObjKind::Dict}, {"tuple", ObjKind::Tuple},
            {"set", ObjKind::Set}, {"frozenset", ObjKind::Set}, {"bytes", ObjKind::Bytes}, {"bytearray", ObjKind::ByteArray}};
        for (auto& [type, kind] : kinds)
          if (full == type)
            if (const Method* m = find_method(kind, n)) {
              Value b = make_bound_method(t, Value::none(), m);
              b.obj->flags |= kUnboundMethod;
              *out = b;
              return true;
            }
        break;
      }
      case ObjKind::Wrapper: {
        auto* w = static_cast<WrapperObject*>(obj.obj);
        if (n == "__func__" && w->wrap != WrapperKind::Property) {
          *out = w->fget;
          return true;
        }
        if (n == "fget" || n == "fset" || n == "fdel") {
          *out = n == "fget" ? w->fget : n == "fset" ? w->fset : w->fdel;
          return true;
        }
        if (n == "__doc__") {
          *out = w->doc;
          return true;
        }
        break;
      }
      case ObjKind::Slice: {
        auto* s = static_cast<SliceObject*>(obj.obj);
        if (n == "start") *out = s->start;
        else if (n == "stop") *out = s->stop;
        else if (n == "step") *out = s->step;
        else break;
        return true;
      }
      case ObjKind::Generator: {
        auto* g = as_generator(obj);
        if (n == "__name__") *out = g->function->name.is(ObjKind::Str) ? g->function->name : make_str(t, g->function->code->name);
        else if (n == "__qualname__") *out = make_str(t, function_display_name(g->function));
        else if (n == "gi_running" || n == "cr_running") *out = Value::boolean(g->running);
        else if (n == "gi_yieldfrom" || n == "cr_await") *out = g->delegate;
        else break;
        return true;
      }
      default: break;
    }
  }
  if (const Method* m = lookup_builtin_method(obj, n)) {
    *out = make_bound_method(t, obj, m);
    return true;
  }
  // The methods of numbers: (5).bit_length(), x.is_integer().
  if (obj.tag == Tag::Int || obj.tag == Tag::Bool || obj.tag == Tag::Float || obj.is(ObjKind::BigInt)) {
    std::string full = std::string(obj.tag == Tag::Float ? "float." : "int.") + std::string(n);
    if (auto idx = find_intrinsic(full)) {
      *out = make_method(t, make_builtin(t, *idx), obj);
      return true;
    }
    if (n == "real" || n == "numerator") {
      *out = obj.is_bool() ? Value::integer(obj.i) : obj;
      return true;
    }
    if (n == "imag") {
      *out = obj.tag == Tag::Float ? Value::real(0.0) : Value::integer(0);
      return true;
    }
    if (n == "denominator" && obj.tag != Tag::Float) {
      *out = Value::integer(1);
      return true;
    }
  }
  if (n == "__class__") {
    Value v = obj;
    if (auto idx = find_intrinsic("type")) {
      *out = call_value(t, make_builtin(t, *idx), &v, 1);
      return true;
    }
  }
  return false;
}

Value get_attribute(Thread* t, Value obj, Value name) {
  Value out;
  if (try_get_attribute(t, obj, name, &out)) return out;
  std::string_view n = str_view(name);
  if (obj.is(ObjKind::Class))
    throw_error(t, "AttributeError", fmt::format("type object '{}' has no attribute '{}'", as_class(obj)->name, n));
  if (obj.is(ObjKind::Module))
    throw_error(t, "AttributeError",
                fmt::format("module '{}' has no attribute '{}'", static_cast<ModuleObject*>(obj.obj)->name, n));
  if (obj.is(ObjKind::Super)) throw_error(t, "AttributeError", fmt::format("'super' object has no attribute '{}'", n));
  throw_error(t, "AttributeError", fmt::format("'{}' object has no attribute '{}'", type_name(obj), n));
}

// A data descriptor (a property, a class defining __set__ or __delete__) for
// `name` along cls's mro, which assignment and `del` go through; false when none.
static bool data_descriptor(Thread* t, const ClassObject* cls, Value name, Value* out) {
  if (!class_lookup(t, cls, name, out) || out->is(ObjKind::Function)) return false;
  return is_property(*out) || is_data_descriptor(descriptor_bits(t, *out));
}

void set_attribute(Thread* t, Value obj, Value name, Value v) {
  if (obj.is(ObjKind::Instance)) {
    Value setattr;
    if (class_lookup(t, as_instance(obj)->cls, dunder(t, "__setattr__"), &setattr) && !is_builtin_method(setattr)) {
      Value args[3] = {obj, name, v};
      call_value(t, setattr, args, 3);
      return;
    }
  }
  object_set_attribute(t, obj, name, v);
}

void object_set_attribute(Thread* t, Value obj, Value name, Value v) {
  std::string_view n = str_view(name);
  if (obj.is(ObjKind::Instance)) {
    auto* o = as_instance(obj);
    Value cattr;
    if (data_descriptor(t, o->cls, name, &cattr)) {
      descriptor_set(t, cattr, obj, v);
      return;
    }
    if (o->exc && (n == "__cause__" || n == "__context__")) {
      if (!v.is_none() && !exception_data(v))
        throw_error(t, "TypeError", fmt::format("exception {} must be None or derive from BaseException",
                                                n == "__cause__" ? "cause" : "context"));
      if (n == "__cause__") {
        o->exc->cause = v;
        o->exc->suppress_context = true;  // as `raise ... from`
      } else {
        o->exc->context = v;
      }
      return;
    }
    if (o->exc && n == "__suppress_context__") {
      o->exc->suppress_context = truthy(v);
      return;
    }
    if (!o->slots.empty()) {
      int i = slot_index(o->cls, n);
      if (i >= 0) {
        o->slots[i] = v;
        o->slot_set[i] = 1;
        return;
      }
    }
    if (!o->dict.is(ObjKind::Dict))
      throw_error(t, "AttributeError", fmt::format("'{}' object has no attribute '{}'", o->cls->name, n));
    dict_set(t, o->dict, name, v);
    return;
  }
  if (is_subclass_instance(obj)) {
    Value cattr;
    if (data_descriptor(t, subclass_cls(obj), name, &cattr)) {
      descriptor_set(t, cattr, obj, v);
      return;
    }
    dict_set(t, subclass_dict(obj), name, v);
    return;
  }
  if (obj.is(ObjKind::Class)) {
    if (as_class(obj)->builtin)
      throw_error(t, "TypeError", fmt::format("cannot set '{}' attribute of immutable type '{}'", n, as_class(obj)->name));
    dict_set(t, as_class(obj)->dict, name, v);
    return;
  }
  if (obj.is(ObjKind::Module)) {
    dict_set(t, static_cast<ModuleObject*>(obj.obj)->dict, name, v);
    return;
  }
  if (obj.is(ObjKind::Function)) {  // a function's own attributes
    auto* f = as_function(obj);
    if (n == "__doc__") {
      f->doc = v;
      return;
    }
    if (n == "__name__" || n == "__qualname__") {  // the function's names (its repr, its call errors)
      if (!v.is(ObjKind::Str)) throw_error(t, "TypeError", fmt::format("{} must be set to a string object", n));
      (n == "__name__" ? f->name : f->qualname) = v;
      return;
    }
    if (n == "__module__") {
      f->module_name = v;
      f->own_module = true;
      return;
    }
    if (!f->dict.is(ObjKind::Dict)) {
      RootScope roots(t);
      roots.push(obj);
      roots.push(name);
      roots.push(v);
      f->dict = make_dict(t);
    }
    dict_set(t, f->dict, name, v);
    return;
  }
  if (lookup_builtin_method(obj, n))
    throw_error(t, "AttributeError", fmt::format("'{}' object attribute '{}' is read-only", type_name(obj), n));
  throw_error(t, "AttributeError", fmt::format("'{}' object has no attribute '{}'", type_name(obj), n));
}

void del_attribute(Thread* t, Value obj, Value name) {
  if (obj.is(ObjKind::Instance)) {
    Value delattr;
    if (class_lookup(t, as_instance(obj)->cls, dunder(t, "__delattr__"), &delattr) && !is_builtin_method(delattr)) {
      Value args[2] = {obj, name};
      call_value(t, delattr, args, 2);
      return;
    }
  }
  object_del_attribute(t, obj, name);
}

void object_del_attribute(Thread* t, Value obj, Value name) {
  std::string_view n = str_view(name);
  if (is_subclass_instance(obj)) {
    Value cattr;
    if (data_descriptor(t, subclass_cls(obj), name, &cattr)) {
      descriptor_delete(t, cattr, obj);
      return;
    }
    if (dict_del(t, subclass_dict(obj), name)) return;
  }
  if (obj.is(ObjKind::Instance)) {
    auto* o = as_instance(obj);
    Value cattr;
    if (data_descriptor(t, o->cls, name, &cattr)) {
      descriptor_delete(t, cattr, obj);
      return;
    }
    if (!o->slots.empty()) {
      int i = slot_index(o->cls, n);
      if (i >= 0 && o->slot_set[i]) {
        o->slots[i] = Value::none();
        o->slot_set[i] = 0;
        return;
      }
    }
    if (o->dict.is(ObjKind::Dict) && dict_del(t, o->dict, name)) return;
    throw_error(t, "AttributeError", fmt::format("'{}' object has no attribute '{}'", o->cls->name, n));
  }
  if (obj.is(ObjKind::Class) && !as_class(obj)->builtin) {
    if (dict_del(t, as_class(obj)->dict, name)) return;
    throw_error(t, "AttributeError", fmt::format("type object '{}' has no attribute '{}'", as_class(obj)->name, n));
  }
  if (obj.is(ObjKind::Module) && dict_del(t, static_cast<ModuleObject*>(obj.obj)->dict, name)) return;
  if (obj.is(ObjKind::Function)) {
    auto* f = as_function(obj);
    if (n == "__doc__" || n == "__module__") {  // CPython sets them to None
      (n == "__doc__" ? f->doc : f->module_name) = Value::none();
      f->own_module = f->own_module || n == "__module__";
      return;
    }
    if (n == "__name__" || n == "__qualname__")
      throw_error(t, "TypeError", fmt::format("{} must be set to a string object", n));
    if (f->dict.is(ObjKind::Dict) && dict_del(t, f->dict, name)) return;
  }
  throw_error(t, "AttributeError", fmt::format("'{}' object has no attribute '{}'", type_name(obj), n));
}

namespace {
// While a CallMethod's method is looked up, its frame is at `obj.name` (pos + 1).
class AtLookup {
 public:
  AtLookup(Thread* t, bool on) : frame_(on && t->top && t->top->pos != 0 ? t->top : nullptr) {
    if (frame_) ++frame_->pos;
  }
  ~AtLookup() {
    if (frame_) --frame_->pos;
  }
  AtLookup(const AtLookup&) = delete;
  AtLookup& operator=(const AtLookup&) = delete;

 private:
  Frame* frame_;
};
}  // namespace

Value call_attribute(Thread* t, Value obj, Value name, const Value* args, uint32_t npos, uint32_t nkw,
                     const Value* kwnames, bool from_call_method) {
  if (obj.is(ObjKind::Instance) || is_subclass_instance(obj)) {
    ClassObject* cls = class_of(obj);
    Value dict = obj.is(ObjKind::Instance) ? as_instance(obj)->dict : subclass_dict(obj);
    Value fn;
    // A plain function of the class, not shadowed by the instance's own attribute: call it with self first.
    if (class_lookup(t, cls, name, &fn) && (fn.is(ObjKind::Function) || is_builtin_method(fn))) {
      Value own;
      if (!(dict.is(ObjKind::Dict) && dict_get(t, dict, name, &own))) {
        RootScope roots(t);
        std::vector<Value> full;
        full.reserve(npos + nkw + 1);
        full.push_back(obj);
        full.insert(full.end(), args, args + npos + nkw);
        for (auto& v : full) roots.push(v);
        return call_value(t, fn, full.data(), npos + 1, nkw, kwnames);
      }
    }
  }
  RootScope roots(t);
  Value callee;
  {
    AtLookup at(t, from_call_method);
    callee = roots.push(get_attribute(t, obj, name));
  }
  return call_value(t, callee, args, npos, nkw, kwnames);
}

// ------------------------------------------------------------------ special methods
bool find_special(Thread* t, Value obj, const char* name, Value* method) {
  if (obj.is(ObjKind::Class)) {  // a class's special methods are its metaclass's
    ClassObject* meta = as_class(obj)->metaclass;
    return meta && metaclass_method(t, meta, name, method);
  }
  if (!obj.is(ObjKind::Instance)) return false;
  return class_lookup(t, as_instance(obj)->cls, dunder(t, name), method);
}

bool call_special(Thread* t, Value obj, const char* name, const Value* args, uint32_t nargs, Value* out) {
  Value m;
  if (!find_special(t, obj, name, &m)) return false;
  if (m.is_none())
    throw_error(t, "TypeError", fmt::format("'{}' object is not callable ({} is None)", type_name(obj), name));
  RootScope roots(t);
  roots.push(m);
  if (!m.is(ObjKind::Function) && (descriptor_bits(t, m) & kDescGet)) {  // a descriptor: what its __get__ gives
    ClassObject* c = class_of(obj);
    m = roots.push(descriptor_get(t, m, obj, c ? Value::object(c) : Value::none()));
    *out = call_value(t, m, args + 1, nargs - 1);
    return true;
  }
  m = roots.push(descriptor_of(m));
  if (m.is(ObjKind::Wrapper)) {  // a static or class method used as a special method
    auto* w = static_cast<WrapperObject*>(m.obj);
    if (w->wrap == WrapperKind::StaticMethod) {
      *out = call_value(t, w->fget, args + 1, nargs - 1);
      return true;
    }
  }
  *out = call_value(t, m, args, nargs);
  return true;
}

std::string default_repr(Thread* t, Value v) {
  ClassObject* c = class_of(v);
  std::string name = c ? (c->module == "builtins" ? c->qualname : c->module + "." + c->qualname) : type_name(v);
  return fmt::format("<{} object at {:#x}>", name, reinterpret_cast<uintptr_t>(v.obj));
}

}  // namespace plank::core
