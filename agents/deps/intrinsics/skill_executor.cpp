#include "agents/deps/intrinsics/skill_executor.h"

#include "world/survival/mining.h"

namespace plank::deps {

SkillExecutor::SkillExecutor(survival::Controller& controller, const survival::RecipeBook& book,
                 const survival::Obtainability* analysis)
    : controller_(controller), book_(book), analysis_(analysis) {}

void SkillExecutor::begin_plan() { steps_.clear(); }

const StepRecord* SkillExecutor::failure() const {
  if (steps_.empty() || steps_.back().result.ok) return nullptr;
  return &steps_.back();
}

survival::SkillResult SkillExecutor::run(const Goal& g) {
  survival::SkillResult r;
  if (dry) {
    r.ok = true;
  } else {
    survival::Controller& c = controller_;
    switch (g.verb) {
      case Verb::Mine: r = c.mine(g.item, g.count, g.tool); break;
      case Verb::Craft: r = c.craft(g.item, g.count, g.materials, g.tool); break;
      case Verb::Smelt: r = c.smelt(g.item, g.count, g.materials, g.tool); break;
      case Verb::Kill: r = c.kill(g.item, g.count, g.tool); break;
      case Verb::Equip: r = c.equip(g.item); break;
    }
  }
  steps_.push_back({int(steps_.size()) + 1, g, g.code(), r});
  return r;
}

bool SkillExecutor::has(const std::string& item, int n) const {
  return controller_.inventory().count_any(book_.names().resolve(item)) >= n;
}

survival::ItemCounts SkillExecutor::inventory() const {
  survival::ItemCounts out;
  for (const auto& [item, n] : controller_.inventory().items())
    out[book_.names().to_deps(item)] += n;
  return out;
}

std::string SkillExecutor::tool_for(const std::string& item) const {
  // The tools that harvest a block dropping `item` (the analysis's Mine methods); the highest tier held wins.
  if (!analysis_) return "";
  const survival::Inventory& inv = controller_.inventory();
  std::string best;
  int best_tier = -1;
  for (const std::string& name : book_.names().resolve(item)) {
    const auto* methods = analysis_->methods(name);
    if (!methods) continue;
    for (const auto& m : *methods) {
      if (m.kind != survival::StepKind::Mine) continue;
      if (m.tools.empty()) return "";  // the hand harvests it
      for (const std::string& t : m.tools)
        if (inv.has(t) && survival::tool_tier(t) > best_tier) best = t, best_tier = survival::tool_tier(t);
    }
  }
  return best;
}

}  // namespace plank::deps
