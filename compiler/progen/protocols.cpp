// Coroutines and protocol classes: `async def` coroutines awaiting each other,
// driven by `send(None)` until StopIteration (no event loop); `__slots__`
// classes whose dunders (__eq__/__hash__, __len__, __getitem__, __iter__) are
// used by `in`, sets, dict keys, len, indexing and iteration; see gen.h.
//
// Sets of these objects are only measured and searched, never printed: str
// hashes differ between processes, so a set's order would too.
#include "compiler/progen/gen.h"

namespace plank::progen::detail {

void Gen::open_body(const std::vector<std::string>& int_params) {
  Context c;
  c.in_function = true;
  c.budget = 120;
  c.calls = false;
  ctx_.push_back(c);
  scope_base_.push_back(scopes_.size());
  scopes_.push_back({});
  for (const auto& p : int_params) declare(p, Ty::Int, true);
  ++indent_;
}

void Gen::close_body() {
  --indent_;
  scopes_.pop_back();
  scope_base_.pop_back();
  ctx_.pop_back();
}

void Gen::coroutine_def() {
  // A leaf coroutine and one awaiting it (and maybe an earlier one) twice.
  std::string leaf = fresh("co"), outer = fresh("co");
  line("async def " + leaf + "(n):");
  open_body({"n"});
  line("return " + fit(Ty::Int, int_expr(2)).text);
  close_body();
  line("async def " + outer + "(n, p):");
  open_body({"n", "p"});
  line("a = await " + leaf + "(n)");
  std::string second = coroutines_.empty() || rng_.chance(50) ? leaf + "(p)" : rng_.pick(coroutines_) + "(a % 97, p)";
  line("b = await " + second);
  line("return (a * " + std::to_string(rng_.range(1, 9)) + " - b) % 1000003");
  close_body();
  coroutines_.push_back(outer);
  coroutine_stmt();
}

void Gen::coroutine_stmt() {
  if (coroutines_.empty()) return print_stmt();
  std::string c = fresh("c");
  line(c + " = " + rng_.pick(coroutines_) + "(" + fit(Ty::Int, int_expr(1)).text + ", " + fit(Ty::Int, int_expr(1)).text + ")");
  line("while True:");
  line("    try:");
  line("        " + c + ".send(None)");
  line("    except StopIteration as done:");
  line("        print('awaited', done.value)");
  line("        break");
}

void Gen::slots_class_def() {
  std::string k = fresh("Sl");
  int mul = rng_.range(2, 9), mod = rng_.range(3, 9);
  line("class " + k + ":");
  line("    __slots__ = ('a', 'b')");
  line("    def __init__(self, a, b):");
  line("        self.a = a");
  line("        self.b = b");
  line("    def __eq__(self, other):");
  line("        return isinstance(other, " + k + ") and self.a == other.a and self.b == other.b");
  line("    def __hash__(self):");
  line("        return hash((self.a, self.b))");
  line("    def __len__(self):");
  line("        return abs(self.a) % " + std::to_string(mod));
  line("    def __getitem__(self, i):");
  line("        return self.a * i + len(self.b) * " + std::to_string(mul));
  line("    def __iter__(self):");
  line("        return iter([self.a, len(self.b), self.a % " + std::to_string(mod) + "])");
  line("    def __repr__(self):");
  line("        return '" + k + "(%r, %r)' % (self.a, self.b)");
  slots_classes_.push_back(k);
  slots_stmt();
}

void Gen::slots_stmt() {
  if (slots_classes_.empty()) return print_stmt();
  const std::string& k = rng_.pick(slots_classes_);
  auto inst = [&]() { return k + "(" + fit(Ty::Int, int_expr(1)).text + ", " + str_expr(1).text + ")"; };
  std::string x = fresh("o"), y = fresh("o");
  line(x + " = " + inst());
  // Sometimes an equal twin (same fields), so that ==, in and hashing find a match.
  line(y + " = " + (rng_.chance(50) ? k + "(" + x + ".a, " + x + ".b)" : inst()));
  switch (rng_.below(5)) {
    case 0: line("print(" + x + ", " + x + " == " + y + ", " + x + " in [" + y + "], " + x + " != " + y + ")"); break;
    case 1: line("print(len({" + x + ", " + y + "}), " + y + " in {" + x + "}, " + y + " in frozenset([" + x + "]))"); break;
    case 2: line("print({" + x + ": 1}.get(" + y + ", 0), len(" + x + "), " + x + "[" + small_int().text + "])"); break;
    case 3: line("print(list(" + x + "), sum(" + y + "), sorted(" + x + "), [v for v in " + y + " if v > 0])"); break;
    default: {
      line("try:");
      line("    " + x + ".c = 1");
      line("except AttributeError:");
      line("    print('slots', " + x + ".a, len(" + y + "))");
      break;
    }
  }
}

}  // namespace plank::progen::detail
