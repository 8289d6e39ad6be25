#include "compiler/lf/validator.h"

#include <algorithm>

#include "compiler/lf/key_set.h"
#include "support/edit_distance.h"

namespace plank::lf {

size_t edit_distance(std::string_view a, std::string_view b) { return levenshtein(a, b); }

std::string_view closest(std::string_view word, const std::vector<std::string_view>& candidates) {
  std::string_view best;
  size_t best_d = std::max<size_t>(2, word.size() / 3) + 1;
  for (auto c : candidates) {
    size_t d = edit_distance(word, c);
    if (d < best_d) {
      best_d = d;
      best = c;
    }
  }
  return best;
}

namespace {

std::string join(const std::vector<std::string_view>& v) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) out += ", ";
    out += v[i];
  }
  return out;
}

std::string describe(const Value& v) {
  switch (v.kind) {
    case ValueKind::String: return "the string '" + v.string + "'";
    case ValueKind::Int: return "the integer " + std::to_string(v.integer);
    default: return value_kind_name(v.kind);
  }
}

class Validator {
 public:
  Validator(const ValidateOptions& o, const SourceRef& file, DiagnosticSink& sink)
      : opt_(o), file_(file), sink_(sink) {}

  size_t errors = 0;
  std::string path;

  void report(Span span, std::string code, std::string message, std::vector<std::string> expected = {}) {
    Diagnostic d;
    d.file = file_;
    d.span = span;
    d.message = std::move(message);
    d.key_path = path;
    d.expected = std::move(expected);
    d.code = std::move(code);
    sink_.report(std::move(d));
    ++errors;
  }

  // Pushes ".key" (or "key" at the root) onto the path; returns the old length.
  size_t push_key(std::string_view key) {
    size_t len = path.size();
    if (!path.empty()) path += '.';
    path += key;
    return len;
  }
  size_t push_index(size_t i) {
    size_t len = path.size();
    path += '[';
    path += std::to_string(i);
    path += ']';
    return len;
  }

  void node(const Value& v, NodeKind kind, int depth) {
    const NodeSpec& spec = node_spec(kind);
    if (!v.is_dict()) {
      report(v.span, "lf.node-type",
             "expected a " + std::string(spec.name) + " dict, found " + describe(v), {std::string(spec.name)});
      return;
    }
    if (depth > 64) {
      report(v.span, "lf.node-type", "logical form nested too deeply");
      return;
    }
    // Which variant (action_type / dialogue_type)?
    const Variant* variant = nullptr;
    const Value* disc = nullptr;
    if (!spec.discriminator.empty()) {
      disc = v.find(spec.discriminator);
      if (disc && disc->is_string()) variant = find_variant(kind, disc->string);
    }
    // Required keys.
    auto require = [&](std::string_view key) {
      if (v.find_member(key)) return;
      size_t len = push_key(key);
      report(Span::at(v.span.begin), "lf.missing-key",
             "missing required key '" + std::string(key) + "' in " + std::string(spec.name), {std::string(key)});
      path.resize(len);
    };
    for (auto key : spec.required) require(key);
    if (variant)
      for (auto key : variant->required) require(key);

    KeySet seen;
    for (size_t i = 0; i < v.members.size(); ++i) {
      const Member& m = v.members[i];
      size_t len = push_key(m.key);
      if (!seen.insert(m.key)) {
        report(m.key_span, "lf.duplicate-key", "duplicate key '" + m.key + "'");
        path.resize(len);
        continue;
      }
      const KeySpec* ks = find_key(kind, m.key, variant);
      if (!ks && sink_.full()) {  // only counted: no "did you mean" search
        report(m.key_span, "lf.unknown-key", "unknown key");
        path.resize(len);
        continue;
      }
      if (!ks) {
        std::vector<std::string_view> allowed = variant ? keys_of(kind, variant->value) : keys_of(kind);
        std::string msg = "unknown key '" + m.key + "' in " + std::string(spec.name);
        auto suggestion = closest(m.key, allowed);
        if (suggestion.empty()) suggestion = closest(m.key, keys_of(kind));
        if (!suggestion.empty()) msg += "; did you mean '" + std::string(suggestion) + "'?";
        report(m.key_span, "lf.unknown-key", std::move(msg), to_strings(allowed));
        path.resize(len);
        continue;
      }
      if (variant && m.key != spec.discriminator &&
          std::find(variant->keys.begin(), variant->keys.end(), m.key) == variant->keys.end()) {
        std::vector<std::string_view> allowed = keys_of(kind, variant->value);
        report(m.key_span, "lf.key-not-allowed",
               "'" + m.key + "' is not allowed in a " + std::string(variant->value) + " " + std::string(spec.name) +
                   " (allowed: " + join(allowed) + ")",
               to_strings(allowed));
        path.resize(len);
        continue;
      }
      value(m.value, *ks, depth);
      path.resize(len);
    }
  }

  static std::vector<std::string> to_strings(const std::vector<std::string_view>& v) {
    return std::vector<std::string>(v.begin(), v.end());
  }

  void value(const Value& v, const KeySpec& ks, int depth) {
    switch (ks.holds) {
      case Holds::Node: node(v, ks.node, depth + 1); return;
      case Holds::NodeList: {
        std::string name(node_spec(ks.node).name);
        if (!v.is_list()) {
          report(v.span, "lf.node-type", "expected a list of " + name + " dicts, found " + describe(v),
                 {"[" + name + ", ...]"});
          return;
        }
        if (v.items.empty()) {
          report(v.span, "lf.empty-list", "'" + std::string(ks.key) + "' is empty; expected at least one " + name);
          return;
        }
        for (size_t i = 0; i < v.items.size(); ++i) {
          size_t len = push_index(i);
          node(v.items[i], ks.node, depth + 1);
          path.resize(len);
        }
        return;
      }
      case Holds::Span: span(v); return;
      case Holds::Enum:
      case Holds::Yes: {
        if (!v.is_string()) {
          report(v.span, "lf.node-type", "expected one of " + join(ks.values) + ", found " + describe(v),
                 to_strings(ks.values));
          return;
        }
        if (std::find(ks.values.begin(), ks.values.end(), v.string) == ks.values.end())
          report(v.span, "lf.bad-value", "'" + v.string + "' is not one of " + join(ks.values), to_strings(ks.values));
        return;
      }
      case Holds::IntEnum: {
        std::vector<std::string> expected;
        for (auto i : ks.ints) expected.push_back(std::to_string(i));
        if (!v.is_int()) {
          report(v.span, "lf.node-type", "expected an integer angle, found " + describe(v), expected);
          return;
        }
        if (std::find(ks.ints.begin(), ks.ints.end(), v.integer) == ks.ints.end()) {
          std::string list;
          for (size_t i = 0; i < expected.size(); ++i) list += (i ? ", " : "") + expected[i];
          report(v.span, "lf.bad-value", std::to_string(v.integer) + " is not one of " + list, expected);
        }
        return;
      }
      case Holds::Bool:
        if (!v.is_bool()) report(v.span, "lf.node-type", "expected true or false, found " + describe(v), {"true", "false"});
        return;
    }
  }

  void span(const Value& v) {
    static const std::vector<std::string> kShape = {"[0, [first, last]]"};
    if (!v.is_list()) {
      report(v.span, "lf.node-type", "expected a span [0, [first, last]], found " + describe(v), kShape);
      return;
    }
    if (v.items.size() != 2 || !v.items[1].is_list() || v.items[1].items.size() != 2) {
      report(v.span, "lf.span-shape", "malformed span: expected [0, [first, last]]", kShape);
      return;
    }
    const Value& sentence = v.items[0];
    const Value& first = v.items[1].items[0];
    const Value& last = v.items[1].items[1];
    if (!sentence.is_int() || !first.is_int() || !last.is_int()) {
      const Value& bad = !sentence.is_int() ? sentence : !first.is_int() ? first : last;
      report(bad.span, "lf.span-shape",
             "malformed span: expected integers in [0, [first, last]], found " + describe(bad), kShape);
      return;
    }
    if (sentence.integer != 0) {
      report(sentence.span, "lf.span-shape",
             "span sentence index must be 0 (single-turn utterance), found " + std::to_string(sentence.integer), kShape);
      return;
    }
    if (first.integer < 0 || last.integer < 0) {
      const Value& bad = first.integer < 0 ? first : last;
      report(bad.span, "lf.span-range", "span token index " + std::to_string(bad.integer) + " is negative");
      return;
    }
    if (first.integer > last.integer) {
      report(v.items[1].span, "lf.span-range",
             "span start " + std::to_string(first.integer) + " is after its end " + std::to_string(last.integer));
      return;
    }
    if (opt_.token_count >= 0 && last.integer >= opt_.token_count) {
      report(last.span, "lf.span-range",
             "span end " + std::to_string(last.integer) + " is past the last token (the utterance has " +
                 std::to_string(opt_.token_count) + " token" + (opt_.token_count == 1 ? "" : "s") + ")",
             {"0.." + std::to_string(opt_.token_count - 1)});
    }
  }

 private:
  const ValidateOptions& opt_;
  const SourceRef& file_;
  DiagnosticSink& sink_;
};

}  // namespace

size_t validate_node(const Value& v, NodeKind kind, std::string key_path, const ValidateOptions& options,
                     const SourceRef& file, DiagnosticSink& sink) {
  Validator val(options, file, sink);
  val.path = std::move(key_path);
  val.node(v, kind, 0);
  return val.errors;
}

size_t validate(const Value& form, const ValidateOptions& options, const SourceRef& file, DiagnosticSink& sink) {
  return validate_node(form, NodeKind::Root, {}, options, file, sink);
}

}  // namespace plank::lf
