// The newer expressions: list/dict/set comprehensions and generator
// expressions, f-strings with format specs and conversions, bitwise
// operators, and arbitrary-precision ints (printed, never stored, so the
// bounds of the typed expressions still hold); see gen.h.
#include "compiler/progen/gen.h"

namespace plank::progen::detail {

namespace {

// Comprehension bodies are not charged per iteration: calls are off inside
// them (as in lambdas) and their sources are cut to a few items.
struct NoCalls {
  explicit NoCalls(Context& c) : c_(c), saved_(c.calls) { c_.calls = false; }
  ~NoCalls() { c_.calls = saved_; }
  Context& c_;
  bool saved_;
};

// An f-string replacement field must not hold quotes, backslashes, braces or
// '#' in Python 3.11 (the same quote would end the string).
bool fits_fstring(const std::string& text) { return text.find_first_of("'\"\\{}#") == std::string::npos; }

}  // namespace

E Gen::list_comprehension(int d) {
  std::string src = list_int_expr(d).text + "[:" + std::to_string(rng_.range(1, 6)) + "]";
  std::string q = fresh("q");
  NoCalls off(ctx());
  scopes_.push_back({});
  E out;
  int shape = rng_.below(4);
  if (shape != 3) declare(q, Ty::Int, true);
  switch (shape) {
    case 0: {
      E body = fit(Ty::Int, int_expr(1));
      std::string cond = rng_.chance(50) ? " if " + bool_expr(1).text : "";
      out = {"[" + body.text + " for " + q + " in " + src + cond + "]", 6};
      break;
    }
    case 1: {
      // Two loops: the second may read the first's variable.
      std::string r = fresh("q");
      declare(r, Ty::Int, true);
      out = {"[" + fit(Ty::Int, int_expr(1)).text + " for " + q + " in " + src + " for " + r + " in range(" + q +
                 " % 3)]",
             12};
      break;
    }
    case 2: {
      // A set comprehension, sorted: a set of ints prints in hash order, which both sides share only by chance.
      out = {"sorted({" + q + " % " + int_lit(2, 9).text + " for " + q + " in " + src + "})", 6};
      break;
    }
    default: {
      std::string s = fresh("s");
      std::string strs = list_str_expr(d).text + "[:5]";
      scopes_.push_back({});
      declare(s, Ty::Str, true);
      out = {"[len(" + s + ") + " + fit(Ty::Int, int_expr(1)).text + " for " + s + " in " + strs + "]", 5};
      scopes_.pop_back();
      break;
    }
  }
  scopes_.pop_back();
  return out;
}

E Gen::dict_comprehension(int d) {
  std::string s = fresh("s"), v = fresh("q");
  NoCalls off(ctx());
  std::string keys = list_str_expr(d).text + "[:5]";
  if (rng_.chance(50)) {
    scopes_.push_back({});
    declare(s, Ty::Str, true);
    E body = fit(Ty::Int, int_expr(1));
    scopes_.pop_back();
    return {"{" + s + ": " + body.text + " for " + s + " in " + keys + "}", 5};
  }
  std::string m = dict_expr(d).text;
  scopes_.push_back({});
  declare(s, Ty::Str, true);
  declare(v, Ty::Int, true);
  E body = fit(Ty::Int, int_expr(1));
  std::string cond = rng_.chance(50) ? " if " + bool_expr(1).text : "";
  scopes_.pop_back();
  return {"{" + s + ".upper(): " + body.text + " for " + s + ", " + v + " in " + m + ".items()" + cond + "}", kLenCap};
}

E Gen::aggregate_genexp(int d) {
  std::string src = list_int_expr(d).text + "[:6]";
  std::string q = fresh("q");
  NoCalls off(ctx());
  scopes_.push_back({});
  declare(q, Ty::Int, true);
  E body = fit(Ty::Int, int_expr(1));
  std::string genexp = body.text + " for " + q + " in " + src;
  E out;
  switch (rng_.below(4)) {
    case 0: out = {"sum(" + genexp + ")", 6 * kWrite}; break;
    case 1: out = {"max((" + genexp + "), default=" + int_lit().text + ")", kWrite}; break;
    case 2: out = {"int(any(" + bool_expr(1).text + " for " + q + " in " + src + "))", 1}; break;
    default: out = {"len([" + q + " for " + q + " in " + src + " if " + bool_expr(1).text + "])", 6}; break;
  }
  scopes_.pop_back();
  return out;
}

E Gen::fstring(int d) {
  static const std::vector<const char*> int_specs = {"", ">6", "<5", "^7", "05d", "+d", "x", "X", "o", "b", ",", "_",
                                                     "#x", "*>8", "=+8", ".2f", "e"};
  static const std::vector<const char*> float_specs = {"", ".2f", "8.3f", "e", ".3e", "g", ".1%", ",.2f", "+.1f",
                                                       ">10.2f", "<9.1f", "^11.3g", "010.4f"};
  static const std::vector<const char*> str_specs = {"", ">8", "<6", "^9", "*^9", ".3", "-<7"};
  static const std::vector<const char*> texts = {"", "a=", " | ", "->", "x", " ", "[", "]"};
  std::string body;
  int n = rng_.range(1, 3);
  for (int i = 0; i < n; ++i) {
    body += rng_.pick(texts);
    std::string field, spec, conversion;
    switch (rng_.below(3)) {
      case 0: {
        E e = int_expr(d);
        field = fits_fstring(e.text) ? e.text : leaf_int().text;
        spec = rng_.pick(int_specs);
        break;
      }
      case 1: {
        E e = float_expr(d);
        field = fits_fstring(e.text) ? e.text : leaf_float().text;
        spec = rng_.pick(float_specs);
        break;
      }
      default: {
        const Var* v = any_var(Ty::Str);
        if (!v) {
          field = leaf_int().text;
          break;
        }
        field = v->name;
        spec = rng_.pick(str_specs);
        if (rng_.chance(30)) conversion = "!r";
        break;
      }
    }
    if (!fits_fstring(field)) field = "0";
    // `{name=}` prints the name and '='; only for a plain name (it echoes the text as written).
    bool self_doc = rng_.chance(10) && field.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") == std::string::npos;
    body += "{" + (self_doc ? field + "=" : "(" + field + ")") + conversion + (spec.empty() ? "" : ":" + spec) + "}";
  }
  return {"f'" + body + "'", 120};
}

E Gen::bitwise_int(int d) {
  E a = int_expr(d), b = int_expr(d);
  switch (rng_.below(6)) {
    case 0: return {"(" + a.text + " & " + b.text + ")", 2 * std::max(a.bound, b.bound)};
    case 1: return {"(" + a.text + " | " + b.text + ")", 2 * std::max(a.bound, b.bound)};
    case 2: return {"(" + a.text + " ^ " + b.text + ")", 2 * std::max(a.bound, b.bound)};
    case 3: return {"(~" + a.text + ")", a.bound + 1};
    case 4: {
      int k = rng_.range(0, 12);
      if (a.bound * std::pow(2.0, k) > kExprCap) return a;
      return {"(" + a.text + " << " + std::to_string(k) + ")", a.bound * std::pow(2.0, k)};
    }
    default: return {"(" + a.text + " >> " + std::to_string(rng_.range(0, 9)) + ")", a.bound};
  }
}

void Gen::bigint_print() {
  // Leaves only: `big` is written out more than once, and a call in it would run (and cost) each time.
  std::string a = leaf_int().text, b = nonzero_int(0).text;
  std::string big = "(" + a + ") ** " + std::to_string(rng_.range(5, 30));
  switch (rng_.below(7)) {
    case 0: line("print(" + big + ")"); break;
    case 1: line("print((" + big + ") // " + b + ", (" + big + ") % " + b + ", divmod(-(" + big + "), " + b + "))"); break;
    case 2:
      line("print((2 ** " + std::to_string(rng_.range(60, 130)) + " + " + a + ") * (3 ** " +
           std::to_string(rng_.range(30, 80)) + " - " + b + "))");
      break;
    case 3: line("print(pow(" + a + ", " + std::to_string(rng_.range(50, 300)) + ", " + std::to_string(rng_.range(2, 1000000007)) + "))"); break;
    case 4: line("print(hex(" + big + "), (" + big + ").bit_length(), (" + big + ") >> 17, (" + big + ") & 0xFFFF)"); break;
    case 5: line("print(int(str(" + big + ")) == " + big + ", len(str(" + big + ")), -(" + big + ") < " + a + ")"); break;
    default: line("print(" + std::to_string(rng_.range(1, 9)) + " * 10 ** " + std::to_string(rng_.range(19, 40)) + " // " + b + " - " + a + ")"); break;
  }
}

}  // namespace plank::progen::detail
