// Where a shape goes for a location, and never through anything: the origin
// of a shape of given extents (beside an anchor on its `away` side, on top,
// centred inside, or centred on a point), then a check of every cell it would
// fill against what is already there. Natural ground and air may be built
// over; blocks of objects (scene objects, earlier builds, earlier copies of
// the same repeat), creatures and the speaker may not. A placement in the way
// shifts to the nearest free spot, first in the asked direction (next to an
// object with no direction: round the object, nearest to it first); when none is
// near, the caller raises an `in_the_way` doubt (the policy asks). A build also
// needs footing: every cell of its bottom layer stands on something solid (not
// water, lava or air), unless the words put it there ("on top of", "over",
// "under", "in", "around", coordinates, copies stacked up or down), so a house never lands
// over a pond.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "agents/caip/intrinsics/assistant.h"

namespace plank::caip {

// The lowest, smallest-x/z corner of a shape of extents `size` (x, y, z) for a location.
Coord origin_for(const Location& loc, Coord size);

// What blocks a cell: "" when it may be filled, else what is there ("the house at (3, 0, 2)", "you").
struct Obstacles {
  // `footing`: the lowest cell of each column must stand on something solid (builds and copies, not digs).
  explicit Obstacles(Assistant& s, const Location& loc, bool footing = false);
  // The first cell of `cells` (each offset by `origin`) that may not be filled, or nullopt.
  std::optional<Coord> first_blocked(Coord origin, const std::vector<Coord>& cells) const;
  bool blocked(Coord cell) const;
  // Whether cell `c` (relative) of `cells` may not be filled at `origin`: blocked, or unfooted.
  bool refuses(Coord origin, const std::vector<Coord>& cells, Coord c) const;
  std::string describe(Coord blocked) const;

 private:
  Assistant& s_;
  const Location& loc_;
  std::vector<Coord> people_;  // feet and head cells of the speaker and the creatures (sorted)
  bool footing_ = false;
  // The bottom layer of the last `cells` asked about (relative, sorted), and which cells they were.
  mutable std::vector<Coord> bottoms_;
  mutable const std::vector<Coord>* bottoms_of_ = nullptr;
  const std::vector<Coord>& bottoms(const std::vector<Coord>& cells) const;
  bool unfooted(Coord origin, Coord bottom) const;
};

struct Site {
  Coord origin;
  bool shifted = false;       // moved off where the location put it
  std::string moved_from;     // then (or with gaps): what was in the way
  std::vector<Coord> gaps;    // cells (relative) left out because something stands there
};
// How a placement that is in the way may give: move over, or (a fence or a
// moat round something) leave gaps where a few of its cells are taken.
enum class Give : uint8_t { Shift, Gaps };
// `cells` relative to the origin. Shifts up to a few shapes' widths, trying the
// location's `away` side first, never back through its anchor; or leaves out up
// to a quarter of the cells. nullopt after raising an `in_the_way` doubt
// (`what`: "a house", `verb`: "build").
std::optional<Site> find_site(Assistant& s, const Location& loc, Coord origin, const std::vector<Coord>& cells,
                              const std::string& what, const std::string& verb, Give give = Give::Shift);
// Whether a location lets a build stand without footing (the words put it on, over, under, in or round something, or at coordinates).
bool footing_waived(const Location& loc);

// A cell a creature can stand in near `at` (itself when free), within `radius`; nullopt when none.
std::optional<Coord> standing_cell(Assistant& s, Coord at, int radius = 6);

}  // namespace plank::caip
