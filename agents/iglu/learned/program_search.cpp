#include "agents/iglu/learned/program_search.h"

#include <algorithm>
#include <array>
#include <set>

namespace plank::iglu {
namespace {

struct Cell {
  int x, y, z, delta;
};

// Offsets (dx, dz) from -20 to 20 each: every pair of cells of two changes in the zone.
constexpr int kSpan = 41;

class ChangeMatcher {
 public:
  explicit ChangeMatcher(const std::vector<Cell>& target) : size_(int(target.size())) {
    for (int r = 0; r < 4; ++r) {
      for (Cell c : target) {
        for (int i = 0; i < r; ++i) c = {c.z, c.y, kZoneX - 1 - c.x, c.delta};
        rotated_[r].push_back(c);
      }
    }
  }
  int size() const { return size_; }
  // The best count of target cells that a predicted change matches, over rotations and offsets.
  int matched(const std::vector<Cell>& predicted) {
    int best = 0;
    for (int r = 0; r < 4; ++r) {
      touched_.clear();
      for (const Cell& t : rotated_[r])
        for (const Cell& p : predicted) {
          if (t.y != p.y || t.delta != p.delta) continue;
          int k = (t.x - p.x + 20) * kSpan + (t.z - p.z + 20);
          if (votes_[k]++ == 0) touched_.push_back(k);
          best = std::max(best, int(votes_[k]));
        }
      for (int k : touched_) votes_[k] = 0;
    }
    return best;
  }

 private:
  int size_;
  std::array<std::vector<Cell>, 4> rotated_;
  std::array<int, kSpan * kSpan> votes_{};
  std::vector<int> touched_;
};

std::vector<Cell> as_change(const std::vector<Block>& blocks, int sign) {
  std::vector<Cell> out;
  for (const Block& b : blocks) out.push_back({b.x, b.y, b.z, sign * b.colour});
  return out;
}

// An effect as cell-wise differences: a removal and an addition at one cell are one re-colouring.
std::vector<Cell> effect_change(const ProgramEffect& e) {
  std::vector<Cell> out = as_change(e.remove, -1);
  for (const Block& b : e.add) {
    auto it = std::find_if(out.begin(), out.end(),
                           [&](const Cell& c) { return c.x == b.x && c.y == b.y && c.z == b.z; });
    if (it == out.end()) out.push_back({b.x, b.y, b.z, b.colour});
    else it->delta += b.colour;
  }
  std::erase_if(out, [](const Cell& c) { return c.delta == 0; });
  return out;
}

}  // namespace

double effect_f1(const ProgramEffect& target, const ProgramEffect& predicted) {
  std::vector<Cell> t = effect_change(target), p = effect_change(predicted);
  if (t.empty() || p.empty()) return 0;
  ChangeMatcher matcher(t);
  return 2.0 * matcher.matched(p) / double(t.size() + p.size());
}

ProgramMatch best_program(const std::vector<Block>& initial, const std::vector<Block>& target) {
  ZoneGrid before = ZoneGrid::of(initial), after = ZoneGrid::of(target);
  std::vector<Cell> change;
  std::set<int> remove_colours;
  std::set<std::pair<int, int>> recolours;  // (from, to)
  std::set<std::pair<int, int>> add_heights;  // (colour, y)
  for (int y = 0; y < kZoneY; ++y)
    for (int x = 0; x < kZoneX; ++x)
      for (int z = 0; z < kZoneZ; ++z) {
        int a = before.at(x, y, z), b = after.at(x, y, z);
        if (a == b) continue;
        change.push_back({x, y, z, b - a});
        if (b && !a) add_heights.insert({b, y});
        if (a && !b) remove_colours.insert(a);
        if (a && b) recolours.insert({a, b});
      }
  ProgramMatch best;
  if (change.empty()) return best;
  ChangeMatcher matcher(change);
  auto consider = [&](const ZoneProgram& p, const std::vector<Cell>& predicted) {
    if (predicted.empty()) return;
    // F1 <= 2|T| / (|P| + |T|): a candidate that cannot beat the best is not scored.
    double bound = 2.0 * matcher.size() / (double(predicted.size()) + matcher.size());
    if (bound <= best.f1) return;
    int m = matcher.matched(predicted);
    double f1 = 2.0 * m / (double(predicted.size()) + matcher.size());
    if (f1 > best.f1 + 1e-12) best = {p, f1};
  };
  auto add = [&](ZoneProgram p) {
    p.action = ProgramAction::Add;
    consider(p, as_change(shape_cells(p), +1));
  };
  for (auto [colour, y] : add_heights) {
    ZoneProgram p;
    p.colour = colour, p.base = y;
    p.shape = ProgramShape::Block;
    add(p);
    for (int n = 2; n <= kMaxLength; ++n) p.shape = ProgramShape::Row, p.length = n, add(p);
    for (int n = 2; y + n <= kZoneY; ++n) p.shape = ProgramShape::Column, p.length = n, add(p);
    for (int n = 2; n <= kMaxLength; ++n)
      for (int w = 2; w <= std::min(n, kMaxWidth); ++w) {
        p.shape = ProgramShape::Floor, p.length = n, p.width = w, add(p);
        if (y + w <= kZoneY) p.shape = ProgramShape::Wall, add(p);
      }
  }
  // Removes: the n highest blocks of a colour, n up to all of them.
  for (int colour : remove_colours) {
    int held = 0;
    for (const Block& b : initial) held += b.colour == colour;
    for (int n = 1; n <= held; ++n) {
      ZoneProgram p;
      p.action = ProgramAction::Remove, p.colour = colour, p.length = n;
      consider(p, as_change(run_program(p, initial).remove, -1));
    }
  }
  // Recolours: the n highest blocks of one colour made another.
  for (auto [from, to] : recolours) {
    int held = 0;
    for (const Block& b : initial) held += b.colour == from;
    for (int n = 1; n <= held; ++n) {
      ZoneProgram p;
      p.action = ProgramAction::Recolour, p.colour = to, p.from = from, p.length = n;
      consider(p, effect_change(run_program(p, initial)));
    }
  }
  return best;
}

}  // namespace plank::iglu
