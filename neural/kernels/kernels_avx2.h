// AVX2/FMA versions of the CPU kernels' hot loops, used when the processor
// has them (available(), checked once at run time); kernels_cpu.cpp falls
// back to its portable loops otherwise. The transcendental functions are
// polynomial approximations (a few ulp; the libtorch agreement tests bound the
// result), eight lanes at a time where libm's tanhf and expf cost ~5 ns each:
// a batch-1 decode calls them ~18,000 times.
#pragma once

namespace plank::neural::cpu::avx2 {

bool available();

// Products up to this many weights (256 KiB, an L2 cache's worth) run on gemv().
constexpr long kSmallGemv = 65536;

// y[out] (+)= W[out,in] x[in] (accumulate: add to y, which holds the bias).
void gemv(const float* W, const float* x, int out, int in, bool accumulate, float* y);
// cpu::gru_update: h[B,H] <- the GRU update from gi[B,3H], gh[B,3H].
void gru_update(const float* gi, const float* gh, int batch, int H, float* h);
// x <- tanh(x).
void tanh_inplace(float* x, int n);

}  // namespace plank::neural::cpu::avx2
