#include "agents/iglu/intrinsics/intrinsics.h"

#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <fmt/format.h>

#include "agents/host/host_context.h"
#include "agents/iglu/intrinsics/build_zone.h"
#include "runtime/args.h"
#include "runtime/heap.h"
#include "runtime/intrinsics.h"
#include "runtime/objects.h"
#include "runtime/thread.h"

namespace plank::iglu {

using namespace plank::core;

namespace {

using P = IntrinsicParam;

BuildZone& zone_of(Thread* t, std::string_view name) {
  if (!t->host || !t->host->iglu)
    throw_error(t, "RuntimeError",
                fmt::format("{}() acts on the IGLU build zone; run it with `plank iglu build --builder FILE.plank` "
                            "(none is attached)",
                            name));
  return *t->host->iglu;
}

int coordinate(Thread* t, std::string_view fn, std::string_view axis, Value v) {
  if (!v.is_int()) throw_error(t, "TypeError", fmt::format("{}(): {} must be an int, not {}", fn, axis, type_name(v)));
  if (v.i < -1000000 || v.i > 1000000)
    throw_error(t, "ValueError", fmt::format("{}(): {} = {} is outside the zone", fn, axis, v.i));
  return int(v.i);
}

int colour_of(Thread* t, Value v) {
  if (v.is_int() && v.i >= 1 && v.i <= kColours) return int(v.i);
  if (v.is(ObjKind::Str)) {
    if (auto c = colour_from_name(str_view(v))) return *c;
    throw_error(t, "ValueError",
                fmt::format("place(): unknown colour '{}' (expected {})", str_view(v), colour_names_text()));
  }
  throw_error(t, "ValueError", fmt::format("place(): a colour is a name ({}) or an id 1..6", colour_names_text()));
}

Value i_place(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind_args(t, "place", intrinsics()[*find_intrinsic("place")].params, args, &b);
  BuildZone& zone = zone_of(t, "place");
  Block block{coordinate(t, "place", "x", b.values[0]), coordinate(t, "place", "y", b.values[1]),
              coordinate(t, "place", "z", b.values[2]), colour_of(t, b.values[3])};
  if (auto why = zone.place(block)) throw_error(t, "ValueError", "place(): " + *why);
  return Value::none();
}

Value i_remove(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind_args(t, "remove", intrinsics()[*find_intrinsic("remove")].params, args, &b);
  BuildZone& zone = zone_of(t, "remove");
  if (auto why = zone.remove(coordinate(t, "remove", "x", b.values[0]), coordinate(t, "remove", "y", b.values[1]),
                             coordinate(t, "remove", "z", b.values[2])))
    throw_error(t, "ValueError", "remove(): " + *why);
  return Value::none();
}

Value i_zone(Thread* t, const CallArgs& args) {
  BoundArgs b;
  bind_args(t, "zone", {}, args, &b);
  BuildZone& zone = zone_of(t, "zone");
  Value list = make_list(t);
  RootScope scope(t);
  scope.push(list);
  for (const Block& k : zone.blocks()) {
    Value colour = make_str(t, colour_name(k.colour));
    scope.push(colour);
    Value cell = make_tuple(t, {Value::integer(k.x), Value::integer(k.y), Value::integer(k.z), colour});
    list_append(t, list, cell);
  }
  return list;
}

}  // namespace

void register_intrinsics() {
  add_intrinsic({"place", {P{"x", "int"}, P{"y", "int"}, P{"z", "int"}, P{"colour", "str | int"}}, "None", kCapWorld,
                 "iglu",
                 "Places a block in the IGLU build zone at (x, y, z) (x and z 0..10, y 0..8 up from the ground; east = "
                 "+x, south = +z) of `colour`: blue, green, red, orange, purple, yellow, or their ids 1..6. Replaces "
                 "a block already there. Raises ValueError outside the zone, and for a block with nothing under it "
                 "when the zone's gravity rule is on.",
                 wrap<i_place>});
  add_intrinsic({"remove", {P{"x", "int"}, P{"y", "int"}, P{"z", "int"}}, "None", kCapWorld, "iglu",
                 "Removes the block at (x, y, z) of the IGLU build zone; ValueError when the cell is empty or outside "
                 "the zone.",
                 wrap<i_remove>});
  add_intrinsic({"zone", {}, "list[tuple]", kCapWorld, "iglu",
                 "The blocks of the IGLU build zone, [(x, y, z, 'colour'), ...] sorted by (x, y, z).", wrap<i_zone>});
}

}  // namespace plank::iglu
