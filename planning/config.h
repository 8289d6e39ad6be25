// The search configuration as a string, the way Fast Downward takes it:
//
//   lazy_greedy([ff(cost_type=one)], preferred=[ff(cost_type=one)])  (the default)
//   eager_greedy([add()], preferred=[ff()])   gbfs(ff)   astar(lmcut())
//   wastar(ff(), w=3)   lazy_wastar([ff()], w=5, preferred=[ff()])
//
// Heuristics: ff, add, hmax, lmcut, blind, goalcount; each takes
// cost_type=normal|one|plusone. A heuristic written twice the same way is one
// instance (computed once per state). Engines and heuristics are plug-ins:
// one table row each (config.cpp), nothing else changes to add one.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "planning/ground/grounded_task.h"
#include "planning/heuristics/heuristic.h"
#include "planning/lifted/lifted_search.h"
#include "planning/search/engine.h"

namespace plank::planning {

// As LAMA-first searches: lazy greedy, h_FF counting every operator as 1 (so
// zero-cost and expensive operators do not mislead it), its preferred operators.
inline constexpr const char* kDefaultSearch = "lazy_greedy([ff(cost_type=one)], preferred=[ff(cost_type=one)])";

struct ConfigOption;

// name(arg, ..., key=value, ...), [a, b], or a bare word or number.
struct ConfigTree {
  std::string name;  // empty for a list
  bool is_list = false;
  bool has_parens = false;
  std::vector<ConfigTree> args;
  std::vector<ConfigOption> options;
  size_t offset = 0;  // where it starts in the text
  std::string text() const;  // canonical spelling
};

// `key=value`. A named struct, not std::pair<std::string, ConfigTree>: clang rejects that pair inside
// ConfigTree itself (the pair's conditionally explicit default constructor asks whether ConfigTree is
// default-constructible while the pair is still incomplete), which stopped the libFuzzer build.
struct ConfigOption {
  std::string key;
  ConfigTree value;
};

struct ConfigError {
  std::string message;
  size_t offset = 0;
  std::vector<std::string> expected;
};

std::optional<ConfigTree> parse_config(const std::string& text, ConfigError* error);

struct ConfiguredSearch {
  std::vector<std::unique_ptr<Heuristic>> heuristics;
  std::unique_ptr<SearchEngine> engine;
  bool optimal = false;  // A* with an admissible heuristic
};

// Builds the heuristics and the engine for a grounded task; nullopt with
// *error on an unknown name, a bad option, or a heuristic that does not apply
// to the task (LM-cut on conditional effects).
std::optional<ConfiguredSearch> configure(const ConfigTree& tree, const GroundTask& task, ConfigError* error);

// The lifted search's configuration (planning/lifted/lifted_search.h). Only
// bfws(...) changes it: best-first width search,
//   bfws(ff(cost_type=one), width=2, preferred=[ff(cost_type=one)], landmarks=true)
// (every argument optional: bfws() is width 2 over h_FF counting every action
// as 1, no preferred list, the landmark count in the partition; add() for
// h_add); landmark_preferred=true adds LAMA's landmark preferred operators.
// Any other engine leaves the lifted search's default lists, where
// lazy_greedy(..., landmark_preferred=true) adds them too (a grounded search
// refuses that option). False with *error on a bad option.
bool is_width_search(const ConfigTree& tree);
bool configure_lifted(const ConfigTree& tree, lifted::LiftedOptions* options, ConfigError* error);

// Every engine and heuristic name, for messages and `plank help plan`.
std::vector<std::string> engine_names();
std::vector<std::string> heuristic_names();

}  // namespace plank::planning
