// Issue 24: indexing, slicing and len() of a non-ASCII str find character
// offsets through a kept index (runtime/char_index.h), not afresh each call.
// The index must give what utf8::starts gives, for any bytes, and must never
// be reused for another string that a collection let take the same address.
#include <gmock/gmock.h>

#include <random>
#include <string>

#include "core_test_util.h"
#include "runtime/char_index.h"
#include "support/utf8.h"

namespace plank::core::testing {
namespace {

class CharIndex : public CoreTest {
 protected:
  // Every character's offset, and the count, as the index gives them.
  void expect_agrees(Value v) {
    const auto* str = as_str(v);
    std::string_view s = str_view(v);
    std::vector<size_t> starts = utf8::starts(s);
    ASSERT_EQ(char_count(&heap, str, s), starts.size() - 1);
    for (size_t i = 0; i < starts.size(); ++i) ASSERT_EQ(char_offset(&heap, str, s, i), starts[i]) << "character " << i;
  }
};

// Characters of 1 to 4 bytes, and bytes that start no well-formed sequence.
std::string mixed_text(std::mt19937& rng, size_t chars) {
  static const char* kPieces[] = {"a", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xff", "\xc0\xaf", "\xe2\x82"};
  std::string s;
  for (size_t i = 0; i < chars; ++i) s += kPieces[rng() % 7];
  return s;
}

TEST_F(CharIndex, AgreesWithTheDecoderOnAnyBytes) {
  std::mt19937 rng(24);
  for (size_t chars : {0u, 1u, 63u, 64u, 65u, 100u, 255u, 256u, 1000u, 5000u}) {
    SCOPED_TRACE(chars);
    expect_agrees(S(mixed_text(rng, chars)));
  }
}

TEST_F(CharIndex, AStringMadeWhereACollectedOneWasIsIndexedAfresh) {
  std::mt19937 rng(7);
  for (int round = 0; round < 50; ++round) {
    // Unrooted: the collection frees it, and the next string may take its slot.
    Value old = make_str(&t, std::string(300, 'a') + "\xc3\xa9");
    ASSERT_EQ(char_count(&heap, as_str(old), str_view(old)), 301u);
    heap.collect();
    Value fresh = S(mixed_text(rng, 400).substr(0, 302));  // as long as `old`
    expect_agrees(fresh);
  }
}

TEST_F(CharIndex, IndexingAndSlicingGiveTheCharacters) {
  std::string text;
  for (int i = 0; i < 200; ++i) text += "a\xc3\xa9\xe2\x82\xac";  // "aé€" * 200
  Value s = S(text);
  EXPECT_EQ(length(&t, s), 600);
  Value r;
  Value idx = I(-2);
  ASSERT_TRUE(pk_get_item(&t, &r, &s, &idx));
  EXPECT_EQ(str_view(r), "\xc3\xa9");
  idx = I(600);
  EXPECT_FALSE(pk_get_item(&t, &r, &s, &idx));
  EXPECT_EQ(err(), "IndexError: string index out of range");
  Value lo = I(298), hi = I(302), none = N();
  ASSERT_TRUE(pk_get_slice(&t, &r, &s, &lo, &hi, &none));
  EXPECT_EQ(str_view(r), "\xc3\xa9\xe2\x82\xac" "a\xc3\xa9");
  Value step = I(-300);
  ASSERT_TRUE(pk_get_slice(&t, &r, &s, &none, &none, &step));
  EXPECT_EQ(str_view(r), "\xe2\x82\xac\xe2\x82\xac");
}

// The index lives outside the objects, so it is counted as the heap's growth:
// a program cannot spend more than --max-memory through indexes of strings
// it may make (before: up to 1/16 of eight strings' bytes went uncounted).
TEST_F(CharIndex, TheIndexIsCountedAgainstTheHeapBudget) {
  std::string text;
  for (int i = 0; i < 100000; ++i) text += "\xc3\xa9";  // "é" * 100000: 200,000 bytes
  Value s = S(text);
  heap.collect();
  const size_t before = heap.allocated_bytes();
  ASSERT_EQ(length(&t, s), 100000);
  const size_t index = heap.allocated_bytes() - before;
  EXPECT_GE(index, text.size() / 64 * sizeof(uint32_t)) << "every checkpoint counted";
  EXPECT_LE(index, text.size() / 16 + sizeof(uint32_t)) << "about 1/16 of the string's bytes at most";
  ASSERT_EQ(length(&t, s), 100000);
  EXPECT_EQ(heap.allocated_bytes() - before, index) << "a kept index is counted once";
}

TEST_F(CharIndex, AnIndexPastTheBudgetIsAMemoryError) {
  std::string text;
  for (int i = 0; i < 100000; ++i) text += "\xc3\xa9";
  Value s = S(text);
  heap.collect();
  t.budget.max_heap_bytes = heap.allocated_bytes() + 1000;  // the index needs about 12,500 bytes
  Value r, idx = I(99999);
  EXPECT_FALSE(pk_get_item(&t, &r, &s, &idx));
  EXPECT_THAT(err(), ::testing::StartsWith("MemoryError: heap limit"));
  t.budget.max_heap_bytes = heap.allocated_bytes() + (1u << 20);
  heap.collect();  // ends the growth the refused index was counted in
  ASSERT_TRUE(pk_get_item(&t, &r, &s, &idx));
  EXPECT_EQ(str_view(r), "\xc3\xa9");
}

}  // namespace
}  // namespace plank::core::testing
