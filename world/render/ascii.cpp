#include "world/render/ascii.h"

#include <fmt/format.h>

#include <map>

namespace plank::render {

using namespace world;

namespace {

// Letters for block types, in order of first appearance (deterministic: scan order).
class Legend {
 public:
  char letter(const BlockType& t) {
    if (auto it = letters_.find(t.id); it != letters_.end()) return it->second;
    // Prefer the first letter of the colour word (r for red), then of the name, then any free one.
    std::string word = t.iglu_colour ? t.colour.word : t.name;
    std::string candidates = word + t.colour.word + "abcdefghijklmnopqrstuvwxyz0123456789";
    char pick = '?';
    for (char c : candidates)
      if (c >= 'a' && c <= 'z' && c != 'x' && !used_.count(c)) { pick = c; break; }
      else if (c >= '0' && c <= '9' && !used_.count(c)) { pick = c; break; }
    used_[pick] = t.name;
    return letters_[t.id] = pick;
  }
  std::string text() const {
    std::string out;
    for (const auto& [c, name] : used_) out += fmt::format("  {} {}\n", c, name);
    return out;
  }

 private:
  std::map<BlockId, char> letters_;
  std::map<char, std::string> used_;
};

}  // namespace

std::string render_ascii(const World& world, const ViewOptions& options) {
  Box box = view_box(world, options);
  Legend legend;
  const GroundProfile& ground = world.store().ground();
  auto overlay = [&](int32_t x, int32_t y_or_z, bool top) -> char {
    for (const Entity& e : world.entities()) {
      Coord c = cell_of(e.pose.pos);
      bool here = top ? (c.x == x && c.z == y_or_z) : (c.x == x && (c.y == y_or_z || (e.kind != EntityKind::Mob && c.y + 1 == y_or_z)));
      if (here) return "ASM"[int(e.kind)];
    }
    return 0;
  };

  std::string out = fmt::format("top view (x {}..{} across, z {}..{} down)\n", box.min.x, box.max.x, box.min.z, box.max.z);
  for (int32_t z = box.min.z; z <= box.max.z; ++z) {
    for (int32_t x = box.min.x; x <= box.max.x; ++x) {
      char ch = ' ';
      for (int32_t y = box.max.y; y >= box.min.y; --y) {
        Coord c{x, y, z};
        BlockId id = world.block(c);
        if (id == kAir) {
          if (world.natural(c) != kAir && y == ground.top_y) { ch = '_'; break; }  // the surface was dug: a hole
          continue;
        }
        ch = id == world.natural(c) ? '.' : legend.letter(world.registry()[id]);
        break;
      }
      if (char e = overlay(x, z, true)) ch = e;
      out += ch;
    }
    out += '\n';
  }
  out += fmt::format("side view from the south (x {}..{} across, y {}..{} up)\n", box.min.x, box.max.x, box.min.y,
                     box.max.y);
  for (int32_t y = box.max.y; y >= box.min.y; --y) {
    for (int32_t x = box.min.x; x <= box.max.x; ++x) {
      char ch = ' ';
      for (int32_t z = box.max.z; z >= box.min.z; --z) {  // nearest to the viewer first
        BlockId id = world.block({x, y, z});
        if (id == kAir) continue;
        ch = id == world.natural({x, y, z}) ? (y == ground.top_y ? '=' : ':') : legend.letter(world.registry()[id]);
        break;
      }
      if (char e = overlay(x, y, false)) ch = e;
      out += ch;
    }
    out += fmt::format(" {}\n", y);
  }
  out += "legend: . ground, = ground surface, : deeper ground, _ hole, A agent, S speaker, M mob\n" + legend.text();
  return out;
}

}  // namespace plank::render
