#include "runtime/host/register_intrinsics.h"

#include <mutex>

#include "neural/intrinsics.h"

namespace plank::host {

void register_host_intrinsics() {
  static std::once_flag once;
  std::call_once(once, [] {
    // Domains add their registration here, one line each, e.g.
    //   deps::register_intrinsics();
    neural::register_intrinsics();
  });
}

}  // namespace plank::host
