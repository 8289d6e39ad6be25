// More methods of the built-in types (issue 27): str.format and the str
// methods agent code reaches for (center, zfill, partition, title, ...),
// tuple.index/count, dict.popitem, and the class-level functions reached
// through a type (dict.fromkeys, int.from_bytes, str.maketrans).
#include <algorithm>
#include <cmath>

#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <fmt/format.h>

#include "runtime/args.h"
#include "runtime/bigint.h"
#include "runtime/bytes.h"
#include "runtime/classes.h"
#include "runtime/descriptor.h"
#include "runtime/exceptions.h"
#include "runtime/format.h"
#include "runtime/heap.h"
#include "runtime/unicode.h"
#include "support/utf8.h"

namespace plank::core {

void update_dict_from(Thread* t, Value d, Value src);  // builtins.cpp

namespace {

using P = IntrinsicParam;

Value arg(Thread* t, const CallArgs& args, uint32_t i, const char* name, uint32_t max) {
  if (args.nkw) throw_error(t, "TypeError", fmt::format("{}() takes no keyword arguments", name));
  if (args.npos > max) throw_error(t, "TypeError", fmt::format("{}() takes at most {} arguments ({} given)", name, max, args.npos));
  return i < args.npos ? args.positional(i) : Value::none();
}

int64_t int_arg(Thread* t, Value v) {
  if (v.is_int() || v.is_bool()) return v.i;
  throw_error(t, "TypeError", fmt::format("'{}' object cannot be interpreted as an integer", type_name(v)));
}

std::string_view str_of(Thread* t, Value v, const char* what) {
  if (!v.is(ObjKind::Str)) throw_error(t, "TypeError", fmt::format("{} must be str, not {}", what, type_name(v)));
  return str_view(v);
}

size_t cps(std::string_view s) { return utf8::count(s); }

Value s_format(Thread* t, Value self, const CallArgs& args) {
  return make_str_from(t, format_template(t, str_view(self), args.values, args.npos, args.nkw, args.kwnames));
}

// center / ljust / rjust
template <char Align>
Value s_justify(Thread* t, Value self, const CallArgs& args) {
  const char* name = Align == '^' ? "center" : Align == '<' ? "ljust" : "rjust";
  if (args.npos < 1) throw_error(t, "TypeError", fmt::format("{}() takes at least 1 argument (0 given)", name));
  int64_t width = int_arg(t, arg(t, args, 0, name, 2));
  std::string fill = " ";
  if (args.npos > 1) {
    std::string_view f = str_of(t, args.positional(1), "fill character");
    if (cps(f) != 1) throw_error(t, "TypeError", "The fill character must be exactly one character long");
    fill = std::string(f);
  }
  std::string_view s = str_view(self);
  int64_t n = static_cast<int64_t>(cps(s));
  if (width <= n) return self;
  int64_t extra = width - n, left = 0;
  if (Align == '^') left = extra / 2 + (extra & width & 1);
  else if (Align == '>') left = extra;
  std::string out;
  for (int64_t i = 0; i < left; ++i) out += fill;
  out += s;
  for (int64_t i = left; i < extra; ++i) out += fill;
  return make_str_from(t, std::move(out));
}

Value s_zfill(Thread* t, Value self, const CallArgs& args) {
  int64_t width = int_arg(t, arg(t, args, 0, "zfill", 1));
  std::string s(str_view(self));
  int64_t n = static_cast<int64_t>(cps(s));
  if (width <= n) return self;
  size_t at = !s.empty() && (s[0] == '+' || s[0] == '-') ? 1 : 0;
  s.insert(at, static_cast<size_t>(width - n), '0');
  return make_str_from(t, std::move(s));
}

template <bool Right>
Value s_partition(Thread* t, Value self, const CallArgs& args) {
  std::string_view sep = str_of(t, arg(t, args, 0, Right ? "rpartition" : "partition", 1), "separator");
  if (sep.empty()) throw_error(t, "ValueError", "empty separator");
  std::string_view s = str_view(self);
  size_t at = Right ? s.rfind(sep) : s.find(sep);
  RootScope roots(t);
  std::vector<Value> parts;
  if (at == std::string_view::npos) {
    Value empty = roots.push(make_str(t, ""));
    if (Right) parts = {empty, empty, self};
    else parts = {self, empty, empty};
  } else {
    parts.push_back(roots.push(make_str(t, s.substr(0, at))));
    parts.push_back(roots.push(make_str(t, sep)));
    parts.push_back(roots.push(make_str(t, s.substr(at + sep.size()))));
  }
  return make_tuple(t, std::move(parts));
}

// The code point index of byte offset `at` in s.
int64_t index_of_byte(std::string_view s, size_t at) { return static_cast<int64_t>(utf8::count(s.substr(0, at))); }

template <bool Raise>
Value s_rfind(Thread* t, Value self, const CallArgs& args) {
  std::string_view sub = str_of(t, arg(t, args, 0, Raise ? "rindex" : "rfind", 3), "argument");
  std::string_view s = str_view(self);
  size_t at = s.rfind(sub);
  if (at == std::string_view::npos) {
    if (Raise) throw_error(t, "ValueError", "substring not found");
    return Value::integer(-1);
  }
  return Value::integer(index_of_byte(s, at));
}

Value s_rsplit(Thread* t, Value self, const CallArgs& args) {
  BoundArgs b;
  bind_args(t, "rsplit", {P{"sep", "str", "None"}, P{"maxsplit", "int", "-1"}}, args, &b);
  std::string_view s = str_view(self);
  int64_t maxsplit = b.present(1) ? int_arg(t, b.values[1]) : -1;
  RootScope roots(t);
  std::vector<Value> parts;
  if (!b.present(0)) {
    int64_t e = static_cast<int64_t>(s.size());
    int64_t splits = 0;
    while (true) {
      while (e > 0 && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
      if (e == 0) break;
      if (maxsplit >= 0 && splits >= maxsplit) {
        parts.push_back(roots.push(make_str(t, s.substr(0, e))));
        break;
      }
      int64_t i = e;
      while (i > 0 && !std::isspace(static_cast<unsigned char>(s[i - 1]))) --i;
      parts.push_back(roots.push(make_str(t, s.substr(i, e - i))));
      ++splits;
      e = i;
    }
  } else {
    std::string_view sep = str_of(t, b.values[0], "separator");
    if (sep.empty()) throw_error(t, "ValueError", "empty separator");
    size_t e = s.size();
    int64_t splits = 0;
    while (true) {
      size_t at = (maxsplit >= 0 && splits >= maxsplit) || e < sep.size() ? std::string_view::npos : s.rfind(sep, e - sep.size());
      if (at == std::string_view::npos) {
        parts.push_back(roots.push(make_str(t, s.substr(0, e))));
        break;
      }
      parts.push_back(roots.push(make_str(t, s.substr(at + sep.size(), e - at - sep.size()))));
      ++splits;
      e = at;
    }
  }
  std::reverse(parts.begin(), parts.end());
  return make_list(t, std::move(parts));
}

Value s_splitlines(Thread* t, Value self, const CallArgs& args) {
  bool keep = args.npos > 0 && truthy(args.positional(0));
  for (uint32_t k = 0; k < args.nkw; ++k)
    if (str_view(args.kwnames[k]) == "keepends") keep = truthy(args.keyword_value(k));
  std::string_view s = str_view(self);
  RootScope roots(t);
  std::vector<Value> parts;
  size_t i = 0;
  while (i < s.size()) {
    size_t j = i;
    while (j < s.size() && s[j] != '\n' && s[j] != '\r') ++j;
    size_t end = j;
    if (j < s.size()) j += (s[j] == '\r' && j + 1 < s.size() && s[j + 1] == '\n') ? 2 : 1;
    parts.push_back(roots.push(make_str(t, s.substr(i, (keep ? j : end) - i))));
    i = j;
  }
  return make_list(t, std::move(parts));
}

template <int Mode>  // 0 title, 1 capitalize, 2 swapcase
Value s_case(Thread* t, Value self, const CallArgs&) {
  std::string_view s = str_view(self);
  std::string out;
  bool prev_cased = false;
  for (size_t i = 0; i < s.size();) {
    size_t n = unicode::char_at(s, i);
    std::string_view ch = s.substr(i, n);
    bool alpha = unicode::all_have(ch, unicode::kAlpha);
    std::string up = unicode::upper(ch), low = unicode::lower(ch);
    switch (Mode) {
      case 0:
        out += alpha ? (prev_cased ? low : up) : std::string(ch);
        prev_cased = alpha;
        break;
      case 1: out += i == 0 ? up : low; break;
      default: out += up != ch ? up : low; break;
    }
    i += n;
  }
  return make_str_from(t, std::move(out));
}

template <bool Upper>
Value s_is_case(Thread*, Value self, const CallArgs&) {
  std::string_view s = str_view(self);
  bool any = false;
  for (size_t i = 0; i < s.size();) {
    size_t n = unicode::char_at(s, i);
    std::string_view ch = s.substr(i, n);
    std::string up = unicode::upper(ch), low = unicode::lower(ch);
    if (up != low) {  // a cased character
      any = true;
      if (Upper ? (ch != up) : (ch != low)) return Value::boolean(false);
    }
    i += n;
  }
  return Value::boolean(any);
}

Value s_isidentifier(Thread*, Value self, const CallArgs&) {
  std::string_view s = str_view(self);
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return Value::boolean(false);
  for (size_t i = 0; i < s.size();) {
    size_t n = unicode::char_at(s, i);
    std::string_view ch = s.substr(i, n);
    if (!(ch == "_" || unicode::all_have(ch, unicode::kAlnum))) return Value::boolean(false);
    i += n;
  }
  return Value::boolean(true);
}

Value s_encode(Thread* t, Value self, const CallArgs& args) {
  RootScope roots(t);
  Value enc = args.npos > 0 ? args.positional(0) : roots.push(make_str(t, "utf-8"));
  return bytes_from(t, self, enc, false);
}

template <bool Prefix>
Value s_remove_affix(Thread* t, Value self, const CallArgs& args) {
  std::string_view a = str_of(t, arg(t, args, 0, Prefix ? "removeprefix" : "removesuffix", 1), "argument");
  std::string_view s = str_view(self);
  if (Prefix && s.substr(0, a.size()) == a) return make_str(t, s.substr(a.size()));
  if (!Prefix && s.size() >= a.size() && s.substr(s.size() - a.size()) == a) return make_str(t, s.substr(0, s.size() - a.size()));
  return self;
}

Value s_expandtabs(Thread* t, Value self, const CallArgs& args) {
  int64_t size = args.npos ? int_arg(t, args.positional(0)) : 8;
  std::string out;
  int64_t col = 0;
  for (char c : str_view(self)) {
    if (c == '\t') {
      int64_t n = size > 0 ? size - col % size : 0;
      out.append(static_cast<size_t>(n), ' ');
      col += n;
    } else {
      out += c;
      col = (c == '\n' || c == '\r') ? 0 : col + ((static_cast<unsigned char>(c) & 0xc0) == 0x80 ? 0 : 1);
    }
  }
  return make_str_from(t, std::move(out));
}

Value s_translate(Thread* t, Value self, const CallArgs& args) {
  Value table = arg(t, args, 0, "translate", 1);
  std::string_view s = str_view(self);
  std::string out;
  for (size_t i = 0; i < s.size();) {
    uint32_t cp = 0;
    size_t n = utf8::decode(s, i, &cp);
    if (!n) n = 1;
    Value repl;
    if (table.is(ObjKind::Dict) && dict_get(t, table, Value::integer(cp), &repl)) {
      if (repl.is(ObjKind::Str)) out += str_view(repl);
      else if (repl.is_int()) append_utf8(out, static_cast<uint32_t>(repl.i));
      // None: deleted
    } else {
      out += s.substr(i, n);
    }
    i += n;
  }
  return make_str_from(t, std::move(out));
}

template <bool Index>
Value t_index_count(Thread* t, Value self, const CallArgs& args) {
  Value x = arg(t, args, 0, Index ? "index" : "count", 1);
  const auto& items = tuple_items(self);
  int64_t count = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    if ((items[i].tag == x.tag && items[i].bits == x.bits) || values_equal(t, items[i], x)) {
      if (Index) return Value::integer(static_cast<int64_t>(i));
      ++count;
    }
  }
  if (Index) throw_error(t, "ValueError", "tuple.index(x): x not in tuple");
  return Value::integer(count);
}

// slice.indices(length): (start, stop, step) clipped to a sequence of that
// length, as CPython's PySlice_GetIndicesEx.
Value slice_indices(Thread* t, Value self, const CallArgs& args) {
  if (args.npos != 1 || args.nkw) throw_error(t, "TypeError", fmt::format("slice.indices() takes exactly one argument ({} given)", args.npos + args.nkw));
  int64_t length = int_arg(t, args.positional(0));
  if (length < 0) throw_error(t, "ValueError", "length should not be negative");
  auto* s = static_cast<SliceObject*>(self.obj);
  auto index = [&](Value v) {
    if (!v.is_int() && !v.is_bool()) throw_error(t, "TypeError", "slice indices must be integers or None or have an __index__ method");
    return v.i;
  };
  int64_t step = s->step.is_none() ? 1 : index(s->step);
  if (step == 0) throw_error(t, "ValueError", "slice step cannot be zero");
  int64_t lower = step < 0 ? -1 : 0, upper = step < 0 ? length - 1 : length;
  auto clip = [&](Value v, int64_t absent) {
    if (v.is_none()) return absent;
    int64_t x = index(v);
    if (x < 0) return std::max(x + length, lower);
    return std::min(x, upper);
  };
  int64_t start = clip(s->start, step < 0 ? upper : lower);
  int64_t stop = clip(s->stop, step < 0 ? lower : upper);
  return make_tuple(t, {Value::integer(start), Value::integer(stop), Value::integer(step)});
}

Value d_popitem(Thread* t, Value self, const CallArgs& args) {
  arg(t, args, 0, "popitem", 0);
  auto* d = as_dict(self);
  for (size_t i = d->entries.size(); i-- > 0;) {
    if (!d->entries[i].live) continue;
    RootScope roots(t);
    Value k = roots.push(d->entries[i].key), v = roots.push(d->entries[i].value);
    dict_del(t, self, k);
    return make_tuple(t, {k, v});
  }
  throw_key_error(t, make_str(t, "popitem(): dictionary is empty"));
}

// ---- functions of the types themselves: dict.fromkeys, int.from_bytes, str.maketrans
Value dict_fromkeys(Thread* t, const CallArgs& args) {
  if (args.npos < 1 || args.npos > 2) throw_error(t, "TypeError", "fromkeys expected 1 or 2 arguments");
  RootScope roots(t);
  Value d = roots.push(make_dict(t));
  Value v = args.npos == 2 ? args.positional(1) : Value::none();
  for (Value k : collect_iterable(t, args.positional(0))) dict_set(t, d, k, v);
  return d;
}

Value int_from_bytes(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind_args(t, "from_bytes", {P{"bytes", "bytes"}, P{"byteorder", "str", "'big'"}, P{"signed", "bool", "False", false, true}}, args, &b);
  if (!is_byteslike(b.values[0])) throw_error(t, "TypeError", "cannot convert to bytes");
  std::string d = as_bytes(b.values[0])->data;
  bool little = b.present(1) && str_view(b.values[1]) == "little";
  if (little) std::reverse(d.begin(), d.end());
  mpz_t z;
  mpz_init(z);
  if (!d.empty()) mpz_import(z, d.size(), 1, 1, 1, 0, d.data());
  if (b.present(2) && truthy(b.values[2]) && !d.empty() && (static_cast<unsigned char>(d[0]) & 0x80)) {
    mpz_t m;
    mpz_init(m);
    mpz_ui_pow_ui(m, 2, d.size() * 8);
    mpz_sub(z, z, m);
    mpz_clear(m);
  }
  Value out = make_int(t, z);
  mpz_clear(z);
  return out;
}

// bytes.fromhex('61 62'): two hex digits a byte, whitespace between bytes allowed.
Value bytes_fromhex(Thread* t, const CallArgs& args) {
  if (args.npos != 1 || args.nkw != 0 || !args.positional(0).is(ObjKind::Str))
    throw_error(t, "TypeError", "fromhex() argument must be str");
  std::string_view s = str_view(args.positional(0));
  auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out;
  for (size_t i = 0; i < s.size();) {
    if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '\f' || s[i] == '\v') {
      ++i;
      continue;
    }
    int hi = digit(s[i]), lo = i + 1 < s.size() ? digit(s[i + 1]) : -1;
    if (hi < 0 || lo < 0) {
      size_t at = hi < 0 ? i : i + 1;
      throw_error(t, "ValueError", fmt::format("non-hexadecimal number found in fromhex() arg at position {}", at));
    }
    out += static_cast<char>(hi * 16 + lo);
    i += 2;
  }
  return make_bytes(t, out, false);
}

Value str_maketrans(Thread* t, const CallArgs& args) {
  RootScope roots(t);
  Value d = roots.push(make_dict(t));
  if (args.npos == 1 && args.positional(0).is(ObjKind::Dict)) {
    dict_for_each(args.positional(0), [&](Value k, Value v) {
      if (k.is(ObjKind::Str)) {
        uint32_t cp = 0;
        utf8::decode(str_view(k), 0, &cp);
        dict_set(t, d, Value::integer(cp), v);
      } else {
        dict_set(t, d, k, v);
      }
    });
    return d;
  }
  if (args.npos < 2) throw_error(t, "TypeError", "maketrans() takes 2 or 3 str arguments");
  std::string_view from = str_view(args.positional(0)), to = str_view(args.positional(1));
  if (cps(from) != cps(to)) throw_error(t, "ValueError", "the first two maketrans arguments must have equal length");
  for (size_t i = 0, j = 0; i < from.size();) {
    uint32_t a = 0, c = 0;
    size_t n = utf8::decode(from, i, &a), m = utf8::decode(to, j, &c);
    dict_set(t, d, Value::integer(a), Value::integer(c));
    i += n ? n : 1;
    j += m ? m : 1;
  }
  if (args.npos == 3)
    for (size_t i = 0; i < str_view(args.positional(2)).size();) {
      uint32_t a = 0;
      size_t n = utf8::decode(str_view(args.positional(2)), i, &a);
      dict_set(t, d, Value::integer(a), Value::none());
      i += n ? n : 1;
    }
  return d;
}

// list.__init__ / dict.__init__: what `super().__init__(...)` of a list or dict subclass runs.
Value list_init(Thread* t, const CallArgs& args) {
  if (args.npos < 1 || !args.positional(0).is(ObjKind::List)) throw_error(t, "TypeError", "list.__init__ needs a list");
  if (args.npos > 2 || args.nkw) throw_error(t, "TypeError", fmt::format("list expected at most 1 argument, got {}", args.npos - 1));
  Value self = args.positional(0);
  RootScope roots(t);
  std::vector<Value> items = args.npos == 2 ? collect_iterable(t, args.positional(1)) : std::vector<Value>{};
  as_list(self)->items = std::move(items);
  return Value::none();
}

Value dict_init(Thread* t, const CallArgs& args) {
  if (args.npos < 1 || !args.positional(0).is(ObjKind::Dict)) throw_error(t, "TypeError", "dict.__init__ needs a dict");
  if (args.npos > 2) throw_error(t, "TypeError", fmt::format("dict expected at most 1 argument, got {}", args.npos - 1));
  Value self = args.positional(0);
  if (args.npos == 2) update_dict_from(t, self, args.positional(1));
  for (uint32_t k = 0; k < args.nkw; ++k) dict_set(t, self, args.kwnames[k], args.keyword_value(k));
  return Value::none();
}

Value int_bit_length(Thread* t, const CallArgs& args) {
  if (args.npos != 1 || !is_int_value(args.positional(0))) throw_error(t, "TypeError", "bit_length() takes no arguments");
  Value v = args.positional(0);
  if (!v.is(ObjKind::BigInt)) {
    uint64_t m = v.i < 0 ? 0 - static_cast<uint64_t>(v.i) : static_cast<uint64_t>(v.i);
    return Value::integer(m == 0 ? 0 : 64 - __builtin_clzll(m));
  }
  return Value::integer(static_cast<int64_t>(mpz_sizeinbase(as_bigint(v)->z, 2)));
}

Value int_to_bytes(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind_args(t, "to_bytes", {P{"self", "int"}, P{"length", "int", "1"}, P{"byteorder", "str", "'big'"}, P{"signed", "bool", "False", false, true}},
            args, &b);
  int64_t len = b.has(1) ? int_arg(t, b.values[1]) : 1;
  bool little = b.present(2) && str_view(b.values[2]) == "little";
  bool is_signed = b.present(3) && truthy(b.values[3]);
  mpz_t z;
  mpz_init(z);
  to_mpz(b.values[0], z);
  if (mpz_sgn(z) < 0) {
    if (!is_signed) {
      mpz_clear(z);
      throw_error(t, "OverflowError", "can't convert negative int to unsigned");
    }
    mpz_t m;
    mpz_init(m);
    mpz_ui_pow_ui(m, 2, static_cast<unsigned long>(len * 8));
    mpz_add(z, z, m);
    mpz_clear(m);
  }
  size_t bits = mpz_sgn(z) == 0 ? 0 : mpz_sizeinbase(z, 2);
  if (bits > static_cast<size_t>(len * 8) || (is_signed && mpz_sgn(z) >= 0 && bits == static_cast<size_t>(len * 8) && b.values[0].is_int() && b.values[0].i >= 0)) {
    mpz_clear(z);
    throw_error(t, "OverflowError", "int too big to convert");
  }
  std::string out(static_cast<size_t>(len), '\0');
  size_t count = 0;
  std::vector<unsigned char> buf((bits + 7) / 8 + 1);
  mpz_export(buf.data(), &count, 1, 1, 1, 0, z);
  mpz_clear(z);
  for (size_t i = 0; i < count; ++i) out[static_cast<size_t>(len) - count + i] = static_cast<char>(buf[i]);
  if (little) std::reverse(out.begin(), out.end());
  return make_bytes(t, std::move(out), false);
}

Value float_is_integer(Thread* t, const CallArgs& args) {
  if (args.npos != 1 || !args.positional(0).is_float()) throw_error(t, "TypeError", "is_integer() takes no arguments");
  double x = args.positional(0).f;
  return Value::boolean(std::isfinite(x) && x == std::floor(x));
}

Value float_as_integer_ratio(Thread* t, const CallArgs& args) {
  double x = args.positional(0).f;
  if (std::isinf(x)) throw_error(t, "OverflowError", "cannot convert Infinity to integer ratio");
  if (std::isnan(x)) throw_error(t, "ValueError", "cannot convert NaN to integer ratio");
  int e = 0;
  double m = std::frexp(x, &e);
  for (int i = 0; i < 300 && m != std::floor(m); ++i) {
    m *= 2.0;
    --e;
  }
  mpz_t num, den;
  mpz_init(num);
  mpz_init_set_ui(den, 1);
  mpz_set_d(num, m);
  if (e > 0) mpz_mul_2exp(num, num, static_cast<mp_bitcnt_t>(e));
  else mpz_mul_2exp(den, den, static_cast<mp_bitcnt_t>(-e));
  RootScope roots(t);
  Value a = roots.push(make_int(t, num)), b = roots.push(make_int(t, den));
  mpz_clear(num);
  mpz_clear(den);
  return make_tuple(t, {a, b});
}

// property.setter / getter / deleter: a copy of the property with one function replaced (runtime/descriptor.h).
template <int Which>
Value p_with(Thread* t, Value self, const CallArgs& args) {
  return property_copy(t, self, Which, arg(t, args, 0, Which == 0 ? "getter" : Which == 1 ? "setter" : "deleter", 1));
}

// property.__get__(obj, type=None), staticmethod's and classmethod's; property.__set__ and __delete__.
Value w_get(Thread* t, Value self, const CallArgs& args) {
  Value obj = arg(t, args, 0, "__get__", 2);
  Value type = arg(t, args, 1, "__get__", 2);
  return wrapper_get(t, self, obj, type);
}

Value w_set(Thread* t, Value self, const CallArgs& args) {
  wrapper_set(t, self, arg(t, args, 0, "__set__", 2), arg(t, args, 1, "__set__", 2));
  return Value::none();
}

Value w_delete(Thread* t, Value self, const CallArgs& args) {
  wrapper_delete(t, self, arg(t, args, 0, "__delete__", 1));
  return Value::none();
}

}  // namespace

std::vector<Method> python_methods() {
  constexpr ObjKind S = ObjKind::Str, T = ObjKind::Tuple, D = ObjKind::Dict;
  P width{"width", "int"}, fill{"fillchar", "str", "' '"};
  return {
      {S, "format", {P{"args", "any", "", true}, P{"kwargs", "any", "", false, false, true}}, "str",
       "The string with its {} fields replaced by the arguments, formatted as format() does.", &wrap_method<s_format>},
      {S, "center", {width, fill}, "str", "Centred in a field of `width`.", &wrap_method<s_justify<'^'>>},
      {S, "ljust", {width, fill}, "str", "Left-justified in a field of `width`.", &wrap_method<s_justify<'<'>>},
      {S, "rjust", {width, fill}, "str", "Right-justified in a field of `width`.", &wrap_method<s_justify<'>'>>},
      {S, "zfill", {width}, "str", "Padded with zeros on the left (after a sign) to `width`.", &wrap_method<s_zfill>},
      {S, "partition", {P{"sep", "str"}}, "tuple", "(before, sep, after) at the first sep.", &wrap_method<s_partition<false>>},
      {S, "rpartition", {P{"sep", "str"}}, "tuple", "(before, sep, after) at the last sep.", &wrap_method<s_partition<true>>},
      {S, "rfind", {P{"sub", "str"}}, "int", "The highest index of sub, or -1.", &wrap_method<s_rfind<false>>},
      {S, "rindex", {P{"sub", "str"}}, "int", "The highest index of sub; ValueError when absent.", &wrap_method<s_rfind<true>>},
      {S, "rsplit", {P{"sep", "str", "None"}, P{"maxsplit", "int", "-1"}}, "list[str]", "Splits from the right.",
       &wrap_method<s_rsplit>},
      {S, "splitlines", {P{"keepends", "bool", "False"}}, "list[str]", "The lines (\\n, \\r, \\r\\n ends).", &wrap_method<s_splitlines>},
      {S, "title", {}, "str", "Each word's first letter upper case, the rest lower.", &wrap_method<s_case<0>>},
      {S, "capitalize", {}, "str", "The first character upper case, the rest lower.", &wrap_method<s_case<1>>},
      {S, "swapcase", {}, "str", "Upper case lowered and lower case raised.", &wrap_method<s_case<2>>},
      {S, "isupper", {}, "bool", "Whether every cased character is upper case (and there is one).", &wrap_method<s_is_case<true>>},
      {S, "islower", {}, "bool", "Whether every cased character is lower case (and there is one).", &wrap_method<s_is_case<false>>},
      {S, "isidentifier", {}, "bool", "Whether the string is a valid name.", &wrap_method<s_isidentifier>},
      {S, "encode", {P{"encoding", "str", "'utf-8'"}, P{"errors", "str", "'strict'"}}, "bytes", "The string's bytes in the encoding.",
       &wrap_method<s_encode>},
      {S, "removeprefix", {P{"prefix", "str"}}, "str", "Without the prefix, if it has it.", &wrap_method<s_remove_affix<true>>},
      {S, "removesuffix", {P{"suffix", "str"}}, "str", "Without the suffix, if it has it.", &wrap_method<s_remove_affix<false>>},
      {S, "expandtabs", {P{"tabsize", "int", "8"}}, "str", "Tabs replaced by spaces to the next tab stop.", &wrap_method<s_expandtabs>},
      {S, "translate", {P{"table", "dict"}}, "str", "Each character mapped through the table (str.maketrans).",
       &wrap_method<s_translate>},
      {T, "index", {P{"value", "any"}}, "int", "The index of the first item equal to value.", &wrap_method<t_index_count<true>>},
      {T, "count", {P{"value", "any"}}, "int", "The number of items equal to value.", &wrap_method<t_index_count<false>>},
      {D, "popitem", {}, "tuple", "Removes and returns the last inserted (key, value).", &wrap_method<d_popitem>},
      {ObjKind::Slice, "indices", {P{"length", "int"}}, "tuple",
       "(start, stop, step) of the slice clipped to a sequence of that length.", &wrap_method<slice_indices>},
      {ObjKind::Wrapper, "getter", {P{"fget", "callable"}}, "property", "The property with another getter.", &wrap_method<p_with<0>>},
      {ObjKind::Wrapper, "setter", {P{"fset", "callable"}}, "property", "The property with a setter.", &wrap_method<p_with<1>>},
      {ObjKind::Wrapper, "deleter", {P{"fdel", "callable"}}, "property", "The property with a deleter.", &wrap_method<p_with<2>>},
      {ObjKind::Wrapper, "__get__", {P{"instance", "any"}, P{"owner", "any", "None"}}, "any",
       "What the attribute gives on instance (None: on the class owner): the property's value, the function, the bound class method.",
       &wrap_method<w_get>},
      {ObjKind::Wrapper, "__set__", {P{"instance", "any"}, P{"value", "any"}}, "None", "Calls the property's setter.", &wrap_method<w_set>},
      {ObjKind::Wrapper, "__delete__", {P{"instance", "any"}}, "None", "Calls the property's deleter.", &wrap_method<w_delete>},
  };
}

std::vector<Intrinsic> type_function_intrinsics() {
  const char* M = "builtin-method";
  return {
      {"dict.fromkeys", {P{"iterable", "iterable"}, P{"value", "any", "None"}}, "dict", 0, M,
       "A dict of the iterable's items as keys, each with value.", &wrap<dict_fromkeys>},
      {"bytes.fromhex", {P{"string", "str"}}, "bytes", 0, M, "The bytes two hex digits each stand for.", &wrap<bytes_fromhex>},
      {"int.from_bytes", {P{"bytes", "bytes"}, P{"byteorder", "str", "'big'"}, P{"signed", "bool", "False", false, true}}, "int",
       0, M, "The int the bytes encode.", &wrap<int_from_bytes>},
      {"str.maketrans", {P{"x", "dict|str"}, P{"y", "str", "None"}, P{"z", "str", "None"}}, "dict", 0, M,
       "A translation table for str.translate.", &wrap<str_maketrans>},
      {"int.bit_length", {P{"self", "int"}}, "int", 0, M, "The number of bits of the int's absolute value.", &wrap<int_bit_length>},
      {"list.__init__", {P{"self", "list"}, P{"iterable", "iterable", "()"}}, "None", 0, M,
       "Fills a list (of a subclass of list) with the iterable's items.", &wrap<list_init>},
      {"dict.__init__", {P{"self", "dict"}, P{"mapping", "dict|iterable", "None"}, P{"pairs", "any", "", false, false, true}},
       "None", 0, M, "Fills a dict (of a subclass of dict) from a mapping or pairs and keywords.", &wrap<dict_init>},
      {"int.to_bytes", {P{"self", "int"}, P{"length", "int", "1"}, P{"byteorder", "str", "'big'"}, P{"signed", "bool", "False", false, true}},
       "bytes", 0, M, "The int as `length` bytes.", &wrap<int_to_bytes>},
      {"float.is_integer", {P{"self", "float"}}, "bool", 0, M, "Whether the float is integral.", &wrap<float_is_integer>},
      {"float.as_integer_ratio", {P{"self", "float"}}, "tuple", 0, M, "The float as an exact fraction (num, den).",
       &wrap<float_as_integer_ratio>},
  };
}

}  // namespace plank::core
