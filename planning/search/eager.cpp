// Eager best-first search: successors are evaluated when generated. With
// weights 1/1 it is A* (reopening closed nodes when a cheaper path turns up,
// so it stays optimal with an admissible but inconsistent heuristic like
// LM-cut); 0/1 is greedy best-first search; 1/w weighted A*.
#include <new>

#include "planning/search/engine.h"
#include "planning/search/search_common.h"

namespace plank::planning {
namespace {

using detail::NodeInfo;

class EagerSearch : public SearchEngine {
 public:
  EagerSearch(const GroundTask& task, Heuristic* main, std::vector<Heuristic*> preferred, EagerOptions options)
      : task_(task), main_(main), preferred_(std::move(preferred)), options_(options), successors_(task),
        registry_(static_cast<int>(task.facts.size())), open_(!preferred_.empty()) {}

  SearchResult search(Limits& limits) override {
    SearchResult result;
    try {
      run(limits, result);
    } catch (const std::bad_alloc&) {
      limits.set_reason(Limits::Reason::Memory);
      result.status = SearchResult::Status::OutOfMemory;
    }
    return result;
  }

 private:
  long long key(long long g, int h) const { return options_.g_weight * g + static_cast<long long>(options_.h_weight) * h; }

  int evaluate(const uint64_t* state, SearchStats& stats) {
    ++stats.evaluated;
    return main_->evaluate(state, nullptr);
  }

  void run(Limits& limits, SearchResult& result) {
    SearchStats& stats = result.stats;
    std::vector<uint64_t> init = successors_.initial_state();
    StateId s0 = registry_.insert(init.data()).first;
    int h0 = evaluate(init.data(), stats);
    stats.initial_h = h0 == kDeadEnd ? -1 : h0;
    if (h0 == kDeadEnd) {
      result.status = SearchResult::Status::Unsolvable;
      return;
    }
    nodes_[s0] = {0, -1, -1, h0, NodeInfo::Open};
    open_.push({key(0, h0), h0, 0, s0, -1, 0}, false);
    int best_h = h0;
    std::vector<int> applicable, preferred;
    std::vector<char> is_preferred(task_.operators.size(), 0);
    std::vector<uint64_t> child(registry_.words());
    while (!open_.empty()) {
      if ((stats.expanded & 255) == 0 && limits.exhausted()) {
        result.status = limits.reason() == Limits::Reason::Memory ? SearchResult::Status::OutOfMemory
                                                                  : SearchResult::Status::OutOfTime;
        return;
      }
      detail::OpenEntry e = open_.pop();
      NodeInfo& node = nodes_[e.state];
      if (node.status == NodeInfo::Closed || node.status == NodeInfo::DeadEnd || e.g > node.g) continue;
      node.status = NodeInfo::Closed;
      const long long g = node.g;
      const uint64_t* state = registry_.get(e.state);
      if (successors_.is_goal(state)) {
        result.status = SearchResult::Status::Solved;
        result.plan = nodes_.plan_to(e.state);
        result.cost = g;
        return;
      }
      ++stats.expanded;
      preferred.clear();
      if (!preferred_.empty()) {
        for (Heuristic* p : preferred_) p->evaluate(state, &preferred);
        for (int o : preferred) is_preferred[o] = 1;
      }
      successors_.applicable(state, applicable);
      const StateId parent = e.state;
      for (int op : applicable) {
        successors_.apply(registry_.get(parent), op, child.data());
        ++stats.generated;
        auto [id, is_new] = registry_.insert(child.data());
        NodeInfo& succ = nodes_[id];
        const long long new_g = g + task_.operators[op].cost;
        if (is_new) {
          int h = evaluate(registry_.get(id), stats);
          if (h == kDeadEnd) {
            ++stats.dead_ends;
            succ.status = NodeInfo::DeadEnd;
            continue;
          }
          succ = {new_g, parent, op, h, NodeInfo::Open};
          if (h < best_h) {
            best_h = h;
            open_.boost();
          }
          open_.push({key(new_g, h), h, 0, id, -1, new_g}, is_preferred[op] != 0);
        } else if (succ.status != NodeInfo::DeadEnd && new_g < succ.g &&
                   (succ.status == NodeInfo::Open || options_.reopen_closed)) {
          succ.g = new_g;
          succ.parent = parent;
          succ.op = op;
          succ.status = NodeInfo::Open;
          open_.push({key(new_g, succ.h), succ.h, 0, id, -1, new_g}, is_preferred[op] != 0);
        }
      }
      for (int o : preferred) is_preferred[o] = 0;
    }
    result.status = SearchResult::Status::Unsolvable;
  }

  const GroundTask& task_;
  Heuristic* main_;
  std::vector<Heuristic*> preferred_;
  EagerOptions options_;
  Successors successors_;
  StateRegistry registry_;
  detail::NodeTable nodes_;
  detail::AlternatingOpen open_;
};

}  // namespace

std::unique_ptr<SearchEngine> make_eager_search(const GroundTask& task, Heuristic* main,
                                                std::vector<Heuristic*> preferred, EagerOptions options) {
  return std::make_unique<EagerSearch>(task, main, std::move(preferred), options);
}

}  // namespace plank::planning
