#include "agents/iglu/learned/builder_model.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <numeric>
#include <random>

#include "agents/iglu/learned/program_search.h"
#include "neural/model_file.h"
#include "support/data_paths.h"

namespace plank::iglu {
namespace {

constexpr const char* kMagic = "PLNKBLD1";
constexpr Slot kOrder[] = {Slot::Action, Slot::Colour, Slot::From, Slot::Shape, Slot::Length, Slot::Width, Slot::Base};

double dot(const std::vector<float>& w, const SparseFeatures& x) {
  double s = 0;
  for (const auto& [i, v] : x) s += double(w[i]) * v;
  return s;
}

struct Decision {
  SlotChoice choice;
  std::vector<size_t> gold;  // the candidates carrying the gold value
};

}  // namespace

std::vector<double> BuilderModel::probabilities(const SlotChoice& choice) const {
  std::vector<double> p(choice.features.size());
  double top = -1e300;
  for (size_t i = 0; i < p.size(); ++i) top = std::max(top, p[i] = dot(w, choice.features[i]));
  double z = 0;
  for (double& v : p) z += (v = std::exp(v - top));
  for (double& v : p) v /= z;
  return p;
}

ProgramPrediction BuilderModel::predict(const std::string& instruction, const std::vector<Block>& world,
                                        const DecodeOptions& decode) const {
  InstructionReading r = read_instruction(instruction);
  WorldSummary summary(world);
  struct Hypothesis {
    ProgramPrediction prediction;
    double log_p = 0;
  };
  std::vector<Hypothesis> beam(1);
  for (Slot slot : kOrder) {
    std::vector<Hypothesis> next;
    for (Hypothesis& h : beam) {
      if (!slot_applies(slot, h.prediction.program)) {
        next.push_back(std::move(h));
        continue;
      }
      SlotChoice choice = slot_choice(slot, r, summary, h.prediction.program);
      std::vector<double> p = probabilities(choice);
      // A value's probability is the sum over the candidates that carry it;
      // its anchor (the base's) the likeliest of them.
      struct Value {
        int value, anchor;
        double p, best;
      };
      std::vector<Value> values;
      for (size_t i = 0; i < p.size(); ++i) {
        auto it = std::find_if(values.begin(), values.end(),
                               [&](const Value& v) { return v.value == choice.values[i]; });
        if (it == values.end()) values.push_back({choice.values[i], choice.anchors[i], p[i], p[i]});
        else {
          it->p += p[i];
          if (p[i] > it->best) it->best = p[i], it->anchor = choice.anchors[i];
        }
      }
      for (const Value& v : values) {
        Hypothesis n = h;
        set_slot(slot, n.prediction.program, v.value);
        if (slot == Slot::Base) n.prediction.program.anchor = v.anchor;
        n.log_p += std::log(std::max(v.p, 1e-300));
        char text[64];
        std::snprintf(text, sizeof text, "%s=%d (%.2f)", std::string(slot_name(slot)).c_str(), v.value, v.p);
        n.prediction.slots.push_back(text);
        next.push_back(std::move(n));
      }
    }
    std::stable_sort(next.begin(), next.end(),
                     [](const Hypothesis& a, const Hypothesis& b) { return a.log_p > b.log_p; });
    if (int(next.size()) > std::max(1, decode.beam)) next.resize(size_t(std::max(1, decode.beam)));
    beam = std::move(next);
  }
  size_t chosen = 0;
  if (decode.mbr && beam.size() > 1) {
    std::vector<ProgramEffect> effects;
    std::vector<double> weight;
    double z = 0;
    for (const Hypothesis& h : beam) {
      effects.push_back(run_program(h.prediction.program, world));
      weight.push_back(std::exp(h.log_p - beam[0].log_p));
      z += weight.back();
    }
    double best = -1;
    for (size_t a = 0; a < beam.size(); ++a) {
      double expected = 0;
      for (size_t b = 0; b < beam.size(); ++b)
        expected += weight[b] / z * (a == b ? (effects[a].add.empty() && effects[a].remove.empty() ? 0 : 1)
                                            : effect_f1(effects[b], effects[a]));
      if (expected > best + 1e-12) best = expected, chosen = a;
    }
  }
  ProgramPrediction out = std::move(beam[chosen].prediction);
  out.confidence = std::exp(beam[chosen].log_p);
  return out;
}

bool save_builder_model(const BuilderModel& m, const std::string& path, std::string* error) {
  neural::ModelFile f;
  f.magic = kMagic;
  nlohmann::json card = nlohmann::json::parse(m.card_json, nullptr, false);
  if (card.is_discarded() || !card.is_object()) card = nlohmann::json::object();
  card["width"] = kBuilderWidth;
  f.metadata_json = card.dump();
  f.tensors["slots.w"] = {{int(kBuilderWidth)}, m.w};
  return neural::save_model_file(f, path, error);
}

std::optional<BuilderModel> load_builder_model(const std::string& path, std::string* error) {
  neural::ModelFile f;
  if (!neural::load_model_file(path, kMagic, &f, error)) return std::nullopt;
  auto card = nlohmann::json::parse(f.metadata_json, nullptr, false);
  auto it = f.tensors.find("slots.w");
  if (card.is_discarded() || !card.is_object() || it == f.tensors.end() || it->second.data.size() != kBuilderWidth) {
    *error = path + ": not a builder model of this version (its card, or the tensor slots.w of " +
             std::to_string(kBuilderWidth) + " weights)";
    return std::nullopt;
  }
  BuilderModel m;
  m.w = it->second.data;
  m.card_json = f.metadata_json;
  return m;
}

std::string default_builder_model_path() {
  std::string parser = data_path(DataItem::ParserModel);
  size_t slash = parser.rfind('/');
  return (slash == std::string::npos ? std::string() : parser.substr(0, slash + 1)) + "iglu_builder.bin";
}

BuilderModel train_builder_model(const std::vector<Example>& train, const BuilderTraining& o, BuilderReport* report,
                                 const BuilderProgress& progress) {
  BuilderReport rep;
  rep.examples = int(train.size());
  std::vector<Decision> decisions;
  double label_f1 = 0;
  for (size_t k = 0; k < train.size(); ++k) {
    const Example& e = train[k];
    if (progress && k % 100 == 0) progress("labelling", int(k), int(train.size()));
    ProgramMatch match = best_program(e.initial, e.target);
    label_f1 += match.f1;
    if (match.f1 <= o.min_f1) continue;
    ++rep.labelled;
    InstructionReading r = read_instruction(e.instruction);
    WorldSummary summary(e.initial);
    // Teacher forcing: each slot sees the gold values of the slots before it.
    for (Slot slot : kOrder) {
      if (!slot_applies(slot, match.program)) continue;
      Decision d{slot_choice(slot, r, summary, match.program), {}};
      for (size_t i = 0; i < d.choice.values.size(); ++i)
        if (d.choice.values[i] == slot_value(slot, match.program)) d.gold.push_back(i);
      if (!d.gold.empty() && d.choice.values.size() > 1) decisions.push_back(std::move(d));
    }
  }
  rep.mean_label_f1 = train.empty() ? 0 : label_f1 / double(train.size());
  rep.decisions = int(decisions.size());

  BuilderModel m;
  std::vector<double> g(kBuilderWidth, 0.0), am(kBuilderWidth, 0.0), av(kBuilderWidth, 0.0);
  std::vector<uint32_t> touched;
  int t = 0;
  std::mt19937 rng(o.seed);
  std::vector<size_t> order(decisions.size());
  std::iota(order.begin(), order.end(), 0);
  for (int epoch = 1; epoch <= o.epochs; ++epoch) {
    if (progress) progress("epoch " + std::to_string(epoch), epoch - 1, o.epochs);
    std::shuffle(order.begin(), order.end(), rng);
    double loss = 0;
    int right = 0;
    for (size_t start = 0; start < order.size(); start += size_t(o.batch)) {
      size_t end = std::min(order.size(), start + size_t(o.batch));
      touched.clear();
      for (size_t k = start; k < end; ++k) {
        const Decision& d = decisions[order[k]];
        std::vector<double> p = m.probabilities(d.choice);
        double gold_p = 0;
        for (size_t i : d.gold) gold_p += p[i];
        loss += -std::log(std::max(gold_p, 1e-300));
        size_t top = size_t(std::max_element(p.begin(), p.end()) - p.begin());
        right += std::find(d.gold.begin(), d.gold.end(), top) != d.gold.end();
        // d(-log sum_gold p)/d score_i = p_i - [i gold] p_i / gold_p
        for (size_t i = 0; i < p.size(); ++i) {
          bool is_gold = std::find(d.gold.begin(), d.gold.end(), i) != d.gold.end();
          double grad = (p[i] - (is_gold ? p[i] / std::max(gold_p, 1e-300) : 0)) / double(end - start);
          if (grad == 0) continue;
          for (const auto& [j, v] : d.choice.features[i]) {
            if (g[j] == 0) touched.push_back(j);
            g[j] += grad * v;
          }
        }
      }
      // Adam on the touched weights only (lazy: the moments of others wait), L2 on them.
      ++t;
      const double b1 = 0.9, b2 = 0.999, c1 = 1 - std::pow(b1, t), c2 = 1 - std::pow(b2, t);
      std::sort(touched.begin(), touched.end());
      touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
      for (uint32_t j : touched) {
        double gj = g[j] + o.l2 * m.w[j];
        am[j] = b1 * am[j] + (1 - b1) * gj;
        av[j] = b2 * av[j] + (1 - b2) * gj * gj;
        m.w[j] -= float(o.learning_rate * (am[j] / c1) / (std::sqrt(av[j] / c2) + 1e-8));
        g[j] = 0;
      }
    }
    rep.curve.push_back({epoch, decisions.empty() ? 0 : loss / double(decisions.size()),
                         decisions.empty() ? 0 : double(right) / double(decisions.size())});
  }
  if (progress) progress("done", o.epochs, o.epochs);
  if (report) *report = rep;
  return m;
}

}  // namespace plank::iglu
