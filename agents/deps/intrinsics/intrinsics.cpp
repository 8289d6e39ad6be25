#include "agents/deps/intrinsics/intrinsics.h"

#include "agents/deps/intrinsics/loop_intrinsics.h"
#include "agents/deps/intrinsics/skills.h"

namespace plank::deps {

void register_intrinsics() {
  register_skills();
  register_loop_intrinsics();
}

}  // namespace plank::deps
