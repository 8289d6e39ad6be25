// Shared fixture for the runtime-core tests: a Thread with its Heap, and
// helpers that call runtime operations and report errors as "Kind: message".
#pragma once
#include <gtest/gtest.h>

#include <cmath>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "runtime/heap.h"
#include "runtime/intrinsics.h"
#include "runtime/module_runtime.h"
#include "runtime/objects.h"
#include "runtime/ops.h"

namespace plank::core::testing {

// Op codes (ast::BinaryOp / UnaryOp / CompareOp order).
enum : uint32_t { Add, Sub, Mul, Div, FloorDiv, Mod, Pow };
enum : uint32_t { Neg, Pos, Not };
enum : uint32_t { Lt, Gt, Eq, Ge, Le, Ne, In, NotIn, Is, IsNot };

class CoreTest : public ::testing::Test {
 protected:
  Thread t;
  Heap heap{&t};
  std::string out;
  // Values the test holds: a fake frame's slots so the collector sees them.
  std::vector<Value> slots = std::vector<Value>(4096, Value::none());
  size_t used = 0;
  Frame frame;

  void SetUp() override {
    t.output = &out;
    frame.code = nullptr;
    frame.slots = slots.data();
    frame.slot_count = static_cast<uint32_t>(slots.size());
    ASSERT_TRUE(pk_enter(&t, &frame));
  }
  void TearDown() override { pk_leave(&t, &frame); }

  Value keep(Value v) {
    slots.at(used++) = v;
    return v;
  }
  Value I(int64_t x) { return Value::integer(x); }
  Value F(double x) { return Value::real(x); }
  Value B(bool x) { return Value::boolean(x); }
  Value N() { return Value::none(); }
  Value S(std::string_view s) { return keep(make_str(&t, s)); }
  Value L(std::vector<Value> items) { return keep(make_list(&t, std::move(items))); }
  Value T(std::vector<Value> items) { return keep(make_tuple(&t, std::move(items))); }
  Value D(std::vector<std::pair<Value, Value>> kv) {
    Value d = keep(make_dict(&t));
    for (auto& [k, v] : kv) dict_set(&t, d, k, v);
    return d;
  }
  std::string err() {
    std::string s = t.error.kind + ": " + t.error.message;
    t.has_error = false;
    return s;
  }
  std::string R(Value v) { return repr(&t, v); }

  // Runs a pk_* style call; returns repr of the result or "Kind: message".
  std::string bin(uint32_t op, Value a, Value b) {
    Value dst;
    if (!pk_binary(&t, &dst, op, &a, &b)) return err();
    keep(dst);
    return R(dst);
  }
  std::string cmp(uint32_t op, Value a, Value b) {
    Value dst;
    if (!pk_compare(&t, &dst, op, &a, &b)) return err();
    return R(dst);
  }
  std::string un(uint32_t op, Value a) {
    Value dst;
    if (!pk_unary(&t, &dst, op, &a)) return err();
    return R(dst);
  }
  std::string item(Value obj, Value idx) {
    Value dst;
    if (!pk_get_item(&t, &dst, &obj, &idx)) return err();
    keep(dst);
    return R(dst);
  }
  std::string slice(Value obj, Value lo, Value hi, Value step = Value::none()) {
    Value dst;
    if (!pk_get_slice(&t, &dst, &obj, &lo, &hi, &step)) return err();
    keep(dst);
    return R(dst);
  }
  // Calls the builtin `name`: positional args, then keywords.
  std::string call(std::string_view name, std::vector<Value> args, std::vector<std::pair<std::string, Value>> kw = {}) {
    Value r;
    if (!call_raw(name, std::move(args), std::move(kw), &r)) return err();
    keep(r);
    return R(r);
  }
  bool call_raw(std::string_view name, std::vector<Value> args, std::vector<std::pair<std::string, Value>> kw, Value* r) {
    auto idx = find_intrinsic(name);
    EXPECT_TRUE(idx.has_value()) << name;
    std::vector<Value> names;
    uint32_t npos = static_cast<uint32_t>(args.size());
    for (auto& [k, v] : kw) {
      args.push_back(v);
      names.push_back(S(k));
    }
    for (auto& a : args) keep(a);
    return pk_call_intrinsic(&t, r, *idx, args.data(), npos, static_cast<uint32_t>(kw.size()), names.data());
  }
  std::string method(Value self, std::string_view name, std::vector<Value> args,
                     std::vector<std::pair<std::string, Value>> kw = {}) {
    std::vector<Value> names;
    uint32_t npos = static_cast<uint32_t>(args.size());
    for (auto& [k, v] : kw) {
      args.push_back(v);
      names.push_back(S(k));
    }
    for (auto& a : args) keep(a);
    Value n = S(name), r;
    if (!pk_call_method(&t, &r, &self, &n, args.data(), npos, static_cast<uint32_t>(kw.size()), names.data())) return err();
    keep(r);
    return R(r);
  }
};

}  // namespace plank::core::testing
