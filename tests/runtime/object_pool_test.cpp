// The object pool on its own (runtime/object_pool.h): every size class
// hands out distinct, aligned slots inside its chunks; a sweep finalizes
// exactly the unmarked objects that have a finalizer, never hands out a
// survivor's slot again, reuses the dead ones, and gives chunks with no
// survivor to another class; objects past the largest class are "large" and
// carry their mark in the object. In sanitizer builds every object is large,
// and the same expectations hold.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <new>
#include <set>
#include <vector>

#include "runtime/object_pool.h"

namespace plank::core {
namespace {

struct Taken {
  Object* o;
  bool finalizer;
  bool large;  // noted when taken: a dead large object is freed by the sweep
};

Object* take_object(ObjectPool& pool, size_t bytes, bool finalizer) {
  auto* o = new (pool.take(bytes)) Object();
  o->kind = ObjKind::Str;
  pool.admit(o, bytes, finalizer);
  std::memset(reinterpret_cast<char*>(o) + sizeof(Object), 0x5a, bytes - sizeof(Object));  // the whole slot is ours
  return o;
}

TEST(ObjectPool, SlotsAreDistinctAndAligned) {
  ObjectPool pool;
  std::set<uintptr_t> seen;
  for (size_t bytes = 16; bytes <= 256; bytes += 16)
    for (int i = 0; i < 3000; ++i) {
      Object* o = take_object(pool, bytes, false);
      auto at = reinterpret_cast<uintptr_t>(o);
      EXPECT_EQ(at % 16, 0u);
      ASSERT_TRUE(seen.insert(at).second) << "slot handed out twice, class " << bytes;
    }
}

TEST(ObjectPool, SweepFinalizesExactlyTheDeadWithFinalizers) {
  ObjectPool pool;
  std::vector<Taken> all;
  for (int i = 0; i < 20000; ++i) {
    size_t bytes = 16 + 16 * static_cast<size_t>(i % 20);  // the last four classes are large
    all.push_back({take_object(pool, bytes, i % 3 == 0), i % 3 == 0, !ObjectPool::pooled(bytes)});
  }
  std::set<Object*> kept;
  for (size_t i = 0; i < all.size(); i += 7) {
    EXPECT_TRUE(pool.mark(all[i].o));
    EXPECT_FALSE(pool.mark(all[i].o));  // once per collection
    kept.insert(all[i].o);
  }
  std::set<Object*> finalized;
  pool.sweep([&](Object* o) { EXPECT_TRUE(finalized.insert(o).second); });
  for (const Taken& t : all) {
    bool dead = !kept.count(t.o);
    // Pooled objects are finalized when they have a finalizer; large ones always (the pool frees them).
    EXPECT_EQ(finalized.count(t.o) == 1, dead && (t.finalizer || t.large)) << "object " << &t - all.data();
  }
  // Survivors are not handed out again; the dead ones' slots are.
  std::set<Object*> reused;
  for (int i = 0; i < 20000; ++i) {
    Object* o = take_object(pool, 16 + 16 * static_cast<size_t>(i % 16), false);
    ASSERT_FALSE(kept.count(o)) << "a survivor's slot was handed out";
    reused.insert(o);
  }
  size_t dead_reused = 0;
  for (const Taken& t : all) {
    if (!kept.count(t.o) && reused.count(t.o)) ++dead_reused;
  }
  if (ObjectPool::enabled()) {
    EXPECT_GT(dead_reused, 10000u);
  }
  // The marks were cleared: a survivor is marked anew in the next collection.
  for (Object* o : kept) EXPECT_TRUE(pool.mark(o));
}

TEST(ObjectPool, EmptyChunksGoToAnotherClass) {
  if (!ObjectPool::enabled()) GTEST_SKIP() << "sanitizer build: objects come from the global allocator";
  ObjectPool pool;
  std::set<uintptr_t> chunks;
  for (int i = 0; i < 5000; ++i) chunks.insert(reinterpret_cast<uintptr_t>(take_object(pool, 32, false)) >> 16);
  pool.sweep([](Object*) { ADD_FAILURE() << "no object had a finalizer"; });  // nothing marked: every chunk empties
  size_t in_old_chunks = 0;
  for (int i = 0; i < 5000; ++i)
    in_old_chunks += chunks.count(reinterpret_cast<uintptr_t>(take_object(pool, 160, true)) >> 16);
  EXPECT_GT(in_old_chunks, 0u);
  int finalized = 0;
  pool.for_each_with_finalizer([&](Object*) { ++finalized; });
  EXPECT_EQ(finalized, 5000);
}

}  // namespace
}  // namespace plank::core
