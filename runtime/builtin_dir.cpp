// dir(obj) (issue 27): the sorted attribute names of an object, as CPython's
// object.__dir__ and type.__dir__ give them: an instance's own attributes and
// its class's; a class's along its method resolution order; a module's
// globals. A class's `__dir__` is called when it has one.
//
// The names the built-in classes contribute are CPython 3.11's for object and
// the exceptions (kObjectNames ...); for the other built-in types (list, str,
// int ...) they are the methods Plank has (the methods table), which are a
// subset of CPython's (docs/language.md).
#include <algorithm>
#include <set>
#include <string>

#include <fmt/format.h>

#include "runtime/args.h"
#include "runtime/classes.h"
#include "runtime/exceptions.h"
#include "runtime/heap.h"
#include "runtime/modules.h"
#include "runtime/value_subclass.h"

namespace plank::core {

void sort_list_values(Thread* t, std::vector<Value>& items, Value key, bool reverse);  // methods.cpp

namespace {

using Names = std::set<std::string>;

// dir(object) in CPython 3.11.
constexpr const char* kObjectNames[] = {
    "__class__", "__delattr__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__", "__getattribute__",
    "__getstate__", "__gt__", "__hash__", "__init__", "__init_subclass__", "__le__", "__lt__", "__ne__", "__new__",
    "__reduce__", "__reduce_ex__", "__repr__", "__setattr__", "__sizeof__", "__str__", "__subclasshook__"};
// What BaseException and some of its subclasses add (CPython 3.11).
constexpr const char* kBaseExceptionNames[] = {"__cause__", "__context__", "__dict__", "__setstate__", "__suppress_context__",
                                               "__traceback__", "add_note", "args", "with_traceback"};
struct ExceptionNames {
  const char* cls;
  std::initializer_list<const char*> names;
};
const ExceptionNames kExceptionNames[] = {
    {"OSError", {"characters_written", "errno", "filename", "filename2", "strerror"}},
    {"StopIteration", {"value"}},
    {"StopAsyncIteration", {"value"}},
    {"ImportError", {"msg", "name", "path"}},
    {"SystemExit", {"code"}},
};
// Every module has these (CPython's ModuleType).
constexpr const char* kModuleNames[] = {"__doc__", "__loader__", "__name__", "__package__", "__spec__"};

void add_dict_keys(Value dict, Names& out) {
  if (!dict.is(ObjKind::Dict)) return;
  dict_for_each(dict, [&](Value k, Value) {
    if (k.is(ObjKind::Str)) out.insert(std::string(str_view(k)));
  });
}

// The names a built-in class defines itself (not its bases').
void add_builtin_class_names(Thread* t, const ClassObject* c, Names& out) {
  if (c == object_class(t)) {
    out.insert(std::begin(kObjectNames), std::end(kObjectNames));
    return;
  }
  add_dict_keys(c->dict, out);
  if (c->is_exception) {
    if (c->name == "BaseException") out.insert(std::begin(kBaseExceptionNames), std::end(kBaseExceptionNames));
    for (const auto& e : kExceptionNames)
      if (c->name == e.cls) out.insert(e.names.begin(), e.names.end());
    return;
  }
  // list, dict and the value types: their methods, and the special methods Plank gives them.
  ObjKind kind = c->native;
  static const std::pair<const char*, ObjKind> kinds[] = {{"str", ObjKind::Str},   {"tuple", ObjKind::Tuple},
                                                          {"set", ObjKind::Set},   {"frozenset", ObjKind::Set},
                                                          {"bytes", ObjKind::Bytes}, {"bytearray", ObjKind::ByteArray}};
  for (auto& [name, k] : kinds)
    if (c->value_type == name) kind = k;
  if (kind != ObjKind::Opaque)
    for (const Method& m : methods())
      if (m.receiver == kind) out.insert(std::string(m.name));
  if (!c->value_type.empty()) {
    for (const Intrinsic& i : intrinsics())  // int.bit_length, float.is_integer ...
      if (i.name.starts_with(c->value_type + ".")) out.insert(std::string(i.name.substr(c->value_type.size() + 1)));
    for (std::string_view n : value_type_special_names(c->value_type)) out.insert(std::string(n));
  }
}

void add_class_names(Thread* t, const ClassObject* cls, Names& out) {
  for (const ClassObject* c : cls->mro) {
    if (c->builtin) {
      add_builtin_class_names(t, c, out);
      continue;
    }
    add_dict_keys(c->dict, out);
    Value slots;
    if (dict_get(t, c->dict, intern_str(t, "__slots__"), &slots)) {
      size_t inherited = c->base ? c->base->slots.size() : 0;
      for (size_t i = inherited; i < c->slots.size(); ++i) out.insert(c->slots[i]);
    } else {
      out.insert({"__dict__", "__weakref__"});
    }
    out.insert({"__doc__", "__module__"});
  }
}

Value sorted_list(Thread* t, const Names& names) {
  RootScope roots(t);
  Value list = roots.push(make_list(t));
  for (const std::string& n : names) list_append(t, list, roots.push(make_str(t, n)));
  return list;
}

Value b_dir(Thread* t, const CallArgs& args) {
  if (args.npos == 0 && args.nkw == 0)
    throw_error(t, "TypeError",
                "not supported yet: dir() without an argument called through another name (call dir() by its name)");
  if (args.npos != 1 || args.nkw != 0)
    throw_error(t, "TypeError", fmt::format("dir expected at most 1 argument, got {}", args.npos + args.nkw));
  Value obj = args.positional(0);
  RootScope roots(t);
  roots.push(obj);
  Value custom;
  if (!obj.is(ObjKind::Class) && class_of(obj) && find_special(t, obj, "__dir__", &custom) && !custom.is(ObjKind::Builtin)) {
    Value r = roots.push(call_value(t, custom, &obj, 1));
    Value list = roots.push(make_list(t, collect_iterable(t, r)));
    sort_list_values(t, list_items(list), Value::none(), false);
    return list;
  }
  Names names;
  if (obj.is(ObjKind::Module)) {
    add_dict_keys(static_cast<ModuleObject*>(obj.obj)->dict, names);
    names.insert(std::begin(kModuleNames), std::end(kModuleNames));
  } else if (obj.is(ObjKind::Class)) {
    add_class_names(t, as_class(obj), names);
  } else if (ClassObject* cls = class_of(obj)) {
    if (obj.is(ObjKind::Instance)) add_dict_keys(as_instance(obj)->dict, names);
    else if (is_subclass_instance(obj)) add_dict_keys(subclass_dict(obj), names);
    add_class_names(t, cls, names);
  } else {
    // A built-in value: object's names and the methods Plank has for its type.
    names.insert(std::begin(kObjectNames), std::end(kObjectNames));
    std::string type = type_name(obj);
    if (obj.tag == Tag::Object)
      for (const Method& m : methods())
        if (m.receiver == obj.obj->kind) names.insert(std::string(m.name));
    if (obj.tag == Tag::Int || obj.tag == Tag::Bool) type = "int";
    for (const Intrinsic& i : intrinsics())
      if (i.name.starts_with(type + ".")) names.insert(std::string(i.name.substr(type.size() + 1)));
    for (std::string_view n : value_type_special_names(type)) names.insert(std::string(n));
  }
  return sorted_list(t, names);
}

}  // namespace

std::vector<Intrinsic> dir_intrinsics() {
  return {
      {"dir", {IntrinsicParam{"obj", "any", "<none>"}}, "list", 0, "builtin",
       "The sorted names of the object's attributes: an instance's own and its class's, a class's along its method "
       "resolution order, a module's globals; the class's `__dir__` when it has one. Without one (called by its name), the names of the "
       "scope it is written in, as CPython's.",
       &wrap<b_dir>},
  };
}

}  // namespace plank::core
