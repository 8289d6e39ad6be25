#include "agents/iglu/roles/clarifier.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <numeric>
#include <random>

#include "neural/model_file.h"
#include "support/data_paths.h"

namespace plank::iglu {
namespace {

constexpr const char* kMagic = "PLNKCLR1";

double dot(const std::vector<float>& w, const SparseFeatures& x) {
  double s = 0;
  for (const auto& [i, v] : x) s += double(w[i]) * v;
  return s;
}

double sigmoid(double z) { return z >= 0 ? 1 / (1 + std::exp(-z)) : std::exp(z) / (1 + std::exp(z)); }

// Adam over a dense weight vector with sparse gradients accumulated densely.
struct Adam {
  std::vector<double> m, v;
  int t = 0;
  explicit Adam(size_t n) : m(n, 0), v(n, 0) {}
  void step(std::vector<float>& w, const std::vector<double>& g, double lr) {
    ++t;
    const double b1 = 0.9, b2 = 0.999, c1 = 1 - std::pow(b1, t), c2 = 1 - std::pow(b2, t);
    for (size_t i = 0; i < w.size(); ++i) {
      if (g[i] == 0 && m[i] == 0) continue;
      m[i] = b1 * m[i] + (1 - b1) * g[i];
      v[i] = b2 * v[i] + (1 - b2) * g[i] * g[i];
      w[i] -= float(lr * (m[i] / c1) / (std::sqrt(v[i] / c2) + 1e-8));
    }
  }
};

struct ClarityModel {
  std::vector<float> w = std::vector<float>(kClarityWidth, 0.0f);
  float b = 0;
};

// Weighted logistic regression (each class weighs half), full-batch Adam.
ClarityModel fit_clarity(const std::vector<SparseFeatures>& x, const std::vector<int>& y, const std::vector<size_t>& rows,
                         const ClarifierTraining& o, std::vector<TrainingEpoch>* curve) {
  ClarityModel m;
  double pos = 0;
  for (size_t r : rows) pos += y[r];
  const double neg = double(rows.size()) - pos;
  const double w_pos = pos ? rows.size() / (2 * pos) : 1, w_neg = neg ? rows.size() / (2 * neg) : 1;
  Adam adam(kClarityWidth + 1);
  std::vector<float> wb(kClarityWidth + 1, 0.0f);
  std::vector<double> g(kClarityWidth + 1);
  for (int epoch = 1; epoch <= o.epochs; ++epoch) {
    std::fill(g.begin(), g.end(), 0.0);
    double loss = 0;
    for (size_t r : rows) {
      double z = dot(wb, x[r]) + wb[kClarityWidth];
      double p = sigmoid(z), cw = y[r] ? w_pos : w_neg;
      loss += -cw * (y[r] ? std::log(std::max(p, 1e-12)) : std::log(std::max(1 - p, 1e-12)));
      double d = cw * (p - y[r]) / rows.size();
      for (const auto& [i, v] : x[r]) g[i] += d * v;
      g[kClarityWidth] += d;
    }
    for (size_t i = 0; i < kClarityWidth; ++i)
      if (wb[i] != 0) g[i] += o.l2 * wb[i];
    adam.step(wb, g, o.learning_rate);
    if (curve) curve->push_back({"clarity", epoch, loss / rows.size()});
  }
  std::copy(wb.begin(), wb.begin() + kClarityWidth, m.w.begin());
  m.b = wb[kClarityWidth];
  return m;
}

// The session an example's initial world came from ("10-c33/step-4" -> "10-c33"): the folds' groups.
std::string session_of(const Example& e) { return e.world.substr(0, e.world.find('/')); }

struct BestThreshold {
  double threshold = 0.5, f1 = 0, accuracy = 0;
};

BestThreshold choose_threshold(const std::vector<double>& p, const std::vector<int>& y) {
  std::vector<size_t> order(p.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return p[a] > p[b]; });
  int positives = 0;
  for (int v : y) positives += v;
  BestThreshold best;
  int tp = 0, fp = 0;
  for (size_t k = 0; k < order.size(); ++k) {
    (y[order[k]] ? tp : fp) += 1;
    if (k + 1 < order.size() && p[order[k + 1]] == p[order[k]]) continue;  // a threshold between distinct values
    int fn = positives - tp;
    double f1 = tp ? 2.0 * tp / (2.0 * tp + fp + fn) : 0;
    if (f1 > best.f1) {
      double next = k + 1 < order.size() ? p[order[k + 1]] : 0;
      best.f1 = f1;
      best.threshold = (p[order[k]] + next) / 2;
      best.accuracy = double(tp + (int(p.size()) - positives - fp)) / p.size();
    }
  }
  return best;
}

}  // namespace

double Clarifier::p_unclear(const std::string& instruction, const std::vector<Block>& world) const {
  return sigmoid(dot(clarity_w, clarity_features(instruction, world, kClarityWidth)) + clarity_bias);
}

double Clarifier::question_score(const InstructionTraits& instruction, const std::string& question) const {
  return dot(ranking_w, ranking_features(instruction, question, kRankingWidth));
}

std::vector<size_t> Clarifier::rank_questions(const std::string& instruction, const std::vector<Block>& world,
                                              const std::vector<std::string>& questions) const {
  InstructionTraits t = instruction_traits(instruction, world);
  std::vector<double> s(questions.size());
  for (size_t i = 0; i < questions.size(); ++i) s[i] = question_score(t, questions[i]);
  std::vector<size_t> order(questions.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return s[a] > s[b]; });
  return order;
}

bool save_clarifier(const Clarifier& c, const std::string& path, std::string* error) {
  neural::ModelFile f;
  f.magic = kMagic;
  nlohmann::json card = nlohmann::json::parse(c.card_json, nullptr, false);
  if (card.is_discarded()) card = nlohmann::json::object();
  card["threshold"] = c.threshold;
  card["clarity_width"] = kClarityWidth;
  card["ranking_width"] = kRankingWidth;
  f.metadata_json = card.dump();
  f.tensors["clarity.w"] = {{int(kClarityWidth)}, c.clarity_w};
  f.tensors["clarity.b"] = {{1}, {c.clarity_bias}};
  f.tensors["ranking.w"] = {{int(kRankingWidth)}, c.ranking_w};
  return neural::save_model_file(f, path, error);
}

std::optional<Clarifier> load_clarifier(const std::string& path, std::string* error) {
  neural::ModelFile f;
  if (!neural::load_model_file(path, kMagic, &f, error)) return std::nullopt;
  auto card = nlohmann::json::parse(f.metadata_json, nullptr, false);
  auto tensor = [&](const char* name, size_t n) -> const neural::ModelTensor* {
    auto it = f.tensors.find(name);
    return it != f.tensors.end() && it->second.data.size() == n ? &it->second : nullptr;
  };
  const auto *w = tensor("clarity.w", kClarityWidth), *b = tensor("clarity.b", 1), *r = tensor("ranking.w", kRankingWidth);
  if (card.is_discarded() || !card.is_object() || !card.contains("threshold") || !card["threshold"].is_number() || !w ||
      !b || !r) {
    *error = path + ": not a clarifier of this version (its card or tensors clarity.w, clarity.b, ranking.w)";
    return std::nullopt;
  }
  Clarifier c;
  c.clarity_w = w->data;
  c.clarity_bias = b->data[0];
  c.ranking_w = r->data;
  c.threshold = card["threshold"].get<double>();
  c.card_json = f.metadata_json;
  return c;
}

std::string default_clarifier_path() {
  std::string parser = data_path(DataItem::ParserModel);
  size_t slash = parser.rfind('/');
  return (slash == std::string::npos ? std::string() : parser.substr(0, slash + 1)) + "iglu_clarifier.bin";
}

Clarifier train_clarifier(const std::vector<Example>& train, const QuestionBank& bank, const ClarifierTraining& o,
                          ClarifierReport* report, const TrainingProgress& progress) {
  ClarifierReport rep;
  std::vector<SparseFeatures> x;
  std::vector<int> y;
  for (const Example& e : train) {
    x.push_back(clarity_features(e.instruction, e.initial, kClarityWidth));
    y.push_back(e.clear ? 0 : 1);
    rep.unclear += !e.clear;
  }
  rep.examples = int(train.size());
  // Grouped folds: every session's examples in one fold, so the threshold is chosen on unseen worlds.
  std::map<std::string, int> fold_of;
  std::vector<std::string> sessions;
  for (const Example& e : train)
    if (fold_of.emplace(session_of(e), 0).second) sessions.push_back(session_of(e));
  std::mt19937 rng(o.seed);
  std::shuffle(sessions.begin(), sessions.end(), rng);
  for (size_t i = 0; i < sessions.size(); ++i) fold_of[sessions[i]] = int(i % size_t(o.folds));
  std::vector<double> oof(train.size());
  for (int k = 0; k < o.folds; ++k) {
    if (progress) progress("cross-validation", k, o.folds + 2);
    std::vector<size_t> rows;
    for (size_t i = 0; i < train.size(); ++i)
      if (fold_of[session_of(train[i])] != k) rows.push_back(i);
    ClarityModel m = fit_clarity(x, y, rows, o, nullptr);
    for (size_t i = 0; i < train.size(); ++i)
      if (fold_of[session_of(train[i])] == k) oof[i] = sigmoid(dot(m.w, x[i]) + m.b);
  }
  BestThreshold best = choose_threshold(oof, y);
  rep.threshold = best.threshold, rep.cv_f1_unclear = best.f1, rep.cv_accuracy = best.accuracy;
  if (progress) progress("clarity model", o.folds, o.folds + 2);
  std::vector<size_t> all(train.size());
  std::iota(all.begin(), all.end(), 0);
  ClarityModel full = fit_clarity(x, y, all, o, &rep.curve);
  Clarifier c;
  c.clarity_w = full.w;
  c.clarity_bias = full.b;
  c.threshold = best.threshold;

  // The ranker: a softmax over each unclear example's candidates, the annotator's question the right one.
  if (progress) progress("question ranking", o.folds + 1, o.folds + 2);
  struct Group {
    std::vector<SparseFeatures> candidates;
    size_t gold = 0;
  };
  std::vector<Group> groups;
  for (const Example& e : train) {
    if (e.clear || e.qbank.empty()) continue;
    InstructionTraits t = instruction_traits(e.instruction, e.initial);
    Group g;
    bool found = false;
    for (const auto& id : e.qbank) {
      auto q = bank.find(id);
      if (q == bank.end()) continue;
      if (id == e.qrel) g.gold = g.candidates.size(), found = true;
      g.candidates.push_back(ranking_features(t, q->second, kRankingWidth));
    }
    if (found) groups.push_back(std::move(g));
  }
  rep.ranking_examples = int(groups.size());
  Adam adam(kRankingWidth);
  std::vector<double> g(kRankingWidth);
  const size_t batch = 16;
  std::vector<size_t> order(groups.size());
  std::iota(order.begin(), order.end(), 0);
  for (int epoch = 1; epoch <= o.ranking_epochs; ++epoch) {
    std::shuffle(order.begin(), order.end(), rng);
    double loss = 0;
    for (size_t start = 0; start < order.size(); start += batch) {
      std::fill(g.begin(), g.end(), 0.0);
      size_t end = std::min(order.size(), start + batch);
      for (size_t k = start; k < end; ++k) {
        const Group& gr = groups[order[k]];
        std::vector<double> s(gr.candidates.size());
        double top = -1e300;
        for (size_t i = 0; i < s.size(); ++i) top = std::max(top, s[i] = dot(c.ranking_w, gr.candidates[i]));
        double z = 0;
        for (double& v : s) z += (v = std::exp(v - top));
        loss += -std::log(std::max(s[gr.gold] / z, 1e-300));
        for (size_t i = 0; i < s.size(); ++i) {
          double d = (s[i] / z - (i == gr.gold)) / double(end - start);
          for (const auto& [j, v] : gr.candidates[i]) g[j] += d * v;
        }
      }
      for (size_t j = 0; j < kRankingWidth; ++j)
        if (c.ranking_w[j] != 0) g[j] += o.l2 * c.ranking_w[j];
      adam.step(c.ranking_w, g, o.learning_rate);
    }
    rep.curve.push_back({"ranking", epoch, groups.empty() ? 0 : loss / groups.size()});
  }
  if (progress) progress("done", o.folds + 2, o.folds + 2);
  if (report) *report = rep;
  return c;
}

}  // namespace plank::iglu
