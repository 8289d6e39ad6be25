// The symbolic state from perception (symbolic_state.h).
#include "agents/danli/compile/symbolic_state.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

#include "world/voxels/perception.h"

namespace plank::danli {
namespace {

double distance(world::Coord a, world::Coord b) {
  double dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
  return std::sqrt(dx * dx + dy * dy + dz * dz);
}

bool walkable(const world::World& w, world::Coord feet) {
  return !w.solid(feet) && !w.solid({feet.x, feet.y + 1, feet.z}) && w.solid({feet.x, feet.y - 1, feet.z});
}

// A cell next to the object (sideways, at its lowest level or one above)
// where the agent can stand, the nearest to `from`.
std::optional<world::Coord> stand_cell(const world::World& w, const std::vector<world::Coord>& cells,
                                       world::Coord from) {
  std::optional<world::Coord> best;
  double best_d = 1e18;
  for (const auto& c : cells)
    for (int dy : {0, 1, -1})
      for (auto [dx, dz] : {std::pair{1, 0}, std::pair{-1, 0}, std::pair{0, 1}, std::pair{0, -1}}) {
        world::Coord s{c.x + dx, c.y + dy, c.z + dz};
        if (std::find(cells.begin(), cells.end(), s) != cells.end() || !walkable(w, s)) continue;
        double d = distance(s, from);
        if (d < best_d) {
          best_d = d;
          best = s;
        }
      }
  return best;
}

bool overlaps(const std::vector<world::Coord>& a, const std::vector<world::Coord>& b) {
  for (const auto& c : a)
    if (std::find(b.begin(), b.end(), c) != b.end()) return true;
  return false;
}

}  // namespace

std::string normalise_word(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == ' ' || c == '-') out += '_';
    else out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

void SymbolicState::observe(const world::World& w, world::Coord agent_feet, const ViewOptions& view, int step) {
  feet = agent_feet;
  auto in_view = [&](world::Coord c) { return distance(c, agent_feet) <= view.radius; };
  std::vector<world::BlockObject> seen;
  for (auto& o : world::block_objects(w)) {
    bool visible = std::any_of(o.cells.begin(), o.cells.end(), in_view);
    if (visible) seen.push_back(std::move(o));
  }
  for (auto& m : objects_) m.in_view = false;
  std::vector<SeenObject> next;
  std::vector<bool> matched(objects_.size(), false);
  for (const auto& o : seen) {
    std::string kind;
    int most = 0;
    for (const auto& [block, n] : o.blocks)
      if (n > most) most = n, kind = block;
    SeenObject s;
    s.kind = normalise_word(kind);
    for (const auto& n : o.names) s.labels.push_back(normalise_word(n));
    for (const auto& t : o.tags) s.labels.push_back(normalise_word(t));
    s.cells = o.cells;
    s.stand = stand_cell(w, s.cells, agent_feet);
    s.in_view = true;
    s.seen_at_step = step;
    // The same object as remembered: same kind and a cell in common (it did not move), keeps its name.
    for (size_t i = 0; i < objects_.size(); ++i)
      if (!matched[i] && objects_[i].kind == s.kind && overlaps(objects_[i].cells, s.cells)) {
        matched[i] = true;
        s.name = objects_[i].name;
        break;
      }
    if (s.name.empty()) s.name = s.kind + "-" + std::to_string(next_id_++);
    next.push_back(std::move(s));
  }
  // Remembered objects not seen now: kept if out of view, forgotten if their place is in view (they are gone).
  for (size_t i = 0; i < objects_.size(); ++i) {
    if (matched[i]) continue;
    const SeenObject& m = objects_[i];
    bool place_in_view = std::any_of(m.cells.begin(), m.cells.end(), in_view);
    if (!place_in_view) next.push_back(m);
  }
  std::sort(next.begin(), next.end(), [](const SeenObject& a, const SeenObject& b) { return a.name < b.name; });
  objects_ = std::move(next);
}

const SeenObject* SymbolicState::find(const std::string& name) const {
  for (const auto& o : objects_)
    if (o.name == name) return &o;
  return nullptr;
}

std::vector<const SeenObject*> SymbolicState::matching(const std::string& description) const {
  std::string want = normalise_word(description);
  std::vector<const SeenObject*> out;
  for (const auto& o : objects_) {
    bool hit = o.kind == want || std::find(o.labels.begin(), o.labels.end(), want) != o.labels.end();
    if (hit) out.push_back(&o);
  }
  return out;
}

}  // namespace plank::danli
