// Methods of the built-in types (str, list, dict): the methods table.
#include <algorithm>
#include <cstring>

#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <fmt/format.h>

#include "runtime/args.h"
#include "runtime/copy_bytes.h"
#include "runtime/heap.h"
#include "runtime/new_str.h"
#include "runtime/unicode.h"
#include "runtime/classes.h"
#include "runtime/exceptions.h"

namespace plank::core {

void sort_list_values(Thread* t, std::vector<Value>& items, Value key, bool reverse);
void update_dict_from(Thread* t, Value d, Value src);

namespace {

using P = IntrinsicParam;

const Method* current(ObjKind k, std::string_view name) { return find_method(k, name); }

// Entries of the methods table never move (add_method appends to a deque), so
// each method finds its own entry and display name once.
template <ObjKind K, const char* Name, auto Impl>
bool wrap(Thread* t, Value* result, const Value& self, const CallArgs& args) {
  try {
    static const Method* m = current(K, Name);
    static const std::string display =
        fmt::format("{}.{}", K == ObjKind::Str ? "str" : K == ObjKind::List ? "list" : "dict", Name);
    std::vector<Value> storage;  // 'abc'.startswith(Colour('a')): the str it holds (args.h)
    CallArgs unwrapped;
    if (any_instance(args) && unwrap_value_call_args(&m->params, true, args, &storage, &unwrapped)) {
      BoundArgs b;
      bind_args(t, display, m->params, unwrapped, &b);
      *result = Impl(t, self, b);
      return true;
    }
    // No arguments to no parameters (`s.upper()`): nothing to bind, nothing to
    // check, and no BoundArgs to build and destroy.
    if (args.npos == 0 && args.nkw == 0 && m->params.empty()) {
      static const BoundArgs kNoArgs{};
      *result = Impl(t, self, kNoArgs);
      return true;
    }
    BoundArgs b;
    bind_args(t, display, m->params, args, &b);
    *result = Impl(t, self, b);
    return true;
  } catch (const Raised&) {
    return false;
  }
}

bool intlike(Value v) { return v.is_int() || v.is_bool(); }

int64_t as_index(Thread* t, Value v) {
  if (intlike(v)) return v.i;
  throw_error(t, "TypeError", fmt::format("'{}' object cannot be interpreted as an integer", type_name(v)));
}

std::string_view need_str(Thread* t, Value v, std::string_view what) {
  if (!v.is(ObjKind::Str)) throw_error(t, "TypeError", fmt::format("{} must be str, not {}", what, type_name(v)));
  return str_view(v);
}

bool is_space(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f); }

// An all-ASCII string (the common case, flagged at construction) keeps the
// byte loops; any other goes through the Unicode tables (unicode.h).
bool ascii_str(Value s) { return as_str(s)->flags & kStrAscii; }

// Byte length of the whitespace at s[i] / just before s[e], 0 if none: python3's
// whitespace (str.isspace), which past ASCII includes U+00A0, U+2003, U+3000...
size_t space_at(bool ascii, std::string_view s, size_t i) {
  return ascii ? is_space(s[i]) : unicode::space_at(s, i);
}
size_t space_before(bool ascii, std::string_view s, size_t e) {
  return ascii ? is_space(s[e - 1]) : unicode::space_before(s, e);
}

// ------------------------------------------------------------------ str

// s.find(c, from): the first 16 bytes by a loop, the rest by memchr. Parts of
// a split are mostly short words, for which a call to memchr cost more than
// the search.
inline size_t find_byte(std::string_view s, char c, size_t from) {
  const char* p = s.data();
  size_t n = s.size(), near_end = std::min(n, from + 16);
  for (size_t j = from; j < near_end; ++j)
    if (p[j] == c) return j;
  return near_end < n ? s.find(c, near_end) : std::string_view::npos;
}

Value s_split(Thread* t, Value self, const BoundArgs& b) {
  std::string_view s = str_view(self);
  int64_t maxsplit = b.present(1) ? as_index(t, b.values[1]) : -1;
  RootScope scope(t);
  Value list = scope.push(make_list(t));
  std::vector<Value>& parts = as_list(list)->items;  // the list does not move
  bool self_ascii = ascii_str(self);
  auto add = [&](std::string_view part) {
    Value v;
    if (self_ascii && part.size() >= 2) {  // an ASCII string's parts are ASCII: no scan
      char* bytes;
      v = new_ascii_str_for(t, part.size(), &bytes);  // part lies in self, rooted: valid across the allocation
      copy_bytes(bytes, part.data(), part.size());
    } else {
      v = make_str(t, part);  // the shared strings of 0 and 1 byte
    }
    parts.push_back(v);
  };
  if (!b.present(0)) {
    bool ascii = self_ascii;
    size_t i = 0, n;
    int64_t splits = 0;
    while (true) {
      while (i < s.size() && (n = space_at(ascii, s, i))) i += n;
      if (i >= s.size()) break;
      if (maxsplit >= 0 && splits >= maxsplit) {
        add(s.substr(i));  // the remainder keeps its trailing whitespace
        break;
      }
      size_t j = i;
      while (j < s.size() && !space_at(ascii, s, j)) ++j;  // a continuation byte is never a space
      add(s.substr(i, j - i));
      ++splits;
      i = j;
    }
    return list;
  }
  if (!b.values[0].is(ObjKind::Str))
    throw_error(t, "TypeError", fmt::format("must be str or None, not {}", type_name(b.values[0])));
  std::string_view sep = str_view(b.values[0]);
  if (sep.empty()) throw_error(t, "ValueError", "empty separator");
  size_t i = 0;
  int64_t splits = 0;
  while (true) {
    size_t j = sep.size() == 1 ? find_byte(s, sep[0], i) : s.find(sep, i);
    if (j == std::string_view::npos || (maxsplit >= 0 && splits >= maxsplit)) {
      add(s.substr(i));
      break;
    }
    add(s.substr(i, j - i));
    ++splits;
    i = j + sep.size();
  }
  return list;
}

Value s_join(Thread* t, Value self, const BoundArgs& b) {
  RootScope scope(t);
  Value src = b.values[0];
  std::vector<Value> collected;
  bool in_place = src.is(ObjKind::List) || src.is(ObjKind::Tuple);
  if (!in_place) collected = collect_iterable(t, src);
  if (in_place) {  // instances of a str subclass join as their str (collected: reachable through src)
    const auto& src_items = src.is(ObjKind::List) ? list_items(src) : tuple_items(src);
    if (std::any_of(src_items.begin(), src_items.end(), is_value_instance)) {
      in_place = false;
      collected = src_items;
    }
  }
  for (Value& item : collected) item = unwrap_value(item);
  // A list or tuple is read in place (nothing below allocates on the heap until the result).
  const std::vector<Value>& items = !in_place ? collected : src.is(ObjKind::List) ? list_items(src) : tuple_items(src);
  std::string_view sep = str_view(self);
  size_t total = items.empty() ? 0 : sep.size() * (items.size() - 1);
  bool ascii = ascii_str(self);
  for (size_t i = 0; i < items.size(); ++i) {
    if (!items[i].is(ObjKind::Str))
      throw_error(t, "TypeError", fmt::format("sequence item {}: expected str instance, {} found", i, type_name(items[i])));
    total += as_str(items[i])->len;
    ascii = ascii && ascii_str(items[i]);
  }
  // All ASCII: written straight into the result (no copy through a std::string,
  // no ASCII scan). Only for a list or tuple, whose items it roots while the
  // result is allocated (collected items are not rooted).
  if (ascii && total >= 2 && collected.empty()) {
    char* out;
    Value r = new_ascii_str_for(t, total, &out);  // items do not move
    for (size_t i = 0; i < items.size(); ++i) {
      if (i) {
        copy_bytes(out, sep.data(), sep.size());
        out += sep.size();
      }
      std::string_view item = str_view(items[i]);
      copy_bytes(out, item.data(), item.size());
      out += item.size();
    }
    return r;
  }
  std::string out;
  out.reserve(total);
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += sep;
    out += str_view(items[i]);
  }
  return make_str_from(t, std::move(out));
}

Value strip_impl(Thread* t, Value self, const BoundArgs& b, bool left, bool right) {
  std::string_view s = str_view(self);
  size_t i = 0, e = s.size();
  if (b.present(0)) {
    std::string_view chars = need_str(t, b.values[0], "strip arg");
    // Whole code points are compared: a complete UTF-8 sequence found in chars
    // is one of its code points (a lead byte never matches a continuation byte).
    bool ascii = ascii_str(self);
    auto in = [&](size_t at, size_t n) { return chars.find(s.substr(at, n)) != std::string_view::npos; };
    for (size_t n; left && i < e && in(i, n = ascii ? 1 : unicode::char_at(s, i));) i += n;
    while (right && e > i) {
      size_t n = ascii ? 1 : std::min(unicode::char_before(s, e), e - i);
      if (!in(e - n, n)) break;
      e -= n;
    }
  } else {
    bool ascii = ascii_str(self);
    if (left) for (size_t n; i < e && (n = space_at(ascii, s, i));) i += n;
    if (right) for (size_t n; e > i && (n = space_before(ascii, s, e));) e -= n;
  }
  if (i == 0 && e == s.size()) return self;
  return make_str(t, s.substr(i, e - i));
}
Value s_strip(Thread* t, Value self, const BoundArgs& b) { return strip_impl(t, self, b, true, true); }
Value s_lstrip(Thread* t, Value self, const BoundArgs& b) { return strip_impl(t, self, b, true, false); }
Value s_rstrip(Thread* t, Value self, const BoundArgs& b) { return strip_impl(t, self, b, false, true); }

// ASCII case change of 8 bytes at once, all < 0x80 (SWAR): a byte in
// [lo, lo + 25] has its 0x20 bit flipped. Adding 0x80 - lo sets a byte's top
// bit when it is >= lo, adding 0x80 - lo - 26 when it is > lo + 25; no byte
// carries into the next, since every byte is below 0x80.
inline uint64_t flip_case8(uint64_t x, char lo) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  uint64_t ge = x + kOnes * static_cast<uint64_t>(0x80 - lo);
  uint64_t gt = x + kOnes * static_cast<uint64_t>(0x80 - lo - 26);
  uint64_t in_range = ge & ~gt & (kOnes * 0x80);
  return x ^ (in_range >> 2);  // 0x80 >> 2 == 0x20
}

// An ASCII string with the letters lo..lo+25 changed in case ('a' for upper,
// 'A' for lower), written straight into the new object: 8 bytes at a time,
// the last 8 overlapping the ones before (re-reading the input is harmless).
// A byte loop was half of `s.upper()` for a 9-character string.
Value case_ascii(Thread* t, Value self, char lo) {
  std::string_view s = str_view(self);  // self is rooted and does not move: valid across the allocation
  auto map = [lo](char c) { return c >= lo && c <= lo + 25 ? static_cast<char>(c ^ 0x20) : c; };
  if (s.size() <= 1) {  // the shared one-character strings
    char c = s.empty() ? '\0' : map(s[0]);
    return make_str(t, std::string_view(&c, s.size()));
  }
  char* bytes;
  Value r = new_ascii_str_for(t, s.size(), &bytes);
  char* out = bytes;
  const char* in = s.data();
  size_t n = s.size();
  if (n < 8) {
    for (size_t i = 0; i < n; ++i) out[i] = map(in[i]);
    return r;
  }
  for (size_t i = 0;; i += 8) {
    if (i + 8 > n) i = n - 8;
    uint64_t x;
    std::memcpy(&x, in + i, 8);
    x = flip_case8(x, lo);
    std::memcpy(out + i, &x, 8);
    if (i + 8 == n) break;
  }
  return r;
}

Value s_lower(Thread* t, Value self, const BoundArgs&) {
  if (!ascii_str(self)) return make_str_from(t, unicode::lower(str_view(self)));
  return case_ascii(t, self, 'A');
}

Value s_upper(Thread* t, Value self, const BoundArgs&) {
  if (!ascii_str(self)) return make_str_from(t, unicode::upper(str_view(self)));
  return case_ascii(t, self, 'a');
}

Value s_replace(Thread* t, Value self, const BoundArgs& b) {
  std::string_view s = str_view(self);
  std::string_view old = need_str(t, b.values[0], "replace() argument 1");
  std::string_view rep = need_str(t, b.values[1], "replace() argument 2");
  int64_t count = b.present(2) ? as_index(t, b.values[2]) : -1;
  std::string out;
  if (old.empty()) {
    // Python inserts rep before every character and at the end.
    int64_t n = 0;
    size_t i = 0;
    while (i <= s.size()) {
      if (count >= 0 && n >= count) {
        out += s.substr(i);
        break;
      }
      out += rep;
      ++n;
      if (i == s.size()) break;
      unsigned char c = s[i];
      size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
      out += s.substr(i, len);
      i += len;
    }
    return make_str_from(t, std::move(out));
  }
  size_t i = 0;
  int64_t n = 0;
  while (true) {
    size_t j = s.find(old, i);
    if (j == std::string_view::npos || (count >= 0 && n >= count)) {
      out += s.substr(i);
      break;
    }
    out += s.substr(i, j - i);
    out += rep;
    ++n;
    i = j + old.size();
  }
  return make_str_from(t, std::move(out));
}

// Byte range [start,end) of the optional start/end (code-point indices) params at pi, pi+1.
std::pair<size_t, size_t> sub_range(Thread* t, std::string_view s, const BoundArgs& b, size_t pi) {
  std::vector<size_t> offs = utf8::starts(s);
  int64_t n = static_cast<int64_t>(offs.size()) - 1;
  auto adj = [&](size_t i, int64_t dflt) {
    if (!b.present(i)) return dflt;
    int64_t x = as_index(t, b.values[i]);
    if (x < 0) x = std::max<int64_t>(0, x + n);
    return std::min<int64_t>(x, n);
  };
  int64_t st = adj(pi, 0), en = adj(pi + 1, n);
  if (en < st) return {1, 0};  // empty: callers test en < st
  return {offs[st], offs[en]};
}

Value affix_impl(Thread* t, Value self, const BoundArgs& b, bool prefix) {
  std::string_view s = str_view(self);
  auto [st, en] = sub_range(t, s, b, 1);
  if (en < st) return Value::boolean(false);
  std::string_view part = s.substr(st, en - st);
  auto test = [&](Value v) {
    if (!v.is(ObjKind::Str))
      throw_error(t, "TypeError", fmt::format("{} first arg must be str or a tuple of str, not {}", prefix ? "startswith" : "endswith",
                                              type_name(v)));
    std::string_view a = str_view(v);
    return a.size() <= part.size() && (prefix ? part.substr(0, a.size()) == a : part.substr(part.size() - a.size()) == a);
  };
  Value arg = b.values[0];
  if (arg.is(ObjKind::Tuple)) {
    for (auto& v : tuple_items(arg))
      if (test(v)) return Value::boolean(true);
    return Value::boolean(false);
  }
  return Value::boolean(test(arg));
}
Value s_startswith(Thread* t, Value self, const BoundArgs& b) { return affix_impl(t, self, b, true); }
Value s_endswith(Thread* t, Value self, const BoundArgs& b) { return affix_impl(t, self, b, false); }

int64_t byte_to_index(std::string_view s, size_t byte) { return static_cast<int64_t>(utf8::count(s.substr(0, byte))); }

Value s_find(Thread* t, Value self, const BoundArgs& b) {
  std::string_view s = str_view(self);
  std::string_view sub = need_str(t, b.values[0], "find() argument");
  auto [st, en] = sub_range(t, s, b, 1);
  if (en < st) return Value::integer(-1);
  size_t j = s.substr(0, en).find(sub, st);
  if (j == std::string_view::npos) return Value::integer(-1);
  return Value::integer(byte_to_index(s, j));
}

Value s_index(Thread* t, Value self, const BoundArgs& b) {
  Value r = s_find(t, self, b);
  if (r.i < 0) throw_error(t, "ValueError", "substring not found");
  return r;
}

Value s_count(Thread* t, Value self, const BoundArgs& b) {
  std::string_view s = str_view(self);
  std::string_view sub = need_str(t, b.values[0], "count() argument");
  auto [st, en] = sub_range(t, s, b, 1);
  if (en < st) return Value::integer(0);
  std::string_view part = s.substr(st, en - st);
  if (sub.empty()) return Value::integer(byte_to_index(part, part.size()) + 1);
  int64_t n = 0;
  for (size_t i = part.find(sub); i != std::string_view::npos; i = part.find(sub, i + sub.size())) ++n;
  return Value::integer(n);
}

template <bool (*Pred)(unsigned char), unicode::Prop Prop>
Value s_is(Thread*, Value self, const BoundArgs&) {
  std::string_view s = str_view(self);
  if (!ascii_str(self)) return Value::boolean(unicode::all_have(s, Prop));
  if (s.empty()) return Value::boolean(false);
  for (unsigned char c : s)
    if (!Pred(c)) return Value::boolean(false);
  return Value::boolean(true);
}
bool p_digit(unsigned char c) { return c >= '0' && c <= '9'; }
bool p_alpha(unsigned char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }
bool p_alnum(unsigned char c) { return p_digit(c) || p_alpha(c); }
bool p_space(unsigned char c) { return is_space(c); }

// ------------------------------------------------------------------ list

Value l_append(Thread* t, Value self, const BoundArgs& b) {
  list_append(t, self, b.values[0]);
  return Value::none();
}

Value l_pop(Thread* t, Value self, const BoundArgs& b) {
  auto& items = list_items(self);
  if (items.empty()) throw_error(t, "IndexError", "pop from empty list");
  int64_t n = static_cast<int64_t>(items.size());
  int64_t i = b.has(0) ? as_index(t, b.values[0]) : -1;
  if (i < 0) i += n;
  if (i < 0 || i >= n) throw_error(t, "IndexError", "pop index out of range");
  Value v = items[i];
  items.erase(items.begin() + i);
  return v;
}

Value l_insert(Thread* t, Value self, const BoundArgs& b) {
  auto& items = list_items(self);
  int64_t n = static_cast<int64_t>(items.size());
  int64_t i = as_index(t, b.values[0]);
  if (i < 0) i = std::max<int64_t>(0, i + n);
  i = std::min(i, n);
  items.insert(items.begin() + i, b.values[1]);
  t->heap->note_growth(sizeof(Value));
  return Value::none();
}

Value l_index(Thread* t, Value self, const BoundArgs& b) {
  auto& items = list_items(self);
  int64_t n = static_cast<int64_t>(items.size());
  auto adj = [&](size_t p, int64_t d) {
    if (!b.has(p)) return d;
    int64_t x = as_index(t, b.values[p]);
    if (x < 0) x = std::max<int64_t>(0, x + n);
    return std::min(x, n);
  };
  int64_t st = adj(1, 0), en = adj(2, n);
  for (int64_t i = st; i < en && i < static_cast<int64_t>(items.size()); ++i)
    if (values_equal(t, items[i], b.values[0])) return Value::integer(i);
  throw_error(t, "ValueError", fmt::format("{} is not in list", repr(t, b.values[0])));
}

Value l_extend(Thread* t, Value self, const BoundArgs& b) {
  RootScope scope(t);
  std::vector<Value> items = collect_iterable(t, b.values[0]);
  auto& dst = list_items(self);
  dst.insert(dst.end(), items.begin(), items.end());
  t->heap->note_growth(items.size() * sizeof(Value));
  return Value::none();
}

Value l_remove(Thread* t, Value self, const BoundArgs& b) {
  auto& items = list_items(self);
  for (size_t i = 0; i < items.size(); ++i)
    if (values_equal(t, items[i], b.values[0])) {
      items.erase(items.begin() + i);
      return Value::none();
    }
  throw_error(t, "ValueError", "list.remove(x): x not in list");
}

Value l_reverse(Thread*, Value self, const BoundArgs&) {
  auto& items = list_items(self);
  std::reverse(items.begin(), items.end());
  return Value::none();
}

Value l_sort(Thread* t, Value self, const BoundArgs& b) {
  std::vector<Value> items = list_items(self);
  RootScope scope(t);
  sort_list_values(t, items, b.get(0), b.has(1) && truthy(b.values[1]));
  list_items(self) = std::move(items);
  return Value::none();
}

Value l_count(Thread* t, Value self, const BoundArgs& b) {
  int64_t n = 0;
  auto items = list_items(self);
  for (auto& v : items)
    if (values_equal(t, v, b.values[0])) ++n;
  return Value::integer(n);
}

Value l_copy(Thread* t, Value self, const BoundArgs&) { return make_list(t, list_items(self)); }

Value l_clear(Thread*, Value self, const BoundArgs&) {
  list_items(self).clear();
  return Value::none();
}

// ------------------------------------------------------------------ dict

Value d_get(Thread* t, Value self, const BoundArgs& b) {
  Value out;
  if (dict_get(t, self, b.values[0], &out)) return out;
  return b.get(1);
}

Value d_keys(Thread* t, Value self, const BoundArgs&) { return make_dict_view(t, self, DictViewKind::Keys); }
Value d_values(Thread* t, Value self, const BoundArgs&) { return make_dict_view(t, self, DictViewKind::Values); }
Value d_items(Thread* t, Value self, const BoundArgs&) { return make_dict_view(t, self, DictViewKind::Items); }

Value d_pop(Thread* t, Value self, const BoundArgs& b) {
  Value out;
  if (dict_del(t, self, b.values[0], &out)) return out;
  if (b.has(1)) return b.values[1];
  throw_key_error(t, b.values[0]);
}

Value d_setdefault(Thread* t, Value self, const BoundArgs& b) {
  Value out;
  if (dict_get(t, self, b.values[0], &out)) return out;
  Value d = b.get(1);
  dict_set(t, self, b.values[0], d);
  return d;
}

Value d_update(Thread* t, Value self, const BoundArgs& b) {
  if (b.has(0)) update_dict_from(t, self, b.values[0]);
  return Value::none();
}

Value d_copy(Thread* t, Value self, const BoundArgs&) {
  RootScope scope(t);
  Value d = scope.push(make_dict(t));
  update_dict_from(t, d, self);
  return d;
}

Value d_clear(Thread*, Value self, const BoundArgs&) {
  auto* d = as_dict(self);
  d->entries.clear();
  d->index.clear();
  d->count = 0;
  ++d->version;
  return Value::none();
}

// Method names as linkage-visible constants for the wrap template.
#define NAME(id, text) constexpr char id[] = text;
NAME(n_split, "split") NAME(n_join, "join") NAME(n_strip, "strip") NAME(n_lstrip, "lstrip") NAME(n_rstrip, "rstrip")
NAME(n_lower, "lower") NAME(n_upper, "upper") NAME(n_replace, "replace") NAME(n_startswith, "startswith")
NAME(n_endswith, "endswith") NAME(n_find, "find") NAME(n_index, "index") NAME(n_count, "count") NAME(n_isdigit, "isdigit")
NAME(n_isalpha, "isalpha") NAME(n_isalnum, "isalnum") NAME(n_isspace, "isspace")
NAME(n_append, "append") NAME(n_pop, "pop") NAME(n_insert, "insert") NAME(n_extend, "extend") NAME(n_remove, "remove")
NAME(n_reverse, "reverse") NAME(n_sort, "sort") NAME(n_copy, "copy") NAME(n_clear, "clear")
NAME(n_get, "get") NAME(n_keys, "keys") NAME(n_values, "values") NAME(n_items, "items") NAME(n_setdefault, "setdefault")
NAME(n_update, "update")
#undef NAME

constexpr ObjKind S = ObjKind::Str, L = ObjKind::List, D = ObjKind::Dict;

}  // namespace

std::vector<Method> builtin_methods() {
  P start{"start", "int", "None"}, end{"end", "int", "None"};
  return {
      {S, "split", {P{"sep", "str", "None"}, P{"maxsplit", "int", "-1"}}, "list[str]",
       "Splits at sep (runs of Unicode whitespace, ignoring leading and trailing, when None), at most maxsplit times.",
       &wrap<S, n_split, s_split>},
      {S, "join", {P{"iterable", "iterable[str]"}}, "str", "The strings of the iterable joined with this string between them.",
       &wrap<S, n_join, s_join>},
      {S, "strip", {P{"chars", "str", "None"}}, "str", "Removes leading and trailing chars (Unicode whitespace, as str.isspace, when None).",
       &wrap<S, n_strip, s_strip>},
      {S, "lstrip", {P{"chars", "str", "None"}}, "str", "Removes leading chars (Unicode whitespace when None).", &wrap<S, n_lstrip, s_lstrip>},
      {S, "rstrip", {P{"chars", "str", "None"}}, "str", "Removes trailing chars (Unicode whitespace when None).", &wrap<S, n_rstrip, s_rstrip>},
      {S, "lower", {}, "str", "A copy in lower case, with Unicode full case mapping and the final-sigma rule, as python3.", &wrap<S, n_lower, s_lower>},
      {S, "upper", {}, "str", "A copy in upper case, with Unicode full case mapping ('ß' becomes 'SS'), as python3.", &wrap<S, n_upper, s_upper>},
      {S, "replace", {P{"old", "str"}, P{"new", "str"}, P{"count", "int", "-1"}}, "str",
       "A copy with occurrences of old replaced by new (the first count only when count >= 0).", &wrap<S, n_replace, s_replace>},
      {S, "startswith", {P{"prefix", "str|tuple[str]"}, start, end}, "bool", "Whether the string starts with prefix (or one of a tuple).",
       &wrap<S, n_startswith, s_startswith>},
      {S, "endswith", {P{"suffix", "str|tuple[str]"}, start, end}, "bool", "Whether the string ends with suffix (or one of a tuple).",
       &wrap<S, n_endswith, s_endswith>},
      {S, "find", {P{"sub", "str"}, start, end}, "int", "The lowest index of sub, or -1.", &wrap<S, n_find, s_find>},
      {S, "index", {P{"sub", "str"}, start, end}, "int", "The lowest index of sub; ValueError when absent.", &wrap<S, n_index, s_index>},
      {S, "count", {P{"sub", "str"}, start, end}, "int", "The number of non-overlapping occurrences of sub.", &wrap<S, n_count, s_count>},
      {S, "isdigit", {}, "bool", "Whether the string is non-empty and all Unicode digits (python3's isdigit: Numeric_Type Digit or Decimal).", &wrap<S, n_isdigit, s_is<p_digit, unicode::kDigit>>},
      {S, "isalpha", {}, "bool", "Whether the string is non-empty and all Unicode letters (categories Lu, Ll, Lt, Lm, Lo).", &wrap<S, n_isalpha, s_is<p_alpha, unicode::kAlpha>>},
      {S, "isalnum", {}, "bool", "Whether the string is non-empty and all Unicode letters or numerics (python3's isalnum).", &wrap<S, n_isalnum, s_is<p_alnum, unicode::kAlnum>>},
      {S, "isspace", {}, "bool", "Whether the string is non-empty and all Unicode whitespace (python3's isspace).", &wrap<S, n_isspace, s_is<p_space, unicode::kSpace>>},
      {L, "append", {P{"object", "any"}}, "None", "Adds an item at the end.", &wrap<L, n_append, l_append>},
      {L, "pop", {P{"index", "int", "-1"}}, "any", "Removes and returns the item at index (the last by default).",
       &wrap<L, n_pop, l_pop>},
      {L, "insert", {P{"index", "int"}, P{"object", "any"}}, "None", "Inserts an item before index.", &wrap<L, n_insert, l_insert>},
      {L, "index", {P{"value", "any"}, P{"start", "int", "0"}, P{"stop", "int", "None"}}, "int",
       "The index of the first item equal to value; ValueError when absent.", &wrap<L, n_index, l_index>},
      {L, "extend", {P{"iterable", "iterable"}}, "None", "Appends the items of the iterable.", &wrap<L, n_extend, l_extend>},
      {L, "remove", {P{"value", "any"}}, "None", "Removes the first item equal to value; ValueError when absent.",
       &wrap<L, n_remove, l_remove>},
      {L, "reverse", {}, "None", "Reverses the list in place.", &wrap<L, n_reverse, l_reverse>},
      {L, "sort", {P{"key", "callable", "None", false, true}, P{"reverse", "bool", "False", false, true}}, "None",
       "Sorts the list in place (stable), by key when given.", &wrap<L, n_sort, l_sort>},
      {L, "count", {P{"value", "any"}}, "int", "The number of items equal to value.", &wrap<L, n_count, l_count>},
      {L, "copy", {}, "list", "A shallow copy.", &wrap<L, n_copy, l_copy>},
      {L, "clear", {}, "None", "Removes every item.", &wrap<L, n_clear, l_clear>},
      {D, "get", {P{"key", "any"}, P{"default", "any", "None"}}, "any", "The value for key, or default when absent.",
       &wrap<D, n_get, d_get>},
      {D, "keys", {}, "dict_keys", "A view of the keys in insertion order.", &wrap<D, n_keys, d_keys>},
      {D, "values", {}, "dict_values", "A view of the values in insertion order.", &wrap<D, n_values, d_values>},
      {D, "items", {}, "dict_items", "A view of the (key, value) pairs in insertion order.", &wrap<D, n_items, d_items>},
      {D, "pop", {P{"key", "any"}, P{"default", "any", "<none>"}}, "any",
       "Removes key and returns its value, or default when absent (KeyError without a default).", &wrap<D, n_pop, d_pop>},
      {D, "setdefault", {P{"key", "any"}, P{"default", "any", "None"}}, "any",
       "The value for key, inserting default first when absent.", &wrap<D, n_setdefault, d_setdefault>},
      {D, "update", {P{"other", "dict|iterable", "None"}}, "None", "Sets every key of a mapping or iterable of pairs.",
       &wrap<D, n_update, d_update>},
      {D, "copy", {}, "dict", "A shallow copy.", &wrap<D, n_copy, d_copy>},
      {D, "clear", {}, "None", "Removes every key.", &wrap<D, n_clear, d_clear>},
  };
}

}  // namespace plank::core
