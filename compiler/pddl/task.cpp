// Lookups on a checked Task (task.h).
#include "compiler/pddl/task.h"

#include <algorithm>

namespace plank::pddl {

const std::vector<ObjectId>& Task::objects_of(const TypeSet& set) const {
  if (set.size() == 1) return objects_of_type[set[0]];
  auto it = union_cache_.find(set);
  if (it != union_cache_.end()) return it->second;
  std::vector<ObjectId>& out = union_cache_[set];
  for (TypeId t : set) out.insert(out.end(), objects_of_type[t].begin(), objects_of_type[t].end());
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

bool Task::is_subtype(TypeId a, TypeId b) const {
  if (a == b || b == kObjectType) return true;
  for (TypeId p : types[a].parents)
    if (is_subtype(p, b)) return true;
  return false;
}

namespace {
template <typename Vec>
int find_named(const Vec& items, const std::string& name) {
  for (size_t i = 0; i < items.size(); ++i)
    if (items[i].name == name) return static_cast<int>(i);
  return -1;
}
}  // namespace

int Task::predicate_index(const std::string& name) const { return find_named(predicates, name); }
int Task::object_index(const std::string& name) const { return find_named(objects, name); }
int Task::action_index(const std::string& name) const { return find_named(actions, name); }

}  // namespace plank::pddl
