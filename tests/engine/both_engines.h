// A test fixture that runs Plank source in the engine named by the test's
// parameter ("interp" or "jit"; the JIT's cases skip where it is not built).
#pragma once
#include <gtest/gtest.h>

#include <string>

#include "compiler/engine/engine.h"
#include "compiler/engine/run.h"

namespace plank::testing {

class BothEngines : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "jit" && !engine::jit_available()) GTEST_SKIP() << "JIT not built";
  }
  // What the program prints; it must succeed.
  std::string run(const std::string& text) {
    std::string out, err;
    EXPECT_EQ(run_program(text, &out, &err), 0) << err;
    return out;
  }
  // The `Kind: message` of the runtime error the program ends with (python3's last line).
  std::string error_of(const std::string& text) {
    std::string out, err;
    EXPECT_EQ(run_program(text, &out, &err), 1);
    size_t at = err.find("error: ");
    return at == std::string::npos ? err : err.substr(at + 7, err.find('\n') - at - 7);
  }

  size_t max_heap_bytes = engine::RunOptions{}.max_heap_bytes;
  int64_t max_steps = 0;

 private:
  int run_program(const std::string& text, std::string* out, std::string* err) {
    engine::RunOptions o;
    o.path = "t.plank";
    o.source = text;
    o.engine = GetParam();
    o.max_heap_bytes = max_heap_bytes;
    o.max_steps = max_steps;
    o.out = out;
    o.err = err;
    return engine::run_program(o).exit_code;
  }
};

}  // namespace plank::testing
