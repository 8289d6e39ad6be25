// The horizon predictor's CUDA engine against its CPU engine (which tests/neural/horizon_test.cpp
// holds to libtorch's forward; that file also compares CUDA with libtorch directly where both are
// built). Skips cleanly when no device is usable.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "neural/horizon/engine.h"

using namespace plank::neural;

namespace {

TEST(HorizonCuda, MatchesTheCpuEngineAtBatchOneAndMany) {
  HorizonConfig c;  // the shipped dimensions
  c.goal_extras = 4;  // agents/deps/eval/horizon_features.h's kHorizonGoalExtras (this binary links no agents)
  std::vector<HorizonGoalInfo> goals;
  for (int g = 0; g < c.goals; ++g) goals.push_back({g, "f", "mine", "item" + std::to_string(g), 1});
  auto w = std::make_shared<HorizonWeights>(random_horizon_weights(c, goals, 31));
  std::string why;
  auto gpu = make_engine(w, "cuda", &why);
  if (!gpu) GTEST_SKIP() << "no CUDA engine: " << why;
  auto cpu = make_cpu_engine(w);
  std::mt19937 rng(2);
  std::uniform_real_distribution<float> u(0.f, 1.f);
  for (int batch : {1, 8, 70}) {
    std::vector<float> rows(size_t(batch) * size_t(c.input()));
    for (float& v : rows) v = u(rng);
    std::vector<int> ids(static_cast<size_t>(batch));
    for (int& g : ids) g = int(rng() % uint32_t(c.goals));
    std::vector<float> a(static_cast<size_t>(batch)), b(static_cast<size_t>(batch));
    cpu->predict(batch, rows.data(), ids.data(), a.data());
    gpu->predict(batch, rows.data(), ids.data(), b.data());
    for (int i = 0; i < batch; ++i) EXPECT_NEAR(a[size_t(i)], b[size_t(i)], 1e-4f) << "batch " << batch << ", row " << i;
  }
  EXPECT_NE(gpu->name().find("cuda"), std::string::npos);
}

}  // namespace
