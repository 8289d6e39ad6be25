// Generators: filtered yields with a return value, `yield from` that keeps it,
// `send`-driven accumulators with StopIteration.value, `throw` caught inside
// the generator, `close`; and their uses (list, sum, next, for); see gen.h.
//
// Every generator of gens_ takes (n, p) and yields at most n + 1 ints, each
// bounded by kWrite; a caller passes a literal n <= 6.
#include "compiler/progen/gen.h"

namespace plank::progen::detail {

void Gen::generator_def() {
  std::string g = fresh("gen");
  Context c;
  c.in_function = true;
  c.budget = 200;
  c.calls = false;
  ctx_.push_back(c);
  scope_base_.push_back(scopes_.size());
  scopes_.push_back({});
  declare("n", Ty::Int, true);
  declare("p", Ty::Int, true);
  line("def " + g + "(n, p):");
  ++indent_;
  if (!gens_.empty() && rng_.chance(40)) {
    // Delegation: the inner generator's return value comes back from `yield from`.
    std::string inner = rng_.pick(gens_);
    line("r = yield from " + inner + "(n, p)");
    line("yield " + fit(Ty::Int, int_expr(1)).text);
    line("yield r if r is not None else -1");
  } else {
    std::string q = fresh("q");
    scopes_.push_back({});
    declare(q, Ty::Int, true);
    line("for " + q + " in range(n):");
    ++indent_;
    if (rng_.chance(50)) {
      line("if " + bool_expr(1).text + ":");
      line("    continue");
    }
    line("yield " + fit(Ty::Int, int_expr(2)).text);
    --indent_;
    scopes_.pop_back();
    if (rng_.chance(70)) line("return " + fit(Ty::Int, int_expr(1)).text);
  }
  --indent_;
  scopes_.pop_back();
  scope_base_.pop_back();
  ctx_.pop_back();
  gens_.push_back(g);
}

std::optional<E> Gen::generator_list(int d) {
  if (gens_.empty() || !charge(20)) return std::nullopt;
  std::string call = rng_.pick(gens_) + "(" + std::to_string(rng_.range(0, 6)) + ", " + fit(Ty::Int, int_expr(d)).text + ")";
  return E{"list(" + call + ")", 8};
}

void Gen::generator_stmt() {
  // Generators are defined at module level only (top_level_item), so that every later use sees them.
  if (gens_.empty()) return print_stmt();
  std::string g = rng_.pick(gens_);
  std::string n = std::to_string(rng_.range(0, 6));
  std::string p = fit(Ty::Int, int_expr(1)).text;
  std::string it = fresh("it");
  switch (rng_.below(6)) {
    case 0: line("print(sum(" + g + "(" + n + ", " + p + ")), max(" + g + "(" + n + ", 1), default=None))"); break;
    case 1: {
      // Driven by hand: next() with a default, then the rest.
      line(it + " = " + g + "(" + n + ", " + p + ")");
      line("print(next(" + it + ", 'empty'), next(" + it + ", 'empty'), list(" + it + "))");
      break;
    }
    case 2: {
      // The return value travels in StopIteration.value.
      line(it + " = " + g + "(" + n + ", " + p + ")");
      line("while True:");
      line("    try:");
      line("        print('got', next(" + it + "))");
      line("    except StopIteration as stop:");
      line("        print('returned', stop.value)");
      line("        break");
      break;
    }
    case 3: {
      // send(): an accumulator that returns its total when sent None.
      std::string acc = fresh("acc");
      line("def " + acc + "(total):");
      line("    while True:");
      line("        x = yield total");
      line("        if x is None:");
      line("            return total");
      line("        total = (total * 3 + x) % 1000003");
      line(it + " = " + acc + "(" + p + ")");
      line("print(next(" + it + "), " + it + ".send(" + fit(Ty::Int, int_expr(1)).text + "), " + it + ".send(" +
           int_lit().text + "))");
      line("try:");
      line("    " + it + ".send(None)");
      line("except StopIteration as stop:");
      line("    print('total', stop.value)");
      break;
    }
    case 4: {
      // throw(): caught inside the generator, which yields again; close() runs its finally.
      std::string tg = fresh("thr");
      line("def " + tg + "(n):");
      line("    try:");
      line("        for q in range(n):");
      line("            try:");
      line("                yield q");
      line("            except ValueError as err:");
      line("                print('inside', err)");
      line("                yield -q");
      line("    finally:");
      line("        print('closing')");
      line(it + " = " + tg + "(" + std::to_string(rng_.range(2, 5)) + ")");
      line("print(next(" + it + "), " + it + ".throw(ValueError(" + str_lit().text + ")))");
      if (rng_.chance(50)) {
        line(it + ".close()");
        line("print(list(" + it + "))");
      } else {
        line("print(list(" + it + "))");
      }
      break;
    }
    default: {
      std::string v = fresh("x");
      line("for " + v + " in " + g + "(" + n + ", " + p + "):");
      line("    print(" + v + ", end=' ')");
      line("print()");
      break;
    }
  }
}

}  // namespace plank::progen::detail
