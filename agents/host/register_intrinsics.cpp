#include "agents/host/register_intrinsics.h"

#include <mutex>

#include "agents/caip/intrinsics/intrinsics.h"
#include "agents/danli/intrinsics/intrinsics.h"
#include "agents/deps/intrinsics/intrinsics.h"
#include "agents/iglu/intrinsics/intrinsics.h"
#include "neural/intrinsics.h"

namespace plank::host {

void register_host_intrinsics() {
  static std::once_flag once;
  std::call_once(once, [] {
    // One line per domain; each declares its table in its own folder.
    deps::register_intrinsics();
    caip::register_intrinsics();
    neural::register_intrinsics();
    danli::register_intrinsics();
    iglu::register_intrinsics();
  });
}

}  // namespace plank::host
