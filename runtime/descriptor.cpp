// The descriptor protocol of user classes (see descriptor.h).
#include "runtime/descriptor.h"

#include <vector>

#include <fmt/format.h>

#include "runtime/exceptions.h"
#include "runtime/heap.h"
#include "runtime/value_subclass.h"

namespace plank::core {

namespace {

// The class of a class attribute that may be a user descriptor; null for the rest.
ClassObject* user_class_of(Value attr) {
  if (attr.is(ObjKind::Instance)) return as_instance(attr)->cls;
  if (is_subclass_instance(attr)) return subclass_cls(attr);
  return nullptr;
}

// type(attr).<name>(attr, ...) as CPython calls a slot: looked up on the class,
// never on the instance. False when the class does not define it.
bool call_own(Thread* t, Value attr, const char* name, const Value* args, uint32_t nargs, Value* out) {
  ClassObject* c = user_class_of(attr);
  Value m;
  if (!c || !class_lookup(t, c, dunder(t, name), &m)) return false;
  RootScope roots(t);
  roots.push(m);
  Value d = descriptor_of(m);
  if (d.is(ObjKind::Wrapper) && static_cast<WrapperObject*>(d.obj)->wrap == WrapperKind::StaticMethod) {
    *out = call_value(t, static_cast<WrapperObject*>(d.obj)->fget, args + 1, nargs - 1);
    return true;
  }
  if (d.is(ObjKind::Wrapper) && static_cast<WrapperObject*>(d.obj)->wrap == WrapperKind::ClassMethod) {
    std::vector<Value> full{Value::object(c)};
    full.insert(full.end(), args + 1, args + nargs);
    for (Value v : full) roots.push(v);
    *out = call_value(t, static_cast<WrapperObject*>(d.obj)->fget, full.data(), nargs);
    return true;
  }
  *out = call_value(t, m, args, nargs);
  return true;
}

WrapperObject* wrapper_of(Thread* t, Value descr, const char* what) {
  Value w = descriptor_of(descr);
  if (!w.is(ObjKind::Wrapper))
    throw_error(t, "TypeError", fmt::format("descriptor '{}' requires a 'property' object but received a '{}'", what,
                                            type_name(descr)));
  return static_cast<WrapperObject*>(w.obj);
}

// "property 'x' of 'C' object" (CPython 3.11's wording), without the name when it has none.
std::string property_of(const WrapperObject* w, Value obj) {
  ClassObject* c = class_of(obj);
  std::string type = c ? c->qualname : type_name(obj);
  if (!w->name.is(ObjKind::Str)) return fmt::format("property of '{}' object", type);
  return fmt::format("property '{}' of '{}' object", str_view(w->name), type);
}

}  // namespace

uint8_t descriptor_bits(Thread* t, Value attr) {
  ClassObject* c = user_class_of(attr);
  if (!c || c->builtin) return 0;
  uint8_t bits = c->value_type == "property" ? kDescProperty : 0;
  Value m;
  if (class_lookup(t, c, dunder(t, "__get__"), &m)) bits |= kDescGet;
  if (class_lookup(t, c, dunder(t, "__set__"), &m)) bits |= kDescSet;
  if (class_lookup(t, c, dunder(t, "__delete__"), &m)) bits |= kDescDelete;
  return bits;
}

Value descriptor_get(Thread* t, Value attr, Value obj, Value type) {
  Value args[3] = {attr, obj, type};
  Value out;
  if (call_own(t, attr, "__get__", args, 3, &out)) return out;
  return wrapper_get(t, attr, obj, type);
}

void descriptor_set(Thread* t, Value attr, Value obj, Value v) {
  Value args[3] = {attr, obj, v};
  Value out;
  if (call_own(t, attr, "__set__", args, 3, &out)) return;
  if (descriptor_of(attr).is(ObjKind::Wrapper)) return wrapper_set(t, attr, obj, v);
  throw_error(t, "AttributeError", "__set__");
}

void descriptor_delete(Thread* t, Value attr, Value obj) {
  Value args[2] = {attr, obj};
  Value out;
  if (call_own(t, attr, "__delete__", args, 2, &out)) return;
  if (descriptor_of(attr).is(ObjKind::Wrapper)) return wrapper_delete(t, attr, obj);
  throw_error(t, "AttributeError", "__delete__");
}

void set_names(Thread* t, Value cls) {
  ClassObject* c = as_class(cls);
  RootScope roots(t);
  // The namespace as it is now: __set_name__ may change it.
  std::vector<std::pair<Value, Value>> items;
  dict_for_each(c->dict, [&](Value k, Value v) {
    if (user_class_of(v)) items.emplace_back(roots.push(k), roots.push(v));
    // property's own __set_name__: the name its errors give
    Value d = descriptor_of(v);
    if (d.is(ObjKind::Wrapper) && static_cast<WrapperObject*>(d.obj)->wrap == WrapperKind::Property)
      static_cast<WrapperObject*>(d.obj)->name = k;
  });
  for (auto& [key, value] : items) {
    Value m;
    if (!class_lookup(t, user_class_of(value), dunder(t, "__set_name__"), &m)) continue;
    try {
      Value args[3] = {value, cls, key};
      Value out;
      call_own(t, value, "__set_name__", args, 3, &out);
    } catch (const Raised&) {
      Value cause;
      if (!catch_exception(t, &cause)) throw;
      roots.push(cause);
      // Caught below the class statement's frame, as CPython's type_new: its traceback starts in __set_name__.
      if (ExceptionData* d = exception_data(cause); d && d->traceback.size() > 1) {
        d->traceback.erase(d->traceback.begin());
        d->tb_object = Value::none();
      }
      std::string message = fmt::format("Error calling __set_name__ on '{}' instance {} in '{}'",
                                        user_class_of(value)->name, repr(t, key), c->name);
      Value exc = roots.push(make_exception(t, exception_class(t, "RuntimeError"), {make_str(t, message)}));
      ExceptionData* e = exception_data(exc);
      e->cause = cause;
      e->context = cause;
      e->suppress_context = true;
      throw_exception(t, exc);
    }
  }
}

Value wrapper_get(Thread* t, Value descr, Value obj, Value type) {
  WrapperObject* w = wrapper_of(t, descr, "__get__");
  switch (w->wrap) {
    case WrapperKind::StaticMethod: return w->fget;
    case WrapperKind::ClassMethod: {
      if (type.is_none()) {
        ClassObject* c = class_of(obj);
        if (!c) throw_error(t, "TypeError", "__get__(None, None) is invalid");
        type = Value::object(c);
      }
      return make_method(t, w->fget, type);
    }
    case WrapperKind::Property:
      if (obj.is_none()) return descr;
      if (w->fget.is_none()) throw_error(t, "AttributeError", property_of(w, obj) + " has no getter");
      return call_value(t, w->fget, &obj, 1);
  }
  return descr;
}

void wrapper_set(Thread* t, Value descr, Value obj, Value v) {
  WrapperObject* w = wrapper_of(t, descr, "__set__");
  if (w->wrap != WrapperKind::Property) throw_error(t, "AttributeError", "__set__");
  if (w->fset.is_none()) throw_error(t, "AttributeError", property_of(w, obj) + " has no setter");
  Value args[2] = {obj, v};
  call_value(t, w->fset, args, 2);
}

void wrapper_delete(Thread* t, Value descr, Value obj) {
  WrapperObject* w = wrapper_of(t, descr, "__delete__");
  if (w->wrap != WrapperKind::Property) throw_error(t, "AttributeError", "__delete__");
  if (w->fdel.is_none()) throw_error(t, "AttributeError", property_of(w, obj) + " has no deleter");
  call_value(t, w->fdel, &obj, 1);
}

Value property_copy(Thread* t, Value prop, int which, Value f) {
  WrapperObject* w = wrapper_of(t, prop, which == 0 ? "getter" : which == 1 ? "setter" : "deleter");
  if (w->wrap != WrapperKind::Property) throw_error(t, "AttributeError", "only a property has getter, setter and deleter");
  Value fget = which == 0 ? f : w->fget, fset = which == 1 ? f : w->fset, fdel = which == 2 ? f : w->fdel;
  if (is_value_instance(prop)) {  // a subclass of property: type(prop)(fget, fset, fdel, doc)
    Value args[4] = {fget, fset, fdel, w->doc};
    RootScope roots(t);
    Value name = roots.push(w->name);
    Value r = roots.push(call_value(t, Value::object(as_instance(prop)->cls), args, 4));
    Value d = descriptor_of(r);
    if (d.is(ObjKind::Wrapper)) static_cast<WrapperObject*>(d.obj)->name = name;
    return r;
  }
  RootScope roots(t);
  Value r = roots.push(make_wrapper(t, WrapperKind::Property, fget, fset, fdel));
  static_cast<WrapperObject*>(r.obj)->doc = w->doc;
  static_cast<WrapperObject*>(r.obj)->name = w->name;
  return r;
}

}  // namespace plank::core
