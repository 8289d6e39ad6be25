// The garbage-collected heap: allocation of every object kind and a precise
// mark-and-sweep collector.
//
// Roots: every Frame reachable from Thread::top (slots[0..slot_count), which
// must therefore always hold valid Values — engines initialise slots to None),
// every registered ModuleRuntime (constants, globals), the interned strings,
// the builtin-value cache, and the explicit root stack (RootScope) for values
// the runtime holds in C++ locals while it allocates.
//
// A collection runs when the bytes allocated since the last one pass a
// threshold that grows with the live heap (twice the bytes that survived the last collection, at least 4 MiB), or at
// every allocation with `stress` on (a debug switch for tests). Past
// Budget::max_heap_bytes allocation raises MemoryError.
//
// Usage: `Thread t; Heap heap(&t);` — the Heap sets t.heap and frees every
// object when destroyed.
#pragma once
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

// Memory for objects: one free list per 16-byte size class, carved from 64 KiB
// chunks owned by the heap. Objects are small and die young (strings, tuples,
// iterators); malloc's per-object bookkeeping was a third of a string-heavy
// program's time. Sanitizer builds use the global allocator instead, so that
// use-after-free of an object is still caught.
class ObjectPool {
 public:
  ObjectPool() = default;
  ~ObjectPool();
  ObjectPool(const ObjectPool&) = delete;
  ObjectPool& operator=(const ObjectPool&) = delete;
  void* take(size_t bytes);
  void give(void* p, size_t bytes);

 private:
  static constexpr size_t kGranule = 16, kClasses = 16, kChunk = 64 * 1024;
  struct FreeNode {
    FreeNode* next;
  };
  FreeNode* free_[kClasses] = {};
  std::vector<void*> chunks_;
  char* bump_ = nullptr;
  size_t bump_left_ = 0;
};

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
    before_alloc(sizeof(T) + extra_bytes);
    T* o = new (pool_.take(sizeof(T))) T();
    link(o, k, sizeof(T) + extra_bytes);
    return o;
  }
  // Growth of an existing object (list append, dict insert): counts toward the next collection.
  void note_growth(size_t bytes) { since_gc_ += bytes; }

  void add_module(ModuleRuntime* m);
  void remove_module(ModuleRuntime* m);

  // Explicit roots for C++ code that holds values across allocations.
  void push_root(Value v) { roots_.push_back(v); }
  size_t root_mark() const { return roots_.size(); }
  void pop_roots(size_t mark) { roots_.resize(mark); }

  void collect();

  // Interned strings (constants): one object per content, permanent.
  std::unordered_map<std::string, Object*>& interned() { return interned_; }
  std::vector<Object*>& builtin_cache() { return builtins_; }

  bool stress = false;           // collect at every allocation (tests)
  size_t collections = 0;        // statistics
  size_t live_bytes() const { return live_bytes_; }
  size_t live_objects() const { return live_objects_; }
  size_t allocated_bytes() const { return live_bytes_ + since_gc_; }

 private:
  void before_alloc(size_t bytes);
  void link(Object* o, ObjKind k, size_t bytes);
  void mark_value(const Value& v);
  void mark_object(Object* o);
  void drain();
  void destroy(Object* o);
  template <class T>
  void destroy_as(Object* o) {
    static_cast<T*>(o)->~T();
    pool_.give(o, sizeof(T));
  }

  Thread* thread_;
  ObjectPool pool_;  // declared before everything that holds objects: destroyed last
  Object* objects_ = nullptr;
  size_t live_bytes_ = 0;     // after the last collection, plus what was allocated since
  size_t live_objects_ = 0;
  size_t since_gc_ = 0;
  size_t threshold_ = 4u << 20;
  std::vector<ModuleRuntime*> modules_;
  std::vector<Value> roots_;
  std::vector<Object*> gray_;
  std::unordered_map<std::string, Object*> interned_;
  std::vector<Object*> builtins_;
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
