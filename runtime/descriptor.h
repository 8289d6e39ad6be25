// The descriptor protocol (issue 27): a class attribute whose own class
// defines __get__, __set__ or __delete__ acts through them, as CPython's
// object.__getattribute__/__setattr__/__delattr__ and type.__getattribute__:
//
// - on an instance, a data descriptor (its class defines __set__ or
//   __delete__; property is one) found along the type's mro wins over the
//   instance's own attribute; then the instance's own; then a non-data
//   descriptor's __get__(obj, type(obj)); on the class, __get__(None, cls);
// - assignment and `del` call __set__(obj, value) and __delete__(obj) of a
//   data descriptor (AttributeError: __set__ when it has only __delete__);
// - at class creation, __set_name__(owner, name) of every attribute whose
//   class defines it (set_names), before __init_subclass__.
//
// Functions, staticmethod, classmethod and property are the runtime's own
// descriptors (classes.cpp binds them without a lookup); what is here serves
// instances of user classes, including a subclass of property that defines
// __get__ (its own __get__ first, `super().__get__` reaching the property's:
// wrapper_get), and the property's own __get__/__set__/__delete__ as methods.
#pragma once
#include <cstdint>
#include <string_view>

#include "runtime/classes.h"

namespace plank::core {

// What the class of a class attribute defines (user code only; a plain value
// or a function is 0, so the lookup costs nothing for them).
enum DescriptorBits : uint8_t { kDescGet = 1, kDescSet = 2, kDescDelete = 4, kDescProperty = 8 };
uint8_t descriptor_bits(Thread* t, Value attr);
// A data descriptor: __set__ or __delete__ defined, or an instance of a property subclass.
inline bool is_data_descriptor(uint8_t bits) { return bits & (kDescSet | kDescDelete | kDescProperty); }

// type(attr).__get__(attr, obj, type): obj None for a lookup on the class.
Value descriptor_get(Thread* t, Value attr, Value obj, Value type);
// type(attr).__set__(attr, obj, v) / __delete__(attr, obj); AttributeError
// `__set__` (`__delete__`) when the class defines only the other.
void descriptor_set(Thread* t, Value attr, Value obj, Value v);
void descriptor_delete(Thread* t, Value attr, Value obj);

// __set_name__(cls, name) of each value in the new class's namespace that has
// one; an error becomes CPython 3.11's RuntimeError caused by it.
void set_names(Thread* t, Value cls);

// property.__get__ / __set__ / __delete__, staticmethod.__get__ and
// classmethod.__get__ of a wrapper (or of an instance of a subclass, which
// holds one): what a lookup through it gives. A property's errors name it by
// the attribute set_names gave it ("property 'x' of 'C' object has no setter").
Value wrapper_get(Thread* t, Value descr, Value obj, Value type);
void wrapper_set(Thread* t, Value descr, Value obj, Value v);
void wrapper_delete(Thread* t, Value descr, Value obj);
// prop.getter(f) (which 0), setter (1), deleter (2): a copy with one function
// replaced, of prop's own class (type(prop)(fget, fset, fdel, doc)) as CPython's.
Value property_copy(Thread* t, Value prop, int which, Value f);

}  // namespace plank::core
