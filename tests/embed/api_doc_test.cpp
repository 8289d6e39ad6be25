// The API reference of docs/embedding.md names exactly the functions plank/plank.h declares,
// and libplank exports each of them: the boundary, its documentation and the library cannot
// drift apart.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every `PLANK_API ... plank_name(` of the header.
std::set<std::string> declared() {
  std::string header = read(std::string(PLANK_SOURCE_DIR) + "/embed/include/plank/plank.h");
  std::set<std::string> names;
  std::regex decl(R"(PLANK_API[^;(]*?\b(plank_[a-z_0-9]+)\s*\()");
  for (auto it = std::sregex_iterator(header.begin(), header.end(), decl); it != std::sregex_iterator(); ++it)
    names.insert((*it)[1]);
  return names;
}

// The first cell of every row of the doc's api table.
std::set<std::string> documented() {
  std::string doc = read(std::string(PLANK_SOURCE_DIR) + "/docs/embedding.md");
  size_t begin = doc.find("<!-- api -->"), end = doc.find("<!-- /api -->");
  EXPECT_NE(begin, std::string::npos);
  EXPECT_NE(end, std::string::npos);
  std::string table = doc.substr(begin, end - begin);
  std::set<std::string> names;
  std::regex row(R"(\n\| `(plank_[a-z_0-9]+)` \|)");
  for (auto it = std::sregex_iterator(table.begin(), table.end(), row); it != std::sregex_iterator(); ++it)
    names.insert((*it)[1]);
  return names;
}

}  // namespace

TEST(ApiDoc, TheReferenceTableIsTheHeader) {
  std::set<std::string> in_header = declared(), in_doc = documented();
  EXPECT_GT(in_header.size(), 80u);
  for (const auto& n : in_header) EXPECT_TRUE(in_doc.count(n)) << n << " is declared but not in docs/embedding.md";
  for (const auto& n : in_doc) EXPECT_TRUE(in_header.count(n)) << n << " is documented but not declared";
}

TEST(ApiDoc, LibplankExportsEveryDeclaredFunction) {
  void* self = dlopen(nullptr, RTLD_NOW);
  ASSERT_NE(self, nullptr);
  for (const auto& n : declared()) EXPECT_NE(dlsym(self, n.c_str()), nullptr) << n;
  // And nothing of the engine: a C++ symbol of the runtime is not visible.
  EXPECT_EQ(dlsym(self, "pk_poll"), nullptr);
}
