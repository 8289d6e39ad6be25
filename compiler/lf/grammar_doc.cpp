#include "compiler/lf/grammar_doc.h"

#include <fmt/format.h>

#include <set>

#include "compiler/lf/grammar_table.h"

namespace plank::lf {
namespace {

std::string join(const std::vector<std::string_view>& items, std::string_view sep = ", ") {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) out += fmt::format("{}{}", i ? sep : "", items[i]);
  return out;
}

std::string code_list(const std::vector<std::string_view>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) out += fmt::format("{}`{}`", i ? ", " : "", items[i]);
  return out;
}

// Node kinds that share a name (LOCATION under DANCE...) get a qualified anchor.
std::string anchor(NodeKind kind) {
  std::string name(node_kind_name(kind));
  for (auto& c : name) c = static_cast<char>(c == '_' ? '-' : std::tolower(static_cast<unsigned char>(c)));
  return fmt::format("{}-{}", name, static_cast<int>(kind));
}

std::string holds_text(const KeySpec& k) {
  switch (k.holds) {
    case Holds::Node:
      return fmt::format("[{}](#{})", node_kind_name(k.node), anchor(k.node));
    case Holds::NodeList:
      return fmt::format("list of [{}](#{})", node_kind_name(k.node), anchor(k.node));
    case Holds::Span: return "span `[0, [first, last]]`";
    case Holds::Enum: return "one of " + code_list(k.values);
    case Holds::IntEnum: {
      std::string out = "one of ";
      for (size_t i = 0; i < k.ints.size(); ++i) out += fmt::format("{}`{}`", i ? ", " : "", k.ints[i]);
      return out;
    }
    case Holds::Yes: return "the string `yes`";
    case Holds::Bool: return "`true` / `false`";
  }
  return "";
}

std::string key_table(const std::vector<KeySpec>& keys, const std::vector<std::string_view>& required) {
  std::set<std::string_view> req(required.begin(), required.end());
  std::string out = "| key | holds | notes |\n|---|---|---|\n";
  for (const auto& k : keys)
    out += fmt::format("| `{}`{} | {} | {} |\n", k.key, req.count(k.key) ? " (required)" : "", holds_text(k), k.doc);
  return out;
}

}  // namespace

std::string grammar_reference_markdown() {
  std::string out =
      "# Logical-form grammar reference\n\n"
      "Generated from `compiler/lf/grammar_table.cpp` by `plank reference lf` — do not edit by hand;\n"
      "a test fails when this file and the table disagree. The grammar is the ACL-2020 CAIP grammar\n"
      "(`../shared/docs/caip-grammar.md` §1); see [logical-forms.md](logical-forms.md) for what is\n"
      "normalised before validation.\n\n"
      "Every key is optional unless marked required. A span is `[0, [first, last]]`: sentence 0,\n"
      "inclusive word indices into the whitespace-tokenised utterance.\n";
  for (NodeKind kind : all_node_kinds()) {
    const NodeSpec& spec = node_spec(kind);
    out += fmt::format("\n<a id=\"{}\"></a>\n## {} — {}\n\n", anchor(kind), spec.name, spec.doc);
    out += key_table(spec.keys, spec.required);
    if (spec.variants.empty()) continue;
    out += fmt::format("\nKeys allowed by `{}`:\n\n| {} | keys | meaning |\n|---|---|---|\n", spec.discriminator,
                       spec.discriminator);
    for (const auto& v : spec.variants) {
      std::string keys = v.keys.empty() ? "none" : code_list(v.keys);
      for (const auto& o : v.overrides) keys += fmt::format(" (`{}` is {})", o.key, holds_text(o));
      if (!v.required.empty()) keys += " — required: " + code_list(v.required);
      out += fmt::format("| `{}` | {} | {} |\n", v.value, keys, v.doc);
    }
  }
  return out;
}

}  // namespace plank::lf
