// The median wall time of repeated runs, after one warm-up run: the neural
// benches' one timing rule.
#pragma once
#include <algorithm>
#include <chrono>
#include <functional>
#include <vector>

namespace plank::bench {

inline double median_ms(const std::function<void()>& f, int repeats) {
  f();  // warm-up
  std::vector<double> ms;
  for (int i = 0; i < repeats; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    f();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

}  // namespace plank::bench
