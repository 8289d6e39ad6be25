// The forward pass on the CPU kernels.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "neural/engine_choice.h"
#include "neural/kernels/kernel_math.h"
#include "neural/kernels/kernels_cpu.h"
#include "neural/parser/engine.h"

namespace plank::neural {
namespace {

class CpuEngine final : public Engine {
 public:
  // Products that do not depend on the step are done once: the GRU input
  // projection of every decision and parent embedding (per model), and the
  // query, span-start and span-end matrices applied to the encoder states
  // (per utterance). A step then costs the recurrent GEMV, the combination
  // and the output layer, plus T x D dot products: the same mathematics as
  // the libtorch forward, summed in another order.
  explicit CpuEngine(std::shared_ptr<const ParserWeights> w) : w_(std::move(w)), c_(w_->config) {
    const int V = c_.output_vocab, F = c_.out_embed, G = 3 * c_.decoder;
    prev_gi_.resize(static_cast<size_t>(V) * G);
    parent_gi_.resize(static_cast<size_t>(V) * G);
    cpu::linear(p("dec.embed"), V, F, p("dec.gru.w_ih"), p("dec.gru.b_ih"), G, prev_gi_.data());
    cpu::linear(p("dec.parent_embed"), V, F, p("dec.gru.w_ih"), nullptr, G, parent_gi_.data());
  }
  std::string name() const override { return std::string("cpu (") + cpu::blas_name() + ")"; }

  using Engine::encode_batch;
  void encode_batch(const std::vector<std::vector<int>>& utterances, const std::vector<std::vector<float>>& context,
                    std::vector<float>& h0) override {
    if (!set_lengths(utterances)) throw std::invalid_argument("an utterance to encode has no words");
    check_context(context, c_.context);
    const int U = static_cast<int>(utterances.size()), E = c_.embed, H = c_.hidden, K = c_.enc_dim(), D = c_.decoder;
    // Longest first, so the utterances still running at a position are a prefix (gru_sequences).
    std::vector<int> order(static_cast<size_t>(U));
    for (int u = 0; u < U; ++u) order[u] = u;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return lengths_[a] > lengths_[b]; });
    std::vector<int> ids, offset(static_cast<size_t>(U)), length(static_cast<size_t>(U));
    offset_.assign(static_cast<size_t>(U), 0);
    for (int i = 0; i < U; ++i) {
      offset[i] = offset_[order[i]] = static_cast<int>(ids.size());
      length[i] = lengths_[order[i]];
      ids.insert(ids.end(), utterances[order[i]].begin(), utterances[order[i]].end());
    }
    const int N = static_cast<int>(ids.size());
    std::vector<float> x(static_cast<size_t>(N) * E), f(static_cast<size_t>(N) * H), b(f.size()),
        f_last(static_cast<size_t>(U) * H), b_last(f_last.size());
    cpu::embedding(p("enc.embed"), E, ids.data(), N, x.data());
    if (c_.context > 0) {  // x += features W_ctx^T, in the packed order
      const int C = c_.context;
      std::vector<float> features(static_cast<size_t>(N) * C), projected(static_cast<size_t>(N) * E);
      for (int i = 0; i < U; ++i) {
        const std::vector<float>& f = context[order[i]];
        std::copy(f.begin(), f.end(), features.begin() + static_cast<long>(offset[i]) * C);
      }
      cpu::linear(features.data(), N, C, p("enc.context_proj"), nullptr, E, projected.data());
      for (size_t k = 0; k < x.size(); ++k) x[k] += projected[k];
    }
    cpu::gru_sequences(x.data(), offset.data(), length.data(), U, E, p("enc.fwd.w_ih"), p("enc.fwd.w_hh"),
                       p("enc.fwd.b_ih"), p("enc.fwd.b_hh"), H, false, f.data(), f_last.data());
    cpu::gru_sequences(x.data(), offset.data(), length.data(), U, E, p("enc.bwd.w_ih"), p("enc.bwd.w_hh"),
                       p("enc.bwd.b_ih"), p("enc.bwd.b_hh"), H, true, b.data(), b_last.data());
    enc_.resize(static_cast<size_t>(N) * K);
    for (int t = 0; t < N; ++t) {
      std::copy_n(f.begin() + static_cast<long>(t) * H, H, enc_.begin() + static_cast<long>(t) * K);
      std::copy_n(b.begin() + static_cast<long>(t) * H, H, enc_.begin() + static_cast<long>(t) * K + H);
    }
    // [forward state after the last word ; backward state after the first], in the callers' order.
    std::vector<float> last(static_cast<size_t>(U) * K);
    for (int i = 0; i < U; ++i) {
      std::copy_n(f_last.begin() + static_cast<long>(i) * H, H, last.begin() + static_cast<long>(order[i]) * K);
      std::copy_n(b_last.begin() + static_cast<long>(i) * H, H, last.begin() + static_cast<long>(order[i]) * K + H);
    }
    for (auto [keys, name] : {std::pair{&keys_q_, "dec.attn.w_q"}, std::pair{&keys_start_, "dec.span_start.w"},
                              std::pair{&keys_end_, "dec.span_end.w"}}) {
      keys->resize(static_cast<size_t>(N) * D);
      cpu::matmul(enc_.data(), N, K, p(name), D, keys->data());
    }
    h0.resize(static_cast<size_t>(U) * D);
    cpu::linear(last.data(), U, K, p("dec.init.w"), p("dec.init.b"), D, h0.data());
    cpu::tanh_inplace(h0.data(), U * D);
  }

  void step_batch(int B, const int* owner, const int* prev, const int* parent, float* h, float* logits, float* start,
                  float* end) override {
    const int D = c_.decoder, K = c_.enc_dim(), V = c_.output_vocab, W = tokens_;
    gi_.resize(static_cast<size_t>(B) * 3 * D);
    gh_.resize(static_cast<size_t>(B) * 3 * D);
    hc_.resize(static_cast<size_t>(B) * (D + K));
    ctx_.resize(static_cast<size_t>(B) * K);
    att_.resize(static_cast<size_t>(B) * W);
    o_.resize(static_cast<size_t>(B) * D);
    cpu::embedding(prev_gi_.data(), 3 * D, prev, B, gi_.data());
    cpu::embedding_add(parent_gi_.data(), 3 * D, parent, B, gi_.data());
    cpu::linear(h, B, D, p("dec.gru.w_hh"), p("dec.gru.b_hh"), 3 * D, gh_.data());
    cpu::gru_update(gi_.data(), gh_.data(), B, D, h);
    // Attention and span scores per run of hypotheses of one utterance.
    auto for_each_run = [&](auto&& body) {
      for (int b0 = 0; b0 < B;) {
        int u = owner ? owner[b0] : 0, b1 = b0 + 1;
        while (b1 < B && (owner ? owner[b1] : 0) == u) ++b1;
        body(u, b0, b1 - b0);
        b0 = b1;
      }
    };
    for_each_run([&](int u, int b0, int n) {
      const size_t off = static_cast<size_t>(offset_.at(static_cast<size_t>(u)));
      cpu::attention_projected(keys_q_.data() + off * D, D, enc_.data() + off * K, lengths_[u], K,
                               h + static_cast<size_t>(b0) * D, n, ctx_.data() + static_cast<size_t>(b0) * K,
                               att_.data());
    });
    for (int b = 0; b < B; ++b) {
      std::copy(h + static_cast<size_t>(b) * D, h + static_cast<size_t>(b + 1) * D, hc_.begin() + static_cast<long>(b) * (D + K));
      std::copy(ctx_.begin() + static_cast<long>(b) * K, ctx_.begin() + static_cast<long>(b + 1) * K,
                hc_.begin() + static_cast<long>(b) * (D + K) + D);
    }
    cpu::linear(hc_.data(), B, D + K, p("dec.comb.w"), p("dec.comb.b"), D, o_.data());
    cpu::tanh_inplace(o_.data(), B * D);
    cpu::linear(o_.data(), B, D, p("dec.out.w"), p("dec.out.b"), V, logits);
    for_each_run([&](int u, int b0, int n) {
      const size_t off = static_cast<size_t>(offset_[static_cast<size_t>(u)]);
      const int T = lengths_[u];
      for (auto [keys, out] : {std::pair{&keys_start_, start}, std::pair{&keys_end_, end}}) {
        float* rows = out + static_cast<size_t>(b0) * W;
        // Rows as wide as the utterance are the output layout already; shorter ones are padded.
        float* scores = T == W ? rows : att_.data();
        cpu::span_scores(keys->data() + off * D, T, D, o_.data() + static_cast<size_t>(b0) * D, n, scores);
        if (T == W) continue;
        for (int i = 0; i < n; ++i) {
          std::copy_n(att_.begin() + static_cast<long>(i) * T, T, rows + static_cast<size_t>(i) * W);
          std::fill(rows + static_cast<size_t>(i) * W + T, rows + static_cast<size_t>(i + 1) * W, math::kMasked);
        }
      }
    });
  }

 private:
  const float* p(const char* name) const { return w_->at(name).data.data(); }
  std::shared_ptr<const ParserWeights> w_;
  ModelConfig c_;
  std::vector<float> prev_gi_, parent_gi_;                // [V, 3D]: W_ih of each decision / parent embedding
  std::vector<float> keys_q_, keys_start_, keys_end_;     // [T, D]: enc W_q, enc W_start, enc W_end
  std::vector<float> enc_, gi_, gh_, hc_, ctx_, att_, o_;  // enc_ [sum of lengths, K], packed longest first
  std::vector<int> offset_;                                // each utterance's first row in enc_ and the keys
};

}  // namespace

std::unique_ptr<Engine> make_cpu_engine(std::shared_ptr<const ParserWeights> w) {
  return std::make_unique<CpuEngine>(std::move(w));
}

std::unique_ptr<Engine> make_engine(std::shared_ptr<const ParserWeights> w, const std::string& which, std::string* why) {
  return choose_engine<Engine, ParserWeights>(std::move(w), which, why, &make_cpu_engine, &make_cuda_engine);
}

void Engine::check_context(const std::vector<std::vector<float>>& context, int C) const {
  if (C == 0) {
    if (!context.empty()) throw std::invalid_argument("this parser model reads no context features");
    return;
  }
  if (context.size() != lengths_.size())
    throw std::invalid_argument("this parser model reads context features: one row per word of every utterance");
  for (size_t u = 0; u < context.size(); ++u)
    if (context[u].size() != static_cast<size_t>(lengths_[u]) * static_cast<size_t>(C))
      throw std::invalid_argument("context features of utterance " + std::to_string(u) + " are not " +
                                  std::to_string(lengths_[u]) + " x " + std::to_string(C));
}

bool Engine::set_lengths(const std::vector<std::vector<int>>& utterances) {
  lengths_.clear();
  tokens_ = 0;
  for (const auto& u : utterances) {
    if (u.empty()) return false;
    lengths_.push_back(static_cast<int>(u.size()));
    tokens_ = std::max(tokens_, lengths_.back());
  }
  return !utterances.empty();
}

ForcedOutput forced_forward(Engine& e, const std::vector<int>& ids, const std::vector<int>& prev,
                            const std::vector<int>& parent, int D, int V, const std::vector<float>& context) {
  ForcedOutput out;
  std::vector<float> h;
  if (context.empty()) e.encode(ids, h);
  else e.encode_batch({ids}, {context}, h);
  const int S = static_cast<int>(prev.size()), T = e.tokens();
  out.logits.resize(static_cast<size_t>(S) * V);
  out.start.resize(static_cast<size_t>(S) * T);
  out.end.resize(static_cast<size_t>(S) * T);
  for (int s = 0; s < S; ++s)
    e.step(1, &prev[static_cast<size_t>(s)], &parent[static_cast<size_t>(s)], h.data(),
           out.logits.data() + static_cast<size_t>(s) * V, out.start.data() + static_cast<size_t>(s) * T,
           out.end.data() + static_cast<size_t>(s) * T);
  return out;
}

}  // namespace plank::neural
