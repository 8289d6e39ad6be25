// Which compute devices the neural kernels can use. Every kernel has a CPU
// path; the CUDA path is chosen at run time only when this reports a device.
#pragma once
#include <string>

namespace plank::neural {

struct DeviceInfo {
  bool compiled_with_cuda = false;  // the .cu files were built (nvcc was found)
  int device_count = 0;             // usable GPUs now (0 without a driver or GPU)
  std::string first_device_name;    // empty when device_count == 0
  std::string status;               // why there is no device, in words
};

DeviceInfo query_devices();

}  // namespace plank::neural
