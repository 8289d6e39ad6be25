#include "parser.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>

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
  auto parser = std::make_unique<Parser>(std::move(w), std::move(e));
  std::string side = calibration_path(path), why;
  if (std::ifstream(side).good()) {
    Calibration c;
    if (!c.load(side, &why)) parser->calib_note_ = why;
    else if (c.weights_hash != file_fnv1a64(path))
      parser->calib_note_ = side + " was fitted for other weights (re-run `plank calibrate parser`)";
    else parser->calib_ = std::move(c);
  }
  return parser;
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

// The plain baseline: nothing masks the decoder, so the first token the
// builder cannot place ends the decode as a miss.
std::vector<Parse> Parser::parse_unconstrained(const std::vector<std::string>& tokens, const ParseOptions& options) {
  const OutVocab& vocab = OutVocab::grammar();
  const int V = w_->config.output_vocab, T = static_cast<int>(tokens.size());
  std::vector<float> h, logits(static_cast<size_t>(V)), start(static_cast<size_t>(T)), end(static_cast<size_t>(T));
  e_->encode(input_ids(tokens), h);
  FormBuilder builder(vocab, T);
  int prev = vocab.start();
  float score = 0.f;
  for (int step = 0; step < options.max_steps && !builder.done(); ++step) {
    int parent = builder.parent_token();
    e_->step(1, &prev, &parent, h.data(), logits.data(), start.data(), end.data());
    cpu::masked_log_softmax(logits.data(), nullptr, V);
    int token = static_cast<int>(std::max_element(logits.begin(), logits.end()) - logits.begin());
    bool ok = true;
    if (token == vocab.span() && builder.expect() == Expect::Span) {
      cpu::masked_log_softmax(start.data(), nullptr, T);
      cpu::masked_log_softmax(end.data(), nullptr, T);
      int first = static_cast<int>(std::max_element(start.begin(), start.end()) - start.begin());
      int last = static_cast<int>(std::max_element(end.begin(), end.end()) - end.begin());
      ok = builder.push_span(first, last);
      score += logits[static_cast<size_t>(token)] + start[static_cast<size_t>(first)] + end[static_cast<size_t>(last)];
    } else {
      ok = builder.push_token(token);
      score += logits[static_cast<size_t>(token)];
    }
    if (!ok) return {};
    prev = token;
  }
  if (!builder.done()) return {};
  Parse p;
  p.form = builder.form();
  p.log_prob = score;
  p.model_probability = p.confidence = std::exp(score);
  return {std::move(p)};
}

std::vector<Parse> Parser::parse_tokens(const std::vector<std::string>& tokens, const ParseOptions& options) {
  if (tokens.empty()) return {};
  if (!options.constrained) return parse_unconstrained(tokens, options);
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
    p.model_probability = std::exp(finished[i].score);  // the model's probability of the whole decision sequence
    p.confidence = p.model_probability;
    if (calib_) {
      ConfidenceInput in;
      in.log_prob = p.log_prob;
      in.tokens = T;
      in.has_margin = beam >= 2 && finished.size() >= 2;
      if (in.has_margin) in.margin = p.log_prob - finished[i == 0 ? 1 : 0].score;
      p.confidence = static_cast<float>(calib_->confidence(in));
      p.calibrated = true;
    }
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace plank::neural
