#include "runtime/core/heap.h"

#include <algorithm>
#include <cstddef>
#include <mutex>
#include <utility>

#include <sys/mman.h>
#if defined(__GLIBC__)
#include <malloc.h>  // mallopt
#endif

#include <fmt/format.h>

#include "runtime/core/objects.h"

namespace plank::core {

void* ObjectPool::take_slow(size_t bytes) {
  size_t c = (bytes + kGranule - 1) / kGranule;
  if (!PLANK_POOL_OBJECTS || c == 0 || c > kClasses) {
    large_.reserve(large_.size() + 1);  // before the allocation: no leak if this throws
    void* p = ::operator new(bytes);
    large_.push_back(static_cast<Object*>(p));
    return p;
  }
  carve(c - 1);  // take() found neither a bump region nor a free slot
  char* p = bump_[c - 1];
  bump_[c - 1] = p + c * kGranule;
  return p;
}

void ObjectPool::carve(size_t cls) {
  char* mem;
  if (!empty_.empty()) {
    mem = empty_.back();
    empty_.pop_back();
  } else {
    mem = new_chunk();
  }
  chunks_.reserve(chunks_.size() + 1);
  chunks_.push_back({mem, static_cast<uint32_t>(cls)});
  bump_[cls] = mem;
  bump_end_[cls] = mem + slots_in(cls) * (cls + 1) * kGranule;
}

void ObjectPool::retire_bump() {
  for (size_t cls = 0; cls < kClasses; ++cls) {
    for (char* p = bump_[cls]; p != bump_end_[cls]; p += (cls + 1) * kGranule) reinterpret_cast<uint8_t*>(p)[0] = kFreeKind;
    bump_[cls] = bump_end_[cls] = nullptr;
  }
}

namespace {

// Arenas of heaps that have ended, kept mapped (up to kKeptBytes) for the next
// heap of the process: a program run after another (the REPL, an evaluation
// harness, an embedder) then starts on memory whose pages are already there
// instead of having the kernel clear fresh ones. Shared by the heaps of every
// thread, hence the lock (taken once per arena, not per object).
class ArenaCache {
 public:
  static constexpr size_t kKeptBytes = size_t{32} << 20;
  // An arena of at least `bytes`, or {nullptr, 0}.
  std::pair<char*, size_t> take(size_t bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (size_t i = 0; i < kept_.size(); ++i)
      if (kept_[i].second >= bytes) {
        auto arena = kept_[i];
        kept_.erase(kept_.begin() + static_cast<std::ptrdiff_t>(i));
        total_ -= arena.second;
        return arena;
      }
    return {nullptr, 0};
  }
  // Keeps the arena, or unmaps it when the cache is full.
  void give(char* mem, size_t bytes) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (total_ + bytes <= kKeptBytes) {
        kept_.emplace_back(mem, bytes);
        total_ += bytes;
        return;
      }
    }
    munmap(mem, bytes);
  }

 private:
  std::mutex mutex_;
  std::vector<std::pair<char*, size_t>> kept_;
  size_t total_ = 0;
};

ArenaCache& arena_cache() {
  static auto* cache = new ArenaCache();  // never destroyed: heaps may end during static destruction
  return *cache;
}

}  // namespace

char* ObjectPool::new_chunk() {
  if (arenas_.empty() || arena_used_ == arenas_.back().bytes) {
    size_t bytes = std::clamp<size_t>(mapped_, size_t{256} << 10, size_t{4} << 20);
    arenas_.reserve(arenas_.size() + 1);
    auto [kept, kept_bytes] = arena_cache().take(bytes);
    if (kept) {
      bytes = kept_bytes;
      reused_ += bytes;
    } else {
      void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
      if (p == MAP_FAILED) throw std::bad_alloc();
      kept = static_cast<char*>(p);
    }
    arenas_.push_back({kept, bytes});
    arena_used_ = 0;
    mapped_ += bytes;
  }
  char* mem = arenas_.back().mem + arena_used_;
  arena_used_ += kChunk;
  return mem;
}

ObjectPool::~ObjectPool() {
  for (Arena& a : arenas_) arena_cache().give(a.mem, a.bytes);
  for (Object* o : large_) ::operator delete(o);
}

void Heap::tune_process_allocator() {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}

Heap::Heap(Thread* thread) : thread_(thread) { thread->heap = this; }

Heap::~Heap() {
  pool_.for_each([&](Object* o) { destroy(o); });  // contents; ~ObjectPool frees the memory
  if (thread_ && thread_->heap == this) thread_->heap = nullptr;
}

void Heap::add_module(ModuleRuntime* m) {
  if (std::find(modules_.begin(), modules_.end(), m) == modules_.end()) modules_.push_back(m);
}

void Heap::remove_module(ModuleRuntime* m) { modules_.erase(std::remove(modules_.begin(), modules_.end(), m), modules_.end()); }

void Heap::before_alloc(size_t bytes) {
  if (stress || since_gc_ + bytes > threshold_) collect();
  size_t limit = thread_->budget.max_heap_bytes;
  if (limit && live_bytes_ + bytes > limit) {
    collect();
    if (live_bytes_ + bytes > limit) throw_error(thread_, "MemoryError", fmt::format("heap limit of {} bytes exceeded", limit));
  }
}

void Heap::grow(size_t bytes) {
  since_gc_ += bytes;
  grown_since_gc_ += bytes;
  // Allocations since the last collection are left out: they may be garbage,
  // and before_alloc (which can collect) holds them to the budget.
  size_t limit = thread_->budget.max_heap_bytes;
  if (limit && live_at_gc_ + grown_since_gc_ > limit)
    throw_error(thread_, "MemoryError", fmt::format("heap limit of {} bytes exceeded", limit));
}

void Heap::mark_value(const Value& v) {
  if (v.tag == Tag::Object && v.obj) mark_object(v.obj);
}

void Heap::mark_object(Object* o) {
  if (o->gc_mark) return;
  o->gc_mark = 1;
  // Leaves (most strings, ranges, builtins) have nothing to trace: skip the gray stack.
  switch (o->kind) {
    case ObjKind::Str: {
      auto* str = static_cast<StrObject*>(o);
      if (!str->is_inline() && str->shared.owner) mark_object(str->shared.owner);
      return;
    }
    case ObjKind::Range:
    case ObjKind::Builtin:
    case ObjKind::Opaque:
      return;
    default:
      gray_.push_back(o);
  }
}

void Heap::drain() {
  while (!gray_.empty()) {
    Object* o = gray_.back();
    gray_.pop_back();
    switch (o->kind) {
      case ObjKind::List:
        for (auto& v : static_cast<ListObject*>(o)->items) mark_value(v);
        break;
      case ObjKind::Tuple:
        for (auto& v : static_cast<TupleObject*>(o)->items) mark_value(v);
        break;
      case ObjKind::Dict:
        for (auto& e : static_cast<DictObject*>(o)->entries)
          if (e.live) { mark_value(e.key); mark_value(e.value); }
        break;
      case ObjKind::Function: {
        auto* f = static_cast<FunctionObject*>(o);
        for (auto& v : f->defaults) mark_value(v);
        for (auto& v : f->cells) mark_value(v);
        break;
      }
      case ObjKind::Cell:
        mark_value(static_cast<CellObject*>(o)->value);
        break;
      case ObjKind::BoundMethod:
        mark_value(static_cast<BoundMethodObject*>(o)->self);
        break;
      case ObjKind::Iterator: {
        auto* it = static_cast<IteratorObject*>(o);
        mark_value(it->source);
        for (auto& v : it->parts) mark_value(v);
        break;
      }
      case ObjKind::DictView:
        mark_value(static_cast<DictViewObject*>(o)->dict);
        break;
      default:
        break;
    }
  }
}

static size_t object_bytes(Object* o) {
  size_t n = o->size_class;
  switch (o->kind) {
    case ObjKind::Str: {
      auto* str = static_cast<StrObject*>(o);
      if (!str->is_inline()) n += str->shared.buffer.capacity();
      break;
    }
    case ObjKind::List: n += static_cast<ListObject*>(o)->items.capacity() * sizeof(Value); break;
    case ObjKind::Tuple: n += static_cast<TupleObject*>(o)->items.capacity() * sizeof(Value); break;
    case ObjKind::Dict: {
      auto* d = static_cast<DictObject*>(o);
      n += d->entries.capacity() * sizeof(DictObject::Entry) + d->index.capacity() * sizeof(int32_t);
      break;
    }
    default: break;
  }
  return n;
}

void Heap::collect() {
  ++collections;
  peak_bytes_ = std::max(peak_bytes_, allocated_bytes());
  for (Frame* f = thread_->top; f; f = f->parent)
    for (uint32_t i = 0; i < f->slot_count; ++i) mark_value(f->slots[i]);
  for (ModuleRuntime* m : modules_) {
    for (auto& v : m->constants) mark_value(v);
    for (auto& v : m->globals) mark_value(v);
  }
  for (auto& v : roots_) mark_value(v);
  for (auto& [_, o] : interned_) mark_object(o);
  for (Object* o : builtins_)
    if (o) mark_object(o);
  for (Object* o : small_strs_)
    if (o) mark_object(o);
  drain();

  size_t live = 0, count = 0;
  pool_.sweep([&](Object* o) {
    if (o->gc_mark) {
      o->gc_mark = 0;
      live += object_bytes(o);
      ++count;
      return false;
    }
    // Most garbage is short strings, whose bytes are inline: nothing to destroy.
    if (!(o->kind == ObjKind::Str && (o->flags & kStrInline))) destroy(o);
    return true;
  });
  live_bytes_ = live;
  live_at_gc_ = live;
  grown_since_gc_ = 0;
  live_objects_ = count;
  since_gc_ = 0;
  // The next collection after twice as many bytes as survived (at least 1 MiB): the cost of
  // marking is then amortised over the allocation that made it necessary.
  threshold_ = std::max<size_t>(size_t{1} << 20, 2 * live);
}

template <class T>
static void destroy_as(Object* o) {
  static_cast<T*>(o)->~T();
}

void Heap::destroy(Object* o) {
  switch (o->kind) {
    case ObjKind::Str:
      static_cast<StrObject*>(o)->end();
      destroy_as<StrObject>(o);
      break;
    case ObjKind::List: destroy_as<ListObject>(o); break;
    case ObjKind::Tuple: destroy_as<TupleObject>(o); break;
    case ObjKind::Dict: destroy_as<DictObject>(o); break;
    case ObjKind::Function: destroy_as<FunctionObject>(o); break;
    case ObjKind::Cell: destroy_as<CellObject>(o); break;
    case ObjKind::Builtin: destroy_as<BuiltinObject>(o); break;
    case ObjKind::BoundMethod: destroy_as<BoundMethodObject>(o); break;
    case ObjKind::Range: destroy_as<RangeObject>(o); break;
    case ObjKind::Iterator: destroy_as<IteratorObject>(o); break;
    case ObjKind::DictView: destroy_as<DictViewObject>(o); break;
    case ObjKind::Opaque: destroy_as<Object>(o); break;
  }
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winvalid-offsetof"
size_t Heap::growth_counter_offset() { return offsetof(Heap, since_gc_); }
#pragma GCC diagnostic pop

}  // namespace plank::core
