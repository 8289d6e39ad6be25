#include "agents/caip/intrinsics/shapes.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "support/edit_distance.h"

namespace plank::caip {

namespace {

using Cells = std::vector<ShapeCell>;

void put(Cells& out, int x, int y, int z, Role r = Role::Main) { out.push_back({{x, y, z}, r}); }

bool on_shell(int i, int n, int t) { return i < t || i >= n - t; }

Cells box(const ShapeParams& p, bool hollow) {
  Cells out;
  int t = std::max(1, p.thickness);
  for (int y = 0; y < p.height; ++y)
    for (int z = 0; z < p.length; ++z)
      for (int x = 0; x < p.width; ++x)
        if (!hollow || on_shell(x, p.width, t) || on_shell(y, p.height, t) || on_shell(z, p.length, t)) put(out, x, y, z);
  return out;
}
Cells g_cube(const ShapeParams& p) { return box(p, false); }
Cells g_hollow(const ShapeParams& p) { return box(p, true); }

// Flat shapes lie on the ground (height 1).
Cells g_square(const ShapeParams& p) {
  Cells out;
  for (int z = 0; z < p.length; ++z)
    for (int x = 0; x < p.width; ++x)
      if (on_shell(x, p.width, 1) || on_shell(z, p.length, 1)) put(out, x, 0, z);
  return out;
}
Cells g_filled_rect(const ShapeParams& p) {
  Cells out;
  for (int z = 0; z < p.length; ++z)
    for (int x = 0; x < p.width; ++x) put(out, x, 0, z);
  return out;
}

// Round shapes: inside the ellipsoid with semi-axes (w/2, h/2, l/2) (or the
// half ellipsoid for domes), shells keep cells with an outside neighbour.
bool in_ellipsoid(double x, double y, double z, double a, double b, double c) {
  return (x * x) / (a * a) + (y * y) / (b * b) + (z * z) / (c * c) <= 1.0;
}
Cells round(const ShapeParams& p, bool shell, bool dome) {
  Cells out;
  double a = p.width / 2.0, c = p.length / 2.0;
  double b = dome ? double(p.height) : p.height / 2.0;
  auto inside = [&](int x, int y, int z) {
    if (x < 0 || y < 0 || z < 0 || x >= p.width || y >= p.height || z >= p.length) return false;
    double cx = x + 0.5 - a, cy = dome ? y + 0.5 : y + 0.5 - b, cz = z + 0.5 - c;
    return in_ellipsoid(cx, cy, cz, a, b, c);
  };
  for (int y = 0; y < p.height; ++y)
    for (int z = 0; z < p.length; ++z)
      for (int x = 0; x < p.width; ++x) {
        if (!inside(x, y, z)) continue;
        bool edge = !inside(x + 1, y, z) || !inside(x - 1, y, z) || !inside(x, y + 1, z) || (!dome && !inside(x, y - 1, z)) ||
                    !inside(x, y, z + 1) || !inside(x, y, z - 1);
        if (!shell || edge) put(out, x, y, z);
      }
  return out;
}
Cells g_sphere(const ShapeParams& p) { return round(p, false, false); }
Cells g_shell(const ShapeParams& p) { return round(p, true, false); }
Cells g_dome(const ShapeParams& p) { return round(p, true, true); }

Cells flat_round(const ShapeParams& p, bool ring) {
  Cells out;
  double a = p.width / 2.0, c = p.length / 2.0;
  auto inside = [&](int x, int z) {
    if (x < 0 || z < 0 || x >= p.width || z >= p.length) return false;
    double cx = x + 0.5 - a, cz = z + 0.5 - c;
    return cx * cx / (a * a) + cz * cz / (c * c) <= 1.0;
  };
  for (int z = 0; z < p.length; ++z)
    for (int x = 0; x < p.width; ++x)
      if (inside(x, z) && (!ring || !inside(x + 1, z) || !inside(x - 1, z) || !inside(x, z + 1) || !inside(x, z - 1)))
        put(out, x, 0, z);
  return out;
}
Cells g_circle(const ShapeParams& p) { return flat_round(p, true); }
Cells g_disk(const ShapeParams& p) { return flat_round(p, false); }

// A stepped pyramid: each layer one block in from the one below.
Cells g_pyramid(const ShapeParams& p) {
  Cells out;
  for (int y = 0; y < p.height; ++y) {
    int lo = y, hx = p.width - 1 - y, hz = p.length - 1 - y;
    if (lo > hx || lo > hz) break;
    for (int z = lo; z <= hz; ++z)
      for (int x = lo; x <= hx; ++x) put(out, x, y, z);
  }
  return out;
}

// A triangle standing upright in the x-y plane.
Cells g_triangle(const ShapeParams& p) {
  Cells out;
  for (int y = 0; y < p.height; ++y) {
    int lo = y, hi = p.width - 1 - y;
    if (lo > hi) break;
    for (int x = lo; x <= hi; ++x) put(out, x, y, 0);
  }
  return out;
}

// An upright flat square along x (a window, a sign), `thickness` deep.
Cells g_pane(const ShapeParams& p) {
  Cells out;
  for (int y = 0; y < p.height; ++y)
    for (int z = 0; z < std::max(1, p.thickness); ++z)
      for (int x = 0; x < p.width; ++x) put(out, x, y, z);
  return out;
}

// A wall: width along x, one block thick (thickness), height up; given a
// length beyond its thickness ("a 10 by 10 fence"), the walls round that footprint.
Cells g_wall(const ShapeParams& p) {
  int t = std::max(1, p.thickness);
  if (p.length <= t) return g_pane(p);
  Cells out;
  for (int y = 0; y < p.height; ++y)
    for (int z = 0; z < p.length; ++z)
      for (int x = 0; x < p.width; ++x)
        if (on_shell(x, p.width, t) || on_shell(z, p.length, t)) put(out, x, y, z);
  return out;
}

// A pen (a farm for animals, an enclosure): a fence round the footprint with a gateway, an opening two wide
// (one on a narrow pen) in the middle of its near side (z = 0), so animals and people can go in and out.
Cells g_pen(const ShapeParams& p) {
  Cells out;
  if (p.width < 3 || p.length < 3) return g_wall(p);
  int gate = p.width >= 5 ? 2 : 1, from = (p.width - gate) / 2;
  for (int y = 0; y < p.height; ++y)
    for (int z = 0; z < p.length; ++z)
      for (int x = 0; x < p.width; ++x)
        if (on_shell(x, p.width, 1) || on_shell(z, p.length, 1))
          out.push_back({{x, y, z}, z == 0 && x >= from && x < from + gate ? Role::Door : Role::Main});
  return out;
}

// An arch: two legs and a lintel in the x-y plane.
Cells g_arch(const ShapeParams& p) {
  Cells out;
  for (int y = 0; y < p.height; ++y)
    for (int x = 0; x < p.width; ++x)
      if (y == p.height - 1 || x == 0 || x == p.width - 1) put(out, x, y, 0);
  return out;
}

// A tower: a hollow square column with a crenellated top.
Cells g_tower(const ShapeParams& p) {
  int top = std::max(1, p.height - 1);  // the crenellation is the top layer
  Cells out = box({p.width, top, p.length, 0, 1}, true);
  if (p.height < 2) return out;
  for (int z = 0; z < p.length; ++z)
    for (int x = 0; x < p.width; ++x)
      if ((on_shell(x, p.width, 1) || on_shell(z, p.length, 1)) && (x + z) % 2 == 0) put(out, x, top, z);
  return out;
}

// A house: floor, walls with a door and windows, a stepped roof taking the
// top layers (one per step in from the smaller side's half).
Cells g_house(const ShapeParams& p) {
  Cells out;
  int w = p.width, l = p.length, h = p.height;
  int roof_layers = std::max(1, std::min(w, l) / 2);
  int walls_top = std::max(1, h - roof_layers);  // first roof layer
  int door_x = w / 2;
  for (int z = 0; z < l; ++z)
    for (int x = 0; x < w; ++x) put(out, x, 0, z, Role::Trim);  // floor
  for (int y = 1; y < walls_top; ++y)
    for (int z = 0; z < l; ++z)
      for (int x = 0; x < w; ++x) {
        if (!(on_shell(x, w, 1) || on_shell(z, l, 1))) continue;
        if (z == 0 && x == door_x && y <= 2 && w >= 3) continue;  // the doorway
        bool window = y == 2 && w >= 5 && (x == 1 || x == w - 2) && (z == 0 || z == l - 1);
        put(out, x, y, z, window ? Role::Window : Role::Main);
      }
  for (int k = 0; walls_top + k < h; ++k) {
    int lo = k, hx = w - 1 - k, hz = l - 1 - k;
    if (lo > hx || lo > hz) break;
    for (int z = lo; z <= hz; ++z)
      for (int x = lo; x <= hx; ++x) put(out, x, walls_top + k, z, Role::Roof);
  }
  return out;
}

// A bridge / platform: a deck with railings.
Cells g_bridge(const ShapeParams& p) {
  Cells out;
  for (int z = 0; z < p.length; ++z)
    for (int x = 0; x < p.width; ++x) {
      put(out, x, 0, z);
      if ((x == 0 || x == p.width - 1) && p.height >= 2) put(out, x, 1, z, Role::Trim);
    }
  return out;
}

// Stairs: steps rising along z.
Cells g_stairs(const ShapeParams& p) {
  Cells out;
  for (int z = 0; z < p.length; ++z)
    for (int y = 0; y <= std::min(z, p.height - 1); ++y)
      for (int x = 0; x < p.width; ++x) put(out, x, y, z);
  return out;
}


// A pool: a rim around water one below the ground (built as a basin; the water is the Roof role).
Cells g_pool(const ShapeParams& p) {
  Cells out;
  for (int z = 0; z < p.length; ++z)
    for (int x = 0; x < p.width; ++x)
      put(out, x, 0, z, on_shell(x, p.width, 1) || on_shell(z, p.length, 1) ? Role::Main : Role::Roof);
  return out;
}

// A tree: a trunk (main block) under a crown of leaves.
Cells g_tree(const ShapeParams& p) {
  Cells out;
  int trunk = std::max(1, p.height * 2 / 3);
  int cx = p.width / 2, cz = p.length / 2;
  for (int y = 0; y < trunk; ++y) put(out, cx, y, cz);
  for (int y = std::max(1, trunk - 1); y < p.height; ++y)
    for (int z = 0; z < p.length; ++z)
      for (int x = 0; x < p.width; ++x) {
        if (x == cx && z == cz && y < trunk) continue;
        bool corner = (x == 0 || x == p.width - 1) && (z == 0 || z == p.length - 1);
        if (!corner || y == trunk) put(out, x, y, z, Role::Leaves);
      }
  return out;
}

}  // namespace

const std::vector<ShapeDef>& shapes() {
  static const std::vector<ShapeDef> table = {
      {"cube", {"cube", "box", "thing", "something", "structure", "object", "statue", "pillar"},
       {3, 3, 3}, "cobblestone", "a solid cube", &g_cube},
      {"block", {"block", "cubelet"}, {1, 1, 1}, "cobblestone", "one block", &g_cube},
      {"hollow_cube", {"hollow_cube", "hollow cube", "room", "shelter", "hut", "shed", "bunker", "cage", "bedroom", "barn",
                       "kitchen", "bathroom", "closet", "box room"},
       {5, 4, 5}, "oak_planks", "a cube with only its shell", &g_hollow, Enclosure::Shell},
      {"rectanguloid", {"rectanguloid", "cuboid", "prism", "slab", "foundation", "base", "bed", "table", "column", "post"},
       {5, 2, 3}, "stone", "a solid box of any extents", &g_cube},
      {"hollow_rectanguloid", {"hollow_rectanguloid", "hollow rectanguloid", "fort", "fortress", "castle", "mansion", "building",
                               "stable", "container", "fireplace"},
       {9, 5, 7}, "stone_bricks", "a box with only its shell", &g_hollow, Enclosure::Shell},
      {"sphere", {"sphere", "ball", "orb", "globe", "planet", "boulder"}, {5, 5, 5}, "stone", "a solid ball", &g_sphere},
      {"spherical_shell", {"spherical_shell", "spherical shell", "bubble", "hollow sphere", "igloo"}, {7, 7, 7}, "glass",
       "a hollow ball", &g_shell, Enclosure::Shell},
      {"pyramid", {"pyramid", "ziggurat", "mound", "hill", "mountain", "pile", "heap"}, {7, 4, 7}, "sandstone",
       "a stepped pyramid", &g_pyramid},
      {"square", {"square", "sqare", "sqaure", "frame", "outline", "ring", "border"}, {5, 1, 5}, "stone",
       "the outline of a square on the ground", &g_square, Enclosure::Outline},
      {"rectangle", {"rectangle", "floor", "platform", "pad", "patch", "field", "carpet", "path", "road"}, {6, 1, 4}, "stone",
       "a filled rectangle on the ground", &g_filled_rect},
      {"circle", {"circle", "loop"}, {7, 1, 7}, "stone", "the outline of a circle on the ground", &g_circle, Enclosure::Outline},
      {"disk", {"disk", "disc", "round", "plate"}, {7, 1, 7}, "stone", "a filled circle on the ground", &g_disk},
      {"triangle", {"triangle"}, {7, 4, 1}, "stone", "an upright triangle", &g_triangle},
      {"dome", {"dome", "cupola"}, {7, 4, 7}, "glass", "half a spherical shell", &g_dome, Enclosure::Shell},
      {"arch", {"arch", "archway", "gate", "portal", "doorway", "door", "entrance", "tunnel"}, {5, 4, 1}, "stone_bricks",
       "two legs and a lintel", &g_arch},
      {"ellipsoid", {"ellipsoid", "egg", "oval", "blob", "cloud"}, {7, 4, 5}, "white_wool", "a stretched ball", &g_sphere},
      {"tower", {"tower", "turret", "lighthouse", "skyscraper", "chimney", "spire", "lookout"}, {3, 9, 3}, "stone_bricks",
       "a tall hollow column with a crenellated top", &g_tower},
      {"wall", {"wall", "barrier", "barricade", "dam", "screen"}, {7, 3, 1}, "cobblestone", "an upright wall along x (given a length too, walls round that footprint)",
       &g_wall, Enclosure::Outline},
      {"pen", {"pen", "farm", "enclosure", "corral", "paddock", "pasture", "ranch", "coop", "sty", "pigpen"}, {9, 1, 7},
       "oak_fence", "a fence round a footprint with a gateway in its near side", &g_pen, Enclosure::Outline},
      {"fence", {"fence", "railing", "hedge"}, {7, 1, 1}, "oak_fence", "a line of fence posts (given a length too, round that footprint)", &g_wall,
       Enclosure::Outline},
      {"house", {"house", "home", "cabin", "cottage", "shelter house", "houses", "church", "school", "store", "shop", "hotel",
                 "hospital", "temple", "villa", "treehouse", "igloo house", "mansion house"},
       {7, 7, 6}, "oak_planks", "walls with a door and windows, a floor and a stepped roof (composite)", &g_house, Enclosure::Shell},
      {"bridge", {"bridge", "pier", "dock", "deck"}, {3, 2, 9}, "oak_planks", "a deck with railings along z", &g_bridge},
      {"stairs", {"stairs", "stair", "staircase", "step", "ramp", "ladder"}, {2, 5, 5}, "cobblestone",
       "steps rising along z", &g_stairs},
      {"tree", {"tree", "oak", "palm", "bush"}, {5, 7, 5}, "oak_log", "a trunk under a crown of leaves (composite)", &g_tree},
      {"pane", {"window", "pane", "glass pane", "mirror", "sign", "painting", "picture"}, {3, 3, 1}, "glass",
       "an upright flat square along x", &g_pane},
      {"garden", {"garden", "flower", "flowerbed", "flower bed", "lawn", "meadow"}, {6, 1, 4}, "poppy",
       "a bed of flowers on the ground", &g_filled_rect},
      {"pool", {"pool", "swimming pool", "pond", "fountain", "well", "moat"}, {6, 1, 5}, "stone",
       "a rim of blocks around water (composite)", &g_pool},
  };
  return table;
}

const ShapeDef* find_shape(std::string_view word) {
  for (const auto& s : shapes()) {
    if (s.name == word) return &s;
    for (auto a : s.aliases)
      if (a == word) return &s;
  }
  return nullptr;
}

const ShapeDef* find_shape_misspelt(std::string_view word) {
  // Short words are too often other words one letter away ("boat" and "moat", "ship" and "shop").
  if (word.size() < 5) return nullptr;
  size_t allowed = word.size() >= 8 ? 2 : 1;
  const ShapeDef* found = nullptr;
  for (const auto& s : shapes())
    for (auto a : s.aliases) {
      if (a.size() < 5 || a.front() != word.front() || a.find(' ') != std::string_view::npos ||
          levenshtein(word, a) > allowed)
        continue;
      if (found && found != &s) return nullptr;  // two shapes are as close: not a typo of either
      found = &s;
    }
  return found;
}

ShapeParams resolve_params(const ShapeDef& def, ShapeParams p, int size) {
  const ShapeParams& d = def.defaults;
  int given = (p.width > 0) + (p.height > 0) + (p.length > 0);
  if (size > 0 && !given) {
    int biggest = std::max({d.width, d.height, d.length});
    // A one-block shape grows whole; otherwise the thin sides (a wall's one block) stay thin.
    auto scale = [&](int v) { return v <= 1 && biggest > 1 ? v : std::max(1, int(std::lround(double(v) * size / biggest))); };
    p.width = scale(d.width), p.height = scale(d.height), p.length = scale(d.length);
    given = 3;
    // A size word makes a room, a building or a house smaller, but one can still stand inside it: a cell
    // within the walls, two high between the floor and the ceiling or roof ("a small shed" was a solid 3x2x3).
    static constexpr std::string_view kRooms[] = {"hollow_cube", "hollow_rectanguloid", "house"};
    if (std::find(std::begin(kRooms), std::end(kRooms), def.name) != std::end(kRooms))
      p.width = std::max(p.width, 3), p.length = std::max(p.length, 3), p.height = std::max(p.height, 4);
  }
  if (p.radius > 0 && !p.width && !p.length) p.width = p.length = 2 * p.radius + 1, given = std::max(given, 1);
  bool cubic = def.name == "cube" || def.name == "block" || def.name == "hollow_cube" || def.name == "sphere" ||
               def.name == "spherical_shell";
  if (cubic && given == 1) {  // one extent given: the others follow it
    int n = p.width ? p.width : p.height ? p.height : p.length;
    p.width = p.height = p.length = n;
  }
  if (!p.width) p.width = d.width;
  if (!p.height) p.height = d.height;
  if (!p.length) p.length = d.length;
  // A guard on what one command may build (a 100x100x100 cube is a million blocks).
  p.width = std::clamp(p.width, 1, 64), p.height = std::clamp(p.height, 1, 64), p.length = std::clamp(p.length, 1, 64);
  p.thickness = std::clamp(p.thickness, 1, 8);
  return p;
}

std::vector<ShapeCell> shape_cells(const ShapeDef& def, const ShapeParams& params) { return def.generate(params); }

std::string shapes_markdown() {
  std::string out = "| shape | default extents (w×h×l) | default block | also called | what it is |\n|---|---|---|---|---|\n";
  for (const auto& s : shapes()) {
    std::string aliases;
    for (auto a : s.aliases)
      if (a != s.name) aliases += (aliases.empty() ? "" : ", ") + std::string(a);
    out += fmt::format("| `{}` | {}×{}×{} | `{}` | {} | {} |\n", s.name, s.defaults.width, s.defaults.height,
                       s.defaults.length, s.default_block, aliases, s.doc);
  }
  return out;
}

}  // namespace plank::caip
