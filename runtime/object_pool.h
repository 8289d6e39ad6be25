// Memory for the collector's objects, and their mark bits.
//
// Chunks of 64 KiB, aligned to 64 KiB, each holds slots of one 16-byte size
// class (16 to 256 bytes) and, in its first slots, a header with three
// bitmaps over its slots:
//   mark      reached by the collection in progress;
//   live      survived the last collection: not handed out again;
//   finalize  holds an object with a destructor to run when it dies (every
//             object but an inline string).
// Allocation walks each class's chunks a 64-slot word at a time and hands
// out the slots whose live bit is clear, lowest address first. The sweep is
// bit operations on the headers: it runs destructors only for dead objects
// that have one and never reads or writes a dead inline string, most of a
// string program's garbage. (The sweep it replaces read every slot's header
// and threaded a free list through the dead ones: a tenth of the strings
// benchmark's profile. Much of that moved to the allocations, whose first
// write to a slot now takes the cache miss the sweep took: split 7% faster,
// the whole strings benchmark 2-3%.)
//
// Objects come from the global allocator instead in sanitizer builds (so that
// use-after-free of an object is still caught) and past the largest class.
// Such a "large" object is flagged in Object::gc_mark (kLargeObject) and
// carries its own mark bit there (kLargeMark).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "runtime/value.h"

#if defined(__SANITIZE_ADDRESS__)
#define PLANK_POOL_OBJECTS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PLANK_POOL_OBJECTS 0
#endif
#endif
#ifndef PLANK_POOL_OBJECTS
#define PLANK_POOL_OBJECTS 1
#endif

namespace plank::core {

inline constexpr uint8_t kLargeObject = 2;  // Object::gc_mark: from the global allocator
inline constexpr uint8_t kLargeMark = 1;    // Object::gc_mark of a large object: reached

class ObjectPool {
 public:
  ObjectPool() = default;
  ~ObjectPool();
  ObjectPool(const ObjectPool&) = delete;
  ObjectPool& operator=(const ObjectPool&) = delete;

  static bool enabled() { return PLANK_POOL_OBJECTS; }  // false in sanitizer builds: every object is large
  // Whether an object of `bytes` comes from a chunk (else it is large).
  static bool pooled(size_t bytes) { return PLANK_POOL_OBJECTS && class_of(bytes) < kClasses; }

  // Memory for an object of `bytes`. Inline: the common case takes the lowest
  // free slot of the class's current word (a call and its register saves were
  // a third of the cost of allocating a short string).
  void* take(size_t bytes) {
    size_t k = class_of(bytes);  // bytes == 0 wraps to a huge k
    if (PLANK_POOL_OBJECTS && k < kClasses) {
      Cursor& c = cursor_[k];
      if (c.free) {
        size_t bit = static_cast<size_t>(__builtin_ctzll(c.free));
        c.free &= c.free - 1;
        return c.base + bit * (k + 1) * kGranule;
      }
    }
    return take_slow(bytes);
  }
  // After the object of `bytes` taken at o is constructed: flags a large one
  // (its mark is then in the object), and records that a pooled one has a
  // destructor to run when it dies.
  void admit(Object* o, size_t bytes, bool has_finalizer) {
    if (!pooled(bytes)) {
      o->gc_mark = kLargeObject;
    } else if (has_finalizer) {
      Chunk* h = chunk_of(o);
      size_t i = h->index_of(o);
      h->finalize()[i / 64] |= uint64_t{1} << (i % 64);
    }
  }
  // Marks o reached: true the first time in a collection.
  bool mark(Object* o) {
    if (o->gc_mark & kLargeObject) {
      if (o->gc_mark & kLargeMark) return false;
      o->gc_mark |= kLargeMark;
      return true;
    }
    Chunk* h = chunk_of(o);
    size_t i = h->index_of(o);
    uint64_t& word = h->mark()[i / 64];
    uint64_t bit = uint64_t{1} << (i % 64);
    if (word & bit) return false;
    word |= bit;
    return true;
  }
  // Ends a collection: calls finalize(o) for every object that was not
  // marked and has a destructor (finalize runs it; the pool frees the
  // memory), frees the other unmarked ones, clears the marks, and hands
  // chunks with no live object to whichever class needs one next.
  template <class Finalize>
  void sweep(Finalize&& finalize);
  // Calls f(o) for every object with a destructor, reached or not (the heap's end).
  template <class F>
  void for_each_with_finalizer(F&& f);
  size_t reused_bytes() const { return reused_; }  // arena bytes taken over from ended pools

 private:
  static constexpr size_t kGranule = 16, kClasses = 16, kChunk = 64 * 1024;
  static size_t class_of(size_t bytes) { return (bytes + kGranule - 1) / kGranule - 1; }
  // The header at the start of a chunk; its bitmaps follow it (`words` words
  // each), then the object slots from slot `first` on.
  struct Chunk {
    uint32_t cls, size;    // the class and its slot bytes
    uint32_t first, slots;  // the first object slot; slots in the chunk, header ones included
    uint32_t words;         // 64-bit words in each bitmap
    uint32_t recip;         // ceil(2^32 / size): offset * recip >> 32 is offset / size for any offset in a chunk
    uint64_t* mark() { return reinterpret_cast<uint64_t*>(this + 1); }
    uint64_t* live() { return mark() + words; }
    uint64_t* finalize() { return mark() + 2 * size_t{words}; }
    size_t index_of(const void* p) const {
      auto offset = static_cast<uint64_t>(static_cast<const char*>(p) - reinterpret_cast<const char*>(this));
      return static_cast<size_t>((offset * recip) >> 32);
    }
    char* slot(size_t i) { return reinterpret_cast<char*>(this) + i * size; }
    // The object in the slot of word w's lowest set bit in `bits` (not 0).
    Object* first_in(size_t w, uint64_t bits) {
      return reinterpret_cast<Object*>(slot(w * 64 + static_cast<size_t>(__builtin_ctzll(bits))));
    }
    uint64_t usable(size_t w) const;  // the bits of word w that are object slots
  };
  static_assert(sizeof(Chunk) % 8 == 0);
  static Chunk* chunk_of(const void* p) {
    return reinterpret_cast<Chunk*>(reinterpret_cast<uintptr_t>(p) & ~uintptr_t{kChunk - 1});
  }
  // Where a class's allocation stands: the free slots left in the current
  // word (a bit per slot from base), and the next word to look at.
  struct Cursor {
    uint64_t free = 0;
    char* base = nullptr;
    size_t chunk = 0;  // index in chunks_[class]
    size_t word = 0;   // the next word of that chunk
  };
  void* take_slow(size_t bytes);   // the next word with a free slot, or a large object
  void refill(size_t cls);         // sets cursor_[cls].free, carving a chunk when every one is full
  Chunk* carve(size_t cls);        // an empty chunk (reused or new) for the class, at the end of its list
  char* new_chunk();               // from the current arena; maps a new one when it is used up
  void restart_cursors();

  Cursor cursor_[kClasses];
  std::vector<Chunk*> chunks_[kClasses];
  std::vector<char*> empty_;    // chunks with no object, in no class
  std::vector<Object*> large_;  // objects from the global allocator
  // Chunks come from arenas mapped with their pages populated: one system call
  // instead of a page fault per 4 KiB (page faults and malloc's bookkeeping for
  // 64 KiB blocks were a quarter of a string-building loop's time). Arenas
  // double from 256 KiB to 4 MiB; when the pool ends they go to a process-wide
  // cache for the next pool (object_pool.cpp's ArenaCache) or are unmapped.
  struct Arena {
    char* mem;
    size_t bytes;
  };
  std::vector<Arena> arenas_;
  size_t arena_used_ = 0;  // bytes of arenas_.back() handed out as chunks
  size_t mapped_ = 0;      // bytes of all arenas
  size_t reused_ = 0;      // of which came from the process-wide cache
};

template <class Finalize>
void ObjectPool::sweep(Finalize&& finalize) {
  for (size_t cls = 0; cls < kClasses; ++cls) {
    std::vector<Chunk*>& list = chunks_[cls];
    size_t kept = 0;
    for (Chunk* h : list) {
      uint64_t *mark = h->mark(), *live = h->live(), *fin = h->finalize();
      uint64_t any = 0;
      for (size_t w = 0; w < h->words; ++w) {
        for (uint64_t dead = fin[w] & ~mark[w]; dead; dead &= dead - 1) finalize(h->first_in(w, dead));
        fin[w] &= mark[w];
        live[w] = mark[w];
        any |= mark[w];
        mark[w] = 0;
      }
      if (any) list[kept++] = h;
      else empty_.push_back(reinterpret_cast<char*>(h));  // its bitmaps are all clear
    }
    list.resize(kept);
  }
  size_t kept = 0;
  for (Object* o : large_) {
    if (o->gc_mark & kLargeMark) {
      o->gc_mark &= static_cast<uint8_t>(~kLargeMark);
      large_[kept++] = o;
    } else {
      finalize(o);
      ::operator delete(o);
    }
  }
  large_.resize(kept);
  restart_cursors();
}

template <class F>
void ObjectPool::for_each_with_finalizer(F&& f) {
  for (auto& list : chunks_)
    for (Chunk* h : list) {
      uint64_t* fin = h->finalize();
      for (size_t w = 0; w < h->words; ++w)
        for (uint64_t bits = fin[w]; bits; bits &= bits - 1) f(h->first_in(w, bits));
    }
  for (Object* o : large_) f(o);
}

}  // namespace plank::core
