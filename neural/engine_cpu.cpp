// The forward pass on the CPU kernels.
#include <cmath>

#include "engine.h"
#include "kernels_cpu.h"

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

  void encode(const std::vector<int>& ids, std::vector<float>& h0) override {
    const int T = static_cast<int>(ids.size()), E = c_.embed, H = c_.hidden, K = c_.enc_dim();
    tokens_ = T;
    std::vector<float> x(static_cast<size_t>(T) * E), f(static_cast<size_t>(T) * H), b(static_cast<size_t>(T) * H);
    cpu::embedding(p("enc.embed"), E, ids.data(), T, x.data());
    cpu::gru_sequence(x.data(), T, E, p("enc.fwd.w_ih"), p("enc.fwd.w_hh"), p("enc.fwd.b_ih"), p("enc.fwd.b_hh"), H,
                      false, f.data());
    cpu::gru_sequence(x.data(), T, E, p("enc.bwd.w_ih"), p("enc.bwd.w_hh"), p("enc.bwd.b_ih"), p("enc.bwd.b_hh"), H,
                      true, b.data());
    enc_.resize(static_cast<size_t>(T) * K);
    for (int t = 0; t < T; ++t)
      for (int j = 0; j < H; ++j) {
        enc_[static_cast<size_t>(t) * K + j] = f[static_cast<size_t>(t) * H + j];
        enc_[static_cast<size_t>(t) * K + H + j] = b[static_cast<size_t>(t) * H + j];
      }
    std::vector<float> last(static_cast<size_t>(K));
    for (int j = 0; j < H; ++j) {
      last[j] = f[static_cast<size_t>(T - 1) * H + j];
      last[H + j] = b[j];
    }
    const int D = c_.decoder;
    for (auto [keys, name] : {std::pair{&keys_q_, "dec.attn.w_q"}, std::pair{&keys_start_, "dec.span_start.w"},
                              std::pair{&keys_end_, "dec.span_end.w"}}) {
      keys->resize(static_cast<size_t>(T) * D);
      cpu::matmul(enc_.data(), T, K, p(name), D, keys->data());
    }
    h0.resize(static_cast<size_t>(c_.decoder));
    cpu::linear(last.data(), 1, K, p("dec.init.w"), p("dec.init.b"), c_.decoder, h0.data());
    cpu::tanh_inplace(h0.data(), c_.decoder);
  }

  void step(int B, const int* prev, const int* parent, float* h, float* logits, float* start, float* end) override {
    const int D = c_.decoder, K = c_.enc_dim(), V = c_.output_vocab, T = tokens_;
    gi_.resize(static_cast<size_t>(B) * 3 * D);
    gh_.resize(static_cast<size_t>(B) * 3 * D);
    hc_.resize(static_cast<size_t>(B) * (D + K));
    ctx_.resize(static_cast<size_t>(B) * K);
    att_.resize(static_cast<size_t>(B) * T);
    o_.resize(static_cast<size_t>(B) * D);
    cpu::embedding(prev_gi_.data(), 3 * D, prev, B, gi_.data());
    cpu::embedding_add(parent_gi_.data(), 3 * D, parent, B, gi_.data());
    cpu::linear(h, B, D, p("dec.gru.w_hh"), p("dec.gru.b_hh"), 3 * D, gh_.data());
    cpu::gru_update(gi_.data(), gh_.data(), B, D, h);
    cpu::attention_projected(keys_q_.data(), D, enc_.data(), T, K, h, B, ctx_.data(), att_.data());
    for (int b = 0; b < B; ++b) {
      std::copy(h + static_cast<size_t>(b) * D, h + static_cast<size_t>(b + 1) * D, hc_.begin() + static_cast<long>(b) * (D + K));
      std::copy(ctx_.begin() + static_cast<long>(b) * K, ctx_.begin() + static_cast<long>(b + 1) * K,
                hc_.begin() + static_cast<long>(b) * (D + K) + D);
    }
    cpu::linear(hc_.data(), B, D + K, p("dec.comb.w"), p("dec.comb.b"), D, o_.data());
    cpu::tanh_inplace(o_.data(), B * D);
    cpu::linear(o_.data(), B, D, p("dec.out.w"), p("dec.out.b"), V, logits);
    cpu::span_scores(keys_start_.data(), T, D, o_.data(), B, start);
    cpu::span_scores(keys_end_.data(), T, D, o_.data(), B, end);
  }

 private:
  const float* p(const char* name) const { return w_->at(name).data.data(); }
  std::shared_ptr<const ParserWeights> w_;
  ModelConfig c_;
  std::vector<float> prev_gi_, parent_gi_;                // [V, 3D]: W_ih of each decision / parent embedding
  std::vector<float> keys_q_, keys_start_, keys_end_;     // [T, D]: enc W_q, enc W_start, enc W_end
  std::vector<float> enc_, gi_, gh_, hc_, ctx_, att_, o_;
};

}  // namespace

std::unique_ptr<Engine> make_cpu_engine(std::shared_ptr<const ParserWeights> w) {
  return std::make_unique<CpuEngine>(std::move(w));
}

std::unique_ptr<Engine> make_engine(std::shared_ptr<const ParserWeights> w, const std::string& which,
                                    std::string* why) {
  if (which == "cpu") return make_cpu_engine(std::move(w));
  std::string reason;
  if (auto e = make_cuda_engine(w, &reason)) return e;
  if (which == "cuda") {
    if (why) *why = reason;
    return nullptr;
  }
  return make_cpu_engine(std::move(w));
}

ForcedOutput forced_forward(Engine& e, const std::vector<int>& ids, const std::vector<int>& prev,
                            const std::vector<int>& parent, int D, int V) {
  ForcedOutput out;
  std::vector<float> h;
  e.encode(ids, h);
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
