// Values without JSON: handles into the state's table of rooted values, and the functions
// that make, read and fill them.
#include <climits>
#include <string>

#include "embed/capi/guard.h"
#include "embed/capi/json_values.h"
#include "embed/capi/state.h"
#include "runtime/heap.h"
#include "runtime/objects.h"

using namespace plank;
using namespace plank::embed;
using core::ObjKind;
using core::Value;

namespace plank::embed {

plank_value hold(plank_state* P, core::Value v) {
  auto& table = P->handles.constants;
  if (table.size() >= size_t(INT32_MAX)) {
    misuse(P, "MemoryError", "too many live handles (release some with plank_release)");
    return 0;
  }
  table.push_back(v);
  return plank_value(table.size() - 1);
}

int type_of(Value v) {
  switch (v.tag) {
    case core::Tag::None: return PLANK_TNONE;
    case core::Tag::Bool: return PLANK_TBOOL;
    case core::Tag::Int: return PLANK_TINT;
    case core::Tag::Float: return PLANK_TFLOAT;
    case core::Tag::Object: break;
  }
  switch (v.obj->kind) {
    case ObjKind::Str: return PLANK_TSTR;
    case ObjKind::List: return PLANK_TLIST;
    case ObjKind::Tuple: return PLANK_TTUPLE;
    case ObjKind::Dict: return PLANK_TDICT;
    default: return PLANK_TOTHER;
  }
}

bool lookup(plank_state* P, plank_value h, core::Value* v) {
  const auto& table = P->handles.constants;
  if (h <= 0 || size_t(h) >= table.size()) return false;
  *v = table[size_t(h)];
  return true;
}

}  // namespace plank::embed

namespace {

core::Thread* thread_of(plank_state* P) { return &P->program->thread(); }

// The value behind `h`, or a misuse reported and false.
bool value_of(plank_state* P, plank_value h, Value* v, const char* who) {
  if (lookup(P, h, v)) return true;
  usage_error(P, std::string(who) + ": " + std::to_string(h) + " is not a live handle");
  return false;
}

// A handle for a value made by `make` (which may allocate) once the program exists.
template <class F>
plank_value make(plank_state* P, F&& make_value) {
  if (!P) return 0;
  return guarded(P, plank_value(0), [&]() -> plank_value {
    if (!realize(P)) return 0;
    return hold(P, make_value(thread_of(P)));
  });
}

// Reads a handle's value when the program exists; `read` gets the value.
template <class R, class F>
R read(plank_state* P, plank_value h, R on_error, const char* who, F&& body) {
  if (!P) return on_error;
  return guarded(P, on_error, [&]() -> R {
    Value v;
    if (!P->program || !value_of(P, h, &v, who)) {
      if (!P->program) usage_error(P, std::string(who) + ": no value has been made in this state");
      return on_error;
    }
    return body(thread_of(P), v);
  });
}

void wrong_type(plank_state* P, const char* who, const char* expected, Value v) {
  misuse(P, "TypeError", std::string(who) + ": expected " + expected + ", got " + core::type_name(v));
}

// The i-th live entry of a dict: direct when nothing was deleted (the usual case), else a scan.
const core::DictObject::Entry* dict_entry(Value dict, int64_t i) {
  auto* d = core::as_dict(dict);
  if (i < 0 || size_t(i) >= d->count) return nullptr;
  if (d->count == d->entries.size()) return &d->entries[size_t(i)];
  for (const auto& e : d->entries)
    if (e.live && i-- == 0) return &e;
  return nullptr;
}

plank_value item_of(plank_state* P, plank_value container, int64_t i, bool dict_values, const char* who) {
  return read(P, container, plank_value(0), who, [&](core::Thread*, Value v) -> plank_value {
    if (v.is(ObjKind::Dict)) {
      const auto* e = dict_entry(v, i);
      if (!e) return misuse(P, "IndexError", std::string(who) + ": index " + std::to_string(i) + " out of range"), 0;
      return hold(P, dict_values ? e->value : e->key);
    }
    if (!dict_values && (v.is(ObjKind::List) || v.is(ObjKind::Tuple))) {
      const auto& items = v.is(ObjKind::List) ? core::list_items(v) : core::tuple_items(v);
      if (i < 0 || size_t(i) >= items.size())
        return misuse(P, "IndexError", std::string(who) + ": index " + std::to_string(i) + " out of range"), 0;
      return hold(P, items[size_t(i)]);
    }
    wrong_type(P, who, dict_values ? "a dict" : "a list, tuple or dict", v);
    return 0;
  });
}

}  // namespace

extern "C" {

int plank_mark(plank_state* P) {
  if (!P) return 1;
  return int(std::max<size_t>(P->handles.constants.size(), 1));
}

void plank_release(plank_state* P, int mark) {
  if (!P) return;
  auto& table = P->handles.constants;
  if (mark >= 1 && size_t(mark) < table.size()) table.resize(size_t(mark));
}

plank_value plank_none(plank_state* P) {
  return make(P, [](core::Thread*) { return Value::none(); });
}
plank_value plank_bool(plank_state* P, int b) {
  return make(P, [&](core::Thread*) { return Value::boolean(b != 0); });
}
plank_value plank_int(plank_state* P, int64_t i) {
  return make(P, [&](core::Thread*) { return Value::integer(i); });
}
plank_value plank_float(plank_state* P, double x) {
  return make(P, [&](core::Thread*) { return Value::real(x); });
}
plank_value plank_str(plank_state* P, const char* s) {
  if (!s) return P ? (usage_error(P, "plank_str: NULL"), 0) : 0;
  return make(P, [&](core::Thread* t) { return core::make_str(t, s); });
}
plank_value plank_lstr(plank_state* P, const char* s, size_t length) {
  if (!s && length) return P ? (usage_error(P, "plank_lstr: NULL"), 0) : 0;
  return make(P, [&](core::Thread* t) { return core::make_str(t, std::string_view(s ? s : "", length)); });
}
plank_value plank_list(plank_state* P) {
  return make(P, [](core::Thread* t) { return core::make_list(t); });
}
plank_value plank_dict(plank_state* P) {
  return make(P, [](core::Thread* t) { return core::make_dict(t); });
}

plank_value plank_tuple(plank_state* P, int n, const plank_value* items) {
  if (!P) return 0;
  return guarded(P, plank_value(0), [&]() -> plank_value {
    if (!realize(P)) return 0;
    if (n < 0 || (n > 0 && !items)) return usage_error(P, "plank_tuple: a negative count, or items NULL"), 0;
    std::vector<Value> values(size_t(n), Value::none());
    for (int i = 0; i < n; ++i)
      if (!value_of(P, items[i], &values[size_t(i)], "plank_tuple")) return 0;
    return hold(P, core::make_tuple(thread_of(P), std::move(values)));
  });
}

plank_value plank_from_json(plank_state* P, const char* json) {
  if (!P) return 0;
  return guarded(P, plank_value(0), [&]() -> plank_value {
    if (!json) return usage_error(P, "plank_from_json: NULL"), 0;
    if (!realize(P)) return 0;
    Value v;
    std::string why;
    if (!from_json(thread_of(P), json, &v, &why)) return misuse(P, "ValueError", why), 0;
    return hold(P, v);
  });
}

int plank_type(plank_state* P, plank_value v) {
  if (!P || !P->program) return -1;
  Value x;
  return lookup(P, v, &x) ? type_of(x) : -1;
}

int64_t plank_to_int(plank_state* P, plank_value h) {
  return read(P, h, int64_t(0), "plank_to_int", [&](core::Thread*, Value v) -> int64_t {
    if (v.is_int() || v.is_bool()) return v.i;
    wrong_type(P, "plank_to_int", "an int", v);
    return 0;
  });
}

double plank_to_float(plank_state* P, plank_value h) {
  return read(P, h, 0.0, "plank_to_float", [&](core::Thread*, Value v) -> double {
    if (v.is_int() || v.is_bool()) return double(v.i);
    if (v.is_float()) return v.f;
    wrong_type(P, "plank_to_float", "a float or int", v);
    return 0.0;
  });
}

const char* plank_to_str(plank_state* P, plank_value h, size_t* length) {
  if (length) *length = 0;
  return read(P, h, static_cast<const char*>(nullptr), "plank_to_str", [&](core::Thread*, Value v) -> const char* {
    if (!v.is(ObjKind::Str)) {
      wrong_type(P, "plank_to_str", "a str", v);
      return nullptr;
    }
    std::string_view s = core::str_view(v);
    if (length) *length = s.size();
    return keep(P, std::string(s));
  });
}

int plank_truthy(plank_state* P, plank_value h) {
  return read(P, h, -1, "plank_truthy", [&](core::Thread*, Value v) { return core::truthy(v) ? 1 : 0; });
}

const char* plank_to_json(plank_state* P, plank_value h) {
  return read(P, h, static_cast<const char*>(nullptr), "plank_to_json", [&](core::Thread* t, Value v) -> const char* {
    std::string out, why;
    if (!to_json(t, v, &out, &why)) {
      misuse(P, "TypeError", why);
      return nullptr;
    }
    return keep(P, std::move(out));
  });
}

const char* plank_repr(plank_state* P, plank_value h) {
  return read(P, h, static_cast<const char*>(nullptr), "plank_repr",
              [&](core::Thread* t, Value v) -> const char* { return keep(P, core::repr(t, v)); });
}

int64_t plank_len(plank_state* P, plank_value h) {
  return read(P, h, int64_t(-1), "plank_len", [&](core::Thread* t, Value v) -> int64_t {
    if (v.is(ObjKind::Str) || v.is(ObjKind::List) || v.is(ObjKind::Tuple) || v.is(ObjKind::Dict))
      return core::length(t, v);
    return -1;
  });
}

plank_value plank_item(plank_state* P, plank_value container, int64_t i) {
  return item_of(P, container, i, false, "plank_item");
}

plank_value plank_dict_value(plank_state* P, plank_value dict, int64_t i) {
  return item_of(P, dict, i, true, "plank_dict_value");
}

plank_value plank_get(plank_state* P, plank_value dict, plank_value key) {
  return read(P, dict, plank_value(0), "plank_get", [&](core::Thread* t, Value d) -> plank_value {
    Value k, out;
    if (!value_of(P, key, &k, "plank_get")) return 0;
    if (!d.is(ObjKind::Dict)) return wrong_type(P, "plank_get", "a dict", d), 0;
    return core::dict_get(t, d, k, &out) ? hold(P, out) : 0;
  });
}

plank_value plank_get_field(plank_state* P, plank_value dict, const char* key) {
  if (!key) return P ? (usage_error(P, "plank_get_field: NULL key"), 0) : 0;
  return read(P, dict, plank_value(0), "plank_get_field", [&](core::Thread* t, Value d) -> plank_value {
    if (!d.is(ObjKind::Dict)) return wrong_type(P, "plank_get_field", "a dict", d), 0;
    core::RootScope scope(t);
    Value k = scope.push(core::make_str(t, key)), out;
    return core::dict_get(t, d, k, &out) ? hold(P, out) : 0;
  });
}

int plank_append(plank_state* P, plank_value list, plank_value item) {
  return read(P, list, int(PLANK_ERR_USAGE), "plank_append", [&](core::Thread* t, Value l) -> int {
    Value x;
    if (!value_of(P, item, &x, "plank_append")) return PLANK_ERR_USAGE;
    if (!l.is(ObjKind::List)) return wrong_type(P, "plank_append", "a list", l), int(PLANK_ERR_USAGE);
    core::list_append(t, l, x);
    return PLANK_OK;
  });
}

int plank_set(plank_state* P, plank_value dict, plank_value key, plank_value value) {
  return read(P, dict, int(PLANK_ERR_USAGE), "plank_set", [&](core::Thread* t, Value d) -> int {
    Value k, x;
    if (!value_of(P, key, &k, "plank_set") || !value_of(P, value, &x, "plank_set")) return PLANK_ERR_USAGE;
    if (!d.is(ObjKind::Dict)) return wrong_type(P, "plank_set", "a dict", d), int(PLANK_ERR_USAGE);
    core::dict_set(t, d, k, x);
    return PLANK_OK;
  });
}

int plank_set_field(plank_state* P, plank_value dict, const char* key, plank_value value) {
  if (!key) return P ? (usage_error(P, "plank_set_field: NULL key"), int(PLANK_ERR_USAGE)) : int(PLANK_ERR_USAGE);
  return read(P, dict, int(PLANK_ERR_USAGE), "plank_set_field", [&](core::Thread* t, Value d) -> int {
    Value x;
    if (!value_of(P, value, &x, "plank_set_field")) return PLANK_ERR_USAGE;
    if (!d.is(ObjKind::Dict)) return wrong_type(P, "plank_set_field", "a dict", d), int(PLANK_ERR_USAGE);
    core::RootScope scope(t);
    Value k = scope.push(core::make_str(t, key));
    core::dict_set(t, d, k, x);
    return PLANK_OK;
  });
}

}  // extern "C"
