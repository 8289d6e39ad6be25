// Search configuration strings: the parser, and the plug-in tables of
// engines and heuristics (config.h).
#include "planning/config.h"

#include <cctype>
#include <functional>
#include <map>

#include "planning/heuristics/lmcut.h"
#include "planning/heuristics/relaxed.h"
#include "planning/heuristics/simple.h"

namespace plank::planning {
namespace {

class ConfigParser {
 public:
  ConfigParser(const std::string& text, ConfigError* error) : text_(text), error_(error) {}

  std::optional<ConfigTree> parse() {
    auto tree = value();
    if (!tree) return std::nullopt;
    skip();
    if (pos_ != text_.size()) return fail("unexpected '" + std::string(1, text_[pos_]) + "' after the configuration");
    return tree;
  }

 private:
  void skip() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  std::nullopt_t fail(std::string message, std::vector<std::string> expected = {}) {
    if (error_) *error_ = {std::move(message), pos_, std::move(expected)};
    return std::nullopt;
  }
  static bool word_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
  }

  std::optional<ConfigTree> value() {
    skip();
    ConfigTree t;
    t.offset = pos_;
    if (pos_ < text_.size() && text_[pos_] == '[') {
      ++pos_;
      t.is_list = true;
      if (!items(t, ']')) return std::nullopt;
      return t;
    }
    size_t start = pos_;
    while (pos_ < text_.size() && word_char(text_[pos_])) ++pos_;
    if (start == pos_) {
      if (pos_ == text_.size()) return fail("the configuration ends where a name was expected", {"a name"});
      return fail("expected a name, not '" + std::string(1, text_[pos_]) + "'", {"a name"});
    }
    t.name = text_.substr(start, pos_ - start);
    skip();
    if (pos_ < text_.size() && text_[pos_] == '(') {
      ++pos_;
      t.has_parens = true;
      if (!items(t, ')')) return std::nullopt;
    }
    return t;
  }

  // a, b, key=value ... up to `close`.
  bool items(ConfigTree& t, char close) {
    skip();
    if (pos_ < text_.size() && text_[pos_] == close) {
      ++pos_;
      return true;
    }
    for (;;) {
      skip();
      size_t save = pos_;
      std::string key;
      while (pos_ < text_.size() && word_char(text_[pos_])) ++pos_;
      size_t after_word = pos_;
      skip();
      if (!t.is_list && after_word > save && pos_ < text_.size() && text_[pos_] == '=') {
        key = text_.substr(save, after_word - save);
        ++pos_;
      } else {
        pos_ = save;
      }
      auto v = value();
      if (!v) return false;
      if (key.empty()) {
        t.args.push_back(std::move(*v));
      } else {
        t.options.push_back({key, std::move(*v)});
      }
      skip();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < text_.size() && text_[pos_] == close) {
        ++pos_;
        return true;
      }
      fail(pos_ == text_.size() ? std::string("the configuration ends before '") + close + "'"
                                : "expected ',' or '" + std::string(1, close) + "'",
           {"','", std::string("'") + close + "'"});
      return false;
    }
  }

  const std::string& text_;
  ConfigError* error_;
  size_t pos_ = 0;
};

// ---- plug-ins ----------------------------------------------------------------

struct Context {
  const GroundTask& task;
  ConfigError* error;
  std::map<std::string, Heuristic*> made;  // canonical text -> instance
  std::vector<std::unique_ptr<Heuristic>>* owned;
  bool fail(const ConfigTree& at, std::string message, std::vector<std::string> expected = {}) {
    if (error) *error = {std::move(message), at.offset, std::move(expected)};
    return false;
  }
};

std::optional<CostType> cost_type_of(const ConfigTree& h, Context& ctx) {
  CostType type = CostType::Normal;
  for (const auto& [key, value] : h.options) {
    if (key != "cost_type") {
      ctx.fail(value, "unknown option '" + key + "' of " + h.name + "()", {"cost_type"});
      return std::nullopt;
    }
    if (value.name == "normal") type = CostType::Normal;
    else if (value.name == "one") type = CostType::One;
    else if (value.name == "plusone") type = CostType::PlusOne;
    else {
      ctx.fail(value, "cost_type is normal, one or plusone, not '" + value.name + "'", {"normal", "one", "plusone"});
      return std::nullopt;
    }
  }
  return type;
}

using HeuristicFactory = std::function<std::unique_ptr<Heuristic>(const ConfigTree&, Context&)>;

std::unique_ptr<Heuristic> relaxed(const ConfigTree& h, Context& ctx, RelaxedHeuristic::Kind kind) {
  auto type = cost_type_of(h, ctx);
  if (!type) return nullptr;
  return std::make_unique<RelaxedHeuristic>(ctx.task, kind, *type);
}

const std::vector<std::pair<std::string, HeuristicFactory>>& heuristic_table() {
  static const std::vector<std::pair<std::string, HeuristicFactory>> table = {
      {"ff", [](const ConfigTree& h, Context& c) { return relaxed(h, c, RelaxedHeuristic::Kind::FF); }},
      {"add", [](const ConfigTree& h, Context& c) { return relaxed(h, c, RelaxedHeuristic::Kind::Add); }},
      {"hmax", [](const ConfigTree& h, Context& c) { return relaxed(h, c, RelaxedHeuristic::Kind::Max); }},
      {"lmcut",
       [](const ConfigTree& h, Context& c) -> std::unique_ptr<Heuristic> {
         if (!h.options.empty() || !h.args.empty()) {
           c.fail(h, "lmcut() takes no options");
           return nullptr;
         }
         if (!LmCut::applies_to(c.task)) {
           c.fail(h,
                  "lmcut() needs STRIPS operators (no conditional effects, no disjunctive or quantified "
                  "conditions); this task has them: use astar(hmax()) or astar(blind()) for optimal plans",
                  {"hmax()", "blind()"});
           return nullptr;
         }
         return std::make_unique<LmCut>(c.task);
       }},
      {"blind", [](const ConfigTree&, Context& c) { return std::make_unique<BlindHeuristic>(c.task); }},
      {"goalcount", [](const ConfigTree&, Context& c) { return std::make_unique<GoalCountHeuristic>(c.task); }},
  };
  return table;
}

Heuristic* heuristic(const ConfigTree& h, Context& ctx) {
  if (h.is_list) {
    if (h.args.size() != 1) {
      ctx.fail(h, "give one heuristic here");
      return nullptr;
    }
    return heuristic(h.args[0], ctx);
  }
  std::string key = h.text();
  if (auto it = ctx.made.find(key); it != ctx.made.end()) return it->second;
  for (const auto& [name, factory] : heuristic_table()) {
    if (name != h.name && !(name == "hmax" && h.name == "max")) continue;
    auto made = factory(h, ctx);
    if (!made) return nullptr;
    Heuristic* raw = made.get();
    ctx.owned->push_back(std::move(made));
    ctx.made[key] = raw;
    return raw;
  }
  ctx.fail(h, "unknown heuristic '" + h.name + "'", heuristic_names());
  return nullptr;
}

bool heuristic_list(const ConfigTree& list, Context& ctx, std::vector<Heuristic*>& out) {
  if (!list.is_list) {
    Heuristic* h = heuristic(list, ctx);
    if (!h) return false;
    out.push_back(h);
    return true;
  }
  for (const auto& item : list.args) {
    Heuristic* h = heuristic(item, ctx);
    if (!h) return false;
    out.push_back(h);
  }
  return true;
}

struct EngineArgs {
  Heuristic* main = nullptr;
  std::vector<Heuristic*> preferred;
  int weight = 1;
};

bool engine_args(const ConfigTree& e, Context& ctx, EngineArgs& out, bool takes_weight, bool takes_preferred) {
  if (e.args.size() != 1) return ctx.fail(e, e.name + "() takes one heuristic (or a list of one)", heuristic_names());
  std::vector<Heuristic*> main;
  if (!heuristic_list(e.args[0], ctx, main)) return false;
  if (main.size() != 1) return ctx.fail(e.args[0], "give one heuristic to order the open list");
  out.main = main[0];
  for (const auto& [key, value] : e.options) {
    if (key == "preferred" && takes_preferred) {
      if (!heuristic_list(value, ctx, out.preferred)) return false;
      for (Heuristic* h : out.preferred)
        if (!h->gives_preferred()) return ctx.fail(value, h->name() + "() gives no preferred operators", {"ff()"});
    } else if (key == "w" && takes_weight) {
      try {
        out.weight = std::stoi(value.name);
      } catch (...) {
        return ctx.fail(value, "w is a positive whole number");
      }
      if (out.weight < 1) return ctx.fail(value, "w is a positive whole number");
    } else if (key == "landmark_preferred" && e.name == "lazy_greedy") {
      return ctx.fail(value, "landmark_preferred is the lifted search's option: add --lifted", {"preferred"});
    } else {
      std::vector<std::string> accepted;
      if (takes_preferred) accepted.push_back("preferred");
      if (takes_weight) accepted.push_back("w");
      return ctx.fail(value, "unknown option '" + key + "' of " + e.name + "()", accepted);
    }
  }
  return true;
}

using EngineFactory = std::function<bool(const ConfigTree&, Context&, ConfiguredSearch&)>;

const std::vector<std::pair<std::string, EngineFactory>>& engine_table() {
  static const std::vector<std::pair<std::string, EngineFactory>> table = {
      {"astar",
       [](const ConfigTree& e, Context& c, ConfiguredSearch& out) {
         EngineArgs a;
         if (!engine_args(e, c, a, false, false)) return false;
         out.engine = make_eager_search(c.task, a.main, {}, {1, 1, true});
         out.optimal = a.main->admissible();
         return true;
       }},
      {"wastar",
       [](const ConfigTree& e, Context& c, ConfiguredSearch& out) {
         EngineArgs a;
         a.weight = 5;
         if (!engine_args(e, c, a, true, true)) return false;
         out.engine = make_eager_search(c.task, a.main, a.preferred, {1, a.weight, true});
         return true;
       }},
      {"eager_greedy",
       [](const ConfigTree& e, Context& c, ConfiguredSearch& out) {
         EngineArgs a;
         if (!engine_args(e, c, a, false, true)) return false;
         out.engine = make_eager_search(c.task, a.main, a.preferred, {0, 1, false});
         return true;
       }},
      {"gbfs",
       [](const ConfigTree& e, Context& c, ConfiguredSearch& out) {
         // gbfs(h): eager greedy search, with h's preferred operators when it has them.
         EngineArgs a;
         if (!engine_args(e, c, a, false, true)) return false;
         if (a.preferred.empty() && a.main->gives_preferred()) a.preferred.push_back(a.main);
         out.engine = make_eager_search(c.task, a.main, a.preferred, {0, 1, false});
         return true;
       }},
      {"lazy_greedy",
       [](const ConfigTree& e, Context& c, ConfiguredSearch& out) {
         EngineArgs a;
         if (!engine_args(e, c, a, false, true)) return false;
         out.engine = make_lazy_search(c.task, a.main, a.preferred, 0, 1);
         return true;
       }},
      {"lazy_wastar",
       [](const ConfigTree& e, Context& c, ConfiguredSearch& out) {
         EngineArgs a;
         a.weight = 5;
         if (!engine_args(e, c, a, true, true)) return false;
         out.engine = make_lazy_search(c.task, a.main, a.preferred, 1, a.weight);
         return true;
       }},
  };
  return table;
}

}  // namespace

std::string ConfigTree::text() const {
  std::string s;
  if (is_list) {
    s = "[";
  } else {
    s = name;
    if (!has_parens && args.empty() && options.empty()) return s + "()";
    s += "(";
  }
  bool first = true;
  for (const auto& a : args) {
    if (!first) s += ", ";
    first = false;
    s += a.text();
  }
  for (const auto& [k, v] : options) {
    if (!first) s += ", ";
    first = false;
    s += k + "=" + (v.has_parens || v.is_list ? v.text() : v.name);
  }
  return s + (is_list ? "]" : ")");
}

std::optional<ConfigTree> parse_config(const std::string& text, ConfigError* error) {
  return ConfigParser(text, error).parse();
}

std::optional<ConfiguredSearch> configure(const ConfigTree& tree, const GroundTask& task, ConfigError* error) {
  ConfiguredSearch out;
  Context ctx{task, error, {}, &out.heuristics};
  for (const auto& [name, factory] : engine_table()) {
    if (name != tree.name) continue;
    if (!factory(tree, ctx, out)) return std::nullopt;
    return out;
  }
  ctx.fail(tree, "unknown search engine '" + tree.name + "'", engine_names());
  return std::nullopt;
}

bool is_width_search(const ConfigTree& tree) { return !tree.is_list && tree.name == "bfws"; }

bool configure_lifted(const ConfigTree& tree, lifted::LiftedOptions* options, ConfigError* error) {
  auto fail = [&](const ConfigTree& at, std::string message, std::vector<std::string> expected = {}) {
    if (error) *error = {std::move(message), at.offset, std::move(expected)};
    return false;
  };
  auto flag = [&](const ConfigTree& value, bool* out) {
    if (value.name == "true") *out = true;
    else if (value.name == "false") *out = false;
    else return fail(value, "expected true or false, not '" + value.text() + "'", {"true", "false"});
    return true;
  };
  if (!is_width_search(tree)) {
    // The default lists; of lazy_greedy's options only the lifted one is read here.
    if (tree.is_list || tree.name != "lazy_greedy") return true;
    for (const auto& [key, value] : tree.options)
      if (key == "landmark_preferred" && !flag(value, &options->landmark_preferred)) return false;
    return true;
  }
  // The lifted relaxation's two heuristics, each with a cost type.
  auto relaxed_heuristic = [&](const ConfigTree& h, bool* relaxed_plan, CostType* type) {
    const ConfigTree& one = h.is_list && h.args.size() == 1 ? h.args[0] : h;
    if (one.is_list || (one.name != "ff" && one.name != "add"))
      return fail(one, "bfws() searches lifted, ordered by ff() or add()", {"ff()", "add()"});
    *relaxed_plan = one.name == "ff";
    *type = CostType::One;  // as the lifted search's default
    for (const auto& [key, value] : one.options) {
      if (key != "cost_type") return fail(value, "unknown option '" + key + "' of " + one.name + "()", {"cost_type"});
      if (value.name == "normal") *type = CostType::Normal;
      else if (value.name == "one") *type = CostType::One;
      else if (value.name == "plusone") *type = CostType::PlusOne;
      else return fail(value, "cost_type is normal, one or plusone, not '" + value.name + "'", {"normal", "one", "plusone"});
    }
    return true;
  };
  lifted::LiftedOptions o = *options;
  o.bfws_width = 2;
  o.preferred = false;
  o.relaxed_plan = true;
  o.cost_type = CostType::One;
  if (tree.args.size() > 1) return fail(tree.args[1], "bfws() takes one heuristic (or a list of one)", {"ff()", "add()"});
  if (tree.args.size() == 1 && !relaxed_heuristic(tree.args[0], &o.relaxed_plan, &o.cost_type)) return false;
  for (const auto& [key, value] : tree.options) {
    if (key == "width") {
      if (value.name != "1" && value.name != "2") return fail(value, "width is 1 or 2", {"1", "2"});
      o.bfws_width = value.name == "1" ? 1 : 2;
    } else if (key == "preferred") {
      // The preferred operators come from the relaxed plan of the heuristic that orders the list.
      bool relaxed_plan = true;
      CostType type = CostType::One;
      if (!relaxed_heuristic(value, &relaxed_plan, &type)) return false;
      if (!relaxed_plan) return fail(value, "add() gives no preferred operators", {"ff()"});
      o.preferred = true;
    } else if (key == "landmarks") {
      if (!flag(value, &o.landmarks)) return false;
    } else if (key == "landmark_preferred") {
      if (!flag(value, &o.landmark_preferred)) return false;
    } else if (key == "partition") {
      if (value.name == "h") o.bfws_partition = lifted::LiftedOptions::Partition::HeuristicAndLandmarks;
      else if (value.name == "landmarks") o.bfws_partition = lifted::LiftedOptions::Partition::Landmarks;
      else return fail(value, "partition is h (h and the landmark count) or landmarks", {"h", "landmarks"});
    } else {
      return fail(value, "unknown option '" + key + "' of bfws()",
                  {"width", "preferred", "landmarks", "landmark_preferred", "partition"});
    }
  }
  if (o.landmark_preferred && !o.preferred) {
    for (const auto& [key, value] : tree.options)
      if (key == "landmark_preferred")
        return fail(value, "landmark_preferred needs a preferred list: add preferred=[ff()]", {"preferred=[ff()]"});
  }
  *options = o;
  return true;
}

std::vector<std::string> engine_names() {
  std::vector<std::string> out;
  for (const auto& [name, _] : engine_table()) out.push_back(name);
  out.push_back("bfws");  // lifted only (configure_lifted)
  return out;
}

std::vector<std::string> heuristic_names() {
  std::vector<std::string> out;
  for (const auto& [name, _] : heuristic_table()) out.push_back(name + "()");
  return out;
}

}  // namespace plank::planning
