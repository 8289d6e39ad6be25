// The DEPS horizon predictor's batch-1 latency (one state, one goal: what select() asks per
// candidate) on Plank's CPU kernels against libtorch's CPU forward of the same weights, in the same
// run, both on this thread (libtorch set to one thread). Thread CPU time, median of repeats.
//   plank_bench_horizon [models/horizon.bin] [repeats]
#include <time.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "neural/horizon/engine.h"
#include "neural/kernels/kernels_cpu.h"
#include "neural/train/horizon_trainer.h"

namespace {

double thread_us() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

// Median thread CPU microseconds of one call, over `repeats` rounds of `inner` calls.
template <typename F>
double median_us(F&& f, int repeats, int inner) {
  f();
  std::vector<double> us;
  for (int r = 0; r < repeats; ++r) {
    double t0 = thread_us();
    for (int i = 0; i < inner; ++i) f();
    us.push_back((thread_us() - t0) / inner);
  }
  std::sort(us.begin(), us.end());
  return us[us.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  using namespace plank::neural;
  const std::string path = argc > 1 ? argv[1] : PLANK_SOURCE_DIR "/models/horizon.bin";
  const int repeats = argc > 2 ? std::max(3, std::atoi(argv[2])) : 21;
  auto w = std::make_shared<HorizonWeights>();
  std::string error;
  if (!load_horizon_weights(path, w.get(), &error)) {
    std::fprintf(stderr, "%s; timing random weights of the default size instead\n", error.c_str());
    HorizonConfig c;
    std::vector<HorizonGoalInfo> goals;
    for (int g = 0; g < c.goals; ++g) goals.push_back({g, "f", "mine", "item" + std::to_string(g), 1});
    *w = random_horizon_weights(c, goals, 1);
  }
  set_torch_threads(1);
  const HorizonConfig& c = w->config;
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> u(0.f, 1.f);
  std::vector<float> row(static_cast<size_t>(c.input()));
  for (float& v : row) v = u(rng);
  int goal = 0;
  float a = 0, b = 0;
  auto cpu = make_cpu_engine(w);
  HorizonTorchModel torch_model(*w);
  double plank_us = median_us([&] { cpu->predict(1, row.data(), &goal, &a); }, repeats, 200);
  double torch_us = median_us([&] { torch_model.predict(1, row.data(), &goal, &b); }, repeats, 200);
  std::printf("horizon predictor, batch 1 (%d inputs, %d-%d-1, BLAS %s): Plank CPU kernels %.2f us, libtorch CPU %.2f "
              "us (thread CPU time, median of %d x 200); libtorch / Plank = %.2fx; |diff| %.2e\n",
              c.input() + c.embed, c.hidden1, c.hidden2, cpu::blas_name(), plank_us, torch_us, repeats, torch_us / plank_us,
              std::fabs(a - b));
  return 0;
}
