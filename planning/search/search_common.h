// Private to planning/search: what the engines share. The node table (per
// state: g, parent, operator, h, status), plan extraction, and the open lists:
// a standard list and a preferred-operator list, picked alternately, with
// Fast Downward's boost (a preferred list that makes progress gets the next
// 1000 picks).
#pragma once
#include <algorithm>
#include <cstdint>
#include <queue>
#include <vector>

#include "planning/search/state.h"

namespace plank::planning::detail {

struct NodeInfo {
  enum Status : uint8_t { New, Open, Closed, DeadEnd };
  long long g = 0;
  StateId parent = -1;
  int op = -1;
  int h = -1;
  Status status = New;
};

class NodeTable {
 public:
  NodeInfo& operator[](StateId id) {
    if (static_cast<size_t>(id) >= nodes_.size()) nodes_.resize(std::max<size_t>(id + 1, nodes_.size() * 2));
    return nodes_[id];
  }
  size_t bytes() const { return nodes_.capacity() * sizeof(NodeInfo); }

  std::vector<int> plan_to(StateId goal) {
    std::vector<int> plan;
    for (StateId s = goal; (*this)[s].parent >= 0; s = (*this)[s].parent) plan.push_back((*this)[s].op);
    std::reverse(plan.begin(), plan.end());
    return plan;
  }

 private:
  std::vector<NodeInfo> nodes_;
};

struct OpenEntry {
  long long key = 0;       // f (or h)
  long long tie = 0;       // h, for A*'s tie-breaking; 0 otherwise
  uint64_t order = 0;      // FIFO among equal keys
  StateId state = -1;
  int op = -1;             // lazy search: the operator to apply to `state`
  long long g = 0;         // eager search: the g it was pushed with
  bool operator>(const OpenEntry& o) const {
    if (key != o.key) return key > o.key;
    if (tie != o.tie) return tie > o.tie;
    return order > o.order;
  }
};

class AlternatingOpen {
 public:
  // lists: the standard one, then (optionally) the preferred one, then any
  // extra ones a search adds (the lifted search's novelty list). Without
  // `with_standard` push() puts nothing anywhere: only the extra lists are
  // used (the lifted best-first width search orders its own).
  explicit AlternatingOpen(bool with_preferred, int extra_lists = 0, bool with_standard = true)
      : with_preferred_(with_preferred && with_standard),
        with_standard_(with_standard),
        lists_(2 + extra_lists),
        priority_(2 + extra_lists, 0) {}

  void push(OpenEntry e, bool preferred) {
    if (!with_standard_) return;
    e.order = counter_++;
    lists_[0].push(e);
    if (preferred && with_preferred_) lists_[1].push(e);
  }
  // Into extra list `list` (2, 3, ...) only.
  void push_extra(int list, OpenEntry e) {
    e.order = counter_++;
    lists_[list].push(e);
  }
  bool empty() const {
    for (const auto& l : lists_)
      if (!l.empty()) return false;
    return true;
  }
  OpenEntry pop() {
    int pick = -1;
    for (size_t i = 0; i < lists_.size(); ++i)
      if (!lists_[i].empty() && (pick < 0 || priority_[i] < priority_[pick])) pick = static_cast<int>(i);
    ++priority_[pick];
    OpenEntry e = lists_[pick].top();
    lists_[pick].pop();
    return e;
  }
  // Progress: the preferred list gets the next 1000 picks.
  void boost() {
    if (with_preferred_) priority_[1] -= 1000;
  }
  // The same for an extra list (a second heuristic's preferred list).
  void boost(int list) { priority_[list] -= 1000; }

 private:
  bool with_preferred_;
  bool with_standard_;
  std::vector<std::priority_queue<OpenEntry, std::vector<OpenEntry>, std::greater<OpenEntry>>> lists_;
  std::vector<long long> priority_;
  uint64_t counter_ = 0;
};

}  // namespace plank::planning::detail
