// The builder reply protocol: the paper's JSON in its frame read into the
// zone's, the error paths (a reply disregarded with its reason; one block
// skipped with its key path), the zone's rules when a reply is applied, and
// untrusted text that never crashes.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "agents/iglu/roles/builder.h"
#include "agents/iglu/intrinsics/build_zone.h"
#include "agents/iglu/loop/turn.h"
#include "agents/iglu/protocol/reply.h"

namespace plank::iglu {
namespace {

using ::testing::HasSubstr;

struct Read {
  std::optional<BuilderReply> reply;
  DiagnosticSink sink;
  SourceRef file;
};

Read read(std::string text) {
  Read r;
  r.file = SourceFile::from_string("reply.json", std::move(text));
  r.reply = read_reply(r.file, r.sink);
  return r;
}

const Diagnostic* find_code(const DiagnosticSink& sink, std::string_view code) {
  for (const auto& d : sink.all())
    if (d.code == code) return &d;
  return nullptr;
}

TEST(IgluReply, ThePapersFrameBecomesTheZones) {
  Read r = read(R"({"add": [[0, 0, 0, "red"], [-5, 2, 5, "Yellow"]], "remove": [[5, 0, -5, "blue"]],
                   "confidence": 0.9, "question": "which side?"})");
  ASSERT_TRUE(r.reply) << render_text(r.sink.all());
  EXPECT_TRUE(r.sink.all().empty());
  ASSERT_EQ(r.reply->add.size(), 2u);
  EXPECT_EQ(r.reply->add[0].block, (Block{5, 0, 5, 3}));
  EXPECT_EQ(r.reply->add[1].block, (Block{0, 2, 10, 6}));
  ASSERT_EQ(r.reply->remove.size(), 1u);
  EXPECT_EQ(r.reply->remove[0].block, (Block{10, 0, 0, 1}));
  EXPECT_EQ(r.reply->confidence, 0.9);
  EXPECT_EQ(r.reply->question, "which side?");
  // Written back, it reads the same.
  Read again = read(reply_json(*r.reply));
  ASSERT_TRUE(again.reply);
  EXPECT_EQ(again.reply->add[1].block, r.reply->add[1].block);
  EXPECT_EQ(again.reply->remove[0].block, r.reply->remove[0].block);
  EXPECT_EQ(again.reply->question, "which side?");
}

TEST(IgluReply, ACodeFenceAroundTheJsonIsRead) {
  Read r = read("```json\n{\"add\": [[1, 0, 1, \"green\"]], \"remove\": []}\n```\n");
  ASSERT_TRUE(r.reply) << render_text(r.sink.all());
  EXPECT_EQ(r.reply->add[0].block, (Block{6, 0, 6, 2}));
}

TEST(IgluReply, TextThatIsNotJsonIsDisregardedWithWhereAndWhy) {
  Read r = read("{\"add\": [[0, 0, 0, \"red\"],\n  [1, 0, 0 \"red\"]]}");
  EXPECT_FALSE(r.reply);
  ASSERT_TRUE(r.sink.has_errors());
  std::string text = render_text(r.sink.all());
  EXPECT_THAT(text, HasSubstr("reply.json:2:"));
  EXPECT_THAT(text, HasSubstr("the reply is not JSON"));
  EXPECT_THAT(text, HasSubstr("^"));
  // Prose around the JSON is not JSON either: the paper disregards such replies.
  EXPECT_FALSE(read("Sure! Here it is: {\"add\": []}").reply);
  EXPECT_FALSE(read("").reply);
}

TEST(IgluReply, AReplyOfTheWrongShapeIsDisregarded) {
  Read list = read("[[0, 0, 0, \"red\"]]");
  EXPECT_FALSE(list.reply);
  ASSERT_TRUE(find_code(list.sink, "iglu.reply-shape"));
  EXPECT_THAT(find_code(list.sink, "iglu.reply-shape")->message, HasSubstr("not a list"));

  Read add = read(R"({"add": "a red block", "remove": []})");
  EXPECT_FALSE(add.reply);
  const Diagnostic* d = find_code(add.sink, "iglu.reply-shape");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->key_path, "add");
  EXPECT_THAT(d->message, HasSubstr("list of [x, y, z, colour]"));
}

TEST(IgluReply, ABadBlockIsSkippedWithItsKeyPathAndTheRestStands) {
  Read r = read(R"({"add": [[0, 0, 0, "red"], [0, 0, "red"], [1, 0, 0, "pink"], [6, 0, 0, "red"],
                            [0, 9, 0, "red"], [0.5, 0, 0, "red"], [2, 0, 0, 3], [3.0, 1, 0, "blue"]]})");
  ASSERT_TRUE(r.reply) << render_text(r.sink.all());
  EXPECT_FALSE(r.sink.has_errors());
  ASSERT_EQ(r.reply->add.size(), 2u);
  EXPECT_EQ(r.reply->add[0].block, (Block{5, 0, 5, 3}));
  EXPECT_EQ(r.reply->add[1].block, (Block{8, 1, 5, 1}));  // 3.0 is a whole number
  EXPECT_EQ(r.reply->add[1].key_path, "add[7]");

  const Diagnostic* shape = find_code(r.sink, "iglu.block-shape");
  ASSERT_TRUE(shape);
  EXPECT_EQ(shape->key_path, "add[1]");
  const Diagnostic* colour = find_code(r.sink, "iglu.unknown-colour");
  ASSERT_TRUE(colour);
  EXPECT_EQ(colour->key_path, "add[2][3]");
  EXPECT_THAT(colour->message, HasSubstr("\"pink\""));
  EXPECT_THAT(colour->expected, ::testing::ElementsAre("blue", "green", "red", "orange", "purple", "yellow"));
  const Diagnostic* outside = find_code(r.sink, "iglu.outside-zone");
  ASSERT_TRUE(outside);
  EXPECT_EQ(outside->key_path, "add[3]");
  EXPECT_THAT(outside->message, HasSubstr("(6, 0, 0) is outside the zone"));
  int outside_count = 0, shape_count = 0, colour_count = 0;
  for (const auto& d : r.sink.all()) {
    outside_count += d.code == "iglu.outside-zone";
    shape_count += d.code == "iglu.block-shape";
    colour_count += d.code == "iglu.unknown-colour";
  }
  EXPECT_EQ(outside_count, 2);  // x = 6 and y = 9
  EXPECT_EQ(shape_count, 2);    // three numbers, and x = 0.5
  EXPECT_EQ(colour_count, 2);   // "pink", and the colour id 3 (the paper names colours)
  // Each warning points into the reply: line and column of the block.
  EXPECT_THAT(render_text(*colour), HasSubstr("reply.json:1:"));
}

TEST(IgluReply, OddConfidenceQuestionAndKeysAreWarnedAboutAndIgnored) {
  Read r = read(R"({"add": [], "confidence": 7, "question": 3, "blocks": []})");
  ASSERT_TRUE(r.reply);
  EXPECT_FALSE(r.reply->confidence);
  EXPECT_TRUE(r.reply->question.empty());
  EXPECT_TRUE(find_code(r.sink, "iglu.confidence"));
  EXPECT_TRUE(find_code(r.sink, "iglu.question"));
  const Diagnostic* key = find_code(r.sink, "iglu.unknown-key");
  ASSERT_TRUE(key);
  EXPECT_EQ(key->key_path, "blocks");
}

TEST(IgluReply, ANegativeZeroConfidenceWritesBackAsItReads) {
  // Found by fuzz_iglu_reply: -0.0 was kept, written as "-0", and read back as 0.
  Read r = read(R"({"add": [], "confidence": -0.0})");
  ASSERT_TRUE(r.reply);
  ASSERT_TRUE(r.reply->confidence);
  EXPECT_FALSE(std::signbit(*r.reply->confidence));
  std::string json = reply_json(*r.reply);
  Read again = read(json);
  ASSERT_TRUE(again.reply);
  EXPECT_EQ(reply_json(*again.reply), json);
}

TEST(IgluReply, ApplyingRemovesThenAddsAndGravityRefusesFloatingBlocks) {
  auto registry = world::BlockRegistry::builtin();
  // A column listed top down, a floating block, a re-colouring and a removal of an empty cell.
  Read r = read(R"({"add": [[0, 2, 0, "red"], [0, 1, 0, "red"], [0, 0, 0, "red"], [3, 4, 3, "blue"],
                            [-5, 0, -5, "green"]],
                   "remove": [[-5, 0, -5, "yellow"], [2, 0, 2, "red"]]})");
  ASSERT_TRUE(r.reply);
  BuildZone gravity(registry, {{0, 0, 0, 6}}, ZoneRules{.gravity = true});
  DiagnosticSink sink;
  ApplyResult a = gravity.apply(*r.reply, r.file, sink);
  EXPECT_EQ(a.placed, 4);
  EXPECT_EQ(a.removed, 1);
  EXPECT_EQ(a.skipped, 2);
  EXPECT_EQ(gravity.blocks(), (std::vector<Block>{{0, 0, 0, 2}, {5, 0, 5, 3}, {5, 1, 5, 3}, {5, 2, 5, 3}}));
  std::string text = render_text(sink.all());
  EXPECT_THAT(text, HasSubstr("add[3]: (3, 4, 3) would float"));
  EXPECT_THAT(text, HasSubstr("remove[1]: there is no block at (2, 0, 2) to remove"));

  // IGLU's own world lets the block float.
  BuildZone free(registry, {{0, 0, 0, 6}});
  DiagnosticSink free_sink;
  EXPECT_EQ(free.apply(*r.reply, r.file, free_sink).placed, 5);
}

TEST(IgluReply, UnderTheConfidenceThresholdTheBuilderAsksInsteadOfActing) {
  auto registry = world::BlockRegistry::builtin();
  FixedReplyBuilder unsure(R"({"add": [[0, 0, 0, "red"]], "remove": [], "confidence": 0.2, "question": "Where?"})");
  BuildZone zone(registry, {});
  TurnResult t = run_turn(unsure, "put a red block", zone, TurnOptions{});
  EXPECT_EQ(t.outcome, TurnResult::Outcome::Asked);
  EXPECT_EQ(t.reply->question, "Where?");
  EXPECT_TRUE(zone.blocks().empty());

  TurnOptions trusting;
  trusting.ask_below = 0.1;
  TurnResult acted = run_turn(unsure, "put a red block", zone, trusting);
  EXPECT_EQ(acted.outcome, TurnResult::Outcome::Built);
  EXPECT_EQ(zone.blocks(), (std::vector<Block>{{5, 0, 5, 3}}));

  FixedReplyBuilder broken("{\"add\": [");
  TurnResult bad = run_turn(broken, "put a red block", zone, TurnOptions{});
  EXPECT_EQ(bad.outcome, TurnResult::Outcome::Disregarded);
  EXPECT_THAT(bad.reason, HasSubstr("the reply is not JSON"));
  EXPECT_EQ(zone.blocks(), (std::vector<Block>{{5, 0, 5, 3}}));  // unchanged
}

TEST(IgluReply, RandomTextNeverCrashes) {
  std::mt19937 rng(28);
  const std::string pieces[] = {"{", "}", "[", "]", ",", ":", "\"add\"", "\"remove\"", "\"red\"", "\"pink\"", "-5",
                                "11", "0.5", "1e999", "null", "true", "\"confidence\"", "\"question\"", " ", "\n",
                                "```", "\xff", "\"\\u0000\""};
  auto registry = world::BlockRegistry::builtin();
  for (int i = 0; i < 2000; ++i) {
    std::string text;
    int n = int(rng() % 40);
    for (int k = 0; k < n; ++k) text += pieces[rng() % std::size(pieces)];
    Read r = read(text);
    if (r.reply) {
      BuildZone zone(registry, {});
      DiagnosticSink sink;
      zone.apply(*r.reply, r.file, sink);
    } else {
      EXPECT_TRUE(r.sink.has_errors()) << text;
    }
  }
}

}  // namespace
}  // namespace plank::iglu
