// Shared helpers for the runtime tests.
#pragma once
#include <gtest/gtest.h>

#include <memory>

#include "world/voxels/block_registry.h"

namespace plank::world::test {

// The minecraft-data registry, or null (and the test skips) when the data is absent.
inline std::shared_ptr<const BlockRegistry> mc_registry() {
  static std::string error;
  static auto registry = [] () -> std::shared_ptr<const BlockRegistry> {
    auto data = load_mcdata(default_mcdata_dir(), &error);
    return data ? BlockRegistry::from_mcdata(data) : nullptr;
  }();
  return registry;
}
inline const std::string& mc_skip_reason() {
  static std::string reason = "minecraft-data is absent (run scripts/fetch-minecraft-data.sh or set PLANK_MCDATA)";
  return reason;
}

#define PLANK_REQUIRE_MCDATA(var)                                       \
  auto var = ::plank::world::test::mc_registry();                       \
  if (!var) GTEST_SKIP() << ::plank::world::test::mc_skip_reason()

inline BlockId id(const BlockRegistry& r, const char* name) {
  auto found = r.find(name);
  EXPECT_TRUE(found) << name;
  return found.value_or(kAir);
}

}  // namespace plank::world::test
