// `plank calibrate parser --data valid.jsonl [--model M]`: fits the parser's
// calibrated confidence (neural/parser/calibration.h) on held-out data, reports its
// reliability by K-fold cross-validation (every reported figure is measured on
// examples the regression did not see), writes the side file next to the
// weights (an ensemble's next to its description file) and a reliability
// diagram (PNG).
#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "neural/parser/calibration.h"
#include "neural/parser/dataset.h"
#include "neural/parser/ensemble.h"
#include "neural/parser/form_builder.h"
#include "neural/parser/parser.h"
#include "tools/plank/cli.h"
#include "world/render/png_writer.h"

namespace plank::cli {
namespace {

struct CalibrateOptions {
  std::string data, model, out, png, engine = "auto";
  int folds = 5, beam = 5, bins = 10;
  bool json = false;
};

// One N-best entry seen by the regression: its features, whether it was the
// gold form, its example (folds never split an example) and its rank.
struct Row {
  neural::ConfidenceInput in;
  int correct = 0;
  size_t example = 0;
  size_t rank = 0;
};

std::vector<Row> collect(neural::Parser& parser, const std::vector<neural::Example>& data, int beam) {
  std::vector<Row> rows;
  neural::ParseOptions po;
  po.beam = beam;
  po.n_best = beam;
  auto all_parses = neural::parse_many(parser, neural::token_lists(data), po);
  for (size_t i = 0; i < data.size(); ++i) {
    const auto& parses = all_parses[i];
    std::string gold = neural::canonical_json(data[i].form);
    for (size_t r = 0; r < parses.size(); ++r) {
      Row row;
      row.in.log_prob = parses[r].log_prob;
      row.in.tokens = static_cast<int>(data[i].tokens.size());
      row.in.has_margin = beam >= 2 && parses.size() >= 2;
      if (row.in.has_margin) row.in.margin = parses[r].log_prob - parses[r == 0 ? 1 : 0].log_prob;
      if (beam >= 2 && !row.in.has_margin) continue;  // a lone entry: the parser uses the single regression
      row.correct = neural::canonical_json(parses[r].form) == gold;
      row.example = i;
      row.rank = r;
      rows.push_back(row);
    }
  }
  return rows;
}

neural::Calibrator fit(const std::vector<const Row*>& rows) {
  std::vector<std::vector<double>> x;
  std::vector<int> y;
  for (const Row* r : rows) {
    x.push_back(neural::calibration_features(r->in));
    y.push_back(r->correct);
  }
  return neural::Calibrator::fit(x, y);
}

// Out-of-fold probabilities: each row predicted by a regression fitted on the other folds.
std::vector<double> cross_validated(const std::vector<Row>& rows, int folds) {
  std::vector<double> p(rows.size(), 0.0);
  for (int k = 0; k < folds; ++k) {
    std::vector<const Row*> train;
    for (const auto& r : rows)
      if (static_cast<int>(r.example % static_cast<size_t>(folds)) != k) train.push_back(&r);
    neural::Calibrator c = fit(train);
    for (size_t i = 0; i < rows.size(); ++i)
      if (static_cast<int>(rows[i].example % static_cast<size_t>(folds)) == k)
        p[i] = c.predict(neural::calibration_features(rows[i].in));
  }
  return p;
}

struct Reliability {
  std::vector<double> before, after;
  std::vector<int> y;
};

nlohmann::json report(const std::string& name, const Reliability& r, int bins) {
  auto bins_json = [&](const std::vector<double>& p) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& b : neural::reliability(p, r.y, bins))
      out.push_back({{"lo", b.lo}, {"hi", b.hi}, {"count", b.count}, {"confidence", b.mean_confidence}, {"accuracy", b.accuracy}});
    return out;
  };
  double acc = 0;
  for (int v : r.y) acc += v;
  // What a caller that asks below the threshold would see: how often it asks,
  // and how often what it does not ask about is right.
  size_t asked = 0, kept = 0, kept_right = 0;
  for (size_t i = 0; i < r.after.size(); ++i) {
    if (r.after[i] < neural::kAskBelowConfidence) ++asked;
    else ++kept, kept_right += r.y[i];
  }
  double n = static_cast<double>(r.y.size());
  // The Brier score (mean squared error of the probability): a proper score,
  // less sensitive to the binning than the ECE on a few hundred examples.
  auto brier = [&](const std::vector<double>& p) {
    double s = 0;
    for (size_t i = 0; i < p.size(); ++i) s += (p[i] - r.y[i]) * (p[i] - r.y[i]);
    return n ? s / n : 0;
  };
  return {{"set", name},
          {"entries", r.y.size()},
          {"accuracy", n ? acc / n : 0},
          {"ece_before", neural::expected_calibration_error(r.before, r.y, bins)},
          {"ece_after", neural::expected_calibration_error(r.after, r.y, bins)},
          {"brier_before", brier(r.before)},
          {"brier_after", brier(r.after)},
          {"ask_rate", n ? asked / n : 0},
          {"accuracy_when_not_asking", kept ? static_cast<double>(kept_right) / static_cast<double>(kept) : 0},
          {"bins_before", bins_json(r.before)},
          {"bins_after", bins_json(r.after)}};
}

void draw_line(render::Image& img, int x0, int y0, int x1, int y1, render::Rgb c) {
  int dx = std::abs(x1 - x0), dy = -std::abs(y1 - y0), sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1, err = dx + dy;
  while (true) {
    for (int t = -1; t <= 1; ++t) img.put(x0, y0 + t, c);
    if (x0 == x1 && y0 == y1) return;
    int e2 = 2 * err;
    if (e2 >= dy) err += dy, x0 += sx;
    if (e2 <= dx) err += dx, y0 += sy;
  }
}

// Reliability diagram of the best parses: x = mean confidence of a bin, y = its
// accuracy; grey the diagonal (perfect calibration), red exp(log_prob), blue
// the calibrated confidence (cross-validated); a square per non-empty bin,
// larger for more examples.
bool write_diagram(const Reliability& r, int bins, const std::string& path, std::string* error) {
  const int S = 400, pad = 30;
  render::Image img(S + 2 * pad, S + 2 * pad, {255, 255, 255});
  auto px = [&](double v) { return pad + static_cast<int>(S * std::clamp(v, 0.0, 1.0)); };
  auto py = [&](double v) { return pad + S - static_cast<int>(S * std::clamp(v, 0.0, 1.0)); };
  draw_line(img, px(0), py(0), px(1), py(0), {120, 120, 120});
  draw_line(img, px(0), py(0), px(0), py(1), {120, 120, 120});
  draw_line(img, px(0), py(0), px(1), py(1), {190, 190, 190});
  auto series = [&](const std::vector<double>& p, render::Rgb c) {
    auto bs = neural::reliability(p, r.y, bins);
    int last_x = -1, last_y = -1;
    for (const auto& b : bs) {
      if (!b.count) continue;
      int x = px(b.mean_confidence), y = py(b.accuracy);
      if (last_x >= 0) draw_line(img, last_x, last_y, x, y, c);
      int half = 2 + static_cast<int>(std::sqrt(static_cast<double>(b.count)) / 2);
      for (int dy = -half; dy <= half; ++dy)
        for (int dx = -half; dx <= half; ++dx) img.put(x + dx, y + dy, c);
      last_x = x, last_y = y;
    }
  };
  series(r.before, {220, 40, 40});
  series(r.after, {40, 80, 220});
  return render::write_png(img, path, error);
}

int run_calibrate(const CalibrateOptions& o) {
  neural::Dataset data;
  std::string error;
  if (!neural::read_dataset(o.data, data, &error)) {
    std::fprintf(stderr, "plank calibrate parser: %s\n", error.c_str());
    return kInputErrors;
  }
  if (data.examples.size() < static_cast<size_t>(2 * o.folds)) {
    std::fprintf(stderr, "plank calibrate parser: %zu examples are too few for %d folds\n", data.examples.size(), o.folds);
    return kUsage;
  }
  std::string model = o.model.empty() ? neural::default_model_path() : o.model;
  neural::ModelSpec spec;
  if (!neural::resolve_model(model, spec, &error)) {
    std::fprintf(stderr, "plank calibrate parser: %s\n", error.c_str());
    return kInputErrors;
  }
  // Where the fit goes: --out, else the side file the parser reads.
  std::string out = o.out.empty() ? spec.calibration : o.out;
  if (out.empty()) {
    std::fprintf(stderr,
                 "plank calibrate parser: %s is a comma-separated list, which has no calibration side file; write an "
                 "ensemble description (docs/neural-parser.md, \"Ensembles\") and calibrate that\n",
                 model.c_str());
    return kUsage;
  }
  auto parser = neural::Parser::load(model, o.engine, &error);
  if (!parser) {
    std::fprintf(stderr, "plank calibrate parser: %s\n", error.c_str());
    return kInputErrors;
  }
  parser->set_calibration(std::nullopt);  // the raw scores are what the regression reads
  nlohmann::json j;
  j["model"] = model;
  j["members"] = spec.members;
  j["data"] = o.data;
  j["folds"] = o.folds;
  j["bins"] = o.bins;
  neural::Calibration calib;
  for (int beam : {1, o.beam}) {
    std::vector<Row> rows = collect(*parser, data.examples, beam);
    std::vector<double> oof = cross_validated(rows, o.folds);
    Reliability all, top;
    for (size_t i = 0; i < rows.size(); ++i) {
      double raw = std::exp(static_cast<double>(rows[i].in.log_prob));
      all.before.push_back(raw), all.after.push_back(oof[i]), all.y.push_back(rows[i].correct);
      if (rows[i].rank == 0) top.before.push_back(raw), top.after.push_back(oof[i]), top.y.push_back(rows[i].correct);
    }
    std::vector<const Row*> every;
    for (const auto& r : rows) every.push_back(&r);
    std::string name = beam == 1 ? "greedy" : fmt::format("beam{}", beam);
    (beam == 1 ? calib.single : calib.beam) = fit(every);
    j["reports"].push_back(report(name + " best", top, o.bins));
    if (beam > 1) {
      j["reports"].push_back(report(name + " all entries", all, o.bins));
      std::string png = o.png;
      if (png.empty())  // parser.calib.json -> parser.calib.png
        png = (out.size() > 5 && out.ends_with(".json") ? out.substr(0, out.size() - 5) : out) + ".png";
      if (!write_diagram(top, o.bins, png, &error)) std::fprintf(stderr, "plank calibrate parser: %s\n", error.c_str());
      else j["diagram"] = png;
    }
  }
  calib.weights_hash = neural::model_fnv1a64(spec);
  calib.fitted_on = fmt::format("{} ({} examples, {} hash)", o.data, data.examples.size(), neural::file_fnv1a64(o.data));
  calib.report_json = j.dump();
  if (!calib.save(out, &error)) {
    std::fprintf(stderr, "plank calibrate parser: %s\n", error.c_str());
    return kInputErrors;
  }
  j["out"] = out;
  if (o.json) {
    std::printf("%s\n", j.dump(2).c_str());
    return kOk;
  }
  std::printf("calibration of %s on %s (%zu examples), %d-fold cross-validated:\n", model.c_str(), o.data.c_str(),
              data.examples.size(), o.folds);
  for (const auto& r : j["reports"])
    std::printf("  %-18s %5zu entries  accuracy %5.1f%%  ECE %.3f -> %.3f  Brier %.3f -> %.3f  asks below %.2f: %4.1f%% "
                "(right when not asking %.1f%%)\n",
                r["set"].get<std::string>().c_str(), r["entries"].get<size_t>(), 100 * r["accuracy"].get<double>(),
                r["ece_before"].get<double>(), r["ece_after"].get<double>(), r["brier_before"].get<double>(),
                r["brier_after"].get<double>(), neural::kAskBelowConfidence,
                100 * r["ask_rate"].get<double>(), 100 * r["accuracy_when_not_asking"].get<double>());
  std::printf("wrote %s%s%s\n", out.c_str(), j.contains("diagram") ? " and " : "",
              j.contains("diagram") ? j["diagram"].get<std::string>().c_str() : "");
  return kOk;
}

}  // namespace

void register_calibrate(CLI::App& app, Action& action) {
  auto* cal = app.add_subcommand("calibrate", "Fit a model's calibrated confidence (parser)");
  auto* cmd = cal->add_subcommand("parser", "Fit the parser's confidence on held-out data (cross-validated report)");
  cal->require_subcommand(1);
  auto o = std::make_shared<CalibrateOptions>();
  cmd->add_option("--data", o->data, "held-out JSONL (e.g. valid.jsonl), never the training data")->required();
  cmd->add_option("--model", o->model, "weights file, comma list or ensemble description (default: $PLANK_PARSER_MODEL or models/parser.bin)");
  cmd->add_option("--out", o->out, "calibration file (default: the model's side file, models/parser.calib.json; for an ensemble description <stem>.calib.json next to it)");
  cmd->add_option("--png", o->png, "reliability diagram (default: next to --out, .png)");
  cmd->add_option("--folds", o->folds, "cross-validation folds for the report (default 5)")->check(CLI::Range(2, 50));
  cmd->add_option("--beam", o->beam, "beam width of the beam regression's N-best (default 5)")->check(CLI::Range(2, 64));
  cmd->add_option("--bins", o->bins, "reliability bins (default 10)")->check(CLI::Range(2, 100));
  cmd->add_option("--engine", o->engine, "auto, cpu or cuda")->check(CLI::IsMember({"auto", "cpu", "cuda"}));
  cmd->add_flag("--json", o->json, "machine-readable output");
  cmd->callback([&action, o] { action = [o] { return run_calibrate(*o); }; });
}

}  // namespace plank::cli
