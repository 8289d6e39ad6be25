// States are independent: two states run at once in two threads, each with its own globals,
// host functions and limits. One state is used by one thread at a time: a second thread
// that calls into a running state is refused, and the run goes on undisturbed.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "capi_util.h"

using namespace plank_test;

namespace {

// Counts its calls in the state's own counter (userdata).
int tick(plank_call* c, void* ud) {
  ++*static_cast<int64_t*>(ud);
  plank_return_int(c, plank_arg_int(c, 0) * 2);
  return 0;
}

// One worker: its own state, a plan that loops through plan code and a host function.
void work(const char* engine, int id, int rounds, std::string* failure) {
  State P = open_state(engine);
  int64_t ticks = 0;
  plank_register(P.get(), "tick", tick, &ticks);
  std::string out;
  plank_set_writer(
      P.get(), [](const char* t, size_t n, void* ud) { static_cast<std::string*>(ud)->append(t, n); }, &out);
  std::string plan = "me = " + std::to_string(id) +
                     "\n"
                     "def total(n):\n"
                     "    s = 0\n"
                     "    for i in range(n):\n"
                     "        s += tick(i) + me\n"
                     "    return s\n";
  if (plank_run(P.get(), plan.c_str(), "worker") != PLANK_OK) return void(*failure = plank_error(P.get()));
  for (int r = 0; r < rounds; ++r) {
    const int n = 2000 + r;
    std::string expr = "print(total(" + std::to_string(n) + "))";
    if (plank_run(P.get(), expr.c_str(), "round") != PLANK_OK) return void(*failure = plank_error(P.get()));
    const int64_t want = int64_t(n) * (n - 1) + int64_t(n) * id;  // sum of 2i, plus me each time
    if (out != std::to_string(want) + "\n") return void(*failure = "worker " + std::to_string(id) + " printed " + out);
    out.clear();
  }
  int64_t want_ticks = 0;
  for (int r = 0; r < rounds; ++r) want_ticks += 2000 + r;
  if (ticks != want_ticks) *failure = "worker " + std::to_string(id) + " saw another state's calls";
}

}  // namespace

class Threads : public ::testing::TestWithParam<const char*> {};

TEST_P(Threads, TwoStatesRunAtOnceInTwoThreads) {
  std::string fail_a, fail_b;
  std::thread a(work, GetParam(), 1, 8, &fail_a);
  std::thread b(work, GetParam(), 2, 8, &fail_b);
  a.join();
  b.join();
  EXPECT_EQ(fail_a, "");
  EXPECT_EQ(fail_b, "");
}

TEST_P(Threads, AStateRefusesASecondThreadWhileItRuns) {
  State P = open_state(GetParam());
  std::atomic<int> phase{0};  // 1: the plan waits in the host function; 2: the other thread is done
  auto hold = [](plank_call* c, void* ud) -> int {
    auto* p = static_cast<std::atomic<int>*>(ud);
    p->store(1);
    while (p->load() != 2) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    plank_return_str(c, "done");
    return 0;
  };
  plank_register(P.get(), "hold", hold, &phase);
  int other_status = -1;
  std::thread other([&] {
    while (phase.load() != 1) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    other_status = plank_run(P.get(), "intruder = 1\n", "other");
    phase.store(2);
  });
  EXPECT_EQ(plank_run(P.get(), "r = hold()\n", "owner"), PLANK_OK) << plank_error(P.get());
  other.join();
  EXPECT_EQ(other_status, PLANK_ERR_USAGE);
  EXPECT_STREQ(plank_eval_json(P.get(), "r"), "\"done\"");
  EXPECT_EQ(plank_get_global(P.get(), "intruder"), 0);
}

TEST_P(Threads, InterruptingOneStateLeavesTheOtherRunning) {
  State A = open_state(GetParam()), B = open_state(GetParam());
  std::atomic<int> started{0};
  auto start = [](plank_call*, void* ud) -> int {
    ++*static_cast<std::atomic<int>*>(ud);
    return 0;
  };
  plank_register(A.get(), "start", start, &started);
  plank_register(B.get(), "start", start, &started);
  int status_a = -1, status_b = -1;
  std::thread ta([&] { status_a = plank_run(A.get(), "start()\nwhile True:\n    pass\n", "a"); });
  std::thread tb([&] { status_b = plank_run(B.get(), "start()\ns = 0\nfor i in range(300000):\n    s += i\n", "b"); });
  while (started.load() < 2) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  plank_interrupt(A.get());
  ta.join();
  tb.join();
  EXPECT_EQ(status_a, PLANK_ERR_INTERRUPTED);
  EXPECT_EQ(status_b, PLANK_OK) << plank_error(B.get());
  EXPECT_STREQ(plank_eval_json(B.get(), "s"), "44999850000");
}

INSTANTIATE_TEST_SUITE_P(Engines, Threads, ::testing::ValuesIn(kEngines));
