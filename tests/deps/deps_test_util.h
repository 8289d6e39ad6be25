// Shared set-up for the DEPS tests: the rules (minecraft-data + world/data), skipped when absent.
#pragma once
#include <gtest/gtest.h>

#include "agents/deps/roles/rules.h"
#include "agents/host/register_intrinsics.h"

namespace plank::deps::test {

inline const Rules* rules_or_null(std::string* error) {
  host::register_host_intrinsics();
  return load_rules(error);
}

#define PLANK_REQUIRE_DEPS_RULES(var)                                                      \
  std::string var##_error;                                                                 \
  const ::plank::deps::Rules* var = ::plank::deps::test::rules_or_null(&var##_error);      \
  if (!var) GTEST_SKIP() << "minecraft-data or world/data is absent: " << var##_error

inline std::string shared_dir() {
  const char* env = std::getenv("PLANK_SHARED");
  return env ? env : PLANK_SHARED_DIR;
}

}  // namespace plank::deps::test
