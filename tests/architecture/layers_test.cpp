// The layering of docs/architecture.md holds for the whole tree: every
// include of a C++ source points down (or to a sibling the table allows),
// confined headers (ANTLR, LLVM, libtorch, CUDA) stay in their folders, and
// agent systems do not include each other. The rules are read from the
// document itself; the synthetic cases below show the checker can fail.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "layer_rules.h"

namespace fs = std::filesystem;
using namespace plank::architecture;

namespace {

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

const fs::path kRoot = PLANK_SOURCE_DIR;

Rules tree_rules() {
  std::string error;
  auto r = parse_rules(read_file(kRoot / "docs/architecture.md"), &error);
  EXPECT_TRUE(r) << error;
  return r ? *r : Rules{};
}

bool is_cxx(const fs::path& p) {
  auto e = p.extension().string();
  return e == ".h" || e == ".hpp" || e == ".cpp" || e == ".cu" || e == ".cuh" || e == ".inc";
}

// Every file of the source tree (not build folders, not .git), root-relative.
std::vector<std::string> tree_files() {
  std::vector<std::string> out;
  for (auto it = fs::recursive_directory_iterator(kRoot); it != fs::recursive_directory_iterator(); ++it) {
    const std::string rel = fs::relative(it->path(), kRoot).generic_string();
    if (it->is_directory()) {
      const std::string name = it->path().filename().string();
      // Build folders (build/, build-asan/, ...) sit at the root; a source folder named
      // builders/ or building/ deeper down is source and must be checked.
      const bool build_folder = it.depth() == 0 && name.rfind("build", 0) == 0;
      if (name == ".git" || build_folder || name == "node_modules") it.disable_recursion_pending();
      continue;
    }
    out.push_back(rel);
  }
  return out;
}

Rules sample_rules() {
  std::string error;
  auto r = parse_rules(R"(
<!-- layers -->
| layer | folders | may include |
|---|---|---|
| support | `support/` | - |
| runtime | `runtime/` | support |
| compiler | `compiler/` | support, runtime |
| world | `world/` | support |
| neural | `neural/` | support, runtime, compiler |
| agents | `agents/` | support, runtime, compiler, world, neural |
<!-- /layers -->
<!-- confined -->
| header | only in |
|---|---|
| `llvm/` | `compiler/codegen/` |
<!-- /confined -->
)",
                       &error);
  EXPECT_TRUE(r) << error;
  return *r;
}

std::set<std::string> sample_known() {
  return {"support/a.h", "runtime/b.h", "compiler/c.h", "world/d.h", "neural/e.h", "agents/caip/f.h",
          "agents/deps/g.h", "agents/host/h.h"};
}

std::vector<Violation> check_one(const std::string& path, const std::string& content) {
  return check_includes(sample_rules(), {{path, content}}, sample_known());
}

}  // namespace

TEST(Layers, EveryIncludeOfTheTreePointsDown) {
  Rules rules = tree_rules();
  ASSERT_FALSE(rules.layers.empty());
  auto files = tree_files();
  std::set<std::string> known(files.begin(), files.end());
  std::vector<SourceText> sources;
  for (const auto& f : files)
    if (is_cxx(f) && layer_of(rules, f)) sources.push_back({f, read_file(kRoot / f)});
  ASSERT_GT(sources.size(), 200u) << "the layer folders hold too few sources: is the table right?";
  std::string report;
  for (const auto& v : check_includes(rules, sources, known)) report += v.text() + "\n";
  EXPECT_EQ(report, "") << "includes that break docs/architecture.md's layers";
}

TEST(Layers, EveryCxxSourceOutsideTestsAndExamplesIsInALayer) {
  Rules rules = tree_rules();
  std::string orphans;
  for (const auto& f : tree_files())
    if (is_cxx(f) && !layer_of(rules, f) && f.rfind("tests/", 0) != 0 && f.rfind("examples/", 0) != 0)
      orphans += f + "\n";
  EXPECT_EQ(orphans, "") << "sources in no layer's folder: add the folder to docs/architecture.md's table";
}

TEST(Layers, AnUpwardIncludeIsReported) {
  auto v = check_one("runtime/x.cpp", "#include \"compiler/c.h\"\n");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].line, 1);
  EXPECT_NE(v[0].why.find("layer 'runtime' may not include layer 'compiler'"), std::string::npos) << v[0].text();
}

TEST(Layers, SiblingLayersMayNotIncludeEachOtherUnlessTheTableSaysSo) {
  EXPECT_EQ(check_one("world/x.cpp", "#include \"neural/e.h\"\n").size(), 1u);
  EXPECT_EQ(check_one("world/x.cpp", "#include \"runtime/b.h\"\n").size(), 1u);
  EXPECT_TRUE(check_one("neural/x.cpp", "#include \"compiler/c.h\"\n#include \"support/a.h\"\n").empty());
}

TEST(Layers, DownwardAndOwnLayerIncludesPass) {
  EXPECT_TRUE(check_one("agents/caip/x.cpp",
                        "#include \"agents/caip/f.h\"\n#include \"world/d.h\"\n#include <vector>\n"
                        "  #  include \"support/a.h\"\n")
                  .empty());
}

TEST(Layers, AgentSystemsDoNotIncludeEachOtherButTheHostIncludesAll) {
  auto v = check_one("agents/caip/x.cpp", "#include \"agents/deps/g.h\"\n");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_NE(v[0].why.find("agent system agents/caip/"), std::string::npos);
  EXPECT_TRUE(check_one("agents/host/r.cpp", "#include \"agents/deps/g.h\"\n#include \"agents/caip/f.h\"\n").empty());
  EXPECT_TRUE(check_one("agents/deps/y.cpp", "#include \"agents/host/h.h\"\n").empty());
}

TEST(Layers, ConfinedHeadersStayInTheirFolder) {
  auto v = check_one("compiler/engine.cpp", "#include <llvm/IR/Module.h>\n");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_NE(v[0].why.find("compiler/codegen/"), std::string::npos);
  EXPECT_TRUE(check_one("compiler/codegen/jit.cpp", "#include <llvm/IR/Module.h>\n").empty());
}

TEST(Layers, ProjectIncludesMustBeRootRelative) {
  // "c.h" from compiler/ names compiler/c.h only relative to the includer's folder.
  auto v = check_one("compiler/x.cpp", "#include \"c.h\"\n");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_NE(v[0].why.find("root-relative"), std::string::npos);
}

TEST(Layers, AMalformedTableIsAnErrorNotAPass) {
  std::string error;
  EXPECT_FALSE(parse_rules("no tables here", &error));
  EXPECT_NE(error.find("<!-- layers -->"), std::string::npos);
  EXPECT_FALSE(parse_rules("<!-- layers -->\n| l | f | m |\n|-|-|-|\n| a | `a/` | nowhere |\n<!-- /layers -->\n"
                           "<!-- confined -->\n<!-- /confined -->",
                           &error));
  EXPECT_NE(error.find("'nowhere', which is not a layer"), std::string::npos);
}
