// Insertion-ordered dicts: the open-addressing index over the entry list.
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

namespace plank::core {

// The common keys (ints, the same object, two strs) without values_equal's
// general dispatch; hashes already matched.
static bool keys_equal(Thread* t, Value a, Value b) {
  if (a.tag == b.tag) {
    if (a.tag == Tag::Int) return a.i == b.i;
    if (a.tag == Tag::Object) {
      if (a.obj == b.obj) return true;
      if (a.obj->kind == ObjKind::Str && b.obj->kind == ObjKind::Str) return str_view(a) == str_view(b);
    }
  }
  return values_equal(t, a, b);
}

// hash_value with ints (the commonest key) inline.
static inline uint64_t key_hash(Thread* t, Value key) {
  return key.tag == Tag::Int ? static_cast<uint64_t>(key.i) : hash_value(t, key);
}

// The index slots a hash visits: CPython's open-addressing recurrence
// j = 5j + 1 + perturb, with perturb shifted down each step, so that all the
// hash's bits take part (a hash may be a plain int) and every slot is reached
// once perturb is spent.
struct DictProbe {
  DictProbe(uint64_t hash, size_t mask) : j(hash & mask), mask(mask), perturb(hash) {}
  void next() {
    perturb >>= 5;
    j = (j * 5 + perturb + 1) & mask;
  }
  size_t j, mask;
  uint64_t perturb;
};

static void dict_rebuild(DictObject* d, size_t want) {
  d->last = SIZE_MAX;
  if (d->count != d->entries.size()) {
    std::vector<DictObject::Entry> live;
    live.reserve(d->count);
    for (auto& e : d->entries)
      if (e.live) live.push_back(e);
    d->entries.swap(live);
  }
  size_t cap = 8;
  while (cap * 2 < want * 3 + 3) cap *= 2;
  d->index.assign(cap, DictObject::Slot{-1, 0});
  size_t mask = cap - 1;
  for (size_t i = 0; i < d->entries.size(); ++i) {
    DictProbe p(d->entries[i].hash, mask);
    while (d->index[p.j].entry != -1) p.next();
    d->index[p.j] = {static_cast<int32_t>(i), DictObject::tag_of(d->entries[i].hash)};
  }
}

// Index slot of key, or -1; *insert_at: where a new key would go.
static int64_t dict_lookup(Thread* t, DictObject* d, Value key, uint64_t h, size_t* insert_at) {
  if (d->index.empty()) dict_rebuild(d, 1);
  size_t mask = d->index.size() - 1;
  size_t first_free = SIZE_MAX;
  uint32_t tag = DictObject::tag_of(h);
  for (DictProbe p(h, mask);; p.next()) {
    DictObject::Slot slot = d->index[p.j];
    int32_t idx = slot.entry;
    if (idx == -1) {
      if (insert_at) *insert_at = first_free != SIZE_MAX ? first_free : p.j;
      return -1;
    }
    if (idx == -2) {
      if (first_free == SIZE_MAX) first_free = p.j;
    } else if (slot.tag == tag) {
      auto& e = d->entries[idx];
      if (e.hash == h && keys_equal(t, e.key, key)) return static_cast<int64_t>(p.j);
    }
  }
}

// The entry of d->last when `key` is that entry's key by identity (same int,
// same object; not floats, whose NaN is not equal to itself), else null.
static DictObject::Entry* dict_last(DictObject* d, Value key) {
  if (d->last >= d->entries.size() || key.tag == Tag::Float) return nullptr;
  DictObject::Entry& e = d->entries[d->last];
  return e.live && e.key.tag == key.tag && e.key.bits == key.bits ? &e : nullptr;
}

bool dict_get(Thread* t, Value dict, Value key, Value* out) {
  auto* d = as_dict(dict);
  if (DictObject::Entry* e = dict_last(d, key)) {
    *out = e->value;
    return true;
  }
  uint64_t h = key_hash(t, key);
  if (d->count == 0) return false;
  int64_t j = dict_lookup(t, d, key, h, nullptr);
  if (j < 0) return false;
  d->last = static_cast<size_t>(d->index[j].entry);
  *out = d->entries[d->last].value;
  return true;
}

int64_t dict_find_int(DictObject* d, int64_t key) {
  if (dict_last(d, Value::integer(key))) return static_cast<int64_t>(d->last);
  if (d->count == 0) return -1;
  uint64_t h = static_cast<uint64_t>(key);  // hash_value of an int
  size_t mask = d->index.size() - 1;
  uint32_t tag = DictObject::tag_of(h);
  for (DictProbe p(h, mask);; p.next()) {
    DictObject::Slot slot = d->index[p.j];
    int32_t idx = slot.entry;
    if (idx == -1) return -1;
    if (idx < 0 || slot.tag != tag) continue;  // deleted, or another hash
    const DictObject::Entry& e = d->entries[static_cast<size_t>(idx)];
    if (e.hash != h) continue;
    if (e.key.tag != Tag::Int) return -2;
    if (e.key.i == key) {
      d->last = static_cast<size_t>(idx);
      return idx;
    }
  }
}

void list_append(Thread* t, Value list, Value item) {
  auto& items = list_items(list);
  t->heap->before_push(items);
  items.push_back(item);
  t->heap->note_growth(sizeof(Value));
}

void dict_set(Thread* t, Value dict, Value key, Value value) {
  auto* d = as_dict(dict);
  if (DictObject::Entry* e = dict_last(d, key)) {
    e->value = value;
    return;
  }
  uint64_t h = key_hash(t, key);
  size_t at = 0;
  int64_t j = dict_lookup(t, d, key, h, &at);
  if (j >= 0) {
    d->last = static_cast<size_t>(d->index[j].entry);
    d->entries[d->last].value = value;
    return;
  }
  if ((d->entries.size() + 1) * 3 >= d->index.size() * 2) {
    size_t index_before = d->index.size();
    dict_rebuild(d, d->count + 1 > d->entries.size() / 2 ? (d->count + 1) * 2 : d->count + 1);
    if (d->index.size() > index_before) t->heap->grow((d->index.size() - index_before) * sizeof(DictObject::Slot));
    dict_lookup(t, d, key, h, &at);
  }
  t->heap->before_push(d->entries);
  d->index[at] = {static_cast<int32_t>(d->entries.size()), DictObject::tag_of(h)};
  d->last = d->entries.size();
  d->entries.push_back({key, value, h, true});
  ++d->count;
  ++d->version;
  t->heap->note_growth(sizeof(DictObject::Entry) + sizeof(DictObject::Slot) * 2);
}

bool dict_del(Thread* t, Value dict, Value key, Value* removed) {
  auto* d = as_dict(dict);
  uint64_t h = key_hash(t, key);
  if (d->count == 0) return false;
  int64_t j = dict_lookup(t, d, key, h, nullptr);
  if (j < 0) return false;
  auto& e = d->entries[d->index[j].entry];
  if (removed) *removed = e.value;
  e.live = false;
  e.key = Value::none();
  e.value = Value::none();
  d->index[j].entry = -2;
  --d->count;
  ++d->version;
  if (d->count == 0) {
    d->entries.clear();
    d->index.clear();
  }
  return true;
}

size_t dict_size(Value dict) { return as_dict(dict)->count; }

Value dict_copy(Thread* t, Value dict) {
  RootScope roots(t);
  roots.push(dict);
  Value copy = roots.push(make_dict(t));
  std::vector<std::pair<Value, Value>> pairs;
  dict_for_each(dict, [&](Value k, Value v) { pairs.emplace_back(k, v); });
  for (auto& [k, v] : pairs) dict_set(t, copy, k, v);  // the keys and values stay reachable from dict
  return copy;
}

}  // namespace plank::core
