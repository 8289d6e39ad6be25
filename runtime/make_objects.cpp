// Construction of the other objects: lists, tuples, cells, ranges, builtins, bound methods, views, iterators.
#include "runtime/objects.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "runtime/copy_bytes.h"
#include "runtime/decimal.h"
#include "runtime/heap.h"
#include "runtime/host_function.h"
#include "runtime/module_runtime.h"
#include "runtime/new_str.h"
#include "runtime/str_concat.h"
#include "runtime/unicode.h"
#include "runtime/bytes.h"
#include "runtime/classes.h"
#include "runtime/generator.h"
#include "runtime/set_object.h"
#include "runtime/value_subclass.h"

namespace plank::core {

Value make_list(Thread* t, std::vector<Value> items) {
  size_t extra = items.size() * sizeof(Value);
  RootScope scope(t);
  for (auto& v : items) scope.push(v);
  auto* o = t->heap->alloc<ListObject>(ObjKind::List, extra);
  o->items = std::move(items);
  return Value::object(o);
}

Value make_tuple(Thread* t, std::vector<Value> items) {
  size_t extra = items.size() * sizeof(Value);
  RootScope scope(t);
  for (auto& v : items) scope.push(v);
  auto* o = t->heap->alloc<TupleObject>(ObjKind::Tuple, extra);
  o->items = std::move(items);
  return Value::object(o);
}

Value make_dict(Thread* t) { return Value::object(t->heap->alloc<DictObject>(ObjKind::Dict)); }

Value make_cell(Thread* t, const Value* initial) {
  Value init = initial ? *initial : Value::none();
  RootScope scope(t);
  scope.push(init);
  auto* c = t->heap->alloc<CellObject>(ObjKind::Cell);
  if (initial) {
    c->value = init;
    c->set = true;
  }
  return Value::object(c);
}

Value make_range(Thread* t, int64_t start, int64_t stop, int64_t step) {
  auto* r = t->heap->alloc<RangeObject>(ObjKind::Range);
  r->start = start;
  r->stop = stop;
  r->step = step;
  return Value::object(r);
}

Value make_builtin(Thread* t, uint32_t intrinsic) {
  auto& cache = t->heap->builtin_cache();
  if (cache.size() <= intrinsic) cache.resize(intrinsic + 1, nullptr);
  if (!cache[intrinsic]) {
    auto* b = t->heap->alloc<BuiltinObject>(ObjKind::Builtin);
    b->index = intrinsic;
    cache[intrinsic] = b;
  }
  return Value::object(cache[intrinsic]);
}

Value make_host_function(Thread* t, const HostFunction* function) {
  auto* f = t->heap->alloc<HostFunctionObject>(ObjKind::HostFunction);
  f->function = function;
  return Value::object(f);
}

Value make_bound_method(Thread* t, Value self, const Method* m) {
  RootScope scope(t);
  scope.push(self);
  auto* b = t->heap->alloc<BoundMethodObject>(ObjKind::BoundMethod);
  b->self = self;
  b->method = m;
  return Value::object(b);
}

Value make_dict_view(Thread* t, Value dict, DictViewKind which) {
  RootScope scope(t);
  scope.push(dict);
  auto* v = t->heap->alloc<DictViewObject>(ObjKind::DictView);
  v->dict = dict;
  v->view = which;
  return Value::object(v);
}

int64_t range_len(const RangeObject* r) {
  if (r->step > 0) {
    if (r->start >= r->stop) return 0;
    return static_cast<int64_t>((static_cast<unsigned __int128>(r->stop - static_cast<__int128>(r->start)) - 1) /
                                static_cast<unsigned __int128>(r->step) + 1);
  }
  if (r->start <= r->stop) return 0;
  __int128 span = static_cast<__int128>(r->start) - r->stop;
  return static_cast<int64_t>((span - 1) / (-static_cast<__int128>(r->step)) + 1);
}

Value make_iterator(Thread* t, Value v) {
  RootScope scope(t);
  scope.push(v);
  auto make = [&](IterKind k, Value src) {
    auto* it = t->heap->alloc<IteratorObject>(ObjKind::Iterator);
    it->iter = k;
    it->source = src;
    return it;
  };
  if (v.tag == Tag::Object) {
    switch (v.obj->kind) {
      case ObjKind::List: return Value::object(make(IterKind::List, v));
      case ObjKind::Tuple: return Value::object(make(IterKind::Tuple, v));
      case ObjKind::Str: return Value::object(make(IterKind::Str, v));
      case ObjKind::Dict: {
        auto* it = make(IterKind::DictKeys, v);
        it->version = as_dict(v)->version;
        return Value::object(it);
      }
      case ObjKind::DictView: {
        auto* dv = static_cast<DictViewObject*>(v.obj);
        IterKind k = dv->view == DictViewKind::Keys     ? IterKind::DictKeys
                     : dv->view == DictViewKind::Values ? IterKind::DictValues
                                                        : IterKind::DictItems;
        auto* it = make(k, dv->dict);
        it->version = as_dict(dv->dict)->version;
        return Value::object(it);
      }
      case ObjKind::Range: {
        auto* r = static_cast<RangeObject*>(v.obj);
        auto* it = make(IterKind::Range, Value::none());
        it->pos = r->start;
        it->step = r->step;
        it->remaining = range_len(r);
        return Value::object(it);
      }
      case ObjKind::Iterator:
      case ObjKind::Generator: return v;
      case ObjKind::Set: {
        auto* it = make(IterKind::Set, v);
        it->version = as_set(v)->used;
        return Value::object(it);
      }
      case ObjKind::Bytes:
      case ObjKind::ByteArray: return Value::object(make(IterKind::Bytes, v));
      case ObjKind::Class:  // a class with a metaclass that makes it iterable (an Enum)
      case ObjKind::Instance: {
        Value r;
        Value self = v;
        if (call_special(t, v, "__iter__", &self, 1, &r)) {
          Value m;
          if (!r.is(ObjKind::Iterator) && !r.is(ObjKind::Generator) && !find_special(t, r, "__next__", &m))
            throw_error(t, "TypeError", fmt::format("iter() returned non-iterator of type '{}'", type_name(r)));
          return r;
        }
        Value m;
        if (find_special(t, v, "__getitem__", &m)) {
          // The old sequence protocol: v[0], v[1], ... until IndexError (a Callable iterator over __getitem__).
          auto* it = make(IterKind::Callable, v);
          it->pos = 0;
          it->step = 1;  // marks the sequence protocol
          return Value::object(it);
        }
        if (is_iterator_instance(v)) return v;  // class E(enumerate): its own iterator, as CPython's
        if (is_value_instance(v)) return make_iterator(t, unwrap_value(v));
        break;
      }
      default: break;
    }
  }
  throw_error(t, "TypeError", fmt::format("'{}' object is not iterable", type_name(v)));
}

// ------------------------------------------------------------------ access

std::vector<Value>& list_items(Value v) { return as_list(v)->items; }
const std::vector<Value>& tuple_items(Value v) { return as_tuple(v)->items; }

}  // namespace plank::core
