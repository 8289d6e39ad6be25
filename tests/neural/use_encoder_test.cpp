// The Universal Sentence Encoder lite (neural/text/use_encoder.h) against what
// TensorFlow.js computes with the same model (tests/neural/data/use_reference.json,
// written by tests/tools/use_reference.js): the tokenizer id for id, the word
// states and the sentence embedding to 1e-4. Then the errors of malformed model
// folders, and the fingerprint. The model is fetched by `make use-model`; without
// it the tests that need it skip.
#include "neural/text/use_encoder.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

using namespace plank::neural;
namespace fs = std::filesystem;

namespace {

constexpr int kDim = UseEncoder::kDim;

const nlohmann::json& reference() {
  static const nlohmann::json json = [] {
    std::ifstream f(std::string(PLANK_SOURCE_DIR) + "/tests/neural/data/use_reference.json");
    return nlohmann::json::parse(f);
  }();
  return json;
}

// The encoder of default_use_dir(), loaded once; nullptr when the model is not there.
const UseEncoder* encoder() {
  static const std::unique_ptr<UseEncoder> e = []() -> std::unique_ptr<UseEncoder> {
    if (!fs::exists(default_use_dir() + "/model.json")) return nullptr;
    std::string error;
    auto loaded = UseEncoder::load(default_use_dir(), &error);
    EXPECT_TRUE(loaded) << error;
    return loaded;
  }();
  return e.get();
}

#define REQUIRE_MODEL()                                                          \
  if (!encoder())                                                                \
  GTEST_SKIP() << "no Universal Sentence Encoder model in " << default_use_dir() \
               << ": run `make use-model` (or set PLANK_USE_MODEL)"

double max_abs_diff(const std::vector<float>& got, const nlohmann::json& want) {
  EXPECT_EQ(got.size(), want.size());
  double worst = 0;
  for (size_t i = 0; i < std::min(got.size(), want.size()); ++i)
    worst = std::max(worst, std::abs(static_cast<double>(got[i]) - want[i].get<double>()));
  return worst;
}

// A model folder in a temporary directory: links to every file of the real one
// but `altered`, which is copied so that the test may change it. All are removed
// at exit. One root per process: ctest runs these tests in parallel processes,
// and one process's clean-up must not remove another's folders.
std::string model_copy(const std::string& name, const std::string& altered) {
  static const struct Root {
    fs::path path = fs::path(testing::TempDir()) / ("plank_use_models_" + std::to_string(::getpid()));
    ~Root() { fs::remove_all(path); }
  } root;
  fs::path dir = root.path / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (const auto& entry : fs::directory_iterator(default_use_dir())) {
    fs::path to = dir / entry.path().filename();
    if (entry.path().filename() == altered) {
      fs::copy_file(entry.path(), to);
      fs::permissions(to, fs::perms::owner_read | fs::perms::owner_write, fs::perm_options::add);
    } else {
      fs::create_symlink(entry.path(), to);
    }
  }
  return dir.string();
}

void truncate_to(const std::string& path, double fraction) {
  fs::resize_file(path, static_cast<uintmax_t>(static_cast<double>(fs::file_size(path)) * fraction));
}

std::string load_error(const std::string& dir) {
  std::string error;
  EXPECT_EQ(UseEncoder::load(dir, &error), nullptr);
  return error;
}

}  // namespace

TEST(UseEncoder, TokenizesAsTfjsModels) {
  REQUIRE_MODEL();
  for (const auto& s : reference()["sentences"]) {
    std::vector<int> ids;
    for (const auto& word : s["words"])
      for (int id : encoder()->tokenize(word.get<std::string>())) ids.push_back(id);
    EXPECT_EQ(ids, s["ids"].get<std::vector<int>>()) << s["words"].dump();
  }
  for (const auto& t : reference()["tokenize"])
    EXPECT_EQ(encoder()->tokenize(t["text"].get<std::string>()), t["ids"].get<std::vector<int>>()) << t["text"];
}

// Both sides compute in float32 but sum in different orders: with OpenBLAS the word
// states differ by up to 6e-5 (values reach 35; the residual stream inside, 65), with
// the built-in loops 8e-5; the embeddings by 4e-7.
TEST(UseEncoder, WordStatesAndEmbeddingMatchTensorFlowJs) {
  REQUIRE_MODEL();
  double worst_states = 0, worst_embed = 0;
  for (const auto& s : reference()["sentences"]) {
    auto words = s["words"].get<std::vector<std::string>>();
    // The reference keeps every stride-th feature of each word.
    const size_t stride = reference()["word_state_stride"].get<size_t>();
    std::vector<float> all = encoder()->word_states(words), kept;
    for (size_t i = 0; i < all.size(); i += stride) kept.push_back(all[i]);
    double states = max_abs_diff(kept, s["word_states"]);
    double embed = max_abs_diff(encoder()->embed(words), s["embed"]);
    EXPECT_LT(states, 1e-4) << s["words"].dump();
    EXPECT_LT(embed, 1e-4) << s["words"].dump();
    worst_states = std::max(worst_states, states);
    worst_embed = std::max(worst_embed, embed);
  }
  std::printf("largest difference from TF.js: word states %.3g, embedding %.3g\n", worst_states, worst_embed);
  RecordProperty("max_word_state_diff", std::to_string(worst_states));
  RecordProperty("max_embed_diff", std::to_string(worst_embed));
}

TEST(UseEncoder, AWordWithoutPiecesGetsAZeroRowAndChangesNothingElse) {
  REQUIRE_MODEL();
  auto alone = encoder()->word_states({"cube"});
  auto with_empty = encoder()->word_states({"", "cube"});
  ASSERT_EQ(with_empty.size(), 2u * kDim);
  EXPECT_TRUE(std::all_of(with_empty.begin(), with_empty.begin() + kDim, [](float v) { return v == 0; }));
  EXPECT_EQ(std::vector<float>(with_empty.begin() + kDim, with_empty.end()), alone);
  EXPECT_EQ(encoder()->embed({"", "cube"}), encoder()->embed({"cube"}));
  // No piece at all: the mean is zero, the embedding the normalised tanh of the bias, still unit length.
  auto none = encoder()->embed({});
  double norm = 0;
  for (float v : none) norm += static_cast<double>(v) * v;
  EXPECT_NEAR(norm, 1.0, 1e-5);
  EXPECT_TRUE(encoder()->word_states({}).empty());
  EXPECT_TRUE(encoder()->piece_states({}).empty());
}

TEST(UseEncoder, ReadsOnlyTheFirstMaxPiecesPiecesAsTheGraphDoes) {
  REQUIRE_MODEL();
  const int max = encoder()->max_pieces();
  EXPECT_EQ(max, 128);
  std::vector<int> ids;
  for (int i = 0; i < max + 2; ++i) ids.push_back(9 + i % 50);
  auto all = encoder()->piece_states(ids);
  auto first = encoder()->piece_states(std::vector<int>(ids.begin(), ids.begin() + max));
  ASSERT_EQ(all.size(), ids.size() * kDim);
  EXPECT_EQ(std::vector<float>(all.begin(), all.begin() + first.size()), first);
  EXPECT_TRUE(std::all_of(all.begin() + first.size(), all.end(), [](float v) { return v == 0; }));
  EXPECT_THROW(encoder()->piece_states({8002}), std::out_of_range);
  EXPECT_THROW(encoder()->piece_states({-1}), std::out_of_range);
}

TEST(UseEncoder, LoadOfAMissingFolderNamesModelJson) {
  std::string dir = testing::TempDir() + "/plank_no_such_use_model";
  std::string error = load_error(dir);
  EXPECT_NE(error.find(dir + "/model.json"), std::string::npos) << error;
}

TEST(UseEncoder, LoadOfATruncatedFileNamesIt) {
  REQUIRE_MODEL();
  std::string dir = model_copy("plank_use_short_model_json", "model.json");
  truncate_to(dir + "/model.json", 0.5);
  std::string error = load_error(dir);
  EXPECT_NE(error.find(dir + "/model.json"), std::string::npos) << error;

  for (const char* shard : {"group1-shard7of7", "group1-shard3of7"}) {
    dir = model_copy("plank_use_short_shard", shard);
    truncate_to(dir + "/" + shard, 0.9);
    error = load_error(dir);
    EXPECT_NE(error.find(dir + "/" + shard), std::string::npos) << error;
    EXPECT_NE(error.find("too short"), std::string::npos) << error;
  }

  dir = model_copy("plank_use_short_vocab", "vocab.json");
  truncate_to(dir + "/vocab.json", 0.5);
  error = load_error(dir);
  EXPECT_NE(error.find(dir + "/vocab.json"), std::string::npos) << error;
}

// Manifests that disagree with the graph or cannot be right: each is refused with the
// file named and what is wrong, never a crash or a giant allocation.
TEST(UseEncoder, LoadOfABadManifestNamesTheFileAndTheFault) {
  REQUIRE_MODEL();
  const std::string dir = model_copy("plank_use_bad_manifest", "model.json");
  std::ifstream in(dir + "/model.json");
  const auto original = nlohmann::json::parse(in);
  in.close();
  using Json = nlohmann::json;
  // A change to the embedding table's manifest entry.
  auto set = [](const char* key, Json value) {
    return std::function<void(Json&)>([key, value](Json& m) {
      for (auto& w : m["weightsManifest"][0]["weights"])
        if (w["name"] == "module/Embeddings_en") w[key] = value;
    });
  };
  const struct {
    const char* fault;
    std::function<void(Json&)> change;
  } cases[] = {
      {"no tensor module/Embeddings_en", set("name", "module/Embeddings_fr")},
      {"module/Embeddings_en has shape [4001, 512], expected [8002, 256]", set("shape", {4001, 512})},
      {"accounts for 23806632 bytes of shards that hold 27903656", set("shape", {8002, 128})},
      {"impossible shape", set("shape", {-1, 256})},
      {"impossible shape", set("shape", {int64_t{1} << 32, int64_t{1} << 32, 16})},
      {"unsupported dtype float16", set("dtype", "float16")},
      {"quantized", set("quantization", {{"dtype", "uint8"}})},
      {"not a file name", [](Json& m) { m["weightsManifest"][0]["paths"][2] = "../group1-shard3of7"; }},
      {"malformed weights manifest", [](Json& m) { m["weightsManifest"][0]["weights"] = "not a list"; }},
      {"malformed weights manifest", [](Json& m) { m.erase("weightsManifest"); }},
  };
  for (const auto& c : cases) {
    Json model = original;
    c.change(model);
    std::ofstream(dir + "/model.json") << model.dump();
    std::string error = load_error(dir);
    EXPECT_EQ(error.rfind(dir + "/model.json: ", 0), 0u) << error;
    EXPECT_NE(error.find(c.fault), std::string::npos) << c.fault << " not in: " << error;
  }
}

TEST(UseEncoder, FingerprintIsStableAndFollowsTheWeights) {
  REQUIRE_MODEL();
  const std::string& fp = encoder()->fingerprint();
  EXPECT_EQ(fp.rfind("fnv1a64:", 0), 0u);
  EXPECT_EQ(fp.size(), 8u + 16u);
  std::string error;
  auto again = UseEncoder::load(default_use_dir(), &error);
  ASSERT_TRUE(again) << error;
  EXPECT_EQ(again->fingerprint(), fp);

  std::string dir = model_copy("plank_use_one_byte", "group1-shard4of7");
  {
    std::fstream f(dir + "/group1-shard4of7", std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(1000);
    char c = static_cast<char>(f.get());
    f.seekp(1000);
    f.put(static_cast<char>(c ^ 1));
  }
  auto changed = UseEncoder::load(dir, &error);
  ASSERT_TRUE(changed) << error;
  EXPECT_NE(changed->fingerprint(), fp);
}
