// The only translation unit that includes libtorch. The model is built from
// parameter_specs() (model.h), so training and Plank's kernels share one
// definition of every tensor; the forward below is the same mathematics as
// engine_cpu.cpp, batched and teacher-forced.
#include "neural/train/trainer.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <optional>
#include <random>
#include <unordered_map>
#include <unordered_set>

#include "neural/parser/context_encoder.h"
#include "neural/parser/form_builder.h"
#include "neural/parser/parser.h"
#include "neural/parser/span_substitution.h"
#include "neural/parser/synth.h"
#include "neural/text/pretrained.h"

namespace plank::neural {
namespace {

using torch::Tensor;
namespace F = torch::nn::functional;

struct Encoded {
  std::vector<int> ids;
  std::vector<float> context;  // [ids.size(), C] contextual word features (TrainOptions::context)
  std::vector<GoldStep> steps;
  std::vector<int> name_positions;  // tokens inside has_name spans (TrainOptions::name_swap)
};

// Name swapping (TrainOptions::name_swap): per word id of the full
// vocabulary, the ids whose pre-trained vectors are nearest (cosine).
struct NameSwap {
  float probability = 0;
  std::unordered_map<int, std::vector<int>> neighbours;
  int trained_words = 0;  // ids below are training words; a neighbour above has only its vector
};

// The tokens inside has_name spans: what a command names is the part of it
// most often new at test time ("build a unicorn").
// With `all_spans`, the tokens inside every span (colours, block types, counts...).
std::vector<int> name_positions(const std::vector<GoldStep>& steps, bool all_spans) {
  const int has_name = OutVocab::grammar().key("has_name");
  std::vector<int> out;
  for (const auto& g : steps)
    if (g.span_first >= 0 && (all_spans || g.prev == has_name))
      for (int t = g.span_first; t <= g.span_last; ++t) out.push_back(t);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// The `k` nearest words (by cosine of their vectors, among rows with a
// vector) of every word in `words` that has a vector; rows: [vocab, dim].
std::unordered_map<int, std::vector<int>> nearest_words(const std::vector<float>& rows, int dim,
                                                        const std::vector<int>& words, int k) {
  const int64_t V = static_cast<int64_t>(rows.size()) / dim;
  Tensor G = torch::from_blob(const_cast<float*>(rows.data()), {V, dim}, torch::kFloat32);
  Tensor norms = G.norm(2, 1, true);
  Tensor unit = G / norms.clamp_min(1e-6);
  std::vector<int64_t> ids(words.begin(), words.end());
  Tensor q = unit.index_select(0, torch::tensor(ids, torch::kInt64));
  Tensor sim = torch::matmul(q, unit.t());  // [words, V]
  sim.masked_fill_((norms.squeeze(1) < 1e-6).unsqueeze(0), -2.0);
  auto top = std::get<1>(sim.topk(std::min<int64_t>(k + 1, V), 1));
  std::unordered_map<int, std::vector<int>> out;
  for (size_t i = 0; i < words.size(); ++i) {
    if (norms[words[i]].item<float>() < 1e-6) continue;
    auto& list = out[words[i]];
    for (int64_t j = 0; j < top.size(1); ++j) {
      int n = static_cast<int>(top[static_cast<int64_t>(i)][j].item<int64_t>());
      if (n != words[i] && n > InputVocab::kUnk && static_cast<int>(list.size()) < k) list.push_back(n);
    }
  }
  return out;
}

// The plain SentenceRec baseline (TrainOptions::plain) trains without the
// improvements: no word dropout, no synthetic data (and in train_parser, no
// grammar mask in the loss, model selection by unconstrained decoding). The
// options it trains with, or nullopt when `o` already is them.
std::optional<TrainOptions> plain_options(const TrainOptions& o) {
  if (!o.plain || (o.unk_rate == 0 && o.singleton_unk == 0 && o.synthetic == 0 && o.name_swap == 0 &&
                  o.span_substitute == 0))
    return std::nullopt;
  TrainOptions p = o;
  p.unk_rate = 0;
  p.singleton_unk = 0;
  p.synthetic = 0;
  p.name_swap = 0;
  p.span_substitute = 0;
  return p;
}

struct TorchModel {
  ModelConfig c;
  std::unordered_map<std::string, Tensor> p;
  std::vector<Tensor> list;
  // With pre-trained vectors (TrainOptions::pretrained): the fixed vectors of
  // every word of the full vocabulary [Vfull, d] (zero rows for words without
  // one) and the learned projection [E, d], the last entry of `list`.
  // "enc.embed" then holds the learned rows of the training words only.
  Tensor vectors, proj;

  void use_vectors(const std::vector<float>& rows, int dim) {
    vectors = torch::from_blob(const_cast<float*>(rows.data()), {static_cast<int64_t>(rows.size()) / dim, dim},
                               torch::kFloat32)
                  .clone();
    double bound = 1.0 / std::sqrt(static_cast<double>(dim));
    proj = torch::empty({c.embed, dim}).uniform_(-bound, bound);
    proj.set_requires_grad(true);
    list.push_back(proj);
  }

  explicit TorchModel(const ModelConfig& config) : c(config) {
    for (const auto& s : parameter_specs(c)) {
      std::vector<int64_t> shape(s.shape.begin(), s.shape.end());
      // PyTorch's GRU/Linear default: U(-1/sqrt(fan), 1/sqrt(fan)); embeddings N(0, 0.1).
      Tensor t;
      if (s.name.find("embed") != std::string::npos) t = torch::randn(shape) * 0.1;
      else {
        // PyTorch's defaults: GRU parameters U(+-1/sqrt(hidden)), linear layers U(+-1/sqrt(fan_in)).
        double fan = shape.size() == 2 ? static_cast<double>(shape[1]) : static_cast<double>(c.decoder);
        if (s.name.rfind("enc.f", 0) == 0 || s.name.rfind("enc.b", 0) == 0) fan = c.hidden;
        if (s.name.rfind("dec.gru", 0) == 0) fan = c.decoder;
        double bound = 1.0 / std::sqrt(fan);
        t = torch::empty(shape).uniform_(-bound, bound);
      }
      t.set_requires_grad(true);
      p[s.name] = t;
      list.push_back(t);
    }
  }
  explicit TorchModel(const ParserWeights& w) : c(w.config) {
    for (const auto& s : parameter_specs(c)) {
      const auto& src = w.at(s.name);
      std::vector<int64_t> shape(s.shape.begin(), s.shape.end());
      Tensor t = torch::from_blob(const_cast<float*>(src.data.data()), shape, torch::kFloat32).clone();
      t.set_requires_grad(true);
      p[s.name] = t;
      list.push_back(t);
    }
  }
  const Tensor& operator[](const char* name) const { return p.at(name); }

  // `values` (in `list` order, e.g. a weight average) replaces the parameters when given.
  // With vectors, "enc.embed" is exported for the full vocabulary, each row
  // the learned row (<unk>'s for a word training never saw) plus the
  // projected vector: inference needs neither the vectors nor the projection.
  void export_to(ParserWeights& w, const std::vector<Tensor>* values = nullptr) const {
    torch::NoGradGuard ng;
    w.config = c;
    if (vectors.defined()) w.config.input_vocab = static_cast<int>(vectors.size(0));
    w.output_vocab = OutVocab::grammar().tokens();
    w.allocate();
    size_t i = 0;
    for (const auto& s : parameter_specs(c)) {
      Tensor t = (values ? (*values)[i++] : p.at(s.name)).detach();
      if (s.name == "enc.embed" && vectors.defined()) {
        Tensor learned = torch::cat({t, t[InputVocab::kUnk].unsqueeze(0).expand({vectors.size(0) - t.size(0), c.embed})});
        t = learned + torch::matmul(vectors, (values ? values->back() : proj).detach().t());
      }
      t = t.contiguous();
      auto& dst = w.tensors[s.name].data;
      std::memcpy(dst.data(), t.data_ptr<float>(), dst.size() * sizeof(float));
    }
  }

  Tensor gru(const Tensor& x, const Tensor& h0, const std::string& pre) const {
    std::vector<Tensor> params{p.at(pre + "w_ih"), p.at(pre + "w_hh"), p.at(pre + "b_ih"), p.at(pre + "b_hh")};
    return std::get<0>(torch::gru(x, h0, params, true, 1, 0.0, false, false, true));
  }

  struct Out {
    Tensor logits, start, end;  // [B,S,V], [B,S,T], [B,S,T]
  };

  // X [B,T] ids, lens [B], P/Q [B,S] prev/parent ids; Xv [B,T] the ids whose
  // pre-trained vectors are added (X when undefined; used only with vectors).
  // Xc [B,T,C]: the contextual word features (c.context > 0).
  Out forward(const Tensor& X, const Tensor& lens, const Tensor& P, const Tensor& Q, double dropout, bool train,
              const Tensor& Xv = {}, const Tensor& Xc = {}) const {
    const int64_t B = X.size(0), T = X.size(1), H = c.hidden, K = c.enc_dim();
    Tensor emb = F::embedding(X, p.at("enc.embed"));
    if (vectors.defined()) emb = emb + torch::matmul(F::embedding(Xv.defined() ? Xv : X, vectors), proj.t());
    if (c.context > 0) emb = emb + F::linear(Xc, p.at("enc.context_proj"));
    emb = F::dropout(emb, F::DropoutFuncOptions().p(dropout).training(train));
    Tensor zeros = torch::zeros({1, B, H});
    Tensor f = gru(emb, zeros, "enc.fwd.");
    // Reverse each sequence within its length, run forward, reverse back.
    Tensor t_idx = torch::arange(T).unsqueeze(0).expand({B, T});
    Tensor len_col = lens.unsqueeze(1);
    Tensor rev = torch::where(t_idx < len_col, len_col - 1 - t_idx, t_idx);
    Tensor emb_rev = emb.gather(1, rev.unsqueeze(2).expand({B, T, emb.size(2)}));
    Tensor b = gru(emb_rev, zeros, "enc.bwd.").gather(1, rev.unsqueeze(2).expand({B, T, H}));
    Tensor enc = torch::cat({f, b}, 2);
    Tensor f_last = f.gather(1, (lens - 1).view({B, 1, 1}).expand({B, 1, H})).squeeze(1);
    Tensor h0 = torch::tanh(F::linear(torch::cat({f_last, b.select(1, 0)}, 1), p.at("dec.init.w"), p.at("dec.init.b")));
    Tensor U = F::embedding(P, p.at("dec.embed")) + F::embedding(Q, p.at("dec.parent_embed"));
    U = F::dropout(U, F::DropoutFuncOptions().p(dropout).training(train));
    Tensor Hd = gru(U, h0.unsqueeze(0), "dec.gru.");
    Tensor pad = (t_idx >= len_col).unsqueeze(1);  // [B,1,T]
    Tensor encT = enc.transpose(1, 2);
    Tensor scores = torch::bmm(F::linear(Hd, p.at("dec.attn.w_q")), encT) / std::sqrt(static_cast<double>(K));
    Tensor A = torch::softmax(scores.masked_fill(pad, -1e9), -1);
    Tensor C = torch::bmm(A, enc);
    Tensor O = torch::tanh(F::linear(torch::cat({Hd, C}, 2), p.at("dec.comb.w"), p.at("dec.comb.b")));
    O = F::dropout(O, F::DropoutFuncOptions().p(dropout).training(train));
    Out out;
    out.logits = F::linear(O, p.at("dec.out.w"), p.at("dec.out.b"));
    out.start = torch::bmm(F::linear(O, p.at("dec.span_start.w")), encT).masked_fill(pad, -1e9);
    out.end = torch::bmm(F::linear(O, p.at("dec.span_end.w")), encT).masked_fill(pad, -1e9);
    return out;
  }
};

Tensor ints(const std::vector<int64_t>& v, std::vector<int64_t> shape) {
  return torch::from_blob(const_cast<int64_t*>(v.data()), shape, torch::kInt64).clone();
}

struct Batch {
  Tensor X, Xv, Xc, lens, P, Q, target, step_mask, allowed, span_first, span_last, is_span;
  int64_t examples = 0;
};

// Word dropout: an id becomes <unk> with probability unk_prob[id]; with
// `vector_drop` >= 0 (pre-trained vectors in use) Xv keeps the word's id, so its
// vector stays, except for `vector_drop` of the dropped words.
// With `swap`, an example's name words are replaced, with its probability, by
// one of their neighbours: a word training never saw keeps only its vector
// (its learned row is <unk>'s), as a new name at test time would.
Batch make_batch(const std::vector<const Encoded*>& items, int V, const std::vector<float>& unk_prob,
                 std::mt19937_64& rng, float vector_drop = -1, const NameSwap* swap = nullptr) {
  const int64_t B = static_cast<int64_t>(items.size());
  int64_t T = 1, S = 1;
  for (const auto* e : items) {
    T = std::max<int64_t>(T, static_cast<int64_t>(e->ids.size()));
    S = std::max<int64_t>(S, static_cast<int64_t>(e->steps.size()));
  }
  std::vector<int64_t> X(B * T, InputVocab::kPad), Xv(B * T, InputVocab::kPad), lens(B), P(B * S, 0), Q(B * S, 0), tgt(B * S, 0), sf(B * S, 0),
      sl(B * S, 0);
  std::vector<uint8_t> allowed(static_cast<size_t>(B * S * V), 0), step_mask(B * S, 0), is_span(B * S, 0);
  std::uniform_real_distribution<float> u(0.f, 1.f);
  for (int64_t b = 0; b < B; ++b) {
    const Encoded& e = *items[b];
    lens[b] = static_cast<int64_t>(e.ids.size());
    for (size_t t = 0; t < e.ids.size(); ++t) {
      const int64_t at = b * T + static_cast<int64_t>(t);
      bool dropped = u(rng) < unk_prob[static_cast<size_t>(e.ids[t])];
      X[at] = dropped ? InputVocab::kUnk : e.ids[t];
      Xv[at] = dropped && vector_drop >= 0 && u(rng) < vector_drop ? InputVocab::kUnk : e.ids[t];
    }
    if (swap && !e.name_positions.empty() && u(rng) < swap->probability)
      for (int t : e.name_positions) {
        auto it = swap->neighbours.find(e.ids[static_cast<size_t>(t)]);
        if (it == swap->neighbours.end() || it->second.empty()) continue;
        int n = it->second[static_cast<size_t>(rng() % it->second.size())];
        X[b * T + t] = n < swap->trained_words ? n : InputVocab::kUnk;
        Xv[b * T + t] = n;
      }
    for (size_t s = 0; s < e.steps.size(); ++s) {
      const GoldStep& g = e.steps[s];
      int64_t i = b * S + static_cast<int64_t>(s);
      P[i] = g.prev;
      Q[i] = g.parent;
      tgt[i] = g.target;
      step_mask[i] = 1;
      if (g.span_first >= 0) {
        is_span[i] = 1;
        sf[i] = g.span_first;
        sl[i] = g.span_last;
      }
      std::copy(g.mask.begin(), g.mask.end(), allowed.begin() + i * V);
    }
    // Padding steps allow everything so their (ignored) log-softmax stays finite.
    for (size_t s = e.steps.size(); s < static_cast<size_t>(S); ++s)
      std::fill_n(allowed.begin() + (b * S + static_cast<int64_t>(s)) * V, V, 1);
  }
  Batch out;
  out.X = ints(X, {B, T});
  if (vector_drop >= 0) out.Xv = ints(Xv, {B, T});
  out.lens = ints(lens, {B});
  if (!items.front()->context.empty()) {  // [B,T,C], zero rows past each example's words
    const int64_t C = static_cast<int64_t>(items.front()->context.size() / items.front()->ids.size());
    out.Xc = torch::zeros({B, T, C});
    for (int64_t b = 0; b < B; ++b) {
      const auto& f = items[static_cast<size_t>(b)]->context;
      out.Xc[b].narrow(0, 0, lens[b]).copy_(
          torch::from_blob(const_cast<float*>(f.data()), {lens[b], C}, torch::kFloat32));
    }
  }
  out.P = ints(P, {B, S});
  out.Q = ints(Q, {B, S});
  out.target = ints(tgt, {B, S});
  out.span_first = ints(sf, {B, S});
  out.span_last = ints(sl, {B, S});
  auto bools = [](const std::vector<uint8_t>& v, std::vector<int64_t> shape) {
    return torch::from_blob(const_cast<uint8_t*>(v.data()), shape, torch::kUInt8).clone().to(torch::kBool);
  };
  out.allowed = bools(allowed, {B, S, V});
  out.step_mask = bools(step_mask, {B, S});
  out.is_span = bools(is_span, {B, S});
  out.examples = B;
  return out;
}

struct LossOut {
  Tensor loss;
  int64_t correct = 0, counted = 0;
};

LossOut batch_loss(const TorchModel& m, const Batch& b, double dropout, bool train) {
  auto out = m.forward(b.X, b.lens, b.P, b.Q, dropout, train, b.Xv, b.Xc);
  Tensor lp = torch::log_softmax(out.logits.masked_fill(b.allowed.logical_not(), -1e9), -1);
  Tensor tok = -lp.gather(2, b.target.unsqueeze(2)).squeeze(2);
  Tensor sm = b.step_mask.to(torch::kFloat32), sp = b.is_span.to(torch::kFloat32);
  Tensor s_lp = torch::log_softmax(out.start, -1).gather(2, b.span_first.unsqueeze(2)).squeeze(2);
  Tensor e_lp = torch::log_softmax(out.end, -1).gather(2, b.span_last.unsqueeze(2)).squeeze(2);
  LossOut r;
  r.loss = ((tok * sm).sum() - ((s_lp + e_lp) * sp).sum()) / static_cast<double>(b.examples);
  torch::NoGradGuard ng;
  Tensor pred = lp.argmax(-1);
  Tensor ok = (pred == b.target) & b.step_mask;
  r.correct = ok.sum().item<int64_t>();
  r.counted = b.step_mask.sum().item<int64_t>();
  return r;
}

// Exact match on `valid` by greedy decoding, constrained or not (the plain baseline).
// `context`: the features' encoder of a model that reads them (else null).
double exact_match(const ParserWeights& w, const std::vector<Example>& valid, bool constrained,
                   std::shared_ptr<const ContextEncoder> context) {
  if (valid.empty()) return -1;
  auto shared = std::make_shared<ParserWeights>(w);
  std::vector<Parser::Member> members;
  members.push_back(Parser::Member{shared, make_cpu_engine(shared), std::move(context)});
  Parser parser(std::move(members), Combine::MeanProb);
  size_t hit = 0;
  ParseOptions po;
  po.constrained = constrained;
  auto all_parses = parse_many(parser, token_lists(valid), po);
  for (size_t i = 0; i < valid.size(); ++i) {
    const auto& parses = all_parses[i];
    if (!parses.empty() && canonical_json(parses[0].form) == canonical_json(valid[i].form)) ++hit;
  }
  return static_cast<double>(hit) / static_cast<double>(valid.size());
}

}  // namespace

ParserWeights random_weights(const ModelConfig& config, const InputVocab& vocab, uint64_t seed) {
  torch::manual_seed(seed);
  ModelConfig c = config;
  c.input_vocab = vocab.size();
  c.output_vocab = OutVocab::grammar().size();
  TorchModel m(c);
  ParserWeights w;
  w.input_vocab = vocab;
  m.export_to(w);
  return w;
}

ForcedOutput torch_forced_forward(const ParserWeights& weights, const std::vector<int>& ids,
                                  const std::vector<int>& prev, const std::vector<int>& parent,
                                  const std::vector<float>& context) {
  torch::NoGradGuard ng;
  TorchModel m(weights);
  const int64_t T = static_cast<int64_t>(ids.size()), S = static_cast<int64_t>(prev.size());
  std::vector<int64_t> x(ids.begin(), ids.end()), p(prev.begin(), prev.end()), q(parent.begin(), parent.end());
  torch::Tensor Xc;
  if (weights.config.context > 0)
    Xc = torch::from_blob(const_cast<float*>(context.data()), {1, T, weights.config.context}, torch::kFloat32).clone();
  auto out = m.forward(ints(x, {1, T}), ints({T}, {1}), ints(p, {1, S}), ints(q, {1, S}), 0.0, false, {}, Xc);
  auto flat = [](const torch::Tensor& t) {
    torch::Tensor c = t.contiguous();
    return std::vector<float>(c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
  };
  return ForcedOutput{flat(out.logits), flat(out.start), flat(out.end)};
}

std::function<void()> torch_decode_runner(const ParserWeights& weights, int tokens, int steps, int batch) {
  auto m = std::make_shared<TorchModel>(weights);
  return [m, tokens, steps, batch] {
    torch::NoGradGuard ng;
    const auto& p = m->p;
    const int64_t B = batch, T = tokens, K = m->c.enc_dim();
    torch::Tensor X = torch::full({B, T}, 2, torch::kInt64);
    torch::Tensor emb = F::embedding(X, p.at("enc.embed"));
    torch::Tensor zeros = torch::zeros({1, B, m->c.hidden});
    torch::Tensor f = m->gru(emb, zeros, "enc.fwd.");
    torch::Tensor b = m->gru(emb.flip(1), zeros, "enc.bwd.").flip(1);
    torch::Tensor enc = torch::cat({f, b}, 2), encT = enc.transpose(1, 2);
    torch::Tensor h = torch::tanh(F::linear(torch::cat({f.select(1, T - 1), b.select(1, 0)}, 1), p.at("dec.init.w"),
                                     p.at("dec.init.b")));
    torch::Tensor prev = torch::zeros({B, 1}, torch::kInt64);
    for (int s = 0; s < steps; ++s) {
      torch::Tensor U = F::embedding(prev, p.at("dec.embed")) + F::embedding(prev, p.at("dec.parent_embed"));
      torch::Tensor Hd = m->gru(U, h.unsqueeze(0), "dec.gru.");
      h = Hd.squeeze(1);
      torch::Tensor A = torch::softmax(torch::bmm(F::linear(Hd, p.at("dec.attn.w_q")), encT) / std::sqrt(double(K)), -1);
      torch::Tensor O = torch::tanh(F::linear(torch::cat({Hd, torch::bmm(A, enc)}, 2), p.at("dec.comb.w"), p.at("dec.comb.b")));
      torch::Tensor logits = F::linear(O, p.at("dec.out.w"), p.at("dec.out.b"));
      torch::Tensor start = torch::bmm(F::linear(O, p.at("dec.span_start.w")), encT);
      torch::Tensor end = torch::bmm(F::linear(O, p.at("dec.span_end.w")), encT);
      prev = torch::log_softmax(logits, -1).argmax(-1);
      (void)start;
      (void)end;
    }
  };
}

namespace {

// The words of every has_name span of the training examples (with repeats, so
// a frequent name is drawn as often as it occurs).
std::vector<std::vector<int>> name_span_words(const std::vector<Encoded>& enc) {
  std::vector<std::vector<int>> out;
  for (const auto& x : enc)
    for (auto [first, last] : name_spans(x.steps)) out.emplace_back(x.ids.begin() + first, x.ids.begin() + last + 1);
  return out;
}

// Span substitution (TrainOptions::span_substitute): each item holding a
// has_name span is, with probability `p`, replaced by a copy whose span (one of
// them, at random) holds a random donor's words. `store` owns the copies; it is
// reserved up front so the pointers into it stay valid.
void substitute_names(std::vector<const Encoded*>& items, std::vector<Encoded>& store,
                      const std::vector<std::vector<int>>& donors, float p, bool names_swapped, bool all_spans,
                      std::mt19937_64& rng) {
  if (donors.empty()) return;
  std::uniform_real_distribution<float> u(0.f, 1.f);
  store.reserve(items.size());
  for (auto& item : items) {
    if (u(rng) >= p) continue;
    auto spans = name_spans(item->steps);
    if (spans.empty()) continue;
    auto [first, last] = spans[static_cast<size_t>(rng() % spans.size())];
    Encoded copy = *item;
    if (!substitute_span(copy.ids, copy.steps, first, last, donors[static_cast<size_t>(rng() % donors.size())]))
      continue;
    if (names_swapped) copy.name_positions = name_positions(copy.steps, all_spans);
    store.push_back(std::move(copy));
    item = &store.back();
  }
}

// Batches of examples with similar decoder lengths: shuffle, sort windows of
// 16 batches by length, cut them into batches, shuffle the batches. Padding
// (and so wasted GRU steps) drops while every epoch still sees a new order.
std::vector<std::vector<size_t>> epoch_batches(const std::vector<Encoded>& enc, int batch, bool bucket,
                                               std::mt19937_64& rng) {
  std::vector<size_t> order(enc.size());
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng);
  const size_t B = static_cast<size_t>(batch), window = bucket ? 16 * B : B;
  std::vector<std::vector<size_t>> out;
  for (size_t w = 0; w < order.size(); w += window) {
    auto first = order.begin() + static_cast<std::ptrdiff_t>(w);
    auto last = order.begin() + static_cast<std::ptrdiff_t>(std::min(order.size(), w + window));
    if (bucket)
      std::stable_sort(first, last, [&](size_t a, size_t b) { return enc[a].steps.size() < enc[b].steps.size(); });
    for (auto it = first; it < last; it += static_cast<std::ptrdiff_t>(std::min<size_t>(B, static_cast<size_t>(last - it))))
      out.emplace_back(it, it + static_cast<std::ptrdiff_t>(std::min<size_t>(B, static_cast<size_t>(last - it))));
  }
  if (bucket) std::shuffle(out.begin(), out.end(), rng);
  return out;
}

double learning_rate(const TrainOptions& o, double progress) {
  if (o.lr_schedule == "cosine")
    return o.lr * (o.lr_floor + (1.0 - o.lr_floor) * 0.5 * (1.0 + std::cos(M_PI * std::min(1.0, progress))));
  return o.lr;
}

}  // namespace

TrainResult train_parser(const TrainOptions& o, const TrainProgress& progress) {
  if (auto plain = plain_options(o)) return train_parser(*plain, progress);
  // Model selection decodes the way the model is evaluated (unconstrained for
  // the plain baseline); a local name, so the epoch loop's call stays as it was.
  // TrainOptions::context, loaded below; validation's remembers the features of
  // the validation set, which is read every epoch.
  std::shared_ptr<const ContextEncoder> context, valid_context;
  auto greedy_exact = [&o, &valid_context](const ParserWeights& w, const std::vector<Example>& valid) {
    return exact_match(w, valid, !o.plain, valid_context);
  };
  TrainResult r;
  auto t0 = std::chrono::steady_clock::now();
  using Clock = std::chrono::steady_clock;
  auto since = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); };
  auto elapsed = [&] { return since(t0); };
  if (o.lr_schedule != "constant" && o.lr_schedule != "cosine") {
    r.error = "unknown learning-rate schedule '" + o.lr_schedule + "' (constant or cosine)";
    return r;
  }
  if (o.span_substitute > 0 && !o.context.empty()) {  // the features belong to the unchanged command
    r.error = "span substitution (--span-substitute) cannot be combined with --context";
    return r;
  }
  if (o.threads > 0) torch::set_num_threads(o.threads);
  torch::manual_seed(o.seed);
  std::mt19937_64 rng(o.seed);

  std::vector<Example> train;
  for (const auto& path : o.data) {
    Dataset d;
    if (!read_dataset(path, d, &r.error)) return r;
    r.skipped += d.skipped;
    for (auto& e : d.examples) train.push_back(std::move(e));
  }
  if (o.limit > 0 && train.size() > static_cast<size_t>(o.limit)) train.resize(static_cast<size_t>(o.limit));
  for (auto& e : synthesize(o.synthetic, o.seed)) train.push_back(std::move(e));
  std::vector<Example> valid;
  if (!o.valid.empty()) {
    Dataset d;
    if (!read_dataset(o.valid, d, &r.error)) return r;
    valid = std::move(d.examples);
    if (o.valid_limit > 0 && valid.size() > static_cast<size_t>(o.valid_limit)) valid.resize(static_cast<size_t>(o.valid_limit));
  }

  InputVocab vocab;
  std::vector<int> word_count;
  for (const auto& e : train)
    for (const auto& t : e.tokens) {
      size_t id = static_cast<size_t>(vocab.add(vocab.key(t)));
      if (word_count.size() <= id) word_count.resize(id + 1, 0);
      ++word_count[id];
    }
  if (!o.context.empty() && !(context = load_context_encoder(o.context, &r.error))) return r;
  if (context) valid_context = remembering(context);
  std::vector<Encoded> enc;
  for (const auto& e : train) {
    auto steps = linearize(e.form, static_cast<int>(e.tokens.size()));
    if (!steps) {
      ++r.skipped;
      continue;
    }
    if (o.plain)  // the plain baseline's loss is a softmax over every decision token
      for (auto& s : *steps) std::fill(s.mask.begin(), s.mask.end(), uint8_t{1});
    Encoded x;
    for (const auto& t : e.tokens) x.ids.push_back(vocab.id(t));
    if (context) x.context = context->word_features(e.tokens);
    x.steps = std::move(*steps);
    enc.push_back(std::move(x));
  }
  r.train_examples = enc.size();
  if (enc.empty()) {
    r.error = "no usable training examples";
    return r;
  }
  // Per input id, the probability of replacing it by <unk> in a training batch.
  std::vector<float> unk_prob(static_cast<size_t>(vocab.size()), o.unk_rate);
  for (size_t id = 2; id < word_count.size(); ++id)
    if (word_count[id] == 1) unk_prob[id] = std::max(o.unk_rate, o.singleton_unk);

  ModelConfig c = o.dims;
  c.context = context ? context->dim() : 0;
  c.input_vocab = vocab.size();
  c.output_vocab = OutVocab::grammar().size();
  TorchModel m(c);
  // The vocabulary the model is exported with: the training words, then
  // (with pre-trained vectors) the file's first words that are new.
  InputVocab full = vocab;
  NameSwap swap;
  if (o.name_swap > 0 && o.pretrained.empty()) {
    r.error = "name swapping (--name-swap) needs pre-trained vectors (--pretrained)";
    return r;
  }
  if (!o.pretrained.empty()) {
    PretrainedVectors vectors;
    std::unordered_set<std::string> words(vocab.words().begin(), vocab.words().end());
    if (!read_pretrained_vectors(o.pretrained, static_cast<size_t>(std::max(0, o.pretrained_words)), words, vectors,
                                 &r.error))
      return r;
    for (const auto& w : vectors.words) full.add(full.key(w));
    full.set_trained_words(vocab.size());
    std::vector<float> rows(static_cast<size_t>(full.size()) * static_cast<size_t>(vectors.dim), 0.f);
    for (int id = 2; id < full.size(); ++id)
      if (const float* v = vectors.find(full.words()[static_cast<size_t>(id)]))
        std::copy(v, v + vectors.dim, rows.begin() + static_cast<std::ptrdiff_t>(id) * vectors.dim);
    m.use_vectors(rows, vectors.dim);
    r.pretrained_words = static_cast<size_t>(full.size() - vocab.size());
    if (o.name_swap > 0) {
      std::vector<int> names;
      for (auto& x : enc) {
        x.name_positions = name_positions(x.steps, o.swap_all_spans);
        for (int t : x.name_positions) names.push_back(x.ids[static_cast<size_t>(t)]);
      }
      std::sort(names.begin(), names.end());
      names.erase(std::unique(names.begin(), names.end()), names.end());
      swap.probability = o.name_swap;
      swap.trained_words = vocab.size();
      swap.neighbours = nearest_words(rows, vectors.dim, names, o.name_neighbours);
      r.name_words = swap.neighbours.size();
    }
  }
  const float vector_drop = o.pretrained.empty() ? -1.f : o.pretrained_drop;
  const auto donors = o.span_substitute > 0 ? name_span_words(enc) : std::vector<std::vector<int>>{};
  torch::optim::Adam opt(m.list, torch::optim::AdamOptions(o.lr));
  std::vector<torch::Tensor> average;  // the weight average (ema > 0)
  if (o.ema > 0)
    for (const auto& t : m.list) average.push_back(t.detach().clone());
  const int V = c.output_vocab;
  double best = -2;

  const int batches = static_cast<int>((enc.size() + o.batch - 1) / o.batch);
  int64_t step = 0;
  for (int epoch = 1; epoch <= o.epochs; ++epoch) {
    EpochStats st;
    st.epoch = epoch;
    double loss_sum = 0;
    int64_t correct = 0, counted = 0;
    size_t seen = 0;
    auto tb = Clock::now();
    auto plan = epoch_batches(enc, o.batch, o.bucket, rng);
    st.t_batch += since(tb);
    for (size_t bi = 0; bi < plan.size(); ++bi) {
      // Progress through training: by steps, or by the wall-clock budget when that
      // binds first (a shared machine), so the schedule always reaches its floor.
      double done = std::max(static_cast<double>(step++) / (static_cast<double>(o.epochs) * batches),
                             elapsed() / (o.max_minutes * 60.0));
      double lr = learning_rate(o, done);
      static_cast<torch::optim::AdamOptions&>(opt.param_groups()[0].options()).lr(lr);
      std::vector<const Encoded*> items;
      for (size_t k : plan[bi]) items.push_back(&enc[k]);
      tb = Clock::now();
      std::vector<Encoded> substituted;  // this batch's changed copies (items point into it)
      if (o.span_substitute > 0) substitute_names(items, substituted, donors, o.span_substitute, o.name_swap > 0,
                                                  o.swap_all_spans, rng);
      Batch b = make_batch(items, V, unk_prob, rng, vector_drop, &swap);  // no name positions: no swap
      st.t_batch += since(tb);
      tb = Clock::now();
      auto l = batch_loss(m, b, o.dropout, true);
      st.t_forward += since(tb);
      tb = Clock::now();
      opt.zero_grad();
      l.loss.backward();
      st.t_backward += since(tb);
      tb = Clock::now();
      torch::nn::utils::clip_grad_norm_(m.list, 5.0);
      opt.step();
      if (o.ema > 0) {
        torch::NoGradGuard ng;
        for (size_t i = 0; i < average.size(); ++i) average[i].mul_(o.ema).add_(m.list[i].detach(), 1.0 - o.ema);
      }
      st.t_step += since(tb);
      seen += items.size();
      loss_sum += l.loss.item<double>() * static_cast<double>(items.size());
      correct += l.correct;
      counted += l.counted;
      st.loss = loss_sum / static_cast<double>(seen);
      st.token_acc = counted ? static_cast<double>(correct) / static_cast<double>(counted) : 0;
      st.seconds = elapsed();
      if (progress) progress(st, static_cast<int>(bi) + 1, batches);
    }
    const bool last = epoch == o.epochs || elapsed() > o.max_minutes * 60.0;
    if (epoch % std::max(1, o.valid_every) == 0 || last || valid.empty()) {
      tb = Clock::now();
      ParserWeights w;
      w.input_vocab = full;
      m.export_to(w, o.ema > 0 ? &average : nullptr);
      if (context) {
        w.context_encoder = context->name();
        w.context_fingerprint = context->fingerprint();
      }
      w.half_embedding = !o.pretrained.empty();  // mostly vector-only rows: half the file
      round_embedding_to_storage(w);
      st.valid_exact = greedy_exact(w, valid);
      st.t_valid = since(tb);
      if (st.valid_exact > best || valid.empty()) {
        best = st.valid_exact;
        r.best_epoch = epoch;
        r.weights = std::move(w);
      }
    }
    st.seconds = elapsed();
    r.epochs.push_back(st);
    if (progress) progress(st, batches, batches);
    if (last) break;
  }
  r.ok = true;
  return r;
}

}  // namespace plank::neural
