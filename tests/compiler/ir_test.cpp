// Lowering: golden IR dumps of small functions, and the verifier.
#include <gtest/gtest.h>

#include "compiler/check/check.h"
#include "compiler/frontend/parser.h"
#include "compiler/lower/lower.h"

namespace plank {
namespace {

std::string lower_text(const std::string& text, std::vector<std::string>* passes = nullptr) {
  DiagnosticSink sink;
  auto file = SourceFile::from_string("t.plank", text);
  auto ast = frontend::parse_module(file, sink);
  auto cm = check::check_module(*ast, sink);
  lower::LowerOptions options;
  if (passes) options.after_pass = [&](const std::string& p, const ir::Module&) { passes->push_back(p); };
  ir::Module m = lower::lower_module(cm, options, sink);
  EXPECT_FALSE(sink.has_errors()) << render_text(sink.all());
  EXPECT_EQ(ir::verify(m), "");
  return lower::dump_ir(m);
}

TEST(Lower, PassesRunInOrder) {
  std::vector<std::string> passes;
  lower_text("x = 1\n", &passes);
  EXPECT_EQ(passes,
            (std::vector<std::string>{"build_ir", "simplify_jumps", "remove_unreachable", "bind_locals",
                                      "infer_types", "mark_string_builders", "number_positions",
                                      "verify"}));
}

// bind_locals: a read of a local is checked (UnboundLocalError) only where some
// path reaches it with the local unassigned, and only such a local starts unbound.
TEST(Lower, BindLocalsChecksOnlyReadsThatMayFindALocalUnbound) {
  const auto npos = std::string::npos;
  std::string always = lower_text("def f(a):\n    x = a\n    for i in range(a):\n        x = x + i\n    return x\n");
  EXPECT_EQ(always.find("check_bound"), npos) << always;
  EXPECT_EQ(always.find("unbind"), npos) << always;
  std::string branch = lower_text("def f(a):\n    if a:\n        x = 1\n    return x\n");
  EXPECT_NE(branch.find("check_bound %1 (x)"), npos) << branch;
  EXPECT_NE(branch.find("%1 = unbind (prologue)"), npos) << branch;
  std::string deleted = lower_text("def f(a):\n    x = a\n    del x\n    return x\n");
  EXPECT_NE(deleted.find("%1 = unbind  ; line 3"), npos) << deleted;
  EXPECT_NE(deleted.find("check_bound %1 (x)  ; line 4"), npos) << deleted;
  // A loop variable read after a loop that may not have run.
  std::string loop = lower_text("def f(a):\n    for i in a:\n        pass\n    return i\n");
  EXPECT_NE(loop.find("check_bound"), npos) << loop;
}

// infer_types: the kinds of the operands of every Binary in function 1, in order.
// The module lowered through every pass.
ir::Module lowered(const std::string& text) {
  DiagnosticSink sink;
  auto file = SourceFile::from_string("t.plank", text);
  auto ast = frontend::parse_module(file, sink);
  auto cm = check::check_module(*ast, sink);
  ir::Module m = lower::lower_module(cm, lower::LowerOptions{}, sink);
  EXPECT_FALSE(sink.has_errors()) << render_text(sink.all());
  return m;
}

std::vector<std::pair<uint8_t, uint8_t>> binary_kinds(const std::string& text) {
  ir::Module m = lowered(text);
  std::vector<std::pair<uint8_t, uint8_t>> out;
  for (const auto& block : m.functions.at(1).blocks)
    for (const auto& in : block.instrs)
      if (in.op == ir::Op::Binary) out.emplace_back(in.kinds_a, in.kinds_b);
  return out;
}

TEST(InferTypes, FloatLoopIsAllFloats) {
  using namespace ir::kinds;
  auto k = binary_kinds("def f():\n    x = 0.0\n    for i in range(10):\n        x = x * 0.5 + i * 0.25\n    return x\n");
  ASSERT_EQ(k.size(), 3u);
  EXPECT_EQ(k[0], std::make_pair(kFloat, kFloat));  // x * 0.5
  EXPECT_EQ(k[1], std::make_pair(kInt, kFloat));    // i * 0.25: the range loop's variable is an int
  EXPECT_EQ(k[2], std::make_pair(kFloat, kFloat));  // the sum
}

TEST(InferTypes, ClaimsNothingUncertain) {
  using namespace ir::kinds;
  // Assigned on one path only: None or int.
  auto k = binary_kinds("def f(c):\n    if c:\n        x = 1\n    return x + 1\n");
  ASSERT_EQ(k.size(), 1u);
  EXPECT_EQ(k[0].first, kNone | kInt);
  // An int that becomes a float in a loop; a parameter; int / int; a call's result; unpacking.
  k = binary_kinds("def f(p):\n    x = 1\n    while x < 100:\n        x = x + 0.5\n    y = 7 / 2\n    z = len('ab')\n"
                   "    a, b = 1, 2\n    return x - p + y + z + a\n");
  ASSERT_EQ(k.size(), 6u);
  EXPECT_EQ(k[0].first, kInt | kFloat);         // x + 0.5 inside the loop
  EXPECT_EQ(k[1], std::make_pair(uint8_t(kInt), uint8_t(kInt)));  // 7 / 2
  EXPECT_EQ(k[2], std::make_pair(uint8_t(kInt | kFloat), kAny));  // x - p
  EXPECT_EQ(k[3].second, kFloat);               // + y: 7 / 2 is a float
  EXPECT_EQ(k[4].second, kAny);                 // + z, a call's result
  EXPECT_EQ(k[5].second, kAny);                 // + a (unpacked)
  // ** and bools are never claimed to give an int.
  k = binary_kinds("def f():\n    x = 2 ** 3\n    t = True + 1\n    return x + t\n");
  ASSERT_EQ(k.size(), 3u);
  EXPECT_EQ(k[2], std::make_pair(kAny, kAny));
}

// mark_string_builders: which Binaries of function 1 append in place, and
// whether a Seal precedes each return of the builder.
struct Builders {
  std::vector<bool> binaries;  // kStrBuilder, per Binary in order
  int seals = 0;
};
Builders builders(const std::string& text) {
  ir::Module m = lowered(text);
  Builders out;
  for (const auto& block : m.functions.at(1).blocks)
    for (size_t k = 0; k < block.instrs.size(); ++k) {
      const ir::Instr& in = block.instrs[k];
      if (in.op == ir::Op::Binary) out.binaries.push_back(in.imm & ir::kStrBuilder);
      if (in.op == ir::Op::Seal) {
        ++out.seals;
        EXPECT_EQ(k + 1, block.instrs.size() - 1) << "a seal comes right before the return";
        EXPECT_EQ(block.instrs.back().op, ir::Op::Return);
        EXPECT_EQ(block.instrs.back().a, in.a);
      }
    }
  return out;
}

TEST(StringBuilders, AppendsToALocalThatOnlyItsOwnReadsSee) {
  auto b = builders("def f(n):\n    s = ''\n    for i in range(n):\n        s += str(i)\n        if len(s) > 3 and s != 'x':\n"
                    "            s = s + '.'\n    print(s)\n    return s\n");
  EXPECT_EQ(b.binaries, (std::vector<bool>{true, true}));
  EXPECT_EQ(b.seals, 1);
  // Nothing returned: nothing to seal. `t + s` reads s without keeping it; `s = t + s` is no append.
  b = builders("def f(t):\n    s = ''\n    s += 'a'\n    u = t + s\n    s = t + s\n    return len(s + u)\n");
  EXPECT_EQ(b.binaries, (std::vector<bool>{true, false, false, false}));
  EXPECT_EQ(b.seals, 0);
}

TEST(StringBuilders, NoBuilderWhenTheStringCanEscape) {
  const char* escapes[] = {
      "    l = [s]\n",                  // into a list
      "    l = []\n    l.append(s)\n",  // a method's argument
      "    t = s\n",                    // another local
      "    g(s)\n",                     // a call's argument
      "    s.upper()\n",                // a method may return self
      "    for c in s:\n        pass\n",  // an iterator keeps its source
      "    d = {s: 1}\n",               // a dict key
      "    def h():\n        return s\n",  // a closure's cell
  };
  for (const char* escape : escapes) {
    auto b = builders(std::string("def f(g):\n    s = ''\n    s += 'a'\n") + escape + "    s += 'b'\n    return s\n");
    for (bool marked : b.binaries) EXPECT_FALSE(marked) << escape;
    EXPECT_EQ(b.seals, 0) << escape;
  }
  // Numbers are left alone: `n = n + 1` appends nothing.
  auto b = builders("def f():\n    n = 0\n    for i in range(3):\n        n = n + i\n    return n\n");
  EXPECT_EQ(b.binaries, (std::vector<bool>{false}));
}

// `n < 2` is not typed bool: n may be an instance whose __lt__ returns any value (CPython keeps it),
// so the branch tests the result's truth; comparisons of ints, floats and strs are still typed bool.
TEST(Lower, GoldenFib) {
  EXPECT_EQ(lower_text("def fib(n):\n    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\n"),
            R"(module t.plank
globals: fib

fn <module>() slots=1  ; fn0, line 1
b0:
  step  ; line 1
  %0 = make_function fn1 fib defaults() cells()  ; line 1
  store_global fib, %0  ; line 1
  return None  ; line 1

fn fib(n) slots=12  ; fn1, line 1
  locals: %0=n
b0:
  step  ; line 2
  %1 = const 2  ; line 2
  %2 = compare < %0, %1  ; line 2, b: int
  branch %2, b1, b2  ; line 2
b1:
  step  ; line 3
  return %0  ; line 3
b2:
  step  ; line 4
  %3 = load_global fib  ; line 4
  %4 = const 1  ; line 4
  %5 = binary - %0, %4  ; line 4, b: int
  %6 = call %3(%5)  ; line 4
  %7 = load_global fib  ; line 4
  %8 = const 2  ; line 4
  %9 = binary - %0, %8  ; line 4, b: int
  %10 = call %7(%9)  ; line 4
  %11 = binary + %6, %10  ; line 4
  return %11  ; line 4
)");
}

TEST(Lower, GoldenShortCircuitAndChains) {
  EXPECT_EQ(lower_text("def f(a, b):\n    return a and b or 1 < a < 3\n"),
            R"(module t.plank
globals: f

fn <module>() slots=1  ; fn0, line 1
b0:
  step  ; line 1
  %0 = make_function fn1 f defaults() cells()  ; line 1
  store_global f, %0  ; line 1
  return None  ; line 1

fn f(a, b) slots=7  ; fn1, line 1
  locals: %0=a %1=b
b0:
  step  ; line 2
  %3 = move %0  ; line 2
  branch %3, b3, b2  ; line 2
b1:
  return %2  ; line 2
b2:
  %2 = move %3  ; line 2
  branch %2, b1, b4  ; line 2
b3:
  %3 = move %1  ; line 2
  jump b2  ; line 2
b4:
  %4 = const 1  ; line 2
  %5 = compare < %4, %0  ; line 2, a: int
  branch %5, b6, b5  ; line 2
b5:
  %2 = move %5  ; line 2
  jump b1  ; line 2
b6:
  %6 = const 3  ; line 2
  %5 = compare < %0, %6  ; line 2, b: int
  jump b5  ; line 2
)");
}

TEST(Lower, LoopsBreakContinueAndUnreachableCode) {
  std::string d = lower_text("for i in [1, 2]:\n    if i:\n        break\n        x = 1\n    continue\n");
  EXPECT_NE(d.find("for_iter"), std::string::npos);
  EXPECT_EQ(d.find("x ="), std::string::npos);           // dead store after break removed
  EXPECT_EQ(d.find("store_global x"), std::string::npos);
}

TEST(Lower, ClosuresUseCells) {
  std::string d = lower_text("def f(a):\n    b = 2\n    def g():\n        return a + b\n    return g\n");
  EXPECT_NE(d.find("cell params: %0"), std::string::npos) << d;
  EXPECT_NE(d.find("make_cell -"), std::string::npos) << d;
  EXPECT_NE(d.find("cells(%0, %1)"), std::string::npos) << d;
  EXPECT_NE(d.find("free: 0=a 1=b"), std::string::npos) << d;
}

TEST(Lower, ActionsImportBindsIntrinsics) {
  std::string d = lower_text("from actions import print\nprint(1)\n");
  EXPECT_NE(d.find("call_intrinsic print(%"), std::string::npos) << d;
}

TEST(Verify, CatchesBrokenIr) {
  ir::Module m;
  m.functions.emplace_back();
  EXPECT_NE(ir::verify(m), "");  // no blocks
  m.functions[0].blocks.emplace_back();
  ir::Instr ret;
  ret.op = ir::Op::Return;
  ret.a = 3;  // no such slot
  m.functions[0].blocks[0].instrs.push_back(ret);
  EXPECT_NE(ir::verify(m).find("bad a slot 3"), std::string::npos) << ir::verify(m);
  m.functions[0].blocks[0].instrs[0].a = ir::kNoSlot;
  EXPECT_EQ(ir::verify(m), "");
  ir::Instr jump;
  jump.op = ir::Op::Jump;
  jump.target = 7;
  m.functions[0].blocks[0].instrs.insert(m.functions[0].blocks[0].instrs.begin(), jump);
  EXPECT_NE(ir::verify(m), "");
}

}  // namespace
}  // namespace plank
