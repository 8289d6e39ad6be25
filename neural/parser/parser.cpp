#include "neural/parser/parser.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <stdexcept>

#include "compiler/lf/check.h"
#include "neural/kernels/kernel_math.h"
#include "neural/kernels/kernels_cpu.h"
#include "neural/parser/form_builder.h"
#include "support/data_paths.h"

namespace plank::neural {

std::string default_model_path() { return data_path(DataItem::ParserModel); }

std::unique_ptr<Parser> Parser::load(const std::string& model, const std::string& engine, std::string* error) {
  ModelSpec spec;
  if (!resolve_model(model, spec, error)) return nullptr;
  std::vector<Member> members;
  for (const auto& path : spec.members) {
    auto w = std::make_shared<ParserWeights>();
    if (!load_weights(path, *w, error)) {
      if (error && spec.ensemble) *error = "ensemble " + model + ": member " + *error;
      return nullptr;
    }
    auto e = make_engine(w, engine, error);
    if (!e) return nullptr;
    members.push_back(Member{std::move(w), std::move(e)});
  }
  std::unique_ptr<Parser> parser;
  try {
    parser = std::make_unique<Parser>(std::move(members), spec.combine);
  } catch (const std::invalid_argument& e) {
    if (error) *error = model + ": " + e.what();
    return nullptr;
  }
  std::string why;
  if (!spec.calibration.empty() && std::ifstream(spec.calibration).good()) {
    Calibration c;
    if (!c.load(spec.calibration, &why)) parser->calib_note_ = why;
    else if (c.weights_hash != model_fnv1a64(spec))
      parser->calib_note_ = spec.calibration + " was fitted for other weights (re-run `plank calibrate parser`)";
    else parser->calib_ = std::move(c);
  }
  return parser;
}

namespace {
std::vector<Parser::Member> one_member(std::shared_ptr<const ParserWeights> w, std::unique_ptr<Engine> e) {
  std::vector<Parser::Member> m;
  m.push_back(Parser::Member{std::move(w), std::move(e)});
  return m;
}
}  // namespace

Parser::Parser(std::shared_ptr<const ParserWeights> w, std::unique_ptr<Engine> e)
    : Parser(one_member(std::move(w), std::move(e)), Combine::MeanProb) {}

Parser::Parser(std::vector<Member> members, Combine combine)
    : members_(std::move(members)), combine_(combine), scratch_(members_.size()) {
  if (members_.empty()) throw std::invalid_argument("a parser needs at least one model");
  for (auto& m : members_) {
    // The members' decisions are averaged token by token: one output vocabulary, the grammar's.
    if (m.weights->config.output_vocab != OutVocab::grammar().size())
      throw std::invalid_argument("a parser model's decisions are not the grammar table's (retrain it)");
    if (m.weights->config.context > 0 && !m.context) {
      std::string why;
      m.context = context_encoder_for(*m.weights, &why);
      if (!m.context) throw std::invalid_argument(why);
    }
    offset_.push_back(state_);
    state_ += m.weights->config.decoder;
  }
}

std::vector<int> Parser::input_ids(const std::vector<std::string>& tokens, size_t member) const {
  const InputVocab& vocab = members_.at(member).weights->input_vocab;
  std::vector<int> ids;
  for (const auto& t : tokens) ids.push_back(vocab.id(t));
  return ids;
}

std::vector<Parse> Parser::parse(const std::string& text, const ParseOptions& options) {
  return parse_tokens(lf::Utterance::from_text(text).tokens, options);
}

std::vector<float> Parser::encode(const std::vector<std::vector<std::string>>& utterances) {
  const size_t U = utterances.size();
  std::vector<float> h0(U * static_cast<size_t>(state_)), hm;
  std::vector<std::vector<int>> ids(U);
  // Members reading the same encoder's features share one computation of them.
  std::map<const ContextEncoder*, std::vector<std::vector<float>>> features;
  static const std::vector<std::vector<float>> kNone;
  for (size_t m = 0; m < members_.size(); ++m) {
    for (size_t u = 0; u < U; ++u) ids[u] = input_ids(utterances[u], m);
    const ContextEncoder* encoder = members_[m].context.get();
    if (encoder && !features.count(encoder))
      for (const auto& words : utterances) features[encoder].push_back(encoder->word_features(words));
    members_[m].engine->encode_batch(ids, encoder ? features[encoder] : kNone, hm);
    const int D = members_[m].weights->config.decoder;
    for (size_t u = 0; u < U; ++u)
      std::copy_n(hm.begin() + static_cast<long>(u) * D, D, h0.begin() + static_cast<long>(u) * state_ + offset_[m]);
  }
  return h0;
}

void Parser::step(int B, const int* owner, const int* prev, const int* parent, std::vector<float>& h, int W) {
  const int V = OutVocab::grammar().size();
  for (size_t m = 0; m < members_.size(); ++m) {
    const int D = members_[m].weights->config.decoder;
    Scratch& s = scratch_[m];
    s.h.resize(static_cast<size_t>(B) * D);
    for (int b = 0; b < B; ++b)
      std::copy_n(h.begin() + static_cast<long>(b) * state_ + offset_[m], D, s.h.begin() + static_cast<long>(b) * D);
    s.logits.resize(static_cast<size_t>(B) * V);
    s.start.resize(static_cast<size_t>(B) * W);
    s.end.resize(static_cast<size_t>(B) * W);
    members_[m].engine->step_batch(B, owner, prev, parent, s.h.data(), s.logits.data(), s.start.data(), s.end.data());
    for (int b = 0; b < B; ++b)
      std::copy_n(s.h.begin() + static_cast<long>(b) * D, D, h.begin() + static_cast<long>(b) * state_ + offset_[m]);
  }
}

void Parser::log_probs(Head head, int b, int n, int W, const uint8_t* mask, float* out) {
  auto row = [&](size_t m) {
    Scratch& s = scratch_[m];
    if (head == Head::Decision) return s.logits.data() + static_cast<size_t>(b) * n;
    return (head == Head::Start ? s.start : s.end).data() + static_cast<size_t>(b) * W;
  };
  for (size_t m = 0; m < members_.size(); ++m) cpu::masked_log_softmax(row(m), mask, n);
  if (members_.size() == 1) {  // exactly the single model's figures
    std::copy_n(row(0), n, out);
    return;
  }
  const float M = static_cast<float>(members_.size());
  for (int i = 0; i < n; ++i) {
    if (mask && !mask[i]) {
      out[i] = math::kMasked;
      continue;
    }
    if (combine_ == Combine::MeanLogProb) {
      float sum = 0.f;
      for (size_t m = 0; m < members_.size(); ++m) sum += row(m)[i];
      out[i] = sum / M;
    } else {  // log(mean_m exp(lp_m)), by log-sum-exp
      float top = math::kMasked;
      for (size_t m = 0; m < members_.size(); ++m) top = std::max(top, row(m)[i]);
      double sum = 0.0;
      for (size_t m = 0; m < members_.size(); ++m) sum += std::exp(static_cast<double>(row(m)[i] - top));
      out[i] = top + static_cast<float>(std::log(sum / M));
    }
  }
  // A mean of log-probabilities is not normalised: renormalise (a product of experts).
  if (combine_ == Combine::MeanLogProb) cpu::masked_log_softmax(out, mask, n);
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
  const int V = vocab.size(), T = static_cast<int>(tokens.size());
  std::vector<float> h = encode({tokens}), logits(static_cast<size_t>(V)), start(static_cast<size_t>(T)),
                     end(static_cast<size_t>(T));
  FormBuilder builder(vocab, T);
  int prev = vocab.start();
  float score = 0.f;
  for (int k = 0; k < options.max_steps && !builder.done(); ++k) {
    int parent = builder.parent_token();
    step(1, nullptr, &prev, &parent, h, T);
    log_probs(Head::Decision, 0, V, V, nullptr, logits.data());
    int token = static_cast<int>(std::max_element(logits.begin(), logits.end()) - logits.begin());
    bool ok = true;
    if (token == vocab.span() && builder.expect() == Expect::Span) {
      log_probs(Head::Start, 0, T, T, nullptr, start.data());
      log_probs(Head::End, 0, T, T, nullptr, end.data());
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
  if (tokens.empty() || tokens.size() > kMaxCommandWords) return {};
  if (!options.constrained) return parse_unconstrained(tokens, options);
  return std::move(parse_batch({tokens}, options)[0]);
}

namespace {
// One utterance's beam search inside a batch.
struct Search {
  size_t index;  // in the caller's list
  int T;         // its words
  std::vector<Hyp> live, finished;
};

// The n best finished parses with their confidence. Out of steps with nothing
// finished: the best live hypothesis, closed the shortest way, if it can be.
std::vector<Parse> finish(std::vector<Hyp>& live, std::vector<Hyp>& finished, int T, int beam,
                          const ParseOptions& options, const std::optional<Calibration>& calib_) {
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

}  // namespace

std::vector<std::vector<Parse>> Parser::parse_batch(const std::vector<std::vector<std::string>>& utterances,
                                                    const ParseOptions& options) {
  std::vector<std::vector<Parse>> results(utterances.size());
  if (!options.constrained) {
    for (size_t i = 0; i < utterances.size(); ++i) results[i] = parse_tokens(utterances[i], options);
    return results;
  }
  const OutVocab& vocab = OutVocab::grammar();
  const int beam = std::max(1, options.beam), V = vocab.size(), D = state_;
  std::vector<Search> searches;
  std::vector<std::vector<std::string>> words;  // the non-empty utterances, encoded together
  for (size_t i = 0; i < utterances.size(); ++i)
    if (!utterances[i].empty() && utterances[i].size() <= kMaxCommandWords) {
      searches.push_back(Search{i, static_cast<int>(utterances[i].size()), {}, {}});
      words.push_back(utterances[i]);
    }
  if (searches.empty()) return results;
  int W = 0;
  for (const auto& s : searches) W = std::max(W, s.T);
  std::vector<float> h0 = encode(words);
  for (size_t u = 0; u < searches.size(); ++u)
    searches[u].live.push_back(Hyp{FormBuilder(vocab, searches[u].T),
                                   std::vector<float>(h0.begin() + static_cast<long>(u) * D,
                                                      h0.begin() + static_cast<long>(u + 1) * D),
                                   vocab.start(), 0.f});

  std::vector<int> owner, prev, parent;
  std::vector<float> h, lp(static_cast<size_t>(V)), start(static_cast<size_t>(W)), end(static_cast<size_t>(W));
  std::vector<uint8_t> mask;
  for (int k = 0; k < options.max_steps; ++k) {
    // Every live hypothesis of every utterance, utterance by utterance.
    owner.clear();
    prev.clear();
    parent.clear();
    h.clear();
    for (size_t u = 0; u < searches.size(); ++u)
      for (const Hyp& hyp : searches[u].live) {
        owner.push_back(static_cast<int>(u));
        prev.push_back(hyp.prev);
        parent.push_back(hyp.builder.parent_token());
        h.insert(h.end(), hyp.h.begin(), hyp.h.end());
      }
    if (owner.empty()) break;
    step(static_cast<int>(owner.size()), owner.data(), prev.data(), parent.data(), h, W);

    int row0 = 0;  // the first row of this utterance's hypotheses
    for (Search& search : searches) {
      const int B = static_cast<int>(search.live.size()), T = search.T;
      std::vector<cpu::Candidate> cands;
      for (int i = 0; i < B; ++i) {
        const int b = row0 + i;
        search.live[i].builder.allowed(mask);
        if (search.live[i].builder.expect() == Expect::Span) {
          log_probs(Head::Start, b, T, W, nullptr, start.data());
          log_probs(Head::End, b, T, W, nullptr, end.data());
          for (const auto& sp : cpu::best_spans(start.data(), end.data(), T, beam))
            cands.push_back({i, -1, sp.first, sp.last, search.live[i].score + sp.score});
          continue;
        }
        log_probs(Head::Decision, b, V, W, mask.data(), lp.data());
        std::vector<cpu::Candidate> mine;
        for (int v = 0; v < V; ++v)
          if (mask[static_cast<size_t>(v)])
            mine.push_back({i, v, -1, -1, search.live[i].score + lp[static_cast<size_t>(v)]});
        for (auto& c : cpu::top_candidates(std::move(mine), beam)) cands.push_back(c);
      }
      std::vector<Hyp> next;
      for (const auto& c : cpu::top_candidates(std::move(cands), beam)) {
        Hyp hyp{search.live[static_cast<size_t>(c.beam)].builder, {}, 0, c.score};
        const long r = row0 + c.beam;
        hyp.h.assign(h.begin() + r * D, h.begin() + (r + 1) * D);
        bool ok = c.token < 0 ? hyp.builder.push_span(c.first, c.last) : hyp.builder.push_token(c.token);
        if (!ok) continue;  // cannot happen: candidates come from the builder's own mask
        hyp.prev = c.token < 0 ? vocab.span() : c.token;
        if (hyp.builder.done()) search.finished.push_back(std::move(hyp));
        else next.push_back(std::move(hyp));
      }
      // Stop once the best finished parse beats every live one (scores only fall).
      auto& finished = search.finished;
      std::sort(finished.begin(), finished.end(), [](const Hyp& a, const Hyp& b) { return a.score > b.score; });
      if (static_cast<int>(finished.size()) >= beam) {
        float worst_kept = finished[static_cast<size_t>(beam - 1)].score;
        std::erase_if(next, [&](const Hyp& x) { return x.score < worst_kept; });
      }
      search.live = std::move(next);
      row0 += B;
    }
  }
  for (Search& search : searches) results[search.index] = finish(search.live, search.finished, search.T, beam, options, calib_);
  return results;
}

std::vector<std::vector<Parse>> parse_many(Parser& parser, const std::vector<std::vector<std::string>>& utterances,
                                           const ParseOptions& options, int batch) {
  std::vector<std::vector<Parse>> out;
  out.reserve(utterances.size());
  const size_t step = static_cast<size_t>(std::max(1, batch));
  for (size_t i = 0; i < utterances.size(); i += step) {
    std::vector<std::vector<std::string>> chunk(utterances.begin() + static_cast<long>(i),
                                                utterances.begin() + static_cast<long>(std::min(utterances.size(), i + step)));
    for (auto& r : parser.parse_batch(chunk, options)) out.push_back(std::move(r));
  }
  return out;
}

}  // namespace plank::neural
