// The matrix products of the CPU kernels: a CBLAS library (OpenBLAS when
// installed) loaded on first use, else plain loops. Loaded, not linked:
// OpenBLAS's library constructor starts a thread per core that spins
// (sched_yield) for a while waiting for work, about 0.1 s of CPU at every start
// of plank, which every command that never parses would pay.
#pragma once

namespace plank::neural::blas {

// y = alpha A x + beta y; A row-major m x n.
void gemv(int m, int n, float alpha, const float* A, const float* x, float beta, float* y);
// C = alpha A op(B) + beta C, row-major; op(B) = B^T when trans_b (B is N x K), else B (K x N).
void gemm(bool trans_b, int M, int N, int K, float alpha, const float* A, int lda, const float* B, int ldb, float beta,
          float* C, int ldc);
// The plain loops used when no library is found (and the tests' reference).
void reference_gemv(int m, int n, float alpha, const float* A, const float* x, float beta, float* y);
void reference_gemm(bool trans_b, int M, int N, int K, float alpha, const float* A, int lda, const float* B, int ldb,
                    float beta, float* C, int ldc);
// What computes them: the library's own description (OpenBLAS's configuration), or the fallback's.
const char* name();

}  // namespace plank::neural::blas
