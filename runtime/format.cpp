// The format specification mini-language (see format.h).
#include "runtime/format.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>

#include <fmt/format.h>

#include "runtime/bigint.h"
#include "runtime/classes.h"
#include "runtime/heap.h"
#include "support/utf8.h"

namespace plank::core {

namespace {

struct Spec {
  uint32_t fill = ' ';
  char align = 0;  // < > ^ = or 0 (the type's default)
  char sign = '-';
  bool alternate = false;
  bool zero = false;
  int64_t width = -1;
  char grouping = 0;  // ',' or '_'
  int64_t precision = -1;
  char type = 0;
};

[[noreturn]] void bad_spec(Thread* t, std::string_view why) { throw_error(t, "ValueError", std::string(why)); }

Spec parse_spec(Thread* t, std::string_view s) {
  Spec sp;
  size_t i = 0;
  auto is_align = [](char c) { return c == '<' || c == '>' || c == '^' || c == '='; };
  // [[fill]align]: the fill may be any code point.
  uint32_t cp = 0;
  size_t n = s.empty() ? 0 : utf8::decode(s, 0, &cp);
  if (n && n < s.size() && is_align(s[n])) {
    sp.fill = cp;
    sp.align = s[n];
    i = n + 1;
  } else if (!s.empty() && is_align(s[0])) {
    sp.align = s[0];
    i = 1;
  }
  if (i < s.size() && (s[i] == '+' || s[i] == '-' || s[i] == ' ')) sp.sign = s[i++];
  if (i < s.size() && s[i] == 'z') ++i;  // negative zero coercion: rare, accepted
  if (i < s.size() && s[i] == '#') sp.alternate = true, ++i;
  if (i < s.size() && s[i] == '0') {
    sp.zero = true;
    ++i;
  }
  if (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
    sp.width = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) sp.width = sp.width * 10 + (s[i++] - '0');
  }
  if (i < s.size() && (s[i] == ',' || s[i] == '_')) sp.grouping = s[i++];
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i]))) bad_spec(t, "Format specifier missing precision");
    sp.precision = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) sp.precision = sp.precision * 10 + (s[i++] - '0');
  }
  if (i < s.size()) sp.type = s[i++];
  if (i < s.size()) bad_spec(t, "Invalid format specifier");
  return sp;
}

size_t width_of(std::string_view s) { return utf8::count(s); }

std::string fill_string(uint32_t fill, size_t n) {
  std::string one;
  append_utf8(one, fill);
  std::string out;
  out.reserve(one.size() * n);
  for (size_t i = 0; i < n; ++i) out += one;
  return out;
}

// Pads `body` (the sign, if any, is `sign`) to the spec's width.
std::string pad(const Spec& sp, std::string sign, std::string body, char default_align) {
  char align = sp.align ? sp.align : default_align;
  uint32_t fill = sp.fill;
  if (sp.zero && !sp.align) {
    align = '=';
    fill = '0';
  }
  size_t have = width_of(sign) + width_of(body);
  if (sp.width < 0 || have >= static_cast<size_t>(sp.width)) return sign + body;
  size_t extra = static_cast<size_t>(sp.width) - have;
  switch (align) {
    case '<': return sign + body + fill_string(fill, extra);
    case '^': return fill_string(fill, extra / 2) + sign + body + fill_string(fill, extra - extra / 2);
    case '=': return sign + fill_string(fill, extra) + body;
    default: return fill_string(fill, extra) + sign + body;
  }
}

// Inserts the grouping separator every `every` digits from the right of the integer part.
std::string group(std::string digits, char sep, size_t every) {
  if (!sep) return digits;
  std::string out;
  size_t n = digits.size();
  for (size_t i = 0; i < n; ++i) {
    if (i && (n - i) % every == 0) out += sep;
    out += digits[i];
  }
  return out;
}

std::string sign_of(const Spec& sp, bool negative) {
  if (negative) return "-";
  if (sp.sign == '+') return "+";
  if (sp.sign == ' ') return " ";
  return "";
}

std::string format_int(Thread* t, Value v, const Spec& sp) {
  char type = sp.type ? sp.type : 'd';
  if (sp.precision >= 0) bad_spec(t, "Precision not allowed in integer format specifier");
  if (type == 'c') {
    if (sp.sign != '-') bad_spec(t, "Sign not allowed with integer format specifier 'c'");
    int64_t cp = int_as_index(t, v, "%c arg not in range(0x110000)");
    if (cp < 0 || cp > 0x10ffff) throw_error(t, "OverflowError", "%c arg not in range(0x110000)");
    std::string s;
    append_utf8(s, static_cast<uint32_t>(cp));
    return pad(sp, "", s, '<');
  }
  bool negative = v.is(ObjKind::BigInt) ? bigint_compare(v, Value::integer(0)) < 0 : v.i < 0;
  Value mag = v;
  if (negative) mag = v.is(ObjKind::BigInt) ? bigint_abs(t, v) : (v.i == INT64_MIN ? bigint_abs(t, v) : Value::integer(-v.i));
  std::string digits, prefix;
  switch (type) {
    case 'd':
    case 'n': digits = int_to_string(mag, 10); break;
    case 'b': digits = int_to_string(mag, 2); prefix = "0b"; break;
    case 'o': digits = int_to_string(mag, 8); prefix = "0o"; break;
    case 'x': digits = int_to_string(mag, 16); prefix = "0x"; break;
    case 'X': {
      digits = int_to_string(mag, 16);
      for (char& c : digits) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      prefix = "0X";
      break;
    }
    default:
      bad_spec(t, fmt::format("Unknown format code '{}' for object of type 'int'", type));
  }
  if (sp.grouping == ',' && type != 'd' && type != 'n')
    bad_spec(t, fmt::format("Cannot specify ',' with '{}'.", type));
  digits = group(digits, sp.grouping, (type == 'd' || type == 'n') ? 3 : 4);
  std::string head = sign_of(sp, negative) + (sp.alternate ? prefix : "");
  // Zero padding with grouping puts separators in the padding too, as CPython does.
  if (sp.zero && !sp.align && sp.grouping && sp.width > 0) {
    size_t every = (type == 'd' || type == 'n') ? 3 : 4;
    std::string raw = int_to_string(mag, type == 'b' ? 2 : type == 'o' ? 8 : (type == 'x' || type == 'X') ? 16 : 10);
    if (type == 'X')
      for (char& c : raw) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    while (width_of(head) + group(raw, sp.grouping, every).size() < static_cast<size_t>(sp.width)) raw.insert(0, "0");
    std::string grouped = group(raw, sp.grouping, every);
    if (grouped[0] == sp.grouping) grouped.insert(0, "0");
    return head + grouped;
  }
  return pad(sp, head, digits, '>');
}

// The shortest repr digits of a finite double, and its decimal exponent (value = 0.d1d2... * 10**decpt).
std::string fixed(double x, int64_t precision) {
  char buf[512];
  if (precision > 300) {
    std::string s = fmt::format("{:.{}f}", x, precision);
    return s;
  }
  std::snprintf(buf, sizeof buf, "%.*f", static_cast<int>(precision), x);
  return buf;
}

std::string exponent_form(double x, int64_t precision, bool upper) {
  char buf[512];
  std::snprintf(buf, sizeof buf, upper ? "%.*E" : "%.*e", static_cast<int>(std::min<int64_t>(precision, 400)), x);
  return buf;  // C prints at least two exponent digits, as Python does
}

// 'g' (and the no-type form, `repr_like`) per CPython's rules.
std::string general(double x, int64_t precision, bool alternate, bool upper, bool repr_like) {
  if (precision == 0) precision = 1;
  if (x == 0) {
    std::string z = std::signbit(x) ? "-0" : "0";
    if (repr_like) return z + ".0";
    if (alternate) return z + "." + std::string(static_cast<size_t>(precision - 1), '0');
    return z;
  }
  char buf[512];
  std::snprintf(buf, sizeof buf, "%.*e", static_cast<int>(std::min<int64_t>(precision - 1, 400)), x);
  const char* e = std::strchr(buf, 'e');
  int exp = std::atoi(e + 1);
  std::string out;
  if (exp >= -4 && exp < precision) {
    out = fixed(x, precision - 1 - exp);
    if (!alternate && out.find('.') != std::string::npos) {
      while (out.back() == '0') out.pop_back();
      if (out.back() == '.') out.pop_back();
    }
    if (repr_like && out.find('.') == std::string::npos) out += ".0";
  } else {
    std::string mant(buf, static_cast<size_t>(e - buf));
    if (!alternate && mant.find('.') != std::string::npos) {
      while (mant.back() == '0') mant.pop_back();
      if (mant.back() == '.') mant.pop_back();
    }
    out = mant + (upper ? "E" : "e") + fmt::format("{}{:02d}", exp < 0 ? '-' : '+', std::abs(exp));
  }
  if (upper)
    for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::string format_float(Thread* t, double x, const Spec& sp) {
  char type = sp.type;
  bool upper = type == 'E' || type == 'F' || type == 'G';
  bool negative = std::signbit(x) && !std::isnan(x);
  double ax = std::fabs(x);
  std::string body;
  if (std::isinf(ax) || std::isnan(ax)) {
    body = std::isnan(ax) ? "nan" : "inf";
    if (upper) body = std::isnan(ax) ? "NAN" : "INF";
    if (type == '%') body += "%";
    Spec nozero = sp;
    nozero.zero = false;
    if (sp.zero && !sp.align) nozero.align = '>';
    return pad(nozero, sign_of(sp, negative), body, '>');
  }
  int64_t p = sp.precision;
  switch (type) {
    case 'e':
    case 'E': body = exponent_form(ax, p < 0 ? 6 : p, upper); break;
    case 'f':
    case 'F': body = fixed(ax, p < 0 ? 6 : p); break;
    case '%': body = fixed(ax * 100, p < 0 ? 6 : p) + "%"; break;
    case 'g':
    case 'G':
    case 'n': body = general(ax, p < 0 ? 6 : p, sp.alternate, upper, false); break;
    case 0:
      if (p < 0) body = core::format_float(ax);
      else body = general(ax, p, sp.alternate, false, true);
      break;
    default: bad_spec(t, fmt::format("Unknown format code '{}' for object of type 'float'", type));
  }
  if (sp.alternate && body.find('.') == std::string::npos && (type == 'f' || type == 'F' || type == 'e' || type == 'E')) {
    size_t at = body.find_first_of("eE%");
    body.insert(at == std::string::npos ? body.size() : at, ".");
  }
  if (sp.grouping) {
    size_t end = body.find_first_of(".eE%");
    std::string intpart = body.substr(0, end);
    body = group(intpart, sp.grouping, 3) + (end == std::string::npos ? "" : body.substr(end));
  }
  return pad(sp, sign_of(sp, negative), body, '>');
}

std::string format_str(Thread* t, std::string_view s, const Spec& sp) {
  if (sp.type && sp.type != 's') bad_spec(t, fmt::format("Unknown format code '{}' for object of type 'str'", sp.type));
  if (sp.sign != '-') bad_spec(t, "Sign not allowed in string format specifier");
  if (sp.align == '=') bad_spec(t, "'=' alignment not allowed in string format specifier");
  if (sp.grouping) bad_spec(t, fmt::format("Cannot specify '{}' with 's'.", sp.grouping));
  std::string body(s);
  if (sp.precision >= 0) {
    size_t at = 0;
    for (int64_t k = 0; k < sp.precision && at < body.size(); ++k) {
      uint32_t cp;
      size_t n = utf8::decode(body, at, &cp);
      at += n ? n : 1;
    }
    body.resize(at);
  }
  return pad(sp, "", body, '<');
}

}  // namespace

std::string format_value(Thread* t, Value v, std::string_view spec) {
  Value m;
  if (v.is(ObjKind::Instance) && find_special(t, v, "__format__", &m) && !m.is(ObjKind::Builtin)) {
    RootScope roots(t);
    Value args[2] = {v, roots.push(make_str(t, spec))};
    Value r = call_value(t, m, args, 2);
    if (!r.is(ObjKind::Str)) throw_error(t, "TypeError", fmt::format("__format__ must return a str, not {}", type_name(r)));
    return std::string(str_view(r));
  }
  if (spec.empty()) return to_str(t, v);
  if (is_value_instance(v)) return format_value(t, unwrap_value(v), spec);
  Spec sp = parse_spec(t, spec);
  if (v.is_bool() && !sp.type) return format_str(t, v.i ? "True" : "False", sp);
  if (is_int_value(v)) {
    if (sp.type && std::strchr("eEfFgG%", sp.type)) return format_float(t, int_to_double(t, v), sp);
    return format_int(t, v, sp);
  }
  if (v.is_float()) return format_float(t, v.f, sp);
  if (v.is(ObjKind::Str)) return format_str(t, str_view(v), sp);
  throw_error(t, "TypeError", fmt::format("unsupported format string passed to {}.__format__", type_name(v)));
}

std::string ascii_repr(Thread* t, Value v) {
  std::string r = repr(t, v);
  std::string out;
  for (size_t i = 0; i < r.size();) {
    unsigned char c = static_cast<unsigned char>(r[i]);
    if (c < 0x80) {
      out += r[i++];
      continue;
    }
    uint32_t cp;
    size_t n = utf8::decode(r, i, &cp);
    if (!n) {
      out += r[i++];
      continue;
    }
    if (cp <= 0xff) out += fmt::format("\\x{:02x}", cp);
    else if (cp <= 0xffff) out += fmt::format("\\u{:04x}", cp);
    else out += fmt::format("\\U{:08x}", cp);
    i += n;
  }
  return out;
}

Value convert_value(Thread* t, Value v, uint32_t conversion) {
  switch (conversion) {
    case 's': return v.is(ObjKind::Str) ? v : make_str(t, to_str(t, v));
    case 'r': return make_str(t, repr(t, v));
    case 'a': return make_str(t, ascii_repr(t, v));
    default: return v;
  }
}

// str.format: `{}` `{0}` `{name}` `{0.attr}` `{0[key]}` `{!r}` `{:spec}` with nested `{}` in the spec.
std::string format_template(Thread* t, std::string_view f, const Value* args, uint32_t npos, uint32_t nkw,
                            const Value* kwnames) {
  std::string out;
  size_t auto_index = 0;
  bool used_auto = false, used_manual = false;
  RootScope roots(t);
  std::function<Value(std::string_view)> resolve = [&](std::string_view field) -> Value {
    size_t end = field.find_first_of(".[");
    std::string_view head = field.substr(0, end);
    Value v;
    if (head.empty()) {
      if (used_manual) throw_error(t, "ValueError", "cannot switch from manual field specification to automatic field numbering");
      used_auto = true;
      if (auto_index >= npos) throw_error(t, "IndexError", fmt::format("Replacement index {} out of range for positional args tuple", auto_index));
      v = args[auto_index++];
    } else if (std::isdigit(static_cast<unsigned char>(head[0]))) {
      if (used_auto) throw_error(t, "ValueError", "cannot switch from automatic field numbering to manual field specification");
      used_manual = true;
      size_t k = std::stoul(std::string(head));
      if (k >= npos) throw_error(t, "IndexError", fmt::format("Replacement index {} out of range for positional args tuple", k));
      v = args[k];
    } else {
      bool found = false;
      for (uint32_t k = 0; k < nkw; ++k)
        if (str_view(kwnames[k]) == head) {
          v = args[npos + k];
          found = true;
        }
      if (!found) throw_error(t, "KeyError", "'" + std::string(head) + "'");
    }
    while (end != std::string_view::npos && end < field.size()) {
      if (field[end] == '.') {
        size_t next = field.find_first_of(".[", end + 1);
        std::string_view attr = field.substr(end + 1, next == std::string_view::npos ? std::string_view::npos : next - end - 1);
        v = roots.push(get_attribute(t, v, roots.push(make_str(t, attr))));
        end = next;
      } else {
        size_t close = field.find(']', end);
        if (close == std::string_view::npos) throw_error(t, "ValueError", "Missing ']' in format string");
        std::string_view key = field.substr(end + 1, close - end - 1);
        Value k = !key.empty() && std::isdigit(static_cast<unsigned char>(key[0])) ? Value::integer(std::stoll(std::string(key)))
                                                                                   : roots.push(make_str(t, key));
        v = roots.push(get_item_value(t, v, k));
        end = close + 1;
      }
    }
    return v;
  };
  for (size_t i = 0; i < f.size(); ++i) {
    char c = f[i];
    if (c == '}') {
      if (i + 1 < f.size() && f[i + 1] == '}') {
        out += '}';
        ++i;
        continue;
      }
      throw_error(t, "ValueError", "Single '}' encountered in format string");
    }
    if (c != '{') {
      out += c;
      continue;
    }
    if (i + 1 < f.size() && f[i + 1] == '{') {
      out += '{';
      ++i;
      continue;
    }
    // The field runs to the matching '}' (a spec may nest one level of fields).
    size_t j = i + 1;
    int depth = 1;
    for (; j < f.size(); ++j) {
      if (f[j] == '{') ++depth;
      else if (f[j] == '}' && --depth == 0) break;
    }
    if (j >= f.size()) throw_error(t, "ValueError", "Single '{' encountered in format string");
    std::string_view field = f.substr(i + 1, j - i - 1);
    i = j;
    size_t colon = std::string_view::npos, bang = std::string_view::npos;
    int brackets = 0;
    for (size_t k = 0; k < field.size(); ++k) {
      if (field[k] == '[') ++brackets;
      else if (field[k] == ']') --brackets;
      else if (brackets == 0 && field[k] == '!' && bang == std::string_view::npos && colon == std::string_view::npos) bang = k;
      else if (brackets == 0 && field[k] == ':') {
        colon = k;
        break;
      }
    }
    std::string_view name = field.substr(0, std::min(bang, colon));
    uint32_t conversion = 0;
    if (bang != std::string_view::npos) {
      if (bang + 1 >= field.size() || (bang + 2 != field.size() && bang + 2 != colon))
        throw_error(t, "ValueError", "expected ':' after conversion specifier");
      conversion = static_cast<uint32_t>(field[bang + 1]);
      if (conversion != 's' && conversion != 'r' && conversion != 'a')
        throw_error(t, "ValueError", fmt::format("Unknown conversion specifier {}", field[bang + 1]));
    }
    Value v = roots.push(resolve(name));  // the field first, then the fields of its spec (auto-numbering order)
    v = roots.push(convert_value(t, v, conversion));
    std::string spec = colon == std::string_view::npos ? std::string() : std::string(field.substr(colon + 1));
    if (spec.find('{') != std::string::npos) {  // `{:{width}}`: the nested fields number on with the outer ones
      std::string expanded;
      for (size_t k = 0; k < spec.size(); ++k) {
        if (spec[k] != '{') {
          expanded += spec[k];
          continue;
        }
        size_t close = spec.find('}', k);
        if (close == std::string::npos) throw_error(t, "ValueError", "unmatched '{' in format spec");
        expanded += to_str(t, roots.push(resolve(std::string_view(spec).substr(k + 1, close - k - 1))));
        k = close;
      }
      spec = std::move(expanded);
    }
    out += format_value(t, v, spec);
  }
  return out;
}

}  // namespace plank::core
