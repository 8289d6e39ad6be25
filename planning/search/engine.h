// Search engines over a grounded task, behind one interface (Fast Downward's
// structure): eager best-first search (A*, weighted A*, greedy best-first)
// and lazy greedy search, each combined with heuristics and, for the greedy
// ones, preferred operators in a second open list with boosting.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "planning/ground/grounded_task.h"
#include "planning/heuristics/heuristic.h"
#include "planning/limits.h"

namespace plank::planning {

struct SearchStats {
  size_t expanded = 0;
  size_t evaluated = 0;
  size_t generated = 0;
  size_t dead_ends = 0;
  int initial_h = -1;
};

struct SearchResult {
  enum class Status { Solved, Unsolvable, OutOfTime, OutOfMemory };
  Status status = Status::Unsolvable;
  std::vector<int> plan;  // operator ids
  long long cost = 0;
  SearchStats stats;
};

class SearchEngine {
 public:
  virtual ~SearchEngine() = default;
  virtual SearchResult search(Limits& limits) = 0;
};

struct EagerOptions {
  int g_weight = 1;  // f = g_weight * g + h_weight * h: A* is 1/1, greedy 0/1, weighted A* 1/w
  int h_weight = 1;
  bool reopen_closed = true;
};

// Heuristics are owned by the caller (the configuration) and outlive the engine.
// `main` orders the open list; `preferred` give preferred operators (may be empty).
std::unique_ptr<SearchEngine> make_eager_search(const GroundTask& task, Heuristic* main,
                                                std::vector<Heuristic*> preferred, EagerOptions options);
std::unique_ptr<SearchEngine> make_lazy_search(const GroundTask& task, Heuristic* main,
                                               std::vector<Heuristic*> preferred, int g_weight, int h_weight);

}  // namespace plank::planning
