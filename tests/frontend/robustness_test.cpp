// Random mutations of the example plans: no crash, no hang, spans inside the file.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "frontend_test_util.h"

namespace plank::frontend::testing {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> corpus() {
  std::vector<std::string> out;
  fs::path dir = fs::path(PLANK_SOURCE_DIR) / "examples" / "deps";
  std::vector<fs::path> files;
  if (fs::exists(dir))
    for (const auto& e : fs::directory_iterator(dir)) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    out.push_back(ss.str());
  }
  out.push_back("x = {'a': [1, (2, 3)], \"b\": -4.5e1}\nif x < y <= z: pass\nelse:\n    f(*a)\n");
  return out;
}

void check_spans(const SourceFile& file, const std::vector<Diagnostic>& ds, const std::string& text) {
  for (const auto& d : ds) {
    ASSERT_LE(d.span.begin, file.text().size()) << d.message << "\n--- input:\n" << text;
    ASSERT_LE(d.span.end, file.text().size()) << d.message;
    ASSERT_LE(d.span.begin, d.span.end) << d.message;
    ASSERT_FALSE(d.message.empty());
    ASSERT_EQ(d.file.get(), &file);
    (void)render_text(d);  // must not crash either
  }
}

TEST(Robustness, RandomMutationsOfExamples) {
  auto inputs = corpus();
  ASSERT_FALSE(inputs.empty());
  std::mt19937 rng(20240611);
  const char alphabet[] = "(){}[]:,;'\"\\#=+-*/%<>.!$\n\r\t  abcxyz019_";
  size_t with_errors = 0;
  const int kCases = 3000;
  for (int i = 0; i < kCases; ++i) {
    std::string text = inputs[rng() % inputs.size()];
    int edits = 1 + static_cast<int>(rng() % 4);
    for (int k = 0; k < edits && !text.empty(); ++k) {
      size_t at = rng() % text.size();
      switch (rng() % 6) {
        case 0: text.erase(at, 1 + rng() % 3); break;
        case 1: text.insert(at, 1, alphabet[rng() % (sizeof alphabet - 1)]); break;
        case 2: std::swap(text[at], text[rng() % text.size()]); break;
        case 3: text.resize(at); break;
        case 4: text[at] = static_cast<char>(rng() % 256); break;
        case 5: text.insert(at, std::string(1 + rng() % 8, ' ')); break;
      }
    }
    auto file = SourceFile::from_string("mutant.plank", text);
    DiagnosticSink sink;
    auto m = parse_module(file, sink);
    ASSERT_NE(m, nullptr);
    if (!sink.all().empty()) ++with_errors;
    check_spans(*file, sink.all(), text);
    if (::testing::Test::HasFatalFailure()) return;
    (void)ast::dump_ast(*m);
    DiagnosticSink esink;
    auto e = parse_expression(file, esink);
    check_spans(*file, esink.all(), text);
    EXPECT_EQ(e == nullptr, !esink.all().empty());
  }
  // The mutations do break things: most cases report at least one error.
  EXPECT_GT(with_errors, static_cast<size_t>(kCases / 3));
}

TEST(Robustness, ArbitraryBytes) {
  std::mt19937 rng(7);
  for (int i = 0; i < 500; ++i) {
    std::string text(rng() % 200, '\0');
    for (auto& c : text) c = static_cast<char>(rng() % 256);
    auto file = SourceFile::from_string("bytes", text);
    DiagnosticSink sink;
    auto m = parse_module(file, sink);
    ASSERT_NE(m, nullptr);
    check_spans(*file, sink.all(), text);
  }
}

TEST(Robustness, NullFileIsHandled) {
  DiagnosticSink sink;
  auto m = parse_module(nullptr, sink);
  ASSERT_NE(m, nullptr);
  EXPECT_TRUE(m->body.empty());
}

}  // namespace
}  // namespace plank::frontend::testing
