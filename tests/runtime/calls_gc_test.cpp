// The call machinery (binding, closures, recursion), budgets and the collector.
#include "core_test_util.h"
#include "runtime/classes.h"

namespace plank::core::testing {
namespace {

// def add(a, b=10): return a + b       (a hand-written EntryFn, as an engine would emit)
bool add_entry(Thread* t, FunctionObject* fn, Value* args, Value* result) {
  Value slots[3] = {args[0], args[1], Value::none()};
  Frame f;
  f.code = fn->code;
  f.slots = slots;
  f.slot_count = 3;
  if (!pk_enter(t, &f)) return false;
  f.line = 2;
  bool ok = pk_binary(t, &slots[2], Add, &slots[0], &slots[1]);
  if (ok) *result = slots[2];
  pk_leave(t, &f);
  return ok;
}

// def rec(n): return rec(n + 1)   — the callee is global 0 of the module
bool rec_entry(Thread* t, FunctionObject* fn, Value* args, Value* result) {
  Value slots[3] = {args[0], Value::none(), Value::none()};
  Frame f;
  f.code = fn->code;
  f.slots = slots;
  f.slot_count = 3;
  bool ok = pk_enter(t, &f);
  if (ok) {
    f.line = 7;
    Value one = Value::integer(1);
    ok = pk_load_global(t, &slots[1], fn->module, 0) && pk_binary(t, &slots[2], Add, &slots[0], &one) &&
         pk_call(t, &slots[2], &slots[1], &slots[2], 1, 0, nullptr);
    if (ok) *result = slots[2];
  }
  pk_leave(t, &f);
  return ok;
}

// def counter(): n = cell(0); def inc(): n += 1; return n   — inc's entry
bool inc_entry(Thread* t, FunctionObject* fn, Value* args, Value* result) {
  Value slots[2] = {Value::none(), Value::none()};
  Frame f;
  f.code = fn->code;
  f.slots = slots;
  f.slot_count = 2;
  if (!pk_enter(t, &f)) return false;
  Value one = Value::integer(1);
  pk_load_free(t, &slots[0], fn, 0);
  bool ok = pk_load_cell(t, &slots[1], &slots[0], "n") && pk_binary(t, &slots[1], Add, &slots[1], &one);
  if (ok) {
    pk_store_cell(t, &slots[0], &slots[1]);
    *result = slots[1];
  }
  pk_leave(t, &f);
  return ok;
}

class Calls : public CoreTest {
 protected:
  ModuleRuntime mod;
  void SetUp() override {
    CoreTest::SetUp();
    mod.file = "test.pk";
    mod.global_names = {"rec", "g"};
    mod.globals.assign(2, Value::none());
    mod.global_set.assign(2, 0);
    mod.code.resize(4);
    mod.code[0].name = "<module>";
    mod.code[1].name = "add";
    mod.code[1].qualified = "add";
    mod.code[1].params = {"a", "b"};
    mod.code[1].argcount = 2;
    mod.code[1].entry = add_entry;
    mod.code[2].name = "rec";
    mod.code[2].qualified = "rec";
    mod.code[2].params = {"n"};
    mod.code[2].argcount = 1;
    mod.code[2].entry = rec_entry;
    mod.code[3].name = "inc";
    mod.code[3].qualified = "counter.<locals>.inc";
    mod.code[3].free_names = {"n"};
    mod.code[3].entry = inc_entry;
    for (auto& c : mod.code) {
      c.module = &mod;
      c.file = "test.pk";
    }
    heap.add_module(&mod);
  }
  void TearDown() override {
    heap.remove_module(&mod);
    CoreTest::TearDown();
  }
  Value make_fn(uint32_t index, std::vector<Value> defaults = {}, std::vector<Value> cells = {}) {
    Value f;
    EXPECT_TRUE(pk_make_function(&t, &f, &mod, index, defaults.data(), static_cast<uint32_t>(defaults.size()), cells.data(),
                                 static_cast<uint32_t>(cells.size())));
    return keep(f);
  }
  std::string invoke(Value fn, std::vector<Value> args, std::vector<std::pair<std::string, Value>> kw = {}) {
    std::vector<Value> names;
    uint32_t npos = static_cast<uint32_t>(args.size());
    for (auto& [k, v] : kw) {
      args.push_back(v);
      names.push_back(S(k));
    }
    Value r;
    if (!pk_call(&t, &r, &fn, args.data(), npos, static_cast<uint32_t>(kw.size()), names.data())) return err();
    keep(r);
    return R(r);
  }
};

TEST_F(Calls, BindsPositionalKeywordAndDefaults) {
  Value add = make_fn(1, {I(10)});
  EXPECT_EQ(invoke(add, {I(1), I(2)}), "3");
  EXPECT_EQ(invoke(add, {I(1)}), "11");
  EXPECT_EQ(invoke(add, {}, {{"b", I(1)}, {"a", I(5)}}), "6");
  EXPECT_EQ(invoke(add, {S("x")}, {{"b", S("y")}}), "'xy'");
  EXPECT_EQ(invoke(add, {I(1), I(2), I(3)}), "TypeError: add() takes from 1 to 2 positional arguments but 3 were given");
  EXPECT_EQ(invoke(add, {}), "TypeError: add() missing 1 required positional argument: 'a'");
  EXPECT_EQ(invoke(add, {I(1)}, {{"z", I(1)}}), "TypeError: add() got an unexpected keyword argument 'z'");
  EXPECT_EQ(invoke(add, {I(1)}, {{"a", I(1)}}), "TypeError: add() got multiple values for argument 'a'");
  Value add2 = make_fn(1);
  EXPECT_EQ(invoke(add2, {I(1), I(2), I(3)}), "TypeError: add() takes 2 positional arguments but 3 were given");
  EXPECT_EQ(invoke(add2, {}), "TypeError: add() missing 2 required positional arguments: 'a' and 'b'");
  EXPECT_EQ(invoke(add2, {I(1), S("x")}), "TypeError: unsupported operand type(s) for +: 'int' and 'str'");
  EXPECT_EQ(R(add2).rfind("<function add at 0x", 0), 0u);
  Value rec = make_fn(2);
  EXPECT_EQ(invoke(rec, {I(1), I(2)}), "TypeError: rec() takes 1 positional argument but 2 were given");
  mod.code[2].params = {"x", "y", "z"};
  mod.code[2].argcount = 3;
  EXPECT_EQ(invoke(rec, {}), "TypeError: rec() missing 3 required positional arguments: 'x', 'y', and 'z'");
}

TEST_F(Calls, ErrorsCarryATraceback) {
  Value add = make_fn(1);
  frame.code = &mod.code[0];
  frame.line = 12;
  EXPECT_EQ(invoke(add, {I(1), S("x")}), "TypeError: unsupported operand type(s) for +: 'int' and 'str'");
  ASSERT_EQ(t.error.traceback.size(), 2u);
  EXPECT_EQ(t.error.traceback[0].function, "<module>");
  EXPECT_EQ(t.error.traceback[0].line, 12u);
  EXPECT_EQ(t.error.traceback[1].function, "add");
  EXPECT_EQ(t.error.traceback[1].file, "test.pk");
  EXPECT_EQ(t.error.traceback[1].line, 2u);
  EXPECT_EQ(t.top, &frame);
  EXPECT_EQ(t.depth, 1u);
}

TEST_F(Calls, RecursionLimit) {
  Value rec = make_fn(2);
  Value v = rec;
  pk_store_global(&t, &mod, 0, &v);
  t.budget.max_depth = 200;
  EXPECT_EQ(invoke(rec, {I(0)}), "RecursionError: maximum recursion depth exceeded");
  EXPECT_EQ(t.depth, 1u);  // every frame was unlinked
  EXPECT_EQ(t.top, &frame);
  EXPECT_EQ(t.error.traceback.size(), 200u);
}

TEST_F(Calls, GlobalsFallBackToBuiltins) {
  Value dst;
  EXPECT_FALSE(pk_load_global(&t, &dst, &mod, 1));
  EXPECT_EQ(err(), "NameError: name 'g' is not defined");
  mod.global_names[1] = "len";
  ASSERT_TRUE(pk_load_global(&t, &dst, &mod, 1));
  EXPECT_EQ(R(dst), "<built-in function len>");
  Value l = L({I(1), I(2)});
  EXPECT_EQ(invoke(dst, {l}), "2");
  Value five = I(5);
  pk_store_global(&t, &mod, 1, &five);
  ASSERT_TRUE(pk_load_global(&t, &dst, &mod, 1));
  EXPECT_EQ(R(dst), "5");
  Value b1, b2;
  ASSERT_TRUE(pk_load_builtin(&t, &b1, *find_intrinsic("print")));
  ASSERT_TRUE(pk_load_builtin(&t, &b2, *find_intrinsic("print")));
  EXPECT_EQ(b1.obj, b2.obj);
}

TEST_F(Calls, ClosuresShareCells) {
  Value cell;
  Value zero = I(0);
  ASSERT_TRUE(pk_make_cell(&t, &cell, &zero));
  keep(cell);
  Value inc = make_fn(3, {}, {cell});
  EXPECT_EQ(invoke(inc, {}), "1");
  EXPECT_EQ(invoke(inc, {}), "2");
  Value inc2 = make_fn(3, {}, {cell});
  EXPECT_EQ(invoke(inc2, {}), "3");
  Value empty;
  ASSERT_TRUE(pk_make_cell(&t, &empty, nullptr));
  keep(empty);
  Value inc3 = make_fn(3, {}, {empty});
  EXPECT_EQ(invoke(inc3, {}),
            "NameError: cannot access free variable 'n' where it is not associated with a value in enclosing scope");
  EXPECT_EQ(invoke(inc, {I(1)}), "TypeError: counter.<locals>.inc() takes 0 positional arguments but 1 was given");
}

TEST_F(Calls, BuiltinsCallPlankFunctions) {
  Value add = make_fn(1, {I(100)});
  EXPECT_EQ(call("sorted", {L({I(3), I(-5), I(1)})}, {{"key", add}}), "[-5, 1, 3]");
  EXPECT_EQ(call("max", {L({I(3), I(-5)})}, {{"key", add}}), "3");
}

TEST_F(Calls, StepBudget) {
  t.budget.max_steps = 100;
  int executed = 0;
  for (int i = 0; i < 1000; ++i) {
    if (--t.fuel <= 0 && !pk_poll(&t)) break;  // what Step does
    ++executed;
  }
  EXPECT_EQ(executed, 100);
  EXPECT_EQ(err(), "BudgetExceeded: step budget of 100 exceeded");
}

TEST_F(Calls, UnlimitedStepsAndInterrupt) {
  int executed = 0;
  for (int i = 0; i < 50000; ++i) {
    if (--t.fuel <= 0 && !pk_poll(&t)) break;
    ++executed;
  }
  EXPECT_EQ(executed, 50000);
  EXPECT_EQ(t.steps + (t.fuel_granted - t.fuel), 50000);
  t.interrupt_requested = 1;
  t.fuel = 0;
  EXPECT_FALSE(pk_poll(&t));
  EXPECT_EQ(err(), "Interrupted: interrupted");
}

TEST_F(Calls, StepHook) {
  std::vector<uint32_t> lines;
  t.step_hook = [&](Thread&, Frame& f) {
    lines.push_back(f.line);
    return f.line < 3;
  };
  EXPECT_TRUE(pk_step(&t, 1));
  EXPECT_TRUE(pk_step(&t, 2));
  EXPECT_FALSE(pk_step(&t, 3));
  EXPECT_EQ(err(), "Interrupted: interrupted");
  EXPECT_EQ(lines, (std::vector<uint32_t>{1, 2, 3}));
  EXPECT_EQ(frame.line, 3u);
}

// ------------------------------------------------------------------ collector

class Collector : public Calls {};

TEST_F(Collector, FreesUnreachableKeepsReachable) {
  Value kept = L({S("keep me"), T({S("nested")})});
  heap.collect();
  size_t before = heap.live_objects();  // survivors of a collection: kept's four objects and the fixture's
  EXPECT_GE(before, 4u);
  size_t bytes = heap.allocated_bytes();
  for (int i = 0; i < 1000; ++i) make_list(&t, {make_str(&t, "garbage")});
  EXPECT_GE(heap.allocated_bytes(), bytes + 1000 * 2 * 16);  // each list and string counted
  heap.collect();
  EXPECT_EQ(heap.live_objects(), before);
  EXPECT_EQ(heap.allocated_bytes(), bytes);
  EXPECT_EQ(R(kept), "['keep me', ('nested',)]");
  size_t after = heap.live_objects();
  heap.collect();
  EXPECT_EQ(heap.live_objects(), after);
}

TEST_F(Collector, ModuleConstantsAndGlobalsAreRoots) {
  mod.constants.push_back(intern_str(&t, "const"));
  Value g = make_list(&t, {make_str(&t, "global")});
  pk_store_global(&t, &mod, 1, &g);
  heap.collect();
  heap.collect();
  EXPECT_EQ(R(mod.constants[0]), "'const'");
  EXPECT_EQ(R(mod.globals[1]), "['global']");
  EXPECT_EQ(intern_str(&t, "const").obj, mod.constants[0].obj);
}

TEST_F(Collector, HeapBudgetRaisesMemoryError) {
  t.budget.max_heap_bytes = 1 << 20;
  Value big = L({});
  Value name = S("append");
  size_t mark = used;
  bool failed = false;
  for (int i = 0; i < 100000 && !failed; ++i) {
    used = mark;
    Value str, r;
    if (!call_raw("str", {I(i)}, {}, &str)) {
      failed = true;
      break;
    }
    if (!pk_call_method(&t, &r, &big, &name, &str, 1, 0, nullptr)) failed = true;
  }
  EXPECT_TRUE(failed);
  EXPECT_EQ(t.error.kind, "MemoryError");
}

// Runs a mixed workload with a collection at every allocation: nothing reachable may be freed
// (AddressSanitizer / the checks below catch a use after free).
TEST_F(Collector, StressCollectAtEveryAllocation) {
  heap.set_stress(true);
  Value add = make_fn(1, {I(1)});
  Value acc = L({});
  Value d = D({});
  Value append = S("append");
  for (int i = 0; i < 60; ++i) {
    Value s;
    ASSERT_TRUE(call_raw("str", {I(i)}, {}, &s));
    keep(s);  // a value the test holds across allocations must be rooted
    Value sep = S(",");
    Value words = keep(make_str(&t, "a b  c " + std::to_string(i)));
    Value parts;
    Value split = S("split");
    ASSERT_TRUE(pk_call_method(&t, &parts, &words, &split, nullptr, 0, 0, nullptr));
    keep(parts);
    Value joined;
    Value join = S("join");
    ASSERT_TRUE(pk_call_method(&t, &joined, &sep, &join, &parts, 1, 0, nullptr));
    keep(joined);
    Value pair[2] = {s, joined};
    Value tup;
    ASSERT_TRUE(pk_build_tuple(&t, &tup, pair, 2));
    keep(tup);
    ASSERT_TRUE(pk_set_item(&t, &d, &s, &tup));
    Value r;
    ASSERT_TRUE(pk_call_method(&t, &r, &acc, &append, &tup, 1, 0, nullptr));
    Value cat;
    ASSERT_TRUE(pk_binary(&t, &cat, Add, &joined, &s));
    keep(cat);
    Value srt;
    ASSERT_TRUE(call_raw("sorted", {acc}, {{"key", keep(make_builtin(&t, *find_intrinsic("repr")))}}, &srt));
    keep(srt);
    Value en;
    ASSERT_TRUE(call_raw("enumerate", {d}, {}, &en));
    keep(en);
    Value lst;
    ASSERT_TRUE(call_raw("list", {en}, {}, &lst));
    keep(lst);
    ASSERT_EQ(list_items(lst).size(), static_cast<size_t>(i + 1));
    Value z;
    ASSERT_TRUE(call_raw("zip", {keep(make_dict_view(&t, d, DictViewKind::Items)), S("xyz")}, {}, &z));
    ASSERT_TRUE(call_raw("list", {keep(z)}, {}, &lst));
    Value rs;
    ASSERT_TRUE(pk_call(&t, &rs, &add, &s, 0, 0, nullptr) == false);  // missing argument: error path allocates too
    t.has_error = false;
    Value two = I(2);
    ASSERT_TRUE(pk_call(&t, &rs, &add, &two, 1, 0, nullptr));
    ASSERT_EQ(rs.i, 3);
  }
  heap.set_stress(false);
  EXPECT_GT(heap.collections, 1000u);
  EXPECT_EQ(list_items(acc).size(), 60u);
  EXPECT_EQ(R(list_items(acc)[7]), "('7', 'a,b,c,7')");
  Value out;
  ASSERT_TRUE(dict_get(&t, d, keep(make_str(&t, "59")), &out));
  EXPECT_EQ(R(out), "('59', 'a,b,c,59')");
}

// `s = s + t` in a loop appends in place to a shared buffer (amortised linear);
// every older string keeps its own value, and a string that shares a buffer
// keeps it alive alone, with a collection at every allocation.
TEST_F(Collector, StringAppendSharesBuffersSoundly) {
  heap.set_stress(true);
  size_t s_slot = used;
  Value s = S("");  // only the latest string lives in this slot: older ones die unless kept below
  std::vector<std::string> expected;
  std::vector<Value> prefixes;
  std::string model;
  for (int i = 0; i < 200; ++i) {
    std::string piece = i % 7 == 0 ? "\xc3\xa9" : std::to_string(i % 10);  // some non-ASCII (é)
    Value next;
    Value p = keep(make_str(&t, piece));
    ASSERT_TRUE(pk_binary(&t, &next, Add, &s, &p));
    s = slots[s_slot] = next;
    model += piece;
    if (i % 20 == 0) {
      prefixes.push_back(keep(s));
      expected.push_back(model);
    }
  }
  // Appending to a string that is no longer its buffer's tip copies: both results are right.
  Value old = prefixes[3];
  Value x = S("x"), y = S("y");
  EXPECT_EQ(bin(Add, old, x), R(keep(make_str(&t, expected[3] + "x"))));
  EXPECT_EQ(bin(Add, old, y), R(keep(make_str(&t, expected[3] + "y"))));
  EXPECT_EQ(bin(Add, s, s), R(keep(make_str(&t, model + model))));
  heap.set_stress(false);
  for (size_t k = 0; k < prefixes.size(); ++k) EXPECT_EQ(std::string(str_view(prefixes[k])), expected[k]);
  EXPECT_EQ(std::string(str_view(s)), model);
  EXPECT_EQ(length(&t, s), 200);  // code points: one per piece
  Value copy = keep(make_str(&t, model));
  EXPECT_EQ(hash_value(&t, copy), hash_value(&t, s));
  EXPECT_TRUE(values_equal(&t, copy, s));
}

// A builder's append (ir::kStrBuilder) extends its own string in place, but
// grows a buffer another string owns only within its capacity: that string's
// bytes never move (runtime code may hold a view of them).
TEST_F(Collector, BuilderAppendsNeverMoveAnotherStringsBuffer) {
  heap.set_stress(true);
  uint32_t op = Add | kBinaryStrBuilder | kBinaryInPlace;
  Value base = keep(concat_str(&t, keep(concat_str(&t, S("ab"), S("cd"))), S("e")));  // owns a buffer with room
  const char* bytes = as_str(base)->shared.buffer.data();
  Value s = keep(base), piece = S("f"), next;
  ASSERT_TRUE(pk_binary(&t, &next, op, &s, &piece));  // not a builder's string yet: a new, flagged one sharing base's buffer
  EXPECT_NE(next.obj, base.obj);
  s = keep(next);
  ASSERT_TRUE(pk_binary(&t, &next, op, &s, &piece));  // flagged and the tip: in place
  EXPECT_EQ(next.obj, s.obj);
  Value big = keep(make_str(&t, std::string(200, 'z')));
  ASSERT_TRUE(pk_binary(&t, &next, op, &s, &big));  // no room in base's buffer: a new one
  EXPECT_NE(next.obj, s.obj);
  EXPECT_EQ(as_str(base)->shared.buffer.data(), bytes);
  EXPECT_EQ(str_view(base), "abcde");
  EXPECT_EQ(str_view(s), "abcdeff");
  EXPECT_EQ(str_view(next), "abcdeff" + std::string(200, 'z'));
  s = keep(next);
  for (int i = 0; i < 100; ++i) {  // its own buffer grows (and may move) in place
    ASSERT_TRUE(pk_binary(&t, &next, op, &s, &big));
    EXPECT_EQ(next.obj, s.obj);
  }
  EXPECT_EQ(length(&t, s), 7 + 101 * 200);
  heap.set_stress(false);
  seal_str(s);
  ASSERT_TRUE(pk_binary(&t, &next, op, &s, &piece));  // sealed: an append makes a new string
  EXPECT_NE(next.obj, s.obj);
}

// The pool's sweep frees exactly the dead objects, round after round, while
// chunks whose objects all died are handed to another size class (strings,
// then tuples): survivors spread over those chunks keep their contents.
TEST_F(Collector, SweepReusesSlotsAndEmptyChunks) {
  Value kept = L({});
  for (int i = 0; i < 20000; ++i) {
    Value s = make_str(&t, "garbage string " + std::to_string(i));
    if (i % 1000 == 0) list_items(kept).push_back(s);
  }
  heap.collect();
  size_t live = heap.live_objects();
  for (int round = 0; round < 5; ++round) {
    for (int i = 0; i < 20000; ++i) make_tuple(&t, {I(i), I(i + 1)});
    heap.collect();
    EXPECT_EQ(heap.live_objects(), live);
  }
  ASSERT_EQ(list_items(kept).size(), 20u);
  for (int k = 0; k < 20; ++k) EXPECT_EQ(str_view(list_items(kept)[k]), "garbage string " + std::to_string(k * 1000));
}

// A heap that ends leaves its arenas to the next heap of the process, which
// finds its objects intact on the reused memory.
TEST_F(Collector, NextHeapReusesArenas) {
  if (!ObjectPool::enabled()) GTEST_SKIP() << "sanitizer build: objects come from the global allocator";
  auto fill = [](Thread* th, std::vector<Value>* keep) {
    Value list = make_list(th, {});
    RootScope scope(th);
    scope.push(list);
    for (int i = 0; i < 30000; ++i) {
      Value s = make_str(th, "arena string " + std::to_string(i));
      if (i % 100 == 0) list_items(list).push_back(s);
    }
    th->heap->collect();
    if (keep) *keep = list_items(list);
  };
  {
    Thread t1;
    Heap h1(&t1);
    fill(&t1, nullptr);
  }
  Thread t2;
  Heap h2(&t2);
  std::vector<Value> kept;
  fill(&t2, &kept);
  EXPECT_GT(h2.reused_arena_bytes(), 0u);
  ASSERT_EQ(kept.size(), 300u);
  for (int k = 0; k < 300; ++k) EXPECT_EQ(str_view(kept[k]), "arena string " + std::to_string(k * 100));
}

// The empty string and one-character ASCII strings are one object each (as in
// CPython), survive collections, and stay correct when appended to.
TEST_F(Collector, SmallStringsAreCachedAndSurvive) {
  Value a = S("a");
  EXPECT_EQ(make_str(&t, "a").obj, a.obj);
  EXPECT_EQ(make_str(&t, "").obj, make_str(&t, "").obj);
  EXPECT_NE(make_str(&t, "ab").obj, make_str(&t, "ab").obj);
  EXPECT_NE(make_str(&t, "\xc3\xa9").obj, make_str(&t, "\xc3\xa9").obj);  // non-ASCII: not cached
  Value s;
  ASSERT_TRUE(call_raw("str", {I(7)}, {}, &s));
  EXPECT_EQ(s.obj, make_str(&t, "7").obj);
  heap.set_stress(true);
  Value b = S("b");
  EXPECT_EQ(bin(Add, a, b), "'ab'");  // appends in place within the cached "a"'s spare capacity
  EXPECT_EQ(bin(Add, a, S("cd")), "'acd'");
  heap.set_stress(false);
  heap.collect();
  EXPECT_EQ(R(make_str(&t, "a")), "'a'");
  EXPECT_EQ(make_str(&t, "a").obj, a.obj);
  EXPECT_EQ(item(S("xyz"), I(1)), "'y'");
}

// join reads a list or tuple in place and any other iterable through an iterator.
TEST_F(Collector, JoinOfListTupleAndIterator) {
  heap.set_stress(true);
  Value sep = S("-"), join = S("join");
  auto joined = [&](Value arg) {
    Value r;
    if (!pk_call_method(&t, &r, &sep, &join, &arg, 1, 0, nullptr)) return err();
    keep(r);
    return R(r);
  };
  EXPECT_EQ(joined(L({S("ab"), S("c"), S("")})), "'ab-c-'");
  EXPECT_EQ(joined(T({S("x")})), "'x'");
  EXPECT_EQ(joined(L({})), "''");
  EXPECT_EQ(joined(S("xyz")), "'x-y-z'");
  Value it = keep(make_iterator(&t, D({{S("k1"), I(1)}, {S("k2"), I(2)}})));
  EXPECT_EQ(joined(it), "'k1-k2'");
  EXPECT_EQ(joined(L({S("a"), I(1)})), "TypeError: sequence item 1: expected str instance, int found");
}

// Dict keys: ints, bools, floats and strs that are equal are one key (the inline
// int and str comparisons must agree with Python's ==).
TEST_F(Collector, DictKeyEqualityAcrossTypes) {
  Value d = D({{I(1), S("int")}});
  dict_set(&t, d, B(true), S("bool"));
  dict_set(&t, d, F(1.0), S("float"));
  EXPECT_EQ(R(d), "{1: 'float'}");
  Value k1 = S("key"), k2 = keep(make_str(&t, std::string("ke") + "y"));
  dict_set(&t, d, k1, I(1));
  dict_set(&t, d, k2, I(2));
  EXPECT_EQ(dict_size(d), 2u);
  Value out;
  ASSERT_TRUE(dict_get(&t, d, S("key"), &out));
  EXPECT_EQ(out.i, 2);
  EXPECT_FALSE(dict_get(&t, d, I(2), &out));
  EXPECT_FALSE(dict_get(&t, d, S("ke"), &out));
}

// The last-found entry shortcut never answers for a key that was deleted,
// cleared, or moved by a rebuild, nor for a float (NaN != NaN).
TEST_F(Collector, DictLastEntryShortcutStaysCorrect) {
  Value d = D({});
  Value k = S("k");
  Value out;
  for (int i = 0; i < 50; ++i) dict_set(&t, d, I(i), I(i * 10));
  ASSERT_TRUE(dict_get(&t, d, I(7), &out));
  EXPECT_EQ(out.i, 70);
  EXPECT_TRUE(dict_del(&t, d, I(7)));
  EXPECT_FALSE(dict_get(&t, d, I(7), &out));
  dict_set(&t, d, k, I(1));
  ASSERT_TRUE(dict_get(&t, d, k, &out));
  for (int i = 50; i < 500; ++i) dict_set(&t, d, I(i), I(i * 10));  // rebuilds move the entries
  ASSERT_TRUE(dict_get(&t, d, k, &out));
  EXPECT_EQ(out.i, 1);
  dict_set(&t, d, k, I(2));
  ASSERT_TRUE(dict_get(&t, d, I(499), &out));
  EXPECT_EQ(out.i, 4990);
  ASSERT_TRUE(dict_get(&t, d, k, &out));
  EXPECT_EQ(out.i, 2);
  Value clear = S("clear"), r;
  ASSERT_TRUE(pk_call_method(&t, &r, &d, &clear, nullptr, 0, 0, nullptr));
  EXPECT_FALSE(dict_get(&t, d, k, &out));
  dict_set(&t, d, I(3), I(30));
  EXPECT_FALSE(dict_get(&t, d, k, &out));
  double nan = std::nan("");
  dict_set(&t, d, F(nan), I(1));
  EXPECT_FALSE(dict_get(&t, d, F(nan), &out));  // Python: float('nan') in {float('nan'): 1} is False
  EXPECT_EQ(dict_size(d), 2u);
}

// The special-method names are cached per thread and heap. One heap after
// another on the same thread (an embedding host running plans) often gets the
// same address back; the name must still be the new heap's own string, never
// one left from the freed heap.
TEST(HeapSerial, SpecialMethodNamesBelongToTheCurrentHeap) {
  for (int round = 0; round < 8; ++round) {
    Thread th;
    Heap h(&th);
    // A different number of objects first in each round, so this heap's own
    // "__repr__" is not where the last heap's was.
    for (int k = 0; k <= round * 3; ++k) intern_str(&th, "shift " + std::to_string(round) + "/" + std::to_string(k));
    Value name = dunder(&th, "__repr__");
    EXPECT_EQ(name.obj, intern_str(&th, "__repr__").obj) << "round " << round;
    EXPECT_EQ(str_view(name), "__repr__");
  }
}

}  // namespace
}  // namespace plank::core::testing
