// Issue 24: an intrinsic or method that runs out of memory outside the heap
// (std::bad_alloc from the parser, SQLite, a std::vector) raises MemoryError
// in the program; it never unwinds into the host as an abort.
#include <new>

#include "core_test_util.h"

namespace plank::core::testing {
namespace {

class OutOfMemory : public CoreTest {};

TEST_F(OutOfMemory, IntrinsicBadAllocIsTheProgramsMemoryError) {
  Intrinsic hungry{"test_exhaust", {}, "None", 0, "test", "Test-only intrinsic that runs out of memory.",
                   [](Thread*, Value*, const CallArgs&) -> bool { throw std::bad_alloc(); }};
  static uint32_t idx = add_intrinsic(hungry);
  Value r;
  EXPECT_FALSE(pk_call_intrinsic(&t, &r, idx, nullptr, 0, 0, nullptr));
  EXPECT_EQ(err(), "MemoryError: test_exhaust() ran out of memory");
  // The thread is usable afterwards.
  EXPECT_EQ(call("len", {S("abc")}), "3");
}

TEST_F(OutOfMemory, MethodBadAllocIsTheProgramsMemoryError) {
  static bool added = [] {
    add_method(Method{ObjKind::Str, "test_exhaust", {}, "None", "Test-only method that runs out of memory.",
                      [](Thread*, Value*, const Value&, const CallArgs&) -> bool { throw std::bad_alloc(); }});
    return true;
  }();
  ASSERT_TRUE(added);
  Value s = S("text");
  Value name = S("test_exhaust");
  Value r;
  EXPECT_FALSE(pk_call_method(&t, &r, &s, &name, nullptr, 0, 0, nullptr));
  EXPECT_EQ(err(), "MemoryError: test_exhaust() ran out of memory");
}

}  // namespace
}  // namespace plank::core::testing
