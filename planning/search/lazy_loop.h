// The lazy (deferred evaluation) greedy best-first loop, as in LAMA, shared by
// the grounded search (lazy.cpp) and the lifted one (lifted/lifted_search.cpp):
// a state's successors enter the open lists under the state's own key and are
// evaluated only when taken out, so a state with a thousand successors costs
// one evaluation, not a thousand. Successors reached by preferred operators
// also enter the preferred list. Closed states are not reopened.
//
// What differs between the two is the state space, given as `Space`:
//   StateId initial();                    registers the initial state
//   int evaluate(StateId s);              h or kDeadEnd; remembers what expand needs
//   bool is_goal(StateId s);
//   void expand(StateId s, int h, Push);  calls push(op, cost, preferred, extra)
//                                         for each applicable operator (extra:
//                                         its keys in the extra lists, ExtraKeys)
//   std::pair<StateId, bool> apply(StateId s, int op);  the successor, and whether it is new
// Operators are ints the space gives meaning to (an operator id, an arena offset).
#pragma once
#include <utility>

#include "planning/heuristics/heuristic.h"
#include "planning/limits.h"
#include "planning/search/engine.h"
#include "planning/search/search_common.h"

namespace plank::planning::detail {

// An entry's keys in the open lists beyond the two usual ones: (list, key).
struct ExtraKeys {
  int n = 0;
  std::pair<int, long long> keys[4];
  void add(int list, long long key) { keys[n++] = {list, key}; }
};

struct LazyOptions {
  int g_weight = 0;  // key = g_weight * g + h_weight * h: greedy is 0/1, weighted A* 1/w
  int h_weight = 1;
  // The limits are read when the evaluations so far & limit_mask is 0 (they
  // read /proc: every 256 where an evaluation takes microseconds, every one
  // where it takes milliseconds).
  size_t limit_mask = 255;
};

// Runs until a goal is evaluated (its id in `goal`), the open lists run dry
// (unsolvable) or the limits are reached. `open` has the extra lists the
// space pushes keys for.
template <class Space>
SearchResult::Status lazy_greedy(Space& space, NodeTable& nodes, AlternatingOpen& open, const LazyOptions& options,
                                 Limits& limits, SearchStats& stats, StateId& goal) {
  StateId current = space.initial();
  nodes[current] = {0, -1, -1, -1, NodeInfo::Open};
  int best_h = -1;
  bool first = true;
  for (;;) {
    if ((stats.evaluated & options.limit_mask) == 0 && limits.exhausted())
      return limits.reason() == Limits::Reason::Memory ? SearchResult::Status::OutOfMemory
                                                       : SearchResult::Status::OutOfTime;
    if (nodes[current].status == NodeInfo::Open) {
      ++stats.evaluated;
      const int h = space.evaluate(current);
      if (first) {
        stats.initial_h = h == kDeadEnd ? -1 : h;
        first = false;
      }
      if (h == kDeadEnd) {
        ++stats.dead_ends;
        nodes[current].status = NodeInfo::DeadEnd;
      } else {
        nodes[current].h = h;
        nodes[current].status = NodeInfo::Closed;
        if (space.is_goal(current)) {
          goal = current;
          return SearchResult::Status::Solved;
        }
        if (best_h < 0 || h < best_h) {
          best_h = h;
          open.boost();
        }
        ++stats.expanded;
        const long long g = nodes[current].g;
        const StateId parent = current;
        space.expand(current, h, [&](int op, long long cost, bool preferred, const ExtraKeys& extra) {
          const long long succ_g = g + cost;
          const long long key = options.g_weight * succ_g + static_cast<long long>(options.h_weight) * h;
          open.push({key, 0, 0, parent, op, succ_g}, preferred);
          for (int i = 0; i < extra.n; ++i)
            open.push_extra(extra.keys[i].first, {extra.keys[i].second, h, 0, parent, op, succ_g});
          ++stats.generated;
        });
      }
    }
    // The next state: the first entry whose successor is not closed yet.
    bool found = false;
    while (!open.empty()) {
      OpenEntry e = open.pop();
      auto [id, is_new] = space.apply(e.state, e.op);
      NodeInfo& succ = nodes[id];
      if (is_new) {
        succ = {e.g, e.state, e.op, -1, NodeInfo::Open};
      } else if (succ.status != NodeInfo::Open) {
        continue;
      }
      current = id;
      found = true;
      break;
    }
    if (!found) return SearchResult::Status::Unsolvable;
  }
}

}  // namespace plank::planning::detail
