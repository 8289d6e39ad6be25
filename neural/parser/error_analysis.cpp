#include "neural/parser/error_analysis.h"

#include <algorithm>
#include <iterator>

#include "neural/parser/form_builder.h"

namespace plank::neural {
namespace {

using lf::Value;

bool is_span(const Value& v) {
  return v.is_list() && v.items.size() == 2 && v.items[0].is_int() && v.items[1].is_list() &&
         v.items[1].items.size() == 2 && v.items[1].items[0].is_int() && v.items[1].items[1].is_int();
}
bool is_node_list(const Value& v) { return v.is_list() && !v.items.empty() && v.items[0].is_dict(); }

std::string leaf_text(const Value& v) { return v.kind == lf::ValueKind::String ? v.string : lf::to_json_text(v); }

void collect(const Value& dict, const std::string& path, std::vector<std::string>& out) {
  for (const auto& m : dict.members) {
    std::string p = path.empty() ? m.key : path + "." + m.key;
    const Value& v = m.value;
    if (v.is_dict()) {
      out.push_back(p + '\x1f');
      collect(v, p, out);
    } else if (is_node_list(v)) {
      out.push_back(p + '\x1f');
      for (const auto& item : v.items)
        if (item.is_dict()) collect(item, p, out);
    } else if (is_span(v)) {
      out.push_back(p + '\x1f' + lf::to_json_text(v));
    } else {
      out.push_back(p + "=" + leaf_text(v) + '\x1f');
    }
  }
}

// The form with its span values (and, with all_leaves, every leaf value)
// replaced by one placeholder: equal skeletons mean equal structure.
Value skeleton(const Value& v, bool all_leaves) {
  if (v.is_dict()) {
    Value out = Value::dict();
    for (const auto& m : v.members) out.add(m.key, skeleton(m.value, all_leaves));
    return out;
  }
  if (is_node_list(v)) {
    Value out = Value::list();
    for (const auto& item : v.items) out.items.push_back(skeleton(item, all_leaves));
    return out;
  }
  if (is_span(v) || all_leaves) return Value::null();
  return v;
}

}  // namespace

std::vector<std::string> node_facts(const Value& form) {
  std::vector<std::string> out;
  if (form.is_dict()) collect(form, {}, out);
  std::sort(out.begin(), out.end());
  return out;
}

void ErrorAnalysis::add(const Value* predicted, const Value& gold) {
  ++examples_;
  if (predicted && canonical_json(*predicted) == canonical_json(gold)) return;
  ++errors_;
  std::vector<std::string> g = node_facts(gold), p;
  if (predicted) {
    p = node_facts(*predicted);
    if (canonical_json(skeleton(*predicted, false)) == canonical_json(skeleton(gold, false))) ++span_only_;
    if (canonical_json(skeleton(*predicted, true)) == canonical_json(skeleton(gold, true))) ++structure_right_;
  } else {
    ++no_parse_;
  }
  auto tally = [&](const std::vector<std::string>& a, const std::vector<std::string>& b, bool positive) {
    std::vector<std::string> diff;
    std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(diff));
    for (const auto& fact : diff) {
      std::string node = fact.substr(0, fact.find('\x1f'));
      NodeErrors& n = nodes_[node];
      n.node = node;
      (positive ? n.false_positive : n.false_negative) += 1;
    }
  };
  tally(p, g, true);
  tally(g, p, false);
}

std::vector<NodeErrors> ErrorAnalysis::nodes() const {
  std::vector<NodeErrors> out;
  for (const auto& [name, n] : nodes_) out.push_back(n);
  std::stable_sort(out.begin(), out.end(), [](const NodeErrors& a, const NodeErrors& b) {
    return a.false_positive + a.false_negative > b.false_positive + b.false_negative;
  });
  return out;
}

}  // namespace plank::neural
