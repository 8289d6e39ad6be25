#include "embed/capi/json_values.h"

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <vector>

#include "runtime/heap.h"
#include "runtime/objects.h"
#include "support/quote.h"
#include "support/utf8.h"

namespace plank::embed {
namespace {

using core::ObjKind;
using core::Value;

struct Writer {
  core::Thread* t;
  std::string& out;
  std::string* why;
  std::vector<const core::Object*> active;  // containers being written: a cycle is an error

  bool fail(std::string message) {
    *why = std::move(message);
    return false;
  }

  // JSON text is UTF-8 (RFC 8259): a str holding other bytes (plank_lstr takes any) has no JSON
  // form that reads back as the same str.
  bool string(std::string_view s) {
    size_t bad = utf8::find_invalid(s);
    if (bad != utf8::npos)
      return fail(fmt::format("a str that is not UTF-8 (byte 0x{:02x} at offset {}) cannot be written as JSON",
                              static_cast<unsigned char>(s[bad]), bad));
    append_json_string(out, s);
    return true;
  }

  bool number(double x) {
    if (!std::isfinite(x)) return fail("Out of range float values are not JSON compliant");
    out += core::format_float(x);
    return true;
  }

  bool key(Value k) {
    switch (k.tag) {
      case core::Tag::None: out += "\"null\""; return true;
      case core::Tag::Bool: out += k.i ? "\"true\"" : "\"false\""; return true;
      case core::Tag::Int: out += '"' + std::to_string(k.i) + '"'; return true;
      case core::Tag::Float:
        if (!std::isfinite(k.f)) return fail("Out of range float values are not JSON compliant");
        out += '"' + core::format_float(k.f) + '"';
        return true;
      case core::Tag::Object:
        if (k.obj->kind == ObjKind::Str) return string(core::str_view(k));
        break;
    }
    return fail("keys must be str, int, float, bool or None, not " + core::type_name(k));
  }

  bool value(Value v) {
    switch (v.tag) {
      case core::Tag::None: out += "null"; return true;
      case core::Tag::Bool: out += v.i ? "true" : "false"; return true;
      case core::Tag::Int: out += std::to_string(v.i); return true;
      case core::Tag::Float: return number(v.f);
      case core::Tag::Object: break;
    }
    ObjKind kind = v.obj->kind;
    if (kind == ObjKind::Str) return string(core::str_view(v));
    if (kind != ObjKind::List && kind != ObjKind::Tuple && kind != ObjKind::Dict)
      return fail("Object of type " + core::type_name(v) + " is not JSON serializable");
    for (const core::Object* o : active)
      if (o == v.obj) return fail("Circular reference detected");
    if (active.size() >= size_t(kMaxJsonDepth))
      return fail(fmt::format("the value nests more than {} lists, tuples and dicts deep for JSON", kMaxJsonDepth));
    active.push_back(v.obj);
    bool ok = true;
    if (kind == ObjKind::Dict) {
      out += '{';
      bool first = true;
      core::dict_for_each(v, [&](Value k, Value x) {
        if (!ok) return;
        if (!first) out += ", ";
        first = false;
        ok = key(k);
        if (ok) out += ": ";
        if (ok) ok = value(x);
      });
      out += '}';
    } else {
      const std::vector<Value>& items = kind == ObjKind::List ? core::list_items(v) : core::tuple_items(v);
      out += '[';
      for (size_t i = 0; ok && i < items.size(); ++i) {
        if (i) out += ", ";
        ok = value(items[i]);
      }
      out += ']';
    }
    active.pop_back();
    return ok;
  }
};

// Builds from a parsed document; every container made is rooted on `scope` until the caller has
// the whole.
template <class Json>
Value build(core::Thread* t, core::RootScope& scope, const Json& j, int depth, std::string* why) {
  using Type = typename Json::value_t;
  // The writer's limit: kMaxJsonDepth containers, one inside another; what reads, writes back.
  if (j.is_structured() && depth >= kMaxJsonDepth) {
    *why = fmt::format("the JSON nests more than {} arrays and objects deep", kMaxJsonDepth);
    return Value::none();
  }
  switch (j.type()) {
    case Type::null: return Value::none();
    case Type::boolean: return Value::boolean(j.template get<bool>());
    case Type::number_integer: return Value::integer(j.template get<int64_t>());
    case Type::number_unsigned: {
      uint64_t u = j.template get<uint64_t>();
      if (u > uint64_t(INT64_MAX)) {
        *why = "integer " + std::to_string(u) + " does not fit in 64 bits";
        return Value::none();
      }
      return Value::integer(int64_t(u));
    }
    case Type::number_float: return Value::real(j.template get<double>());
    case Type::string: return scope.push(core::make_str(t, j.template get_ref<const std::string&>()));
    case Type::array: {
      Value list = scope.push(core::make_list(t));
      for (const auto& item : j) {
        Value x = build(t, scope, item, depth + 1, why);
        if (!why->empty()) return Value::none();
        core::list_append(t, list, x);
      }
      return list;
    }
    case Type::object: {
      Value dict = scope.push(core::make_dict(t));
      for (auto it = j.begin(); it != j.end(); ++it) {
        Value x = build(t, scope, it.value(), depth + 1, why);
        if (!why->empty()) return Value::none();
        Value k = scope.push(core::make_str(t, it.key()));
        core::dict_set(t, dict, k, x);
      }
      return dict;
    }
    default: *why = "unsupported JSON value"; return Value::none();
  }
}

}  // namespace

bool to_json(core::Thread* t, core::Value v, std::string* out, std::string* why) {
  out->clear();
  Writer w{t, *out, why, {}};
  return w.value(v);
}

bool from_json(core::Thread* t, std::string_view json, core::Value* out, std::string* why) {
  // Object keys in document order (Python's json keeps them so; nlohmann's default sorts).
  nlohmann::ordered_json doc;
  try {
    doc = nlohmann::ordered_json::parse(json);
  } catch (const nlohmann::json::exception& e) {
    *why = std::string("invalid JSON: ") + e.what();
    return false;
  }
  why->clear();
  core::RootScope scope(t);
  Value v = build(t, scope, doc, 0, why);
  if (!why->empty()) return false;
  *out = v;
  return true;
}

}  // namespace plank::embed
