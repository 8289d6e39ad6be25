#include <gtest/gtest.h>

#include <filesystem>

#include "test_util.h"
#include "world/voxels/perception.h"
#include "world/voxels/scene_io.h"

namespace plank::world {
namespace {

std::unique_ptr<World> load_text(const std::string& text, std::shared_ptr<const BlockRegistry> r, DiagnosticSink& sink) {
  return load_scene(SourceFile::from_string("scene.json", text), std::move(r), sink);
}

const char* kScene = R"({
  "format": "plank-scene", "version": 1, "seed": 9,
  "objects": [
    {"name": "tower", "tags": ["tall"], "boxes": [{"from": [0, 0, 0], "to": [0, 4, 0], "block": "iglu_red"}]},
    {"name": "hut", "boxes": [{"from": [4, 0, 4], "to": [8, 3, 8], "block": "oak_planks", "hollow": true}]}
  ],
  "boxes": [{"from": [-5, -2, -5], "to": [-4, -1, -4], "block": "air"}],
  "blocks": [[0, 5, 0, "iglu:6"]],
  "agent": {"pos": [2.5, 0, 2.5], "yaw": 45},
  "speakers": [{"name": "alice", "pos": [10.5, 0, 10.5], "yaw": 135, "pitch": 10}]
})";

TEST(SceneIo, LoadsAuthoringForms) {
  auto r = BlockRegistry::builtin();
  DiagnosticSink sink;
  auto w = load_text(kScene, r, sink);
  ASSERT_TRUE(w) << render_text(sink.all());
  EXPECT_EQ(w->seed(), 9u);
  EXPECT_EQ(w->block({0, 4, 0}), r->iglu(3));
  EXPECT_EQ(w->block({0, 5, 0}), r->iglu(6));
  EXPECT_EQ(w->block({6, 1, 6}), kAir);  // hollow
  EXPECT_EQ(w->block({4, 1, 6}), r->find("oak_planks"));
  EXPECT_DOUBLE_EQ(w->agent().pose.yaw, 45);
  ASSERT_NE(w->speaker("alice"), nullptr);
  EXPECT_DOUBLE_EQ(w->speaker("alice")->pose.pitch, 10);
  auto objects = block_objects(*w);
  ASSERT_EQ(objects.size(), 2u);
  EXPECT_EQ(objects[0].names, std::vector<std::string>{"tower"});
  EXPECT_EQ(objects[0].size(), 6u);
  EXPECT_EQ(objects[1].names, std::vector<std::string>{"hut"});
  EXPECT_EQ(holes(*w).size(), 1u);
}

TEST(SceneIo, SaveLoadSaveIsIdentical) {
  auto r = BlockRegistry::builtin();
  DiagnosticSink sink;
  auto w = load_text(kScene, r, sink);
  ASSERT_TRUE(w);
  std::string first = save_scene(*w);
  auto again = load_text(first, r, sink);
  ASSERT_TRUE(again) << render_text(sink.all()) << first;
  EXPECT_EQ(save_scene(*again), first);
  EXPECT_EQ(again->annotations(), w->annotations());
  EXPECT_EQ(again->entities(), w->entities());
  std::vector<std::pair<Coord, BlockId>> a, b;
  w->store().for_each_changed([&](Coord c, BlockId id) { a.emplace_back(c, id); });
  again->store().for_each_changed([&](Coord c, BlockId id) { b.emplace_back(c, id); });
  std::sort(a.begin(), a.end()), std::sort(b.begin(), b.end());
  EXPECT_EQ(a, b);
}

TEST(SceneIo, ErrorsPointAtTheProblem) {
  auto r = BlockRegistry::builtin();
  DiagnosticSink sink;
  EXPECT_FALSE(load_text("{\n  \"blocks\": [[0, 0, 0, \"stoen\"]]\n}", r, sink));
  ASSERT_EQ(sink.error_count(), 1u);
  std::string text = render_text(sink.all());
  EXPECT_NE(text.find("scene.json:2:"), std::string::npos) << text;
  EXPECT_NE(text.find("blocks[0][3]"), std::string::npos) << text;
  EXPECT_NE(text.find("unknown block 'stoen'"), std::string::npos) << text;
  sink.clear();
  EXPECT_FALSE(load_text("{\"blocks\": [", r, sink));
  EXPECT_NE(render_text(sink.all()).find("not valid JSON"), std::string::npos);
  sink.clear();
  EXPECT_FALSE(load_text("{\"blocks\": [[0, 0.5, 0, \"stone\"]]}", r, sink));
  EXPECT_NE(render_text(sink.all()).find("integer coordinates"), std::string::npos);
}

TEST(SceneIo, ExampleScenesLoad) {
  PLANK_REQUIRE_MCDATA(r);
  int loaded = 0;
  for (const auto& entry : std::filesystem::directory_iterator(PLANK_SOURCE_DIR "/examples/scenes")) {
    if (entry.path().extension() != ".json") continue;
    DiagnosticSink sink;
    auto w = load_scene_file(entry.path().string(), r, sink);
    ASSERT_TRUE(w) << entry.path() << "\n" << render_text(sink.all());
    EXPECT_FALSE(block_objects(*w).empty()) << entry.path();
    auto again = load_scene(SourceFile::from_string("x", save_scene(*w)), r, sink);
    ASSERT_TRUE(again);
    EXPECT_EQ(save_scene(*again), save_scene(*w));
    ++loaded;
  }
  EXPECT_GE(loaded, 2);
}

TEST(SceneIo, MobsAreCheckedAgainstMinecraftData) {
  PLANK_REQUIRE_MCDATA(r);
  DiagnosticSink sink;
  auto w = load_text(R"({"mobs": [{"type": "pig", "pos": [1, 0, 1]}]})", r, sink);
  ASSERT_TRUE(w);
  EXPECT_EQ(w->entities().back().type, "pig");
  EXPECT_FALSE(load_text(R"({"mobs": [{"type": "dragonn", "pos": [1, 0, 1]}]})", r, sink));
  EXPECT_NE(render_text(sink.all()).find("unknown entity type 'dragonn'"), std::string::npos);
}

}  // namespace
}  // namespace plank::world
