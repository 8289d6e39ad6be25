#include "runtime/heap.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <utility>

#if defined(__GLIBC__)
#include <malloc.h>  // mallopt
#endif

#include <fmt/format.h>

#include "runtime/char_index.h"
#include "runtime/bigint.h"
#include "runtime/bytes.h"
#include "runtime/classes.h"
#include "runtime/generator.h"
#include "runtime/modules.h"
#include "runtime/objects.h"
#include "runtime/set_object.h"

namespace plank::core {

void Heap::tune_process_allocator() {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}

static uint64_t next_heap_serial() {
  static std::atomic<uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

Heap::Heap(Thread* thread) : thread_(thread), serial_(next_heap_serial()) { thread->heap = this; }

Heap::~Heap() {
  forget_char_indexes(this);
  pool_.for_each_with_finalizer([&](Object* o) { destroy(o); });  // contents; ~ObjectPool frees the memory
  if (thread_ && thread_->heap == this) thread_->heap = nullptr;
}

void Heap::add_module(ModuleRuntime* m) {
  if (std::find(modules_.begin(), modules_.end(), m) == modules_.end()) modules_.push_back(m);
}

void Heap::remove_module(ModuleRuntime* m) { modules_.erase(std::remove(modules_.begin(), modules_.end(), m), modules_.end()); }

void Heap::before_alloc(size_t bytes) {
  settle();
  if (stress_ || since_gc_ + bytes > threshold_) collect();
  size_t limit = thread_->budget.max_heap_bytes;
  if (limit && live_at_gc_ + since_gc_ + bytes > limit) {
    collect();
    if (live_at_gc_ + bytes > limit)  // collect() has set the room
      throw_error(thread_, "MemoryError", fmt::format("heap limit of {} bytes exceeded", limit));
  }
  refill_room();
}

void Heap::refill_room() {
  auto left = [](size_t cap, size_t used) { return cap > used ? cap - used : 0; };
  size_t room = stress_ ? 0 : left(threshold_, since_gc_);
  if (size_t limit = thread_->budget.max_heap_bytes) room = std::min(room, left(limit, live_at_gc_ + since_gc_));
  room_ = room_start_ = static_cast<int64_t>(std::min<size_t>(room, INT64_MAX));
}

void Heap::set_stress(bool on) {
  stress_ = on;
  settle();
  refill_room();
}

void Heap::grow(size_t bytes) {
  room_ -= static_cast<int64_t>(bytes);
  grown_since_gc_ += bytes;
  // Allocations since the last collection are left out: they may be garbage,
  // and before_alloc (which can collect) holds them to the budget.
  size_t limit = thread_->budget.max_heap_bytes;
  if (limit && live_at_gc_ + grown_since_gc_ > limit)
    throw_error(thread_, "MemoryError", fmt::format("heap limit of {} bytes exceeded", limit));
}

// Bytes an object holds, its buffers included: what survives a collection sets the next one's threshold.
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
      n += d->entries.capacity() * sizeof(DictObject::Entry) + d->index.capacity() * sizeof(DictObject::Slot);
      break;
    }
    case ObjKind::Set: n += static_cast<SetObject*>(o)->table.capacity() * sizeof(SetObject::Entry); break;
    case ObjKind::BigInt: n += bigint_bytes(Value::object(o)); break;
    case ObjKind::Bytes:
    case ObjKind::ByteArray: n += static_cast<BytesObject*>(o)->data.capacity(); break;
    case ObjKind::Generator: n += static_cast<GeneratorObject*>(o)->nslots * sizeof(Value); break;
    case ObjKind::Instance: n += static_cast<InstanceObject*>(o)->slots.capacity() * sizeof(Value); break;
    default: break;
  }
  return n;
}

void Heap::mark_value(const Value& v) {
  if (v.tag == Tag::Object && v.obj) mark_object(v.obj);
}

void Heap::mark_object(Object* o) {
  if (!pool_.mark(o)) return;
  live_at_gc_ += object_bytes(o);
  ++live_objects_;
  // Leaves (most strings, ranges, builtins) have nothing to trace: skip the gray stack.
  switch (o->kind) {
    case ObjKind::Str: {
      auto* str = static_cast<StrObject*>(o);
      if (!str->is_inline() && str->shared.owner) mark_object(str->shared.owner);
      return;
    }
    case ObjKind::Range:
    case ObjKind::Builtin:
    case ObjKind::HostFunction:
    case ObjKind::Opaque:
    case ObjKind::BigInt:
    case ObjKind::Bytes:
    case ObjKind::ByteArray:
    case ObjKind::Singleton:
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
        if (o->flags & kSubclassInstance) {
          mark_object(static_cast<ListSubObject*>(o)->cls);
          mark_value(static_cast<ListSubObject*>(o)->dict);
        }
        break;
      case ObjKind::Tuple:
        for (auto& v : static_cast<TupleObject*>(o)->items) mark_value(v);
        break;
      case ObjKind::Dict:
        for (auto& e : static_cast<DictObject*>(o)->entries)
          if (e.live) { mark_value(e.key); mark_value(e.value); }
        if (o->flags & kSubclassInstance) {
          mark_object(static_cast<DictSubObject*>(o)->cls);
          mark_value(static_cast<DictSubObject*>(o)->dict);
        }
        break;
      case ObjKind::Function: {
        auto* f = static_cast<FunctionObject*>(o);
        for (auto& v : f->defaults) mark_value(v);
        for (auto& v : f->kwdefaults) mark_value(v);
        for (auto& v : f->cells) mark_value(v);
        mark_value(f->dict);
        mark_value(f->doc);
        mark_value(f->name);
        mark_value(f->qualname);
        mark_value(f->module_name);
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
      case ObjKind::Set:
        for (auto& e : static_cast<SetObject*>(o)->table)
          if (e.state == SetObject::kActive) mark_value(e.key);
        break;
      case ObjKind::Class: {
        auto* c = static_cast<ClassObject*>(o);
        mark_value(c->dict);
        for (ClassObject* k : c->mro) mark_object(k);
        if (c->metaclass) mark_object(c->metaclass);
        break;
      }
      case ObjKind::Instance: {
        auto* i = static_cast<InstanceObject*>(o);
        mark_object(i->cls);
        mark_value(i->dict);
        mark_value(i->value);
        for (auto& v : i->slots) mark_value(v);
        if (i->exc) {
          mark_value(i->exc->args);
          mark_value(i->exc->cause);
          mark_value(i->exc->context);
          mark_value(i->exc->tb_object);
        }
        break;
      }
      case ObjKind::Method:
        mark_value(static_cast<MethodObject*>(o)->func);
        mark_value(static_cast<MethodObject*>(o)->self);
        break;
      case ObjKind::Super: {
        auto* s = static_cast<SuperObject*>(o);
        mark_object(s->after);
        mark_object(s->start);
        mark_value(s->obj);
        break;
      }
      case ObjKind::Wrapper: {
        auto* w = static_cast<WrapperObject*>(o);
        mark_value(w->fget);
        mark_value(w->fset);
        mark_value(w->fdel);
        mark_value(w->name);
        mark_value(w->doc);
        break;
      }
      case ObjKind::Generator: {
        auto* g = static_cast<GeneratorObject*>(o);
        if (g->function) mark_object(g->function);
        for (uint32_t i = 0; i < g->nslots; ++i) mark_value(g->slots[i]);
        mark_value(g->sent);
        mark_value(g->delegate);
        mark_value(g->handled);
        break;
      }
      case ObjKind::Module:
        mark_value(static_cast<ModuleObject*>(o)->dict);
        break;
      case ObjKind::Slice: {
        auto* s = static_cast<SliceObject*>(o);
        mark_value(s->start);
        mark_value(s->stop);
        mark_value(s->step);
        break;
      }
      default:
        break;
    }
  }
}

void Heap::collect() {
  ++collections;
  forget_char_indexes(this);  // its strings may be freed now
  settle();
  peak_bytes_ = std::max(peak_bytes_, allocated_bytes());
  live_at_gc_ = 0;  // counted again by mark_object
  live_objects_ = 0;
  for (Frame* f = thread_->top; f; f = f->parent)
    for (uint32_t i = 0; i < f->slot_count; ++i) mark_value(f->slots[i]);
  for (ModuleRuntime* m : modules_) {
    for (auto& v : m->constants) mark_value(v);
    for (auto& v : m->globals) mark_value(v);
  }
  for (auto& v : roots_) mark_value(v);
  mark_value(thread_->exception);
  for (auto& [_, o] : named_) mark_object(o);
  for (auto& [_, o] : interned_) mark_object(o);
  for (Object* o : builtins_)
    if (o) mark_object(o);
  for (Object* o : small_strs_)
    if (o) mark_object(o);
  drain();

  // Destructors for the dead objects that have one; the pool frees the rest
  // without touching them (most garbage is short strings, whose bytes are inline).
  pool_.sweep([&](Object* o) { destroy(o); });
  grown_since_gc_ = 0;
  since_gc_ = 0;
  // The next collection after twice as many bytes as survived (at least 1 MiB): the cost of
  // marking is then amortised over the allocation that made it necessary.
  threshold_ = std::max<size_t>(size_t{1} << 20, 2 * live_at_gc_);
  refill_room();
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
    case ObjKind::HostFunction: destroy_as<HostFunctionObject>(o); break;
    case ObjKind::Opaque: destroy_as<Object>(o); break;
    case ObjKind::Set: destroy_as<SetObject>(o); break;
    case ObjKind::BigInt: destroy_as<BigIntObject>(o); break;
    case ObjKind::Class: destroy_as<ClassObject>(o); break;
    case ObjKind::Instance: destroy_as<InstanceObject>(o); break;
    case ObjKind::Method: destroy_as<MethodObject>(o); break;
    case ObjKind::Super: destroy_as<SuperObject>(o); break;
    case ObjKind::Wrapper: destroy_as<WrapperObject>(o); break;
    case ObjKind::Generator: destroy_as<GeneratorObject>(o); break;
    case ObjKind::Module: destroy_as<ModuleObject>(o); break;
    case ObjKind::Bytes:
    case ObjKind::ByteArray: destroy_as<BytesObject>(o); break;
    case ObjKind::Slice: destroy_as<SliceObject>(o); break;
    case ObjKind::Singleton: destroy_as<SingletonObject>(o); break;
    case ObjKind::Native: destroy_as<Object>(o); break;
  }
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winvalid-offsetof"
size_t Heap::growth_counter_offset() { return offsetof(Heap, room_); }
#pragma GCC diagnostic pop

}  // namespace plank::core
