// One DEPS sub-goal: what a skill call in plan code asks for. Plans are lists
// of goals when Plank writes them (the symbolic planner, oracle and flawed
// initial plans) and plan code when they are run; `code()` is the bridge, in
// the paper's call shapes: mine({'log':3}, null), craft({'planks':12},
// {'log':3}, null), smelt({'iron_ingot':1}, {'iron_ore':1}, 'furnace'),
// kill({'leather':2}, null), equip('stone_pickaxe').
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "world/survival/survival_data.h"

namespace plank::deps {

enum class Verb { Mine, Craft, Smelt, Kill, Equip };
const char* verb_name(Verb v);  // "mine", ...
std::optional<Verb> verb_named(std::string_view name);  // "mine" -> Verb::Mine

struct Goal {
  Verb verb = Verb::Mine;
  std::string item;                // DEPS (1.11) or 1.16.5 name, as the plan wrote it
  int count = 1;
  survival::ItemCounts materials;  // craft / smelt: what the plan says it uses
  std::string tool;                // "" = null (mine/kill: no tool; craft: no table; smelt: no furnace)

  std::string code() const;                              // the call, without ';'
  std::string comment(int step) const;                   // "step 2: craft 12 planks from 3 log"
  friend bool operator==(const Goal&, const Goal&) = default;
};

// A Python/Plank literal: {'planks':3, 'stick':2} (keys in map order).
std::string counts_literal(const survival::ItemCounts& counts);
// "10 planks, 4 stick" (map order); "nothing" when empty.
std::string counts_text(const survival::ItemCounts& counts);

// A whole plan as the paper writes it:
//   def obtain_1_stone_sword(inventory = {'planks':10}):
//       mine({'log':3}, null); # step 1: mine 3 log without tool
//       ...
//       return "stone_sword"
std::string plan_code(const std::string& target, int count, const survival::ItemCounts& inventory,
                      const std::vector<Goal>& goals);

}  // namespace plank::deps
