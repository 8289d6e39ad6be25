// Limits (steps, seconds, memory, depth) and interrupts: each ends a run with its own
// status, holds while a host function runs, and leaves the state usable.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/time.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>

#include "capi_util.h"

using namespace plank_test;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// A host function that sleeps the milliseconds it is given (a slow environment step).
int sleep_ms(plank_call* c, void*) {
  std::this_thread::sleep_for(std::chrono::milliseconds(plank_arg_int(c, 0)));
  return 0;
}

// Tells the test the plan is running, then returns.
int started(plank_call*, void* ud) {
  static_cast<std::atomic<bool>*>(ud)->store(true);
  return 0;
}

}  // namespace

class Limits : public ::testing::TestWithParam<const char*> {};

TEST_P(Limits, StepsEndARunAndRestartWithTheNext) {
  State P = open_state(GetParam());
  ASSERT_EQ(plank_set_limit(P.get(), "steps", 5000), PLANK_OK);
  EXPECT_EQ(plank_get_limit(P.get(), "steps"), 5000);
  EXPECT_EQ(plank_run(P.get(), "n = 0\nwhile True:\n    n += 1\n", "loop"), PLANK_ERR_BUDGET);
  EXPECT_STREQ(plank_error_kind(P.get()), "BudgetExceeded");
  EXPECT_NE(std::string(plank_error_message(P.get())).find("step budget of 5000"), std::string::npos);
  int64_t reached = plank_to_int(P.get(), plank_get_global(P.get(), "n"));
  EXPECT_GT(reached, 1000);
  EXPECT_LE(reached, 5000);
  // The budget is per run: a run of 3,000 steps fits after one that spent all 5,000.
  EXPECT_EQ(plank_run(P.get(), "for i in range(1000):\n    n = i\n", "short"), PLANK_OK) << plank_error(P.get());
}

TEST_P(Limits, SecondsEndARunOfPlanCode) {
  State P = open_state(GetParam());
  ASSERT_EQ(plank_set_limit(P.get(), "seconds", 0.2), PLANK_OK);
  auto t0 = Clock::now();
  EXPECT_EQ(plank_run(P.get(), "while True:\n    pass\n", "spin"), PLANK_ERR_BUDGET);
  double took = seconds_since(t0);
  EXPECT_STREQ(plank_error_kind(P.get()), "BudgetExceeded");
  EXPECT_GE(took, 0.2);
  EXPECT_LT(took, 5.0);
}

TEST_P(Limits, TheClockRunsWhileAHostFunctionWorks) {
  State P = open_state(GetParam());
  plank_register(P.get(), "wait", sleep_ms, nullptr);
  ASSERT_EQ(plank_set_limit(P.get(), "seconds", 0.1), PLANK_OK);
  // No plan statement runs after the host function; the run still ends when it returns.
  auto t0 = Clock::now();
  EXPECT_EQ(plank_run(P.get(), "wait(400)\nreached = True\n", "slow"), PLANK_ERR_BUDGET);
  EXPECT_GE(seconds_since(t0), 0.4);
  EXPECT_EQ(plank_error_line(P.get()), 1);
  EXPECT_EQ(plank_get_global(P.get(), "reached"), 0);
  // A host function may see the deadline pass and stop early. It times itself: compiling the
  // call (slow on a loaded machine or under a sanitizer) is not its business.
  auto polite = [](plank_call* c, void* took) -> int {
    auto start = Clock::now();
    for (int i = 0; i < 500 && !plank_should_stop(c); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    *static_cast<double*>(took) = seconds_since(start);
    return 0;
  };
  double polite_took = -1;
  plank_register(P.get(), "polite", polite, &polite_took);
  EXPECT_EQ(plank_run(P.get(), "polite()\n", "p"), PLANK_ERR_BUDGET);
  EXPECT_GE(polite_took, 0.0) << "polite() ran";
  EXPECT_LT(polite_took, 0.9) << "polite() returned at the deadline, not after its full second";
}

TEST_P(Limits, MemoryIsAHeapLimit) {
  State P = open_state(GetParam());
  ASSERT_EQ(plank_set_limit(P.get(), "memory_mib", 8), PLANK_OK);
  EXPECT_EQ(plank_run(P.get(), "xs = []\nwhile True:\n    xs.append('x' * 1000)\n", "hog"), PLANK_ERR_BUDGET);
  EXPECT_STREQ(plank_error_kind(P.get()), "MemoryError");
  // The heap still holds what the plan kept: the next run meets the limit at once...
  EXPECT_EQ(plank_run(P.get(), "ys = []\nfor i in range(1000):\n    ys.append(str(i))\n", "more"), PLANK_ERR_BUDGET);
  // ...until the host drops it (binding a global allocates nothing) or raises the limit.
  ASSERT_EQ(plank_set_global(P.get(), "xs", plank_none(P.get())), PLANK_OK) << plank_error(P.get());
  EXPECT_EQ(plank_run(P.get(), "ys = []\nfor i in range(1000):\n    ys.append(str(i))\n", "ok"), PLANK_OK) << plank_error(P.get());
}

TEST_P(Limits, DepthIsARecursionLimit) {
  State P = open_state(GetParam());
  ASSERT_EQ(plank_set_limit(P.get(), "depth", 50), PLANK_OK);
  ASSERT_EQ(plank_run(P.get(), "def down(n):\n    return 0 if n == 0 else 1 + down(n - 1)\n", "d"), PLANK_OK);
  EXPECT_STREQ(plank_eval_json(P.get(), "down(40)"), "40");
  EXPECT_EQ(plank_eval_json(P.get(), "down(60)"), nullptr);
  EXPECT_STREQ(plank_error_kind(P.get()), "RecursionError");
}

TEST_P(Limits, InterruptFromAnotherThreadStopsABusyPlan) {
  State P = open_state(GetParam());
  std::atomic<bool> running{false};
  plank_register(P.get(), "started", started, &running);
  std::thread stopper([&] {
    while (!running.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    plank_interrupt(P.get());
  });
  auto t0 = Clock::now();
  int status = plank_run(P.get(), "started()\nwhile True:\n    pass\n", "spin");
  stopper.join();
  EXPECT_EQ(status, PLANK_ERR_INTERRUPTED);
  EXPECT_STREQ(plank_error_kind(P.get()), "Interrupted");
  EXPECT_LT(seconds_since(t0), 5.0);
  EXPECT_EQ(plank_run(P.get(), "after = 1\n", "next"), PLANK_OK) << "an interrupt ends one run only";
}

// plank_interrupt from a signal handler: the handler runs on whichever thread the signal
// lands on (the plan's own included) and makes only lock-free stores.
plank_state* alarm_target = nullptr;
extern "C" void interrupt_on_alarm(int) { plank_interrupt(alarm_target); }

TEST_P(Limits, InterruptFromASignalHandler) {
  State P = open_state(GetParam());
  alarm_target = P.get();
  struct sigaction action {}, previous{};
  action.sa_handler = interrupt_on_alarm;
  sigemptyset(&action.sa_mask);
  ASSERT_EQ(sigaction(SIGALRM, &action, &previous), 0);
  std::atomic<bool> running{false};
  plank_register(P.get(), "started", started, &running);
  std::thread timer([&] {
    while (!running.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    itimerval in50ms{};
    in50ms.it_value.tv_usec = 50000;
    setitimer(ITIMER_REAL, &in50ms, nullptr);
  });
  int status = plank_run(P.get(), "started()\nwhile True:\n    pass\n", "spin");
  timer.join();
  sigaction(SIGALRM, &previous, nullptr);
  alarm_target = nullptr;
  EXPECT_EQ(status, PLANK_ERR_INTERRUPTED) << plank_error(P.get());
}

TEST_P(Limits, InterruptDuringAHostFunctionIsDeliveredWhenItReturns) {
  State P = open_state(GetParam());
  std::atomic<bool> running{false};
  plank_register(P.get(), "started", started, &running);
  plank_register(P.get(), "wait", sleep_ms, nullptr);
  std::thread stopper([&] {
    while (!running.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    plank_interrupt(P.get());
  });
  EXPECT_EQ(plank_run(P.get(), "started()\nwait(100)\nreached = True\n", "p"), PLANK_ERR_INTERRUPTED);
  stopper.join();
  EXPECT_EQ(plank_get_global(P.get(), "reached"), 0);
}

TEST_P(Limits, AnInterruptWhileIdleIsDropped) {
  State P = open_state(GetParam());
  ASSERT_EQ(plank_run(P.get(), "x = 1\n", "p"), PLANK_OK);
  plank_interrupt(P.get());
  EXPECT_EQ(plank_run(P.get(), "for i in range(100000):\n    x = i\n", "p"), PLANK_OK);
}

TEST(LimitMisuse, UnknownNamesAndBadValues) {
  State P = open_state();
  EXPECT_EQ(plank_set_limit(P.get(), "fuel", 10), PLANK_ERR_USAGE);
  EXPECT_NE(std::string(plank_error(P.get())).find("expected steps, seconds, memory_mib, depth"), std::string::npos);
  EXPECT_EQ(plank_set_limit(P.get(), "steps", -1), PLANK_ERR_USAGE);
  EXPECT_EQ(plank_set_limit(P.get(), "seconds", NAN), PLANK_ERR_USAGE);
  EXPECT_EQ(plank_set_limit(P.get(), "depth", 0), PLANK_ERR_USAGE);
  EXPECT_EQ(plank_set_limit(P.get(), nullptr, 1), PLANK_ERR_USAGE);
  EXPECT_EQ(plank_get_limit(P.get(), "fuel"), -1);
  EXPECT_EQ(plank_get_limit(P.get(), "memory_mib"), 1024) << "the default heap limit";
  EXPECT_EQ(plank_get_limit(P.get(), "depth"), 1000);
}

INSTANTIATE_TEST_SUITE_P(Engines, Limits, ::testing::ValuesIn(kEngines));
