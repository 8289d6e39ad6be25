// The IGLU builder's actions as intrinsics (category "iglu", capability world),
// so that a builder can be a Plank program over the zone:
//
//   place(x, y, z, colour) -> None     colour: 'red' (any case) or 1..6
//   remove(x, y, z) -> None
//   zone() -> list[tuple]              [(x, y, z, 'colour'), ...] sorted by (x, y, z)
//
// in the zone frame (x and z 0..10, y 0..8; east = +x, south = +z). They act
// on the BuildZone the host attached (HostContext::iglu) and follow its rules
// (build_zone.h); a refused action raises ValueError saying why.
#pragma once

namespace plank::iglu {

void register_intrinsics();

}  // namespace plank::iglu
