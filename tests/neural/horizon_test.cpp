// The DEPS horizon predictor's model (neural/horizon/): the input encoding, the weights file, the CPU
// engine against libtorch's forward on the same weights (the reference; skipped where libtorch is not
// built, as in the sanitizer build), the CUDA engine against libtorch (skipped without a device), and
// a short training run that learns a rule the data holds.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <unistd.h>

#include "neural/horizon/engine.h"
#include "neural/horizon/model.h"
#ifdef PLANK_WITH_TORCH
#include "neural/train/horizon_trainer.h"
#endif

using namespace plank::neural;

namespace {

std::vector<HorizonGoalInfo> two_goals() {
  return {{0, "wood", "mine", "oak_log", 5}, {1, "meat", "kill", "beef", 4}};
}

HorizonConfig small_config() {
  HorizonConfig c;
  c.grid = 5;
  c.terrain_channels = 3;
  c.goals = 2;
  c.embed = 4;
  c.hidden1 = 40;  // more than a warp, not a multiple of one
  c.hidden2 = 9;
  c.goal_extras = 3;  // the engines read the extras as any other input column
  return c;
}

// Random input rows in [0, 1] (as encode_horizon_input makes them) and goals.
void random_rows(const HorizonConfig& c, int n, uint32_t seed, std::vector<float>* rows, std::vector<int>* goals) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(0.f, 1.f);
  rows->resize(size_t(n) * size_t(c.input()));
  for (float& v : *rows) v = u(rng);
  goals->resize(size_t(n));
  for (int& g : *goals) g = int(rng() % uint32_t(c.goals));
}

std::string temp_path(const char* name) {
  return (std::filesystem::temp_directory_path() / (std::to_string(::getpid()) + "_" + name)).string();
}

float max_diff(const std::vector<float>& a, const std::vector<float>& b) {
  float m = 0;
  for (size_t i = 0; i < a.size(); ++i) m = std::max(m, std::fabs(a[i] - b[i]));
  return m;
}

TEST(HorizonModel, InputPoolsTheTerrainAndOnlyTheGoalsOwnChannelByDistance) {
  HorizonConfig c = small_config();  // 5 x 5 cells: rings 0 (the centre), 1, 2 (the border); ring 3 empty
  c.goal_extras = 0;                 // the held count is the row's last input
  const int crop_channels = c.terrain_channels + c.goals, per_ring = c.terrain_channels + 1;
  EXPECT_EQ(c.ring(2, 2), 0);
  EXPECT_EQ(c.ring(1, 3), 1);
  EXPECT_EQ(c.ring(0, 4), 2);
  std::vector<uint8_t> crop(size_t(c.grid * c.grid * crop_channels), 0);
  auto at = [&](int row, int col, int ch) -> uint8_t& { return crop[size_t((row * c.grid + col) * crop_channels + ch)]; };
  for (int row = 0; row < c.grid; ++row)
    for (int col = 0; col < c.grid; ++col) at(row, col, 0) = c.ring(row, col) == 2 ? 255 : 0;  // known: the border only
  at(1, 1, c.terrain_channels + 1) = 128;  // two of goal 1 in ring 1
  at(0, 0, c.terrain_channels + 0) = 255;  // goal 0 far away
  std::vector<float> row(size_t(c.input()));
  encode_horizon_input(c, crop.data(), crop_channels, c.terrain_channels + 1, 12, row.data());
  EXPECT_FLOAT_EQ(row[size_t(0 * per_ring + 0)], 0.f);
  EXPECT_FLOAT_EQ(row[size_t(2 * per_ring + 0)], 1.f) << "the border ring is all known";
  EXPECT_FLOAT_EQ(row[size_t(1 * per_ring + c.terrain_channels)], std::log1p(2.f)) << "two sightings in ring 1";
  EXPECT_FLOAT_EQ(row[size_t(2 * per_ring + c.terrain_channels)], 0.f) << "another goal's channel is not read";
  EXPECT_FLOAT_EQ(row[size_t(3 * per_ring + c.terrain_channels)], 0.f) << "an empty ring reads zero";
  EXPECT_FLOAT_EQ(row.back(), 12 / 8.f);
  encode_horizon_input(c, crop.data(), crop_channels, c.terrain_channels, 1000, row.data());
  EXPECT_FLOAT_EQ(row[size_t(2 * per_ring + c.terrain_channels)], std::log1p(255.f / 64.f));
  EXPECT_FLOAT_EQ(row[size_t(1 * per_ring + c.terrain_channels)], 0.f);
  EXPECT_FLOAT_EQ(row.back(), 32 / 8.f) << "a held count saturates";
  // Goal extras follow the held count, each byte / 255.
  c.goal_extras = 2;
  const uint8_t extras[2] = {255, 51};
  row.assign(size_t(c.input()), -1.f);
  encode_horizon_input(c, crop.data(), crop_channels, c.terrain_channels, 8, row.data(), extras);
  EXPECT_FLOAT_EQ(row[size_t(c.rings * per_ring)], 1.f) << "the held count keeps its place";
  EXPECT_FLOAT_EQ(row[size_t(c.rings * per_ring + 1)], 1.f);
  EXPECT_FLOAT_EQ(row[size_t(c.rings * per_ring + 2)], 0.2f);
}

TEST(HorizonModel, WeightsFileRoundTripsAndBadFilesAreRefused) {
  HorizonWeights w = random_horizon_weights(small_config(), two_goals(), 3);
  w.card_json = R"({"command":"test"})";
  const std::string path = temp_path("horizon.bin");
  std::string error;
  ASSERT_TRUE(save_horizon_weights(w, path, &error)) << error;
  HorizonWeights back;
  ASSERT_TRUE(load_horizon_weights(path, &back, &error)) << error;
  EXPECT_EQ(back.config.input(), w.config.input());
  EXPECT_EQ(back.config.goal_extras, w.config.goal_extras);
  EXPECT_EQ(back.goals.size(), 2u);
  EXPECT_EQ(back.goal_id("kill", "beef"), 1);
  EXPECT_EQ(back.goal_id("mine", "beef"), -1);
  EXPECT_EQ(back.goal_id("kill", "beef", 99), 1) << "a count that matches no entry: the item's first";
  EXPECT_NE(back.card_json.find("\"command\""), std::string::npos);
  for (const auto& [name, t] : w.tensors) EXPECT_EQ(back.at(name).data, t.data) << name;

  // A truncated file, another kind of model file, a tensor of the wrong shape: refused with the path.
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  std::ofstream(path, std::ios::binary) << bytes.substr(0, bytes.size() - 10);
  EXPECT_FALSE(load_horizon_weights(path, &back, &error));
  EXPECT_NE(error.find(path), std::string::npos) << error;
  std::ofstream(path, std::ios::binary) << "PLNKCLR1" << bytes.substr(8);
  EXPECT_FALSE(load_horizon_weights(path, &back, &error));
  HorizonWeights wrong = w;
  wrong.tensors["l2.bias"].shape = {3, 3};
  wrong.tensors["l2.bias"].data.assign(9, 0.f);
  ASSERT_TRUE(save_horizon_weights(wrong, path, &error));
  EXPECT_FALSE(load_horizon_weights(path, &back, &error));
  EXPECT_NE(error.find("l2.bias"), std::string::npos) << error;
  std::filesystem::remove(path);
}

TEST(HorizonModel, CpuEngineAnswersPerRowWhateverTheBatch) {
  auto w = std::make_shared<HorizonWeights>(random_horizon_weights(small_config(), two_goals(), 5));
  auto e = make_engine(w, "cpu", nullptr);
  ASSERT_TRUE(e);
  std::vector<float> rows;
  std::vector<int> goals;
  random_rows(w->config, 7, 9, &rows, &goals);
  std::vector<float> batch(7), single(7);
  e->predict(7, rows.data(), goals.data(), batch.data());
  for (int b = 0; b < 7; ++b)
    e->predict(1, rows.data() + size_t(b) * size_t(w->config.input()), &goals[size_t(b)], &single[size_t(b)]);
  EXPECT_LT(max_diff(batch, single), 1e-5f);
  int bad = 2;
  EXPECT_THROW(e->predict(1, rows.data(), &bad, single.data()), std::out_of_range);
}

#ifdef PLANK_WITH_TORCH
// libtorch is the reference: the CPU kernels must give its forward pass on the same weights, at the
// shipped model's size (whole rows through the AVX2 and BLAS products) and batch 1 and many.
TEST(HorizonModel, CpuEngineMatchesLibtorch) {
  HorizonConfig c;  // the shipped dimensions
  c.goals = 2;
  auto w = std::make_shared<HorizonWeights>(random_horizon_weights(c, two_goals(), 17));
  auto e = make_cpu_engine(w);
  std::vector<float> rows;
  std::vector<int> goals;
  random_rows(c, 33, 4, &rows, &goals);
  const std::vector<float> reference = horizon_forward_torch(*w, rows, goals);
  std::vector<float> mine(goals.size());
  e->predict(int(goals.size()), rows.data(), goals.data(), mine.data());
  EXPECT_LT(max_diff(mine, reference), 1e-4f);
  float one = 0;
  e->predict(1, rows.data(), goals.data(), &one);
  EXPECT_NEAR(one, reference[0], 1e-4f);
}

TEST(HorizonModel, CudaEngineMatchesLibtorch) {
  HorizonConfig c;
  c.goals = 2;
  auto w = std::make_shared<HorizonWeights>(random_horizon_weights(c, two_goals(), 23));
  std::string why;
  auto e = make_engine(w, "cuda", &why);
  if (!e) GTEST_SKIP() << "no CUDA engine: " << why;
  std::vector<float> rows;
  std::vector<int> goals;
  random_rows(c, 33, 8, &rows, &goals);
  const std::vector<float> reference = horizon_forward_torch(*w, rows, goals);
  std::vector<float> mine(goals.size());
  e->predict(int(goals.size()), rows.data(), goals.data(), mine.data());
  EXPECT_LT(max_diff(mine, reference), 1e-4f);
}

// A rule the data holds: the goal's ticks grow with its own channel's first cell and not with the
// other terrain. A short training run learns to rank by it (validation pick accuracy well above the
// 50 % of guessing between two goals), and unreached labels only push predictions up.
TEST(HorizonModel, ShortTrainingLearnsWhichGoalIsQuicker) {
  HorizonConfig c = small_config();
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> u(0.f, 1.f);
  auto make = [&](int states) {
    std::vector<HorizonExample> out;
    for (int s = 0; s < states; ++s)
      for (int g = 0; g < 2; ++g) {
        HorizonExample e;
        e.input.resize(size_t(c.input()));
        for (float& v : e.input) v = u(rng);
        e.goal = g;
        e.ticks = 100.f + 1500.f * e.input[size_t(c.terrain_channels)];
        e.reached = e.ticks < 1400.f;
        e.state = s;
        e.family = 0;
        out.push_back(std::move(e));
      }
    return out;
  };
  auto train = make(600), valid = make(100);
  HorizonTrainOptions o;
  o.config = c;
  o.epochs = 25;
  o.lr = 3e-3f;
  auto r = train_horizon(train, valid, two_goals(), o, {});
  ASSERT_TRUE(r.ok) << r.error;
  ASSERT_EQ(int(r.epochs.size()), 25);
  EXPECT_LT(r.epochs.back().train_loss, r.epochs.front().train_loss);
  EXPECT_GT(r.epochs[size_t(r.best_epoch - 1)].valid_pick, 0.8);
  // The exported weights predict on the CPU kernels what libtorch predicted in training.
  auto w = std::make_shared<HorizonWeights>(r.weights);
  auto e = make_cpu_engine(w);
  std::vector<float> rows;
  std::vector<int> goals;
  for (const auto& x : valid) rows.insert(rows.end(), x.input.begin(), x.input.end()), goals.push_back(x.goal);
  std::vector<float> mine(goals.size());
  e->predict(int(goals.size()), rows.data(), goals.data(), mine.data());
  EXPECT_NEAR(score_horizon(valid, mine).pick, r.epochs[size_t(r.best_epoch - 1)].valid_pick, 1e-9);
}
#endif

}  // namespace
