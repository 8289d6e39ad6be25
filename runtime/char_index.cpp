#include "runtime/char_index.h"

#include <array>
#include <cstdint>
#include <mutex>
#include <vector>

#include "runtime/heap.h"
#include "support/utf8.h"

namespace plank::core {

namespace {

// Every kStride-th character's offset is kept; a lookup walks at most
// kStride - 1 characters from there. The index is then at most 1/16 of the
// string's bytes (4 bytes per 64 characters of at least one byte each).
constexpr size_t kStride = 64;

// Strings shorter than this are walked, not indexed: the walk costs less
// than a cache look-up would save.
constexpr size_t kIndexFrom = 256;

struct Entry {
  const Heap* heap = nullptr;
  const StrObject* str = nullptr;
  size_t bytes = 0;                 // the string's length, checked on each look-up
  size_t count = 0;                 // its characters
  std::vector<uint32_t> checkpoint;  // checkpoint[k]: offset of character k * kStride
};

// A few strings, replaced round-robin: a loop usually indexes one or two.
// Shared by every thread (heaps may be used from several), hence the lock.
struct Cache {
  std::mutex lock;
  std::array<Entry, 8> entries;
  size_t next = 0;
};

Cache& cache() {
  static Cache* c = new Cache;  // never destroyed: heaps may end during static destruction
  return *c;
}

size_t walk(std::string_view s, size_t from, size_t chars) {
  size_t i = from;
  for (; chars > 0 && i < s.size(); --chars) i += utf8::char_length(s, i);
  return i;
}

// The cached entry for `str`, or null. Caller holds the lock.
const Entry* find(const Cache& c, const Heap* heap, const StrObject* str, std::string_view s) {
  for (const Entry& e : c.entries)
    if (e.str == str && e.heap == heap && e.bytes == s.size()) return &e;
  return nullptr;
}

// The checkpoints of a string of `bytes` bytes take at most this (what entry_for reserves).
size_t index_bytes(size_t bytes) { return (bytes / kStride + 1) * sizeof(uint32_t); }

// The entry for `str`, built if it is not cached. Caller holds the lock.
const Entry& entry_for(Cache& c, Heap* heap, const StrObject* str, std::string_view s) {
  if (const Entry* e = find(c, heap, str, s)) return *e;
  Entry& e = c.entries[c.next];
  c.next = (c.next + 1) % c.entries.size();
  e.heap = heap;
  e.str = str;
  e.bytes = s.size();
  e.checkpoint.clear();
  e.checkpoint.reserve(index_bytes(s.size()) / sizeof(uint32_t));
  size_t n = 0;
  for (size_t i = 0; i < s.size(); i += utf8::char_length(s, i), ++n)
    if (n % kStride == 0) e.checkpoint.push_back(static_cast<uint32_t>(i));
  e.count = n;
  return e;
}

// The entry for `str` with the lock held in `hold`. An index about to be built
// is first counted as the heap's growth (Heap::grow), so it spends the
// program's --max-memory like the string itself and a MemoryError, not the
// host, stops it. The collection that may free the string also drops the
// index (forget_char_indexes), as it resets the growth it was counted in.
// grow() is called without the lock: raising may allocate, and a collection
// takes the lock.
const Entry& entry_locked(Cache& c, std::unique_lock<std::mutex>& hold, Heap* heap, const StrObject* str,
                          std::string_view s) {
  if (const Entry* e = find(c, heap, str, s)) return *e;
  hold.unlock();
  if (heap) heap->grow(index_bytes(s.size()));
  hold.lock();
  return entry_for(c, heap, str, s);
}

}  // namespace

size_t char_count(Heap* heap, const StrObject* str, std::string_view s) {
  if (s.size() < kIndexFrom) return utf8::count(s);
  Cache& c = cache();
  std::unique_lock<std::mutex> hold(c.lock);
  return entry_locked(c, hold, heap, str, s).count;
}

size_t char_offset(Heap* heap, const StrObject* str, std::string_view s, size_t i) {
  if (s.size() < kIndexFrom) return walk(s, 0, i);
  Cache& c = cache();
  std::unique_lock<std::mutex> hold(c.lock);
  const Entry& e = entry_locked(c, hold, heap, str, s);
  if (i >= e.count) return s.size();
  return walk(s, e.checkpoint[i / kStride], i % kStride);
}

void forget_char_indexes(const Heap* heap) {
  Cache& c = cache();
  std::lock_guard<std::mutex> hold(c.lock);
  for (Entry& e : c.entries) {
    if (e.heap != heap) continue;
    e = Entry{};
  }
}

}  // namespace plank::core
