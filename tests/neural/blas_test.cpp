// neural/blas: the library loaded at run time computes what the plain loops
// (the fallback when none is installed) compute, for each product the kernels use.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "neural/kernels/blas.h"

namespace {

std::vector<float> random_matrix(size_t n, std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-1.f, 1.f);
  std::vector<float> v(n);
  for (float& x : v) x = u(rng);
  return v;
}

TEST(Blas, LoadedLibraryAgreesWithThePlainLoops) {
  std::mt19937 rng(7);
  const int M = 5, N = 37, K = 19;
  for (bool trans_b : {false, true}) {
    for (float beta : {0.f, 1.f}) {
      auto A = random_matrix(M * K, rng);
      auto B = random_matrix(N * K, rng);  // K x N, or N x K when transposed
      auto C0 = random_matrix(M * N, rng);
      auto C1 = C0;
      int ldb = trans_b ? K : N;
      plank::neural::blas::gemm(trans_b, M, N, K, 0.5f, A.data(), K, B.data(), ldb, beta, C0.data(), N);
      plank::neural::blas::reference_gemm(trans_b, M, N, K, 0.5f, A.data(), K, B.data(), ldb, beta, C1.data(), N);
      for (int i = 0; i < M * N; ++i) ASSERT_NEAR(C0[i], C1[i], 1e-5) << "trans_b " << trans_b << " beta " << beta;
    }
  }
  auto A = random_matrix(N * K, rng);
  auto x = random_matrix(K, rng);
  auto y0 = random_matrix(N, rng);
  auto y1 = y0;
  plank::neural::blas::gemv(N, K, 1.f, A.data(), x.data(), 1.f, y0.data());
  plank::neural::blas::reference_gemv(N, K, 1.f, A.data(), x.data(), 1.f, y1.data());
  for (int i = 0; i < N; ++i) ASSERT_NEAR(y0[i], y1[i], 1e-5);
  EXPECT_FALSE(std::string(plank::neural::blas::name()).empty());
}

}  // namespace
