// The iterator protocol over the runtime's objects.
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
#include "runtime/module_runtime.h"
#include "runtime/new_str.h"
#include "runtime/str_concat.h"
#include "runtime/unicode.h"
#include "runtime/bytes.h"
#include "runtime/classes.h"
#include "runtime/exceptions.h"
#include "runtime/generator.h"
#include "runtime/set_object.h"
#include "runtime/value_subclass.h"

namespace plank::core {

// The bytes of the code point at s[i]: one for a byte that starts no well-formed sequence.
static size_t char_length(std::string_view s, size_t i) {
  uint32_t cp;
  size_t n = utf8::decode(s, i, &cp);
  return n ? n : 1;
}

// ------------------------------------------------------------------ iteration

bool iter_next(Thread* t, Value iterv, Value* out) {
  if (iterv.is(ObjKind::Generator)) return generator_next(t, iterv, out);
  if (iterv.is(ObjKind::Instance)) {
    Value m;
    if (!find_special(t, iterv, "__next__", &m)) {
      if (is_iterator_instance(iterv)) return iter_next(t, unwrap_value(iterv), out);  // the enumerate's own
      throw_error(t, "TypeError", fmt::format("'{}' object is not an iterator", type_name(iterv)));
    }
    try {
      *out = call_value(t, m, &iterv, 1);
      return true;
    } catch (const Raised&) {
      Value ignored;
      if (take_stop_iteration(t, &ignored)) return false;
      throw;
    }
  }
  if (!iterv.is(ObjKind::Iterator)) throw_error(t, "TypeError", fmt::format("'{}' object is not an iterator", type_name(iterv)));
  auto* it = static_cast<IteratorObject*>(iterv.obj);
  switch (it->iter) {
    case IterKind::List: {
      auto& items = as_list(it->source)->items;
      if (it->pos >= static_cast<int64_t>(items.size())) { it->pos = INT64_MAX; return false; }
      *out = items[it->pos++];
      return true;
    }
    case IterKind::Tuple: {
      auto& items = as_tuple(it->source)->items;
      if (it->pos >= static_cast<int64_t>(items.size())) return false;
      *out = items[it->pos++];
      return true;
    }
    case IterKind::Str: {
      std::string_view s = str_view(it->source);
      if (it->pos >= static_cast<int64_t>(s.size())) return false;
      size_t n = char_length(s, it->pos);
      std::string_view ch = s.substr(it->pos, n);
      it->pos += n;
      *out = make_str(t, ch);
      return true;
    }
    case IterKind::DictKeys:
    case IterKind::DictValues:
    case IterKind::DictItems: {
      auto* d = as_dict(it->source);
      if (d->version != it->version) {
        it->version = d->version;  // raise once
        throw_error(t, "RuntimeError", "dictionary changed size during iteration");
      }
      while (it->pos < static_cast<int64_t>(d->entries.size()) && !d->entries[it->pos].live) ++it->pos;
      if (it->pos >= static_cast<int64_t>(d->entries.size())) return false;
      auto& e = d->entries[it->pos++];
      if (it->iter == IterKind::DictKeys) *out = e.key;
      else if (it->iter == IterKind::DictValues) *out = e.value;
      else *out = make_tuple(t, {e.key, e.value});
      return true;
    }
    case IterKind::Range: {
      if (it->remaining <= 0) return false;
      *out = Value::integer(it->pos);
      --it->remaining;
      if (it->remaining > 0) it->pos += it->step;
      return true;
    }
    case IterKind::Enumerate: {
      Value item;
      if (!iter_next(t, it->source, &item)) return false;
      RootScope scope(t);
      scope.push(item);
      *out = make_tuple(t, {Value::integer(it->pos), item});
      if (__builtin_add_overflow(it->pos, 1, &it->pos)) throw_error(t, "OverflowError", "integer overflow");
      return true;
    }
    case IterKind::Zip: {
      if (it->parts.empty()) return false;
      RootScope scope(t);
      std::vector<Value> items;
      for (auto& p : it->parts) {
        Value item;
        if (!iter_next(t, p, &item)) return false;
        items.push_back(scope.push(item));
      }
      *out = make_tuple(t, std::move(items));
      return true;
    }
    case IterKind::Set: {
      auto* s = as_set(it->source);
      if (static_cast<uint64_t>(s->used) != it->version) {
        it->version = s->used;
        throw_error(t, "RuntimeError", "Set changed size during iteration");
      }
      while (it->pos < static_cast<int64_t>(s->table.size()) && s->table[it->pos].state != SetObject::kActive) ++it->pos;
      if (it->pos >= static_cast<int64_t>(s->table.size())) return false;
      *out = s->table[it->pos++].key;
      return true;
    }
    case IterKind::Bytes: {
      const std::string& d = as_bytes(it->source)->data;
      if (it->pos >= static_cast<int64_t>(d.size())) return false;
      *out = Value::integer(static_cast<unsigned char>(d[it->pos++]));
      return true;
    }
    case IterKind::Reversed: {
      if (it->pos < 0) return false;
      Value src = it->source;
      int64_t n = length(t, src);
      if (it->pos >= n) {  // the sequence shrank
        it->pos = -1;
        return false;
      }
      *out = get_item_value(t, src, Value::integer(it->pos--));
      return true;
    }
    case IterKind::Map: {
      RootScope scope(t);
      std::vector<Value> args;
      for (auto& p : it->parts) {
        Value item;
        if (!iter_next(t, p, &item)) return false;
        args.push_back(scope.push(item));
      }
      *out = call_value(t, it->source, args.data(), static_cast<uint32_t>(args.size()));
      return true;
    }
    case IterKind::Filter: {
      RootScope scope(t);
      Value item;
      while (iter_next(t, it->source, &item)) {
        scope.push(item);
        Value fn = it->parts[0];
        bool keep = fn.is_none() ? truth(t, item) : truth(t, scope.push(call_value(t, fn, &item, 1)));
        if (keep) {
          *out = item;
          return true;
        }
      }
      return false;
    }
    case IterKind::Callable: {
      if (it->remaining < 0) return false;  // exhausted
      if (it->step == 1) {  // the sequence protocol: source[pos] until IndexError
        try {
          *out = get_item_value(t, it->source, Value::integer(it->pos));
        } catch (const Raised&) {
          if (pending_is(t, "IndexError") || pending_is(t, "StopIteration")) {
            t->has_error = false;
            t->exception = Value::none();
            it->remaining = -1;
            return false;
          }
          throw;
        }
        ++it->pos;
        return true;
      }
      Value v = call_value(t, it->source, nullptr, 0);
      if (values_equal(t, v, it->parts[0])) {
        it->remaining = -1;
        return false;
      }
      *out = v;
      return true;
    }
  }
  return false;
}

std::vector<Value> collect_iterable(Thread* t, Value iterable) {
  if (iterable.is(ObjKind::List)) return as_list(iterable)->items;
  if (iterable.is(ObjKind::Tuple)) return as_tuple(iterable)->items;
  t->heap->push_root(iterable);
  Value it = make_iterator(t, iterable);
  t->heap->push_root(it);
  std::vector<Value> out;
  Value item;
  while (iter_next(t, it, &item)) {
    t->heap->push_root(item);  // popped by the caller's RootScope
    out.push_back(item);
  }
  return out;
}

}  // namespace plank::core
