#include "world/survival/worldgen.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace plank::survival {

using namespace world;

const char* biome_name(Biome b) {
  switch (b) {
    case Biome::Plains: return "plains";
    case Biome::Forest: return "forest";
    case Biome::Savanna: return "savanna";
    case Biome::Desert: return "desert";
    case Biome::Mountains: return "mountains";
  }
  return "?";
}

const std::vector<OreRule>& ore_rules() {
  static const std::vector<OreRule> rules = {
      {"coal_ore", 20, 17, 5, 127}, {"iron_ore", 20, 9, 5, 63},   {"gold_ore", 2, 9, 5, 31},
      {"redstone_ore", 8, 8, 5, 15}, {"lapis_ore", 1, 7, 5, 30}, {"diamond_ore", 1, 8, 5, 15},
  };
  return rules;
}

namespace {

// Purposes, so that different decisions at one position are independent.
enum Salt : uint64_t { kTemp = 1, kWet, kMount, kHeight, kPeaks, kLake, kBedrock, kChunk, kFloor, kRiver, kFord };

uint64_t mix(uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
uint64_t hash3(uint64_t seed, int64_t a, int64_t b, int64_t c, uint64_t salt) {
  return mix(seed ^ mix(uint64_t(a) ^ mix(uint64_t(b) ^ mix(uint64_t(c) ^ mix(salt)))));
}
double unit_hash(uint64_t seed, int64_t a, int64_t b, int64_t c, uint64_t salt) {
  return double(hash3(seed, a, b, c, salt) >> 11) * 0x1.0p-53;
}

double smooth(double t) { return t * t * (3 - 2 * t); }
double smoothstep(double a, double b, double x) { return smooth(std::clamp((x - a) / (b - a), 0.0, 1.0)); }

// Value noise on a square lattice of spacing `scale`, in [0, 1).
double value_noise(uint64_t seed, double x, double z, double scale, uint64_t salt) {
  double fx = x / scale, fz = z / scale;
  double ix = std::floor(fx), iz = std::floor(fz);
  double tx = smooth(fx - ix), tz = smooth(fz - iz);
  int64_t a = int64_t(ix), b = int64_t(iz);
  double v00 = unit_hash(seed, a, b, 0, salt), v10 = unit_hash(seed, a + 1, b, 0, salt);
  double v01 = unit_hash(seed, a, b + 1, 0, salt), v11 = unit_hash(seed, a + 1, b + 1, 0, salt);
  return (v00 * (1 - tx) + v10 * tx) * (1 - tz) + (v01 * (1 - tx) + v11 * tx) * tz;
}

// Three octaves, normalised back to [0, 1); mean 0.5.
double fbm(uint64_t seed, double x, double z, double scale, uint64_t salt) {
  double sum = 0, amp = 1, total = 0;
  for (int o = 0; o < 3; ++o) {
    sum += amp * value_noise(seed, x, z, scale, salt + 100 * o);
    total += amp;
    amp *= 0.5, scale *= 0.5;
  }
  return sum / total;
}

double mountain_factor(uint64_t seed, int32_t x, int32_t z) {
  return smoothstep(0.55, 0.68, fbm(seed, x, z, 96, kMount));
}

struct Column {
  int h = 0;
  Biome biome = Biome::Plains;
  BlockId top = kAir, soil = kAir, under = kAir;
  int soil_depth = 0, under_depth = 0;
};

struct Ids {
  BlockId bedrock, stone, dirt, grass, sand, sandstone, gravel, water, snow, clay;
  BlockId granite, diorite, andesite;
  BlockId oak_log, oak_leaves, birch_log, birch_leaves, spruce_log, spruce_leaves, acacia_log, acacia_leaves;
  BlockId cactus, dead_bush;
  std::vector<BlockId> ores;
};

BlockId need(const BlockRegistry& reg, const char* name) {
  auto id = reg.find(name);
  if (!id) throw std::runtime_error(std::string("worldgen needs minecraft-data's block '") + name + "' (the built-in registry lacks it)");
  return *id;
}

Ids lookup(const BlockRegistry& reg) {
  Ids i;
  i.bedrock = need(reg, "bedrock"), i.stone = need(reg, "stone"), i.dirt = need(reg, "dirt");
  i.grass = need(reg, "grass_block"), i.sand = need(reg, "sand"), i.sandstone = need(reg, "sandstone");
  i.gravel = need(reg, "gravel"), i.water = need(reg, "water"), i.snow = need(reg, "snow_block"), i.clay = need(reg, "clay");
  i.granite = need(reg, "granite"), i.diorite = need(reg, "diorite"), i.andesite = need(reg, "andesite");
  i.oak_log = need(reg, "oak_log"), i.oak_leaves = need(reg, "oak_leaves");
  i.birch_log = need(reg, "birch_log"), i.birch_leaves = need(reg, "birch_leaves");
  i.spruce_log = need(reg, "spruce_log"), i.spruce_leaves = need(reg, "spruce_leaves");
  i.acacia_log = need(reg, "acacia_log"), i.acacia_leaves = need(reg, "acacia_leaves");
  i.cactus = need(reg, "cactus"), i.dead_bush = need(reg, "dead_bush");
  for (const auto& r : ore_rules()) i.ores.push_back(need(reg, r.block));
  return i;
}

class Gen {
 public:
  Gen(World& w, const WorldgenOptions& o, WorldgenReport& rep)
      : w_(w), o_(o), rep_(rep), ids_(lookup(w.registry())), counts_(w.registry().size(), 0) {
    area_ = Box::of({o.x0, 0, o.z0}, {o.x0 + o.size_x - 1, 255, o.z0 + o.size_z - 1});
    cols_.resize(size_t(o.size_x) * o.size_z);
    for (int32_t z = 0; z < o.size_z; ++z)
      for (int32_t x = 0; x < o.size_x; ++x) cols_[size_t(z) * o.size_x + x] = column(o.x0 + x, o.z0 + z);
  }

  void run() {
    // Chunk columns covering the area, in order.
    int32_t cx0 = o_.x0 >> 4, cx1 = (o_.x0 + o_.size_x - 1) >> 4;
    int32_t cz0 = o_.z0 >> 4, cz1 = (o_.z0 + o_.size_z - 1) >> 4;
    for (int32_t cz = cz0; cz <= cz1; ++cz)
      for (int32_t cx = cx0; cx <= cx1; ++cx) terrain(cx, cz);
    for (int32_t cz = cz0; cz <= cz1; ++cz)
      for (int32_t cx = cx0; cx <= cx1; ++cx) underground(cx, cz);
    for (int32_t cz = cz0; cz <= cz1; ++cz)
      for (int32_t cx = cx0; cx <= cx1; ++cx) surface_features(cx, cz);
    for (int32_t cz = cz0; cz <= cz1; ++cz)
      for (int32_t cx = cx0; cx <= cx1; ++cx) mobs(cx, cz);
    // The agent stands at the centre, or on the nearest dry ground to it (rings outward), never
    // in a lake or on a tree.
    int32_t cx = o_.x0 + o_.size_x / 2, cz = o_.z0 + o_.size_z / 2;
    int32_t ax = cx, az = cz;
    auto dry = [&](int32_t x, int32_t z) {
      int32_t y = top_solid(x, z);
      const std::string& top = w_.registry()[w_.block({x, y, z})].name;
      return w_.registry()[w_.block({x, y, z})].solid && w_.block({x, y + 1, z}) == kAir &&
             w_.block({x, y + 2, z}) == kAir && top.find("leaves") == std::string::npos &&
             top.find("_log") == std::string::npos && top != "cactus";
    };
    bool found = dry(cx, cz);
    for (int32_t r = 1; r < std::max(o_.size_x, o_.size_z) / 2 && !found; ++r)
      for (int32_t dz = -r; dz <= r && !found; ++dz)
        for (int32_t dx = -r; dx <= r && !found; ++dx)
          if (std::max(std::abs(dx), std::abs(dz)) == r && dry(cx + dx, cz + dz)) ax = cx + dx, az = cz + dz, found = true;
    int32_t ay = top_solid(ax, az) + 1;
    w_.set_pose(w_.agent().id, Pose{{ax + 0.5, double(ay), az + 0.5}, 0, 0});
    for (size_t id = 0; id < counts_.size(); ++id)
      if (counts_[id] > 0) rep_.blocks[w_.registry()[BlockId(id)].name] = counts_[id];
    rep_.min_surface = INT32_MAX, rep_.max_surface = INT32_MIN;
    for (const auto& c : cols_) {
      rep_.min_surface = std::min(rep_.min_surface, c.h), rep_.max_surface = std::max(rep_.max_surface, c.h);
      rep_.biome_columns[biome_name(c.biome)]++;
    }
  }

 private:
  const Column& col(int32_t x, int32_t z) const { return cols_[size_t(z - o_.z0) * o_.size_x + (x - o_.x0)]; }
  bool in_area(Coord c) const { return area_.contains(c); }

  void put(Coord c, BlockId id) {
    if (!in_area(c)) return;
    BlockId before = w_.set_block(c, id);
    if (before == id) return;
    ++rep_.cells_written;
    if (before != kAir) --counts_[before];
    if (id != kAir) ++counts_[id];
    rep_.box.add(c);
  }

  Column column(int32_t x, int32_t z) const {
    const uint64_t s = o_.seed;
    Column c;
    c.biome = biome_at(s, x, z);
    c.h = surface_height(s, x, z, o_.sea_level);
    const int sea = o_.sea_level;
    if (o_.rivers) {
      // A valley whose sides fall 3 blocks per half width toward a channel 3 blocks deep at its
      // centre; a ford's bed stays at sea level (dry sand the agent walks over).
      const double off = river_offset(s, x, z);
      if (off < 3) {
        c.h = std::min(c.h, int(std::lround(sea - 3 + 3 * off)));
        if (river_ford(s, x, z)) c.h = std::max(c.h, sea);
      }
    }
    if (c.h < sea) {  // under water: sand near the shore, else gravel, clay or dirt
      double u = unit_hash(s, x, 0, z, kFloor);
      c.top = c.h >= sea - 2 ? ids_.sand : u < 0.45 ? ids_.gravel : u < 0.55 ? ids_.clay : ids_.dirt;
      c.soil = c.top == ids_.sand ? ids_.sand : ids_.dirt, c.soil_depth = 3;
    } else if (c.biome == Biome::Desert) {
      c.top = c.soil = ids_.sand, c.soil_depth = 4, c.under = ids_.sandstone, c.under_depth = 3;
    } else if (c.h <= sea + 1 && c.biome != Biome::Mountains) {  // beach
      c.top = c.soil = ids_.sand, c.soil_depth = 3, c.under = ids_.sandstone, c.under_depth = 1;
    } else if (c.biome == Biome::Mountains && c.h >= 92) {
      c.top = c.h >= 104 ? ids_.snow : ids_.stone, c.soil = ids_.stone, c.soil_depth = 1;
    } else {
      c.top = ids_.grass, c.soil = ids_.dirt, c.soil_depth = 4;
    }
    return c;
  }

  void terrain(int32_t cx, int32_t cz) {
    int32_t xa = std::max(cx * 16, o_.x0), xb = std::min(cx * 16 + 15, o_.x0 + o_.size_x - 1);
    int32_t za = std::max(cz * 16, o_.z0), zb = std::min(cz * 16 + 15, o_.z0 + o_.size_z - 1);
    int top = o_.sea_level;
    for (int32_t z = za; z <= zb; ++z)
      for (int32_t x = xa; x <= xb; ++x) top = std::max(top, col(x, z).h);
    // y outermost within the chunk column keeps the chunk store's last-chunk cache warm.
    for (int32_t y = 0; y <= top; ++y)
      for (int32_t z = za; z <= zb; ++z)
        for (int32_t x = xa; x <= xb; ++x) {
          const Column& c = col(x, z);
          BlockId b;
          if (y == 0 || (y <= 4 && unit_hash(o_.seed, x, y, z, kBedrock) < (5 - y) / 5.0)) b = ids_.bedrock;
          else if (y > c.h) b = y <= o_.sea_level ? ids_.water : kAir;
          else if (y == c.h) b = c.top;
          else if (y > c.h - c.soil_depth) b = c.soil;
          else if (y > c.h - c.soil_depth - c.under_depth) b = c.under;
          else b = ids_.stone;
          if (b != kAir) put({x, y, z}, b);
        }
  }

  Rng chunk_rng(int32_t cx, int32_t cz, uint64_t purpose) const { return Rng(hash3(o_.seed, cx, cz, purpose, kChunk)); }

  // A compact blob: each step grows from a random cell already placed. Replaces stone only.
  void blob(Rng& rng, Coord start, int size, BlockId block) {
    std::vector<Coord> cells{start};
    static const Coord dirs[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    for (int i = 1; i < size; ++i) cells.push_back(cells[rng.below(cells.size())] + dirs[rng.below(6)]);
    for (const Coord& c : cells)
      if (in_area(c) && c.y > 0 && w_.block(c) == ids_.stone) put(c, block);
  }

  void underground(int32_t cx, int32_t cz) {
    Rng rng = chunk_rng(cx, cz, 1);
    auto random_in_chunk = [&](int lo, int hi) {
      return Coord{cx * 16 + int32_t(rng.below(16)), lo + int32_t(rng.below(uint64_t(hi - lo + 1))), cz * 16 + int32_t(rng.below(16))};
    };
    // Stone variety first, ores over it.
    struct Filler { BlockId block; int count, size, lo, hi; };
    for (const Filler& f : {Filler{ids_.granite, 6, 24, 5, 79}, Filler{ids_.diorite, 6, 24, 5, 79},
                            Filler{ids_.andesite, 6, 24, 5, 79}, Filler{ids_.gravel, 4, 24, 5, 110},
                            Filler{ids_.dirt, 4, 24, 5, 110}})
      for (int i = 0; i < f.count; ++i) blob(rng, random_in_chunk(f.lo, f.hi), f.size, f.block);
    const auto& rules = ore_rules();
    // A vein starts uniformly in [min_y, max_y] but below its column's surface (the game wastes
    // starts that land in air; Plank does not, so coal stays commoner than iron on flat land).
    for (size_t r = 0; r < rules.size(); ++r)
      for (int i = 0; i < rules[r].veins_per_chunk; ++i) {
        Coord c = random_in_chunk(rules[r].min_y, rules[r].max_y);
        int size = rules[r].size / 2 + int(rng.below(uint64_t(rules[r].size - rules[r].size / 2 + 1)));
        if (!in_area(c)) continue;
        int top = col(c.x, c.z).h - 1;
        if (c.y > top) c.y = rules[r].min_y + int32_t((c.y - rules[r].min_y) % std::max(1, top - rules[r].min_y + 1));
        blob(rng, c, size, ids_.ores[r]);
      }
    if (!o_.caves || rng.unit() >= 0.2) return;
    // A worm cave: a wandering tube of air 1.2 to 2.6 blocks in radius, kept 4 blocks under the surface.
    Coord c = random_in_chunk(12, 50);
    double x = c.x + 0.5, y = c.y + 0.5, z = c.z + 0.5;
    double yaw = rng.unit() * 6.2832, pitch = (rng.unit() - 0.5) * 0.6;
    int length = 50 + int(rng.below(70));
    double radius = 1.2 + rng.unit() * 1.4;
    for (int step = 0; step < length; ++step) {
      x += std::cos(yaw) * std::cos(pitch), z += std::sin(yaw) * std::cos(pitch), y += std::sin(pitch);
      yaw += (rng.unit() - 0.5) * 0.6, pitch = std::clamp(pitch + (rng.unit() - 0.5) * 0.3, -0.5, 0.5);
      int r = int(std::ceil(radius));
      for (int dy = -r; dy <= r; ++dy)
        for (int dz = -r; dz <= r; ++dz)
          for (int dx = -r; dx <= r; ++dx) {
            Coord p{int32_t(std::floor(x)) + dx, int32_t(std::floor(y)) + dy, int32_t(std::floor(z)) + dz};
            if (dx * dx + dy * dy + dz * dz > radius * radius || !in_area(p) || p.y <= 4) continue;
            if (p.y > col(p.x, p.z).h - 4) continue;
            BlockId b = w_.block(p);
            if (b != kAir && b != ids_.water && b != ids_.bedrock) put(p, kAir);
          }
    }
  }

  int32_t top_solid(int32_t x, int32_t z) const {
    for (int32_t y = 255; y > 0; --y)
      if (BlockId b = w_.block({x, y, z}); b != kAir && b != ids_.water) return y;
    return 0;
  }

  void leaves(Coord c, BlockId id) {
    if (in_area(c) && w_.block(c) == kAir) put(c, id);
  }

  void tree(Rng& rng, Coord base, Biome biome) {
    const int32_t x = base.x, z = base.z;
    auto trunk = [&](int height, BlockId log) {
      for (int i = 0; i < height; ++i) put({x, base.y + i, z}, log);
    };
    auto canopy = [&](int top, BlockId leaf) {  // the game's oak/birch shape
      for (int dy = -3; dy <= 0; ++dy) {
        int r = dy >= -1 ? 1 : 2;
        for (int dz = -r; dz <= r; ++dz)
          for (int dx = -r; dx <= r; ++dx) {
            bool corner = std::abs(dx) == r && std::abs(dz) == r;
            if (corner && (dy == 0 || rng.unit() < 0.5)) continue;
            leaves({x + dx, top + dy, z + dz}, leaf);
          }
      }
    };
    // The explore world's open land grows scrub: a lone oak on the plains or an acacia on the
    // savanna has a trunk of 2-3 logs, a forest's or a mountain's trees their full height.
    const bool scrub = o_.uneven && (biome == Biome::Plains || biome == Biome::Savanna);
    if (biome == Biome::Forest || biome == Biome::Plains) {
      bool birch = biome == Biome::Forest && rng.unit() < 0.25;
      int h = scrub ? 2 + int(rng.below(2)) : (birch ? 5 : 4) + int(rng.below(3));
      trunk(h, birch ? ids_.birch_log : ids_.oak_log);
      canopy(base.y + h, birch ? ids_.birch_leaves : ids_.oak_leaves);
      rep_.trees[birch ? "birch" : "oak"]++;
    } else if (biome == Biome::Mountains) {
      int h = 6 + int(rng.below(4));
      trunk(h, ids_.spruce_log);
      for (int i = 2; i <= h; ++i) {  // a cone: radius 2, 1, 2, 1 ... narrowing to the top
        int from_top = h - i, r = from_top == 0 ? 0 : from_top <= 2 ? 1 : (from_top % 2 ? 2 : 1);
        for (int dz = -r; dz <= r; ++dz)
          for (int dx = -r; dx <= r; ++dx)
            if (!(std::abs(dx) == r && std::abs(dz) == r && r > 1)) leaves({x + dx, base.y + i, z + dz}, ids_.spruce_leaves);
      }
      leaves({x, base.y + h, z}, ids_.spruce_leaves);
      rep_.trees["spruce"]++;
    } else if (biome == Biome::Savanna) {
      int h = scrub ? 2 + int(rng.below(2)) : 4 + int(rng.below(2));
      int lean_x = rng.unit() < 0.5 ? 1 : -1, lean_z = rng.unit() < 0.5 ? 1 : -1;
      int bend = 2 + int(rng.below(2));
      Coord p{x, base.y, z};
      for (int i = 0; i < h; ++i) {
        if (i >= bend) p.x += lean_x, p.z += (i % 2 ? lean_z : 0);
        put(p, ids_.acacia_log);
        p.y++;
      }
      int top = p.y;  // flat canopy: radius 3 without corners, a radius-1 cap above
      for (int dz = -3; dz <= 3; ++dz)
        for (int dx = -3; dx <= 3; ++dx)
          if (std::abs(dx) + std::abs(dz) <= 4) leaves({p.x + dx, top - 1, p.z + dz}, ids_.acacia_leaves);
      for (int dz = -1; dz <= 1; ++dz)
        for (int dx = -1; dx <= 1; ++dx) leaves({p.x + dx, top, p.z + dz}, ids_.acacia_leaves);
      rep_.trees["acacia"]++;
    }
  }

  void surface_features(int32_t cx, int32_t cz) {
    Rng rng = chunk_rng(cx, cz, 2);
    for (int attempt = 0; attempt < 16; ++attempt) {
      int32_t x = cx * 16 + int32_t(rng.below(16)), z = cz * 16 + int32_t(rng.below(16));
      double u = rng.unit();
      if (!in_area({x, 0, z})) continue;
      const Column& c = col(x, z);
      if (c.h < o_.sea_level) continue;
      Coord base{x, c.h + 1, z};
      if (w_.block(base) != kAir) continue;
      BlockId ground = w_.block({x, c.h, z});
      static const double p_tree[] = {/*plains*/ 0.06, /*forest*/ 0.9, /*savanna*/ 0.15, /*desert*/ 0, /*mountains*/ 0.15};
      if (ground == ids_.grass && u < p_tree[int(c.biome)] * o_.tree_density) {
        tree(rng, base, c.biome);
      } else if (c.biome == Biome::Desert && ground == ids_.sand && u < 0.25 * o_.tree_density) {
        bool bush = u < 0.08;
        if (bush) {
          put(base, ids_.dead_bush);
          rep_.trees["dead_bush"]++;
        } else {
          int h = 1 + int(rng.below(3));
          for (int i = 0; i < h; ++i) put({x, base.y + i, z}, ids_.cactus);
          rep_.trees["cactus"]++;
        }
      }
    }
  }

  void mobs(int32_t cx, int32_t cz) {
    Rng rng = chunk_rng(cx, cz, 3);
    static const char* passive[] = {"cow", "pig", "sheep", "chicken"};
    static const double p_herd[] = {/*plains*/ 0.5, /*forest*/ 0.3, /*savanna*/ 0.35, /*desert*/ 0, /*mountains*/ 0.25};
    int32_t hx = cx * 16 + int32_t(rng.below(16)), hz = cz * 16 + int32_t(rng.below(16));
    double u = rng.unit();
    const char* type = passive[rng.below(4)];
    int herd = 2 + int(rng.below(3));
    double p = in_area({hx, 0, hz}) ? p_herd[int(col(hx, hz).biome)] : 0;
    if (o_.uneven && p > 0) {
      // Each species keeps to its biomes, in fewer and larger herds: which animal is near depends on
      // where the agent stands.
      static const char* by_biome[5][2] = {/*plains*/ {"cow", "sheep"}, /*forest*/ {"pig", "chicken"},
                                           /*savanna*/ {"cow", "chicken"}, /*desert*/ {"", ""},
                                           /*mountains*/ {"sheep", "sheep"}};
      // Herds gather where the grazing is open: 4-7 on the plains, alone or in pairs elsewhere.
      const Biome b = col(hx, hz).biome;
      type = by_biome[int(b)][rng.below(2)];
      herd = b == Biome::Plains ? 4 + int(rng.below(4)) : 1 + int(rng.below(2));
      p *= 0.5;
    }
    if (u < p * o_.mob_density)
      for (int i = 0; i < herd; ++i) {
        int32_t x = hx + int32_t(rng.below(7)) - 3, z = hz + int32_t(rng.below(7)) - 3;
        spawn(type, x, z, rng);
      }
    int32_t sx = cx * 16 + int32_t(rng.below(16)), sz = cz * 16 + int32_t(rng.below(16));
    if (rng.unit() < 0.22 * o_.mob_density) spawn("spider", sx, sz, rng);
  }

  void spawn(const char* type, int32_t x, int32_t z, Rng& rng) {
    if (!in_area({x, 0, z}) || col(x, z).h < o_.sea_level) return;
    int32_t y = top_solid(x, z) + 1;
    w_.add_entity(EntityKind::Mob, "", type, Pose{{x + 0.5, double(y), z + 0.5}, double(rng.below(4) * 90), 0});
    rep_.mobs[type]++;
  }

  World& w_;
  const WorldgenOptions& o_;
  WorldgenReport& rep_;
  Ids ids_;
  std::vector<size_t> counts_;
  Box area_;
  std::vector<Column> cols_;
};

}  // namespace

Biome biome_at(uint64_t seed, int32_t x, int32_t z) {
  if (mountain_factor(seed, x, z) > 0.5) return Biome::Mountains;
  double temp = fbm(seed, x, z, 80, kTemp), wet = fbm(seed, x, z, 64, kWet);
  if (temp > 0.56) return wet < 0.47 ? Biome::Desert : Biome::Savanna;
  return wet > 0.5 ? Biome::Forest : Biome::Plains;
}

int surface_height(uint64_t seed, int32_t x, int32_t z, int sea_level) {
  double d = fbm(seed, x, z, 48, kHeight) - 0.5;
  double h = sea_level + 3 + d * 16;
  double m = mountain_factor(seed, x, z);
  h += m * (14 + 40 * fbm(seed, x, z, 28, kPeaks));
  double lake = fbm(seed, x, z, 40, kLake);
  if (lake < 0.4) h -= (0.4 - lake) * 50 * (1 - m);
  return std::clamp(int(std::lround(h)), 8, 200);
}

double river_offset(uint64_t seed, int32_t x, int32_t z) {
  // The channel follows the 0.5 contour of a smooth noise; mountains have none (they would need gorges).
  if (mountain_factor(seed, x, z) > 0.05) return std::numeric_limits<double>::infinity();
  constexpr double kHalfWidth = 0.014;  // in noise units: 2-5 blocks where the noise is steep, wider where flat
  return std::abs(fbm(seed, x, z, 112, kRiver) - 0.5) / kHalfWidth;
}

bool river_ford(uint64_t seed, int32_t x, int32_t z) { return value_noise(seed, x, z, 24, kFord) > 0.78; }

WorldgenReport generate(World& world, const WorldgenOptions& options) {
  if (options.size_x <= 0 || options.size_z <= 0) throw std::invalid_argument("worldgen: empty area");
  auto t0 = std::chrono::steady_clock::now();
  WorldgenReport rep;
  Gen(world, options, rep).run();
  rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return rep;
}

std::unique_ptr<World> make_survival_world(std::shared_ptr<const BlockRegistry> registry, const WorldgenOptions& options,
                                           WorldgenReport* report) {
  WorldOptions wo;
  wo.seed = options.seed;
  wo.ground = false;
  auto w = std::make_unique<World>(std::move(registry), wo);
  WorldgenReport rep = generate(*w, options);
  if (report) *report = std::move(rep);
  return w;
}

uint64_t world_hash(const World& world, const Box& box) {
  uint64_t h = 1469598103934665603ull;
  auto feed = [&](const void* p, size_t n) {
    auto b = static_cast<const unsigned char*>(p);
    for (size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 1099511628211ull;
  };
  for (int32_t x = box.min.x; x <= box.max.x; ++x)
    for (int32_t z = box.min.z; z <= box.max.z; ++z)
      for (int32_t y = box.min.y; y <= box.max.y; ++y) {
        const std::string& name = world.registry()[world.block({x, y, z})].name;
        feed(name.data(), name.size() + 1);
      }
  for (const Entity& e : world.entities()) {
    if (!box.contains(cell_of(e.pose.pos))) continue;
    feed(e.type.data(), e.type.size() + 1);
    feed(&e.pose.pos, sizeof e.pose.pos);
  }
  return h;
}

std::vector<std::string> underground_block_types() {
  std::vector<std::string> v = {"stone", "granite", "diorite", "andesite"};
  for (const auto& r : ore_rules()) v.push_back(r.block);
  return v;
}

std::vector<std::string> generated_block_types() {
  std::vector<std::string> v = {"bedrock", "dirt", "grass_block", "sand", "sandstone", "gravel", "water",
                                "snow_block", "clay", "oak_log", "oak_leaves",
                                "birch_log", "birch_leaves", "spruce_log", "spruce_leaves", "acacia_log",
                                "acacia_leaves", "cactus", "dead_bush"};
  for (const auto& b : underground_block_types()) v.push_back(b);
  return v;
}

std::vector<std::string> generated_mob_types() { return {"cow", "pig", "sheep", "chicken", "spider"}; }

}  // namespace plank::survival
