// Classes and their instances (issue 27): `class` with (multiple)
// inheritance, methods bound to objects, super(), staticmethod/classmethod/
// property, __slots__, and the dunder methods the runtime's operations
// dispatch to.
//
// A class is a ClassObject: its namespace is a dict, its method resolution
// order the C3 linearisation of its bases (class_mro.cpp), as CPython's.
// object and the builtin exceptions are classes the runtime
// makes once per heap (exceptions.h). An instance keeps its attributes in a
// dict, or in fixed slots when its class has __slots__.
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/objects.h"

namespace plank::core {

// What an instance of BaseException (or a subclass) carries besides its attributes.
struct ExceptionData {
  Value args = Value::none();     // a tuple
  Value cause = Value::none();    // __cause__ (`raise ... from cause`)
  Value context = Value::none();  // __context__
  bool suppress_context = false;
  bool raised = false;            // traceback holds where it was first raised
  std::vector<TraceEntry> traceback;
  // __traceback__: the traceback objects made from `traceback` when first asked
  // for (runtime/traceback_object.cpp); None again whenever `traceback` changes.
  Value tb_object = Value::none();
};

struct ClassObject : Object {
  std::string name, qualname, module;
  Value dict = Value::none();     // the namespace: a dict
  ClassObject* base = nullptr;    // __base__: the base whose instance layout this class extends; null for object
  std::vector<ClassObject*> bases;  // __bases__, as written (empty for object); all of them are in mro
  std::vector<ClassObject*> mro;  // this class first, object last
  bool is_exception = false;      // BaseException or a subclass of it
  bool builtin = false;           // made by the runtime (object, the exception hierarchy)
  bool has_slots = false;         // __slots__ along the mro: instances have no __dict__ (unless one asks for it)
  ObjKind native = ObjKind::Opaque;  // List or Dict: instances are lists (dicts) of this class; Opaque: plain instances
  // The built-in type ("int", "str", "tuple", ...) of a class deriving from an
  // immutable built-in type (or set, bytearray), empty for others: its
  // instances are InstanceObjects holding a value of that type (`value`), which
  // every operation the class does not define acts on (runtime/value_subclass.h).
  std::string value_type;
  std::vector<std::string> slots; // every slot name along the mro, in slot order
  // The class's metaclass when it is a user class deriving from type (class
  // X(metaclass=M), or inherited from the base); null for type itself. Special
  // methods of a class (iter(X), len(X), X[k], X(...)) and attributes the
  // class lacks are looked up there.
  ClassObject* metaclass = nullptr;
};

inline constexpr uint16_t kSlotUnset = 1;  // InstanceObject::slot_flags bit
struct InstanceObject : Object {
  ClassObject* cls = nullptr;
  Value dict = Value::none();     // a dict, or None when the class has __slots__
  std::vector<Value> slots;       // values of cls->slots
  std::vector<uint8_t> slot_set;  // whether each slot has a value
  std::unique_ptr<ExceptionData> exc;  // exceptions only
  Value value = Value::none();    // the built-in value when cls->value_type is set (`class Colour(str)`)
};

// `obj.method` as a value: the function and what it is bound to.
struct MethodObject : Object {
  Value func = Value::none();
  Value self = Value::none();
};

// super(cls, obj): looks attributes up in the mro of type(obj) after cls.
struct SuperObject : Object {
  ClassObject* after = nullptr;
  Value obj = Value::none();
  ClassObject* start = nullptr;  // the class whose mro is searched
  bool of_metaclass = false;     // obj is a class seen as an instance of its metaclass (start)
};

enum class WrapperKind : uint8_t { StaticMethod, ClassMethod, Property };
struct WrapperObject : Object {
  WrapperKind wrap = WrapperKind::StaticMethod;
  Value fget = Value::none();  // the function (staticmethod, classmethod) or the getter
  Value fset = Value::none();
  Value fdel = Value::none();
  Value doc = Value::none();
  Value name = Value::none();  // a property's: the attribute it was made for (__set_name__), named in its errors
};

struct SliceObject : Object {
  Value start = Value::none(), stop = Value::none(), step = Value::none();
};

// Ellipsis and NotImplemented: one object each per heap.
struct SingletonObject : Object {
  const char* name = "";
};

inline ClassObject* as_class(Value v) { return static_cast<ClassObject*>(v.obj); }
inline InstanceObject* as_instance(Value v) { return static_cast<InstanceObject*>(v.obj); }
// An instance of a class deriving from int, str, tuple, ... (ClassObject::value_type).
inline bool is_value_instance(Value v) { return v.is(ObjKind::Instance) && !as_instance(v)->cls->value_type.empty(); }
// The built-in value of such an instance; v itself for any other value.
inline Value unwrap_value(Value v) { return is_value_instance(v) ? as_instance(v)->value : v; }

// ------------------------------------------------------------------ the builtin classes
ClassObject* object_class(Thread* t);
// The class standing for the built-in type list, dict or type when a class derives from it; null for others.
ClassObject* builtin_type_class(Thread* t, std::string_view name);
// The class and attributes dict of a list or dict of a user class (is_subclass_instance).
ClassObject* subclass_cls(Value v);
Value& subclass_dict(Value v);
// A builtin class by name (object, BaseException, ValueError, ...); null when there is none.
ClassObject* builtin_class(Thread* t, std::string_view name);
Value not_implemented(Thread* t);
Value ellipsis(Thread* t);
bool is_not_implemented(Value v);

// ------------------------------------------------------------------ making classes and instances
// The C3 linearisation of a class with these bases (cls first): CPython's
// __mro__. A TypeError as CPython's for a duplicate base or bases no order
// is consistent with (class_mro.cpp).
std::vector<ClassObject*> c3_mro(Thread* t, ClassObject* cls, const std::vector<ClassObject*>& bases);
// Of the bases, the one whose instance layout the class extends (__base__):
// CPython's best_base, a TypeError for an instance lay-out conflict.
ClassObject* layout_base(Thread* t, const std::vector<ClassObject*>& bases);

// `class name(bases, metaclass=...): ns` (the namespace dict the body filled;
// metaclass None when not given): the class, made by the metaclass when
// there is one (its __new__ and __init__, else type's).
Value build_class(Thread* t, std::string_view name, std::string_view qualname, const Value* bases, uint32_t nbases,
                  Value ns, Value metaclass = Value::none());
// type.__new__(meta, name, bases, ns): the class itself, its metaclass meta (null: type).
Value new_class(Thread* t, ClassObject* meta, std::string_view name, std::string_view qualname, const Value* bases,
                uint32_t nbases, Value ns);
// Whether c derives from type (its instances are classes).
bool is_metaclass(Thread* t, const ClassObject* c);
// A class the runtime defines (object, exceptions, the classes of native modules).
ClassObject* new_builtin_class(Thread* t, std::string name, ClassObject* base, std::string module = "builtins");
// A new instance of cls, no __init__ run (a list or dict of a class deriving from list or dict).
Value new_instance(Thread* t, ClassObject* cls);
// Calls a class: its metaclass's __call__ when it has one, else construct().
Value instantiate(Thread* t, ClassObject* cls, const Value* args, uint32_t npos, uint32_t nkw, const Value* kwnames);
// type.__call__: makes the instance (__new__) and runs __init__.
Value construct(Thread* t, ClassObject* cls, const Value* args, uint32_t npos, uint32_t nkw, const Value* kwnames);
// The class of an instance, an exception or a class-like value; null for builtin values.
ClassObject* class_of(Value v);
bool is_subclass(const ClassObject* sub, const ClassObject* cls);

// ------------------------------------------------------------------ attributes
// The attribute lookup of Python's object.__getattribute__ (data descriptors,
// the instance's own, the class's, __getattr__), for any value.
Value get_attribute(Thread* t, Value obj, Value name);
// false (nothing raised) when obj has no such attribute; other errors raise.
bool try_get_attribute(Thread* t, Value obj, Value name, Value* out);
// Assignment and `del`: the class's own __setattr__ (__delattr__) when it has
// one, else object's: a data descriptor's __set__ (__delete__), else the
// instance's own attribute (object_set_attribute, object_del_attribute).
void set_attribute(Thread* t, Value obj, Value name, Value v);
void del_attribute(Thread* t, Value obj, Value name);
void object_set_attribute(Thread* t, Value obj, Value name, Value v);
void object_del_attribute(Thread* t, Value obj, Value name);
// `obj.name(args)` without making the bound method when it is a plain function.
// from_call_method: called for an IR CallMethod, whose frame position pos + 1
// is `obj.name` (number_positions): an error while the method is looked up is
// marked there, as CPython 3.11 marks it, and an error of the call at pos.
Value call_attribute(Thread* t, Value obj, Value name, const Value* args, uint32_t npos, uint32_t nkw,
                     const Value* kwnames, bool from_call_method = false);
// The class attribute `name` along cls's mro (no binding); false when absent.
bool class_lookup(Thread* t, const ClassObject* cls, Value name, Value* out);

// ------------------------------------------------------------------ dunder dispatch
// The special method `name` of obj's class (never the instance's own
// attributes, as Python looks special methods up on the type); false when absent.
bool find_special(Thread* t, Value obj, const char* name, Value* method);
// Calls obj's special method `name` with args (self first); false when the class has none.
bool call_special(Thread* t, Value obj, const char* name, const Value* args, uint32_t nargs, Value* out);
// An interned str for a dunder name (cached per heap).
Value dunder(Thread* t, const char* name);

Value make_method(Thread* t, Value func, Value self);
Value make_super(Thread* t, Value cls, Value obj);
Value make_wrapper(Thread* t, WrapperKind kind, Value fget, Value fset = Value::none(), Value fdel = Value::none());
Value make_slice(Thread* t, Value start, Value stop, Value step);

// repr() of an instance without __repr__: <__main__.Point object at 0x...>.
std::string default_repr(Thread* t, Value v);

}  // namespace plank::core
