// Lazy greedy search over a grounded task: the shared loop (lazy_loop.h)
// over bit-packed states, with the configured heuristics.
#include <algorithm>
#include <new>

#include "planning/search/engine.h"
#include "planning/search/lazy_loop.h"

namespace plank::planning {
namespace {

class LazySearch : public SearchEngine {
 public:
  LazySearch(const GroundTask& task, Heuristic* main, std::vector<Heuristic*> preferred, int g_weight, int h_weight)
      : task_(task),
        main_(main),
        preferred_(std::move(preferred)),
        options_{g_weight, h_weight, 255},
        successors_(task),
        registry_(static_cast<int>(task.facts.size())),
        open_(!preferred_.empty()),
        is_preferred_(task.operators.size(), 0),
        child_(registry_.words()) {}

  SearchResult search(Limits& limits) override {
    SearchResult result;
    try {
      StateId goal = -1;
      result.status = detail::lazy_greedy(*this, nodes_, open_, options_, limits, result.stats, goal);
      if (result.status == SearchResult::Status::Solved) {
        result.plan = nodes_.plan_to(goal);
        result.cost = nodes_[goal].g;
      }
    } catch (const std::bad_alloc&) {
      limits.set_reason(Limits::Reason::Memory);
      result.status = SearchResult::Status::OutOfMemory;
    }
    return result;
  }

  // The state space (lazy_loop.h).
  StateId initial() { return registry_.insert(successors_.initial_state().data()).first; }

  int evaluate(StateId s) {
    const uint64_t* state = registry_.get(s);
    preferred_ops_.clear();
    // A heuristic that both orders the list and prefers operators is computed once.
    const bool main_prefers = std::find(preferred_.begin(), preferred_.end(), main_) != preferred_.end();
    int h = main_->evaluate(state, main_prefers ? &preferred_ops_ : nullptr);
    if (h != kDeadEnd)
      for (Heuristic* p : preferred_)
        if (p != main_) p->evaluate(state, &preferred_ops_);
    return h;
  }

  bool is_goal(StateId s) { return successors_.is_goal(registry_.get(s)); }

  template <class Push>
  void expand(StateId s, int /*h*/, Push&& push) {
    for (int o : preferred_ops_) is_preferred_[o] = 1;
    successors_.applicable(registry_.get(s), applicable_);
    for (int op : applicable_) push(op, task_.operators[op].cost, is_preferred_[op] != 0, detail::ExtraKeys{});
    for (int o : preferred_ops_) is_preferred_[o] = 0;
  }

  std::pair<StateId, bool> apply(StateId s, int op) {
    successors_.apply(registry_.get(s), op, child_.data());
    return registry_.insert(child_.data());
  }

 private:
  const GroundTask& task_;
  Heuristic* main_;
  std::vector<Heuristic*> preferred_;
  detail::LazyOptions options_;
  Successors successors_;
  StateRegistry registry_;
  detail::NodeTable nodes_;
  detail::AlternatingOpen open_;
  std::vector<int> applicable_, preferred_ops_;
  std::vector<char> is_preferred_;
  std::vector<uint64_t> child_;
};

}  // namespace

std::unique_ptr<SearchEngine> make_lazy_search(const GroundTask& task, Heuristic* main,
                                               std::vector<Heuristic*> preferred, int g_weight, int h_weight) {
  return std::make_unique<LazySearch>(task, main, std::move(preferred), g_weight, h_weight);
}

}  // namespace plank::planning
