// Text of values as Python writes it: repr(), str(), float formatting, string quoting.
#include "runtime/objects.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <unordered_set>

#include <fmt/format.h>

#include "runtime/copy_bytes.h"
#include "runtime/host_function.h"
#include "runtime/decimal.h"
#include "runtime/heap.h"
#include "runtime/module_runtime.h"
#include "runtime/new_str.h"
#include "runtime/str_concat.h"
#include "runtime/unicode.h"
#include "runtime/bigint.h"
#include "runtime/bytes.h"
#include "runtime/classes.h"
#include "runtime/value_subclass.h"
#include "runtime/exceptions.h"
#include "runtime/generator.h"
#include "runtime/modules.h"
#include "runtime/set_object.h"

namespace plank::core {

std::string format_float(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  if (x == 0) return std::signbit(x) ? "-0.0" : "0.0";
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific);
  std::string sci(buf, res.ptr);
  bool neg = sci[0] == '-';
  if (neg) sci.erase(0, 1);
  size_t epos = sci.find('e');
  std::string mant = sci.substr(0, epos);
  int exp = std::atoi(sci.c_str() + epos + 1);
  std::string digits;
  for (char c : mant)
    if (c != '.') digits += c;
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  int decpt = exp + 1;  // value = 0.digits * 10^decpt
  std::string out = neg ? "-" : "";
  if (decpt > -4 && decpt <= 16) {
    if (decpt <= 0) {
      out += "0.";
      out.append(static_cast<size_t>(-decpt), '0');
      out += digits;
    } else if (static_cast<size_t>(decpt) >= digits.size()) {
      out += digits;
      out.append(decpt - digits.size(), '0');
      out += ".0";
    } else {
      out += digits.substr(0, decpt);
      out += '.';
      out += digits.substr(decpt);
    }
  } else {
    out += digits[0];
    if (digits.size() > 1) {
      out += '.';
      out += digits.substr(1);
    }
    int e = decpt - 1;
    out += e < 0 ? "e-" : "e+";
    int ae = std::abs(e);
    if (ae < 10) out += '0';
    out += std::to_string(ae);
  }
  return out;
}

// Code points above ASCII that Python's repr() escapes (str.isprintable() is
// false): the separators (Zs but the space, Zl, Zp), format characters (Cf) and
// private use (Co). Unassigned code points (Cn) are printed as they are, which
// differs from Python; the tables for them are not worth their size here.
struct CodeRange {
  uint32_t lo, hi;
};
constexpr CodeRange kNotPrintable[] = {
    {0x80, 0xA0},       {0xAD, 0xAD},       {0x600, 0x605},     {0x61C, 0x61C},     {0x6DD, 0x6DD},
    {0x70F, 0x70F},     {0x890, 0x891},     {0x8E2, 0x8E2},     {0x1680, 0x1680},   {0x180E, 0x180E},
    {0x2000, 0x200F},   {0x2028, 0x202F},   {0x205F, 0x206F},   {0x2065, 0x2065},   {0x3000, 0x3000},
    {0xD800, 0xF8FF},   {0xFEFF, 0xFEFF},   {0xFFF9, 0xFFFB},   {0x110BD, 0x110BD}, {0x110CD, 0x110CD},
    {0x13430, 0x1343F}, {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A}, {0xE0001, 0xE0001}, {0xE0020, 0xE007F},
    {0xF0000, 0x10FFFF},
};

static bool printable_code_point(uint32_t cp) {
  for (const CodeRange& r : kNotPrintable)
    if (cp >= r.lo && cp <= r.hi) return false;
  return true;
}

std::string quote_str(std::string_view s) {
  bool has_single = s.find('\'') != std::string_view::npos;
  bool has_double = s.find('"') != std::string_view::npos;
  char q = has_single && !has_double ? '"' : '\'';
  std::string out;
  out.reserve(s.size() + 2);
  out += q;
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == static_cast<unsigned char>(q) || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7f) {
      out += fmt::format("\\x{:02x}", c);
    } else if (uint32_t cp = 0; c >= 0xC0 && utf8::decode(s, i, &cp) && !printable_code_point(cp)) {
      out += cp < 0x100 ? fmt::format("\\x{:02x}", cp) : cp < 0x10000 ? fmt::format("\\u{:04x}", cp) : fmt::format("\\U{:08x}", cp);
      i += utf8::decode(s, i, &cp) - 1;
    } else {
      out += static_cast<char>(c);
    }
  }
  out += q;
  return out;
}

// The containers being written, one inside another: a set, so that asking whether one is already
// open costs the same at any depth (a scan per level made a deep nest quadratic).
using OpenContainers = std::unordered_set<const Object*>;

static void repr_into(Thread* t, Value v, std::string& out, OpenContainers& active);

static std::string builtin_repr(const BuiltinObject* b) {
  std::string_view name = intrinsics()[b->index].name;
  if (is_type_intrinsic(name)) return fmt::format("<class '{}'>", name);
  return fmt::format("<built-in function {}>", name);
}

// The containers being written, one inside another, as deep as Python's recursion limit allows:
// deeper is a RecursionError, as Python's repr, not a native stack overflow (plank_repr runs on
// the host's own thread) nor a scan of `active` per level that grows with the nesting.
static void enter(Thread* t, OpenContainers& active, const Object* o) {
  if (active.size() >= t->budget.max_depth)
    throw_error(t, "RecursionError", "maximum recursion depth exceeded while getting the repr of an object");
  active.insert(o);
}

static void repr_into(Thread* t, Value v, std::string& out, OpenContainers& active) {
  switch (v.tag) {
    case Tag::None: out += "None"; return;
    case Tag::Bool: out += v.i ? "True" : "False"; return;
    case Tag::Int: out += std::to_string(v.i); return;
    case Tag::Float: out += format_float(v.f); return;
    case Tag::Object: break;
  }
  Object* o = v.obj;
  auto recursive = [&](const char* text) {
    if (active.count(o) != 0) {
      out += text;
      return true;
    }
    return false;
  };
  if (is_subclass_instance(v)) {  // a list or dict of a user class: its own __repr__, if it has one
    Value m;
    if (class_lookup(t, subclass_cls(v), dunder(t, "__repr__"), &m) && m.is(ObjKind::Function)) {
      if (recursive("...")) return;
      enter(t, active, o);
      Value r = call_value(t, m, &v, 1);
      active.erase(o);
      if (!r.is(ObjKind::Str)) throw_error(t, "TypeError", fmt::format("__repr__ returned non-string (type {})", type_name(r)));
      out += str_view(r);
      return;
    }
  }
  switch (o->kind) {
    case ObjKind::Str: out += quote_str(str_view(v)); return;
    case ObjKind::List: {
      if (recursive("[...]")) return;
      enter(t, active, o);
      out += '[';
      auto& items = as_list(v)->items;
      for (size_t i = 0; i < items.size(); ++i) {
        if (i) out += ", ";
        repr_into(t, items[i], out, active);
      }
      out += ']';
      active.erase(o);
      return;
    }
    case ObjKind::Tuple: {
      if (recursive("(...)")) return;
      enter(t, active, o);
      out += '(';
      auto& items = as_tuple(v)->items;
      for (size_t i = 0; i < items.size(); ++i) {
        if (i) out += ", ";
        repr_into(t, items[i], out, active);
      }
      if (items.size() == 1) out += ',';
      out += ')';
      active.erase(o);
      return;
    }
    case ObjKind::Dict: {
      if (recursive("{...}")) return;
      enter(t, active, o);
      out += '{';
      bool first = true;
      for (auto& e : as_dict(v)->entries) {
        if (!e.live) continue;
        if (!first) out += ", ";
        first = false;
        repr_into(t, e.key, out, active);
        out += ": ";
        repr_into(t, e.value, out, active);
      }
      out += '}';
      active.erase(o);
      return;
    }
    case ObjKind::DictView: {
      auto* dv = static_cast<DictViewObject*>(o);
      out += type_name(v);
      out += "([";
      bool first = true;
      for (auto& e : as_dict(dv->dict)->entries) {
        if (!e.live) continue;
        if (!first) out += ", ";
        first = false;
        if (dv->view == DictViewKind::Keys) {
          repr_into(t, e.key, out, active);
        } else if (dv->view == DictViewKind::Values) {
          repr_into(t, e.value, out, active);
        } else {
          out += '(';
          repr_into(t, e.key, out, active);
          out += ", ";
          repr_into(t, e.value, out, active);
          out += ')';
        }
      }
      out += "])";
      return;
    }
    case ObjKind::Function: {
      auto* f = as_function(v);
      std::string q = f->code ? function_display_name(f) : std::string("?");
      out += fmt::format("<function {} at {:#x}>", q, reinterpret_cast<uintptr_t>(o));
      return;
    }
    case ObjKind::Cell: out += fmt::format("<cell at {:#x}>", reinterpret_cast<uintptr_t>(o)); return;
    case ObjKind::Builtin: out += builtin_repr(static_cast<BuiltinObject*>(o)); return;
    case ObjKind::HostFunction:
      out += fmt::format("<built-in function {}>", static_cast<HostFunctionObject*>(o)->function->name);
      return;
    case ObjKind::BoundMethod: {
      auto* b = static_cast<BoundMethodObject*>(o);
      out += fmt::format("<built-in method {} of {} object at {:#x}>", b->method->name, type_name(b->self),
                         reinterpret_cast<uintptr_t>(b->self.tag == Tag::Object ? b->self.obj : nullptr));
      return;
    }
    case ObjKind::Range: {
      auto* r = static_cast<RangeObject*>(o);
      if (r->step == 1) out += fmt::format("range({}, {})", r->start, r->stop);
      else out += fmt::format("range({}, {}, {})", r->start, r->stop, r->step);
      return;
    }
    case ObjKind::Iterator:
    case ObjKind::Opaque:
    case ObjKind::Native:
      out += fmt::format("<{} object at {:#x}>", type_name(v), reinterpret_cast<uintptr_t>(o));
      return;
    case ObjKind::BigInt: out += int_to_decimal(t, v); return;
    case ObjKind::Set: {
      if (recursive(as_set(v)->frozen() ? "frozenset(...)" : "{...}")) return;
      enter(t, active, o);
      out += set_repr(t, v);
      active.erase(o);
      return;
    }
    case ObjKind::Bytes:
    case ObjKind::ByteArray: out += bytes_repr(v); return;
    case ObjKind::Class: {
      auto* c = as_class(v);
      Value m;
      if (find_special(t, v, "__repr__", &m)) {  // a metaclass's __repr__
        Value r = call_value(t, m, &v, 1);
        if (!r.is(ObjKind::Str)) throw_error(t, "TypeError", fmt::format("__repr__ returned non-string (type {})", type_name(r)));
        out += str_view(r);
        return;
      }
      out += c->module == "builtins" ? fmt::format("<class '{}'>", c->qualname)
                                     : fmt::format("<class '{}.{}'>", c->module, c->qualname);
      return;
    }
    case ObjKind::Instance: {
      if (recursive("...")) return;
      Value m;
      if (find_special(t, v, "__repr__", &m) && !m.is(ObjKind::Builtin)) {
        enter(t, active, o);
        Value r = call_value(t, m, &v, 1);
        active.erase(o);
        if (!r.is(ObjKind::Str)) throw_error(t, "TypeError", fmt::format("__repr__ returned non-string (type {})", type_name(r)));
        out += str_view(r);
        return;
      }
      if (is_value_instance(v)) {  // the value's repr: a str subclass's instance shows as its str
        out += value_instance_repr(t, v);
        return;
      }
      if (exception_data(v)) {
        out += exception_repr(t, v);
        return;
      }
      out += default_repr(t, v);
      return;
    }
    case ObjKind::Method: {
      auto* m = static_cast<MethodObject*>(o);
      std::string name = "?";
      if (m->func.is(ObjKind::Function)) {
        name = function_display_name(as_function(m->func));
      } else if (m->func.is(ObjKind::Builtin)) {
        name = std::string(intrinsics()[static_cast<BuiltinObject*>(m->func.obj)->index].name);
      }
      out += "<bound method " + name + " of ";
      repr_into(t, m->self, out, active);
      out += ">";
      return;
    }
    case ObjKind::Super: {
      auto* s = static_cast<SuperObject*>(o);
      out += "<super: ";
      repr_into(t, Value::object(s->after), out, active);
      out += ", ";
      repr_into(t, s->obj, out, active);
      out += ">";
      return;
    }
    case ObjKind::Wrapper: {
      auto* w = static_cast<WrapperObject*>(o);
      if (w->wrap == WrapperKind::Property) {
        out += fmt::format("<property object at {:#x}>", reinterpret_cast<uintptr_t>(o));
        return;
      }
      out += w->wrap == WrapperKind::StaticMethod ? "<staticmethod(" : "<classmethod(";
      repr_into(t, w->fget, out, active);
      out += ")>";
      return;
    }
    case ObjKind::Generator: {
      auto* g = as_generator(v);
      std::string q = function_display_name(g->function);
      out += fmt::format("<{} object {} at {:#x}>", g->coroutine ? "coroutine" : "generator", q, reinterpret_cast<uintptr_t>(o));
      return;
    }
    case ObjKind::Module: {
      auto* m = static_cast<ModuleObject*>(o);
      const ModuleDef* def = find_module(m->name);
      out += def && def->build ? fmt::format("<module '{}' (built-in)>", m->name) : fmt::format("<module '{}'>", m->name);
      return;
    }
    case ObjKind::Slice: {
      auto* s = static_cast<SliceObject*>(o);
      out += "slice(";
      repr_into(t, s->start, out, active);
      out += ", ";
      repr_into(t, s->stop, out, active);
      out += ", ";
      repr_into(t, s->step, out, active);
      out += ")";
      return;
    }
    case ObjKind::Singleton: out += static_cast<SingletonObject*>(o)->name; return;
  }
}

std::string repr(Thread* t, Value v) {
  std::string out;
  OpenContainers active;
  repr_into(t, v, out, active);
  return out;
}

std::string to_str(Thread* t, Value v) {
  if (v.is(ObjKind::Str)) return std::string(str_view(v));
  if (v.is(ObjKind::Instance) || v.is(ObjKind::Class)) {
    Value m;
    if (find_special(t, v, "__str__", &m) && !m.is(ObjKind::Builtin)) {
      Value r = call_value(t, m, &v, 1);
      if (!r.is(ObjKind::Str)) throw_error(t, "TypeError", fmt::format("__str__ returned non-string (type {})", type_name(r)));
      return std::string(str_view(r));
    }
    if (exception_data(v)) return exception_str(t, v);
    // str has its own __str__ (the value); the other types use object's, which is repr().
    if (is_value_instance(v) && as_instance(v)->cls->value_type == "str") return std::string(str_view(unwrap_value(v)));
  }
  if (v.is(ObjKind::BigInt)) return int_to_decimal(t, v);
  return repr(t, v);
}

}  // namespace plank::core
