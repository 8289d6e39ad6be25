#include "embed/capi/json_values.h"

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <unordered_set>
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
  // The containers being written, one inside another: a cycle is an error. A set, so that the
  // check costs the same at any depth (a scan per level was quadratic in the nesting).
  std::unordered_set<const core::Object*> active;

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
    if (active.count(v.obj) != 0) return fail("Circular reference detected");
    if (active.size() >= size_t(kMaxJsonDepth))
      return fail(fmt::format("the value nests more than {} lists, tuples and dicts deep for JSON", kMaxJsonDepth));
    active.insert(v.obj);
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
    active.erase(v.obj);
    return ok;
  }
};

// Builds the value as the parser reads (nlohmann's SAX events), with no document in between:
// linear in the text. A document first (ordered_json, to keep Python's key order) looked every
// key up in a list: 40,000 keys took 1.5 CPU-s, a million about a quarter of an hour. Every
// object made is rooted on `scope` until the caller has the whole.
class ValueBuilder {
 public:
  using json = nlohmann::json;
  ValueBuilder(core::Thread* t, core::RootScope& scope, std::string* why) : t_(t), scope_(scope), why_(why) {}

  Value result() const { return result_; }

  bool null() { return add(Value::none()); }
  bool boolean(bool b) { return add(Value::boolean(b)); }
  bool number_integer(json::number_integer_t i) { return add(Value::integer(i)); }
  bool number_unsigned(json::number_unsigned_t u) {
    if (u > uint64_t(INT64_MAX)) return fail("integer " + std::to_string(u) + " does not fit in 64 bits");
    return add(Value::integer(int64_t(u)));
  }
  bool number_float(json::number_float_t x, const std::string&) { return add(Value::real(x)); }
  bool string(std::string& s) { return add(scope_.push(core::make_str(t_, s))); }
  bool binary(json::binary_t&) { return fail("unsupported JSON value"); }
  bool start_object(std::size_t) { return open(core::make_dict(t_)); }
  bool key(std::string& k) {
    keys_.back() = scope_.push(core::make_str(t_, k));
    return true;
  }
  bool end_object() { return close(); }
  bool start_array(std::size_t) { return open(core::make_list(t_)); }
  bool end_array() { return close(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) {
    return fail(std::string("invalid JSON: ") + e.what());
  }

 private:
  bool fail(std::string message) {
    *why_ = std::move(message);
    return false;
  }
  // Into the open container (a dict under the key just read), or the result. As in Python, a
  // key given twice keeps its first place and its last value.
  bool add(Value v) {
    if (open_.empty()) {
      result_ = v;
    } else if (open_.back().is(ObjKind::List)) {
      core::list_append(t_, open_.back(), v);
    } else {
      core::dict_set(t_, open_.back(), keys_.back(), v);
    }
    return true;
  }
  bool open(Value container) {
    // The writer's limit: kMaxJsonDepth containers, one inside another; what reads, writes back.
    if (open_.size() >= size_t(kMaxJsonDepth))
      return fail(fmt::format("the JSON nests more than {} arrays and objects deep", kMaxJsonDepth));
    scope_.push(container);
    add(container);
    open_.push_back(container);
    keys_.push_back(Value::none());
    return true;
  }
  bool close() {
    open_.pop_back();
    keys_.pop_back();
    return true;
  }

  core::Thread* t_;
  core::RootScope& scope_;
  std::string* why_;
  Value result_ = Value::none();
  std::vector<Value> open_;  // the containers being filled, outermost first (each rooted on scope_)
  std::vector<Value> keys_;  // the key read last in each (rooted on scope_); none for a list
};

}  // namespace

bool to_json(core::Thread* t, core::Value v, std::string* out, std::string* why) {
  out->clear();
  Writer w{t, *out, why, {}};
  return w.value(v);
}

bool from_json(core::Thread* t, std::string_view json, core::Value* out, std::string* why) {
  why->clear();
  core::RootScope scope(t);
  ValueBuilder builder(t, scope, why);
  if (!nlohmann::json::sax_parse(json, &builder)) {
    if (why->empty()) *why = "invalid JSON";
    return false;
  }
  *out = builder.result();
  return true;
}

}  // namespace plank::embed
