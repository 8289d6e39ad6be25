// See stack_guard.h.
#include "compiler/frontend/stack_guard.h"

#include <pthread.h>

#include <algorithm>
#include <cstdint>

namespace plank::frontend {
namespace {

// Kept free below the parse for what runs on top of it (signal handlers, the
// C library, sanitizer bookkeeping).
constexpr size_t kReserve = size_t{256} << 10;

// A thread we create gets at least this much: 32 MB fits glibc's cache of
// freed thread stacks (40 MB by default), so a later thread reuses it instead
// of mapping and faulting in a fresh one.
constexpr size_t kMinThreadStack = size_t{32} << 20;

struct StackBounds {
  uintptr_t low = 0;
  uintptr_t high = 0;
};

// pthread_getattr_np reads /proc/self/maps for the main thread: ask once per thread.
StackBounds this_thread_stack() {
  thread_local const StackBounds bounds = [] {
    StackBounds b;
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      void* addr = nullptr;
      size_t size = 0;
      if (pthread_attr_getstack(&attr, &addr, &size) == 0) {
        b.low = reinterpret_cast<uintptr_t>(addr);
        b.high = b.low + size;
      }
      pthread_attr_destroy(&attr);
    }
    return b;
  }();
  return bounds;
}

bool run_on_new_thread(size_t stack_size, const std::function<void()>& fn) {
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) return false;
  pthread_t thread;
  bool started = pthread_attr_setstacksize(&attr, stack_size) == 0 &&
                 pthread_create(
                     &thread, &attr,
                     [](void* arg) -> void* {
                       (*static_cast<const std::function<void()>*>(arg))();
                       return nullptr;
                     },
                     const_cast<std::function<void()>*>(&fn)) == 0;
  pthread_attr_destroy(&attr);
  if (started) pthread_join(thread, nullptr);
  return started;
}

}  // namespace

size_t stack_left() {
  StackBounds b = this_thread_stack();
  // The frame address, not a local's: under AddressSanitizer locals may live on a heap "fake stack".
  auto sp = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  if (sp <= b.low || sp > b.high) return 0;
  return sp - b.low;
}

void run_with_stack(size_t need, const std::function<void()>& fn) {
  if (stack_left() >= need + kReserve) {
    fn();
    return;
  }
  // A huge request may be refused (address space, overcommit): fall back to the
  // fixed size this code used before, then to the caller's stack.
  if (run_on_new_thread(std::max(need + kReserve, kMinThreadStack), fn)) return;
  if (run_on_new_thread(size_t{64} << 20, fn)) return;
  fn();
}

}  // namespace plank::frontend
