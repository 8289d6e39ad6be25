// A switch set from the environment (PLANK_PERF, PLANK_CHECK_KINDS): on when
// the variable is set, not empty and not "0".
#pragma once
#include <cstdlib>

namespace plank {

inline bool env_flag(const char* name) {
  const char* value = std::getenv(name);
  return value && *value && !(value[0] == '0' && value[1] == '\0');
}

}  // namespace plank
