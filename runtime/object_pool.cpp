#include "runtime/object_pool.h"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <new>
#include <utility>

#include <sys/mman.h>

namespace plank::core {

namespace {

// Arenas of pools that have ended, kept mapped (up to kKeptBytes) for the next
// pool of the process: a program run after another (the REPL, an evaluation
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

// `bytes` (a multiple of `align`) of memory aligned to `align`, pages
// populated: a mapping `align` longer, its unaligned head and tail unmapped.
char* map_aligned(size_t bytes, size_t align) {
  void* p = mmap(nullptr, bytes + align, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  auto start = reinterpret_cast<uintptr_t>(p);
  uintptr_t aligned = (start + align - 1) & ~(align - 1);
  if (aligned > start) munmap(p, aligned - start);
  if (size_t tail = start + align - aligned) munmap(reinterpret_cast<char*>(aligned + bytes), tail);
  return reinterpret_cast<char*>(aligned);
}

}  // namespace

ObjectPool::~ObjectPool() {
  for (Arena& a : arenas_) arena_cache().give(a.mem, a.bytes);
  for (Object* o : large_) ::operator delete(o);
}

uint64_t ObjectPool::Chunk::usable(size_t w) const {
  size_t lo = std::max<size_t>(first, w * 64), hi = std::min<size_t>(slots, w * 64 + 64);
  if (lo >= hi) return 0;
  uint64_t below_hi = hi - w * 64 == 64 ? ~uint64_t{0} : (uint64_t{1} << (hi - w * 64)) - 1;
  return below_hi & ~((uint64_t{1} << (lo - w * 64)) - 1);
}

void* ObjectPool::take_slow(size_t bytes) {
  size_t k = class_of(bytes);
  if (!PLANK_POOL_OBJECTS || k >= kClasses) {
    // Room first, so that nothing leaks if the vector cannot grow; geometric growth, since reserving one
    // more each time copied the whole vector per object (quadratic: 100,000 str keys from plank_from_json
    // took 47 CPU-s in the sanitizer build, where every object comes through here).
    if (large_.size() == large_.capacity()) large_.reserve(std::max<size_t>(64, large_.capacity() * 2));
    void* p = ::operator new(bytes);
    large_.push_back(static_cast<Object*>(p));
    return p;
  }
  refill(k);
  return take(bytes);
}

void ObjectPool::refill(size_t cls) {
  Cursor& c = cursor_[cls];
  while (true) {
    for (; c.chunk < chunks_[cls].size(); ++c.chunk, c.word = 0) {
      Chunk* h = chunks_[cls][c.chunk];
      while (c.word < h->words) {
        size_t w = c.word++;
        if (uint64_t free = ~h->live()[w] & h->usable(w)) {
          c.free = free;
          c.base = h->slot(w * 64);
          return;
        }
      }
    }
    carve(cls);  // every chunk of the class is full: the cursor moves on into a new one
  }
}

ObjectPool::Chunk* ObjectPool::carve(size_t cls) {
  chunks_[cls].reserve(chunks_[cls].size() + 1);  // first: no chunk lost if this throws
  char* mem;
  if (!empty_.empty()) {
    mem = empty_.back();
    empty_.pop_back();
  } else {
    mem = new_chunk();
  }
  auto* h = reinterpret_cast<Chunk*>(mem);
  h->cls = static_cast<uint32_t>(cls);
  h->size = static_cast<uint32_t>((cls + 1) * kGranule);
  h->slots = static_cast<uint32_t>(kChunk / h->size);
  h->words = (h->slots + 63) / 64;
  size_t header = sizeof(Chunk) + 3 * size_t{h->words} * sizeof(uint64_t);
  h->first = static_cast<uint32_t>((header + h->size - 1) / h->size);
  h->recip = static_cast<uint32_t>(((uint64_t{1} << 32) + h->size - 1) / h->size);
  std::memset(h->mark(), 0, 3 * size_t{h->words} * sizeof(uint64_t));
  chunks_[cls].push_back(h);
  return h;
}

void ObjectPool::restart_cursors() {
  for (Cursor& c : cursor_) c = Cursor{};
}

char* ObjectPool::new_chunk() {
  if (arenas_.empty() || arena_used_ == arenas_.back().bytes) {
    size_t bytes = std::clamp<size_t>(mapped_, size_t{256} << 10, size_t{4} << 20);
    arenas_.reserve(arenas_.size() + 1);
    auto [kept, kept_bytes] = arena_cache().take(bytes);
    if (kept) {  // an arena of this pool's making: aligned, a multiple of kChunk
      bytes = kept_bytes;
      reused_ += bytes;
    } else {
      kept = map_aligned(bytes, kChunk);
    }
    arenas_.push_back({kept, bytes});
    arena_used_ = 0;
    mapped_ += bytes;
  }
  char* mem = arenas_.back().mem + arena_used_;
  arena_used_ += kChunk;
  return mem;
}

}  // namespace plank::core
