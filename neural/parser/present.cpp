#include "neural/parser/present.h"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

namespace plank::neural {
namespace {

using Mark = std::tuple<long, long, std::string>;  // first token, last token, key

bool is_span(const lf::Value& v) {
  return v.is_list() && v.items.size() == 2 && v.items[1].is_list() && v.items[1].items.size() == 2 &&
         v.items[1].items[0].is_int() && v.items[1].items[1].is_int();
}

std::string span_text(const lf::Value& v, const std::vector<std::string>& tokens) {
  std::string s;
  for (auto i = std::max<long>(0, v.items[1].items[0].integer); i <= v.items[1].items[1].integer && i < static_cast<long>(tokens.size()); ++i)
    s += (s.empty() ? "" : " ") + tokens[static_cast<size_t>(i)];
  return s;
}

// The tree, one key a line; spans show their words. `marks` collects (first, last, key) for the highlight.
void print_tree(const lf::Value& v, const std::vector<std::string>& tokens, int depth, std::string& out,
                std::vector<Mark>& marks) {
  std::string indent(static_cast<size_t>(depth) * 2, ' ');
  for (const auto& m : v.members) {
    const lf::Value& c = m.value;
    if (is_span(c)) {
      out += fmt::format("{}{}: \"{}\"  [{}..{}]\n", indent, m.key, span_text(c, tokens), c.items[1].items[0].integer,
                         c.items[1].items[1].integer);
      marks.emplace_back(c.items[1].items[0].integer, c.items[1].items[1].integer, m.key);
    } else if (c.is_dict()) {
      out += indent + m.key + ":\n";
      print_tree(c, tokens, depth + 1, out, marks);
    } else if (c.is_list()) {
      for (size_t i = 0; i < c.items.size(); ++i) {
        out += fmt::format("{}{}[{}]:\n", indent, m.key, i);
        print_tree(c.items[i], tokens, depth + 1, out, marks);
      }
    } else {
      out += indent + m.key + ": " + (c.is_string() ? c.string : lf::to_json_text(c)) + "\n";
    }
  }
}

std::string highlight(const std::vector<std::string>& tokens,
                      const std::vector<Mark>& marks, bool colour) {
  std::string s;
  for (size_t i = 0; i < tokens.size(); ++i) {
    std::string opens, closes;
    for (const auto& [a, b, key] : marks) {
      if (a == static_cast<long>(i)) opens += colour ? "\x1b[1;36m" : "[";
      if (b == static_cast<long>(i)) closes += colour ? "\x1b[0m\x1b[2m{" + key + "}\x1b[0m" : "]{" + key + "}";
    }
    s += (i ? " " : "") + opens + tokens[i] + closes;
  }
  return s;
}

}  // namespace

ParseView present_parse(const lf::Value& form, const std::vector<std::string>& tokens, bool colour, int depth) {
  ParseView view;
  std::vector<Mark> marks;
  print_tree(form, tokens, depth, view.tree, marks);
  view.highlighted = highlight(tokens, marks, colour);
  return view;
}

}  // namespace plank::neural
