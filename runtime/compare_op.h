// The op codes of a comparison: the IR's Compare carries compiler/frontend/ast.h's CompareOp, mirrored
// here so the runtime does not depend on the front end. Used by ops.cpp's compare, rich_compare.cpp
// and value_semantics.cpp, whose compare_order numbers the four orderings 0 <, 1 >, 2 <=, 3 >=.
#pragma once
#include <cstdint>

namespace plank::core {

enum CmpOp : uint32_t { kLt, kGt, kEq, kGe, kLe, kNe, kIn, kNotIn, kIs, kIsNot };

// compare_order's number for an ordering op (kLt, kGt, kLe, kGe), and the op for that number.
constexpr int order_number(uint32_t op) { return op == kLt ? 0 : op == kGt ? 1 : op == kLe ? 2 : 3; }
constexpr CmpOp order_op(int number) {
  constexpr CmpOp ops[] = {kLt, kGt, kLe, kGe};
  return ops[number & 3];
}

}  // namespace plank::core
