// The pk_* runtime functions (ops.h): Python semantics for every fallible IR
// operation. Internally errors are thrown as Raised (objects.h) and caught at
// each extern "C" boundary, which returns false.
#include "runtime/ops.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <new>

#include <fmt/format.h>

#include "runtime/args.h"
#include "runtime/capabilities.h"
#include "runtime/char_index.h"
#include "runtime/heap.h"
#include "runtime/host_function.h"
#include "runtime/intrinsics.h"
#include "runtime/module_runtime.h"
#include "runtime/objects.h"
#include "support/utf8.h"
#include "runtime/bigint.h"
#include "runtime/format.h"
#include "runtime/bytes.h"
#include "runtime/classes.h"
#include "runtime/descriptor.h"
#include "runtime/compare_op.h"
#include "runtime/value_subclass.h"
#include "runtime/exceptions.h"
#include "runtime/generator.h"
#include "runtime/set_object.h"

namespace plank::core {

void update_dict_from(Thread* t, Value d, Value src);  // builtins.cpp

// The op codes are the ast enums (compiler/frontend/ast.h), mirrored here so the
// runtime does not depend on the frontend (comparisons: runtime/compare_op.h).
enum BinOp : uint32_t { kAdd, kSub, kMul, kDiv, kFloorDiv, kMod, kPow, kBitOr, kBitXor, kBitAnd, kLShift, kRShift, kMatMul };
enum UnOp : uint32_t { kNeg, kPos, kNot, kInvert };

namespace {

const char* binop_symbol(uint32_t op) {
  switch (op) {
    case kAdd: return "+";
    case kSub: return "-";
    case kMul: return "*";
    case kDiv: return "/";
    case kFloorDiv: return "//";
    case kMod: return "%";
    case kBitOr: return "|";
    case kBitXor: return "^";
    case kBitAnd: return "&";
    case kLShift: return "<<";
    case kRShift: return ">>";
    case kMatMul: return "@";
    default: return "** or pow()";
  }
}

// The special methods of each binary operator: a.__op__(b), then b.__rop__(a); `a op= b` tries a.__iop__(b) first.
const char* const kDunder[] = {"__add__", "__sub__", "__mul__", "__truediv__", "__floordiv__", "__mod__", "__pow__",
                               "__or__", "__xor__", "__and__", "__lshift__", "__rshift__", "__matmul__"};
const char* const kReflected[] = {"__radd__", "__rsub__", "__rmul__", "__rtruediv__", "__rfloordiv__", "__rmod__",
                                  "__rpow__", "__ror__", "__rxor__", "__rand__", "__rlshift__", "__rrshift__",
                                  "__rmatmul__"};
const char* const kInPlace[] = {"__iadd__", "__isub__", "__imul__", "__itruediv__", "__ifloordiv__", "__imod__",
                                "__ipow__", "__ior__", "__ixor__", "__iand__", "__ilshift__", "__irshift__",
                                "__imatmul__"};

bool is_intlike(Value v) { return v.tag == Tag::Int || v.tag == Tag::Bool; }
bool is_num(Value v) { return is_int_value(v) || v.tag == Tag::Float; }
double as_double(Thread* t, Value v) { return v.tag == Tag::Float ? v.f : int_to_double(t, v); }

int64_t floordiv_int(Thread* t, int64_t a, int64_t b) {
  if (b == 0) throw_error(t, "ZeroDivisionError", "integer division or modulo by zero");
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

int64_t mod_int(Thread* t, int64_t a, int64_t b) {
  if (b == 0) throw_error(t, "ZeroDivisionError", "integer modulo by zero");  // CPython 3.11+
  if (b == -1) return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

double float_mod(double a, double b) {
  double r = std::fmod(a, b);
  if (r != 0) {
    if ((b < 0) != (r < 0)) r += b;
  } else {
    r = std::copysign(0.0, b);
  }
  return r;
}

double float_floordiv(double vx, double wx) {
  double mod = std::fmod(vx, wx);
  double div = (vx - mod) / wx;
  if (mod != 0) {
    if ((wx < 0) != (mod < 0)) div -= 1.0;
  }
  double floordiv;
  if (div != 0) {
    floordiv = std::floor(div);
    if (div - floordiv > 0.5) floordiv += 1.0;
  } else {
    floordiv = std::copysign(0.0, vx / wx);
  }
  return floordiv;
}

Value float_pow(Thread* t, double a, double b) {
  if (a == 0 && b < 0) throw_error(t, "ZeroDivisionError", "0.0 cannot be raised to a negative power");
  if (a < 0 && b != std::floor(b) && std::isfinite(b))
    throw_error(t, "ValueError", "negative number cannot be raised to a fractional power");
  double r = std::pow(a, b);
  if (std::isinf(r) && std::isfinite(a) && std::isfinite(b)) throw_error(t, "OverflowError", "(34, 'Numerical result out of range')");
  return Value::real(r);
}

Value int_pow(Thread* t, int64_t a, int64_t b) {
  if (b < 0) {
    if (a == 0) throw_error(t, "ZeroDivisionError", "0.0 cannot be raised to a negative power");
    return Value::real(std::pow(static_cast<double>(a), static_cast<double>(b)));
  }
  int64_t result = 1, base = a, e = b;
  while (e > 0) {
    if (e & 1)
      if (__builtin_mul_overflow(result, base, &result)) return bigint_binary(t, kPow, Value::integer(a), Value::integer(b));
    e >>= 1;
    if (e > 0 && __builtin_mul_overflow(base, base, &base)) return bigint_binary(t, kPow, Value::integer(a), Value::integer(b));
  }
  return Value::integer(result);
}

// int op int for 64-bit operands; past 64 bits the result is a big int.
Value small_int_binary(Thread* t, uint32_t op, int64_t x, int64_t y) {
  int64_t r;
  switch (op) {
    case kAdd:
      if (__builtin_add_overflow(x, y, &r)) break;
      return Value::integer(r);
    case kSub:
      if (__builtin_sub_overflow(x, y, &r)) break;
      return Value::integer(r);
    case kMul:
      if (__builtin_mul_overflow(x, y, &r)) break;
      return Value::integer(r);
    case kDiv:
      if (y == 0) throw_error(t, "ZeroDivisionError", "division by zero");
      if (std::llabs(x) < (1ll << 53) && std::llabs(y) < (1ll << 53)) return Value::real(static_cast<double>(x) / static_cast<double>(y));
      return bigint_true_divide(t, Value::integer(x), Value::integer(y));
    case kFloorDiv:
      if (x == INT64_MIN && y == -1) break;
      return Value::integer(floordiv_int(t, x, y));
    case kMod: return Value::integer(mod_int(t, x, y));
    case kPow: return int_pow(t, x, y);
    case kBitOr: return Value::integer(x | y);
    case kBitXor: return Value::integer(x ^ y);
    case kBitAnd: return Value::integer(x & y);
    case kLShift:
      if (y < 0) throw_error(t, "ValueError", "negative shift count");
      if (x == 0) return Value::integer(0);
      if (y < 63 && (x >> (63 - y)) == 0) return Value::integer(x << y);
      if (y < 63 && x < 0 && (x >> (63 - y)) == -1) return Value::integer(static_cast<int64_t>(static_cast<uint64_t>(x) << y));
      break;
    case kRShift:
      if (y < 0) throw_error(t, "ValueError", "negative shift count");
      return Value::integer(y >= 64 ? (x < 0 ? -1 : 0) : x >> y);
    default: return Value::none();
  }
  return bigint_binary(t, op, Value::integer(x), Value::integer(y));
}

// a <op> b through a's special method, then b's reflected one; None when neither answers.
bool binary_dunder(Thread* t, uint32_t op, Value a, Value b, Value* out) {
  if (op > kMatMul) return false;
  Value r;
  Value args[2] = {a, b};
  if (a.is(ObjKind::Instance) && call_special(t, a, kDunder[op], args, 2, &r) && !is_not_implemented(r)) {
    *out = r;
    return true;
  }
  Value rargs[2] = {b, a};
  if (b.is(ObjKind::Instance) && call_special(t, b, kReflected[op], rargs, 2, &r) && !is_not_implemented(r)) {
    *out = r;
    return true;
  }
  return false;
}

Value repeat(Thread* t, Value seq, int64_t n) {
  if (n < 0) n = 0;
  if (seq.is(ObjKind::Str)) {
    std::string_view s = str_view(seq);
    size_t total;
    if (__builtin_mul_overflow(s.size(), static_cast<size_t>(n), &total) || (t->budget.max_heap_bytes && total > t->budget.max_heap_bytes))
      throw_error(t, "MemoryError", "repeated string is too large");
    std::string out;
    out.reserve(total);
    for (int64_t i = 0; i < n; ++i) out += s;
    return make_str_from(t, std::move(out));
  }
  const auto& items = seq.is(ObjKind::List) ? as_list(seq)->items : as_tuple(seq)->items;
  size_t total;
  if (__builtin_mul_overflow(items.size(), static_cast<size_t>(n), &total) ||
      (t->budget.max_heap_bytes && total * sizeof(Value) > t->budget.max_heap_bytes))
    throw_error(t, "MemoryError", "repeated sequence is too large");
  std::vector<Value> out;
  out.reserve(total);
  for (int64_t i = 0; i < n; ++i) out.insert(out.end(), items.begin(), items.end());
  return seq.is(ObjKind::List) ? make_list(t, std::move(out)) : make_tuple(t, std::move(out));
}

bool is_seq(Value v) { return v.is(ObjKind::Str) || v.is(ObjKind::List) || v.is(ObjKind::Tuple); }

Value percent_format(Thread* t, std::string_view fmtstr, Value args);

// Whether `fmt % args` takes %(name) items from args: a mapping that is not a
// tuple or str (CPython's PyMapping_Check: a dict, a list, an object with __getitem__).
static bool is_percent_mapping(Thread* t, Value args) {
  if (args.is(ObjKind::Dict) || args.is(ObjKind::List)) return true;
  Value m;
  return args.is(ObjKind::Instance) && find_special(t, args, "__getitem__", &m);
}

// The key of a `%(key)` conversion: fmt[*i] is '(' on entry, the character after
// the matching ')' on return (parentheses nest, as CPython's).
static std::string_view percent_key(Thread* t, std::string_view fmt, size_t* i, bool mapping) {
  if (!mapping) throw_error(t, "TypeError", "format requires a mapping");
  size_t start = ++*i;
  int depth = 1;
  for (; *i < fmt.size(); ++*i) {
    if (fmt[*i] == '(') ++depth;
    else if (fmt[*i] == ')' && --depth == 0) break;
  }
  if (*i >= fmt.size()) throw_error(t, "ValueError", "incomplete format key");
  std::string_view key = fmt.substr(start, *i - start);
  ++*i;
  if (*i >= fmt.size()) throw_error(t, "ValueError", "incomplete format");
  return key;
}

// `bytes % args` (and bytearray's), as CPython's: the format and the bytes it
// inserts are read as Latin-1 text, formatted by percent_format with %b/%s
// taking a bytes-like, %r/%a ascii(), %c an int below 256 or one byte, and
// the result encoded back byte for byte.
Value bytes_percent_format(Thread* t, Value fmt_bytes, Value args) {
  auto latin1 = [](std::string_view b) {
    std::string s;
    for (unsigned char c : b) utf8::append(s, c);
    return s;
  };
  std::string_view fmtstr = as_bytes(fmt_bytes)->data;
  std::vector<Value> items;
  bool tuple_args = args.is(ObjKind::Tuple);
  if (tuple_args) items = as_tuple(args)->items;
  else items.push_back(args);
  RootScope roots(t);
  bool mapping = is_percent_mapping(t, args);
  std::vector<Value> converted;
  std::string text;
  size_t next = 0;
  for (size_t i = 0; i < fmtstr.size(); ++i) {
    if (fmtstr[i] != '%') {
      utf8::append(text, static_cast<unsigned char>(fmtstr[i]));
      continue;
    }
    size_t start = i++;
    Value v = Value::none();
    bool has_key = false;
    if (i < fmtstr.size() && fmtstr[i] == '(') {  // %(name)s: the mapping's item, its key bytes
      std::string_view key = percent_key(t, fmtstr, &i, mapping);
      v = roots.push(get_item_value(t, args, roots.push(make_bytes(t, std::string(key), false))));
      has_key = true;
      if (!tuple_args) next = items.size();
      start = i - 1;  // the spec read below is what follows the key
      text += '%';
    }
    while (i < fmtstr.size() && std::string_view("-+ 0#.0123456789").find(fmtstr[i]) != std::string_view::npos) ++i;
    if (i >= fmtstr.size()) throw_error(t, "ValueError", "incomplete format");
    char conv = fmtstr[i];
    std::string spec(fmtstr.substr(start + 1, i - start - 1));
    if (!has_key) text += '%';
    if (conv == '%') {
      text += spec + "%";
      continue;
    }
    if (!has_key) {
      if (next >= items.size()) throw_error(t, "TypeError", "not enough arguments for format string");
      v = items[next++];
    }
    switch (conv) {
      case 'b':
      case 's':
        if (!is_byteslike(v))
          throw_error(t, "TypeError", fmt::format("%b requires a bytes-like object, or an object that implements __bytes__, not '{}'", type_name(v)));
        v = roots.push(make_str(t, latin1(as_bytes(v)->data)));
        conv = 's';
        break;
      case 'r':
      case 'a': v = roots.push(make_str(t, ascii_repr(t, v))); conv = 's'; break;
      case 'c':
        if (is_byteslike(v) && as_bytes(v)->data.size() == 1) v = roots.push(make_str(t, latin1(as_bytes(v)->data)));
        else if (is_intlike(v) && v.i >= 0 && v.i < 256) v = roots.push(make_str(t, latin1(std::string(1, static_cast<char>(v.i)))));
        else if (is_intlike(v)) throw_error(t, "OverflowError", "%c arg not in range(256)");
        else throw_error(t, "TypeError", "%c requires an integer in range(256) or a single byte");
        conv = 's';
        break;
      default: break;
    }
    converted.push_back(v);
    text += spec;
    text += conv;
  }
  if (next < items.size() && tuple_args) throw_error(t, "TypeError", "not all arguments converted during bytes formatting");
  Value packed = roots.push(make_tuple(t, std::move(converted)));
  Value formatted = roots.push(percent_format(t, text, packed));
  std::string out;
  std::string_view s = str_view(formatted);
  for (size_t i = 0; i < s.size();) {
    uint32_t cp = 0;
    size_t n = utf8::decode(s, i, &cp);
    if (n == 0) n = 1, cp = static_cast<unsigned char>(s[i]);
    i += n;
    out += static_cast<char>(cp);
  }
  return make_bytes(t, std::move(out), fmt_bytes.is(ObjKind::ByteArray));
}

// printf-style `str % args` (%s %r %d %i %f %e %g %x %o %c %%, flags, width, precision).
Value percent_format(Thread* t, std::string_view fmtstr, Value args) {
  std::vector<Value> items;
  bool tuple_args = args.is(ObjKind::Tuple);
  if (tuple_args) items = as_tuple(args)->items;
  else items.push_back(args);
  bool mapping = is_percent_mapping(t, args);
  RootScope roots(t);
  roots.push(args);
  size_t next = 0;
  std::string out;
  for (size_t i = 0; i < fmtstr.size(); ++i) {
    char c = fmtstr[i];
    if (c != '%') {
      out += c;
      continue;
    }
    ++i;
    if (i >= fmtstr.size()) throw_error(t, "ValueError", "incomplete format");
    Value keyed = Value::none();
    bool has_key = false;
    if (fmtstr[i] == '(') {  // %(name)s: the mapping's item
      std::string_view key = percent_key(t, fmtstr, &i, mapping);
      keyed = roots.push(get_item_value(t, args, roots.push(make_str(t, key))));
      has_key = true;
      if (!tuple_args) next = items.size();  // as CPython's: a plain %s after a key finds no argument left
    }
    std::string spec = "{:";
    std::string flags;
    while (i < fmtstr.size() && std::string_view("-+ 0#").find(fmtstr[i]) != std::string_view::npos) flags += fmtstr[i++];
    std::string width, prec;
    while (i < fmtstr.size() && std::isdigit(static_cast<unsigned char>(fmtstr[i]))) width += fmtstr[i++];
    if (i < fmtstr.size() && fmtstr[i] == '.') {
      ++i;
      prec = ".";
      while (i < fmtstr.size() && std::isdigit(static_cast<unsigned char>(fmtstr[i]))) prec += fmtstr[i++];
      if (prec == ".") prec = ".0";
    }
    if (i >= fmtstr.size()) throw_error(t, "ValueError", "incomplete format");
    char conv = fmtstr[i];
    if (conv == '%') {
      out += '%';
      continue;
    }
    if (!has_key && next >= items.size()) throw_error(t, "TypeError", "not enough arguments for format string");
    Value v = has_key ? keyed : items[next++];
    if (conv != 's' && conv != 'r' && conv != 'a') v = unwrap_value(v);  // '%d' % Flags(3)
    bool left = flags.find('-') != std::string::npos;
    std::string align = left ? "<" : ">";
    std::string body;
    switch (conv) {
      case 's': body = to_str(t, v); if (prec.size() > 1) body = body.substr(0, std::stoul(prec.substr(1))); break;
      case 'r': body = repr(t, v); break;
      case 'd':
      case 'i':
      case 'x':
      case 'X':
      case 'o': {
        int64_t x;
        if (v.tag == Tag::Float && (std::isfinite(v.f) && std::fabs(v.f) >= 9.2e18)) v = float_to_int_value(t, v.f);
        if (v.is(ObjKind::BigInt)) {  // past 64 bits: the same conversion as format()
          std::string spec;
          if (flags.find('-') != std::string::npos) spec += '<';
          if (flags.find('+') != std::string::npos) spec += '+';
          else if (flags.find(' ') != std::string::npos) spec += ' ';
          if (flags.find('#') != std::string::npos) spec += '#';
          if (flags.find('0') != std::string::npos && flags.find('-') == std::string::npos) spec += '0';
          spec += width;
          width.clear();
          spec += conv == 'i' ? 'd' : conv;
          body = format_value(t, v, spec);
          break;
        }
        if (is_intlike(v)) x = v.i;
        else if (v.tag == Tag::Float) x = static_cast<int64_t>(v.f);
        else throw_error(t, "TypeError", fmt::format("%{} format: a real number is required, not {}", conv, type_name(v)));
        bool alt = flags.find('#') != std::string::npos;
        if (alt && conv == 'o') {
          // Python's alternate octal form is 0o17 (C's and fmt's is 017).
          std::string digits = fmt::format("{:o}", x < 0 ? 0 - static_cast<uint64_t>(x) : static_cast<uint64_t>(x));
          std::string head = x < 0 ? "-" : flags.find('+') != std::string::npos ? "+" : flags.find(' ') != std::string::npos ? " " : "";
          head += "0o";
          if (flags.find('0') != std::string::npos && !left && !width.empty()) {
            size_t w = std::stoul(width);
            if (head.size() + digits.size() < w) digits.insert(0, w - head.size() - digits.size(), '0');
            width.clear();
          }
          body = head + digits;
          break;
        }
        std::string f = "{:";
        if (flags.find('+') != std::string::npos) f += '+';
        else if (flags.find(' ') != std::string::npos) f += ' ';
        if (alt && (conv == 'x' || conv == 'X')) f += '#';  // 0xff, 0XFF as Python
        if (flags.find('0') != std::string::npos && !left) f += '0' + width, width.clear();
        f += conv == 'i' ? 'd' : conv;
        f += '}';
        body = fmt::format(fmt::runtime(f), x);
        break;
      }
      case 'f':
      case 'F':
      case 'e':
      case 'E':
      case 'g':
      case 'G': {
        if (!is_num(v)) throw_error(t, "TypeError", fmt::format("must be real number, not {}", type_name(v)));
        std::string f = "{:";
        if (flags.find('+') != std::string::npos) f += '+';
        else if (flags.find(' ') != std::string::npos) f += ' ';
        if (flags.find('0') != std::string::npos && !left) f += '0' + width, width.clear();
        f += prec.empty() ? ".6" : prec;
        f += conv;
        f += '}';
        body = fmt::format(fmt::runtime(f), as_double(t, v));
        break;
      }
      case 'c':
        if (v.is(ObjKind::Str)) body = to_str(t, v);
        else if (is_intlike(v)) body = std::string(1, static_cast<char>(v.i));
        break;
      default:
        throw_error(t, "ValueError", fmt::format("unsupported format character '{}' (0x{:x}) at index {}", conv,
                                                 static_cast<unsigned>(conv), i));
    }
    if (!width.empty()) body = fmt::format(fmt::runtime("{:" + align + width + "}"), body);
    out += body;
  }
  if (next < items.size() && (tuple_args || next == 0) && !mapping)
    throw_error(t, "TypeError", "not all arguments converted during string formatting");
  return make_str_from(t, std::move(out));
}

Value binary(Thread* t, uint32_t op, Value a, Value b) {
  if (is_intlike(a) && is_intlike(b)) {
    if (op == kMatMul) throw_error(t, "TypeError", fmt::format("unsupported operand type(s) for @: '{}' and '{}'", type_name(a), type_name(b)));
    return small_int_binary(t, op, a.i, b.i);
  }
  if (is_int_value(a) && is_int_value(b) && op != kMatMul) return bigint_binary(t, op, a, b);
  if (is_num(a) && is_num(b) && op <= kPow) {
    double x = as_double(t, a), y = as_double(t, b);
    switch (op) {
      case kAdd: return Value::real(x + y);
      case kSub: return Value::real(x - y);
      case kMul: return Value::real(x * y);
      case kDiv:
        if (y == 0) throw_error(t, "ZeroDivisionError", "float division by zero");
        return Value::real(x / y);
      case kFloorDiv:
        if (y == 0) throw_error(t, "ZeroDivisionError", "float floor division by zero");
        return Value::real(float_floordiv(x, y));
      case kMod:
        if (y == 0) throw_error(t, "ZeroDivisionError", "float modulo");
        return Value::real(float_mod(x, y));
      case kPow: return float_pow(t, x, y);
    }
  }
  if (op == kAdd && a.tag == Tag::Object && b.tag == Tag::Object && a.obj->kind == b.obj->kind) {
    switch (a.obj->kind) {
      case ObjKind::Str: return concat_str(t, a, b);
      case ObjKind::List: {
        std::vector<Value> items = as_list(a)->items;
        items.insert(items.end(), as_list(b)->items.begin(), as_list(b)->items.end());
        return make_list(t, std::move(items));
      }
      case ObjKind::Tuple: {
        std::vector<Value> items = as_tuple(a)->items;
        items.insert(items.end(), as_tuple(b)->items.begin(), as_tuple(b)->items.end());
        return make_tuple(t, std::move(items));
      }
      default: break;
    }
  }
  if (op == kAdd && is_byteslike(a) && is_byteslike(b)) return make_bytes(t, as_bytes(a)->data + as_bytes(b)->data, a.is(ObjKind::ByteArray));
  Value out;
  if (set_binary(t, op, a, b, false, &out)) return out;
  if (op == kBitOr && a.is(ObjKind::Dict) && b.is(ObjKind::Dict)) {  // d1 | d2: a new merged dict
    RootScope roots(t);
    Value d = roots.push(make_dict(t));
    update_dict_from(t, d, a);
    update_dict_from(t, d, b);
    return d;
  }
  if ((a.is(ObjKind::Instance) || b.is(ObjKind::Instance)) && binary_dunder(t, op, a, b, &out)) return out;
  if (is_value_instance(a) || is_value_instance(b)) return binary(t, op, unwrap_value(a), unwrap_value(b));
  if (op == kAdd && is_seq(a)) {
    throw_error(t, "TypeError", fmt::format("can only concatenate {} (not \"{}\") to {}", type_name(a), type_name(b), type_name(a)));
  }
  if (op == kMul && (is_seq(a) || is_seq(b) || is_byteslike(a) || is_byteslike(b))) {
    Value seq = (is_seq(a) || is_byteslike(a)) ? a : b, n = (is_seq(a) || is_byteslike(a)) ? b : a;
    if (is_int_value(n)) {
      int64_t k = n.is(ObjKind::BigInt) ? (bigint_compare(n, Value::integer(0)) < 0 ? 0 : INT64_MAX) : n.i;
      if (is_byteslike(seq)) {
        if (k > 0 && as_bytes(seq)->data.size() * static_cast<size_t>(k) > (t->budget.max_heap_bytes ? t->budget.max_heap_bytes : SIZE_MAX))
          throw_error(t, "MemoryError", "repeated bytes are too large");
        std::string out_bytes;
        for (int64_t i = 0; i < k; ++i) out_bytes += as_bytes(seq)->data;
        return make_bytes(t, std::move(out_bytes), seq.is(ObjKind::ByteArray));
      }
      return repeat(t, seq, k);
    }
    if (!is_seq(n) || is_seq(a))
      throw_error(t, "TypeError", fmt::format("can't multiply sequence by non-int of type '{}'", type_name(n)));
  }
  if (op == kMod && a.is(ObjKind::Str)) return percent_format(t, str_view(a), b);
  if (op == kMod && is_byteslike(a)) return bytes_percent_format(t, a, b);
  throw_error(t, "TypeError", fmt::format("unsupported operand type(s) for {}: '{}' and '{}'", binop_symbol(op), type_name(a),
                                          type_name(b)));
}

// list += iterable (extend) and list *= n (repeat) change the list itself.
Value inplace_list(Thread* t, uint32_t op, Value list, Value other) {
  std::vector<Value>& items = as_list(list)->items;
  if (op == kAdd) {
    RootScope roots(t);
    roots.push(list);
    roots.push(other);
    std::vector<Value> more = collect_iterable(t, other);
    items.insert(items.end(), more.begin(), more.end());
    return list;
  }
  if (!is_intlike(other))
    throw_error(t, "TypeError", fmt::format("can't multiply sequence by non-int of type '{}'", type_name(other)));
  Value repeated = repeat(t, list, other.i);
  items = as_list(repeated)->items;
  return list;
}

bool identical(Value a, Value b) {
  if (a.tag != b.tag) return false;
  if (a.tag == Tag::None) return true;
  return a.bits == b.bits;
}

// `xs < ys` of two lists (two tuples): as CPython's list_richcompare, the
// comparison of the first items that differ, whatever value it gives (a
// class's __lt__ may return anything), else that of the lengths.
Value compare(Thread* t, uint32_t op, Value a, Value b);

Value sequence_order(Thread* t, uint32_t op, Value a, Value b) {
  auto items = [](Value v) -> const std::vector<Value>& {
    return v.obj->kind == ObjKind::List ? as_list(v)->items : as_tuple(v)->items;
  };
  RootScope roots(t);
  size_t i = 0;
  for (;; ++i) {  // the items read again each time: an __eq__ may change the lists
    if (i >= items(a).size() || i >= items(b).size()) break;
    Value x = roots.push(items(a)[i]), y = roots.push(items(b)[i]);
    if (!(x.tag == Tag::Object && y.tag == Tag::Object && x.obj == y.obj) && !values_equal(t, x, y)) break;
  }
  size_t n = items(a).size(), m = items(b).size();
  if (i < n && i < m) return compare(t, op, items(a)[i], items(b)[i]);
  bool r = op == kLt ? n < m : op == kGt ? n > m : op == kLe ? n <= m : n >= m;
  return Value::boolean(r);
}

Value compare(Thread* t, uint32_t op, Value a, Value b) {
  // With an instance on either side (a list or dict of a user class too), the
  // class's method decides and its value is the result.
  if (op <= kNe && (a.is(ObjKind::Instance) || b.is(ObjKind::Instance) || is_subclass_instance(a) || is_subclass_instance(b)))
    return rich_compare(t, op, a, b);
  if (op <= kNe && op != kEq && op != kNe && a.tag == Tag::Object && b.tag == Tag::Object && a.obj->kind == b.obj->kind &&
      (a.obj->kind == ObjKind::List || a.obj->kind == ObjKind::Tuple))
    return sequence_order(t, op, a, b);
  switch (op) {
    case kEq: return Value::boolean(values_equal(t, a, b));
    case kNe: return Value::boolean(!values_equal(t, a, b));
    case kLt: return Value::boolean(compare_order(t, 0, a, b));
    case kGt: return Value::boolean(compare_order(t, 1, a, b));
    case kLe: return Value::boolean(compare_order(t, 2, a, b));
    case kGe: return Value::boolean(compare_order(t, 3, a, b));
    case kIn: return Value::boolean(contains(t, b, a));
    case kNotIn: return Value::boolean(!contains(t, b, a));
    case kIs: return Value::boolean(identical(a, b));
    case kIsNot: return Value::boolean(!identical(a, b));
  }
  throw_error(t, "SystemError", fmt::format("bad compare op {}", op));
}

int64_t index_of(Thread* t, Value idx, const char* what) {
  if (is_intlike(idx)) return idx.i;
  if (is_value_instance(idx) && is_intlike(unwrap_value(idx))) return unwrap_value(idx).i;
  if (idx.is(ObjKind::BigInt)) throw_error(t, "IndexError", fmt::format("cannot fit 'int' into an index-sized integer"));
  throw_error(t, "TypeError", fmt::format("{} indices must be integers or slices, not {}", what, type_name(idx)));
}

bool str_is_ascii(Value s) { return as_str(s)->flags & kStrAscii; }

Value get_slice(Thread* t, Value obj, Value lo, Value hi, Value stepv);

Value get_item(Thread* t, Value obj, Value idx) {
  if (obj.tag == Tag::Object) {
    if (idx.is(ObjKind::Slice) && obj.obj->kind != ObjKind::Dict && obj.obj->kind != ObjKind::Instance) {
      auto* s = static_cast<SliceObject*>(idx.obj);
      return get_slice(t, obj, s->start, s->stop, s->step);
    }
    switch (obj.obj->kind) {
      case ObjKind::List:
      case ObjKind::Tuple: {
        bool list = obj.obj->kind == ObjKind::List;
        const auto& items = list ? as_list(obj)->items : as_tuple(obj)->items;
        int64_t i = index_of(t, idx, list ? "list" : "tuple");
        int64_t n = static_cast<int64_t>(items.size());
        if (i < 0) i += n;
        if (i < 0 || i >= n) throw_error(t, "IndexError", list ? "list index out of range" : "tuple index out of range");
        return items[i];
      }
      case ObjKind::Str: {
        if (!is_int_value(idx)) throw_error(t, "TypeError", fmt::format("string indices must be integers, not '{}'", type_name(idx)));
        if (idx.is(ObjKind::BigInt)) throw_error(t, "IndexError", "cannot fit 'int' into an index-sized integer");
        std::string_view s = str_view(obj);
        int64_t i = idx.i;
        if (str_is_ascii(obj)) {
          int64_t n = static_cast<int64_t>(s.size());
          if (i < 0) i += n;
          if (i < 0 || i >= n) throw_error(t, "IndexError", "string index out of range");
          return make_str(t, s.substr(i, 1));
        }
        const auto* str = as_str(obj);
        int64_t n = static_cast<int64_t>(char_count(t->heap, str, s));
        if (i < 0) i += n;
        if (i < 0 || i >= n) throw_error(t, "IndexError", "string index out of range");
        size_t at = char_offset(t->heap, str, s, static_cast<size_t>(i));
        return make_str(t, s.substr(at, utf8::char_length(s, at)));
      }
      case ObjKind::Dict: {
        Value out;
        if (!dict_get(t, obj, idx, &out)) throw_key_error(t, idx);
        return out;
      }
      case ObjKind::Range: {
        auto* r = static_cast<RangeObject*>(obj.obj);
        int64_t i = index_of(t, idx, "range");
        int64_t n = length(t, obj);
        if (i < 0) i += n;
        if (i < 0 || i >= n) throw_error(t, "IndexError", "range object index out of range");
        return Value::integer(r->start + i * r->step);
      }
      case ObjKind::Bytes:
      case ObjKind::ByteArray: {
        const std::string& d = as_bytes(obj)->data;
        int64_t i = index_of(t, idx, obj.obj->kind == ObjKind::Bytes ? "byte" : "bytearray");
        int64_t n = static_cast<int64_t>(d.size());
        if (i < 0) i += n;
        if (i < 0 || i >= n) throw_error(t, "IndexError", obj.obj->kind == ObjKind::Bytes ? "index out of range" : "bytearray index out of range");
        return Value::integer(static_cast<unsigned char>(d[i]));
      }
      case ObjKind::Instance: {
        Value r;
        Value args[2] = {obj, idx};
        if (call_special(t, obj, "__getitem__", args, 2, &r)) return r;
        if (is_value_instance(obj)) return get_item(t, unwrap_value(obj), idx);
        break;
      }
      case ObjKind::Class: {
        Value m, r;
        Value args[2] = {obj, idx};
        if (call_special(t, obj, "__getitem__", args, 2, &r)) return r;  // its metaclass's
        if (class_lookup(t, as_class(obj), dunder(t, "__class_getitem__"), &m)) {
          if (m.is(ObjKind::Wrapper)) m = static_cast<WrapperObject*>(m.obj)->fget;
          return call_value(t, m, args, 2);
        }
        throw_error(t, "TypeError", fmt::format("type '{}' is not subscriptable", as_class(obj)->name));
      }
      case ObjKind::Builtin:
        // list[int], dict[str, int] in annotations and aliases: the type itself.
        if (type_name(obj) == "type") return obj;
        break;
      default: break;
    }
  }
  throw_error(t, "TypeError", fmt::format("'{}' object is not subscriptable", type_name(obj)));
}

int64_t slice_bound(Thread* t, Value v, bool* given) {
  v = unwrap_value(v);  // xs[Flags(1):]
  if (v.is_none()) {
    *given = false;
    return 0;
  }
  if (v.is(ObjKind::BigInt)) {  // clamped, as CPython does for slice bounds
    *given = true;
    return bigint_compare(v, Value::integer(0)) < 0 ? INT64_MIN + 1 : INT64_MAX;
  }
  if (!is_intlike(v)) throw_error(t, "TypeError", "slice indices must be integers or None or have an __index__ method");
  *given = true;
  return v.i;
}

// PySlice_AdjustIndices; returns the item count.
int64_t adjust_slice(Thread* t, int64_t len, Value lo, Value hi, Value stepv, int64_t* start, int64_t* step) {
  bool has_step, has_lo, has_hi;
  int64_t st = slice_bound(t, stepv, &has_step);
  if (!has_step) st = 1;
  if (st == 0) throw_error(t, "ValueError", "slice step cannot be zero");
  if (st == INT64_MIN) st = -INT64_MAX;
  int64_t b = slice_bound(t, lo, &has_lo);
  int64_t e = slice_bound(t, hi, &has_hi);
  auto adjust = [&](int64_t x) {
    if (x < 0) {
      x += len;
      if (x < 0) x = st < 0 ? -1 : 0;
    } else if (x >= len) {
      x = st < 0 ? len - 1 : len;
    }
    return x;
  };
  b = has_lo ? adjust(b) : (st < 0 ? len - 1 : 0);
  e = has_hi ? adjust(e) : (st < 0 ? -1 : len);
  *start = b;
  *step = st;
  if (st < 0) return e < b ? (b - e - 1) / (-st) + 1 : 0;
  return b < e ? (e - b - 1) / st + 1 : 0;
}

// a[lo:hi:step] = items (a list): a plain slice may change the length, an extended one may not.
void set_list_slice(Thread* t, Value list, Value lo, Value hi, Value stepv, Value v) {
  RootScope roots(t);
  roots.push(list);
  roots.push(v);
  std::vector<Value> repl = v.bits == list.bits ? as_list(list)->items : collect_iterable(t, v);
  for (auto& x : repl) roots.push(x);
  auto& items = as_list(list)->items;
  int64_t start, step;
  int64_t n = adjust_slice(t, static_cast<int64_t>(items.size()), lo, hi, stepv, &start, &step);
  if (step == 1) {
    int64_t stop = std::max(start, start + n);
    t->heap->grow(repl.size() * sizeof(Value));
    items.erase(items.begin() + start, items.begin() + stop);
    items.insert(items.begin() + start, repl.begin(), repl.end());
    return;
  }
  if (static_cast<int64_t>(repl.size()) != n)
    throw_error(t, "ValueError", fmt::format("attempt to assign sequence of size {} to extended slice of size {}", repl.size(), n));
  for (int64_t i = 0, j = start; i < n; ++i, j += step) items[j] = repl[i];
}

// The bytes a bytearray slice assignment stores: a bytes-like value's, or an
// iterable's ints (each in range(256)), as CPython's bytearray accepts.
static std::string bytes_to_store(Thread* t, Value v) {
  if (is_byteslike(v)) return as_bytes(v)->data;
  if (is_intlike(v) || v.is(ObjKind::Str))
    throw_error(t, "TypeError", fmt::format("can assign only bytes, buffers, or iterables of ints in range(0, 256)"));
  RootScope roots(t);
  std::string out;
  for (Value x : collect_iterable(t, v)) {
    if (!is_intlike(x)) throw_error(t, "TypeError", fmt::format("'{}' object cannot be interpreted as an integer", type_name(x)));
    if (x.i < 0 || x.i > 255) throw_error(t, "ValueError", "byte must be in range(0, 256)");
    out += static_cast<char>(x.i);
  }
  return out;
}

// a[lo:hi:step] = v and del a[lo:hi:step] for a bytearray (the list rules).
static void set_bytearray_slice(Thread* t, Value obj, const SliceObject* s, Value v) {
  std::string repl = bytes_to_store(t, v);
  std::string& d = as_bytes(obj)->data;
  int64_t start, step;
  int64_t n = adjust_slice(t, static_cast<int64_t>(d.size()), s->start, s->stop, s->step, &start, &step);
  if (step == 1) {
    int64_t stop = std::max(start, start + n);
    d.replace(static_cast<size_t>(start), static_cast<size_t>(stop - start), repl);
    return;
  }
  if (static_cast<int64_t>(repl.size()) != n)
    throw_error(t, "ValueError", fmt::format("attempt to assign bytes of size {} to extended slice of size {}", repl.size(), n));
  for (int64_t i = 0, j = start; i < n; ++i, j += step) d[j] = repl[i];
}

static void del_bytearray_slice(Thread* t, Value obj, const SliceObject* s) {
  std::string& d = as_bytes(obj)->data;
  int64_t start, step;
  int64_t n = adjust_slice(t, static_cast<int64_t>(d.size()), s->start, s->stop, s->step, &start, &step);
  if (n <= 0) return;
  std::vector<uint8_t> gone(d.size(), 0);
  for (int64_t i = 0, j = start; i < n; ++i, j += step) gone[j] = 1;
  std::string kept;
  for (size_t i = 0; i < d.size(); ++i)
    if (!gone[i]) kept += d[i];
  d.swap(kept);
}

void set_item(Thread* t, Value obj, Value idx, Value v) {
  if (obj.is(ObjKind::List)) {
    if (idx.is(ObjKind::Slice)) {
      auto* s = static_cast<SliceObject*>(idx.obj);
      set_list_slice(t, obj, s->start, s->stop, s->step, v);
      return;
    }
    auto& items = as_list(obj)->items;
    int64_t i = index_of(t, idx, "list");
    int64_t n = static_cast<int64_t>(items.size());
    if (i < 0) i += n;
    if (i < 0 || i >= n) throw_error(t, "IndexError", "list assignment index out of range");
    items[i] = v;
    return;
  }
  if (obj.is(ObjKind::Dict)) {
    dict_set(t, obj, idx, v);
    return;
  }
  if (obj.is(ObjKind::ByteArray)) {
    if (idx.is(ObjKind::Slice)) {
      set_bytearray_slice(t, obj, static_cast<SliceObject*>(idx.obj), v);
      return;
    }
    std::string& d = as_bytes(obj)->data;
    int64_t i = index_of(t, idx, "bytearray");
    int64_t n = static_cast<int64_t>(d.size());
    if (i < 0) i += n;
    if (i < 0 || i >= n) throw_error(t, "IndexError", "bytearray index out of range");
    if (!is_intlike(v) || v.i < 0 || v.i > 255) throw_error(t, "ValueError", "byte must be in range(0, 256)");
    d[i] = static_cast<char>(v.i);
    return;
  }
  if (obj.is(ObjKind::Instance)) {
    Value r;
    Value args[3] = {obj, idx, v};
    if (call_special(t, obj, "__setitem__", args, 3, &r)) return;
    if (as_instance(obj)->cls->value_type == "bytearray") return set_item(t, unwrap_value(obj), idx, v);
  }
  throw_error(t, "TypeError", fmt::format("'{}' object does not support item assignment", type_name(obj)));
}

void del_item(Thread* t, Value obj, Value idx) {
  if (obj.is(ObjKind::List)) {
    auto& items = as_list(obj)->items;
    if (idx.is(ObjKind::Slice)) {
      auto* s = static_cast<SliceObject*>(idx.obj);
      int64_t start, step;
      int64_t n = adjust_slice(t, static_cast<int64_t>(items.size()), s->start, s->stop, s->step, &start, &step);
      if (n <= 0) return;
      std::vector<uint8_t> gone(items.size(), 0);
      for (int64_t i = 0, j = start; i < n; ++i, j += step) gone[j] = 1;
      std::vector<Value> kept;
      for (size_t i = 0; i < items.size(); ++i)
        if (!gone[i]) kept.push_back(items[i]);
      items.swap(kept);
      return;
    }
    int64_t i = index_of(t, idx, "list");
    int64_t n = static_cast<int64_t>(items.size());
    if (i < 0) i += n;
    if (i < 0 || i >= n) throw_error(t, "IndexError", "list assignment index out of range");
    items.erase(items.begin() + i);
    return;
  }
  if (obj.is(ObjKind::Dict)) {
    if (!dict_del(t, obj, idx)) throw_key_error(t, idx);
    return;
  }
  if (obj.is(ObjKind::ByteArray)) {
    if (idx.is(ObjKind::Slice)) {
      del_bytearray_slice(t, obj, static_cast<SliceObject*>(idx.obj));
      return;
    }
    std::string& d = as_bytes(obj)->data;
    int64_t i = index_of(t, idx, "bytearray");
    int64_t n = static_cast<int64_t>(d.size());
    if (i < 0) i += n;
    if (i < 0 || i >= n) throw_error(t, "IndexError", "bytearray index out of range");
    d.erase(static_cast<size_t>(i), 1);
    return;
  }
  if (obj.is(ObjKind::Instance)) {
    Value r;
    Value args[2] = {obj, idx};
    if (call_special(t, obj, "__delitem__", args, 2, &r)) return;
    if (as_instance(obj)->cls->value_type == "bytearray") return del_item(t, unwrap_value(obj), idx);
  }
  throw_error(t, "TypeError", fmt::format("'{}' object doesn't support item deletion", type_name(obj)));
}

Value get_slice(Thread* t, Value obj, Value lo, Value hi, Value stepv) {
  int64_t start, step;
  if (obj.is(ObjKind::List) || obj.is(ObjKind::Tuple)) {
    bool list = obj.is(ObjKind::List);
    const auto& items = list ? as_list(obj)->items : as_tuple(obj)->items;
    int64_t n = adjust_slice(t, static_cast<int64_t>(items.size()), lo, hi, stepv, &start, &step);
    std::vector<Value> out;
    out.reserve(n);
    for (int64_t i = 0, j = start; i < n; ++i, j += step) out.push_back(items[j]);
    return list ? make_list(t, std::move(out)) : make_tuple(t, std::move(out));
  }
  if (obj.is(ObjKind::Str)) {
    std::string_view s = str_view(obj);
    std::string out;
    if (str_is_ascii(obj)) {
      int64_t n = adjust_slice(t, static_cast<int64_t>(s.size()), lo, hi, stepv, &start, &step);
      if (step == 1) return make_str(t, s.substr(start, n));
      for (int64_t i = 0, j = start; i < n; ++i, j += step) out += s[j];
    } else {
      const auto* str = as_str(obj);
      int64_t n = adjust_slice(t, static_cast<int64_t>(char_count(t->heap, str, s)), lo, hi, stepv, &start, &step);
      if (step == 1) {
        size_t b = n > 0 ? char_offset(t->heap, str, s, static_cast<size_t>(start)) : 0;
        size_t e = n > 0 ? char_offset(t->heap, str, s, static_cast<size_t>(start + n)) : 0;
        return make_str(t, s.substr(b, e - b));
      }
      for (int64_t i = 0, j = start; i < n; ++i, j += step) {
        size_t at = char_offset(t->heap, str, s, static_cast<size_t>(j));
        out += s.substr(at, utf8::char_length(s, at));
      }
    }
    return make_str_from(t, std::move(out));
  }
  if (obj.is(ObjKind::Range)) {
    auto* r = static_cast<RangeObject*>(obj.obj);
    int64_t n = adjust_slice(t, length(t, obj), lo, hi, stepv, &start, &step);
    int64_t s0 = r->start + start * r->step, st = r->step * step;
    return make_range(t, s0, s0 + n * st, st);
  }
  if (is_byteslike(obj)) {
    const std::string& d = as_bytes(obj)->data;
    int64_t n = adjust_slice(t, static_cast<int64_t>(d.size()), lo, hi, stepv, &start, &step);
    std::string out;
    for (int64_t i = 0, j = start; i < n; ++i, j += step) out += d[j];
    return make_bytes(t, std::move(out), obj.is(ObjKind::ByteArray));
  }
  if (obj.is(ObjKind::Instance)) {
    RootScope roots(t);
    roots.push(obj);
    Value s = roots.push(make_slice(t, lo, hi, stepv));
    Value r;
    Value args[2] = {obj, s};
    if (call_special(t, obj, "__getitem__", args, 2, &r)) return r;
    if (is_value_instance(obj)) return get_slice(t, unwrap_value(obj), lo, hi, stepv);
  }
  throw_error(t, "TypeError", fmt::format("'{}' object is not subscriptable", type_name(obj)));
}

// The items of src for unpacking (at least n, or exactly n when !star).
std::vector<Value> unpack_items(Thread* t, Value src, RootScope& scope) {
  if (src.is(ObjKind::List)) return as_list(src)->items;
  if (src.is(ObjKind::Tuple)) return as_tuple(src)->items;
  if (src.tag != Tag::Object || src.obj->kind == ObjKind::Function || src.obj->kind == ObjKind::Builtin ||
      src.obj->kind == ObjKind::Class || src.obj->kind == ObjKind::BigInt)
    throw_error(t, "TypeError", fmt::format("cannot unpack non-iterable {} object", type_name(src)));
  scope.push(src);
  Value it;
  try {
    it = scope.push(make_iterator(t, src));
  } catch (const Raised&) {
    if (t->error.kind == "TypeError" && t->error.message.find("is not iterable") != std::string::npos) {
      t->has_error = false;
      throw_error(t, "TypeError", fmt::format("cannot unpack non-iterable {} object", type_name(src)));
    }
    throw;
  }
  std::vector<Value> got;
  Value item;
  while (iter_next(t, it, &item)) got.push_back(scope.push(item));
  return got;
}

void unpack(Thread* t, Value* dsts, Value src, uint32_t n) {
  RootScope scope(t);
  if (!src.is(ObjKind::List) && !src.is(ObjKind::Tuple) && src.tag == Tag::Object &&
      (src.obj->kind == ObjKind::Iterator || src.obj->kind == ObjKind::Generator)) {
    // Stop one past n: an endless iterator still reports "too many".
    scope.push(src);
    std::vector<Value> got;
    Value item;
    while (got.size() <= n && iter_next(t, src, &item)) got.push_back(scope.push(item));
    if (got.size() > n) throw_error(t, "ValueError", fmt::format("too many values to unpack (expected {})", n));
    if (got.size() < n) throw_error(t, "ValueError", fmt::format("not enough values to unpack (expected {}, got {})", n, got.size()));
    for (uint32_t i = 0; i < n; ++i) dsts[i] = got[i];
    return;
  }
  std::vector<Value> items = unpack_items(t, src, scope);
  if (items.size() > n) throw_error(t, "ValueError", fmt::format("too many values to unpack (expected {})", n));
  if (items.size() < n)
    throw_error(t, "ValueError", fmt::format("not enough values to unpack (expected {}, got {})", n, items.size()));
  for (uint32_t i = 0; i < n; ++i) dsts[i] = items[i];
}

// `a, *b, c = src`: dsts[star] receives a list of what the others leave.
void unpack_ex(Thread* t, Value* dsts, Value src, uint32_t n, uint32_t star) {
  RootScope scope(t);
  std::vector<Value> items = unpack_items(t, src, scope);
  uint32_t fixed = n - 1;
  if (items.size() < fixed)
    throw_error(t, "ValueError", fmt::format("not enough values to unpack (expected at least {}, got {})", fixed, items.size()));
  size_t after = n - 1 - star;
  std::vector<Value> rest(items.begin() + star, items.end() - after);
  Value list = scope.push(make_list(t, std::move(rest)));
  for (uint32_t i = 0; i < star; ++i) dsts[i] = items[i];
  dsts[star] = list;
  for (size_t i = 0; i < after; ++i) dsts[star + 1 + i] = items[items.size() - after + i];
}

}  // namespace

std::string function_display_name(const FunctionObject* f) {
  if (f->qualname.is(ObjKind::Str)) return std::string(str_view(f->qualname));  // assigned (functools.wraps)
  return f->code->qualified.empty() ? f->code->name : f->code->qualified;
}

namespace {

std::string join_names(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) out += names.size() == 2 ? " and " : (i + 1 == names.size() ? ", and " : ", ");
    out += "'" + names[i] + "'";
  }
  return out;
}

// Binds a call's arguments to a function's parameters as Python does:
// positional ones (the extra into *args), keywords by name (the unknown into
// **kwargs), then defaults; every error with CPython's message.
void bind_call(Thread* t, FunctionObject* f, const Value* args, uint32_t npos, uint32_t nkw, const Value* kwnames,
               std::vector<Value>& bound, RootScope& scope) {
  const CodeInfo* code = f->code;
  auto name = [f] { return function_display_name(f); };  // only for errors: calls stay cheap
  size_t nparams = code->params.size();
  size_t argc = code->argcount;
  size_t varargs_at = argc, kwonly_at = argc + (code->varargs ? 1 : 0), varkw_at = kwonly_at + code->kwonly;
  bound.assign(nparams, Value::none());
  std::vector<uint8_t> filled(nparams, 0);
  for (uint32_t i = 0; i < npos && i < argc; ++i) {
    bound[i] = args[i];
    filled[i] = 1;
  }
  if (code->varargs) {
    std::vector<Value> extra;
    for (uint32_t i = static_cast<uint32_t>(argc); i < npos; ++i) extra.push_back(args[i]);
    bound[varargs_at] = scope.push(make_tuple(t, std::move(extra)));
    filled[varargs_at] = 1;
  }
  Value kwdict = Value::none();
  if (code->varkw) {
    kwdict = scope.push(make_dict(t));
    bound[varkw_at] = kwdict;
    filled[varkw_at] = 1;
  }
  for (uint32_t k = 0; k < nkw; ++k) {
    std::string_view kw = str_view(kwnames[k]);
    size_t p = code->posonly;
    for (; p < nparams; ++p) {
      if (p == varargs_at && code->varargs) continue;
      if (p == varkw_at && code->varkw) continue;
      if (code->params[p] == kw) break;
    }
    if (p >= nparams) {
      if (code->varkw) {
        if (dict_size(kwdict) && [&] { Value d; return dict_get(t, kwdict, kwnames[k], &d); }())
          throw_error(t, "TypeError", fmt::format("{}() got multiple values for keyword argument '{}'", name(), kw));
        dict_set(t, kwdict, kwnames[k], args[npos + k]);
        continue;
      }
      std::string posonly_given;
      for (size_t q = 0; q < code->posonly; ++q)
        for (uint32_t j = 0; j < nkw; ++j)
          if (code->params[q] == str_view(kwnames[j])) posonly_given += (posonly_given.empty() ? "" : ", ") + code->params[q];
      if (!posonly_given.empty())
        throw_error(t, "TypeError",
                    fmt::format("{}() got some positional-only arguments passed as keyword arguments: '{}'", name(), posonly_given));
      throw_error(t, "TypeError", fmt::format("{}() got an unexpected keyword argument '{}'", name(), kw));
    }
    if (filled[p]) throw_error(t, "TypeError", fmt::format("{}() got multiple values for argument '{}'", name(), kw));
    bound[p] = args[npos + k];
    filled[p] = 1;
  }
  size_t ndefaults = std::min(f->defaults.size(), argc);
  size_t first_default = argc - ndefaults;
  if (npos > argc && !code->varargs) {
    size_t given_kwonly = 0;
    for (size_t p = kwonly_at; p < kwonly_at + code->kwonly; ++p) given_kwonly += filled[p];
    std::string takes = ndefaults ? fmt::format("from {} to {} positional arguments", first_default, argc)
                                  : fmt::format("{} positional argument{}", argc, argc == 1 ? "" : "s");
    std::string kwpart = given_kwonly ? fmt::format(" positional argument{} (and {} keyword-only argument{})", npos == 1 ? "" : "s",
                                                    given_kwonly, given_kwonly == 1 ? "" : "s")
                                      : "";
    if (given_kwonly)
      throw_error(t, "TypeError", fmt::format("{}() takes {} but {}{} were given", name(), takes, npos, kwpart));
    throw_error(t, "TypeError", fmt::format("{}() takes {} but {} {} given", name(), takes, npos, npos == 1 ? "was" : "were"));
  }
  std::vector<std::string> missing;
  for (size_t p = 0; p < argc; ++p) {
    if (filled[p]) continue;
    if (p >= first_default) bound[p] = f->defaults[p - first_default];
    else missing.push_back(code->params[p]);
  }
  if (!missing.empty())
    throw_error(t, "TypeError", fmt::format("{}() missing {} required positional argument{}: {}", name(), missing.size(),
                                            missing.size() == 1 ? "" : "s", join_names(missing)));
  size_t kd = 0;
  for (size_t k = 0; k < code->kwonly; ++k) {
    size_t p = kwonly_at + k;
    bool has_default = k < code->kwonly_has_default.size() && code->kwonly_has_default[k];
    if (!filled[p]) {
      if (has_default && kd < f->kwdefaults.size()) bound[p] = f->kwdefaults[kd];
      else missing.push_back(code->params[p]);
    }
    if (has_default) ++kd;
  }
  if (!missing.empty())
    throw_error(t, "TypeError", fmt::format("{}() missing {} required keyword-only argument{}: {}", name(), missing.size(),
                                            missing.size() == 1 ? "" : "s", join_names(missing)));
}

Value call_function(Thread* t, FunctionObject* f, const Value* args, uint32_t npos, uint32_t nkw, const Value* kwnames) {
  const CodeInfo* code = f->code;
  RootScope scope(t);
  scope.push(Value::object(f));
  std::vector<Value> bound;
  if (code->simple() && nkw == 0 && npos <= code->argcount && npos + f->defaults.size() >= code->argcount) {
    // The common call: positional arguments, the rest from the defaults.
    bound.assign(args, args + npos);
    size_t first_default = code->argcount - f->defaults.size();
    for (size_t p = npos; p < code->argcount; ++p) bound.push_back(f->defaults[p - first_default]);
  } else {
    bind_call(t, f, args, npos, nkw, kwnames, bound, scope);
  }
  for (auto& v : bound) scope.push(v);
  if (code->is_generator) return make_generator(t, f, bound.data());
  if (!code->entry) throw_error(t, "SystemError", fmt::format("function {} has no compiled entry", function_display_name(f)));
  Value result = Value::none();
  if (!code->entry(t, f, bound.data(), &result)) rethrow_pending();
  return result;
}

void check_capabilities(Thread* t, std::string_view name, uint32_t needed) {
  uint32_t missing = needed & ~t->capabilities;
  if (!missing) return;
  for (const auto& c : capability_names())
    if (missing & c.bit)
      throw_error(t, "CapabilityError",
                  fmt::format("'{}' needs the {} capability (run with --allow {})", name, c.word, c.flag));
}

Value call_intrinsic(Thread* t, uint32_t index, const Value* args, uint32_t npos, uint32_t nkw, const Value* kwnames) {
  const auto& table = intrinsics();
  if (index >= table.size()) throw_error(t, "SystemError", fmt::format("bad intrinsic index {}", index));
  const Intrinsic& in = table[index];
  check_capabilities(t, in.name, in.capabilities);
  CallArgs ca{args, npos, nkw, kwnames};
  Value result = Value::none();
  // An intrinsic may allocate outside the heap (the parser, world generation,
  // rendering, SQLite, the LLM client): running out there is the plan's
  // MemoryError, never an abort of the host.
  try {
    if (!in.fn(t, &result, ca)) rethrow_pending();
  } catch (const std::bad_alloc&) {
    throw_error(t, "MemoryError", fmt::format("{}() ran out of memory", in.name));
  }
  return result;
}

Value call_method_impl(Thread* t, const Method* m, Value self, const Value* args, uint32_t npos, uint32_t nkw,
                       const Value* kwnames) {
  CallArgs ca{args, npos, nkw, kwnames};
  Value result = Value::none();
  RootScope scope(t);
  scope.push(self);
  try {
    if (!m->fn(t, &result, self, ca)) rethrow_pending();
  } catch (const std::bad_alloc&) {  // as for intrinsics (call_intrinsic)
    throw_error(t, "MemoryError", fmt::format("{}() ran out of memory", m->name));
  }
  return result;
}

// Method names at call sites are interned constants, so a small cache keyed by
// (receiver kind, name bytes' address) skips the table scan; a hit is
// confirmed by comparing the name, so a reused address never gives a wrong method.
const Method* lookup_method(Value obj, std::string_view name) {
  // An instance of a class has no methods in the table (its receivers are the
  // built-in kinds): its class decides, without a scan of the table that the
  // cache below would not remember (it keeps what it finds).
  if (obj.tag != Tag::Object || obj.obj->kind == ObjKind::Instance) return nullptr;
  struct Entry {
    const char* data = nullptr;
    ObjKind kind = ObjKind::Str;
    const Method* method = nullptr;
  };
  static thread_local Entry cache[64];
  ObjKind kind = obj.obj->kind;
  auto h = (reinterpret_cast<uintptr_t>(name.data()) >> 4 ^ static_cast<uintptr_t>(kind)) & 63;
  Entry& e = cache[h];
  if (e.data == name.data() && e.kind == kind && e.method && e.method->name == name) return e.method;
  const Method* m = find_method(kind, name);
  if (m) e = Entry{name.data(), kind, m};
  return m;
}

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// What ends a run whatever the step count: an interrupt (plank_interrupt, SIGINT) and the time
// budget. False with the error set when one applies. pk_poll asks when the fuel runs out, and a
// host function's call when it returns (a host may work for long without a step).
bool interrupt_or_clock(Thread* t) {
  // A plain load first: the exchange (a locked instruction) only when an interrupt is there.
  if (t->interrupt_requested.load(std::memory_order_relaxed) && t->interrupt_requested.exchange(0)) {
    t->fuel = t->fuel_granted = 0;
    set_error(t, "Interrupted", "interrupted");
    return false;
  }
  if (t->budget.timeout_seconds > 0 && t->started_at != 0 && now_seconds() - t->started_at > t->budget.timeout_seconds) {
    t->fuel = t->fuel_granted = 0;
    set_error(t, "BudgetExceeded", fmt::format("time budget of {} seconds exceeded", format_float(t->budget.timeout_seconds)));
    return false;
  }
  return true;
}

// The thing called by calling a Method object: func with self first.
Value call_bound(Thread* t, Value func, Value self, const Value* args, uint32_t npos, uint32_t nkw, const Value* kwnames) {
  RootScope roots(t);
  std::vector<Value> full;
  full.reserve(npos + nkw + 1);
  full.push_back(self);
  full.insert(full.end(), args, args + npos + nkw);
  for (auto& v : full) roots.push(v);
  return call_value(t, func, full.data(), npos + 1, nkw, kwnames);
}

}  // namespace

bool should_stop(const Thread* t) {
  return t->interrupt_requested.load() != 0 ||
         (t->budget.timeout_seconds > 0 && t->started_at != 0 && now_seconds() - t->started_at > t->budget.timeout_seconds);
}

Value call_host_function(Thread* t, const HostFunction* function, const CallArgs& args) {
  check_capabilities(t, function->name, function->capabilities);
  Value result = Value::none();
  if (!function->callback(t, &result, args, function->data)) rethrow_pending();
  if (!interrupt_or_clock(t)) rethrow_pending();
  return result;
}

Value get_item_value(Thread* t, Value obj, Value index) { return get_item(t, obj, index); }

Value call_value(Thread* t, Value callee, const Value* args, uint32_t npos, uint32_t nkw, const Value* kwnames) {
  if (callee.tag == Tag::Object) {
    switch (callee.obj->kind) {
      case ObjKind::Function: return call_function(t, as_function(callee), args, npos, nkw, kwnames);
      case ObjKind::Builtin:
        return call_intrinsic(t, static_cast<BuiltinObject*>(callee.obj)->index, args, npos, nkw, kwnames);
      case ObjKind::BoundMethod: {
        auto* b = static_cast<BoundMethodObject*>(callee.obj);
        if (b->flags & kUnboundMethod) {
          if (npos == 0) throw_error(t, "TypeError", fmt::format("unbound method {}() needs an argument", b->method->name));
          Value self = unwrap_value(args[0]);  // str.upper(colour) of a str subclass's instance
          if (b->method->receiver == ObjKind::Instance)  // str.__repr__: a special method unwraps self itself
            return call_method_impl(t, b->method, args[0], args + 1, npos - 1, nkw, kwnames);
          if (self.tag != Tag::Object || self.obj->kind != b->method->receiver)
            throw_error(t, "TypeError", fmt::format("descriptor '{}' requires a '{}' object but received a '{}'", b->method->name,
                                                    type_name(args[0]), type_name(args[0])));
          return call_method_impl(t, b->method, self, args + 1, npos - 1, nkw, kwnames);
        }
        return call_method_impl(t, b->method, b->self, args, npos, nkw, kwnames);
      }
      case ObjKind::HostFunction:
        return call_host_function(t, static_cast<HostFunctionObject*>(callee.obj)->function,
                                  CallArgs{args, npos, nkw, kwnames});
      case ObjKind::Method: {
        auto* m = static_cast<MethodObject*>(callee.obj);
        return call_bound(t, m->func, m->self, args, npos, nkw, kwnames);
      }
      case ObjKind::Class: return instantiate(t, as_class(callee), args, npos, nkw, kwnames);
      case ObjKind::Wrapper: {
        auto* w = static_cast<WrapperObject*>(callee.obj);
        if (w->wrap == WrapperKind::StaticMethod) return call_value(t, w->fget, args, npos, nkw, kwnames);
        break;
      }
      case ObjKind::Instance: {
        Value m;
        if (!find_special(t, callee, "__call__", &m)) break;
        if (!m.is(ObjKind::Function) && (descriptor_bits(t, m) & kDescGet)) {  // __call__ = Descriptor(): what its __get__ gives
          RootScope roots(t);
          Value bound = roots.push(descriptor_get(t, m, callee, Value::object(as_instance(callee)->cls)));
          return call_value(t, bound, args, npos, nkw, kwnames);
        }
        return call_bound(t, m, callee, args, npos, nkw, kwnames);
      }
      default: break;
    }
  }
  throw_error(t, "TypeError", fmt::format("'{}' object is not callable", type_name(callee)));
}

// The symbols the JIT binds by name.
#define PK_SYM(name) {#name, reinterpret_cast<void*>(&name)}
const RuntimeSymbol kRuntimeSymbols[] = {
    PK_SYM(pk_enter),        PK_SYM(pk_leave),          PK_SYM(pk_poll),         PK_SYM(pk_step),
    PK_SYM(pk_load_global),  PK_SYM(pk_store_global),   PK_SYM(pk_load_builtin), PK_SYM(pk_make_cell),
    PK_SYM(pk_load_cell),    PK_SYM(pk_store_cell),     PK_SYM(pk_load_free),    PK_SYM(pk_binary),
    PK_SYM(pk_unary),        PK_SYM(pk_compare),        PK_SYM(pk_truth),        PK_SYM(pk_build_list),
    PK_SYM(pk_build_tuple),  PK_SYM(pk_build_dict),     PK_SYM(pk_get_item),     PK_SYM(pk_set_item),
    PK_SYM(pk_get_slice),    PK_SYM(pk_get_attr),       PK_SYM(pk_set_attr),     PK_SYM(pk_get_iter),
    PK_SYM(pk_for_iter),     PK_SYM(pk_unpack),         PK_SYM(pk_assert_failed), PK_SYM(pk_call),
    PK_SYM(pk_call_method),  PK_SYM(pk_call_intrinsic), PK_SYM(pk_make_function), PK_SYM(pk_raise),
    PK_SYM(pk_seal),
    PK_SYM(pk_build_set),     PK_SYM(pk_build_slice),    PK_SYM(pk_build_string),    PK_SYM(pk_format_value),
    PK_SYM(pk_call_ex),       PK_SYM(pk_unpack_ex),      PK_SYM(pk_del_item),        PK_SYM(pk_del_attr),
    PK_SYM(pk_del_global),    PK_SYM(pk_del_cell),       PK_SYM(pk_load_class_name), PK_SYM(pk_build_class),
    PK_SYM(pk_catch),         PK_SYM(pk_exc_match),      PK_SYM(pk_import),          PK_SYM(pk_import_from),
    PK_SYM(pk_load_local_cell), PK_SYM(pk_unbound_local), PK_SYM(pk_enter_handler), PK_SYM(pk_leave_handler),
    PK_SYM(pk_raise_value),   PK_SYM(pk_resume),         PK_SYM(pk_yield_from_iter), PK_SYM(pk_yield_from_step),
};
#undef PK_SYM
const size_t kRuntimeSymbolCount = sizeof(kRuntimeSymbols) / sizeof(kRuntimeSymbols[0]);

}  // namespace plank::core

using namespace plank::core;

extern "C" {

bool pk_enter(Thread* t, Frame* frame) {
  if (t->depth + 1 > t->budget.max_depth) {
    set_error(t, "RecursionError", "maximum recursion depth exceeded");
    return false;
  }
  frame->parent = t->top;
  t->top = frame;
  ++t->depth;
  return true;
}

void pk_leave(Thread* t, Frame* frame) {
  if (t->top != frame) return;  // pk_enter failed: the frame was never linked
  t->top = frame->parent;
  --t->depth;
}

bool pk_poll(Thread* t) {
  static constexpr int64_t kChunk = 10000;
  t->steps += t->fuel_granted - t->fuel;
  if (t->started_at == 0) t->started_at = now_seconds();
  if (t->budget.max_steps > 0 && t->steps > t->budget.max_steps) {
    t->fuel = t->fuel_granted = 0;
    set_error(t, "BudgetExceeded", fmt::format("step budget of {} exceeded", t->budget.max_steps));
    return false;
  }
  if (!interrupt_or_clock(t)) return false;
  int64_t grant = kChunk;
  if (t->budget.max_steps > 0) grant = std::min(grant, t->budget.max_steps - t->steps);
  t->fuel = t->fuel_granted = grant;
  return true;
}

bool pk_step(Thread* t, uint32_t line) {
  if (t->top) t->top->line = line;
  if (t->interrupt_requested.load(std::memory_order_relaxed) && t->interrupt_requested.exchange(0)) {
    set_error(t, "Interrupted", "interrupted");
    return false;
  }
  if (t->step_hook && t->top) {
    if (!t->step_hook(*t, *t->top)) {
      set_error(t, "Interrupted", "interrupted");
      return false;
    }
  }
  return true;
}

bool pk_load_global(Thread* t, Value* dst, ModuleRuntime* m, uint32_t index) {
  if (m->globals_home) m = m->globals_home;
  return guard([&] {
    if (index < m->global_set.size() && m->global_set[index]) {
      *dst = m->globals[index];
      return;
    }
    const std::string& name = index < m->global_names.size() ? m->global_names[index] : std::string("?");
    if (builtin_value(t, name, dst)) return;
    throw_error(t, "NameError", fmt::format("name '{}' is not defined", name));
  });
}

void pk_store_global(Thread* t, ModuleRuntime* m, uint32_t index, const Value* v) {
  if (m->globals_home) m = m->globals_home;
  if (m->globals.size() <= index) m->globals.resize(index + 1, Value::none());
  if (m->global_set.size() <= index) m->global_set.resize(index + 1, 0);
  m->globals[index] = load_value(v);
  m->global_set[index] = 1;
}

bool pk_load_builtin(Thread* t, Value* dst, uint32_t intrinsic) {
  return guard([&] { *dst = make_builtin(t, intrinsic); });
}

bool pk_make_cell(Thread* t, Value* dst, const Value* initial) {
  return guard([&] { *dst = make_cell(t, initial); });
}

bool pk_load_cell(Thread* t, Value* dst, const Value* cell, const char* name) {
  auto* c = as_cell(*cell);
  if (!c->set) {
    set_error(t, "NameError",
              fmt::format("cannot access free variable '{}' where it is not associated with a value in enclosing scope",
                          name ? name : "?"));
    return false;
  }
  *dst = c->value;
  return true;
}

// The same read of a cell the function itself owns (a local that a closure
// captures): CPython's error for it is the unbound local's.
bool pk_load_local_cell(Thread* t, Value* dst, const Value* cell, const char* name) {
  auto* c = as_cell(*cell);
  if (!c->set) return pk_unbound_local(t, name);
  *dst = c->value;
  return true;
}

bool pk_unbound_local(Thread* t, const char* name) {
  set_error(t, "UnboundLocalError",
            fmt::format("cannot access local variable '{}' where it is not associated with a value", name ? name : "?"));
  return false;
}

void pk_store_cell(Thread* t, const Value* cell, const Value* v) {
  auto* c = as_cell(*cell);
  c->value = load_value(v);
  c->set = true;
}

void pk_load_free(Thread* t, Value* dst, FunctionObject* fn, uint32_t index) { *dst = fn->cells[index]; }

bool pk_binary(Thread* t, Value* dst, uint32_t op, const Value* a, const Value* b) {
  return guard([&] {
    if (op & kBinaryStrBuilder) {
      op &= ~kBinaryStrBuilder;
      if ((op & ~kBinaryInPlace) == kAdd && a->is(ObjKind::Str) && b->is(ObjKind::Str)) {
        *dst = append_str_in_place(t, *a, *b);
        return;
      }
    }
    if (op & kBinaryInPlace) {
      op &= ~kBinaryInPlace;
      if (a->is(ObjKind::List) && (op == kAdd || op == kMul)) {
        *dst = inplace_list(t, op, *a, *b);
        return;
      }
      if (a->is(ObjKind::Set) && set_binary(t, op, *a, *b, true, dst)) return;
      if (a->is(ObjKind::Dict) && op == kBitOr && b->is(ObjKind::Dict)) {  // d |= other
        update_dict_from(t, *a, *b);
        *dst = *a;
        return;
      }
      if (a->is(ObjKind::ByteArray) && op == kAdd && is_byteslike(*b)) {
        std::string tail = as_bytes(*b)->data;
        as_bytes(*a)->data += tail;
        *dst = *a;
        return;
      }
      if (a->is(ObjKind::Instance) && op <= kMatMul) {
        Value r;
        Value args[2] = {*a, *b};
        if (call_special(t, *a, kInPlace[op], args, 2, &r) && !is_not_implemented(r)) {
          *dst = r;
          return;
        }
        const std::string& type = as_instance(*a)->cls->value_type;
        if (type == "set" || type == "bytearray") {  // tags |= {...} changes the instance's own set
          Value inner = unwrap_value(*a);
          if (!pk_binary(t, &r, op | kBinaryInPlace, &inner, b)) rethrow_pending();
          *dst = r.tag == inner.tag && r.bits == inner.bits ? *a : r;
          return;
        }
      }
    }
    *dst = binary(t, op, *a, *b);
  });
}

void pk_seal(Thread*, const Value* a) { seal_str(*a); }

bool pk_unary(Thread* t, Value* dst, uint32_t op, const Value* a) {
  return guard([&] {
    Value v = *a;
    if (op == kNot) {
      *dst = Value::boolean(!truth(t, v));
      return;
    }
    if (is_intlike(v)) {
      if (op == kPos) *dst = Value::integer(v.i);
      else if (op == kInvert) *dst = Value::integer(~v.i);
      else *dst = v.i == INT64_MIN ? bigint_negate(t, v) : Value::integer(-v.i);
      return;
    }
    if (v.is(ObjKind::BigInt)) {
      *dst = op == kPos ? v : op == kInvert ? bigint_invert(t, v) : bigint_negate(t, v);
      return;
    }
    if (v.tag == Tag::Float && op != kInvert) {
      *dst = Value::real(op == kPos ? v.f : -v.f);
      return;
    }
    static const char* const names[] = {"__neg__", "__pos__", "", "__invert__"};
    Value self = v;
    if (v.is(ObjKind::Instance) && call_special(t, v, names[op], &self, 1, dst)) return;
    if (is_value_instance(v)) {
      Value inner = unwrap_value(v);
      if (!pk_unary(t, dst, op, &inner)) rethrow_pending();
      return;
    }
    throw_error(t, "TypeError", fmt::format("bad operand type for unary {}: '{}'", op == kNeg ? "-" : op == kPos ? "+" : "~", type_name(v)));
  });
}

bool pk_compare(Thread* t, Value* dst, uint32_t op, const Value* a, const Value* b) {
  return guard([&] { *dst = compare(t, op, *a, *b); });
}

bool pk_truth(Thread* t, bool* out, const Value* a) {
  if (!a->is(ObjKind::Instance)) {
    *out = truthy(*a);
    return true;
  }
  return guard([&] { *out = truth(t, *a); });
}

bool pk_build_list(Thread* t, Value* dst, const Value* items, uint32_t n) {
  return guard([&] { *dst = make_list(t, std::vector<Value>(items, items + n)); });
}

bool pk_build_tuple(Thread* t, Value* dst, const Value* items, uint32_t n) {
  return guard([&] { *dst = make_tuple(t, std::vector<Value>(items, items + n)); });
}

bool pk_build_dict(Thread* t, Value* dst, const Value* kv, uint32_t pairs) {
  return guard([&] {
    RootScope scope(t);
    Value d = scope.push(make_dict(t));
    for (uint32_t i = 0; i < pairs; ++i) dict_set(t, d, kv[2 * i], kv[2 * i + 1]);
    *dst = d;
  });
}

bool pk_get_item(Thread* t, Value* dst, const Value* obj, const Value* index) {
  return guard([&] { *dst = get_item(t, *obj, *index); });
}

bool pk_set_item(Thread* t, const Value* obj, const Value* index, const Value* v) {
  return guard([&] { set_item(t, load_value(obj), load_value(index), load_value(v)); });
}

bool pk_get_slice(Thread* t, Value* dst, const Value* obj, const Value* lo, const Value* hi, const Value* step) {
  return guard([&] {
    Value none = Value::none();
    *dst = get_slice(t, *obj, lo ? *lo : none, hi ? *hi : none, step ? *step : none);
  });
}

bool pk_get_attr(Thread* t, Value* dst, const Value* obj, const Value* name) {
  return guard([&] {
    // str, list, tuple, dict: their methods (not for a list or dict of a user class, whose class comes first)
    if (obj->tag == Tag::Object && obj->obj->kind <= ObjKind::Dict && !(obj->obj->flags & kSubclassInstance)) {
      if (const Method* m = lookup_method(*obj, str_view(*name))) {
        *dst = make_bound_method(t, *obj, m);
        return;
      }
    }
    *dst = get_attribute(t, load_value(obj), load_value(name));
  });
}

bool pk_set_attr(Thread* t, const Value* obj, const Value* name, const Value* v) {
  return guard([&] { set_attribute(t, load_value(obj), load_value(name), load_value(v)); });
}

bool pk_get_iter(Thread* t, Value* dst, const Value* obj) {
  return guard([&] { *dst = make_iterator(t, *obj); });
}

bool pk_for_iter(Thread* t, Value* dst, bool* done, const Value* iter) {
  return guard([&] {
    Value v;
    if (iter_next(t, *iter, &v)) {
      *dst = v;
      *done = false;
    } else {
      *done = true;
    }
  });
}

bool pk_unpack(Thread* t, Value* dsts, const Value* src, uint32_t n) {
  return guard([&] { unpack(t, dsts, *src, n); });
}

bool pk_unpack_ex(Thread* t, Value* dsts, const Value* src, uint32_t n, uint32_t star) {
  return guard([&] { unpack_ex(t, dsts, load_value(src), n, star); });
}

bool pk_del_item(Thread* t, const Value* obj, const Value* index) {
  return guard([&] { del_item(t, load_value(obj), load_value(index)); });
}

bool pk_assert_failed(Thread* t, const Value* message) {
  guard([&] {
    if (!message) set_error(t, "AssertionError", std::string());
    // `assert x, m`: AssertionError(m), whatever m is (an empty str is still an argument).
    else throw_exception(t, make_exception(t, exception_class(t, "AssertionError"), {load_value(message)}));
  });
  return false;
}

bool pk_call(Thread* t, Value* dst, const Value* callee, const Value* args, uint32_t npos, uint32_t nkw, const Value* kwnames) {
  return guard([&] { *dst = call_value(t, *callee, args, npos, nkw, kwnames); });
}

bool pk_call_method(Thread* t, Value* dst, const Value* obj, const Value* name, const Value* args, uint32_t npos,
                    uint32_t nkw, const Value* kwnames) {
  return guard([&] {
    if (!is_subclass_instance(*obj))
      if (const Method* m = lookup_method(*obj, str_view(*name))) {
        *dst = call_method_impl(t, m, *obj, args, npos, nkw, kwnames);
        return;
      }
    *dst = call_attribute(t, load_value(obj), load_value(name), args, npos, nkw, kwnames, true);
  });
}

bool pk_call_intrinsic(Thread* t, Value* dst, uint32_t intrinsic, const Value* args, uint32_t npos, uint32_t nkw,
                       const Value* kwnames) {
  return guard([&] { *dst = call_intrinsic(t, intrinsic, args, npos, nkw, kwnames); });
}

bool pk_make_function(Thread* t, Value* dst, ModuleRuntime* m, uint32_t function, const Value* defaults, uint32_t ndefaults,
                      const Value* cells, uint32_t ncells) {
  return guard([&] {
    if (function >= m->code.size()) throw_error(t, "SystemError", fmt::format("bad function index {}", function));
    auto* f = t->heap->alloc<FunctionObject>(ObjKind::Function, (ndefaults + ncells) * sizeof(Value));
    f->code = &m->code[function];
    f->module = m;
    // The keyword-only defaults follow the positional ones (ir MakeFunction's nkwdefaults).
    uint32_t nkw = 0;
    for (uint8_t has : f->code->kwonly_has_default) nkw += has;
    nkw = std::min(nkw, ndefaults);
    f->defaults.assign(defaults, defaults + (ndefaults - nkw));
    f->kwdefaults.assign(defaults + (ndefaults - nkw), defaults + ndefaults);
    f->cells.assign(cells, cells + ncells);
    *dst = Value::object(f);
  });
}

bool pk_raise(Thread* t, const char* kind, const char* message) {
  set_error(t, kind, message ? message : "");
  return false;
}

}  // extern "C"
