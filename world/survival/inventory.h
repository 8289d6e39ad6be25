// An agent's inventory: item name (Minecraft 1.16.5) -> count. No slots or
// stack limits (DEPS counts items, not slots). Removing more than there is
// fails with a sentence that says what was missing.
#pragma once
#include <map>
#include <string>

#include "world/survival/survival_data.h"

namespace plank::survival {

class Inventory {
 public:
  int count(const std::string& item) const;
  bool has(const std::string& item, int n = 1) const { return count(item) >= n; }
  // Any of several items (a DEPS group such as "planks"): the sum of their counts.
  int count_any(const std::vector<std::string>& items) const;
  void add(const std::string& item, int n = 1);
  // All or nothing: false and *error ("need 3 planks, have 1") when there are too few.
  bool remove(const std::string& item, int n = 1, std::string* error = nullptr);
  // Removes n taken from `items` in order (the first preferred); all or nothing.
  bool remove_any(const std::vector<std::string>& items, int n, std::string* error = nullptr);
  const ItemCounts& items() const { return items_; }
  bool empty() const { return items_.empty(); }
  std::string str() const;  // "3 oak_log, 2 stick"

 private:
  ItemCounts items_;  // counts > 0 only
};

}  // namespace plank::survival
