// Methods of an intrinsic that a host function replacing it keeps, so that a plan written for
// Plank's world runs unchanged against the host's: `inventory.has(...)` (Code-as-Policies
// style DEPS plans loop on it) over the host's own `inventory`.
#include <fmt/format.h>

#include <mutex>

#include "embed/capi/state.h"
#include "runtime/args.h"
#include "runtime/heap.h"
#include "runtime/host_function.h"
#include "runtime/intrinsics.h"
#include "runtime/objects.h"

namespace plank::embed {
namespace {

using core::ObjKind;
using core::Value;

const std::vector<core::IntrinsicParam> kHasParams = {{"items", "dict[str,int] | str", ""}};

// inventory.has({'log': 3, 'stick': 1}) or inventory.has('log'): the host's inventory() holds
// every item in at least that number. Item names are the host's; Plank's item groups (any
// planks for 'planks') belong to Plank's own world and do not apply.
bool host_has(core::Thread* t, Value* result, const Value& self, const core::CallArgs& args) {
  try {
    const auto* f = static_cast<core::HostFunctionObject*>(self.obj)->function;
    if (f->name != "inventory")
      core::throw_error(t, "AttributeError", "'builtin_function_or_method' object has no attribute 'has'");
    core::BoundArgs b;
    core::bind_args(t, "inventory.has", kHasParams, args, &b);
    core::RootScope scope(t);
    Value held = scope.push(core::call_value(t, self, nullptr, 0));
    if (!held.is(ObjKind::Dict))
      core::throw_error(t, "TypeError", fmt::format("inventory.has(): the host's inventory() returned a {}, not a dict",
                                                    core::type_name(held)));
    auto holds = [&](Value item, Value count) {
      if (!item.is(ObjKind::Str) || !(count.is_int() || count.is_bool()))
        core::throw_error(t, "TypeError", "inventory.has() takes an item name or a dict of item counts");
      Value have;
      if (!core::dict_get(t, held, item, &have)) return count.i <= 0;
      if (!have.is_int() && !have.is_bool())
        core::throw_error(t, "TypeError", fmt::format("inventory.has(): the host's count of {} is a {}",
                                                      core::repr(t, item), core::type_name(have)));
      return have.i >= count.i;
    };
    Value want = b.values[0];
    bool ok = true;
    if (want.is(ObjKind::Str)) ok = holds(want, Value::integer(1));
    else if (want.is(ObjKind::Dict)) core::dict_for_each(want, [&](Value k, Value n) { ok = holds(k, n) && ok; });
    else core::throw_error(t, "TypeError", "inventory.has() takes an item name or a dict of item counts");
    *result = Value::boolean(ok);
    return true;
  } catch (const core::Raised&) {
    return false;
  }
}

}  // namespace

void register_host_methods() {
  static std::once_flag once;
  std::call_once(once, [] {
    core::add_method({ObjKind::HostFunction, "has", kHasParams, "bool",
                      "`inventory.has({'log':3})` on a host's `inventory` (embedding): its inventory() holds every item "
                      "in that number.",
                      &host_has});
  });
}

}  // namespace plank::embed
