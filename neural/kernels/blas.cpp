#include "neural/kernels/blas.h"

#include <dlfcn.h>

#include <string>

namespace plank::neural::blas {
namespace {

// The CBLAS ABI (cblas.h): enums are ints with these values.
constexpr int kRowMajor = 101, kNoTrans = 111, kTrans = 112;
using Sgemv = void (*)(int, int, int, int, float, const float*, int, const float*, int, float, float*, int);
using Sgemm = void (*)(int, int, int, int, int, int, float, const float*, int, const float*, int, float, float*, int);

struct Library {
  Sgemv sgemv = nullptr;
  Sgemm sgemm = nullptr;
  std::string name;
};

const Library& library() {
  static const Library lib = [] {
    Library l;
    // Debian's OpenBLAS first; libblas.so.3 is whichever BLAS the alternatives system selects.
    for (const char* file : {"libopenblas.so.0", "libopenblas.so", "libcblas.so.3", "libblas.so.3"}) {
      void* handle = ::dlopen(file, RTLD_NOW | RTLD_LOCAL);
      if (!handle) continue;
      l.sgemv = reinterpret_cast<Sgemv>(::dlsym(handle, "cblas_sgemv"));
      l.sgemm = reinterpret_cast<Sgemm>(::dlsym(handle, "cblas_sgemm"));
      if (!l.sgemv || !l.sgemm) {
        ::dlclose(handle);
        l = Library{};
        continue;
      }
      auto config = reinterpret_cast<char* (*)()>(::dlsym(handle, "openblas_get_config"));
      l.name = config ? config() : std::string(file);
      return l;  // kept loaded for the life of the process
    }
    l.name = "built-in loops (no CBLAS library found)";
    return l;
  }();
  return lib;
}

}  // namespace

void gemv(int m, int n, float alpha, const float* A, const float* x, float beta, float* y) {
  const Library& l = library();
  if (l.sgemv) return l.sgemv(kRowMajor, kNoTrans, m, n, alpha, A, n, x, 1, beta, y, 1);
  reference_gemv(m, n, alpha, A, x, beta, y);
}

void reference_gemv(int m, int n, float alpha, const float* A, const float* x, float beta, float* y) {
  for (int i = 0; i < m; ++i) {
    float s = 0;
    for (int j = 0; j < n; ++j) s += A[static_cast<long>(i) * n + j] * x[j];
    y[i] = alpha * s + (beta == 0 ? 0.f : beta * y[i]);
  }
}

void gemm(bool trans_b, int M, int N, int K, float alpha, const float* A, int lda, const float* B, int ldb, float beta,
          float* C, int ldc) {
  const Library& l = library();
  if (l.sgemm) return l.sgemm(kRowMajor, kNoTrans, trans_b ? kTrans : kNoTrans, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
  reference_gemm(trans_b, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
}

void reference_gemm(bool trans_b, int M, int N, int K, float alpha, const float* A, int lda, const float* B, int ldb,
                    float beta, float* C, int ldc) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float s = 0;
      for (int k = 0; k < K; ++k)
        s += A[static_cast<long>(i) * lda + k] * (trans_b ? B[static_cast<long>(j) * ldb + k] : B[static_cast<long>(k) * ldb + j]);
      float& c = C[static_cast<long>(i) * ldc + j];
      c = alpha * s + (beta == 0 ? 0.f : beta * c);
    }
}

const char* name() { return library().name.c_str(); }

}  // namespace plank::neural::blas
