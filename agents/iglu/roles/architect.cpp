#include "agents/iglu/roles/architect.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <map>
#include <set>

namespace plank::iglu {
namespace {

const char* kCount[] = {"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven"};

std::string count_word(size_t n) { return n < std::size(kCount) ? kCount[n] : std::to_string(n); }

using Cells = std::map<std::array<int, 3>, int>;  // (x, y, z) -> colour

Cells cells_of(const std::vector<Block>& blocks) {
  Cells c;
  for (const Block& b : blocks) c[{b.x, b.y, b.z}] = b.colour;
  return c;
}

// The compass word for a step of (dx, dz) (east = +x, south = +z).
const char* compass(int dx, int dz) {
  if (dx > 0) return "east";
  if (dx < 0) return "west";
  if (dz > 0) return "south";
  return "north";
}

std::string blocks_word(size_t n) { return n == 1 ? "block" : "blocks"; }

// Where `cell` is, said relative to what is in `now`: on top of the block
// under it, beside a neighbour, a few blocks from the nearest block, or (in
// an empty zone) from the middle of the ground.
std::string where(const std::array<int, 3>& cell, const Cells& now) {
  auto [x, y, z] = cell;
  auto colour_of = [&](int cx, int cy, int cz) -> int {
    auto it = now.find({cx, cy, cz});
    return it == now.end() ? 0 : it->second;
  };
  if (y > 0 && colour_of(x, y - 1, z))
    return fmt::format("on top of the {} block", colour_name(colour_of(x, y - 1, z)));
  const int dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  for (auto [dx, dz] : dirs)
    if (int c = colour_of(x - dx, y, z - dz))
      return fmt::format("just {} of the {} block{}", compass(dx, dz), colour_name(c),
                         y == 0 ? "" : fmt::format(", {} up from the ground", count_word(size_t(y))));
  std::string height = y == 0 ? "on the ground" : fmt::format("{} {} above the ground", count_word(size_t(y)), blocks_word(size_t(y)));
  // The nearest block at the same height, else on the ground, else anywhere.
  const std::array<int, 3>* best = nullptr;
  int best_d = 1 << 30;
  for (const auto& [p, c] : now) {
    int d = std::abs(p[0] - x) + std::abs(p[2] - z) + 4 * std::abs(p[1] - y);
    if (d < best_d) best_d = d, best = &p;
  }
  if (!best) {
    int dx = x - 5, dz = z - 5;
    if (dx == 0 && dz == 0) return height + " in the middle of the zone";
    std::string off;
    if (dx) off += fmt::format("{} {} {}", count_word(size_t(std::abs(dx))), blocks_word(size_t(std::abs(dx))), compass(dx, 0));
    if (dz) off += fmt::format("{}{} {} {}", off.empty() ? "" : " and ", count_word(size_t(std::abs(dz))),
                               blocks_word(size_t(std::abs(dz))), compass(0, dz));
    return fmt::format("{}, {} of the middle of the zone", height, off);
  }
  int dx = x - (*best)[0], dz = z - (*best)[2];
  std::string off;
  if (dx) off += fmt::format("{} {} {}", count_word(size_t(std::abs(dx))), blocks_word(size_t(std::abs(dx))), compass(dx, 0));
  if (dz) off += fmt::format("{}{} {} {}", off.empty() ? "" : " and ", count_word(size_t(std::abs(dz))),
                             blocks_word(size_t(std::abs(dz))), compass(0, dz));
  std::string ref = fmt::format("the {} block", colour_name(now.at(*best)));
  if (off.empty()) return fmt::format("{}, right below {}", height, ref);
  return fmt::format("{}, {} of {}", height, off, ref);
}

std::string capitalised(std::string s) {
  if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  return s;
}

}  // namespace

std::optional<ArchitectStep> next_step(const std::vector<Block>& now_blocks, const std::vector<Block>& target_blocks) {
  Cells now = cells_of(now_blocks), target = cells_of(target_blocks);
  // 1. Removals, highest first, one colour at a time: what must go (absent or another colour in the target).
  std::vector<Block> wrong;
  for (const auto& [p, c] : now) {
    auto t = target.find(p);
    if (t == target.end() || t->second != c) wrong.push_back({p[0], p[1], p[2], c});
  }
  if (!wrong.empty()) {
    std::sort(wrong.begin(), wrong.end(), [](const Block& a, const Block& b) { return a.y > b.y; });
    int colour = wrong.front().colour;
    std::vector<Block> go;
    for (const Block& b : wrong)
      if (b.colour == colour) go.push_back(b);
    // Say "the top N" when they are the highest blocks of that colour (the words a simple builder reads).
    int others_above = 0;
    for (const auto& [p, c] : now)
      if (c == colour && std::find(go.begin(), go.end(), Block{p[0], p[1], p[2], c}) == go.end() && p[1] > go.back().y)
        ++others_above;
    size_t total_of_colour = 0;
    for (const auto& [p, c] : now) total_of_colour += c == colour;
    ArchitectStep s;
    s.kind = ArchitectStep::Kind::Remove;
    s.colour = colour;
    s.cells = go;
    std::string name(colour_name(colour));
    if (go.size() == total_of_colour)
      s.instruction = go.size() == 1   ? fmt::format("Remove the {} block.", name)
                      : go.size() == 2 ? fmt::format("Remove the two {} blocks.", name)
                                       : fmt::format("Remove all {} {} blocks.", count_word(go.size()), name);
    else if (others_above == 0)
      s.instruction = go.size() == 1 ? fmt::format("Remove the highest {} block.", name)
                                     : fmt::format("Remove the top {} {} blocks.", count_word(go.size()), name);
    else
      s.instruction = fmt::format("Remove {} {} {}: the one {}.", count_word(1), name, blocks_word(1),
                                  where({go.front().x, go.front().y, go.front().z}, [&] {
                                    Cells rest = now;
                                    rest.erase({go.front().x, go.front().y, go.front().z});
                                    return rest;
                                  }()));
    if (s.instruction.find("the one") != std::string::npos) s.cells = {go.front()};
    s.detail = fmt::format("{} {} {} {} to remove, {}.", capitalised(count_word(s.cells.size())), name,
                           blocks_word(s.cells.size()), s.cells.size() == 1 ? "is" : "are",
                           s.cells.size() == 1 ? "the highest one of that colour first" : "the highest ones of that colour");
    return s;
  }
  // 2. Additions, from the ground up: the lowest missing cell that has support (the ground, or a block under it).
  std::vector<Block> missing;
  for (const auto& [p, c] : target)
    if (!now.count(p)) missing.push_back({p[0], p[1], p[2], c});
  if (missing.empty()) return std::nullopt;
  auto supported = [&](const Block& b) { return b.y == 0 || now.count({b.x, b.y - 1, b.z}); };
  auto touches = [&](const Block& b) {
    const int d[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 0, 1}, {0, 0, -1}, {0, 1, 0}, {0, -1, 0}};
    for (auto& v : d)
      if (now.count({b.x + v[0], b.y + v[1], b.z + v[2]})) return true;
    return false;
  };
  // Lowest first; among those, one that touches what exists (so it can be said where), then the zone's order.
  std::stable_sort(missing.begin(), missing.end(), [&](const Block& a, const Block& b) {
    bool sa = supported(a), sb = supported(b);
    if (sa != sb) return sa;
    if (a.y != b.y) return a.y < b.y;
    return touches(a) > touches(b);
  });
  const Block start = missing.front();
  std::set<std::array<int, 3>> remaining;
  for (const Block& b : missing) remaining.insert({b.x, b.y, b.z});
  auto run = [&](int dx, int dy, int dz) {
    std::vector<Block> r{start};
    for (int k = 1;; ++k) {
      std::array<int, 3> p{start.x + k * dx, start.y + k * dy, start.z + k * dz};
      if (!remaining.count(p) || target.at(p) != start.colour) break;
      r.push_back({p[0], p[1], p[2], start.colour});
    }
    return r;
  };
  std::vector<Block> up = run(0, 1, 0), east = run(1, 0, 0), south = run(0, 0, 1), west = run(-1, 0, 0),
                     north = run(0, 0, -1);
  ArchitectStep s;
  s.colour = start.colour;
  std::string name(colour_name(start.colour));
  std::string at = where({start.x, start.y, start.z}, now);
  const char* direction = "east";
  std::vector<Block> row = east;
  for (auto [r, d] : {std::pair{&south, "south"}, {&west, "west"}, {&north, "north"}})
    if (r->size() > row.size()) row = *r, direction = d;
  if (up.size() >= 2 && up.size() >= row.size()) {
    s.kind = ArchitectStep::Kind::Column;
    s.cells = up;
    s.instruction = fmt::format("Stack {} {} blocks {}.", count_word(up.size()), name, at);
    s.detail = fmt::format("A column of {} {} blocks, one on another, the lowest {}.", count_word(up.size()), name, at);
  } else if (row.size() >= 2) {
    s.kind = ArchitectStep::Kind::Row;
    s.cells = row;
    s.instruction = fmt::format("Place a row of {} {} blocks going {}, starting {}.", count_word(row.size()), name,
                                direction, at);
    s.detail = fmt::format("A flat row of {} {} blocks in a line towards the {}, the first one {}.",
                           count_word(row.size()), name, direction, at);
  } else {
    s.kind = ArchitectStep::Kind::Single;
    s.cells = {start};
    s.instruction = fmt::format("Place one {} block {}.", name, at);
    s.detail = fmt::format("Just one {} block, {}.", name, at);
  }
  return s;
}

std::vector<Block> follow_exactly(const std::vector<Block>& now, const ArchitectStep& step) {
  Cells c = cells_of(now);
  for (const Block& b : step.cells) {
    if (step.kind == ArchitectStep::Kind::Remove) c.erase({b.x, b.y, b.z});
    else c[{b.x, b.y, b.z}] = b.colour;
  }
  std::vector<Block> out;
  for (const auto& [p, colour] : c) out.push_back({p[0], p[1], p[2], colour});
  return out;
}

std::vector<ArchitectStep> plan_steps(const std::vector<Block>& initial, const std::vector<Block>& target) {
  std::vector<ArchitectStep> steps;
  std::vector<Block> now = initial;
  const size_t limit = initial.size() + target.size() + 1;
  while (steps.size() < limit) {
    auto s = next_step(now, target);
    if (!s) break;
    now = follow_exactly(now, *s);
    steps.push_back(std::move(*s));
  }
  return steps;
}

std::string answer_question(const ArchitectStep& step, const std::string& question) {
  std::string q;
  for (char c : question) q += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::string name(colour_name(step.colour));
  std::string lead;
  if (q.find("colo") != std::string::npos) lead = fmt::format("They are {}. ", name);
  else if (q.find("how many") != std::string::npos || q.find("number") != std::string::npos)
    lead = fmt::format("{} {}. ", capitalised(count_word(step.cells.size())), blocks_word(step.cells.size()));
  return lead + step.detail;
}

}  // namespace plank::iglu
