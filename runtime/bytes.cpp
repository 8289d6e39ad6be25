// bytes and bytearray (see bytes.h).
#include "runtime/bytes.h"

#include <algorithm>

#include <fmt/format.h>

#include "runtime/args.h"
#include "runtime/bigint.h"
#include "runtime/heap.h"
#include "support/utf8.h"

namespace plank::core {

Value make_bytes(Thread* t, std::string data, bool mutable_) {
  size_t n = data.size();
  auto* b = t->heap->alloc<BytesObject>(mutable_ ? ObjKind::ByteArray : ObjKind::Bytes, n);
  b->data = std::move(data);
  return Value::object(b);
}

static int64_t byte_value(Thread* t, Value v) {
  if (!is_int_value(v)) throw_error(t, "TypeError", fmt::format("'{}' object cannot be interpreted as an integer", type_name(v)));
  if (v.is(ObjKind::BigInt) || v.i < 0 || v.i > 255) throw_error(t, "ValueError", "byte must be in range(0, 256)");
  return v.i;
}

Value bytes_from(Thread* t, Value source, Value encoding, bool mutable_) {
  if (source.is(ObjKind::Str)) {
    if (encoding.is_none()) throw_error(t, "TypeError", "string argument without an encoding");
    std::string_view enc = str_view(encoding);
    if (enc != "utf-8" && enc != "utf8" && enc != "UTF-8" && enc != "ascii")
      throw_error(t, "LookupError", fmt::format("unknown encoding: {}", enc));
    std::string_view s = str_view(source);
    if (enc == "ascii")
      for (size_t i = 0; i < s.size(); ++i)
        if (static_cast<unsigned char>(s[i]) >= 0x80)
          throw_error(t, "UnicodeEncodeError", fmt::format("'ascii' codec can't encode character in position {}: ordinal not in range(128)", i));
    return make_bytes(t, std::string(s), mutable_);
  }
  if (is_int_value(source)) {
    int64_t n = int_as_index(t, source, "cannot fit 'int' into an index-sized integer");
    if (n < 0) throw_error(t, "ValueError", "negative count");
    if (t->budget.max_heap_bytes && static_cast<size_t>(n) > t->budget.max_heap_bytes)
      throw_error(t, "MemoryError", "bytes object is too large");
    return make_bytes(t, std::string(static_cast<size_t>(n), '\0'), mutable_);
  }
  if (is_byteslike(source)) return make_bytes(t, as_bytes(source)->data, mutable_);
  RootScope roots(t);
  std::vector<Value> items = collect_iterable(t, source);
  std::string out;
  for (Value v : items) out += static_cast<char>(byte_value(t, v));
  return make_bytes(t, std::move(out), mutable_);
}

std::string bytes_repr(Value v) {
  const std::string& d = as_bytes(v)->data;
  char quote = d.find('\'') != std::string::npos && d.find('"') == std::string::npos ? '"' : '\'';
  std::string out = "b";
  out += quote;
  // CPython's bytearray repr escapes ' whichever quote it chose (bytearray(b"it\'s")); bytes' only the quote.
  const char escaped = v.is(ObjKind::ByteArray) ? '\'' : quote;
  for (unsigned char c : d) {
    if (c == static_cast<unsigned char>(escaped) || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < 0x20 || c >= 0x7f) {
      out += fmt::format("\\x{:02x}", c);
    } else {
      out += static_cast<char>(c);
    }
  }
  out += quote;
  if (v.is(ObjKind::ByteArray)) return "bytearray(" + out + ")";
  return out;
}

namespace {

using P = IntrinsicParam;

std::string_view bytes_arg(Thread* t, Value v, const char* what) {
  if (!is_byteslike(v))
    throw_error(t, "TypeError", fmt::format("{} must be bytes-like, not '{}'", what, type_name(v)));
  return as_bytes(v)->data;
}

Value same_kind(Thread* t, Value self, std::string data) { return make_bytes(t, std::move(data), self.is(ObjKind::ByteArray)); }

Value b_decode(Thread* t, Value self, const CallArgs& args) {
  std::string_view enc = args.npos > 0 && args.positional(0).is(ObjKind::Str) ? str_view(args.positional(0)) : "utf-8";
  const std::string& d = as_bytes(self)->data;
  if (enc == "ascii") {
    for (size_t i = 0; i < d.size(); ++i)
      if (static_cast<unsigned char>(d[i]) >= 0x80)
        throw_error(t, "UnicodeDecodeError",
                    fmt::format("'ascii' codec can't decode byte 0x{:02x} in position {}: ordinal not in range(128)",
                                static_cast<unsigned char>(d[i]), i));
    return make_str(t, d);
  }
  if (enc == "latin-1" || enc == "latin1" || enc == "iso-8859-1") {
    std::string out;
    for (unsigned char c : d) append_utf8(out, c);
    return make_str_from(t, std::move(out));
  }
  if (enc != "utf-8" && enc != "utf8" && enc != "UTF-8") throw_error(t, "LookupError", fmt::format("unknown encoding: {}", enc));
  for (size_t i = 0; i < d.size();) {
    uint32_t cp;
    size_t n = utf8::decode(d, i, &cp);
    if (!n)
      throw_error(t, "UnicodeDecodeError",
                  fmt::format("'utf-8' codec can't decode byte 0x{:02x} in position {}: invalid start byte",
                              static_cast<unsigned char>(d[i]), i));
    i += n;
  }
  return make_str(t, d);
}

Value b_hex(Thread* t, Value self, const CallArgs&) {
  std::string out;
  for (unsigned char c : as_bytes(self)->data) out += fmt::format("{:02x}", c);
  return make_str(t, out);
}

Value b_join(Thread* t, Value self, const CallArgs& args) {
  if (args.npos != 1) throw_error(t, "TypeError", "join() takes exactly one argument");
  RootScope roots(t);
  std::vector<Value> items = collect_iterable(t, args.positional(0));
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += as_bytes(self)->data;
    out += bytes_arg(t, items[i], "sequence item");
  }
  return same_kind(t, self, std::move(out));
}

Value b_startswith(Thread* t, Value self, const CallArgs& args) {
  std::string_view p = bytes_arg(t, args.positional(0), "prefix");
  return Value::boolean(std::string_view(as_bytes(self)->data).substr(0, p.size()) == p);
}

Value b_endswith(Thread* t, Value self, const CallArgs& args) {
  std::string_view p = bytes_arg(t, args.positional(0), "suffix");
  std::string_view d = as_bytes(self)->data;
  return Value::boolean(d.size() >= p.size() && d.substr(d.size() - p.size()) == p);
}

std::string needle(Thread* t, Value v) {
  if (is_int_value(v)) return std::string(1, static_cast<char>(byte_value(t, v)));
  return std::string(bytes_arg(t, v, "argument"));
}

Value b_find(Thread* t, Value self, const CallArgs& args) {
  size_t at = as_bytes(self)->data.find(needle(t, args.positional(0)));
  return Value::integer(at == std::string::npos ? -1 : static_cast<int64_t>(at));
}

Value b_index(Thread* t, Value self, const CallArgs& args) {
  size_t at = as_bytes(self)->data.find(needle(t, args.positional(0)));
  if (at == std::string::npos) throw_error(t, "ValueError", "subsection not found");
  return Value::integer(static_cast<int64_t>(at));
}

Value b_count(Thread* t, Value self, const CallArgs& args) {
  std::string n = needle(t, args.positional(0));
  const std::string& d = as_bytes(self)->data;
  if (n.empty()) return Value::integer(static_cast<int64_t>(d.size()) + 1);
  int64_t c = 0;
  for (size_t at = d.find(n); at != std::string::npos; at = d.find(n, at + n.size())) ++c;
  return Value::integer(c);
}

Value b_replace(Thread* t, Value self, const CallArgs& args) {
  std::string_view from = bytes_arg(t, args.positional(0), "old"), to = bytes_arg(t, args.positional(1), "new");
  const std::string& d = as_bytes(self)->data;
  std::string out;
  if (from.empty()) return same_kind(t, self, d);
  size_t i = 0;
  for (size_t at = d.find(from); at != std::string::npos; at = d.find(from, i)) {
    out.append(d, i, at - i);
    out += to;
    i = at + from.size();
  }
  out.append(d, i, std::string::npos);
  return same_kind(t, self, std::move(out));
}

Value b_split(Thread* t, Value self, const CallArgs& args) {
  const std::string& d = as_bytes(self)->data;
  RootScope roots(t);
  std::vector<Value> parts;
  if (args.npos == 0 || args.positional(0).is_none()) {
    size_t i = 0;
    while (i < d.size()) {
      while (i < d.size() && std::isspace(static_cast<unsigned char>(d[i]))) ++i;
      size_t j = i;
      while (j < d.size() && !std::isspace(static_cast<unsigned char>(d[j]))) ++j;
      if (j > i) parts.push_back(roots.push(same_kind(t, self, d.substr(i, j - i))));
      i = j;
    }
  } else {
    std::string_view sep = bytes_arg(t, args.positional(0), "sep");
    if (sep.empty()) throw_error(t, "ValueError", "empty separator");
    size_t i = 0;
    for (size_t at = d.find(sep); at != std::string::npos; at = d.find(sep, i)) {
      parts.push_back(roots.push(same_kind(t, self, d.substr(i, at - i))));
      i = at + sep.size();
    }
    parts.push_back(roots.push(same_kind(t, self, d.substr(i))));
  }
  return make_list(t, std::move(parts));
}

Value b_strip(Thread* t, Value self, const CallArgs& args) {
  const std::string& d = as_bytes(self)->data;
  std::string chars = args.npos > 0 && !args.positional(0).is_none() ? std::string(bytes_arg(t, args.positional(0), "chars"))
                                                                       : std::string(" \t\n\r\f\v");
  size_t b = d.find_first_not_of(chars);
  if (b == std::string::npos) return same_kind(t, self, "");
  size_t e = d.find_last_not_of(chars);
  return same_kind(t, self, d.substr(b, e - b + 1));
}

template <bool Upper>
Value b_case(Thread* t, Value self, const CallArgs&) {
  std::string d = as_bytes(self)->data;
  for (char& c : d) c = static_cast<char>(Upper ? std::toupper(static_cast<unsigned char>(c)) : std::tolower(static_cast<unsigned char>(c)));
  return same_kind(t, self, std::move(d));
}

Value ba_append(Thread* t, Value self, const CallArgs& args) {
  if (args.npos != 1) throw_error(t, "TypeError", "append() takes exactly one argument");
  as_bytes(self)->data += static_cast<char>(byte_value(t, args.positional(0)));
  return Value::none();
}

Value ba_extend(Thread* t, Value self, const CallArgs& args) {
  if (args.npos != 1) throw_error(t, "TypeError", "extend() takes exactly one argument");
  Value src = args.positional(0);
  if (is_byteslike(src)) {
    std::string copy = as_bytes(src)->data;
    as_bytes(self)->data += copy;
    return Value::none();
  }
  RootScope roots(t);
  for (Value v : collect_iterable(t, src)) as_bytes(self)->data += static_cast<char>(byte_value(t, v));
  return Value::none();
}

Value ba_pop(Thread* t, Value self, const CallArgs& args) {
  std::string& d = as_bytes(self)->data;
  if (d.empty()) throw_error(t, "IndexError", "pop from empty bytearray");
  int64_t i = args.npos ? args.positional(0).i : -1;
  int64_t n = static_cast<int64_t>(d.size());
  if (i < 0) i += n;
  if (i < 0 || i >= n) throw_error(t, "IndexError", "pop index out of range");
  int64_t v = static_cast<unsigned char>(d[i]);
  d.erase(static_cast<size_t>(i), 1);
  return Value::integer(v);
}

Value ba_copy(Thread* t, Value self, const CallArgs&) { return make_bytes(t, as_bytes(self)->data, true); }

Value ba_reverse(Thread* t, Value self, const CallArgs&) {
  std::string& d = as_bytes(self)->data;
  std::reverse(d.begin(), d.end());
  return Value::none();
}

}  // namespace

std::vector<Method> bytes_methods() {
  std::vector<Method> out;
  for (ObjKind k : {ObjKind::Bytes, ObjKind::ByteArray}) {
    std::vector<Method> common = {
        {k, "decode", {P{"encoding", "str", "'utf-8'"}, P{"errors", "str", "'strict'"}}, "str",
         "The text these bytes encode (utf-8, ascii or latin-1).", &wrap_method<b_decode>},
        {k, "hex", {}, "str", "Two hex digits per byte.", &wrap_method<b_hex>},
        {k, "join", {P{"iterable", "iterable"}}, "bytes", "The bytes-like items joined with these bytes between them.",
         &wrap_method<b_join>},
        {k, "startswith", {P{"prefix", "bytes"}}, "bool", "Whether the bytes start with prefix.", &wrap_method<b_startswith>},
        {k, "endswith", {P{"suffix", "bytes"}}, "bool", "Whether the bytes end with suffix.", &wrap_method<b_endswith>},
        {k, "find", {P{"sub", "bytes|int"}}, "int", "The lowest index of sub, or -1.", &wrap_method<b_find>},
        {k, "index", {P{"sub", "bytes|int"}}, "int", "The lowest index of sub (ValueError when absent).", &wrap_method<b_index>},
        {k, "count", {P{"sub", "bytes|int"}}, "int", "Non-overlapping occurrences of sub.", &wrap_method<b_count>},
        {k, "replace", {P{"old", "bytes"}, P{"new", "bytes"}}, "bytes", "A copy with old replaced by new.", &wrap_method<b_replace>},
        {k, "split", {P{"sep", "bytes", "None"}}, "list", "Splits at sep (runs of whitespace when None).", &wrap_method<b_split>},
        {k, "strip", {P{"chars", "bytes", "None"}}, "bytes", "Removes leading and trailing chars.", &wrap_method<b_strip>},
        {k, "upper", {}, "bytes", "ASCII letters in upper case.", &wrap_method<b_case<true>>},
        {k, "lower", {}, "bytes", "ASCII letters in lower case.", &wrap_method<b_case<false>>},
    };
    out.insert(out.end(), common.begin(), common.end());
  }
  constexpr ObjKind B = ObjKind::ByteArray;
  out.push_back({B, "append", {P{"item", "int"}}, "None", "Appends one byte.", &wrap_method<ba_append>});
  out.push_back({B, "extend", {P{"iterable", "iterable"}}, "None", "Appends the bytes of the iterable.", &wrap_method<ba_extend>});
  out.push_back({B, "pop", {P{"index", "int", "-1"}}, "int", "Removes and returns the byte at index.", &wrap_method<ba_pop>});
  out.push_back({B, "copy", {}, "bytearray", "A copy.", &wrap_method<ba_copy>});
  out.push_back({B, "reverse", {}, "None", "Reverses the bytes in place.", &wrap_method<ba_reverse>});
  return out;
}

}  // namespace plank::core
