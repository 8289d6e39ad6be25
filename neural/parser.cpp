#include "parser.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "form_builder.h"
#include "kernels_cpu.h"
#include "lf/check.h"

namespace plank::neural {

std::string default_model_path() {
  if (const char* p = std::getenv("PLANK_PARSER_MODEL"); p && *p) return p;
#ifdef PLANK_SOURCE_MODELS_DIR
  return std::string(PLANK_SOURCE_MODELS_DIR) + "/parser.bin";
#else
  return "models/parser.bin";
#endif
}

std::unique_ptr<Parser> Parser::load(const std::string& path, const std::string& engine, std::string* error) {
  auto w = std::make_shared<ParserWeights>();
  if (!load_weights(path, *w, error)) return nullptr;
  auto e = make_engine(w, engine, error);
  if (!e) return nullptr;
  return std::make_unique<Parser>(std::move(w), std::move(e));
}

Parser::Parser(std::shared_ptr<const ParserWeights> w, std::unique_ptr<Engine> e) : w_(std::move(w)), e_(std::move(e)) {}

std::vector<int> Parser::input_ids(const std::vector<std::string>& tokens) const {
  std::vector<int> ids;
  for (const auto& t : tokens) ids.push_back(w_->input_vocab.id(t));
  return ids;
}

std::vector<Parse> Parser::parse(const std::string& text, const ParseOptions& options) {
  return parse_tokens(lf::Utterance::from_text(text).tokens, options);
}

namespace {
struct Hyp {
  FormBuilder builder;
  std::vector<float> h;
  int prev;
  float score;
};
}  // namespace

std::vector<Parse> Parser::parse_tokens(const std::vector<std::string>& tokens, const ParseOptions& options) {
  if (tokens.empty()) return {};
  const OutVocab& vocab = OutVocab::grammar();
  const int beam = std::max(1, options.beam), V = w_->config.output_vocab, D = w_->config.decoder;
  const int T = static_cast<int>(tokens.size());
  std::vector<float> h0;
  e_->encode(input_ids(tokens), h0);

  std::vector<Hyp> live;
  live.push_back(Hyp{FormBuilder(vocab, T), h0, vocab.start(), 0.f});
  std::vector<Hyp> finished;
  std::vector<int> prev, parent;
  std::vector<float> h, logits, start, end;
  std::vector<uint8_t> mask;
  for (int step = 0; step < options.max_steps && !live.empty(); ++step) {
    const int B = static_cast<int>(live.size());
    prev.resize(B);
    parent.resize(B);
    h.resize(static_cast<size_t>(B) * D);
    for (int b = 0; b < B; ++b) {
      prev[b] = live[b].prev;
      parent[b] = live[b].builder.parent_token();
      std::copy(live[b].h.begin(), live[b].h.end(), h.begin() + static_cast<long>(b) * D);
    }
    logits.resize(static_cast<size_t>(B) * V);
    start.resize(static_cast<size_t>(B) * T);
    end.resize(static_cast<size_t>(B) * T);
    e_->step(B, prev.data(), parent.data(), h.data(), logits.data(), start.data(), end.data());

    std::vector<cpu::Candidate> cands;
    for (int b = 0; b < B; ++b) {
      float* lg = logits.data() + static_cast<size_t>(b) * V;
      live[b].builder.allowed(mask);
      if (live[b].builder.expect() == Expect::Span) {
        float* s = start.data() + static_cast<size_t>(b) * T;
        float* e = end.data() + static_cast<size_t>(b) * T;
        cpu::masked_log_softmax(s, nullptr, T);
        cpu::masked_log_softmax(e, nullptr, T);
        for (const auto& sp : cpu::best_spans(s, e, T, beam))
          cands.push_back({b, -1, sp.first, sp.last, live[b].score + sp.score});
        continue;
      }
      cpu::masked_log_softmax(lg, mask.data(), V);
      std::vector<cpu::Candidate> mine;
      for (int v = 0; v < V; ++v)
        if (mask[static_cast<size_t>(v)]) mine.push_back({b, v, -1, -1, live[b].score + lg[v]});
      for (auto& c : cpu::top_candidates(std::move(mine), beam)) cands.push_back(c);
    }
    std::vector<Hyp> next;
    for (const auto& c : cpu::top_candidates(std::move(cands), beam)) {
      Hyp hyp{live[static_cast<size_t>(c.beam)].builder, {}, 0, c.score};
      hyp.h.assign(h.begin() + static_cast<long>(c.beam) * D, h.begin() + static_cast<long>(c.beam + 1) * D);
      bool ok = c.token < 0 ? hyp.builder.push_span(c.first, c.last) : hyp.builder.push_token(c.token);
      if (!ok) continue;  // cannot happen: candidates come from the builder's own mask
      hyp.prev = c.token < 0 ? vocab.span() : c.token;
      if (hyp.builder.done()) finished.push_back(std::move(hyp));
      else next.push_back(std::move(hyp));
    }
    // Stop once the best finished parse beats every live one (scores only fall).
    std::sort(finished.begin(), finished.end(), [](const Hyp& a, const Hyp& b) { return a.score > b.score; });
    if (static_cast<int>(finished.size()) >= beam) {
      float worst_kept = finished[static_cast<size_t>(beam - 1)].score;
      std::erase_if(next, [&](const Hyp& x) { return x.score < worst_kept; });
    }
    live = std::move(next);
  }
  // Out of steps with nothing finished: close the best hypothesis the shortest way.
  if (finished.empty() && !live.empty()) {
    auto best = std::max_element(live.begin(), live.end(), [](const Hyp& a, const Hyp& b) { return a.score < b.score; });
    if (best->builder.complete()) finished.push_back(std::move(*best));
  }
  std::sort(finished.begin(), finished.end(), [](const Hyp& a, const Hyp& b) { return a.score > b.score; });
  size_t n = std::min(finished.size(), static_cast<size_t>(std::max(1, std::min(options.n_best, beam))));
  std::vector<Parse> out;
  for (size_t i = 0; i < n; ++i) {
    Parse p;
    p.form = finished[i].builder.form();
    p.log_prob = finished[i].score;
    p.confidence = std::exp(finished[i].score);  // the model's probability of the whole decision sequence
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace plank::neural
