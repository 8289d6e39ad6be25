#include "agents/caip/loop/policy.h"

#include <cstdlib>

namespace plank::caip {

std::string default_policy_path() {
  const char* env = std::getenv("PLANK_STDLIB");
  std::string stdlib = env && *env ? env : PLANK_STDLIB_DIR;
  return stdlib + "/caip/conversation.plank";
}

}  // namespace plank::caip
