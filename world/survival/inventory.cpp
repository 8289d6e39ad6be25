#include "world/survival/inventory.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <stdexcept>

namespace plank::survival {

int Inventory::count(const std::string& item) const {
  auto it = items_.find(item);
  return it == items_.end() ? 0 : it->second;
}

int Inventory::count_any(const std::vector<std::string>& items) const {
  int n = 0;
  for (const auto& i : items) n += count(i);
  return n;
}

void Inventory::add(const std::string& item, int n) {
  if (n < 0) throw std::invalid_argument(fmt::format("Inventory::add: negative count {} of {}", n, item));
  if (n > 0) items_[item] += n;
}

bool Inventory::remove(const std::string& item, int n, std::string* error) {
  int have = count(item);
  if (n < 0 || have < n) {
    if (error) *error = fmt::format("need {} {}, have {}", n, item, have);
    return false;
  }
  if (have == n) items_.erase(item);
  else items_[item] = have - n;
  return true;
}

bool Inventory::remove_any(const std::vector<std::string>& items, int n, std::string* error) {
  int have = count_any(items);
  if (have < n) {
    if (error) *error = fmt::format("need {} of {}, have {}", n, items.size() == 1 ? items[0] : fmt::format("{{{}}}", fmt::join(items, ", ")), have);
    return false;
  }
  for (const auto& i : items) {
    int take = std::min(n, count(i));
    if (take > 0) remove(i, take);
    n -= take;
  }
  return true;
}

std::string Inventory::str() const {
  std::string s;
  for (const auto& [item, n] : items_) s += fmt::format("{}{} {}", s.empty() ? "" : ", ", n, item);
  return s.empty() ? "(empty)" : s;
}

}  // namespace plank::survival
