// `plank train selector --data FILE [--valid FILE] [--out models/horizon.bin]`: trains the DEPS
// horizon predictor (neural/horizon/model.h) with libtorch on the CPU from `plank gen-horizon-data`
// files, with a progress bar, the curve as CSV and PNG beside the weights, and a model card (in the
// weights' metadata and in OUT.card.json). With --valid the saved epoch is the one whose predicted
// quickest goal is most often the quickest on the validation states.
//
// Compiled into plank-train (with libtorch), which trains, and into plank, which parses the same
// flags and then runs plank-train with its own arguments (cmd_train.cpp's run_trainer).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "agents/deps/eval/horizon_data.h"
#include "neural/horizon/model.h"
#include "neural/train/horizon_trainer.h"
#include "tools/plank/cli.h"

namespace plank::cli {

int run_trainer(const char* command);  // cmd_train.cpp: exec plank-train with this process's arguments

#ifdef PLANK_WITH_TORCH
bool write_training_curve(const std::vector<std::vector<double>>& series, const std::string& path, std::string* error);
std::string trained_file_hash(const std::string& path);
std::string artifact_stem(const std::string& path);
#endif

namespace {

struct SelectorCliOptions {
  std::vector<std::string> data;
  std::string valid, out = "models/horizon.bin";
  neural::HorizonTrainOptions t;
  bool no_progress = false;
};

#ifdef PLANK_WITH_TORCH
// The examples of data files (one per state and goal), the goal table and the crop's layout; every
// file must have the first one's.
struct LoadedData {
  std::vector<neural::HorizonExample> examples;
  deps::HorizonDataHeader header;
  int states = 0;
};

bool load_examples(const std::string& path, const neural::HorizonConfig& base, LoadedData* out, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return *error = path + ": cannot be read", false;
  std::vector<deps::HorizonRecord> records;
  deps::HorizonDataHeader header;
  if (!deps::read_horizon_data(in, &records, error, &header)) return *error = path + ": " + *error, false;
  if (out->states == 0) {
    out->header = header;
  } else if (header.channels != out->header.channels || header.grid != out->header.grid ||
             header.goals.size() != out->header.goals.size() || header.goal_extras != out->header.goal_extras) {
    return *error = path + ": another goal table or crop than the first data file's", false;
  }
  const auto& h = out->header;
  const int goals = static_cast<int>(h.goals.size()), channels = static_cast<int>(h.channels.size());
  if (goals == 0 || channels <= goals) return *error = path + ": the header has no goals or no terrain channels", false;
  neural::HorizonConfig c = base;
  c.grid = h.grid;
  c.goals = goals;
  c.terrain_channels = channels - goals;
  c.goal_extras = h.goal_extras;
  std::map<std::string, int> family;
  for (const auto& g : h.goals) family.emplace(g.family, static_cast<int>(family.size()));
  for (const auto& r : records) {
    for (int g = 0; g < goals; ++g) {
      neural::HorizonExample e;
      e.input.resize(static_cast<size_t>(c.input()));
      neural::encode_horizon_input(c, r.features.crop.data(), channels, c.terrain_channels + g,
                                   r.features.inventory[static_cast<size_t>(g)], e.input.data(),
                                   r.features.extras.data() + static_cast<size_t>(g * h.goal_extras));
      e.goal = g;
      e.ticks = r.labels[static_cast<size_t>(g)].ticks;
      e.reached = r.labels[static_cast<size_t>(g)].reached;
      e.state = out->states;
      e.family = family.at(h.goals[static_cast<size_t>(g)].family);
      out->examples.push_back(std::move(e));
    }
    ++out->states;
  }
  return true;
}

std::string command_line(const SelectorCliOptions& o) {
  std::string c = "plank train selector";
  for (const auto& d : o.data) c += " --data " + d;
  if (!o.valid.empty()) c += " --valid " + o.valid;
  const auto& t = o.t;
  c += fmt::format(" --out {} --epochs {} --batch {} --lr {} --weight-decay {} --seed {} --threads {} --embed {} "
                   "--hidden {} --hidden2 {} --rings {}",
                   o.out, t.epochs, t.batch, t.lr, t.weight_decay, t.seed, t.threads, t.config.embed, t.config.hidden1,
                   t.config.hidden2, t.config.rings);
  return c;
}

int run_train_selector(const SelectorCliOptions& o) {
  const char* cmd = "plank train selector";
  std::string error;
  LoadedData train, valid;
  bool read = true;
  for (const auto& d : o.data) read = read && load_examples(d, o.t.config, &train, &error);
  if (!read || (!o.valid.empty() && !load_examples(o.valid, o.t.config, &valid, &error))) {
    fmt::print(stderr, "{}: {}\n", cmd, error);
    return kInputErrors;
  }
  if (train.states == 0) {
    fmt::print(stderr, "{}: the training data holds no states\n", cmd);
    return kInputErrors;
  }
  neural::HorizonTrainOptions t = o.t;
  t.config.grid = train.header.grid;
  t.config.goals = static_cast<int>(train.header.goals.size());
  t.config.terrain_channels = static_cast<int>(train.header.channels.size() - train.header.goals.size());
  t.config.goal_extras = train.header.goal_extras;
  if (!o.valid.empty() && (valid.header.channels != train.header.channels || valid.header.grid != train.header.grid ||
                           valid.header.goals.size() != train.header.goals.size() ||
                           valid.header.goal_extras != train.header.goal_extras)) {
    fmt::print(stderr, "{}: {} and {} have different goal tables or crops\n", cmd, o.data[0], o.valid);
    return kInputErrors;
  }
  std::vector<neural::HorizonGoalInfo> goals;
  for (const auto& g : train.header.goals) goals.push_back({g.id, g.family, g.verb, g.item, g.count});
  fmt::print(stderr, "{}: {} states ({} examples) from {}{}\n", cmd, train.states, train.examples.size(),
             fmt::join(o.data, ", "),
             o.valid.empty() ? "" : fmt::format(", {} states for validation from {}", valid.states, o.valid));
  const bool bar = !o.no_progress;
  auto progress = [&](const neural::HorizonEpoch& st, int batch, int batches) {
    if (!bar) return;
    int filled = batches ? 30 * batch / batches : 30;
    fmt::print(stderr, "\repoch {:3}/{} [{:<30}] {:4}/{}  loss {:.4f}  {:5.0f}s", st.epoch, t.epochs,
               std::string(static_cast<size_t>(filled), '#'), batch, batches, st.train_loss, st.seconds);
    if (batch == batches && st.valid_pick >= 0)
      fmt::print(stderr, "  valid loss {:.4f}  mae {:.3f}  pick {:.3f}\n", st.valid_loss, st.valid_mae, st.valid_pick);
    std::fflush(stderr);
  };
  auto r = neural::train_horizon(train.examples, valid.examples, goals, t, progress);
  if (bar) std::fputc('\n', stderr);
  if (!r.ok) {
    fmt::print(stderr, "{}: {}\n", cmd, r.error);
    return kInputErrors;
  }
  // The model card: the exact command, the data's hashes, the curve and the chosen epoch.
  nlohmann::json card;
  card["command"] = command_line(o);
  card["what"] = "DEPS horizon predictor: an MLP over the agent's known-terrain crop with the goal's own channel, the "
                 "held count and a goal embedding, predicting log(1 + ticks) of pursuing the goal alone; loss: squared "
                 "error on reached labels, one-sided on unreached ones (lower bounds)";
  for (const auto& d : o.data) card["data"].push_back({{"path", d}, {"hash", trained_file_hash(d)}});
  card["train_states"] = train.states;
  if (!o.valid.empty()) card["valid"] = {{"path", o.valid}, {"hash", trained_file_hash(o.valid)}, {"states", valid.states}};
  card["seed"] = t.seed;
  card["train_examples"] = r.train_examples;
  card["best_epoch"] = r.best_epoch;
  std::ostringstream csv;
  csv << "epoch,seconds,train_loss,valid_loss,valid_mae,valid_pick\n";
  nlohmann::json curve = nlohmann::json::array();
  double max_loss = 1e-9;
  for (const auto& e : r.epochs) max_loss = std::max({max_loss, e.train_loss, e.valid_loss});
  std::vector<std::vector<double>> series(3);
  for (const auto& e : r.epochs) {
    csv << fmt::format("{},{:.1f},{:.5f},{:.5f},{:.5f},{:.5f}\n", e.epoch, e.seconds, e.train_loss, e.valid_loss,
                       e.valid_mae, e.valid_pick);
    curve.push_back({{"epoch", e.epoch}, {"seconds", e.seconds}, {"train_loss", e.train_loss},
                     {"valid_loss", e.valid_loss}, {"valid_mae", e.valid_mae}, {"valid_pick", e.valid_pick}});
    series[0].push_back(e.train_loss / max_loss);
    series[1].push_back(e.valid_loss >= 0 ? e.valid_loss / max_loss : 0.0);
    series[2].push_back(std::max(0.0, e.valid_pick));
  }
  card["epochs"] = curve;
  if (r.best_epoch > 0 && !o.valid.empty()) {
    const auto& b = r.epochs[static_cast<size_t>(r.best_epoch - 1)];
    card["valid_pick"] = b.valid_pick;
    card["valid_mae"] = b.valid_mae;
  }
  if (!o.valid.empty()) {
    // The baseline that reads nothing of the state: each goal's mean log ticks in training.
    std::vector<double> sum(goals.size()), n(goals.size());
    for (const auto& e : train.examples) sum[size_t(e.goal)] += std::log1p(e.ticks), n[size_t(e.goal)] += 1;
    std::vector<float> prior;
    for (const auto& e : valid.examples) prior.push_back(float(n[size_t(e.goal)] ? sum[size_t(e.goal)] / n[size_t(e.goal)] : 0));
    const neural::HorizonScores base = neural::score_horizon(valid.examples, prior);
    card["valid_pick_prior"] = base.pick;
    fmt::print(stderr, "{}: validation pick accuracy {:.3f} (best epoch); the per-goal prior (no state): {:.3f}, over {} "
               "(state, family) choices\n",
               cmd, card.value("valid_pick", 0.0), base.pick, base.picks);
  }
  r.weights.card_json = card.dump();
  if (!neural::save_horizon_weights(r.weights, o.out, &error)) {
    fmt::print(stderr, "{}: {}\n", cmd, error);
    return kInputErrors;
  }
  const std::string base = artifact_stem(o.out);
  std::ofstream(base + ".csv") << csv.str();
  if (!write_training_curve(series, base + ".png", &error)) fmt::print(stderr, "{}: {}\n", cmd, error);
  std::ofstream(base + ".card.json") << card.dump(2) << "\n";
  fmt::print("wrote {} (best epoch {}), {}.csv, {}.png (red: training loss, green: validation loss, blue: validation "
             "pick accuracy), {}.card.json\n",
             o.out, r.best_epoch, base, base, base);
  return kOk;
}
#endif

}  // namespace

void register_train_selector(CLI::App& train, Action& action) {
  auto* cmd = train.add_subcommand("selector", "Train the DEPS horizon predictor (libtorch, CPU) from gen-horizon-data files");
  auto o = std::make_shared<SelectorCliOptions>();
  cmd->add_option("--data", o->data, "training data files (`plank gen-horizon-data`, seeds below 5000)")->required();
  cmd->add_option("--valid", o->valid, "validation data: the epoch that picks the quickest goal most often is saved");
  cmd->add_option("--out", o->out, "weights file to write (default models/horizon.bin); OUT.csv, OUT.png, OUT.card.json beside");
  cmd->add_option("--epochs", o->t.epochs, "epochs (default 40)")->check(CLI::Range(1, 100000));
  cmd->add_option("--batch", o->t.batch, "batch size (default 64)")->check(CLI::Range(1, 1 << 20));
  cmd->add_option("--lr", o->t.lr, "Adam learning rate (default 1e-3)");
  cmd->add_option("--weight-decay", o->t.weight_decay, "Adam weight decay (default 1e-4)");
  cmd->add_option("--seed", o->t.seed, "random seed (default 1)");
  cmd->add_option("--threads", o->t.threads, "libtorch threads (default 1)");
  cmd->add_option("--embed", o->t.config.embed, "goal embedding size (default 8)")->check(CLI::Range(1, 4096));
  cmd->add_option("--hidden", o->t.config.hidden1, "first hidden layer (default 32)")->check(CLI::Range(1, 4096));
  cmd->add_option("--hidden2", o->t.config.hidden2, "second hidden layer (default 16)")->check(CLI::Range(1, 4096));
  cmd->add_option("--rings", o->t.config.rings, "distance rings the crop is pooled into (default 4)")->check(CLI::Range(1, 64));
  cmd->add_flag("--no-progress", o->no_progress, "no progress bar");
  cmd->callback([&action, o] {
    action = [o]() -> int {
#ifdef PLANK_WITH_TORCH
      return run_train_selector(*o);
#else
      return run_trainer("plank train selector");
#endif
    };
  });
}

}  // namespace plank::cli
