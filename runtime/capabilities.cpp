#include "runtime/capabilities.h"

namespace plank::core {

const std::vector<CapabilityName>& capability_names() {
  static const std::vector<CapabilityName> names = {{kCapWorld, "world", "world"},
                                                    {kCapMemory, "memory", "memory"},
                                                    {kCapNetwork, "network", "net"},
                                                    {kCapFilesystem, "filesystem", "fs"},
                                                    {kCapNeural, "neural", "neural"}};
  return names;
}

std::string capability_text(uint32_t capabilities) {
  std::string out;
  for (const auto& c : capability_names())
    if (capabilities & c.bit) out += (out.empty() ? "" : ", ") + std::string(c.word);
  return out.empty() ? "none" : out;
}

bool parse_capabilities(std::string_view list, uint32_t* capabilities, std::string* error) {
  uint32_t bits = 0;
  while (!list.empty()) {
    size_t comma = list.find(',');
    std::string_view item = list.substr(0, comma);
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    while (!item.empty() && (item.front() == ' ' || item.front() == '\t')) item.remove_prefix(1);
    while (!item.empty() && (item.back() == ' ' || item.back() == '\t')) item.remove_suffix(1);
    if (item.empty()) continue;
    bool known = false;
    for (const auto& c : capability_names())
      if (item == c.flag || item == c.word) {
        bits |= c.bit;
        known = true;
      }
    if (!known) {
      if (error) {
        std::string expected;
        for (const auto& c : capability_names()) expected += (expected.empty() ? "" : ", ") + std::string(c.flag);
        *error = "unknown capability '" + std::string(item) + "' (expected " + expected + ")";
      }
      return false;
    }
  }
  *capabilities = bits;
  return true;
}

}  // namespace plank::core
