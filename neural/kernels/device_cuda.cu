// Built when nvcc is available. The binary links the static CUDA runtime, so
// it also runs on machines with no driver; any error there means "no GPU".
#include <cuda_runtime.h>

#include <string>

#include "neural/kernels/device.h"

namespace plank::neural {

DeviceInfo query_devices() {
  DeviceInfo info;
  info.compiled_with_cuda = true;
  int count = 0;
  cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess) {
    // Without any NVIDIA driver the runtime also answers "insufficient driver": say both.
    if (err == cudaErrorInsufficientDriver)
      info.status = "no usable GPU: no NVIDIA driver, or one older than the CUDA " +
                    std::to_string(CUDART_VERSION / 1000) + " runtime this build links";
    else if (err == cudaErrorNoDevice)
      info.status = "no GPU found";
    else
      info.status = std::string("no usable GPU: ") + cudaGetErrorString(err);
    cudaGetLastError();  // clear the sticky error so later calls start clean
    return info;
  }
  info.device_count = count;
  if (count > 0) {
    cudaDeviceProp prop{};
    if (cudaGetDeviceProperties(&prop, 0) == cudaSuccess) info.first_device_name = prop.name;
    info.status = "ok";
  } else {
    info.status = "no GPU found";
  }
  return info;
}

}  // namespace plank::neural
