// libtorch is the reference: Plank's CPU kernels must reproduce its forward
// pass on the same weights, and a short training run must lower the loss.
// Built only with PLANK_TORCH (the sanitizer build has no libtorch).
#ifdef PLANK_WITH_TORCH
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <random>
#include <nlohmann/json.hpp>

#include "cli/run_plank.h"
#include "neural/parser/dataset.h"
#include "neural/parser/engine.h"
#include "neural/parser/form_builder.h"
#include "neural/parser/parser.h"
#include "neural/train/trainer.h"

using namespace plank::neural;

namespace {
std::string shared_file(const char* name) { return std::string(PLANK_SHARED_DIR) + "/data/caip/" + name; }

float max_diff(const std::vector<float>& a, const std::vector<float>& b) {
  float m = 0;
  for (size_t i = 0; i < a.size(); ++i) m = std::max(m, std::fabs(a[i] - b[i]));
  return m;
}

// The words of the first n examples.
InputVocab vocab_of(const Dataset& d, size_t n) {
  InputVocab vocab;
  for (size_t i = 0; i < n && i < d.examples.size(); ++i)
    for (const auto& t : d.examples[i].tokens) vocab.add(normalize_word(t));
  return vocab;
}
}  // namespace

TEST(TorchAgreement, CpuKernelsMatchLibtorchForward) {
  Dataset d;
  std::string error;
  ASSERT_TRUE(read_dataset(shared_file("valid.jsonl"), d, &error)) << error;
  InputVocab vocab = vocab_of(d, 200);
  ModelConfig c;  // the default (shipped) dimensions
  auto w = std::make_shared<ParserWeights>(random_weights(c, vocab, 11));
  auto engine = make_cpu_engine(w);
  float worst = 0;
  int compared = 0;
  for (size_t i = 0; i < d.examples.size() && compared < 20; i += 17) {
    const Example& ex = d.examples[i];
    auto steps = linearize(ex.form, static_cast<int>(ex.tokens.size()));
    ASSERT_TRUE(steps);
    std::vector<int> ids, prev, parent;
    for (const auto& t : ex.tokens) ids.push_back(w->input_vocab.id(t));  // unseen words -> <unk>
    for (const auto& s : *steps) {
      prev.push_back(s.prev);
      parent.push_back(s.parent);
    }
    auto ref = torch_forced_forward(*w, ids, prev, parent);
    auto ours = forced_forward(*engine, ids, prev, parent, w->config.decoder, w->config.output_vocab);
    ASSERT_EQ(ref.logits.size(), ours.logits.size());
    ASSERT_EQ(ref.start.size(), ours.start.size());
    worst = std::max({worst, max_diff(ref.logits, ours.logits), max_diff(ref.start, ours.start),
                      max_diff(ref.end, ours.end)});
    ++compared;
  }
  EXPECT_EQ(compared, 20);
  EXPECT_LT(worst, 1e-4f);
  RecordProperty("max_abs_diff", std::to_string(worst));
  std::printf("CPU kernels vs libtorch, 20 examples: max |diff| = %.3g\n", worst);
}

// A model reading contextual word features (ModelConfig::context): the
// projected features join the embeddings identically in both forwards.
TEST(TorchAgreement, ContextFeaturesMatchLibtorchForward) {
  Dataset d;
  std::string error;
  ASSERT_TRUE(read_dataset(shared_file("valid.jsonl"), d, &error)) << error;
  InputVocab vocab = vocab_of(d, 100);
  ModelConfig c;
  c.context = 24;
  auto w = std::make_shared<ParserWeights>(random_weights(c, vocab, 5));
  ASSERT_EQ(w->check(), "");
  ASSERT_EQ(w->at("enc.context_proj").shape, (std::vector<int>{c.embed, 24}));
  auto engine = make_cpu_engine(w);
  std::mt19937 rng(3);
  std::normal_distribution<float> normal;
  float worst = 0, moved = 0;
  for (size_t i = 0; i < 60; i += 6) {
    const Example& ex = d.examples[i];
    auto steps = linearize(ex.form, static_cast<int>(ex.tokens.size()));
    ASSERT_TRUE(steps);
    std::vector<int> ids, prev, parent;
    for (const auto& t : ex.tokens) ids.push_back(w->input_vocab.id(t));
    for (const auto& s : *steps) {
      prev.push_back(s.prev);
      parent.push_back(s.parent);
    }
    std::vector<float> features(ids.size() * 24);
    for (float& f : features) f = normal(rng);
    auto ref = torch_forced_forward(*w, ids, prev, parent, features);
    auto ours = forced_forward(*engine, ids, prev, parent, c.decoder, w->config.output_vocab, features);
    worst = std::max({worst, max_diff(ref.logits, ours.logits), max_diff(ref.start, ours.start),
                      max_diff(ref.end, ours.end)});
    // The features matter: zero features give other outputs.
    auto zero = forced_forward(*engine, ids, prev, parent, c.decoder, w->config.output_vocab,
                               std::vector<float>(features.size(), 0.f));
    moved = std::max(moved, max_diff(zero.logits, ours.logits));
  }
  EXPECT_LT(worst, 1e-4f);
  EXPECT_GT(moved, 1e-3f);
  // Features of the wrong shape, or none, are refused, not read past.
  std::vector<float> h0;
  EXPECT_THROW(engine->encode_batch({{2, 3}}, h0), std::invalid_argument);
  EXPECT_THROW(engine->encode_batch({{2, 3}}, {std::vector<float>(24)}, h0), std::invalid_argument);
  engine->encode_batch({{2, 3}}, {std::vector<float>(48)}, h0);
  EXPECT_EQ(h0.size(), static_cast<size_t>(c.decoder));
  // A model without features refuses them.
  auto plain = std::make_shared<ParserWeights>(random_weights(ModelConfig{}, vocab, 5));
  EXPECT_THROW(make_cpu_engine(plain)->encode_batch({{2, 3}}, {std::vector<float>(48)}, h0), std::invalid_argument);
}

// A weights file keeps the context width, the encoder's name and its fingerprint.
TEST(TorchAgreement, ContextModelRoundTripsThroughTheWeightsFile) {
  InputVocab vocab;
  vocab.add("build");
  ModelConfig c;
  c.context = 8;
  ParserWeights w = random_weights(c, vocab, 2);
  w.context_encoder = "use-lite";
  w.context_fingerprint = "fnv1a64:0123456789abcdef";
  std::string path = ::testing::TempDir() + "/context.bin", error;
  ASSERT_TRUE(save_weights(w, path, &error)) << error;
  ParserWeights back;
  ASSERT_TRUE(load_weights(path, back, &error)) << error;
  EXPECT_EQ(back.config.context, 8);
  EXPECT_EQ(back.context_encoder, "use-lite");
  EXPECT_EQ(back.context_fingerprint, "fnv1a64:0123456789abcdef");
  EXPECT_EQ(back.at("enc.context_proj").data, w.at("enc.context_proj").data);
  // An encoder this plank does not know is an error naming it, not a crash.
  back.context_encoder = "word2vec";
  auto shared = std::make_shared<ParserWeights>(back);
  EXPECT_THROW(Parser(shared, make_cpu_engine(shared)), std::invalid_argument);
  std::remove(path.c_str());
}

// A run small enough to take a second: 96 training examples, 16-wide layers, one thread.
static TrainOptions tiny_run(int epochs) {
  TrainOptions o;
  o.data = {shared_file("train.jsonl")};
  o.limit = 96;
  o.batch = 16;
  o.lr = 5e-3f;
  o.dims.embed = 16;
  o.dims.hidden = 16;
  o.dims.decoder = 32;
  o.dims.out_embed = 16;
  o.threads = 1;
  o.epochs = epochs;
  return o;
}

TEST(TorchTraining, ShortRunLowersTheLoss) {
  TrainOptions o = tiny_run(4);
  auto r = train_parser(o);
  ASSERT_TRUE(r.ok) << r.error;
  ASSERT_EQ(r.epochs.size(), 4u);
  EXPECT_EQ(r.train_examples, 96u);
  EXPECT_LT(r.epochs.back().loss, 0.7 * r.epochs.front().loss)
      << "first " << r.epochs.front().loss << " last " << r.epochs.back().loss;
  EXPECT_GT(r.epochs.back().token_acc, r.epochs.front().token_acc);
  // The result loads into Plank's own parser, and whatever it outputs passes the grammar.
  EXPECT_TRUE(r.weights.check().empty()) << r.weights.check();
  auto w = std::make_shared<ParserWeights>(r.weights);
  Parser parser(w, make_cpu_engine(w));
  auto parses = parser.parse("build a red cube", {.beam = 3, .n_best = 3});
  ASSERT_FALSE(parses.empty());
  for (size_t i = 1; i < parses.size(); ++i) EXPECT_LE(parses[i].log_prob, parses[i - 1].log_prob);
}

// --context use-lite: the features reach training and the parser that loads
// the result (needs the encoder's weights: `make use-model`).
TEST(TorchTraining, ContextFeaturesTrainAndParse) {
  std::string why;
  auto use = load_context_encoder("use-lite", &why);
  if (!use) GTEST_SKIP() << why;
  TrainOptions o = tiny_run(3);
  o.context = "use-lite";
  auto r = train_parser(o);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_LT(r.epochs.back().loss, r.epochs.front().loss);
  EXPECT_EQ(r.weights.config.context, use->dim());
  EXPECT_EQ(r.weights.context_encoder, "use-lite");
  EXPECT_EQ(r.weights.context_fingerprint, use->fingerprint());
  std::string path = ::testing::TempDir() + "/context-trained.bin", error;
  ASSERT_TRUE(save_weights(r.weights, path, &error)) << error;
  auto parser = Parser::load(path, "cpu", &error);
  ASSERT_TRUE(parser) << error;
  auto parses = parser->parse("build a red cube", {.beam = 3, .n_best = 3});
  ASSERT_FALSE(parses.empty());
  // Weights whose encoder fingerprint differs are refused with a reason.
  ParserWeights other = r.weights;
  other.context_fingerprint = "fnv1a64:0000000000000000";
  ASSERT_TRUE(save_weights(other, path, &error)) << error;
  EXPECT_FALSE(Parser::load(path, "cpu", &error));
  EXPECT_NE(error.find("fnv1a64:0000000000000000"), std::string::npos) << error;
  std::remove(path.c_str());
}

// The speed and accuracy options together: cosine schedule, weight average,
// singleton word dropout, validation every other epoch (and after the last).
TEST(TorchTraining, ScheduleAndWeightAverageStillLearn) {
  TrainOptions o = tiny_run(5);
  o.valid = shared_file("valid.jsonl");
  o.valid_limit = 20;
  o.valid_every = 2;
  o.lr_schedule = "cosine";
  o.ema = 0.9f;
  o.singleton_unk = 0.3f;
  auto r = train_parser(o);
  ASSERT_TRUE(r.ok) << r.error;
  ASSERT_EQ(r.epochs.size(), 5u);
  EXPECT_LT(r.epochs.back().loss, 0.7 * r.epochs.front().loss);
  for (const auto& e : r.epochs) {
    bool validated = e.epoch % 2 == 0 || e.epoch == 5;
    EXPECT_EQ(e.valid_exact >= 0, validated) << "epoch " << e.epoch;
    EXPECT_GT(e.t_forward, 0) << "epoch " << e.epoch;
    EXPECT_EQ(e.t_valid > 0, validated) << "epoch " << e.epoch;
  }
  EXPECT_TRUE(r.best_epoch == 2 || r.best_epoch == 4 || r.best_epoch == 5) << r.best_epoch;
  EXPECT_TRUE(r.weights.check().empty()) << r.weights.check();

  o.lr_schedule = "linear";
  auto bad = train_parser(o);
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.error.find("cosine"), std::string::npos) << bad.error;
}

// Pre-trained vectors: the exported model knows the vectors' words besides
// the training words, a vector-only word's row is <unk>'s learned row plus its
// projected vector (so a zero vector gives exactly <unk>'s row), and the loss
// still falls.
TEST(TorchTraining, PretrainedVectorsExtendTheVocabulary) {
  std::string path = testing::TempDir() + "plank_train_vectors.txt";
  {
    std::ofstream f(path);
    f << "build 0.1 0.2 0.3 0.4\n"
      << "griffin 1 -1 0.5 2\n"
      << "zebra 0 0 0 0\n"
      << "a 0.3 0.3 0.3 0.3\n"
      << "house 0.2 0.1 -0.3 0.5\ntower 0.1 0.1 -0.2 0.6\ncube 1 0 0 0\ntree -1 0.5 0 0\nwall 0 1 1 0\n";
  }
  TrainOptions o = tiny_run(4);
  o.pretrained = path;
  o.pretrained_words = 3;  // build, griffin, zebra, then the training words among the rest
  auto r = train_parser(o);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_LT(r.epochs.back().loss, 0.7 * r.epochs.front().loss);
  const InputVocab& v = r.weights.input_vocab;
  EXPECT_EQ(r.pretrained_words, 2u);  // griffin and zebra are new; build is a training word
  EXPECT_EQ(v.trained_words(), v.size() - 2);
  EXPECT_EQ(r.weights.config.input_vocab, v.size());
  EXPECT_TRUE(r.weights.check().empty()) << r.weights.check();
  const auto& E = r.weights.at("enc.embed");
  const size_t dim = static_cast<size_t>(r.weights.config.embed);
  auto row = [&](int id) {
    return std::vector<float>(E.data.begin() + static_cast<std::ptrdiff_t>(id * dim),
                              E.data.begin() + static_cast<std::ptrdiff_t>((id + 1) * dim));
  };
  int griffin = v.id("griffin"), zebra = v.id("zebra");
  ASSERT_GE(griffin, v.trained_words());
  ASSERT_GE(zebra, v.trained_words());
  EXPECT_EQ(row(zebra), row(InputVocab::kUnk));
  EXPECT_GT(max_diff(row(griffin), row(InputVocab::kUnk)), 1e-3f);
  // Saved and loaded, the vocabulary keeps its trained part.
  std::string bin = testing::TempDir() + "plank_train_vectors.bin", error;
  ASSERT_TRUE(save_weights(r.weights, bin, &error)) << error;
  ParserWeights back;
  ASSERT_TRUE(load_weights(bin, back, &error)) << error;
  EXPECT_EQ(back.input_vocab.trained_words(), v.trained_words());
  EXPECT_EQ(back.input_vocab.id("griffin"), griffin);
  std::remove(bin.c_str());

  // Name swapping trains too (the names of these examples have neighbours
  // among the file's words) and needs the vectors.
  o.name_swap = 1.0f;
  o.name_neighbours = 2;
  auto swapped = train_parser(o);
  ASSERT_TRUE(swapped.ok) << swapped.error;
  EXPECT_GT(swapped.name_words, 0u);
  EXPECT_LT(swapped.epochs.back().loss, 0.8 * swapped.epochs.front().loss);
  std::string kept = o.pretrained;
  o.pretrained.clear();
  auto needs_vectors = train_parser(o);
  EXPECT_FALSE(needs_vectors.ok);
  EXPECT_NE(needs_vectors.error.find("--pretrained"), std::string::npos) << needs_vectors.error;
  o.pretrained = kept;
  o.name_swap = 0;

  // Span substitution trains, alone and with name swapping (names of any length
  // moved between the examples), and refuses per-command context features.
  o.span_substitute = 1.0f;
  for (float swap : {0.0f, 1.0f}) {
    o.name_swap = swap;
    auto substituted = train_parser(o);
    ASSERT_TRUE(substituted.ok) << substituted.error;
    EXPECT_LT(substituted.epochs.back().loss, 0.8 * substituted.epochs.front().loss) << "name swap " << swap;
  }
  o.name_swap = 0;
  o.context = "use-lite";
  auto with_context = train_parser(o);
  EXPECT_FALSE(with_context.ok);
  EXPECT_NE(with_context.error.find("--context"), std::string::npos) << with_context.error;
  o.context.clear();
  o.span_substitute = 0;

  o.pretrained = testing::TempDir() + "plank_no_such_vectors.txt";
  auto bad = train_parser(o);
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.error.find("plank_no_such_vectors.txt"), std::string::npos) << bad.error;
  std::remove(path.c_str());
}

// The vectors options through the real binary: the card names the vectors
// file with its hash and what it added, and the command repeats the options.
TEST(TrainCli, PretrainedVectorsReachTheCard) {
  std::string vectors = testing::TempDir() + "plank_train_cli_vectors.txt";
  std::ofstream(vectors) << "build 1 0 0\nhouse 0 1 0\ncottage 0 0.9 0.1\ngriffin 0.5 0.5 0\n";
  std::string out = testing::TempDir() + "plank_train_cli_vectors.bin";
  auto r = plank::test::run_plank("train parser --data " + shared_file("train.jsonl") +
                                  " --limit 48 --epochs 1 --batch 16 --embed 8 --hidden 8 --decoder 16 --out-embed 8"
                                  " --no-progress --pretrained " + vectors + " --pretrained-words 4 --name-swap 0.5"
                                  " --span-substitute 0.5 --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string stem = out.substr(0, out.size() - 4);
  std::ifstream card_file(stem + ".card.json");
  auto card = nlohmann::json::parse(card_file, nullptr, false);
  ASSERT_FALSE(card.is_discarded());
  EXPECT_EQ(card["pretrained"]["path"], vectors);
  EXPECT_EQ(card["pretrained"]["hash"].get<std::string>().rfind("fnv1a64:", 0), 0u);
  EXPECT_GT(card["pretrained"]["words_added"].get<int>(), 0);
  std::string command = card.at("command");
  for (const char* opt : {"--pretrained-words 4", "--name-swap 0.5", "--pretrained-drop 0.25", "--span-substitute 0.5"})
    EXPECT_NE(command.find(opt), std::string::npos) << opt << " in " << command;
  ParserWeights w;
  std::string error;
  ASSERT_TRUE(load_weights(out, w, &error)) << error;
  EXPECT_TRUE(w.half_embedding);
  EXPECT_LT(w.input_vocab.trained_words(), w.input_vocab.size());
  for (const char* ext : {".bin", ".csv", ".png", ".card.json"}) std::remove((stem + ext).c_str());
  std::remove(vectors.c_str());

  auto bad = plank::test::run_plank("train parser --data " + shared_file("train.jsonl") + " --name-swap 0.5 --out " + out);
  EXPECT_NE(bad.exit_code, 0);
  EXPECT_NE(bad.err.find("--pretrained"), std::string::npos) << bad.err;
}

// `plank train parser` through the real binary: the new options reach the card
// (the exact command, per-epoch timing), the CSV has a row an epoch, and an
// unknown schedule is refused.
TEST(TrainCli, WritesTheCardWithTheNewOptions) {
  std::string out = testing::TempDir() + "plank_train_cli.bin";
  std::string args = "train parser --data " + shared_file("train.jsonl") + " --valid " + shared_file("valid.jsonl") +
                     " --valid-limit 10 --limit 48 --epochs 2 --batch 16 --embed 8 --hidden 8 --decoder 16"
                     " --out-embed 8 --lr-schedule cosine --ema 0.9 --singleton-unk 0.3 --no-progress --out " + out;
  auto r = plank::test::run_plank(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string stem = out.substr(0, out.size() - 4);
  std::ifstream card_file(stem + ".card.json");
  auto card = nlohmann::json::parse(card_file, nullptr, false);
  ASSERT_FALSE(card.is_discarded());
  std::string command = card.at("command");
  for (const char* opt : {"--lr-schedule cosine", "--ema 0.9", "--singleton-unk 0.3", "--threads 1", "--valid-limit 10"})
    EXPECT_NE(command.find(opt), std::string::npos) << opt << " in " << command;
  ASSERT_EQ(card.at("epochs").size(), 2u);
  EXPECT_GT(card["epochs"][0]["profile_s"]["forward"].get<double>(), 0);
  std::ifstream csv(stem + ".csv");
  int lines = 0;
  for (std::string line; std::getline(csv, line);) ++lines;
  EXPECT_EQ(lines, 3);  // header + 2 epochs
  for (const char* ext : {".bin", ".csv", ".png", ".card.json"}) std::remove((stem + ext).c_str());

  auto bad = plank::test::run_plank("train parser --data " + shared_file("train.jsonl") + " --lr-schedule linear --out " + out);
  EXPECT_NE(bad.exit_code, 0);
  EXPECT_NE(bad.err.find("lr-schedule"), std::string::npos) << bad.err;
}
#endif
