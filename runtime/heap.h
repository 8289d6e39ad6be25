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
// still in the cache), or at every allocation with stress on (a debug switch
// for tests). Past Budget::max_heap_bytes allocation raises MemoryError.
//
// Allocation checks one counter, room_: the bytes it may take before either
// limit needs a look (the least of what the threshold and the budget leave).
// The slow path settles the statistics, collects or raises, and sets the room
// again. Budget::max_heap_bytes is read there, so a change to it takes effect
// within the room left (at most the threshold).
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

#include "runtime/module_runtime.h"
#include "runtime/object_pool.h"
#include "runtime/thread.h"
#include "runtime/value.h"

namespace plank::core {

class Heap {
 public:
  explicit Heap(Thread* thread);
  ~Heap();
  Heap(const Heap&) = delete;
  Heap& operator=(const Heap&) = delete;

  // A number no other heap of the process has had: per-thread caches of a
  // heap's objects key on it, never on the heap's address, which the next
  // heap on the same thread may well get.
  uint64_t serial() const { return serial_; }

  // Allocates a T (an Object subtype) of kind k. May collect first; raises
  // MemoryError (throws Raised, see objects.h) past the heap budget.
  template <class T>
  T* alloc(ObjKind k, size_t extra_bytes = 0) {
    return alloc_sized<T>(k, sizeof(T), extra_bytes);
  }
  // The same in object_bytes of memory, at most sizeof(T): a T whose tail is
  // unused (an inline str's bytes past its length).
  // Finalize::kNo: an object with no destructor to run (an inline string),
  // which the sweep then frees without touching it.
  enum class Finalize : bool { kNo, kYes };
  template <class T>
  T* alloc_sized(ObjKind k, size_t object_bytes, size_t extra_bytes = 0, Finalize finalize = Finalize::kYes) {
    size_t bytes = object_bytes + extra_bytes;
    if (__builtin_expect(static_cast<int64_t>(bytes) > room_, 0)) before_alloc(bytes);
    room_ -= static_cast<int64_t>(bytes);
    void* mem = pool_.take(object_bytes);
    T* o = new (mem) T();
    o->kind = k;
    o->size_class = static_cast<uint32_t>(bytes < UINT32_MAX ? bytes : UINT32_MAX);
    pool_.admit(o, object_bytes, finalize == Finalize::kYes);
    return o;
  }
  // Growth of an existing object (list append, dict insert): counts toward the next collection.
  void note_growth(size_t bytes) { room_ -= static_cast<int64_t>(bytes); }
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
  // Where note_growth's counter lives (an int64 the growth is subtracted
  // from): compiled code that appends to a list in place counts the growth
  // itself (compiler/codegen/inline_containers.cpp).
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
  // Objects the runtime makes once per heap and keeps (builtin classes, modules,
  // NotImplemented and Ellipsis), by a name of its choosing ("class:builtins.object").
  std::unordered_map<std::string, Object*>& named() { return named_; }
  // The empty string (0) and the 128 one-character ASCII strings (1 + byte), made on first use
  // and kept: str(i % 10), iterating a string, s[i] allocate nothing (CPython caches them too).
  Object*& small_str(size_t i) { return small_strs_[i]; }

  // Collect at every allocation (tests).
  void set_stress(bool on);
  bool stress() const { return stress_; }
  size_t collections = 0;        // statistics
  size_t live_objects() const { return live_objects_; }  // that survived the last collection
  // What survived the last collection and all allocation and growth since.
  size_t allocated_bytes() const { return live_at_gc_ + since_gc(); }
  // The most bytes held at once (sampled when a collection starts, and now).
  size_t peak_bytes() const { return std::max(peak_bytes_, allocated_bytes()); }
  // Object memory this heap took over, already mapped, from heaps that had ended.
  size_t reused_arena_bytes() const { return pool_.reused_bytes(); }

 private:
  void before_alloc(size_t bytes);
  // Bytes allocated or grown since the last collection.
  size_t since_gc() const { return since_gc_ + static_cast<size_t>(room_start_ - room_); }
  void settle() {  // folds what the room lost into since_gc_
    since_gc_ = since_gc();
    room_start_ = room_;
  }
  void refill_room();  // after settle(): the room the threshold and the budget leave
  void mark_value(const Value& v);
  void mark_object(Object* o);
  void drain();
  void destroy(Object* o);  // runs the destructor; the pool frees the memory

  Thread* thread_;
  uint64_t serial_;
  ObjectPool pool_;  // declared before everything that holds objects: destroyed last
  int64_t room_ = 0;        // allocation's one check (negative when growth overdrew it)
  int64_t room_start_ = 0;  // room_ as refill_room set it
  bool stress_ = false;
  size_t live_objects_ = 0;    // objects that survived the last collection (mark_object counts them)
  size_t since_gc_ = 0;        // allocation and growth since the last collection, up to the last settle()
  size_t live_at_gc_ = 0;      // bytes that survived the last collection (mark_object counts them)
  size_t grown_since_gc_ = 0;  // grow()'s bytes since then
  size_t peak_bytes_ = 0;
  size_t threshold_ = 1u << 20;
  std::vector<ModuleRuntime*> modules_;
  std::vector<Value> roots_;
  std::vector<Object*> gray_;
  std::unordered_map<std::string, Object*> interned_;
  std::vector<Object*> builtins_;
  std::unordered_map<std::string, Object*> named_;
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
