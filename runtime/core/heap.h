// The garbage-collected heap: allocation of every object kind and a precise
// mark-and-sweep collector.
//
// Roots: every Frame reachable from Thread::top (slots[0..slot_count), which
// must therefore always hold valid Values — engines initialise slots to None),
// every registered ModuleRuntime (constants, globals), the interned strings,
// the builtin-value cache, the shared small strings, and the explicit root
// stack (RootScope) for values the runtime holds in C++ locals while it
// allocates.
//
// A collection runs when the bytes allocated since the last one pass a
// threshold that grows with the live heap (twice the bytes that survived the
// last collection, at least 1 MiB: young garbage is swept while its memory is
// still in the cache), or at every allocation with `stress` on (a debug switch
// for tests). Past Budget::max_heap_bytes allocation raises MemoryError.
//
// Usage: `Thread t; Heap heap(&t);` — the Heap sets t.heap and frees every
// object when destroyed.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "runtime/core/module_runtime.h"
#include "runtime/core/thread.h"
#include "runtime/core/value.h"

namespace plank::core {

// Memory for objects: chunks of 64 KiB, each carved into slots of one 16-byte
// size class, with one free list per class. Objects are small and die young
// (strings, tuples, iterators); malloc's per-object bookkeeping was a third of
// a string-heavy program's time. The pool also enumerates the objects: the
// collector sweeps chunk by chunk in address order (a free slot has kind
// kFreeKind), which the CPU prefetches, where a linked list of objects made
// every sweep step and, after reuse, every allocation a cache miss (65% of the
// string program's time when its heap had been reused). The sweep rebuilds
// the free lists in address order and hands chunks with no live object to
// whichever class needs one next. Sanitizer builds (and any object past the
// largest class) use the global allocator instead, one block per object kept
// in a vector, so that use-after-free of an object is still caught.
inline constexpr uint8_t kFreeKind = 0xff;  // Object::kind of a free pool slot

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

class ObjectPool {
 public:
  ObjectPool() = default;
  ~ObjectPool();
  ObjectPool(const ObjectPool&) = delete;
  ObjectPool& operator=(const ObjectPool&) = delete;
  // Inline: the common case is a bump or a free-list pop (a call and its
  // register saves were a third of the cost of allocating a short string).
  void* take(size_t bytes) {
    size_t k = (bytes + kGranule - 1) / kGranule - 1;  // the class; bytes == 0 wraps to a huge k
    if (PLANK_POOL_OBJECTS && k < kClasses) {
      if (char* p = bump_[k]; p != bump_end_[k]) {
        bump_[k] = p + (k + 1) * kGranule;
        return p;
      }
      if (FreeNode* n = free_[k]) {
        free_[k] = n->next;
        __builtin_prefetch(n->next, 1);  // the next allocation's slot: its link is then in the cache
        return n;
      }
    }
    return take_slow(bytes);
  }
  static bool enabled() { return PLANK_POOL_OBJECTS; }  // false in sanitizer builds: every object from the global allocator
  size_t reused_bytes() const { return reused_; }  // arena bytes taken over from ended pools

  // Calls f(o) for every allocated object.
  template <class F>
  void for_each(F&& f) {
    retire_bump();
    for (Chunk& c : chunks_) {
      size_t size = (c.cls + 1) * kGranule;
      for (char *p = c.mem, *end = c.mem + slots_in(c.cls) * size; p < end; p += size) {
        auto* o = reinterpret_cast<Object*>(p);
        if (static_cast<uint8_t>(o->kind) != kFreeKind) f(o);
      }
    }
    for (Object* o : large_) f(o);
  }
  // Frees every object for which dead(o) (which has destroyed its contents) returns true.
  template <class Dead>
  void sweep(Dead&& dead);

 private:
  static constexpr size_t kGranule = 16, kClasses = 16, kChunk = 64 * 1024;
  struct FreeNode {  // a free slot: kind (kFreeKind) first, as in every slot, then the link
    uint64_t kind_word;
    FreeNode* next;
  };
  struct Chunk {
    char* mem;
    uint32_t cls;
  };
  static size_t slots_in(size_t cls) { return kChunk / ((cls + 1) * kGranule); }
  void* take_slow(size_t bytes);  // a new chunk for the class, or an object past the largest class
  // A chunk for class cls (a reused empty one or a new one) becomes the
  // class's bump region: its slots are handed out in address order with no
  // free list threaded through them first (threading touched every slot of a
  // chunk twice, once to link it and again, a cache miss, to unlink it).
  void carve(size_t cls);
  // Marks the bump regions' unused slots free (kFreeKind) and ends the
  // regions, so that sweep and for_each, which read every slot's kind, see them
  // as free: a new chunk's unused slots hold zeros, a reused one's stale bytes.
  void retire_bump();
  char* new_chunk();       // from the current arena; maps a new one when it is used up
  FreeNode* free_[kClasses] = {};
  char* bump_[kClasses] = {};      // the next slot of the class's bump region
  char* bump_end_[kClasses] = {};  // its end (equal to bump_ when there is none)
  std::vector<Chunk> chunks_;
  std::vector<char*> empty_;     // chunks with no object, not on any free list
  std::vector<Object*> large_;   // objects from the global allocator
  // Chunks come from arenas mapped with their pages populated: one system call
  // instead of a page fault per 4 KiB (page faults and malloc's bookkeeping for
  // 64 KiB blocks were a quarter of a string-building loop's time). Arenas
  // double from 256 KiB to 4 MiB; when the pool ends they go to a process-wide
  // cache for the next pool (heap.cpp's ArenaCache) or are unmapped.
  struct Arena {
    char* mem;
    size_t bytes;
  };
  std::vector<Arena> arenas_;
  size_t arena_used_ = 0;  // bytes of arenas_.back() handed out as chunks
  size_t mapped_ = 0;      // bytes of all arenas
  size_t reused_ = 0;      // of which came from the process-wide cache
};

template <class Dead>
void ObjectPool::sweep(Dead&& dead) {
  retire_bump();
  for (auto& f : free_) f = nullptr;
  // Backwards, pushing on the front: each free list ends up in address order.
  for (size_t i = chunks_.size(); i-- > 0;) {
    Chunk c = chunks_[i];
    size_t size = (c.cls + 1) * kGranule;
    FreeNode* head = free_[c.cls];
    bool any_live = false;
    for (size_t k = slots_in(c.cls); k-- > 0;) {
      char* p = c.mem + k * size;
      auto* o = reinterpret_cast<Object*>(p);
      if (static_cast<uint8_t>(o->kind) != kFreeKind) {
        if (!dead(o)) {
          any_live = true;
          continue;
        }
        reinterpret_cast<uint8_t*>(p)[0] = kFreeKind;
      }
      auto* n = reinterpret_cast<FreeNode*>(p);
      n->next = head;
      head = n;
    }
    if (any_live) {
      free_[c.cls] = head;
    } else {
      empty_.push_back(c.mem);
      chunks_[i].mem = nullptr;
    }
  }
  chunks_.erase(std::remove_if(chunks_.begin(), chunks_.end(), [](const Chunk& c) { return !c.mem; }), chunks_.end());
  size_t live = 0;
  for (Object* o : large_) {
    if (dead(o)) ::operator delete(o);
    else large_[live++] = o;
  }
  large_.resize(live);
}

class Heap {
 public:
  explicit Heap(Thread* thread);
  ~Heap();
  Heap(const Heap&) = delete;
  Heap& operator=(const Heap&) = delete;

  // Allocates a T (an Object subtype) of kind k. May collect first; raises
  // MemoryError (throws Raised, see objects.h) past the heap budget.
  template <class T>
  T* alloc(ObjKind k, size_t extra_bytes = 0) {
    return alloc_sized<T>(k, sizeof(T), extra_bytes);
  }
  // The same in object_bytes of memory, at most sizeof(T): a T whose tail is
  // unused (an inline str's bytes past its length).
  template <class T>
  T* alloc_sized(ObjKind k, size_t object_bytes, size_t extra_bytes = 0) {
    size_t bytes = object_bytes + extra_bytes;
    size_t limit = thread_->budget.max_heap_bytes;
    if (stress || since_gc_ + bytes > threshold_ || (limit && live_bytes_ + bytes > limit)) before_alloc(bytes);
    void* mem = pool_.take(object_bytes);
    T* o = new (mem) T();
    account(o, k, object_bytes + extra_bytes);
    return o;
  }
  // Growth of an existing object (list append, dict insert): counts toward the next collection.
  void note_growth(size_t bytes) { since_gc_ += bytes; }
  // An existing object's buffer is about to take `bytes` more (a list, dict
  // or builder string reallocating): counted like note_growth, and
  // MemoryError when what survived the last collection plus all growth since
  // passes the heap budget, so a loop that only appends (allocating no
  // object, so never meeting before_alloc's check) still ends. Never
  // collects: callers need not root anything.
  void grow(size_t bytes);
  // Before v.push_back: a full vector reallocates (doubling), which grow() counts.
  template <class Vector>
  void before_push(const Vector& v) {
    if (v.size() == v.capacity()) grow(std::max<size_t>(v.capacity(), 1) * sizeof(typename Vector::value_type));
  }
  // Where note_growth's counter lives: compiled code that appends to a list in
  // place counts the growth itself (compiler/codegen/inline_containers.cpp).
  static size_t growth_counter_offset();

  void add_module(ModuleRuntime* m);
  void remove_module(ModuleRuntime* m);

  // Explicit roots for C++ code that holds values across allocations.
  void push_root(Value v) { roots_.push_back(v); }
  size_t root_mark() const { return roots_.size(); }
  void pop_roots(size_t mark) { roots_.resize(mark); }

  void collect();

  // Sets the C allocator's policy for a process whose main work is running
  // Plank programs (the plank CLI and the engine benchmark call it; embedders
  // may): blocks up to 32 MiB come from the main heap instead of their own
  // mapping, and freed memory is returned to the system only past 64 MiB. A
  // growing list's old buffers are then reused by the next growth instead of
  // being unmapped and faulted in afresh (list_dict 8.2 -> 7.1 ms, a
  // two-million-element variant 78 -> 63 ms). Process-wide, hence opt-in.
  static void tune_process_allocator();

  // Interned strings (constants): one object per content, permanent.
  std::unordered_map<std::string, Object*>& interned() { return interned_; }
  std::vector<Object*>& builtin_cache() { return builtins_; }
  // The empty string (0) and the 128 one-character ASCII strings (1 + byte), made on first use
  // and kept: str(i % 10), iterating a string, s[i] allocate nothing (CPython caches them too).
  Object*& small_str(size_t i) { return small_strs_[i]; }

  bool stress = false;           // collect at every allocation (tests)
  size_t collections = 0;        // statistics
  size_t live_bytes() const { return live_bytes_; }
  size_t live_objects() const { return live_objects_; }
  size_t allocated_bytes() const { return live_bytes_ + since_gc_; }
  // The most bytes held at once (sampled when a collection starts, and now).
  size_t peak_bytes() const { return std::max(peak_bytes_, allocated_bytes()); }
  // Object memory this heap took over, already mapped, from heaps that had ended.
  size_t reused_arena_bytes() const { return pool_.reused_bytes(); }

 private:
  void before_alloc(size_t bytes);
  void account(Object* o, ObjKind k, size_t bytes) {
    o->kind = k;
    o->size_class = static_cast<uint32_t>(bytes < UINT32_MAX ? bytes : UINT32_MAX);
    since_gc_ += bytes;
    live_bytes_ += bytes;
    ++live_objects_;
  }
  void mark_value(const Value& v);
  void mark_object(Object* o);
  void drain();
  void destroy(Object* o);  // runs the destructor; the pool frees the memory

  Thread* thread_;
  ObjectPool pool_;  // declared before everything that holds objects: destroyed last
  size_t live_bytes_ = 0;     // after the last collection, plus what was allocated since
  size_t live_objects_ = 0;
  size_t since_gc_ = 0;
  size_t live_at_gc_ = 0;      // bytes that survived the last collection
  size_t grown_since_gc_ = 0;  // grow()'s bytes since then
  size_t peak_bytes_ = 0;
  size_t threshold_ = 1u << 20;
  std::vector<ModuleRuntime*> modules_;
  std::vector<Value> roots_;
  std::vector<Object*> gray_;
  std::unordered_map<std::string, Object*> interned_;
  std::vector<Object*> builtins_;
  Object* small_strs_[129] = {};
};

// Keeps every value pushed while it lives on the root stack.
class RootScope {
 public:
  explicit RootScope(Thread* t) : heap_(t->heap), mark_(t->heap->root_mark()) {}
  ~RootScope() { heap_->pop_roots(mark_); }
  Value push(Value v) { heap_->push_root(v); return v; }
  RootScope(const RootScope&) = delete;
  RootScope& operator=(const RootScope&) = delete;

 private:
  Heap* heap_;
  size_t mark_;
};

}  // namespace plank::core
