// The generator's internals, shared by its two halves: expressions.cpp (typed
// expressions, literals, calls) and statements.cpp (statements, functions, the
// program). See progen.h for the guarantees and how they are kept.
//
// Shape: a Gen walks down from `program` to statements and typed expressions.
// Each expression is produced for a wanted type (`expr(Ty, depth)`) and comes
// back with a bound on its magnitude (numbers) or length (str, list); every
// statement and call adds to a cost estimate of the enclosing function (or the
// module), which decides whether loops and calls may still be generated.
#pragma once
#include "compiler/progen/progen.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <optional>
#include <string>
#include <vector>

namespace plank::progen::detail {

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

// Obj: an instance of a generated class (only through the object helpers).
enum class Ty { Int, Float, Bool, Str, ListInt, ListStr, Dict, Tuple, Fn, Obj };
inline const std::vector<Ty> kValueTypes = {Ty::Int,     Ty::Float,   Ty::Bool, Ty::Str,
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

// A generated class: every one has `a` (int) and `b` (str) fields, __repr__,
// __eq__, __lt__ and __len__, so any two instances print, compare and sort.
struct ClassInfo {
  std::string name;
  std::string base;             // "" for a root class
  std::vector<std::string> mro; // the C3 order of class names, itself first (object left out)
  std::vector<Fn> methods;      // int-returning methods (name without the object)
  std::string property;         // an int property ("" when none)
  std::string static_method;    // int -> int
  std::string class_method;     // int -> instance
};

// A class deriving from int or str (value_classes.cpp): a method of its own
// (int: (self * k + c) % 1000003, str: self.upper() + a joiner), and maybe a
// __new__ normalising the value (int: abs(v) % 1000003, str: v.strip()).
struct ValueClass {
  std::string name;
  bool is_int = true;
  std::string method;
  bool custom_new = false;
};

struct ObjVar {
  std::string name;
  size_t cls;                   // index into Gen::classes_
};

// A function called with *args, **kwargs or keyword-only arguments (all ints, returns int).
struct VarFn {
  std::string name;
  int positional = 1;           // required positional parameters
  bool star_args = false;
  std::vector<std::string> kwonly;  // keyword-only names (with defaults)
  bool star_kwargs = false;
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
inline const std::vector<StrLit> kStrings = {
    {"''", 0},          {"'a'", 1},           {"'ab'", 2},          {"'hello'", 5},     {"'Hello World'", 11},
    {"' padded '", 8},  {"'a,b,,c'", 6},      {"'x-y-z'", 5},       {"'42'", 2},        {"'007'", 3},
    {"\"it's\"", 4},    {"'say \"hi\"'", 8},  {"'tab\\there'", 8},  {"'line\\nnext'", 9}, {"'MiXeD'", 5},
    {"'a b  c'", 6},    {"'3.5'", 3},         {"'zz'", 2},          {"'back\\\\slash'", 10}};
inline const std::vector<const char*> kSeparators = {"','", "' '", "'-'", "'a'", "', '", "'ab'"};
inline const std::vector<const char*> kJoiners = {"''", "' '", "', '", "'-'", "'/'"};
inline const std::vector<const char*> kKeys = {"'a'", "'b'", "'c'", "'x'", "'key'", "'z9'", "'hello'"};
struct FloatLit {
  const char* text;
  double value;
};
inline const std::vector<FloatLit> kFloats = {{"0.5", 0.5},     {"0.25", 0.25}, {"1.5", 1.5},       {"2.0", 2.0},
                                       {"3.75", 3.75},   {"0.1", 0.1},   {"0.2", 0.2},       {"0.3", 0.3},
                                       {"1e-3", 1e-3},   {"2.5e-4", 2.5e-4}, {"10.0", 10.0}, {"123.456", 123.456},
                                       {"1e5", 1e5},     {"7.0", 7.0},   {"0.0", 0.0},       {"2.675", 2.675},
                                       {"1.005", 1.005}, {"-0.5", 0.5},  {"1e-7", 1e-7},     {"99.99", 99.99}};

inline std::string wrap_int(const std::string& text) { return "(" + text + ") % " + std::to_string(kWrapModulus); }

class Gen {
 public:
  explicit Gen(const Options& o) : rng_(o.seed), size_(std::max(1, o.size)), may_raise_(o.may_raise) {}

  std::string program();

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
  // Module-level things of the newer constructs (none are ever removed).
  std::vector<ClassInfo> classes_;
  std::vector<ObjVar> objs_;
  std::vector<VarFn> varfns_;
  std::vector<std::string> exc_classes_;  // user exceptions: (code, msg='...') subclasses of ValueError
  std::vector<std::string> gens_;         // generator functions of (n, p) yielding <= n ints
  std::string ctx_class_;                 // the context manager class, once defined
  std::vector<ValueClass> value_classes_;  // classes deriving from int and str
  std::vector<std::string> coroutines_;    // async defs of (n, p) returning an int
  std::vector<std::string> slots_classes_; // __slots__ classes of (a: int, b: str)
  // The one module this program uses (modules.cpp), or -1: the JIT compiles an imported
  // module for every run (0.1-0.5 s of CPU), so only one program in ten imports, and one module.
  int module_ = -1;

  // ------------------------------------------------------------ emission
  void line(const std::string& text);
  std::string fresh(const char* prefix);
  Context& ctx();

  // ------------------------------------------------------------ scopes
  void declare(const std::string& name, Ty ty, bool readonly = false);
  std::vector<const Var*> vars_of(Ty ty, bool writable = false) const;
  // The variable of this function (or the module) that may be assigned:
  // assigning a global or an enclosing function's variable inside a function
  // would make the name local there (Python's rule), so only this body's own.
  std::vector<const Var*> own_vars_of(Ty ty) const;
  size_t own_scope_base() const;
  std::vector<size_t> scope_base_;  // first scope of each function being generated

  const Var* any_var(Ty ty);

  // ------------------------------------------------------------ literals
  E int_lit(int lo = -20, int hi = 100);
  E float_lit();
  E str_lit();
  // For defaults: immutable values only.
  std::string literal_of(Ty ty);

  // ------------------------------------------------------------ expressions
  E expr(Ty ty, int depth);

  // A value that fits a variable: wrapped when its bound is too large.
  E stored(Ty ty, int depth);
  E fit(Ty ty, E e);

  E leaf_int();
  // An int that is never zero.
  E nonzero_int(int depth);

  E int_expr(int depth);

  E leaf_float();
  E nonzero_float(int depth);

  E float_expr(int depth);

  // Two values of one type that Python orders, for comparisons.
  std::pair<E, E> ordered_pair(int d);

  E bool_expr(int depth);

  E leaf_str();
  // printf-style formatting: one directive per value, the value of the right type.
  E percent_format(int d);

  E str_expr(int depth);

  // `[lo:hi:step]` with any parts left out; bounds may be any int (slices clamp).
  std::string slice(int d);

  std::string sized_expr(int d);

  E key_expr(int d);

  E list_int_expr(int depth);
  E list_int_literal(int d);

  E list_str_expr(int depth);
  E list_str_literal(int d);

  E dict_expr(int depth);
  E dict_literal(int d);

  E tuple_expr(int depth);

  // Any value, for printing, ==, isinstance, str(): the typed ones plus shapes
  // that are only printed (views, ranges, pairs, nested containers, None).
  E any_expr(int d, bool extras = false);

  // ------------------------------------------------------------ calls
  // Charges `cost` statements (times the loop multiplier) to this body when it fits.
  bool charge(double cost);
  std::vector<const Fn*> visible_fns() const;
  std::optional<E> call_returning(Ty ty, int d);

  // ------------------------------------------------------------ statements
  void block(int statements);

  void statement();

  void print_stmt();

  void assign_new();

  void reassign();

  void aug_assign();
  E small_float();
  // An int with a small bound (loop counters, lengths, literals): what `+=` may add.
  E small_int();

  void list_mutation();

  void dict_mutation();

  void if_stmt();

  // Iterations a new loop may have, given the cost budget left.
  int max_iterations();

  void loop_body(double iterations);

  void for_stmt();

  void while_stmt();
  void loop_else();

  void break_or_continue();

  void unpack_stmt();

  void early_return();

  void lambda_var();

  // ------------------------------------------------------------ functions
  // Generates `def name(params): body; return ...` in a fresh context and
  // returns its signature and cost (the caller registers it).
  Fn function(const std::string& name, int statements, bool nested);

  void nested_def();

  // Recursive templates: depth bounded by the first argument (calls reduce it
  // to abs(...) % (limit + 1)).
  void recursive_function();

  // A function that returns a closure (int -> int); the module binds its result.
  void factory();

  void top_level_item();

  // The program's last statement raises; its operands come from the program's
  // variables so that no engine can see the error statically.
  void raising_statement();

  void final_prints();

  // ------------------------------------------------------------ classes (classes.cpp)
  void class_def();
  void instance_stmt();
  const ObjVar* any_obj();
  std::optional<E> obj_int_expr(int d);
  std::optional<E> obj_str_expr(int d);
  std::optional<E> obj_bool_expr(int d);
  void obj_print_stmt();
  void context_manager_class();

  // ------------------------------------------------------------ int and str subclasses (value_classes.cpp)
  void value_class_def();
  const ValueClass* any_value_class(bool is_int);
  std::optional<E> value_int_expr(int d);
  std::optional<E> value_str_expr(int d);

  // ------------------------------------------------------------ exceptions (exceptions.cpp)
  void exception_class();
  void try_stmt();
  // A statement that raises or not, depending on the program's values; returns the
  // exception classes it may raise.
  std::vector<std::string> risky_stmt();
  void with_stmt();
  void assert_stmt();
  void finally_function();

  // ------------------------------------------------------------ generators (generators.cpp)
  void generator_def();
  void generator_stmt();
  std::optional<E> generator_list(int d);

  // ------------------------------------------------------------ newer expressions (comprehensions.cpp)
  E list_comprehension(int d);
  E dict_comprehension(int d);
  E aggregate_genexp(int d);
  E fstring(int d);
  E bitwise_int(int d);
  void bigint_print();

  // ------------------------------------------------------------ calls and scopes (calls.cpp)
  void varargs_function();
  std::optional<E> varargs_call(int d);
  void global_function();
  void nonlocal_counter();
  void star_unpack_stmt();
  void del_stmt();
  void slice_assign_stmt();
  void unbound_stmt();  // exceptions.cpp

  // ------------------------------------------------------------ coroutines, __slots__ (protocols.cpp)
  // A function body of int parameters in a fresh context without calls, and its end.
  void open_body(const std::vector<std::string>& int_params);
  void close_body();
  void coroutine_def();
  void coroutine_stmt();
  void slots_class_def();
  void slots_stmt();

  // ------------------------------------------------------------ bytes, frozenset, map/filter/reversed (sequences.cpp)
  std::string bytes_expr(int d);
  void bytes_stmt();
  void lazy_builtins_stmt();

  // ------------------------------------------------------------ math, random, itertools, collections, functools (modules.cpp)
  void module_stmt();
  void math_stmt();
  void random_stmt();
  void itertools_stmt();
  void collections_stmt();
  void functools_stmt();
};

}  // namespace plank::progen::detail
