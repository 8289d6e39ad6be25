// Lazy (deferred evaluation) greedy search, as in LAMA: a state's successors
// enter the open list under the state's own h and are evaluated only when
// taken out, so a state with a thousand successors costs one evaluation, not
// a thousand. Successors reached by preferred operators also enter the
// preferred list. Closed states are not reopened.
#include <algorithm>
#include <new>

#include "planning/search/engine.h"
#include "planning/search/search_common.h"

namespace plank::planning {
namespace {

using detail::NodeInfo;

class LazySearch : public SearchEngine {
 public:
  LazySearch(const GroundTask& task, Heuristic* main, std::vector<Heuristic*> preferred, int g_weight, int h_weight)
      : task_(task), main_(main), preferred_(std::move(preferred)), g_weight_(g_weight), h_weight_(h_weight),
        successors_(task), registry_(static_cast<int>(task.facts.size())), open_(!preferred_.empty()) {}

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
  void run(Limits& limits, SearchResult& result) {
    SearchStats& stats = result.stats;
    std::vector<uint64_t> init = successors_.initial_state();
    StateId current = registry_.insert(init.data()).first;
    nodes_[current] = {0, -1, -1, -1, NodeInfo::Open};
    std::vector<int> applicable, preferred;
    std::vector<char> is_preferred(task_.operators.size(), 0);
    std::vector<uint64_t> child(registry_.words());
    int best_h = -1;
    bool first = true;
    for (;;) {
      if ((stats.evaluated & 255) == 0 && limits.exhausted()) {
        result.status = limits.reason() == Limits::Reason::Memory ? SearchResult::Status::OutOfMemory
                                                                  : SearchResult::Status::OutOfTime;
        return;
      }
      NodeInfo& node = nodes_[current];
      if (node.status == NodeInfo::Open) {
        const uint64_t* state = registry_.get(current);
        ++stats.evaluated;
        preferred.clear();
        // A heuristic that both orders the list and prefers operators is computed once.
        const bool main_prefers = std::find(preferred_.begin(), preferred_.end(), main_) != preferred_.end();
        int h = main_->evaluate(state, main_prefers ? &preferred : nullptr);
        if (first) {
          stats.initial_h = h == kDeadEnd ? -1 : h;
          first = false;
        }
        if (h == kDeadEnd) {
          ++stats.dead_ends;
          nodes_[current].status = NodeInfo::DeadEnd;
        } else {
          nodes_[current].h = h;
          nodes_[current].status = NodeInfo::Closed;
          if (successors_.is_goal(state)) {
            result.status = SearchResult::Status::Solved;
            result.plan = nodes_.plan_to(current);
            result.cost = nodes_[current].g;
            return;
          }
          if (best_h < 0 || h < best_h) {
            best_h = h;
            open_.boost();
          }
          ++stats.expanded;
          for (Heuristic* p : preferred_)
            if (p != main_) p->evaluate(state, &preferred);
          for (int o : preferred) is_preferred[o] = 1;
          successors_.applicable(state, applicable);
          const long long g = nodes_[current].g;
          for (int op : applicable) {
            long long succ_g = g + task_.operators[op].cost;
            long long key = g_weight_ * succ_g + static_cast<long long>(h_weight_) * h;
            open_.push({key, 0, 0, current, op, succ_g}, is_preferred[op] != 0);
            ++stats.generated;
          }
          for (int o : preferred) is_preferred[o] = 0;
        }
      }
      // The next state: the first entry whose successor is not closed yet.
      bool found = false;
      while (!open_.empty()) {
        detail::OpenEntry e = open_.pop();
        successors_.apply(registry_.get(e.state), e.op, child.data());
        auto [id, is_new] = registry_.insert(child.data());
        NodeInfo& succ = nodes_[id];
        if (is_new) {
          succ = {e.g, e.state, e.op, -1, NodeInfo::Open};
        } else if (succ.status != NodeInfo::Open) {
          continue;
        }
        current = id;
        found = true;
        break;
      }
      if (!found) {
        result.status = SearchResult::Status::Unsolvable;
        return;
      }
    }
  }

  const GroundTask& task_;
  Heuristic* main_;
  std::vector<Heuristic*> preferred_;
  int g_weight_, h_weight_;
  Successors successors_;
  StateRegistry registry_;
  detail::NodeTable nodes_;
  detail::AlternatingOpen open_;
};

}  // namespace

std::unique_ptr<SearchEngine> make_lazy_search(const GroundTask& task, Heuristic* main,
                                               std::vector<Heuristic*> preferred, int g_weight, int h_weight) {
  return std::make_unique<LazySearch>(task, main, std::move(preferred), g_weight, h_weight);
}

}  // namespace plank::planning
