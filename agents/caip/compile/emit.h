// Writes the generated Plank program: indented lines, fresh names, string
// literals, and the guard after every call that may ask instead of answering.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "compiler/lf/check.h"
#include "compiler/lf/value.h"

namespace plank::caip {

// A Plank (Python) string literal.
inline std::string str_lit(std::string_view s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\\' || c == '\'') out += '\\', out += c;
    else if (c == '\n') out += "\\n";
    else if (static_cast<unsigned char>(c) < 0x20) out += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
    else out += c;
  }
  return out + "'";
}

struct Emitter {
  const lf::Utterance& utterance;
  bool assume = false;
  std::string body;
  int indent = 1;
  int next_name = 0;

  void line(std::string_view text) { body += std::string(size_t(indent) * 4, ' ') + std::string(text) + "\n"; }
  std::string fresh(std::string_view stem) { return fmt::format("{}{}", stem, next_name++); }
  // `name = expr`, then return when it is None (the callee asked or refused).
  std::string bind(std::string_view stem, const std::string& expr) {
    std::string n = fresh(stem);
    line(n + " = " + expr);
    line("if " + n + " is None:");
    line("    return");
    return n;
  }

  // The words of a span leaf ([0, [first, last]]), "" when absent or not a span.
  std::string span(const lf::Value* v) const {
    if (!v || !v->is_list() || v->items.size() != 2 || !v->items[1].is_list() || v->items[1].items.size() != 2)
      return {};
    const auto& r = v->items[1].items;
    if (!r[0].is_int() || !r[1].is_int()) return {};
    long a = long(r[0].integer), b = long(r[1].integer);
    std::string out;
    for (long i = std::max(0L, a); i <= b && i < long(utterance.tokens.size()); ++i)
      out += (out.empty() ? "" : " ") + utterance.tokens[size_t(i)];
    return out;
  }
  std::string text(const lf::Value* v) const { return v && v->is_string() ? v->string : std::string(); }
};

// Keyword arguments with a value: "name='x', colour='red'".
inline void add_kw(std::string& args, std::string_view key, const std::string& value_code) {
  if (value_code.empty()) return;
  if (!args.empty()) args += ", ";
  args += std::string(key) + "=" + value_code;
}
inline void add_str(std::string& args, std::string_view key, const std::string& text) {
  if (!text.empty()) add_kw(args, key, str_lit(text));
}

// lower_refs.cpp
// Emits the lookup of a reference object; returns the variable holding its
// handle (or list of handles when `many`). Options: hole (FILL), quiet (questions).
struct RefLowering {
  bool many = false;     // the caller wants a list (DESTROY, FILL, tags)
  bool hole = false;
  bool quiet = false;
};
std::string lower_ref(Emitter& e, const lf::Value* ref, const RefLowering& how);
// Emits a location; the default (no location) is where the speaker looks.
std::string lower_location(Emitter& e, const lf::Value* loc);
// repeat FOR: the count (compile-time), or nullopt after emitting a question.
std::optional<long> lower_count(Emitter& e, const lf::Value* repeat, const char* what);

// lower_actions.cpp
// Emits one action of action_sequence; returns its action_type.
std::string lower_action(Emitter& e, const lf::Value& action);
void lower_get_memory(Emitter& e, const lf::Value& form);
void lower_put_memory(Emitter& e, const lf::Value& form);

}  // namespace plank::caip
