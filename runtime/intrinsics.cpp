#include "runtime/intrinsics.h"

#include <algorithm>
#include <deque>
#include <iterator>
#include <unordered_map>

#include <fmt/format.h>

#include "runtime/args.h"
#include "runtime/capabilities.h"

namespace plank::core {

uint32_t Intrinsic::min_positional() const {
  uint32_t n = 0;
  for (auto& p : params)
    if (!p.variadic && !p.keyword_only && !p.var_keywords && p.default_text.empty()) ++n;
  return n;
}

uint32_t Intrinsic::max_positional() const {
  uint32_t n = 0;
  for (auto& p : params) {
    if (p.variadic) return UINT32_MAX;
    if (!p.keyword_only && !p.var_keywords) ++n;
  }
  return n;
}

static std::vector<Intrinsic>& table() {
  static std::vector<Intrinsic> t = [] {
    std::vector<Intrinsic> all = builtin_intrinsics();
    for (auto more : {python_builtin_intrinsics, exception_intrinsics, type_function_intrinsics, module_intrinsics,
                      value_type_intrinsics, dir_intrinsics}) {
      std::vector<Intrinsic> v = more();
      all.insert(all.end(), std::make_move_iterator(v.begin()), std::make_move_iterator(v.end()));
    }
    return all;
  }();
  return t;
}

const std::vector<Intrinsic>& intrinsics() { return table(); }

uint32_t add_intrinsic(Intrinsic intrinsic) {
  auto& t = table();
  t.push_back(std::move(intrinsic));
  return static_cast<uint32_t>(t.size() - 1);
}

// By name through an index (rebuilt when the table grew): LoadGlobal's
// fallback to the builtins looks names up at run time.
std::optional<uint32_t> find_intrinsic(std::string_view name) {
  const auto& t = table();
  static thread_local std::unordered_map<std::string_view, uint32_t> index;
  static thread_local size_t indexed = 0;
  if (indexed != t.size()) {
    index.clear();
    for (size_t i = 0; i < t.size(); ++i) index.emplace(t[i].name, static_cast<uint32_t>(i));
    indexed = t.size();
  }
  auto it = index.find(name);
  if (it == index.end()) return std::nullopt;
  return it->second;
}

// A deque: add_method appends while entries are referenced by address (the
// methods' own `static const Method*` and ops.cpp's lookup cache).
static std::deque<Method>& method_table() {
  static std::deque<Method> m = [] {
    std::vector<Method> built = builtin_methods();
    for (auto more : {python_methods, set_methods, bytes_methods, generator_methods}) {
      std::vector<Method> v = more();
      built.insert(built.end(), std::make_move_iterator(v.begin()), std::make_move_iterator(v.end()));
    }
    return std::deque<Method>(std::make_move_iterator(built.begin()), std::make_move_iterator(built.end()));
  }();
  return m;
}

const std::deque<Method>& methods() { return method_table(); }

void add_method(Method method) { method_table().push_back(std::move(method)); }

const Method* find_method(ObjKind receiver, std::string_view name) {
  for (auto& m : methods())
    if (m.receiver == receiver && m.name == name) return &m;
  return nullptr;
}

void bind_args(Thread* t, std::string_view name, const std::vector<IntrinsicParam>& params, const CallArgs& args,
               BoundArgs* out) {
  BoundArgs& b = *out;
  // The common call: positional arguments only, to parameters that are neither
  // variadic nor keyword-only, every one past the given ones having a default.
  if (args.nkw == 0 && args.npos <= params.size()) {
    bool simple = true;
    for (size_t i = 0; i < params.size() && simple; ++i)
      simple = !params[i].variadic && !params[i].keyword_only && (i < args.npos || !params[i].default_text.empty());
    if (simple) {
      b.values.assign(params.size(), Value::none());
      b.given.assign(params.size(), 0);
      for (uint32_t i = 0; i < args.npos; ++i) {
        b.values[i] = load_value(&args.positional(i));
        b.given[i] = 1;
      }
      return;
    }
  }
  b.values.assign(params.size(), Value::none());
  b.given.assign(params.size(), 0);
  uint32_t min = 0, max = 0;
  bool variadic = false, var_keywords = false;
  for (auto& p : params) {
    var_keywords |= p.var_keywords;
    if (p.variadic) variadic = true;
    else if (!p.keyword_only && !p.var_keywords && !variadic) {
      ++max;
      if (p.default_text.empty()) ++min;
    }
  }
  uint32_t pos = 0;
  for (size_t i = 0; i < params.size() && pos < args.npos; ++i) {
    if (params[i].keyword_only || params[i].var_keywords) continue;
    if (params[i].variadic) {
      while (pos < args.npos) b.rest.push_back(args.positional(pos++));
      break;
    }
    b.values[i] = args.positional(pos++);
    b.given[i] = 1;
  }
  if (pos < args.npos) {
    if (min == max && max == 1)
      throw_error(t, "TypeError", fmt::format("{}() takes exactly one argument ({} given)", name, args.npos));
    if (max == 0) throw_error(t, "TypeError", fmt::format("{}() takes no arguments ({} given)", name, args.npos));
    throw_error(t, "TypeError", fmt::format("{} expected at most {} argument{}, got {}", name, max, max == 1 ? "" : "s", args.npos));
  }
  for (uint32_t k = 0; k < args.nkw; ++k) {
    std::string_view kw = str_view(args.kwnames[k]);
    size_t i = 0;
    while (i < params.size() && (params[i].variadic || params[i].var_keywords || params[i].name != kw)) ++i;
    if (i == params.size() && var_keywords) continue;  // the intrinsic reads it from args
    if (i == params.size()) throw_error(t, "TypeError", fmt::format("{}() got an unexpected keyword argument '{}'", name, kw));
    if (b.given[i]) throw_error(t, "TypeError", fmt::format("argument for {}() given by name ('{}') and position", name, kw));
    b.values[i] = args.keyword_value(k);
    b.given[i] = 1;
  }
  for (size_t i = 0; i < params.size(); ++i) {
    auto& p = params[i];
    if (p.variadic || p.var_keywords || !p.default_text.empty() || b.given[i]) continue;
    if (p.keyword_only)
      throw_error(t, "TypeError", fmt::format("{}() missing required keyword-only argument: '{}'", name, p.name));
    if (min == max && max == 1)
      throw_error(t, "TypeError", fmt::format("{}() takes exactly one argument (0 given)", name));
    throw_error(t, "TypeError", fmt::format("{} expected at least {} argument{}, got {}", name, min, min == 1 ? "" : "s", args.npos));
  }
}

static std::string signature(std::string_view name, const std::vector<IntrinsicParam>& params, std::string_view returns) {
  std::string s = std::string(name) + "(";
  bool star = false;
  for (size_t i = 0; i < params.size(); ++i) {
    auto& p = params[i];
    if (i) s += ", ";
    if (p.keyword_only && !star) {
      s += "*, ";
      star = true;
    }
    if (p.variadic) {
      s += "*";
      star = true;
    }
    if (p.var_keywords) s += "**";
    s += p.name;
    if (!p.type.empty()) s += ": " + std::string(p.type);
    if (!p.default_text.empty()) s += " = " + std::string(p.default_text);
  }
  s += ")";
  if (!returns.empty()) s += " -> " + std::string(returns);
  return s;
}

static std::string_view kind_name(ObjKind k) {
  switch (k) {
    case ObjKind::Str: return "str";
    case ObjKind::List: return "list";
    case ObjKind::Dict: return "dict";
    case ObjKind::Tuple: return "tuple";
    case ObjKind::Set: return "set";
    case ObjKind::Bytes: return "bytes";
    case ObjKind::ByteArray: return "bytearray";
    case ObjKind::Generator: return "generator";
    default: return "object";
  }
}

// A `|` inside a Markdown table cell must be escaped.
static std::string cell(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

std::string reference_markdown() {
  std::string out = "# Intrinsics reference\n\n";
  out += "Generated from the intrinsics and methods tables (`runtime/intrinsics.h`); do not edit by hand.\n\n";
  std::vector<std::string_view> categories;
  for (auto& in : intrinsics())
    if (std::find(categories.begin(), categories.end(), in.category) == categories.end()) categories.push_back(in.category);
  for (auto cat : categories) {
    out += fmt::format("## {} functions\n\n", cat);
    out += "| signature | capabilities | description |\n|---|---|---|\n";
    for (auto& in : intrinsics()) {
      if (in.category != cat) continue;
      out += fmt::format("| `{}` | {} | {} |\n", cell(signature(in.name, in.params, in.returns)), capability_text(in.capabilities),
                         cell(in.doc));
    }
    out += "\n";
  }
  for (ObjKind k : {ObjKind::Str, ObjKind::List, ObjKind::Dict, ObjKind::Tuple, ObjKind::Set, ObjKind::Bytes,
                    ObjKind::ByteArray, ObjKind::Generator}) {
    out += fmt::format("## {} methods\n\n", kind_name(k));
    out += "| signature | description |\n|---|---|\n";
    for (auto& m : methods()) {
      if (m.receiver != k) continue;
      out += fmt::format("| `{}.{}` | {} |\n", kind_name(k), cell(signature(m.name, m.params, m.returns)), cell(m.doc));
    }
    out += "\n";
  }
  return out;
}

}  // namespace plank::core
