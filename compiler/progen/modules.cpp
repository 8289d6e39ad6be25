// The standard modules plans use: math (exact functions only), random (seeded,
// so its numbers must match CPython's Mersenne Twister bit for bit),
// itertools, collections (deque, defaultdict, Counter, namedtuple) and
// functools (reduce, partial, lru_cache). Each use is one printing statement
// that imports its module first (a local name inside a function), so it may
// stand anywhere; see gen.h.
//
// Sizes stay small: combinatoric iterators get slices of at most 3 or 4 items.
#include "compiler/progen/gen.h"

namespace plank::progen::detail {

void Gen::module_stmt() {
  if (module_ < 0) return lazy_builtins_stmt();
  switch (module_) {
    case 0: return math_stmt();
    case 1: return random_stmt();
    case 2: return itertools_stmt();
    case 3: return collections_stmt();
    default: return functools_stmt();
  }
}

void Gen::math_stmt() {
  line("import math");
  std::string x = int_expr(1).text, f = float_expr(1).text;
  int k = rng_.range(0, 3000);
  switch (rng_.below(4)) {
    case 0: line("print(math.floor(" + f + "), math.ceil(" + f + "), math.trunc(" + f + "), math.fabs(" + f + "))"); break;
    case 1:
      line("print(math.sqrt(" + std::to_string(k) + " * " + std::to_string(k) + "), math.isqrt(abs(" + x + ")), math.gcd(" + x +
           ", " + int_expr(1).text + "), math.lcm(" + std::to_string(rng_.range(1, 99)) + ", " + std::to_string(rng_.range(1, 99)) + "))");
      break;
    case 2:
      line("print(math.factorial(" + std::to_string(rng_.range(0, 25)) + "), math.comb(" + std::to_string(rng_.range(5, 40)) +
           ", " + std::to_string(rng_.range(0, 5)) + "), math.log2(2 ** " + std::to_string(rng_.range(0, 60)) + "), math.pi * " +
           f + ")");
      break;
    default:
      line("print(math.copysign(" + f + ", " + x + "), math.isclose(" + f + ", " + f + "), math.inf > " + x + ", math.prod(" +
           list_int_expr(0).text + "[:3]))");
      break;
  }
}

void Gen::random_stmt() {
  line("import random");
  line("random.seed(" + int_expr(1).text + ")");
  std::string l = list_int_expr(1).text;
  switch (rng_.below(4)) {
    case 0:
      line("print(random.randint(" + std::to_string(rng_.range(-50, 0)) + ", " + std::to_string(rng_.range(1, 1000000000)) +
           "), random.random(), random.randrange(" + std::to_string(rng_.range(1, 500)) + "))");
      break;
    case 1: line("print(random.choice(" + l + " or [0]), random.choice(" + str_expr(1).text + " or 'x'), random.uniform(-1, " + std::to_string(rng_.range(1, 99)) + "))"); break;
    case 2: {
      std::string c = fresh("sh");
      line(c + " = list(" + l + ")");
      line("random.shuffle(" + c + ")");
      line("print(" + c + ", random.getrandbits(" + std::to_string(rng_.range(1, 70)) + "))");
      break;
    }
    default:
      line("print(random.sample(range(" + std::to_string(rng_.range(5, 200)) + "), 4), [random.randint(1, 6) for _ in range(" +
           std::to_string(rng_.range(1, 6)) + ")])");
      break;
  }
}

void Gen::itertools_stmt() {
  line("import itertools");
  std::string l = list_int_expr(1).text, s = list_str_expr(1).text;
  switch (rng_.below(5)) {
    case 0: line("print(list(itertools.chain(" + l + ", " + list_int_expr(1).text + ")), list(itertools.accumulate(" + l + ")))"); break;
    case 1: line("print(list(itertools.product(" + l + "[:3], repeat=2)), list(itertools.product(" + s + "[:2], 'ab')))"); break;
    case 2: line("print(list(itertools.permutations(" + l + "[:3])), list(itertools.combinations(" + s + "[:4], 2)))"); break;
    case 3:
      line("print(list(itertools.islice(" + l + ", " + std::to_string(rng_.range(0, 5)) + ")), list(itertools.islice(itertools.count(" +
           small_int().text + ", " + std::to_string(rng_.range(1, 5)) + "), 4)), list(itertools.accumulate(" + l + ", max)))");
      break;
    default:
      line("print([(k, len(list(g))) for k, g in itertools.groupby(sorted(" + l + "))], list(itertools.zip_longest(" + s +
           "[:3], " + l + "[:2], fillvalue=0)), list(itertools.takewhile(lambda v: v > 0, " + l + ")))");
      break;
  }
}

void Gen::collections_stmt() {
  line("import collections");
  std::string l = list_int_expr(1).text;
  switch (rng_.below(4)) {
    case 0: {
      std::string d = fresh("dq");
      line(d + " = collections.deque(" + l + ", maxlen=" + std::to_string(rng_.range(1, 8)) + ")");
      line(d + ".appendleft(" + small_int().text + ")");
      line(d + ".rotate(" + std::to_string(rng_.range(-3, 3)) + ")");
      line("print(" + d + ", " + d + ".popleft() if " + d + " else None, len(" + d + "), list(" + d + "))");
      break;
    }
    case 1: {
      std::string d = fresh("dd");
      bool ints = rng_.chance(50);
      line(d + " = collections.defaultdict(" + std::string(ints ? "int" : "list") + ")");
      line("for i, ch in enumerate(" + str_expr(1).text + "):");
      line("    " + d + "[ch]" + (ints ? " += 1" : ".append(i)"));
      line("print(sorted(" + d + ".items()), len(" + d + "), " + d + "['a'])");
      break;
    }
    case 2: {
      std::string c = fresh("cn");
      line(c + " = collections.Counter(" + (rng_.chance(50) ? l : str_expr(1).text) + ")");
      line("print(" + c + ".most_common(" + std::to_string(rng_.range(1, 3)) + "), sorted(" + c + ".items()), " + c + "[" +
           small_int().text + "], sum(" + c + ".values()))");
      break;
    }
    default: {
      std::string t = fresh("Nt"), p = fresh("nt");
      line(t + " = collections.namedtuple('" + t + "', ['x', 'y'])");
      line(p + " = " + t + "(" + int_expr(1).text + ", y=" + str_expr(1).text + ")");
      line("print(" + p + ", " + p + ".x, " + p + "[1], " + p + "._replace(x=" + small_int().text + "), tuple(" + p + ") == " + p + ")");
      break;
    }
  }
}

void Gen::functools_stmt() {
  line("import functools");
  std::string l = list_int_expr(1).text;
  int k = rng_.range(2, 31);
  switch (rng_.below(3)) {
    case 0: line("print(functools.reduce(lambda a, b: (a * " + std::to_string(k) + " + b) % 1000003, " + l + ", " + small_int().text + "))"); break;
    case 1: {
      std::string p = fresh("pa");
      line(p + " = functools.partial(lambda a, b, c=" + std::to_string(k) + ": (a - b) * c, " + int_expr(1).text + ")");
      line("print(" + p + "(" + int_expr(1).text + "), " + p + "(" + small_int().text + ", c=2), " + p + ".args)");
      break;
    }
    default: {
      // Exponential without the cache: a wrong lru_cache shows as a timeout.
      std::string f = fresh("fib");
      if (!charge(60)) return line("print(functools.reduce(max, " + l + ", 0))");
      line("@functools.lru_cache(maxsize=None)");
      line("def " + f + "(n):");
      line("    return n if n < 2 else (" + f + "(n - 1) + " + f + "(n - 2)) % 1000003");
      line("print(" + f + "(" + std::to_string(rng_.range(10, 60)) + "), " + f + "(" + std::to_string(rng_.range(0, 9)) + "))");
      break;
    }
  }
}

}  // namespace plank::progen::detail
