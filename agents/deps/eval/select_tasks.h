// The selector's tasks (issue 30; seed 004 §4.3.1, the paper's Figure 4 ablation): each asks for
// `count` of one item that any of K interchangeable candidate goals gives -- logs of any of K tree
// kinds, raw meat from any of K animals -- and a game-tick budget tight enough that chasing a
// far candidate first fails. Which candidate to pursue, from the agent's state, is the selector's
// choice (select_episode.h).
//
// The candidates come from the survival rules, not a list here: the members of the name map's
// `log` group that the world generator places, and the drops of the generated mobs that a
// furnace cooks (beef, porkchop, mutton, chicken), and the fuels the generated world gives by
// breaking a block (logs; coal, which needs a pickaxe: a goal's cost is then its chain, not its seen
// distance). Each K-subset of a family appears in K orders
// (every member first once), so a `fixed` selector is not favoured by one member's luck.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "agents/deps/compile/goal.h"
#include "agents/deps/roles/rules.h"

namespace plank::deps {

struct SelectTask {
  std::string name;              // "wood: birch_log | oak_log" (candidates in the task's order)
  std::string family;            // "wood", "meat"
  int count = 1;                 // the family's count (wood, meat: of one candidate's item; fuel: items to smelt)
  uint64_t max_ticks = 0;        // the budget
  std::vector<Goal> candidates;  // mine({'oak_log':3}, null), kill({'beef':2}, null), ...: each goal's count is
                                 // what it needs (the fuel family's differ by fuel value)
};

// The families: name, how many items, budget in game ticks. The one table of the select tasks.
struct SelectFamily {
  const char* name;
  int count;
  uint64_t max_ticks;
};
const std::vector<SelectFamily>& select_families();

// The candidate goals of a family (all of them, in the rules' order); empty for an unknown family.
std::vector<Goal> family_candidates(const Rules& rules, const SelectFamily& family);

// Every task with k candidates (2 <= k <= a family's size), families in table order.
std::vector<SelectTask> select_tasks(const Rules& rules, int k);

}  // namespace plank::deps
