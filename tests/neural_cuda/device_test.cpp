// The device query must answer on any machine: no driver, no GPU, or a GPU.
#include <gtest/gtest.h>

#include "neural/kernels/device.h"
#include "neural/parser/engine.h"
#include "neural/random_model.h"

TEST(Devices, QueryNeverFailsAndExplainsItself) {
  auto info = plank::neural::query_devices();
  EXPECT_GE(info.device_count, 0);
  EXPECT_FALSE(info.status.empty());
  if (info.device_count > 0) EXPECT_FALSE(info.first_device_name.empty());
#ifdef PLANK_WITH_CUDA
  EXPECT_TRUE(info.compiled_with_cuda);
#else
  EXPECT_FALSE(info.compiled_with_cuda);
#endif
}

TEST(Devices, CudaPathRunsOnlyWithADevice) {
  auto info = plank::neural::query_devices();
  if (!info.compiled_with_cuda || info.device_count == 0) GTEST_SKIP() << "no CUDA device: " << info.status;
  // Querying twice gives the same answer (no sticky error state).
  EXPECT_EQ(plank::neural::query_devices().device_count, info.device_count);
}

// "auto" takes the GPU when there is one, the CPU otherwise; "cuda" without a
// device is refused with the reason.
TEST(Devices, AutoEngineFollowsTheDevice) {
  auto w = std::make_shared<plank::neural::ParserWeights>(plank::neural::test::small_random_weights(2));
  auto info = plank::neural::query_devices();
  std::string why;
  auto engine = plank::neural::make_engine(w, "auto", &why);
  ASSERT_TRUE(engine);
  if (info.device_count > 0) {
    EXPECT_EQ(engine->name().rfind("cuda", 0), 0u) << engine->name();
  } else {
    EXPECT_EQ(engine->name().rfind("cpu", 0), 0u) << engine->name();
    EXPECT_FALSE(plank::neural::make_engine(w, "cuda", &why));
    EXPECT_FALSE(why.empty());
  }
}
