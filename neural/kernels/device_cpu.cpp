// Built when nvcc is not available: the CPU path is the only one.
#include "neural/kernels/device.h"

namespace plank::neural {

DeviceInfo query_devices() {
  DeviceInfo info;
  info.status = "built without CUDA (nvcc not found at configure time)";
  return info;
}

}  // namespace plank::neural
