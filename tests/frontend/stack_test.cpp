// The parser's stack guarantee: deeply nested input never overflows the stack,
// whichever thread calls the parser and however small that thread's stack is.
#include <gtest/gtest.h>
#include <pthread.h>

#include <functional>
#include <string>
#include <vector>

#include "compiler/frontend/stack_guard.h"
#include "frontend_test_util.h"

namespace plank::frontend::testing {
namespace {

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

// The inputs that made the parser recurse deepest when measured (see stack_needed in parser.cpp).
std::vector<std::string> deep_inputs() {
  std::string indented;
  for (int i = 0; i < 100; ++i) indented += std::string(i, ' ') + "if x:\n";
  indented += std::string(100, ' ') + "x = " + repeat("(not -", 150) + "1 1" + repeat(")", 150) + "\n";
  return {
      "x = " + repeat("(", 200) + "1\n",                                                     // never closed
      "x = " + repeat("(", 200) + "1" + repeat(")", 200) + "\n",                              // at the limit
      "x = " + repeat("{1:", 200) + "1 1" + repeat("}", 200) + "\n",                          // syntax error inside
      "x = " + repeat("(lambda: ", 200) + repeat("not ", 100) + "1" + repeat(")", 200) + "\n",  // prefix operators
      "x = " + repeat("(2**", 200) + repeat("-", 100) + "1" + repeat(")", 200) + "\n",
      "x = " + repeat("1 if 1 else ", 10000) + "1\n",  // the chain the nesting limits do not bound
      indented,
  };
}

std::string outcome(const std::string& text) {
  std::string s = errors(text);
  auto file = SourceFile::from_string("expr.plank", text.substr(4));
  DiagnosticSink sink;
  auto e = parse_expression(file, sink);
  return s + " | " + (e ? "expr" : diag_lines(*file, sink.all()));
}

void run_on_thread(size_t stack_size, const std::function<void()>& fn) {
  pthread_attr_t attr;
  ASSERT_EQ(pthread_attr_init(&attr), 0);
  ASSERT_EQ(pthread_attr_setstacksize(&attr, stack_size), 0);
  pthread_t thread;
  ASSERT_EQ(pthread_create(
                &thread, &attr,
                [](void* arg) -> void* {
                  (*static_cast<const std::function<void()>*>(arg))();
                  return nullptr;
                },
                const_cast<std::function<void()>*>(&fn)),
            0);
  pthread_attr_destroy(&attr);
  pthread_join(thread, nullptr);
}

TEST(Stack, DeepInputFromASmallStackThreadGivesTheSameResult) {
  std::vector<std::string> expected;
  for (const auto& text : deep_inputs()) expected.push_back(outcome(text));
  std::vector<std::string> got;
  run_on_thread(size_t{256} << 10, [&] {
    for (const auto& text : deep_inputs()) got.push_back(outcome(text));
  });
  EXPECT_EQ(got, expected);
}

TEST(Stack, ManyThreadsAtOnce) {
  std::string deep = "x = " + repeat("[", 200) + "1" + repeat("]", 200) + "\n";
  std::vector<pthread_t> threads(8);
  // Only the parse runs on the small stacks (that is what is under test); the
  // dump, itself recursive and not stack-guarded, runs on the main thread.
  std::vector<Parsed> results(threads.size());
  struct Arg {
    const std::string* text;
    Parsed* result;
  };
  std::vector<Arg> args;
  for (auto& r : results) args.push_back({&deep, &r});
  for (size_t i = 0; i < threads.size(); ++i) {
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, size_t{128} << 10);
    ASSERT_EQ(pthread_create(
                  &threads[i], &attr,
                  [](void* p) -> void* {
                    auto* a = static_cast<Arg*>(p);
                    for (int k = 0; k < 5; ++k) *a->result = parse(*a->text);
                    return nullptr;
                  },
                  &args[i]),
              0);
    pthread_attr_destroy(&attr);
  }
  for (auto& t : threads) pthread_join(t, nullptr);
  for (const auto& r : results) {
    ASSERT_TRUE(r.diags.empty()) << diag_lines(*r.file, r.diags);
    EXPECT_EQ(ast::dump_ast(*r.module), dump(deep));
  }
}

// The fast path (parsing on the caller's stack) depends on knowing how much is left.
TEST(Stack, KnowsHowMuchStackIsLeft) {
  EXPECT_GT(stack_left(), size_t{1} << 20);  // the main thread: 8 MB unless ulimit -s says otherwise
  size_t on_thread = 0;
  run_on_thread(size_t{1} << 20, [&] { on_thread = stack_left(); });
  EXPECT_GT(on_thread, size_t{512} << 10);
  EXPECT_LE(on_thread, size_t{1} << 20);
}

}  // namespace
}  // namespace plank::frontend::testing
