// Plank's CPU inference kernels for the parser (row-major float32). Matrix
// products go to CBLAS (OpenBLAS when installed); the rest are plain loops the
// compiler vectorises, with the per-element formulas from kernel_math.h.
#pragma once
#include <cstdint>
#include <vector>

namespace plank::neural::cpu {

// y[B,out] = x[B,in] W[out,in]^T (+ b[out] when b is not null).
void linear(const float* x, int batch, int in, const float* W, const float* b, int out, float* y);
// out[n,dim] = table[ids[i]] rows.
void embedding(const float* table, int dim, const int* ids, int n, float* out);
// out[n,dim] += table[ids[i]] rows.
void embedding_add(const float* table, int dim, const int* ids, int n, float* out);
// h[B,H] <- GRU update from gi[B,3H], gh[B,3H] (gates r, z, n).
void gru_update(const float* gi, const float* gh, int batch, int H, float* h);
// A whole GRU over x[T,in] (one sequence), forward or reversed; out[T,H] holds
// the state after each position (in position order); returns nothing else.
void gru_sequence(const float* x, int T, int in, const float* w_ih, const float* w_hh, const float* b_ih,
                  const float* b_hh, int H, bool reverse, float* out);
// The same GRU over U sequences at once, packed in x (sequence u at rows
// offset[u] .. offset[u]+length[u]-1), lengths not increasing (so the sequences
// still running at any position are a prefix and each recurrent step is one
// matrix product); out is packed like x, last[U,H] gets each final state.
void gru_sequences(const float* x, const int* offset, const int* length, int U, int in, const float* w_ih,
                   const float* w_hh, const float* b_ih, const float* b_hh, int H, bool reverse, float* out,
                   float* last);
// In place: x <- tanh(x).
void tanh_inplace(float* x, int n);
// In place: x <- max(x, 0).
void relu_inplace(float* x, int n);
// Layer normalisation of x[rows,dim] into y (may be x): (x - mean) / sqrt(variance
// + epsilon) per row, times scale[dim] plus bias[dim] when they are not null.
void layer_norm(const float* x, int rows, int dim, const float* scale, const float* bias, float epsilon, float* y);
// Row-wise softmax of x[rows,n] in place, after multiplying by scale.
void softmax_rows(float* x, int rows, int n, float scale);
// In place log-softmax over the entries with mask[i] != 0; masked entries become kMasked.
void masked_log_softmax(float* x, const uint8_t* mask, int n);
// Scaled dot-product attention of B queries q[B,K] over enc[T,K]: ctx[B,K].
// scratch must hold B*T floats (it receives the attention weights).
void attention(const float* enc, int T, int K, const float* q, int B, float* ctx, float* scratch);
// C[M,N] = A[M,K] B[K,N].
void matmul(const float* A, int M, int K, const float* B, int N, float* C);
// attention() with the query projection moved onto the keys: keys[T,D] =
// enc W_q (computed once per utterance), scores = h keys^T; the same
// mathematics for T x D work a step instead of K x D.
void attention_projected(const float* keys, int D, const float* enc, int T, int K, const float* h, int B, float* ctx,
                         float* scratch);
// scores[B,T] = p[B,K] enc[T,K]^T: span start or end logits.
void span_scores(const float* enc, int T, int K, const float* p, int B, float* scores);

struct SpanChoice {
  int first, last;
  float score;  // log p(first) + log p(last)
};
// The k best spans (first <= last) from start/end log-probabilities over T tokens.
std::vector<SpanChoice> best_spans(const float* start_lp, const float* end_lp, int T, int k);

struct Candidate {
  int beam;     // which hypothesis it extends
  int token;    // token id, or -1 for a span
  int first, last;
  float score;  // total log-probability
};
// Beam step: the k highest-scoring candidates, best first (stable on ties).
std::vector<Candidate> top_candidates(std::vector<Candidate> candidates, int k);

// Which BLAS the matrix products use (for benchmark reports).
const char* blas_name();

}  // namespace plank::neural::cpu
