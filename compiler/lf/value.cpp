#include "compiler/lf/value.h"

#include <charconv>
#include <cmath>

#include "support/quote.h"

namespace plank::lf {

const char* value_kind_name(ValueKind k) {
  switch (k) {
    case ValueKind::Null: return "null";
    case ValueKind::Bool: return "a boolean";
    case ValueKind::Int: return "an integer";
    case ValueKind::Double: return "a number";
    case ValueKind::String: return "a string";
    case ValueKind::List: return "a list";
    case ValueKind::Dict: return "a dict";
  }
  return "a value";
}

Value Value::null(Span s) { Value v; v.span = s; return v; }
Value Value::from_bool(bool b, Span s) { Value v; v.kind = ValueKind::Bool; v.boolean = b; v.span = s; return v; }
Value Value::from_int(int64_t i, Span s) { Value v; v.kind = ValueKind::Int; v.integer = i; v.span = s; return v; }
Value Value::from_double(double d, Span s) { Value v; v.kind = ValueKind::Double; v.number = d; v.span = s; return v; }
Value Value::from_string(std::string str, Span s) {
  Value v; v.kind = ValueKind::String; v.string = std::move(str); v.span = s; return v;
}
Value Value::list(Span s) { Value v; v.kind = ValueKind::List; v.span = s; return v; }
Value Value::dict(Span s) { Value v; v.kind = ValueKind::Dict; v.span = s; return v; }

const Member* Value::find_member(std::string_view key) const {
  if (kind != ValueKind::Dict) return nullptr;
  for (const auto& m : members)
    if (m.key == key) return &m;
  return nullptr;
}
Member* Value::find_member(std::string_view key) {
  return const_cast<Member*>(static_cast<const Value*>(this)->find_member(key));
}
const Value* Value::find(std::string_view key) const {
  const Member* m = find_member(key);
  return m ? &m->value : nullptr;
}
Value* Value::find(std::string_view key) {
  Member* m = find_member(key);
  return m ? &m->value : nullptr;
}

Value& Value::add(std::string key, Value v, Span key_span) {
  members.push_back(Member{std::move(key), key_span, std::move(v)});
  return members.back().value;
}

size_t Value::erase(std::string_view key) {
  size_t before = members.size();
  std::erase_if(members, [&](const Member& m) { return m.key == key; });
  return before - members.size();
}

bool operator==(const Value& a, const Value& b) {
  if (a.kind != b.kind) {
    if (a.is_number() && b.is_number())
      return (a.is_int() ? double(a.integer) : a.number) == (b.is_int() ? double(b.integer) : b.number);
    return false;
  }
  switch (a.kind) {
    case ValueKind::Null: return true;
    case ValueKind::Bool: return a.boolean == b.boolean;
    case ValueKind::Int: return a.integer == b.integer;
    case ValueKind::Double: return a.number == b.number;
    case ValueKind::String: return a.string == b.string;
    case ValueKind::List: return a.items == b.items;
    case ValueKind::Dict:
      if (a.members.size() != b.members.size()) return false;
      for (size_t i = 0; i < a.members.size(); ++i)
        if (a.members[i].key != b.members[i].key || !(a.members[i].value == b.members[i].value)) return false;
      return true;
  }
  return false;
}

namespace {

void newline(std::string& out, bool pretty, int depth) {
  if (!pretty) return;
  out.push_back('\n');
  out.append(static_cast<size_t>(depth) * 2, ' ');
}

// Short lists of scalars (spans) stay on one line even when pretty.
bool is_flat(const Value& v) {
  if (!v.is_list() || v.items.size() > 4) return false;
  for (const auto& x : v.items)
    if (x.is_dict() || (x.is_list() && !is_flat(x))) return false;
  return true;
}

void write(std::string& out, const Value& v, bool pretty, int depth) {
  switch (v.kind) {
    case ValueKind::Null: out += "null"; break;
    case ValueKind::Bool: out += v.boolean ? "true" : "false"; break;
    case ValueKind::Int: {
      char buf[32];
      auto r = std::to_chars(buf, buf + sizeof buf, v.integer);
      out.append(buf, r.ptr);
      break;
    }
    case ValueKind::Double: {
      if (!std::isfinite(v.number)) { out += "null"; break; }
      char buf[64];
      auto r = std::to_chars(buf, buf + sizeof buf, v.number);
      std::string_view text(buf, static_cast<size_t>(r.ptr - buf));
      out += text;
      if (text.find_first_of(".eE") == std::string_view::npos) out += ".0";
      break;
    }
    case ValueKind::String: append_json_string(out, v.string); break;
    case ValueKind::List: {
      out.push_back('[');
      bool flat = !pretty || is_flat(v);
      for (size_t i = 0; i < v.items.size(); ++i) {
        if (i) out += flat && pretty ? ", " : ",";
        if (!flat) newline(out, pretty, depth + 1);
        write(out, v.items[i], flat ? false : pretty, depth + 1);
      }
      if (!flat && !v.items.empty()) newline(out, pretty, depth);
      out.push_back(']');
      break;
    }
    case ValueKind::Dict: {
      out.push_back('{');
      for (size_t i = 0; i < v.members.size(); ++i) {
        if (i) out.push_back(',');
        newline(out, pretty, depth + 1);
        append_json_string(out, v.members[i].key);
        out += pretty ? ": " : ":";
        write(out, v.members[i].value, pretty, depth + 1);
      }
      if (!v.members.empty()) newline(out, pretty, depth);
      out.push_back('}');
      break;
    }
  }
}

}  // namespace

std::string to_json_text(const Value& v, bool pretty) {
  std::string out;
  write(out, v, pretty, 0);
  return out;
}

UtteranceForm unwrap_dataset_line(const Value& v) {
  const Value* inner = v.find("logical_form");
  if (!inner) return UtteranceForm{v, {}};
  const Value* text = v.find("text");
  return UtteranceForm{*inner, text && text->is_string() ? text->string : std::string()};
}

}  // namespace plank::lf
