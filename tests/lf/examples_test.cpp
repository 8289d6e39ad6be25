// examples/lf/*.json behave as examples/lf/README.md says.
#include <gtest/gtest.h>

#include "compiler/lf/check.h"
#include "lf_test_util.h"

namespace plank::lf {
namespace {

struct Outcome {
  bool parsed = false;
  bool valid = false;
  std::vector<Diagnostic> diagnostics;
};

Outcome run(const std::string& name, const char* utterance) {
  Outcome o;
  std::string error;
  auto file = SourceFile::load(std::string(PLANK_SOURCE_DIR) + "/examples/lf/" + name, &error);
  EXPECT_TRUE(file) << error;
  if (!file) return o;
  DiagnosticSink sink;
  auto v = read_json(file, sink);
  o.parsed = v.has_value();
  if (v) {
    Utterance u = Utterance::from_text(utterance);
    o.valid = check_logical_form(*v, &u, file, sink).valid;
  }
  o.diagnostics = sink.all();
  return o;
}

TEST(Examples, JsonExamples) {
  auto good = run("build_house.json", "build a red house next to the tree");
  EXPECT_TRUE(good.valid) << render_text(good.diagnostics);
  auto post = run("post_acl_move.json", "go to the left of the tree near me");
  EXPECT_TRUE(post.valid) << render_text(post.diagnostics);
  auto bad = run("bad_direction.json", "move two steps leftt");
  EXPECT_FALSE(bad.valid);
  ASSERT_EQ(bad.diagnostics.size(), 1u);
  EXPECT_EQ(bad.diagnostics[0].key_path, "action_sequence[0].location.relative_direction");
  auto syntax = run("bad_syntax.json", "");
  EXPECT_FALSE(syntax.parsed);
  ASSERT_EQ(syntax.diagnostics.size(), 1u);
  EXPECT_EQ(syntax.diagnostics[0].message, "trailing comma is not JSON");
}

}  // namespace
}  // namespace plank::lf
