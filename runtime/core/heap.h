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
// threshold that grows with the live heap (2x live, at least 1 MiB), or at
// every allocation with `stress` on (a debug switch for tests). Past
// Budget::max_heap_bytes allocation raises MemoryError.
//
// Usage: `Thread t; Heap heap(&t);` — the Heap sets t.heap and frees every
// object when destroyed.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "runtime/core/module_runtime.h"
#include "runtime/core/thread.h"
#include "runtime/core/value.h"

namespace plank::core {

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
    T* o = new T();
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
  static void destroy(Object* o);

  Thread* thread_;
  Object* objects_ = nullptr;
  size_t live_bytes_ = 0;     // after the last collection, plus what was allocated since
  size_t live_objects_ = 0;
  size_t since_gc_ = 0;
  size_t threshold_ = 1u << 20;
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
