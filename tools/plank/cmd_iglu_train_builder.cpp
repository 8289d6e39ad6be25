// `plank train builder --data train.jsonl [--valid valid.jsonl] [--out
//  models/iglu_builder.bin]`: trains the learned `plank` builder
// (agents/iglu/learned/builder_model.h) in plain C++ on the CPU: labels each
// training example with its best zone program, fits the slot models, and
// writes the weights with a model card (in the file's metadata and OUT.md),
// the training curve as OUT.csv and OUT.png. With --valid it also runs the
// builder over that file and prints its mean F1.
#include <fmt/format.h>
#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>

#include "agents/iglu/eval/dataset.h"
#include "agents/iglu/eval/evaluation.h"
#include "agents/iglu/learned/builder_model.h"
#include "agents/iglu/learned/program_search.h"
#include "agents/iglu/roles/plank_builder.h"
#include "tools/plank/cli.h"
#include "tools/plank/iglu_training.h"
#include "world/render/png_writer.h"

namespace plank::cli {

void register_train_builder(CLI::App& train, Action& action);

namespace {

constexpr const char* kCommand = "plank train builder";

struct BuilderCliOptions {
  std::string data, valid, out = "models/iglu_builder.bin";
  iglu::BuilderTraining t;
  iglu::DecodeOptions decode;  // for --valid's figures
  bool no_progress = false;
};

// The curve: the training loss (red, over its largest value) and the slots'
// training accuracy (green), 0 to 1, against the epoch.
bool write_curve(const std::vector<iglu::BuilderEpoch>& curve, const std::string& path, std::string* error) {
  const int W = 640, H = 360, pad = 30;
  render::Image img(W, H, {255, 255, 255});
  auto segment = [&](int x0, int y0, int x1, int y1, render::Rgb c) {
    int steps = std::max(std::abs(x1 - x0), std::abs(y1 - y0));
    for (int i = 0; i <= steps; ++i) {
      int x = x0 + (steps ? (x1 - x0) * i / steps : 0), y = y0 + (steps ? (y1 - y0) * i / steps : 0);
      img.put(x, y, c), img.put(x, y + 1, c);
    }
  };
  segment(pad, H - pad, W - pad, H - pad, {120, 120, 120});
  segment(pad, pad, pad, H - pad, {120, 120, 120});
  double most = 1e-12;
  for (const auto& e : curve) most = std::max(most, e.loss);
  auto px = [&](size_t k) { return pad + int((W - 2 * pad) * k / std::max<size_t>(1, curve.size() - 1)); };
  auto py = [&](double v) { return H - pad - int((H - 2 * pad) * std::clamp(v, 0.0, 1.0)); };
  for (size_t i = 1; i < curve.size(); ++i) {
    segment(px(i - 1), py(curve[i - 1].loss / most), px(i), py(curve[i].loss / most), {220, 40, 40});
    segment(px(i - 1), py(curve[i - 1].slot_accuracy), px(i), py(curve[i].slot_accuracy), {40, 160, 40});
  }
  return render::write_png(img, path, error);
}

int run_train_builder(const BuilderCliOptions& o) {
  auto start = std::chrono::steady_clock::now();
  auto train = read_training_examples(o.data, kCommand);
  if (!train) return kInputErrors;
  ProgressBar bar(o.no_progress);
  iglu::BuilderReport report;
  iglu::BuilderModel model = iglu::train_builder_model(*train, o.t, &report, bar);
  bar.finish();
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  nlohmann::json card;
  card["model"] = "iglu-builder";
  card["what"] = "the learned plank builder: a zone program (add a block, row, column, floor or wall of one colour at "
                 "a height; remove the n highest blocks of a colour; or recolour them) chosen slot by slot by "
                 "log-linear models over hashed instruction n-grams crossed with each value and traits of the value "
                 "in the instruction and the world; labels are each training example's best program under the IGLU F1";
  card["training"] = {{"data", o.data},
                      {"examples", report.examples},
                      {"labelled", report.labelled},
                      {"decisions", report.decisions},
                      {"label_f1_on_train", report.mean_label_f1},
                      {"epochs", o.t.epochs},
                      {"learning_rate", o.t.learning_rate},
                      {"l2", o.t.l2},
                      {"batch", o.t.batch},
                      {"seed", o.t.seed},
                      {"seconds", seconds}};
  std::optional<iglu::IgluEvaluation> valid;
  double valid_ceiling = 0;
  if (!o.valid.empty()) {
    auto v = read_training_examples(o.valid, kCommand);
    if (!v) return kInputErrors;
    iglu::PlankBuilder builder(std::make_shared<const iglu::BuilderModel>(model), o.decode);
    valid = iglu::evaluate_builder(builder, *v, iglu::TurnOptions{});
    // The space's ceiling there: every example's best program, as the labels are found on train.
    for (const auto& e : *v) valid_ceiling += iglu::best_program(e.initial, e.target).f1 / double(v->size());
    card["valid"] = {{"data", o.valid},
                     {"f1", valid->all.f1},
                     {"f1_evaluator", valid->all.f1_evaluator},
                     {"f1_clear", valid->clear.f1},
                     {"f1_unclear", valid->unclear.f1},
                     {"beam", o.decode.beam},
                     {"mbr", o.decode.mbr},
                     {"best_program_f1", valid_ceiling}};
  }
  model.card_json = card.dump();
  std::string error;
  if (!iglu::save_builder_model(model, o.out, &error)) {
    fmt::print(stderr, "{}: {}\n", kCommand, error);
    return kInputErrors;
  }
  std::string base = path_stem(o.out);
  std::ofstream csv(base + ".csv");
  csv << "epoch,loss,slot_accuracy\n";
  for (const auto& e : report.curve) csv << e.epoch << ',' << e.loss << ',' << e.slot_accuracy << '\n';
  if (!write_curve(report.curve, base + ".png", &error)) fmt::print(stderr, "{}: {}\n", kCommand, error);
  write_model_card_page(o.out, card);
  fmt::print("trained on {} examples ({} labelled with a program; their best programs' mean F1 {:.3f}), {} slot "
             "decisions, in {:.1f} s\n",
             report.examples, report.labelled, report.mean_label_f1, report.decisions, seconds);
  if (!report.curve.empty())
    fmt::print("last epoch: loss {:.3f}, slot accuracy {:.3f}\n", report.curve.back().loss,
               report.curve.back().slot_accuracy);
  if (valid)
    fmt::print("valid: mean F1 {:.3f} (evaluator {:.3f}); clear {:.3f}, unclear {:.3f}; the best programs there "
               "{:.3f}\n",
               valid->all.f1, valid->all.f1_evaluator, valid->clear.f1, valid->unclear.f1, valid_ceiling);
  fmt::print("wrote {}, {}.csv, {}.png, {}.md\n", o.out, base, base, base);
  return kOk;
}

}  // namespace

void register_train_builder(CLI::App& train, Action& action) {
  auto* cmd = train.add_subcommand("builder", "Train IGLU's learned plank builder (zone programs; CPU)");
  auto o = std::make_shared<BuilderCliOptions>();
  cmd->add_option("--data", o->data, "training JSONL (shared/data/iglu/train.jsonl)")->required();
  cmd->add_option("--valid", o->valid,
                  "also report the builder's mean F1 on this JSONL (shared/data/iglu/valid.jsonl)");
  cmd->add_option("--out", o->out, "the weights (default models/iglu_builder.bin); OUT.csv, OUT.png and OUT.md beside");
  cmd->add_option("--epochs", o->t.epochs, "passes over the slot decisions (default 12)")->check(CLI::Range(1, 10000));
  cmd->add_option("--learning-rate", o->t.learning_rate, "Adam's step (default 0.02)")->check(CLI::Range(1e-6, 10.0));
  cmd->add_option("--l2", o->t.l2, "L2 penalty (default 1e-6)")->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--seed", o->t.seed, "the shuffle (default 1)");
  cmd->add_option("--beam", o->decode.beam, "--valid: the decoder's beam (default 16; 1 is greedy)")
      ->check(CLI::Range(1, 1000));
  cmd->add_flag("!--no-mbr", o->decode.mbr, "--valid: the beam's most probable program, not minimum Bayes risk");
  cmd->add_flag("--no-progress", o->no_progress, "no progress bar");
  cmd->callback([&action, o] { action = [o] { return run_train_builder(*o); }; });
}

}  // namespace plank::cli
