// Where character i of a non-ASCII str starts, in O(1) amortised: indexing,
// slicing and len() of such a string used to find every character's offset
// afresh on each call, so a loop over a 40,000-character string of 'é' was
// quadratic (2.5 s; python3: 7 ms). A string's index (the byte offset of every
// kStride-th character, and the count) is built on first use and kept for the
// next calls, in a small cache of the last strings indexed. Building an index
// counts its bytes (at most 1/16 of the string's) against the heap's budget,
// as growth until the next collection, which drops it: --max-memory holds.
//
// Objects die only when their heap collects or ends, and the heap tells this
// cache then (Heap::collect, Heap::~Heap), so an entry never outlives its
// string and a recycled address is never mistaken for the old string.
#pragma once
#include <cstddef>
#include <string_view>

namespace plank::core {

class Heap;
struct StrObject;

// The number of characters of `s`, the bytes of `str` (as utf8::count).
size_t char_count(Heap* heap, const StrObject* str, std::string_view s);

// The byte offset where character i of `s` starts; s.size() for i == count.
// i <= char_count(...).
size_t char_offset(Heap* heap, const StrObject* str, std::string_view s, size_t i);

// Drops every index of `heap`'s strings (its objects may be freed now).
void forget_char_indexes(const Heap* heap);

}  // namespace plank::core
