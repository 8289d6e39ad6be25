#include "agents/deps/compile/goal.h"

#include <fmt/format.h>

namespace plank::deps {

const char* verb_name(Verb v) {
  switch (v) {
    case Verb::Mine: return "mine";
    case Verb::Craft: return "craft";
    case Verb::Smelt: return "smelt";
    case Verb::Kill: return "kill";
    case Verb::Equip: return "equip";
  }
  return "?";
}

std::optional<Verb> verb_named(std::string_view name) {
  for (Verb v : {Verb::Mine, Verb::Craft, Verb::Smelt, Verb::Kill, Verb::Equip})
    if (name == verb_name(v)) return v;
  return std::nullopt;
}

std::string counts_literal(const survival::ItemCounts& counts) {
  std::string s = "{";
  for (const auto& [item, n] : counts) s += fmt::format("{}'{}':{}", s.size() > 1 ? ", " : "", item, n);
  return s + "}";
}

std::string counts_text(const survival::ItemCounts& counts) {
  std::string s;
  for (const auto& [item, n] : counts) s += fmt::format("{}{} {}", s.empty() ? "" : ", ", n, item);
  return s.empty() ? "nothing" : s;
}

static std::string tool_literal(const std::string& tool) { return tool.empty() ? "null" : "'" + tool + "'"; }

std::string Goal::code() const {
  std::string obj = counts_literal({{item, count}});
  switch (verb) {
    case Verb::Mine:
    case Verb::Kill: return fmt::format("{}({}, {})", verb_name(verb), obj, tool_literal(tool));
    case Verb::Craft:
    case Verb::Smelt:
      return fmt::format("{}({}, {}, {})", verb_name(verb), obj, counts_literal(materials), tool_literal(tool));
    case Verb::Equip: return fmt::format("equip('{}')", item);
  }
  return {};
}

std::string Goal::comment(int step) const {
  std::string s = fmt::format("step {}: {} {} {}", step, verb_name(verb), count, item);
  std::string from;
  for (const auto& [m, n] : materials) from += fmt::format("{}{} {}", from.empty() ? "" : " and ", n, m);
  switch (verb) {
    case Verb::Mine:
    case Verb::Kill: return s + (tool.empty() ? " without tool" : " with " + tool);
    case Verb::Craft:
    case Verb::Smelt:
      if (!from.empty()) s += " from " + from;
      return s + (tool.empty() ? "" : ", on " + tool);
    case Verb::Equip: return fmt::format("step {}: equip {}", step, item);
  }
  return s;
}

std::string plan_code(const std::string& target, int count, const survival::ItemCounts& inventory,
                      const std::vector<Goal>& goals) {
  std::string out = fmt::format("def obtain_{}_{}(inventory = {}):\n", count, target, counts_literal(inventory));
  for (size_t i = 0; i < goals.size(); ++i)
    out += fmt::format("    {}; # {}\n", goals[i].code(), goals[i].comment(int(i) + 1));
  out += fmt::format("    return \"{}\"\n", target);
  return out;
}

}  // namespace plank::deps
