// The JIT against the reference interpreter: every program prints the same
// output and the same error messages under both engines (and both JIT
// optimisation levels). Plus hand-built IR, --dump=llvm, and fib(25).
#include <gtest/gtest.h>

#include <string>

#include "compiler/codegen/codegen.h"
#include "compiler/codegen/jit_engine.h"
#include "compiler/engine/engine.h"
#include "compiler/engine/run.h"

namespace {

using plank::engine::RunOptions;
using plank::engine::run_program;

struct Outcome {
  int exit_code = 0;
  std::string out, err, kind;
};

Outcome run(const std::string& source, const std::string& engine, int opt_level = 0, int64_t max_steps = 0,
            uint32_t max_depth = 1000) {
  Outcome o;
  RunOptions options;
  options.path = "prog.pk";
  options.source = source;
  options.engine = engine;
  options.opt_level = opt_level;
  options.max_steps = max_steps;
  options.max_depth = max_depth;
  options.out = &o.out;
  options.err = &o.err;
  auto result = run_program(options);
  o.exit_code = result.exit_code;
  o.kind = result.error_kind;
  return o;
}

// Runs `source` under the interpreter and the JIT at -O0 and -O2; returns the interpreter's outcome.
Outcome same(const std::string& source, int64_t max_steps = 0, uint32_t max_depth = 1000) {
  Outcome interp = run(source, "interp", 0, max_steps, max_depth);
  for (int opt : {0, 2}) {
    Outcome jit = run(source, "jit", opt, max_steps, max_depth);
    EXPECT_EQ(interp.out, jit.out) << "stdout differs at -O" << opt << " for:\n" << source;
    EXPECT_EQ(interp.err, jit.err) << "stderr differs at -O" << opt << " for:\n" << source;
    EXPECT_EQ(interp.exit_code, jit.exit_code) << "exit code differs at -O" << opt << " for:\n" << source;
  }
  return interp;
}

TEST(Jit, Available) { EXPECT_TRUE(plank::engine::jit_available()); }

TEST(Jit, Fib25) {
  const char* src =
      "def fib(n):\n"
      "    if n < 2:\n"
      "        return n\n"
      "    return fib(n - 1) + fib(n - 2)\n"
      "print(fib(25))\n";
  for (int opt : {0, 2}) {
    Outcome o = run(src, "jit", opt);
    EXPECT_EQ(o.err, "");
    EXPECT_EQ(o.out, "75025\n");
  }
  same(src);
}

TEST(Jit, IntArithmeticAndOverflow) {
  Outcome o = same(
      "a = 7\nb = -3\n"
      "print(a + b, a - b, a * b, a // b, a % b, -a // 2, -a % 2, a / 2, 7 // -1, a ** 2)\n"
      "print(-(-9223372036854775807 - 1) if False else 1)\n"
      "x = 9223372036854775807\n"
      "print(x - 1, -x)\n"
      "print(x + 1)\n");
  EXPECT_EQ(o.out.substr(o.out.rfind('\n', o.out.size() - 2) + 1), "9223372036854775808\n") << o.err;  // a big int
  same("x = -9223372036854775807 - 1\nprint(x // -1)\n");
  same("x = -9223372036854775807 - 1\nprint(-x)\n");
  same("x = 4611686018427387904\nprint(x * 2)\n");
  same("print(3037000499 * 3037000499)\nprint(3037000500 * 3037000500)\n");
}

TEST(Jit, DivisionByZero) {
  Outcome o = same("def f(a, b):\n    return a / b\nprint(f(1, 2))\nprint(f(1, 0))\n");
  EXPECT_NE(o.err.find("ZeroDivisionError"), std::string::npos) << o.err;
  same("print(5 // 0)\n");
  same("print(5 % 0)\n");
  same("print(5.0 / 0.0)\n");
  same("print(5.0 // 2.0, 5.5 % 2.0, -5.5 // 2.0)\n");
}

TEST(Jit, FloatsAndMixed) {
  same(
      "x = 0.5\ny = 3\n"
      "print(x + y, y + x, x * y, y - x, x / y, y / x, 1 / 3, 2 ** 0.5)\n"
      "print(x < y, y < x, 1 == 1.0, 2 != 2.0, 0.1 + 0.2 == 0.3, 9007199254740993 == 9007199254740992.0)\n"
      "print(-x, +x, -y, not x, not 0.0, not -0.0)\n"
      "print(1e308 * 10, -1e308 * 10)\n"
      "z = 0.0\nfor i in range(100):\n    z = z + i * 0.25\nprint(z)\n");
}

TEST(Jit, ComparisonsAndTruth) {
  same(
      "vals = [0, 1, -1, 0.0, 2.5, '', 'a', [], [0], {}, None, True, False, (), (1,)]\n"
      "for v in vals:\n"
      "    if v:\n"
      "        print('T', v)\n"
      "    else:\n"
      "        print('F', v)\n"
      "    print(not v, bool(v))\n"
      "print(1 < 2 < 3, 3 > 2 > 5, 'a' < 'b', [1, 2] == [1, 2], 2 in [1, 2], 3 not in [1, 2], None is None)\n"
      "print(True + 1, True == 1, 1 < True)\n");
  Outcome o = same("print(1 < 'a')\n");
  EXPECT_NE(o.err.find("TypeError"), std::string::npos) << o.err;
}

TEST(Jit, StringsListsDicts) {
  same(
      "s = ''\n"
      "for i in range(10):\n"
      "    s = s + str(i)\n"
      "print(s, len(s), s[2:5], s[::-1], s[-1])\n"
      "xs = [3, 1, 2]\nxs.append(7)\nxs[0] = 10\nprint(xs, xs[1:], sorted(xs))\n"
      "d = {'a': 1, 'b': 2}\nd['c'] = 3\n"
      "for k in d:\n    print(k, d[k])\n"
      "print(d, list(d.items()), len(d))\n"
      "t = (1, 'two', 3.0)\na, b, c = t\nprint(a, b, c, t)\n"
      "print(', '.join(['x', 'y', 'z']), 'a-b'.split('-'))\n");
  same("xs = [1]\nprint(xs[5])\n");
  same("d = {'a': 1}\nprint(d['zz'])\n");
  same("a, b = [1, 2, 3]\n");
  same("a, b = 1\n");
}

TEST(Jit, FunctionsClosuresKeywords) {
  same(
      "def make_counter(start):\n"
      "    count = [start]\n"
      "    def inc(step=1):\n"
      "        count[0] = count[0] + step\n"
      "        return count[0]\n"
      "    return inc\n"
      "c = make_counter(10)\n"
      "print(c(), c(5), c(step=2))\n"
      "def adder(x):\n"
      "    return lambda y: x + y\n"
      "print(adder(3)(4))\n"
      "def f(a, b=2, c=3):\n"
      "    return a * 100 + b * 10 + c\n"
      "print(f(1), f(1, 5), f(1, c=9), f(c=1, b=1, a=1))\n"
      "def outer():\n"
      "    def inner():\n"
      "        return v\n"
      "    v = 5\n"
      "    return inner()\n"
      "print(outer())\n"
      "print(sum([x * x for x in range(10)]) if False else sum(range(10)))\n");
  same("def f(a):\n    return a\nprint(f())\n");
  same("def f(a):\n    return a\nprint(f(1, 2))\n");
  same("def outer():\n    def inner():\n        return v\n    r = inner()\n    v = 1\n    return r\nprint(outer())\n");
}

TEST(Jit, RuntimeErrorsAndTracebacks) {
  Outcome o = same(
      "def a(x):\n"
      "    return b(x)\n"
      "def b(x):\n"
      "    return 10 // x\n"
      "print(a(2))\n"
      "a(0)\n");
  EXPECT_NE(o.err.find("in b at"), std::string::npos) << o.err;
  same("print(undefined_name)\n");
  same("assert 1 == 1\nassert 1 == 2, 'one is not two'\n");
  same("assert False\n");
  same("x = None\nx.foo\n");
  same("'abc'.nope()\n");
  same("print(len(5))\n");
  same("print(1 + 'a')\n");
  same("print(-'a')\n");
  same("x = 5\nx()\n");
}

TEST(Jit, RecursionLimitAndBudgets) {
  Outcome o = same("def f(n):\n    return f(n + 1)\nf(0)\n", 0, 200);
  EXPECT_NE(o.err.find("RecursionError"), std::string::npos) << o.err;
  o = same("i = 0\nwhile True:\n    i = i + 1\n", 5000);
  EXPECT_NE(o.err.find("BudgetExceeded"), std::string::npos) << o.err;
  o = same("i = 0\nwhile i < 100:\n    i = i + 1\nprint(i)\n", 1000);
  EXPECT_EQ(o.out, "100\n");
}

TEST(Jit, LoopsBreakContinue) {
  same(
      "total = 0\n"
      "for i in range(20):\n"
      "    if i % 3 == 0:\n"
      "        continue\n"
      "    if i > 15:\n"
      "        break\n"
      "    total = total + i\n"
      "print(total)\n"
      "n = 0\nwhile n < 10:\n    n += 3\nprint(n)\n"
      "for i, ch in enumerate('abc'):\n    print(i, ch)\n"
      "for k, v in {'x': 1, 'y': 2}.items():\n    print(k, v)\n");
}

TEST(Jit, DumpLlvm) {
  Outcome o;
  RunOptions options;
  options.path = "prog.pk";
  options.source = "def f(x):\n    return x + 1\nprint(f(1))\n";
  options.engine = "jit";
  options.dump = "llvm";
  options.opt_level = 0;
  options.out = &o.out;
  options.err = &o.err;
  auto result = run_program(options);
  EXPECT_EQ(result.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("define zeroext i1 @"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("llvm.sadd.with.overflow.i64"), std::string::npos);
  EXPECT_NE(o.out.find("@pk_enter(%pk.Thread*"), std::string::npos);
}

// A module built by hand with the ir.h structs: f(a, b) = a + b; the body prints nothing.
plank::ir::Module hand_module() {
  using namespace plank::ir;
  Module m;
  m.constants.push_back(Constant{Constant::Kind::Int, 41, 0.0, ""});
  Function body;
  body.name = body.qualified = "<module>";
  body.slot_count = 1;
  body.slot_names = {""};
  Block b0;
  Instr step;
  step.op = Op::Step;
  step.line = 1;
  b0.instrs.push_back(step);
  Instr load;
  load.op = Op::LoadConst;
  load.dst = 0;
  load.imm = 0;
  b0.instrs.push_back(load);
  Instr ret;
  ret.op = Op::Return;
  ret.a = 0;
  b0.instrs.push_back(ret);
  body.blocks.push_back(b0);
  m.functions.push_back(body);

  Function add;
  add.name = add.qualified = "add";
  add.params = {{"a", false}, {"b", false}};
  add.slot_count = 3;
  add.slot_names = {"a", "b", ""};
  Block a0;
  Instr bin;
  bin.op = Op::Binary;
  bin.dst = 2;
  bin.a = 0;
  bin.b = 1;
  bin.imm = 0;  // Add
  a0.instrs.push_back(bin);
  Instr r2;
  r2.op = Op::Return;
  r2.a = 2;
  a0.instrs.push_back(r2);
  add.blocks.push_back(a0);
  m.functions.push_back(add);
  return m;
}

TEST(Jit, HandBuiltIrDumps) {
  std::string text = plank::codegen::dump_llvm(hand_module());
  EXPECT_NE(text.find("@plank.f0._module_"), std::string::npos) << text;
  EXPECT_NE(text.find("@plank.f1.add"), std::string::npos) << text;
  EXPECT_NE(text.find("pk_binary"), std::string::npos);
  EXPECT_EQ(text.find("internal error"), std::string::npos) << text;
}

TEST(Jit, MalformedIrIsAnInternalError) {
  plank::ir::Module m = hand_module();
  m.functions[1].blocks[0].instrs.pop_back();  // no terminator
  std::string text = plank::codegen::dump_llvm(m);
  EXPECT_NE(text.find("internal error"), std::string::npos) << text;
  m = hand_module();
  m.functions[1].blocks[0].instrs[0].dst = 99;  // slot out of range
  text = plank::codegen::dump_llvm(m);
  EXPECT_NE(text.find("internal error"), std::string::npos) << text;
}

// Calls to a top-level function go straight to its code while the global still
// holds that function; rebinding it (to another function, a builtin, a
// non-callable), wrong arity, defaults and deep recursion behave as before.
TEST(Jit, DirectCallsFollowTheGlobal) {
  same(
      "def g(a, b=2):\n    return a + b\n"
      "def call_g(x):\n    return g(x)\n"
      "print(call_g(1), g(1, 3))\n"
      "h = g\n"
      "def g(a):\n    return a * 10\n"
      "print(call_g(1), h(1))\n");
  same(
      "def f(x):\n    return x + 1\n"
      "def use():\n    return f(1)\n"
      "print(use())\n"
      "f = len\n"
      "print(f([1, 2]))\n"
      "f = 3\n"
      "print(use())\n");
  Outcome o = same("def f(x):\n    return x\ndef use():\n    return f(1, 2)\nprint(use())\n");
  EXPECT_NE(o.err.find("TypeError: f() takes 1 positional argument but 2 were given"), std::string::npos) << o.err;
  o = same("def down(n):\n    return down(n + 1)\nprint(down(0))\n", 0, 50);
  EXPECT_EQ(o.kind, "RecursionError");
  o = same("def early():\n    return later(1)\nprint(early())\ndef later(x):\n    return x\n");
  EXPECT_NE(o.err.find("NameError: name 'later' is not defined"), std::string::npos) << o.err;
  same(
      "def outer():\n    def inner(k):\n        return helper(k) * 2\n    return inner(4)\n"
      "def helper(k):\n    return k + 1\n"
      "print(outer())\n");
}

// `for i in range(...)` advances the range inline: steps of both signs, empty
// ranges, bounds next to the int64 limits, breaks, and reuse of a range object.
TEST(Jit, RangeLoops) {
  Outcome o = same(
      "out = []\n"
      "for i in range(5):\n    out.append(i)\n"
      "for i in range(10, 0, -3):\n    out.append(i)\n"
      "for i in range(0):\n    out.append('never')\n"
      "for i in range(-5, 5, 4):\n    out.append(i)\n"
      "for i in range(9223372036854775805, 9223372036854775807):\n    out.append(i)\n"
      "for i in range(-9223372036854775807 - 1, -9223372036854775806):\n    out.append(i)\n"
      "for i in range(9223372036854775807, 9223372036854775800, -3):\n    out.append(i)\n"
      "r = range(3)\n"
      "for i in r:\n    for j in r:\n        if j > i:\n            break\n        out.append(i * 10 + j)\n"
      "for c in 'ab':\n    out.append(c)\n"
      "for k in {'x': 1}:\n    out.append(k)\n"
      "print(out)\n");
  EXPECT_EQ(o.out,
            "[0, 1, 2, 3, 4, 10, 7, 4, 1, -5, -1, 3, 9223372036854775805, 9223372036854775806, "
            "-9223372036854775808, -9223372036854775807, 9223372036854775807, 9223372036854775804, "
            "9223372036854775801, 0, 10, 11, 20, 21, 22, 'a', 'b', 'x']\n");
}

// The append and len shortcuts: lists directly, everything else (and every
// error) through the ordinary call.
TEST(Jit, AppendAndLen) {
  Outcome o = same(
      "xs = []\nr = xs.append(1)\nprint(r, xs, len(xs), len((1, 2)), len({'a': 1}), len('h\u00e9'), len(range(4)))\n"
      "d = {}\nd.append(1)\n");
  EXPECT_NE(o.err.find("AttributeError: 'dict' object has no attribute 'append'"), std::string::npos) << o.err;
  o = same("print(len(5))\n");
  EXPECT_NE(o.err.find("TypeError: object of type 'int' has no len()"), std::string::npos) << o.err;
  same("xs = [1]\nxs.append(2, 3)\n");
  same("xs = [1]\nxs.append(object=2)\n");
}

// Container fast paths (inline_containers.cpp): list indexing and stores with
// negative indices, int-keyed dict reads, stores and `in` (with bool and float
// keys equal to ints, which the runtime decides), deleted entries, lists that
// grow or shrink while a loop walks them; and their errors.
TEST(Jit, ListAndDictFastPaths) {
  Outcome o = same(
      "def f():\n"
      "    xs = [10, 20, 30]\n"
      "    out = [xs[0], xs[-1], xs[-3], xs[True]]\n"
      "    xs[1] = 'b'\n"
      "    xs[-1] = xs[0] + 1\n"
      "    d = {1: 'one', 2: 'two', 'k': 3}\n"
      "    d[2] = d[1] + '!'\n"
      "    d[5] = 'new'\n"
      "    out.append(1 in d)\n"
      "    out.append(7 in d)\n"
      "    out.append(7 not in d)\n"
      "    out.append(1 not in d)\n"
      "    e = {1.0: 'float', True: 'bool?', 3: 'int'}\n"
      "    out.append(e[1])\n"
      "    out.append(1 in e)\n"
      "    out.append(2 in e)\n"
      "    g = {True: 'yes'}\n"
      "    out.append(g[1])\n"
      "    out.append(1 in g)\n"
      "    h = {2.5: 'x'}\n"
      "    out.append(2 in h)\n"
      "    d2 = {}\n"
      "    out.append(0 in d2)\n"
      "    for k in range(50):\n"
      "        d2[k] = k * k\n"
      "    for k in range(0, 50, 2):\n"
      "        d2.pop(k)\n"
      "    total = 0\n"
      "    for k in d2:\n"
      "        total += d2[k]\n"
      "    out.append(total)\n"
      "    out.append(48 in d2)\n"
      "    out.append(49 in d2)\n"
      "    ys = [1, 2, 3]\n"
      "    for y in ys:\n"
      "        if y < 6:\n"
      "            ys.append(y + 3)\n"
      "        out.append(y)\n"
      "    zs = [1, 2, 3, 4]\n"
      "    for z in zs:\n"
      "        zs.pop()\n"
      "        out.append(z)\n"
      "    empty = []\n"
      "    for q in empty:\n"
      "        out.append('never')\n"
      "    it = [7, 8]\n"
      "    for q in it:\n"
      "        out.append(q)\n"
      "    print(xs, d, out)\n"
      "f()\n");
  EXPECT_EQ(o.out, "[10, \'b\', 11] {1: \'one\', 2: \'one!\', \'k\': 3, 5: \'new\'} [10, 30, 10, 20, True, False, True, False, \'bool?\', True, False, \'yes\', True, False, False, 20825, False, True, 1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 7, 8]\n");
  o = same("def f(xs, i):\n    return xs[i]\nprint(f([1, 2], 1))\nprint(f([1, 2], -3))\n");
  EXPECT_NE(o.err.find("IndexError: list index out of range"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("prog.pk:2: error"), std::string::npos) << o.err;
  o = same("def f(xs):\n    xs[2] = 0\nf([1, 2])\n");
  EXPECT_NE(o.err.find("IndexError: list assignment index out of range"), std::string::npos) << o.err;
  o = same("def f(d):\n    return d[3]\nf({1: 2})\n");
  EXPECT_NE(o.err.find("KeyError: 3"), std::string::npos) << o.err;
  o = same("def f(d):\n    return [1] in d\nf({1: 2})\n");
  EXPECT_NE(o.err.find("TypeError"), std::string::npos) << o.err;
  same("def f(t, s):\n    return t[1], s[0], t[-1]\nprint(f((4, 5), 'ab'))\nf(5, 'x')\n");
}

// Strings built by appending share buffers: every earlier string keeps its value.
TEST(Jit, StringAppendKeepsOlderValues) {
  Outcome o = same(
      "s = ''\nparts = []\n"
      "for i in range(30):\n    s += str(i % 10)\n    parts.append(s)\n"
      "t = parts[5]\nu = t + 'x'\nv = t + 'y'\n"
      "print(s, t, u, v, parts[3], len(s), s + s == parts[29] * 2)\n"
      "w = 'h\u00e9'\nw += w\nprint(w, len(w))\n"
      "def build(n):\n    s = ''\n    for i in range(n):\n        s = s + 'ab'\n    return s\n"
      "print(len(build(50000)))\n");
  EXPECT_EQ(o.out,
            "012345678901234567890123456789 012345 012345x 012345y 0123 30 True\nh\u00e9h\u00e9 4\n100000\n");
}

}  // namespace

namespace {

std::string dump_llvm_of(const std::string& source, bool debug) {
  Outcome o;
  RunOptions options;
  options.path = "prog.pk";
  options.source = source;
  options.engine = "jit";
  options.dump = "llvm";
  options.debug = debug;
  options.out = &o.out;
  options.err = &o.err;
  EXPECT_EQ(run_program(options).exit_code, 0) << o.err;
  return o.out;
}

// Temporaries read only inline get their own allocas (promoted to registers);
// debug builds keep every slot in the frame, where the stepping hook sees it.
TEST(Jit, RegisterTemporariesOnlyOutsideDebug) {
  const char* src = "def g(x):\n    return x * 0.5 + 1.0\nprint(g(2))\n";
  EXPECT_NE(dump_llvm_of(src, false).find("%temp."), std::string::npos);
  EXPECT_EQ(dump_llvm_of(src, true).find("%temp."), std::string::npos);
}

// Register temporaries holding strings stay alive across the allocations (and
// the collections, every few MiB) made before their use: the slow paths spill
// them to the frame, the collector's roots.
TEST(Jit, RegisterTemporariesSurviveCollections) {
  Outcome o = same(
      "def f(n):\n"
      "    total = 0\n"
      "    for i in range(n):\n"
      "        s = 'k' + str(i)\n"
      "        if (s + 'q' * 300) + 'z' == s + ('q' * 300 + 'z'):\n"
      "            total += 1\n"
      "        if not (s * 2 < s * 3) or -i > 0:\n"
      "            total -= 1000\n"
      "    return total\n"
      "print(f(20000))\n");
  EXPECT_EQ(o.out, "20000\n");
}

// Outside debug builds the frame's line is stored only before calls (and in
// slow paths), and the fuel lives in a register between calls: every error's
// traceback still names the line that raised, in every frame.
TEST(Jit, TracebackLinesWithoutPerStatementStores) {
  const char* errors[] = {
      // an inline operation's slow path, after statements that stored nothing
      "def f(x):\n    y = x + 1\n    z = y * 2\n    if z > 3:\n        return z + 'a'\n    return z\nprint(f(1))\nprint(f(5))\n",
      // a truth test of an object in a branch, then an error on the next line
      "def f(xs):\n    if xs:\n        n = 1\n        return xs[n + 5]\n    return 0\nprint(f([1]))\n",
      // a global read before its def, from the callee slot of a direct call
      "def a(n):\n    m = n * 3\n    return b(m)\nprint(a(1))\ndef b(n):\n    return n\n",
      // the second of two calls on one line fails two frames down
      "def inv(x):\n    k = 1\n    return k // x\ndef two(x):\n    t = x\n    return inv(t) + inv(t - 1)\nprint(two(1))\n",
      // a range loop that falls into an error after many iterations
      "def f():\n    s = 0\n    for i in range(100):\n        s += i\n    return s / (s - 4950)\nprint(f())\n",
  };
  for (const char* src : errors) {
    Outcome o = same(src);
    EXPECT_EQ(o.exit_code, 1) << src;
    EXPECT_NE(o.err.find("  in "), std::string::npos) << o.err;
  }
}

// --max-steps stops at the same statement under both engines though the JIT
// counts fuel in a register: the count is written back before every call
// (callees step too) and read again after, and pk_poll sees the exact count.
TEST(Jit, StepBudgetExactAcrossCalls) {
  const char* src =
      "def leaf(x):\n"
      "    return x + 1\n"
      "def mid(x):\n"
      "    y = leaf(x)\n"
      "    print(y)\n"
      "    return leaf(y) + leaf(y)\n"
      "t = 0\n"
      "for i in range(30):\n"
      "    t = t + mid(i)\n"
      "print(t)\n";
  for (int64_t budget : {1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233}) {
    Outcome o = same(src, budget);
    EXPECT_EQ(o.kind, "BudgetExceeded") << budget;
  }
  EXPECT_EQ(same(src).out.substr(0, 6), "1\n2\n3\n");
}

// The frame zeroes only the slots that live in memory; a register
// temporary's home joins the collector's roots at the first spill of each
// activation. Collections (every few MiB of strings here) happen before the
// first spill, between spills, and in callees while temporaries are live.
TEST(Jit, TemporaryHomesJoinTheRootsAtTheFirstSpill) {
  Outcome o = same(
      "def pad(s):\n"
      "    return s + 'p' * 200\n"
      "def f(n):\n"
      "    keep = []\n"
      "    for i in range(n):\n"
      "        a = pad(str(i))\n"
      "        if i % 7 == 0:\n"
      "            keep.append((a + 'x') + ('y' + a))\n"
      "        b = len(pad(a)) + len(a + 'q')\n"
      "        if b != 2 * len(a) + 201:\n"
      "            return -1\n"
      "    return len(keep) + len(keep[-1])\n"
      "print(f(20000))\n");
  EXPECT_EQ(o.out, "3270\n");
}

// A register temporary that holds a constant is never spilled: slow paths and
// runtime calls read it from the module's constants, which are roots. Each
// use below takes a slow path or a call (string operands, a method on a
// constant receiver, indexing a constant) while collections run, and the
// constants must read the same on every iteration.
TEST(Jit, ConstantTemporariesAreReadFromTheModule) {
  Outcome o = same(
      "def f(n):\n"
      "    out = []\n"
      "    for i in range(n):\n"
      "        s = str(i)\n"
      "        t = 'ab' + s\n"
      "        if 'ab' < t and s + 'q' * 100 != 'zz':\n"
      "            out.append(','.join([s, t]) + '|' + 'xyz'[i % 3])\n"
      "        if 'k' in t or not 'w':\n"
      "            return -1\n"
      "    return len(out), out[7], out[-1][:12], 'ab'\n"
      "print(f(30000))\n");
  EXPECT_EQ(o.out, "(30000, '7,ab7|y', '29999,ab2999', 'ab')\n");
}

}  // namespace
