// The logical-form value tree: JSON-shaped data (null, bool, int, double,
// string, list, dict with ordered entries) where every value carries the Span
// of its source text and every dict entry the Span of its key, so that the
// validator can point at the exact key or value that is wrong.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "support/source.h"

namespace plank::lf {

enum class ValueKind : uint8_t { Null, Bool, Int, Double, String, List, Dict };
const char* value_kind_name(ValueKind k);  // "null", "a boolean", "an integer", ...

struct Member;

struct Value {
  ValueKind kind = ValueKind::Null;
  bool boolean = false;
  int64_t integer = 0;
  double number = 0.0;
  Span span;                     // the whole value in its file
  std::string string;            // String
  std::vector<Value> items;      // List
  std::vector<Member> members;   // Dict, in source order

  static Value null(Span s = {});
  static Value from_bool(bool b, Span s = {});
  static Value from_int(int64_t i, Span s = {});
  static Value from_double(double d, Span s = {});
  static Value from_string(std::string str, Span s = {});
  static Value list(Span s = {});
  static Value dict(Span s = {});

  bool is_null() const { return kind == ValueKind::Null; }
  bool is_bool() const { return kind == ValueKind::Bool; }
  bool is_int() const { return kind == ValueKind::Int; }
  bool is_number() const { return kind == ValueKind::Int || kind == ValueKind::Double; }
  bool is_string() const { return kind == ValueKind::String; }
  bool is_list() const { return kind == ValueKind::List; }
  bool is_dict() const { return kind == ValueKind::Dict; }

  // Dict access (first entry with that key); nullptr when absent or not a dict.
  const Value* find(std::string_view key) const;
  Value* find(std::string_view key);
  const Member* find_member(std::string_view key) const;
  Member* find_member(std::string_view key);
  // Appends (does not replace); returns the new value.
  Value& add(std::string key, Value v, Span key_span = {});
  // Removes every entry with that key; returns how many were removed.
  size_t erase(std::string_view key);

  // Structural equality (spans ignored).
  friend bool operator==(const Value& a, const Value& b);
};

struct Member {
  std::string key;
  Span key_span;  // the key's string literal, quotes included
  Value value;
};

// JSON text of a value; keys in stored order. pretty = two-space indentation.
std::string to_json_text(const Value& v, bool pretty = false);

// A CAIP data-set line {"text": ..., "logical_form": ...} wraps a form with the
// utterance its spans index into; anything else is a bare form with no
// utterance. Every reader of forms (exec-lf, the REPL) unwraps the same way.
struct UtteranceForm {
  Value form;
  std::string text;  // empty when the input carried no utterance
};
UtteranceForm unwrap_dataset_line(const Value& v);

}  // namespace plank::lf
