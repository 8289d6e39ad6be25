// Arithmetic shared by the CPU and CUDA kernels. Compiled by the host
// compiler for kernels_cpu.cpp and by nvcc for kernels_cuda.cu, so the CPU
// tests exercise exactly the formulas the GPU runs.
#pragma once
#include <cmath>

#ifdef __CUDACC__
#define PLANK_HD __host__ __device__ __forceinline__
#else
#define PLANK_HD inline
#endif

namespace plank::neural::math {

PLANK_HD float sigmoid(float x) { return 1.0f / (1.0f + expf(-x)); }

// One GRU hidden unit, PyTorch's formulation. gi = W_ih x + b_ih and
// gh = W_hh h + b_hh for the unit's three gates (r, z, n); h is the old state.
PLANK_HD float gru_unit(float gi_r, float gi_z, float gi_n, float gh_r, float gh_z, float gh_n, float h) {
  float r = sigmoid(gi_r + gh_r);
  float z = sigmoid(gi_z + gh_z);
  float n = tanhf(gi_n + r * gh_n);
  return (1.0f - z) * n + z * h;
}

// Large negative for masked logits: exp() of it is 0 but it stays finite.
constexpr float kMasked = -1e30f;

}  // namespace plank::neural::math
