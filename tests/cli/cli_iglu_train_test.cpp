// `plank train clarifier` and `plank train builder` on a toy data set written
// here: the files beside the weights (the curve as CSV, the model card page
// whose JSON is the card), and a data set that cannot be read whole refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/run_plank.h"

namespace plank::test {
namespace {

namespace fs = std::filesystem;

const char* const kColours[] = {"", "blue", "green", "red", "orange", "purple", "yellow"};

// Clear examples (a column of n blocks of one colour) and, every third, an unclear one with its question.
std::string toy_examples(int n) {
  std::string out;
  for (int i = 0; i < n; ++i) {
    int colour = 1 + i % 6, height = 1 + i % 4;
    nlohmann::json target = nlohmann::json::array();
    for (int y = 0; y < height; ++y) target.push_back({5, y, 5, colour});
    bool clear = i % 3 != 0;
    nlohmann::json e = {{"id", "CQ-game-" + std::to_string(i)},
                        {"world", "w/step-" + std::to_string(i)},
                        {"instruction", clear ? "stack " + std::to_string(height) + " " + kColours[colour] +
                                                    " blocks in the middle"
                                              : std::string("put some blocks over there")},
                        {"clear", clear},
                        {"question", clear ? nlohmann::json() : nlohmann::json("Which colour?")},
                        {"qrel", clear ? nlohmann::json() : nlohmann::json("q_1")},
                        {"qbank", clear ? nlohmann::json::array() : nlohmann::json({"q_1", "q_2", "q_3"})},
                        {"initial", nlohmann::json::array()},
                        {"target", target}};
    out += e.dump() + "\n";
  }
  return out;
}

struct ToyData {
  fs::path dir;
  ToyData() {
    dir = fs::temp_directory_path() / ("plank_iglu_train_" + std::to_string(::getpid()) + "_" +
                                       ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir);
    std::ofstream(dir / "train.jsonl") << toy_examples(24);
    std::ofstream(dir / "bank.csv") << "qrel,ClarifyingQuestion\nq_1,Which colour?\nq_2,How many?\nq_3,Where?\n";
  }
  ~ToyData() { fs::remove_all(dir); }
  std::string at(const std::string& name) const { return "'" + (dir / name).string() + "'"; }
};

// The card page: "# Model card: WEIGHTS", then the card as a JSON block.
nlohmann::json card_on_page(const fs::path& md, const std::string& weights) {
  std::string page = read_all(md);
  EXPECT_EQ(page.rfind("# Model card: " + weights + "\n", 0), 0u) << page;
  auto begin = page.find("```json\n"), end = page.rfind("\n```");
  if (begin == std::string::npos || end == std::string::npos || end < begin) return {};
  return nlohmann::json::parse(page.substr(begin + 8, end - begin - 8));
}

TEST(CliIgluTrain, TheBuildersCardAndCurveAreWrittenBesideItsWeights) {
  ToyData d;
  const std::string weights = (d.dir / "builder.bin").string();
  auto r = run_plank("train builder --no-progress --epochs 2 --data " + d.at("train.jsonl") + " --out '" + weights + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(weights));
  nlohmann::json card = card_on_page(d.dir / "builder.md", weights);
  EXPECT_EQ(card.value("model", ""), "iglu-builder");
  EXPECT_EQ(card["training"].value("examples", 0), 24);
  std::string csv = read_all(d.dir / "builder.csv");
  EXPECT_EQ(csv.rfind("epoch,loss,slot_accuracy\n", 0), 0u) << csv;
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 1 + 2) << "a line per epoch";
  EXPECT_TRUE(r.err.empty()) << "--no-progress draws no bar: " << r.err;
}

TEST(CliIgluTrain, TheClarifiersCardAndCurveAreWrittenBesideItsWeights) {
  ToyData d;
  const std::string weights = (d.dir / "clarifier.bin").string();
  auto r = run_plank("train clarifier --no-progress --epochs 3 --ranking-epochs 1 --data " + d.at("train.jsonl") +
                    " --questions " + d.at("bank.csv") + " --out '" + weights + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(weights));
  nlohmann::json card = card_on_page(d.dir / "clarifier.md", weights);
  EXPECT_EQ(card.value("model", ""), "iglu-clarifier");
  EXPECT_EQ(card["training"].value("examples", 0), 24);
  EXPECT_EQ(card["training"].value("unclear", 0), 8);
  EXPECT_EQ(read_all(d.dir / "clarifier.csv").rfind("model,epoch,loss\n", 0), 0u);
}

TEST(CliIgluTrain, ADataSetThatCannotBeReadWholeTrainsNothing) {
  ToyData d;
  std::ofstream(d.dir / "train.jsonl", std::ios::app) << "{\"id\": \"broken\"\n";
  for (std::string what : {"builder", "clarifier"}) {
    const std::string weights = (d.dir / (what + ".bin")).string();
    std::string questions = what == "clarifier" ? " --questions " + d.at("bank.csv") : "";
    auto r = run_plank("train " + what + " --no-progress --data " + d.at("train.jsonl") + questions + " --out '" +
                      weights + "'");
    EXPECT_EQ(r.exit_code, 1) << what;
    EXPECT_NE(r.err.find("train.jsonl:25:"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("plank train " + what + ": "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("cannot be read whole"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(weights));
  }
}

}  // namespace
}  // namespace plank::test
