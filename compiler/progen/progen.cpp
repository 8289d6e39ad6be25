// The generator (see progen.h for the guarantees and how they are kept).
//
// Shape: a Gen walks down from `program` to statements and typed expressions.
// Each expression is produced for a wanted type (`expr(Ty, depth)`) and comes
// back with a bound on its magnitude (numbers) or length (str, list); every
// statement and call adds to a cost estimate of the enclosing function (or the
// module), which decides whether loops and calls may still be generated.
#include "progen/progen.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <optional>
#include <string>
#include <vector>

namespace plank::progen {

namespace {

// splitmix64: small, fast, and the same everywhere (std distributions are not).
class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(seed ^ 0x632BE59BD9B4E019ull) {}
  uint64_t next() {
    uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  int below(int n) { return n <= 1 ? 0 : static_cast<int>(next() % static_cast<uint64_t>(n)); }
  int range(int lo, int hi) { return lo + below(hi - lo + 1); }  // inclusive
  bool chance(int percent) { return below(100) < percent; }
  template <class T>
  const T& pick(const std::vector<T>& v) {
    return v[static_cast<size_t>(below(static_cast<int>(v.size())))];
  }

 private:
  uint64_t s_;
};

enum class Ty { Int, Float, Bool, Str, ListInt, ListStr, Dict, Tuple, Fn };
const std::vector<Ty> kValueTypes = {Ty::Int,     Ty::Float,   Ty::Bool, Ty::Str,
                                     Ty::ListInt, Ty::ListStr, Ty::Dict, Ty::Tuple};

// Magnitudes. A variable (list item, dict value, function result) is stored
// with |value| <= kWrite; loops may add small amounts to it afterwards, so
// reads assume kRead. No expression may exceed kExprCap: below 2^53, so ints
// are exact as floats and far from 64-bit overflow.
constexpr double kRead = 1e7;
constexpr double kWrite = 1e6;
constexpr double kExprCap = 4e15;
constexpr double kSmallStep = 1000;  // what `+=` may add per execution
constexpr int kWrapModulus = 1000003;
// Lengths (soft: only keep the output small). A longer str or list is cut on assignment.
constexpr double kLenCap = 48;

struct E {
  std::string text;
  double bound = 0;  // |value| for int and float; length for str and lists
};

struct Var {
  std::string name;
  Ty ty;
  bool readonly = false;  // loop variables and counters
};

struct Param {
  std::string name;
  Ty ty;
  std::string default_text;  // "" when it has none
};

struct Fn {
  std::string name;
  std::vector<Param> params;
  Ty ret = Ty::Int;
  double cost = 1;       // statements one call executes, at most
  int rec_limit = -1;    // recursive functions: the largest first argument
};

struct Scope {
  std::vector<Var> vars;
  std::vector<Fn> fns;
};

// One function being generated (the module body is the outermost).
struct Context {
  bool in_function = false;
  Ty ret = Ty::Int;
  double mult = 1;      // product of the enclosing loops' iteration counts
  double cost = 0;      // statements executed per run of this body, at most
  double budget = 0;
  int loops = 0;        // enclosing loops (break/continue allowed when > 0)
  int nesting = 0;      // compound statements open
  bool calls = true;    // false in lambda bodies (their cost is not tracked)
};

struct StrLit {
  const char* text;  // as written in the source
  int length;
};
const std::vector<StrLit> kStrings = {
    {"''", 0},          {"'a'", 1},           {"'ab'", 2},          {"'hello'", 5},     {"'Hello World'", 11},
    {"' padded '", 8},  {"'a,b,,c'", 6},      {"'x-y-z'", 5},       {"'42'", 2},        {"'007'", 3},
    {"\"it's\"", 4},    {"'say \"hi\"'", 8},  {"'tab\\there'", 8},  {"'line\\nnext'", 9}, {"'MiXeD'", 5},
    {"'a b  c'", 6},    {"'3.5'", 3},         {"'zz'", 2},          {"'back\\\\slash'", 10}};
const std::vector<const char*> kSeparators = {"','", "' '", "'-'", "'a'", "', '", "'ab'"};
const std::vector<const char*> kJoiners = {"''", "' '", "', '", "'-'", "'/'"};
const std::vector<const char*> kKeys = {"'a'", "'b'", "'c'", "'x'", "'key'", "'z9'", "'hello'"};
struct FloatLit {
  const char* text;
  double value;
};
const std::vector<FloatLit> kFloats = {{"0.5", 0.5},     {"0.25", 0.25}, {"1.5", 1.5},       {"2.0", 2.0},
                                       {"3.75", 3.75},   {"0.1", 0.1},   {"0.2", 0.2},       {"0.3", 0.3},
                                       {"1e-3", 1e-3},   {"2.5e-4", 2.5e-4}, {"10.0", 10.0}, {"123.456", 123.456},
                                       {"1e5", 1e5},     {"7.0", 7.0},   {"0.0", 0.0},       {"2.675", 2.675},
                                       {"1.005", 1.005}, {"-0.5", 0.5},  {"1e-7", 1e-7},     {"99.99", 99.99}};

std::string wrap_int(const std::string& text) { return "(" + text + ") % " + std::to_string(kWrapModulus); }

class Gen {
 public:
  explicit Gen(const Options& o) : rng_(o.seed), size_(std::max(1, o.size)), may_raise_(o.may_raise) {}

  std::string program() {
    scopes_.push_back({});
    Context module;
    module.budget = 3000 + 40.0 * size_;
    ctx_.push_back(module);
    for (int item = 0; item < size_; ++item) top_level_item();
    final_prints();
    if (may_raise_ && rng_.chance(17)) raising_statement();
    return out_;
  }

 private:
  Rng rng_;
  int size_;
  bool may_raise_;
  std::string out_;
  int indent_ = 0;
  int counter_ = 0;
  // Deques: generating an expression may open a scope (lambda) or a context
  // (nested def) while a caller holds a reference into the enclosing one.
  std::deque<Scope> scopes_;
  std::deque<Context> ctx_;

  // ------------------------------------------------------------ emission
  void line(const std::string& text) {
    out_.append(static_cast<size_t>(indent_) * 4, ' ');
    out_ += text;
    out_ += '\n';
    ctx().cost += ctx().mult;
  }
  std::string fresh(const char* prefix) { return prefix + std::to_string(counter_++); }
  Context& ctx() { return ctx_.back(); }

  // ------------------------------------------------------------ scopes
  void declare(const std::string& name, Ty ty, bool readonly = false) { scopes_.back().vars.push_back({name, ty, readonly}); }
  std::vector<const Var*> vars_of(Ty ty, bool writable = false) const {
    std::vector<const Var*> out;
    for (const auto& s : scopes_)
      for (const auto& v : s.vars)
        if (v.ty == ty && !(writable && v.readonly)) out.push_back(&v);
    return out;
  }
  // The variable of this function (or the module) that may be assigned:
  // assigning a global or an enclosing function's variable inside a function
  // would make the name local there (Python's rule), so only this body's own.
  std::vector<const Var*> own_vars_of(Ty ty) const {
    std::vector<const Var*> out;
    for (size_t i = own_scope_base(); i < scopes_.size(); ++i)
      for (const auto& v : scopes_[i].vars)
        if (v.ty == ty && !v.readonly) out.push_back(&v);
    return out;
  }
  size_t own_scope_base() const { return scope_base_.empty() ? 0 : scope_base_.back(); }
  std::vector<size_t> scope_base_;  // first scope of each function being generated

  const Var* any_var(Ty ty) {
    auto vs = vars_of(ty);
    return vs.empty() ? nullptr : vs[static_cast<size_t>(rng_.below(static_cast<int>(vs.size())))];
  }

  // ------------------------------------------------------------ literals
  E int_lit(int lo = -20, int hi = 100) {
    int v = rng_.range(lo, hi);
    return {v < 0 ? "(" + std::to_string(v) + ")" : std::to_string(v), std::fabs(double(v))};
  }
  E float_lit() {
    if (rng_.chance(40)) {
      int whole = rng_.range(0, 300), frac = rng_.range(0, 99);
      std::string text = std::to_string(whole) + "." + (frac < 10 ? "0" : "") + std::to_string(frac);
      return {text, whole + 1.0};
    }
    const FloatLit& f = rng_.pick(kFloats);
    std::string text = f.text;
    if (text[0] == '-') text = "(" + text + ")";
    return {text, f.value};
  }
  E str_lit() {
    const StrLit& s = rng_.pick(kStrings);
    return {s.text, double(s.length)};
  }
  std::string literal_of(Ty ty) {  // for defaults: immutable values only
    switch (ty) {
      case Ty::Int: return int_lit().text;
      case Ty::Float: return float_lit().text;
      case Ty::Bool: return rng_.chance(50) ? "True" : "False";
      case Ty::Str: return str_lit().text;
      case Ty::Tuple: return "(" + int_lit().text + ", " + str_lit().text + ")";
      default: return "";
    }
  }

  // ------------------------------------------------------------ expressions
  E expr(Ty ty, int depth) {
    switch (ty) {
      case Ty::Int: return int_expr(depth);
      case Ty::Float: return float_expr(depth);
      case Ty::Bool: return bool_expr(depth);
      case Ty::Str: return str_expr(depth);
      case Ty::ListInt: return list_int_expr(depth);
      case Ty::ListStr: return list_str_expr(depth);
      case Ty::Dict: return dict_expr(depth);
      case Ty::Tuple: return tuple_expr(depth);
      case Ty::Fn: break;
    }
    return int_expr(depth);
  }

  // A value that fits a variable: wrapped when its bound is too large.
  E stored(Ty ty, int depth) {
    E e = expr(ty, depth);
    return fit(ty, e);
  }
  E fit(Ty ty, E e) {
    if (ty == Ty::Int && e.bound > kWrite) return {"(" + wrap_int(e.text) + ")", kWrite};
    if (ty == Ty::Float && e.bound > kWrite) return {"((" + e.text + ") % 1000.0)", 1000};
    if ((ty == Ty::Str || ty == Ty::ListInt || ty == Ty::ListStr) && e.bound > kLenCap)
      return {"(" + e.text + ")[:" + std::to_string(int(kLenCap)) + "]", kLenCap};
    return e;
  }

  E leaf_int() {
    if (const Var* v = rng_.chance(65) ? any_var(Ty::Int) : nullptr) return {v->name, kRead};
    return int_lit();
  }
  // An int that is never zero.
  E nonzero_int(int depth) {
    if (depth > 0 && rng_.chance(40)) {
      E a = int_expr(depth - 1);
      return {rng_.chance(70) ? "(abs(" + a.text + ") + 1)" : "(-abs(" + a.text + ") - 1)", a.bound + 1};
    }
    int v = rng_.range(1, 9) * (rng_.chance(25) ? -1 : 1);
    return {v < 0 ? "(" + std::to_string(v) + ")" : std::to_string(v), std::fabs(double(v))};
  }

  E int_expr(int depth) {
    if (depth <= 0) return leaf_int();
    int d = depth - 1;
    switch (rng_.below(26)) {
      case 0:
      case 1: return leaf_int();
      case 2:
      case 3: {
        E a = int_expr(d), b = int_expr(d);
        const char* op = rng_.chance(50) ? " + " : " - ";
        return {"(" + a.text + op + b.text + ")", a.bound + b.bound};
      }
      case 4: {
        E a = int_expr(d), b = rng_.chance(50) ? int_expr(d) : int_lit(-9, 9);
        if (a.bound * b.bound > kExprCap) return a;
        return {"(" + a.text + " * " + b.text + ")", a.bound * b.bound};
      }
      case 5: {
        E a = int_expr(d), b = nonzero_int(d);
        return {"(" + a.text + " // " + b.text + ")", a.bound};
      }
      case 6: {
        E a = int_expr(d), b = nonzero_int(d);
        return {"(" + a.text + " % " + b.text + ")", b.bound};
      }
      case 7: {
        E a = int_expr(d);
        return {rng_.chance(50) ? "abs(" + a.text + ")" : "(-" + a.text + ")", a.bound};
      }
      case 8: {
        E a = int_expr(d), b = int_expr(d);
        std::string f = rng_.chance(50) ? "min" : "max";
        if (rng_.chance(30)) {
          E c = int_expr(d);
          return {f + "(" + a.text + ", " + b.text + ", " + c.text + ")", std::max({a.bound, b.bound, c.bound})};
        }
        return {f + "(" + a.text + ", " + b.text + ")", std::max(a.bound, b.bound)};
      }
      case 9: return {"len(" + sized_expr(d) + ")", 1e5};
      case 10: {
        E l = list_int_expr(d);
        return {"sum(" + l.text + ")", kRead * 1e5};
      }
      case 11: {
        E f = float_expr(d);
        return {"int(" + f.text + ")", f.bound};
      }
      case 12: {
        E a = int_expr(d);
        return {"int(str(" + a.text + "))", a.bound};
      }
      case 13: {
        E l = list_int_expr(d), i = int_expr(d);
        E dflt = int_lit();
        std::string lt = l.text;
        return {"(" + lt + "[" + i.text + " % len(" + lt + ")] if " + lt + " else " + dflt.text + ")",
                std::max(kRead, dflt.bound)};
      }
      case 14: {
        E m = dict_expr(d), k = key_expr(d);
        return {m.text + ".get(" + k.text + ", " + int_lit().text + ")", kRead};
      }
      case 15: {
        E s = str_expr(d), t = str_expr(d);
        return {s.text + (rng_.chance(50) ? ".find(" : ".count(") + t.text + ")", 1e5};
      }
      case 16: {
        E l = list_int_expr(d), v = int_expr(d);
        if (rng_.chance(50)) return {l.text + ".count(" + v.text + ")", 1e5};
        return {"(" + l.text + ".index(" + v.text + ") if " + v.text + " in " + l.text + " else -1)", 1e5};
      }
      case 17: {
        E c = bool_expr(d), a = int_expr(d), b = int_expr(d);
        return {"(" + a.text + " if " + c.text + " else " + b.text + ")", std::max(a.bound, b.bound)};
      }
      case 18:
      case 19: {
        if (auto call = call_returning(Ty::Int, d)) return *call;
        return leaf_int();
      }
      case 20: {
        E a = int_expr(d);
        int k = rng_.range(0, 4);
        return {"((" + a.text + " % 7) ** " + std::to_string(k) + ")", std::pow(7.0, k)};
      }
      case 21: {
        E f = float_expr(d);
        return {"round(" + f.text + ")", f.bound + 1};
      }
      case 22: {
        E b = bool_expr(d), a = int_expr(d);
        return {rng_.chance(50) ? "(" + b.text + " + " + a.text + ")" : "int(" + b.text + ")", a.bound + 1};
      }
      case 23: {
        E t = tuple_expr(d);
        return {t.text + "[0]", kRead};
      }
      case 24: {
        auto fns = vars_of(Ty::Fn);
        if (fns.empty() || !ctx().calls || !charge(3)) return leaf_int();
        const Var* f = fns[static_cast<size_t>(rng_.below(static_cast<int>(fns.size())))];
        return {f->name + "(" + fit(Ty::Int, int_expr(d)).text + ")", kWrite};
      }
      default: {
        E a = int_expr(d), b = int_expr(d);
        return {"(" + a.text + (rng_.chance(50) ? " or " : " and ") + b.text + ")", std::max(a.bound, b.bound)};
      }
    }
  }

  E leaf_float() {
    if (const Var* v = rng_.chance(60) ? any_var(Ty::Float) : nullptr) return {v->name, kRead};
    return float_lit();
  }
  E nonzero_float(int depth) {
    if (depth > 0 && rng_.chance(40)) {
      E a = float_expr(depth - 1);
      return {"(abs(" + a.text + ") + 0.5)", a.bound + 0.5};
    }
    static const std::vector<FloatLit> divisors = {{"0.5", 0.5}, {"2.0", 2}, {"3.0", 3}, {"7.0", 7}, {"(-4.0)", 4},
                                                   {"0.1", 0.1}, {"1.5", 1.5}, {"3", 3}, {"(-7)", 7}};
    const FloatLit& f = rng_.pick(divisors);
    return {f.text, f.value};
  }

  E float_expr(int depth) {
    if (depth <= 0) return leaf_float();
    int d = depth - 1;
    switch (rng_.below(17)) {
      case 0:
      case 1: return leaf_float();
      case 2:
      case 3: {
        E a = float_expr(d), b = rng_.chance(30) ? int_expr(d) : float_expr(d);
        if (rng_.chance(50)) std::swap(a, b);
        return {"(" + a.text + (rng_.chance(50) ? " + " : " - ") + b.text + ")", a.bound + b.bound};
      }
      case 4: {
        E a = float_expr(d), b = rng_.chance(50) ? float_lit() : float_expr(d);
        if (a.bound * b.bound > kExprCap) return a;
        return {"(" + a.text + " * " + b.text + ")", a.bound * b.bound};
      }
      case 5: {
        E a = rng_.chance(50) ? float_expr(d) : int_expr(d), b = rng_.chance(50) ? nonzero_float(d) : nonzero_int(d);
        return {"(" + a.text + " / " + b.text + ")", a.bound * 10};
      }
      case 6: {
        E a = float_expr(d), b = nonzero_float(d);
        return {"(" + a.text + " // " + b.text + ")", a.bound * 10 + 1};
      }
      case 7: {
        E a = float_expr(d), b = nonzero_float(d);
        return {"(" + a.text + " % " + b.text + ")", b.bound};
      }
      case 8: {
        E a = float_expr(d);
        return {rng_.chance(50) ? "abs(" + a.text + ")" : "(-" + a.text + ")", a.bound};
      }
      case 9: {
        E a = int_expr(d);
        return {"float(" + a.text + ")", a.bound};
      }
      case 10: {
        E a = float_expr(d), b = rng_.chance(50) ? float_expr(d) : int_expr(d);
        return {std::string(rng_.chance(50) ? "min(" : "max(") + a.text + ", " + b.text + ")", std::max(a.bound, b.bound)};
      }
      case 11: {
        E a = float_expr(d);
        return {"round(" + a.text + ", " + std::to_string(rng_.range(-2, 3)) + ")", a.bound + 100};
      }
      case 12: {
        E a = float_expr(d);
        return {"float(str(" + a.text + "))", a.bound};
      }
      case 13: {
        E c = bool_expr(d), a = float_expr(d), b = float_expr(d);
        return {"(" + a.text + " if " + c.text + " else " + b.text + ")", std::max(a.bound, b.bound)};
      }
      case 14: {
        E l = list_int_expr(d);
        return {"(sum(" + l.text + ", 0.5) / (len(" + l.text + ") + 1))", kRead + 1};
      }
      case 15: {
        if (auto call = call_returning(Ty::Float, d)) return *call;
        return leaf_float();
      }
      default: {
        E a = int_expr(d), b = nonzero_int(d);
        return {"(" + a.text + " / " + b.text + ")", a.bound};
      }
    }
  }

  // Two values of one type that Python orders, for comparisons.
  std::pair<E, E> ordered_pair(int d) {
    switch (rng_.below(6)) {
      case 0: return {int_expr(d), rng_.chance(50) ? float_expr(d) : int_expr(d)};
      case 1: return {float_expr(d), float_expr(d)};
      case 2: return {str_expr(d), str_expr(d)};
      case 3: return {list_int_expr(d), list_int_expr(d)};
      case 4: return {tuple_expr(d), tuple_expr(d)};
      default: return {int_expr(d), int_expr(d)};
    }
  }

  E bool_expr(int depth) {
    if (depth <= 0 || rng_.chance(10)) {
      if (const Var* v = rng_.chance(50) ? any_var(Ty::Bool) : nullptr) return {v->name, 1};
      return {rng_.chance(50) ? "True" : "False", 1};
    }
    int d = depth - 1;
    static const std::vector<const char*> ops = {" < ", " <= ", " > ", " >= ", " == ", " != "};
    switch (rng_.below(15)) {
      case 0:
      case 1:
      case 2: {
        auto [a, b] = ordered_pair(d);
        return {"(" + a.text + rng_.pick(ops) + b.text + ")", 1};
      }
      case 3: {
        E a = int_expr(d), b = int_expr(d), c = int_expr(d);
        return {"(" + a.text + rng_.pick(ops) + b.text + rng_.pick(ops) + c.text + ")", 1};
      }
      case 4: return {"(not " + bool_expr(d).text + ")", 1};
      case 5: return {"(" + bool_expr(d).text + (rng_.chance(50) ? " and " : " or ") + bool_expr(d).text + ")", 1};
      case 6: {
        E l = list_int_expr(d), v = int_expr(d);
        return {"(" + v.text + (rng_.chance(70) ? " in " : " not in ") + l.text + ")", 1};
      }
      case 7: {
        E m = dict_expr(d), k = key_expr(d);
        return {"(" + k.text + (rng_.chance(70) ? " in " : " not in ") + m.text + ")", 1};
      }
      case 8: {
        E s = str_expr(d), t = str_expr(d);
        return {"(" + t.text + " in " + s.text + ")", 1};
      }
      case 9: {
        E s = str_expr(d), t = str_expr(d);
        static const std::vector<const char*> m = {".startswith(", ".endswith(", ".isdigit(", ".isspace("};
        std::string which = rng_.pick(m);
        if (which == ".isdigit(" || which == ".isspace(") return {s.text + which + ")", 1};
        if (rng_.chance(25)) return {s.text + which + "(" + t.text + ", " + str_lit().text + "))", 1};
        return {s.text + which + t.text + ")", 1};
      }
      case 10: {
        static const std::vector<const char*> types = {"int", "float", "str", "bool", "list", "dict", "tuple",
                                                       "(int, float)", "(list, tuple)"};
        return {"isinstance(" + any_expr(d).text + ", " + rng_.pick(types) + ")", 1};
      }
      case 11: return {"bool(" + any_expr(d).text + ")", 1};
      case 12: {
        // On a name: `3 is None` draws CPython's "is with a literal" SyntaxWarning.
        const Var* v = any_var(rng_.pick(kValueTypes));
        if (!v) return {"(None is None)", 1};
        return {"(" + v->name + (rng_.chance(50) ? " is None)" : " is not None)"), 1};
      }
      case 13: {
        E a = any_expr(d), b = any_expr(d);
        return {"(" + a.text + (rng_.chance(50) ? " == " : " != ") + b.text + ")", 1};
      }
      default: {
        if (auto call = call_returning(Ty::Bool, d)) return *call;
        return {rng_.chance(50) ? "True" : "False", 1};
      }
    }
  }

  E leaf_str() {
    if (const Var* v = rng_.chance(60) ? any_var(Ty::Str) : nullptr) return {v->name, kLenCap};
    return str_lit();
  }
  E str_expr(int depth) {
    if (depth <= 0) return leaf_str();
    int d = depth - 1;
    switch (rng_.below(17)) {
      case 0:
      case 1: return leaf_str();
      case 2: {
        E a = str_expr(d), b = str_expr(d);
        return {"(" + a.text + " + " + b.text + ")", a.bound + b.bound};
      }
      case 3: {
        E a = str_expr(d);
        int k = rng_.range(0, 3);
        return {"(" + a.text + " * " + std::to_string(k) + ")", a.bound * k};
      }
      case 4: {
        E a = str_expr(d);
        return {a.text + slice(d), a.bound};
      }
      case 5: {
        E a = str_expr(d), i = int_expr(d);
        return {"(" + a.text + "[" + i.text + " % len(" + a.text + ")] if " + a.text + " else '')", 1};
      }
      case 6: {
        static const std::vector<const char*> m = {".upper()", ".lower()", ".strip()", ".lstrip()", ".rstrip()"};
        E a = str_expr(d);
        return {a.text + rng_.pick(m), a.bound};
      }
      case 7: {
        E a = str_expr(d);
        return {a.text + ".strip(" + str_lit().text + ")", a.bound};
      }
      case 8: {
        E a = str_expr(d), x = str_lit(), y = str_lit();
        std::string count = rng_.chance(30) ? ", " + std::to_string(rng_.range(-1, 2)) : "";
        return {a.text + ".replace(" + x.text + ", " + y.text + count + ")", a.bound * (y.bound + 1) + y.bound};
      }
      case 9: {
        E v = any_expr(d, true);
        return {"str(" + v.text + ")", 200};
      }
      case 10: return {"repr(" + any_expr(d, true).text + ")", 200};
      case 11: {
        E l = list_str_expr(d);
        return {std::string(rng_.pick(kJoiners)) + ".join(" + l.text + ")", l.bound * 12};
      }
      case 12: {
        E c = bool_expr(d), a = str_expr(d), b = str_expr(d);
        return {"(" + a.text + " if " + c.text + " else " + b.text + ")", std::max(a.bound, b.bound)};
      }
      case 13: {
        E a = str_expr(d), b = str_expr(d);
        return {"(" + a.text + (rng_.chance(50) ? " or " : " and ") + b.text + ")", std::max(a.bound, b.bound)};
      }
      case 14: {
        if (auto call = call_returning(Ty::Str, d)) return *call;
        return leaf_str();
      }
      case 15: return {tuple_expr(d).text + "[1]", kLenCap};
      default: {
        E a = int_expr(d);
        return {"str(" + a.text + ")", 20};
      }
    }
  }

  // `[lo:hi:step]` with any parts left out; bounds may be any int (slices clamp).
  std::string slice(int d) {
    auto part = [&]() -> std::string {
      if (rng_.chance(35)) return "";
      return rng_.chance(60) ? int_lit(-6, 8).text : int_expr(d).text;
    };
    std::string s = "[" + part() + ":" + part();
    if (rng_.chance(35)) {
      int step = rng_.range(1, 3) * (rng_.chance(40) ? -1 : 1);
      s += ":" + (step < 0 ? "(" + std::to_string(step) + ")" : std::to_string(step));
    }
    return s + "]";
  }

  std::string sized_expr(int d) {
    switch (rng_.below(5)) {
      case 0: return str_expr(d).text;
      case 1: return list_int_expr(d).text;
      case 2: return list_str_expr(d).text;
      case 3: return dict_expr(d).text;
      default: return tuple_expr(d).text;
    }
  }

  E key_expr(int d) {
    if (rng_.chance(60)) return {rng_.pick(kKeys), 3};
    return str_expr(d);
  }

  E list_int_expr(int depth) {
    if (depth <= 0 || rng_.chance(15)) {
      if (const Var* v = rng_.chance(70) ? any_var(Ty::ListInt) : nullptr) return {v->name, kLenCap};
      return list_int_literal(0);
    }
    int d = depth - 1;
    switch (rng_.below(14)) {
      case 0: return list_int_literal(d);
      case 1: {
        E a = list_int_expr(d), b = list_int_expr(d);
        return {"(" + a.text + " + " + b.text + ")", a.bound + b.bound};
      }
      case 2: {
        E a = list_int_expr(d);
        int k = rng_.range(0, 3);
        return {"(" + a.text + " * " + std::to_string(k) + ")", a.bound * k};
      }
      case 3: {
        E a = list_int_expr(d);
        return {a.text + slice(d), a.bound};
      }
      case 4: {
        E a = list_int_expr(d);
        return {"sorted(" + a.text + (rng_.chance(30) ? ", reverse=True)" : ")"), a.bound};
      }
      case 5: {
        E a = list_int_expr(d);
        std::string q = fresh("q");
        scopes_.push_back({});
        declare(q, Ty::Int, true);
        bool calls = ctx().calls;
        ctx().calls = false;
        E key = int_expr(1);
        ctx().calls = calls;
        scopes_.pop_back();
        return {"sorted(" + a.text + ", key=lambda " + q + ": " + key.text + (rng_.chance(30) ? ", reverse=True)" : ")"),
                a.bound};
      }
      case 6: {
        int lo = rng_.range(-5, 5), hi = rng_.range(-5, 12), step = rng_.range(1, 3) * (rng_.chance(30) ? -1 : 1);
        std::string args = std::to_string(lo) + ", " + std::to_string(hi);
        if (step != 1 || rng_.chance(30)) args += ", " + std::to_string(step);
        if (lo == 0 && step == 1 && rng_.chance(50)) args = std::to_string(hi);
        return {"list(range(" + args + "))", 20};
      }
      case 7: {
        E m = dict_expr(d);
        return {"list(" + m.text + ".values())", kLenCap};
      }
      case 8: {
        E a = list_int_expr(d);
        return {a.text + ".copy()", a.bound};
      }
      case 9: {
        if (auto call = call_returning(Ty::ListInt, d)) return *call;
        return list_int_literal(d);
      }
      case 10: {
        E c = bool_expr(d), a = list_int_expr(d), b = list_int_expr(d);
        return {"(" + a.text + " if " + c.text + " else " + b.text + ")", std::max(a.bound, b.bound)};
      }
      case 11: {
        E s = str_expr(d);
        return {"[len(" + s.text + "), " + fit(Ty::Int, int_expr(d)).text + "]", 2};
      }
      default: {
        E a = list_int_expr(d);
        return {"list(" + a.text + ")", a.bound};
      }
    }
  }
  E list_int_literal(int d) {
    int n = rng_.range(0, 5);
    std::string t = "[";
    for (int i = 0; i < n; ++i) {
      if (i) t += ", ";
      t += (d > 0 && rng_.chance(30)) ? fit(Ty::Int, int_expr(d)).text : int_lit().text;
    }
    return {t + "]", double(n)};
  }

  E list_str_expr(int depth) {
    if (depth <= 0 || rng_.chance(15)) {
      if (const Var* v = rng_.chance(70) ? any_var(Ty::ListStr) : nullptr) return {v->name, kLenCap};
      return list_str_literal(0);
    }
    int d = depth - 1;
    switch (rng_.below(11)) {
      case 0: return list_str_literal(d);
      case 1: {
        E s = str_expr(d);
        return {s.text + ".split()", s.bound};
      }
      case 2: {
        E s = str_expr(d);
        std::string max = rng_.chance(25) ? ", " + std::to_string(rng_.range(-1, 2)) : "";
        return {s.text + ".split(" + rng_.pick(kSeparators) + max + ")", s.bound + 1};
      }
      case 3: {
        E a = list_str_expr(d);
        if (rng_.chance(30)) return {"sorted(" + a.text + ", key=len)", a.bound};
        return {"sorted(" + a.text + (rng_.chance(30) ? ", reverse=True)" : ")"), a.bound};
      }
      case 4: {
        E m = dict_expr(d);
        return {"list(" + m.text + (rng_.chance(50) ? ".keys())" : ")"), kLenCap};
      }
      case 5: {
        E s = str_expr(d);
        return {"list(" + s.text + ")", s.bound};
      }
      case 6: {
        E a = list_str_expr(d), b = list_str_expr(d);
        return {"(" + a.text + " + " + b.text + ")", a.bound + b.bound};
      }
      case 7: {
        E a = list_str_expr(d);
        return {a.text + slice(d), a.bound};
      }
      case 8: {
        if (auto call = call_returning(Ty::ListStr, d)) return *call;
        return list_str_literal(d);
      }
      case 9: {
        E a = list_str_expr(d);
        std::string q = fresh("q");
        scopes_.push_back({});
        declare(q, Ty::Str, true);
        bool calls = ctx().calls;
        ctx().calls = false;
        E key = str_expr(1);
        ctx().calls = calls;
        scopes_.pop_back();
        return {"sorted(" + a.text + ", key=lambda " + q + ": " + key.text + ")", a.bound};
      }
      default: {
        E s = str_expr(d), t = str_expr(d);
        return {"[" + s.text + ", " + t.text + "]", 2};
      }
    }
  }
  E list_str_literal(int d) {
    int n = rng_.range(0, 4);
    std::string t = "[";
    for (int i = 0; i < n; ++i) {
      if (i) t += ", ";
      t += (d > 0 && rng_.chance(25)) ? fit(Ty::Str, str_expr(d)).text : str_lit().text;
    }
    return {t + "]", double(n)};
  }

  E dict_expr(int depth) {
    if (depth <= 0 || rng_.chance(20)) {
      if (const Var* v = rng_.chance(75) ? any_var(Ty::Dict) : nullptr) return {v->name, kLenCap};
      return dict_literal(0);
    }
    int d = depth - 1;
    switch (rng_.below(7)) {
      case 0: return dict_literal(d);
      case 1: {
        E k = list_str_expr(d), v = list_int_expr(d);
        return {"dict(zip(" + k.text + ", " + v.text + "))", std::min(k.bound, v.bound)};
      }
      case 2: {
        E m = dict_expr(d);
        return {rng_.chance(50) ? "dict(" + m.text + ")" : m.text + ".copy()", m.bound};
      }
      case 3: {
        E a = key_expr(d), b = key_expr(d);
        return {"dict([(" + a.text + ", " + fit(Ty::Int, int_expr(d)).text + "), (" + b.text + ", " + int_lit().text + ")])",
                2};
      }
      case 4: {
        if (auto call = call_returning(Ty::Dict, d)) return *call;
        return dict_literal(d);
      }
      default: return dict_literal(d);
    }
  }
  E dict_literal(int d) {
    int n = rng_.range(0, 4);
    std::string t = "{";
    for (int i = 0; i < n; ++i) {
      if (i) t += ", ";
      t += key_expr(d > 0 && rng_.chance(20) ? 1 : 0).text + ": " +
           (d > 0 && rng_.chance(30) ? fit(Ty::Int, int_expr(d)).text : int_lit().text);
    }
    return {t + "}", double(n)};
  }

  E tuple_expr(int depth) {
    if (depth <= 0 || rng_.chance(20)) {
      if (const Var* v = rng_.chance(70) ? any_var(Ty::Tuple) : nullptr) return {v->name, 2};
      return {"(" + int_lit().text + ", " + str_lit().text + ")", 2};
    }
    int d = depth - 1;
    switch (rng_.below(4)) {
      case 0: return {"(" + fit(Ty::Int, int_expr(d)).text + ", " + fit(Ty::Str, str_expr(d)).text + ")", 2};
      case 1: {
        E a = tuple_expr(d), b = tuple_expr(d);
        return {std::string(rng_.chance(50) ? "max(" : "min(") + a.text + ", " + b.text + ")", 2};
      }
      case 2: {
        if (auto call = call_returning(Ty::Tuple, d)) return *call;
        return tuple_expr(0);
      }
      default: {
        E c = bool_expr(d), a = tuple_expr(d), b = tuple_expr(d);
        return {"(" + a.text + " if " + c.text + " else " + b.text + ")", 2};
      }
    }
  }

  // Any value, for printing, ==, isinstance, str(): the typed ones plus shapes
  // that are only printed (views, ranges, pairs, nested containers, None).
  E any_expr(int d, bool extras = false) {
    if (!extras || rng_.chance(80)) return expr(rng_.pick(kValueTypes), d);
    switch (rng_.below(11)) {
      case 10: {
        // Non-ASCII text, only where Plank's str semantics are Python's (indexing by
        // code point, repr's escapes); case mapping of non-ASCII letters is not.
        static const std::vector<const char*> texts = {"'naïve'", "'日本語'", "'a\\u200bb'", "'\\xa0é'", "'😀x'"};
        std::string s = rng_.pick(texts);
        switch (rng_.below(4)) {
          case 0: return {"repr(" + s + ")", 0};
          case 1: return {s + slice(d), 0};
          case 2: return {"len(" + s + ")", 0};
          default: return {"[" + s + ", " + s + ".find('" + (rng_.chance(50) ? "b" : "語") + "')]", 0};
        }
      }
      case 0: return {"None", 0};
      case 1: {
        E m = dict_expr(d);
        static const std::vector<const char*> views = {".keys()", ".values()", ".items()"};
        return {m.text + rng_.pick(views), 0};
      }
      case 2: return {"range(" + int_lit(-3, 3).text + ", " + int_lit(-3, 9).text + ")", 0};
      case 3: {
        E m = dict_expr(d);
        return {"sorted(" + m.text + ".items(), key=lambda kv: kv[1])", 0};
      }
      case 4: return {"list(enumerate(" + list_str_expr(d).text + "))", 0};
      case 5: return {"list(zip(" + list_int_expr(d).text + ", " + list_str_expr(d).text + "))", 0};
      case 6: return {"[" + any_expr(d > 0 ? d - 1 : 0, true).text + ", " + any_expr(d > 0 ? d - 1 : 0, true).text + ", None]", 0};
      case 7: return {"(" + any_expr(d > 0 ? d - 1 : 0, true).text + ",)", 0};
      case 8: return {"{" + std::string(rng_.pick(kKeys)) + ": " + any_expr(d > 0 ? d - 1 : 0, true).text + "}", 0};
      default: return {"()", 0};
    }
  }

  // ------------------------------------------------------------ calls
  // Charges `cost` statements (times the loop multiplier) to this body when it fits.
  bool charge(double cost) {
    double c = ctx().mult * cost;
    if (ctx().cost + c > ctx().budget) return false;
    ctx().cost += c;
    return true;
  }
  std::vector<const Fn*> visible_fns() const {
    std::vector<const Fn*> out;
    for (const auto& s : scopes_)
      for (const auto& f : s.fns) out.push_back(&f);
    return out;
  }
  std::optional<E> call_returning(Ty ty, int d) {
    if (!ctx().calls) return std::nullopt;
    std::vector<const Fn*> candidates;
    for (const Fn* f : visible_fns())
      if (f->ret == ty) candidates.push_back(f);
    if (candidates.empty()) return std::nullopt;
    const Fn callee = *candidates[static_cast<size_t>(rng_.below(static_cast<int>(candidates.size())))];
    const Fn* f = &callee;
    if (!charge(f->cost)) return std::nullopt;
    std::vector<std::string> positional, keywords;
    bool by_keyword = false;
    for (size_t i = 0; i < f->params.size(); ++i) {
      const Param& p = f->params[i];
      std::string arg;
      if (i == 0 && f->rec_limit >= 0) {
        arg = "abs(" + int_expr(d).text + ") % " + std::to_string(f->rec_limit + 1);
      } else {
        arg = fit(p.ty, expr(p.ty, d)).text;
      }
      if (!p.default_text.empty() && rng_.chance(35)) {
        by_keyword = true;  // left to its default; later ones must be keywords
        continue;
      }
      if (by_keyword || (i > 0 && rng_.chance(20))) {
        by_keyword = true;
        keywords.push_back(p.name + "=" + arg);
      } else {
        positional.push_back(arg);
      }
    }
    // Keyword arguments in any order.
    for (size_t i = keywords.size(); i > 1; --i) std::swap(keywords[i - 1], keywords[static_cast<size_t>(rng_.below(int(i)))]);
    std::string text = f->name + "(";
    bool first = true;
    for (auto* list : {&positional, &keywords})
      for (const auto& a : *list) {
        if (!first) text += ", ";
        text += a;
        first = false;
      }
    double bound = ty == Ty::Int || ty == Ty::Float ? kWrite : kLenCap;
    return E{text + ")", bound};
  }

  // ------------------------------------------------------------ statements
  void block(int statements) {
    scopes_.push_back({});
    ++indent_;
    size_t before = out_.size();
    for (int i = 0; i < statements; ++i) statement();
    if (out_.size() == before) line("pass");
    --indent_;
    scopes_.pop_back();
  }

  void statement() {
    Context& c = ctx();
    int roll = rng_.below(100);
    bool compound_ok = c.nesting < 3;
    if (roll < 18) return print_stmt();
    if (roll < 36) return assign_new();
    if (roll < 46) return reassign();
    if (roll < 53) return aug_assign();
    if (roll < 61) return list_mutation();
    if (roll < 67) return dict_mutation();
    if (roll < 75 && compound_ok) return if_stmt();
    if (roll < 83 && compound_ok) return for_stmt();
    if (roll < 86 && compound_ok) return while_stmt();
    if (roll < 89) return unpack_stmt();
    if (roll < 93 && c.loops > 0) return break_or_continue();
    if (roll < 96 && c.in_function && compound_ok) return nested_def();
    if (roll < 98 && c.in_function) return early_return();
    if (roll < 100) return lambda_var();
    return print_stmt();
  }

  void print_stmt() {
    int n = rng_.range(0, 3);
    std::string args;
    for (int i = 0; i < n; ++i) {
      if (i) args += ", ";
      args += any_expr(2, true).text;
    }
    if (n == 0 && rng_.chance(50)) args = rng_.pick(kStrings).text;
    if (n >= 2 && rng_.chance(25)) args += ", sep=" + std::string(rng_.pick(kJoiners));
    if (rng_.chance(10)) args += std::string(args.empty() ? "" : ", ") + "end=" + rng_.pick(kJoiners);
    line("print(" + args + ")");
  }

  void assign_new() {
    Ty ty = rng_.pick(kValueTypes);
    bool container = ty == Ty::ListInt || ty == Ty::ListStr || ty == Ty::Dict;
    if (const Var* v = container && rng_.chance(30) ? any_var(ty) : nullptr) {
      // An alias: later in-place changes through either name must show in both.
      std::string name = fresh("v"), target = v->name;
      line(name + " = " + target);
      declare(name, ty);
      return;
    }
    E e = stored(ty, rng_.range(1, 3));
    std::string name = fresh("v");
    line(name + " = " + e.text);
    declare(name, ty);
  }

  void reassign() {
    Ty ty = rng_.pick(kValueTypes);
    auto vs = own_vars_of(ty);
    if (vs.empty()) return assign_new();
    const Var* v = vs[static_cast<size_t>(rng_.below(static_cast<int>(vs.size())))];
    std::string name = v->name;
    E e = stored(ty, rng_.range(1, 3));
    line(name + " = " + e.text);
  }

  void aug_assign() {
    static const std::vector<Ty> types = {Ty::Int, Ty::Int, Ty::Float, Ty::Str, Ty::ListInt};
    Ty ty = rng_.pick(types);
    auto vs = own_vars_of(ty);
    if (vs.empty()) return assign_new();
    std::string name = vs[static_cast<size_t>(rng_.below(static_cast<int>(vs.size())))]->name;
    switch (ty) {
      case Ty::Int:
        switch (rng_.below(4)) {
          case 0: line(name + " += " + int_lit(-50, 200).text); break;
          case 1: line(name + " -= " + small_int().text); break;
          case 2:
            line(name + " *= " + int_lit(-9, 9).text);
            line(name + " %= " + std::to_string(kWrapModulus));
            break;
          default: line(name + " //= " + nonzero_int(0).text); break;
        }
        break;
      case Ty::Float:
        switch (rng_.below(3)) {
          case 0: line(name + " += " + small_float().text); break;
          case 1: line(name + " /= " + nonzero_float(0).text); line(name + " %= 1000.0"); break;
          default: line(name + " -= " + small_float().text); break;
        }
        break;
      case Ty::Str: line(name + " += " + (rng_.chance(50) ? str_lit().text : "str(" + small_int().text + ")")); break;
      default: line(name + " += " + list_int_literal(0).text); break;
    }
  }
  E small_float() {
    E f = float_lit();
    return f.bound <= kSmallStep ? f : E{"0.75", 0.75};
  }
  // An int with a small bound (loop counters, lengths, literals): what `+=` may add.
  E small_int() {
    if (rng_.chance(50)) return int_lit(-10, 50);
    auto vs = vars_of(Ty::Str);
    if (!vs.empty() && rng_.chance(50)) return {"len(" + vs[0]->name + ")", kSmallStep};
    return int_lit(0, 9);
  }

  void list_mutation() {
    auto vs = vars_of(Ty::ListInt);
    auto ss = vars_of(Ty::ListStr);
    bool use_str = !ss.empty() && (vs.empty() || rng_.chance(35));
    if (vs.empty() && !use_str) return assign_new();
    const Var* v = use_str ? ss[static_cast<size_t>(rng_.below(int(ss.size())))] : vs[static_cast<size_t>(rng_.below(int(vs.size())))];
    Ty item = use_str ? Ty::Str : Ty::Int;
    const std::string l = v->name;
    auto value = [&]() { return fit(item, expr(item, 2)).text; };
    switch (rng_.below(9)) {
      case 0:
      case 1: line(l + ".append(" + value() + ")"); break;
      case 2: line(l + ".insert(" + int_lit(-3, 5).text + ", " + value() + ")"); break;
      case 3: line(l + ".extend(" + (use_str ? list_str_expr(1).text : list_int_expr(1).text) + "[:3])"); break;
      case 4:
        line("if " + l + ":");
        ++indent_;
        line(rng_.chance(50) ? l + ".pop()" : "print(" + l + ".pop(" + int_lit(-1, 0).text + "))");
        --indent_;
        break;
      case 5: {
        std::string x = value();
        line("if " + x + " in " + l + ":");
        ++indent_;
        line(l + ".remove(" + x + ")");
        --indent_;
        break;
      }
      case 6: line(l + (rng_.chance(50) ? ".sort()" : ".reverse()")); break;
      case 7: {
        line("if " + l + ":");
        ++indent_;
        line(l + "[" + int_expr(1).text + " % len(" + l + ")] = " + value());
        --indent_;
        break;
      }
      default: line(l + (rng_.chance(50) ? ".sort(reverse=True)" : ".clear()")); break;
    }
  }

  void dict_mutation() {
    auto vs = vars_of(Ty::Dict);
    if (vs.empty()) return assign_new();
    const std::string m = vs[static_cast<size_t>(rng_.below(int(vs.size())))]->name;
    E k = key_expr(1);
    switch (rng_.below(6)) {
      case 0:
      case 1: line(m + "[" + k.text + "] = " + fit(Ty::Int, int_expr(2)).text); break;
      case 2: line(m + "[" + k.text + "] = " + m + ".get(" + k.text + ", 0) + 1"); break;
      case 3: line("print(" + m + ".pop(" + k.text + ", " + int_lit().text + "))"); break;
      case 4: line(m + ".setdefault(" + k.text + ", " + int_lit().text + ")"); break;
      default: line(m + ".update(" + dict_literal(1).text + ")"); break;
    }
  }

  void if_stmt() {
    ++ctx().nesting;
    line("if " + bool_expr(2).text + ":");
    block(rng_.range(1, 3));
    int elifs = rng_.range(0, 2);
    for (int i = 0; i < elifs; ++i) {
      line("elif " + bool_expr(2).text + ":");
      block(rng_.range(1, 2));
    }
    if (rng_.chance(50)) {
      line("else:");
      block(rng_.range(1, 2));
    }
    --ctx().nesting;
  }

  // Iterations a new loop may have, given the cost budget left.
  int max_iterations() {
    Context& c = ctx();
    double left = (c.budget - c.cost) / (c.mult * 8);
    return static_cast<int>(std::min(8.0, left));
  }

  void loop_body(double iterations) {
    Context& c = ctx();
    double mult = c.mult;
    c.mult = mult * std::max(1.0, iterations);
    ++c.loops;
    ++c.nesting;
    block(rng_.range(1, 4));
    --c.nesting;
    --c.loops;
    c.mult = mult;
  }

  void for_stmt() {
    int most = max_iterations();
    if (most < 1) return print_stmt();
    std::string a = fresh("i"), b = fresh("x");
    int n = rng_.range(rng_.chance(10) ? 0 : 1, most);
    std::string header;
    scopes_.push_back({});
    switch (rng_.below(7)) {
      case 0: {
        int lo = rng_.range(-3, 3), step = rng_.chance(25) ? -1 : rng_.range(1, 2);
        int hi = lo + step * n;
        header = "for " + a + " in range(" + std::to_string(lo) + ", " + std::to_string(hi) +
                 (step != 1 ? ", " + std::to_string(step) : "") + "):";
        declare(a, Ty::Int, true);
        break;
      }
      case 1:
        header = "for " + a + " in range(" + std::to_string(n) + "):";
        declare(a, Ty::Int, true);
        break;
      case 2:
        header = "for " + b + " in " + list_int_expr(1).text + "[:" + std::to_string(n) + "]:";
        declare(b, Ty::Int, true);
        break;
      case 3:
        header = "for " + a + ", " + b + " in enumerate(" + list_str_expr(1).text + "[:" + std::to_string(n) + "]" +
                 (rng_.chance(30) ? ", 1" : "") + "):";
        declare(a, Ty::Int, true);
        declare(b, Ty::Str, true);
        break;
      case 4:
        header = "for " + a + ", " + b + " in zip(" + list_int_expr(1).text + "[:" + std::to_string(n) + "], " +
                 list_str_expr(1).text + "):";
        declare(a, Ty::Int, true);
        declare(b, Ty::Str, true);
        break;
      case 5:
        header = "for " + b + ", " + a + " in list(" + dict_expr(1).text + ".items())[:" + std::to_string(n) + "]:";
        declare(b, Ty::Str, true);
        declare(a, Ty::Int, true);
        break;
      default:
        header = "for " + b + " in " + str_expr(1).text + "[:" + std::to_string(n) + "]:";
        declare(b, Ty::Str, true);
        break;
    }
    line(header);
    loop_body(n);
    scopes_.pop_back();
  }

  void while_stmt() {
    int most = max_iterations();
    if (most < 1) return print_stmt();
    int n = rng_.range(1, most);
    std::string w = fresh("w");
    line(w + " = 0");
    scopes_.push_back({});
    declare(w, Ty::Int, true);
    // The counter moves first, so `continue` cannot skip it.
    if (rng_.chance(50)) {
      line("while " + w + " < " + std::to_string(n) + ":");
      ++indent_;
      line(w + " += 1");
      --indent_;
    } else {
      line("while True:");
      ++indent_;
      line(w + " += 1");
      line("if " + w + " > " + std::to_string(n) + ":");
      ++indent_;
      line("break");
      indent_ -= 2;
    }
    loop_body(n);
    scopes_.pop_back();
  }

  void break_or_continue() {
    line("if " + bool_expr(1).text + ":");
    ++indent_;
    line(rng_.chance(50) ? "break" : "continue");
    --indent_;
  }

  void unpack_stmt() {
    if (rng_.chance(50)) {
      Ty ty = rng_.pick(kValueTypes);
      auto vs = own_vars_of(ty);
      if (vs.size() >= 2) {
        std::string a = vs[0]->name, b = vs[vs.size() - 1]->name;
        if (a != b) return line(a + ", " + b + " = " + b + ", " + a);
      }
    }
    std::string a = fresh("v"), b = fresh("v");
    line(a + ", " + b + " = " + tuple_expr(2).text);
    declare(a, Ty::Int);
    declare(b, Ty::Str);
  }

  void early_return() {
    line("if " + bool_expr(1).text + ":");
    ++indent_;
    line("return " + fit(ctx().ret, expr(ctx().ret, 2)).text);
    --indent_;
  }

  void lambda_var() {
    std::string name = fresh("h"), q = fresh("q");
    scopes_.push_back({});
    declare(q, Ty::Int, true);
    bool calls = ctx().calls;
    ctx().calls = false;
    E body = fit(Ty::Int, int_expr(2));
    ctx().calls = calls;
    scopes_.pop_back();
    line(name + " = lambda " + q + ": " + body.text);
    declare(name, Ty::Fn, true);
  }

  // ------------------------------------------------------------ functions
  // Generates `def name(params): body; return ...` in a fresh context and
  // returns its signature and cost (the caller registers it).
  Fn function(const std::string& name, int statements, bool nested) {
    Fn f;
    f.name = name;
    f.ret = rng_.pick(kValueTypes);
    int nparams = rng_.range(0, 3);
    bool defaults = false;
    std::vector<Ty> types;
    for (int i = 0; i < nparams; ++i) types.push_back(rng_.pick(kValueTypes));
    // Parameters with (immutable) defaults come last.
    std::stable_sort(types.begin(), types.end(), [](Ty a, Ty b) {
      auto mutable_ = [](Ty t) { return t == Ty::ListInt || t == Ty::ListStr || t == Ty::Dict; };
      return mutable_(a) && !mutable_(b);
    });
    std::string header = "def " + name + "(";
    for (int i = 0; i < nparams; ++i) {
      Param p{fresh("p"), types[static_cast<size_t>(i)], ""};
      if ((defaults || rng_.chance(40)) && !literal_of(p.ty).empty()) {
        defaults = true;
        p.default_text = literal_of(p.ty);
      }
      if (defaults && p.default_text.empty()) p.default_text = literal_of(Ty::Int), p.ty = Ty::Int;
      header += (i ? ", " : "") + p.name + (p.default_text.empty() ? "" : "=" + p.default_text);
      f.params.push_back(p);
    }
    line(header + "):");
    Context c;
    c.in_function = true;
    c.ret = f.ret;
    c.budget = nested ? 60 : 400;
    ctx_.push_back(c);
    scope_base_.push_back(scopes_.size());
    scopes_.push_back({});
    for (const auto& p : f.params) declare(p.name, p.ty);
    ++indent_;
    for (int i = 0; i < statements; ++i) statement();
    line("return " + fit(f.ret, expr(f.ret, 2)).text);
    --indent_;
    scopes_.pop_back();
    scope_base_.pop_back();
    f.cost = ctx().cost + 1;
    ctx_.pop_back();
    return f;
  }

  void nested_def() {
    ++ctx().nesting;
    Fn f = function(fresh("g"), rng_.range(0, 2), true);
    --ctx().nesting;
    scopes_.back().fns.push_back(f);
  }

  // Recursive templates: depth bounded by the first argument (calls reduce it
  // to abs(...) % (limit + 1)).
  void recursive_function() {
    std::string name = fresh("r"), n = fresh("n"), acc = fresh("acc");
    Fn f;
    f.name = name;
    switch (rng_.below(4)) {
      case 0: {
        f.rec_limit = 14;
        f.params = {{n, Ty::Int, ""}, {acc, Ty::Int, "0"}};
        f.ret = Ty::Int;
        line("def " + name + "(" + n + ", " + acc + "=0):");
        ++indent_;
        line("if " + n + " <= 0:");
        line("    return " + acc);
        line("return " + name + "(" + n + " - 1, (" + acc + " * " + std::to_string(rng_.range(2, 9)) + " + " + n + ") % " +
             std::to_string(rng_.range(97, 1009)) + ")");
        --indent_;
        f.cost = 3 * 16;
        break;
      }
      case 1: {
        f.rec_limit = 9;
        f.params = {{n, Ty::Int, ""}};
        f.ret = Ty::Int;
        line("def " + name + "(" + n + "):");
        ++indent_;
        line("if " + n + " < 2:");
        line("    return " + n);
        line("return " + name + "(" + n + " - 1) + " + name + "(" + n + " - 2)");
        --indent_;
        f.cost = 3 * 110;
        break;
      }
      case 2: {
        f.rec_limit = 10;
        f.params = {{n, Ty::Int, ""}};
        f.ret = Ty::ListInt;
        line("def " + name + "(" + n + "):");
        ++indent_;
        line("if " + n + " == 0:");
        line("    return []");
        line("return " + name + "(" + n + " - 1) + [" + n + " * " + std::to_string(rng_.range(-5, 5)) + "]");
        --indent_;
        f.cost = 3 * 12;
        break;
      }
      default: {
        f.rec_limit = 12;
        f.params = {{n, Ty::Int, ""}, {acc, Ty::Str, "''"}};
        f.ret = Ty::Str;
        line("def " + name + "(" + n + ", " + acc + "=''):");
        ++indent_;
        line("if " + n + " <= 0:");
        line("    return " + acc);
        line("return " + name + "(" + n + " // 2, " + acc + " + str(" + n + " % 2))");
        --indent_;
        f.cost = 3 * 6;
        break;
      }
    }
    scopes_.back().fns.push_back(f);
  }

  // A function that returns a closure (int -> int); the module binds its result.
  void factory() {
    std::string name = fresh("mk"), a = fresh("p"), inner = fresh("g"), q = fresh("q"), c = fresh("c");
    line("def " + name + "(" + a + ", " + c + "=" + int_lit(0, 9).text + "):");
    ++indent_;
    if (rng_.chance(50)) {
      // State shared by every call of the closure, through a captured list.
      std::string box = fresh("box");
      line(box + " = [" + a + "]");
      line("def " + inner + "(" + q + "):");
      line("    " + box + "[0] = (" + box + "[0] + " + q + " * " + c + ") % " + std::to_string(kWrapModulus));
      line("    return " + box + "[0]");
    } else {
      line("def " + inner + "(" + q + "):");
      line("    return (" + a + " * " + q + " + " + c + ") % " + std::to_string(kWrapModulus));
      // Late binding: the closure sees the value the cell has when it runs.
      if (rng_.chance(50)) line(a + " = " + a + " + 1");
    }
    line("return " + inner);
    --indent_;
    std::string h = fresh("h");
    line(h + " = " + name + "(" + fit(Ty::Int, int_expr(1)).text + (rng_.chance(50) ? ", " + int_lit(1, 5).text : "") + ")");
    declare(h, Ty::Fn, true);
  }

  void top_level_item() {
    int roll = rng_.below(100);
    if (roll < 16) {
      Fn f = function(fresh("f"), rng_.range(1, 4), false);
      scopes_.back().fns.push_back(f);
    } else if (roll < 21) {
      recursive_function();
    } else if (roll < 25) {
      factory();
    } else {
      statement();
    }
  }

  // The program's last statement raises; its operands come from the program's
  // variables so that no engine can see the error statically.
  void raising_statement() {
    std::string z = "(" + int_expr(1).text + " * 0)";
    std::string call_site;
    switch (rng_.below(8)) {
      case 0: call_site = "print(" + int_expr(2).text + " / " + z + ")"; break;     // division by zero
      case 1: call_site = "print(" + int_expr(2).text + " // " + z + ")"; break;    // integer division or modulo by zero
      case 2: call_site = "print(" + float_expr(2).text + " / " + z + ")"; break;   // float division by zero
      case 3: call_site = "print(" + dict_expr(2).text + "['no#" + std::to_string(rng_.below(10)) + "'])"; break;
      case 4: {
        std::string l = fresh("v");
        line(l + " = " + list_int_expr(2).text);
        call_site = "print(" + l + "[len(" + l + ") + " + std::to_string(rng_.range(0, 3)) + "])";
        break;
      }
      case 5: call_site = "print(" + str_expr(2).text + "[-1000 - " + int_lit(0, 9).text + "])"; break;
      case 6: call_site = "print(" + list_str_expr(2).text + "[:0].pop())"; break;
      default: call_site = "print(" + str_expr(2).text + ".index('#'))"; break;  // substring not found
    }
    if (rng_.chance(40)) {
      // From inside a function: only the message is compared, not the traceback.
      std::string f = fresh("fail");
      line("def " + f + "():");
      ++indent_;
      line(call_site);
      --indent_;
      line(f + "()");
    } else {
      line(call_site);
    }
  }

  void final_prints() {
    std::vector<std::string> names;
    for (const auto& v : scopes_.front().vars)
      if (v.ty != Ty::Fn) names.push_back(v.name);
    for (size_t i = 0; i < names.size(); i += 4) {
      std::string args;
      for (size_t k = i; k < std::min(names.size(), i + 4); ++k) args += (k > i ? ", " : "") + names[k];
      line("print(" + args + ")");
    }
  }
};

}  // namespace

std::string generate_program(const Options& options) { return Gen(options).program(); }

}  // namespace plank::progen
