// The keys seen so far in one dict, for the passes that ask "is this key
// already there?" once per member (duplicate keys, renames, lifted filters).
// The grammar's dicts have a handful of keys, where a scan is fastest; a form
// written to hurt (10^6 keys in one dict) would make that scan quadratic, so
// past kScanLimit keys the set switches to a hash set: linear in the dict.
#pragma once
#include <string_view>
#include <unordered_set>
#include <vector>

namespace plank::lf {

class KeySet {
 public:
  static constexpr size_t kScanLimit = 16;

  // The views must outlive the set (they point into the dict's keys).
  bool contains(std::string_view key) const {
    if (!hashed_.empty()) return hashed_.count(key) > 0;
    for (auto k : scanned_)
      if (k == key) return true;
    return false;
  }

  // False when the key was already there.
  bool insert(std::string_view key) {
    if (hashed_.empty() && scanned_.size() < kScanLimit) {
      if (contains(key)) return false;
      scanned_.push_back(key);
      return true;
    }
    if (hashed_.empty()) hashed_.insert(scanned_.begin(), scanned_.end());
    return hashed_.insert(key).second;
  }

  void erase(std::string_view key) {
    if (!hashed_.empty()) {
      hashed_.erase(key);
      return;
    }
    std::erase(scanned_, key);
  }

 private:
  std::vector<std::string_view> scanned_;
  std::unordered_set<std::string_view> hashed_;
};

}  // namespace plank::lf
