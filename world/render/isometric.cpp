#include "world/render/isometric.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "world/voxels/raycast.h"

namespace plank::render {

using namespace world;

namespace {

// Light falls from above and to the left: top faces full, left 80 %, right 62 %.
constexpr double kShade[] = {0, 1.0, 0.80, 0.62};
constexpr double kEdge = 0.72;  // outline darkening

enum Face : uint8_t { kNone = 0, kTop = 1, kLeft = 2, kRight = 3 };

// A cube's footprint: 2T x 2T pixels, top vertex at (T, 0).
struct Sprite {
  int size = 0;
  std::vector<uint8_t> face;  // Face per pixel
  std::vector<uint8_t> edge;  // 1 where the pixel borders another face or nothing

  explicit Sprite(int t) : size(2 * t), face(size_t(size) * size), edge(size_t(size) * size) {
    for (int v = 0; v < size; ++v)
      for (int u = 0; u < size; ++u) {
        double x = u + 0.5, y = v + 0.5;
        Face f = kNone;
        if (std::abs(x - t) / t + std::abs(y - t / 2.0) / (t / 2.0) <= 1) f = kTop;
        else if (x < t && y > t / 2.0 + x / 2 && y < 1.5 * t + x / 2) f = kLeft;
        else if (x >= t && y > t - (x - t) / 2 && y < 2.0 * t - (x - t) / 2) f = kRight;
        face[size_t(v) * size + u] = f;
      }
    for (int v = 0; v < size; ++v)
      for (int u = 0; u < size; ++u) {
        uint8_t f = at(u, v);
        if (!f) continue;
        edge[size_t(v) * size + u] = at(u - 1, v) != f || at(u + 1, v) != f || at(u, v - 1) != f || at(u, v + 1) != f;
      }
  }
  uint8_t at(int u, int v) const { return u < 0 || v < 0 || u >= size || v >= size ? uint8_t(kNone) : face[size_t(v) * size + u]; }
};

Rgb shade(Rgb c, double k) { return {uint8_t(c.r * k), uint8_t(c.g * k), uint8_t(c.b * k)}; }

void stamp(Image& img, const Sprite& s, int ox, int oy, Rgb top, Rgb sides) {
  for (int v = 0; v < s.size; ++v)
    for (int u = 0; u < s.size; ++u) {
      uint8_t f = s.face[size_t(v) * s.size + u];
      if (!f) continue;
      double k = kShade[f] * (s.edge[size_t(v) * s.size + u] ? kEdge : 1.0);
      img.put(ox + u, oy + v, shade(f == kTop ? top : sides, k));
    }
}

struct Draw {
  double depth;
  double x, y, z;  // the cube's minimum corner
  bool small;
  Rgb top, sides;
};

// Entities: colours chosen to stand out from every block colour in the table.
Rgb entity_colour(const Entity& e) {
  static const Rgb kColours[] = {{255, 255, 255}, {236, 64, 190}, {250, 140, 120}};
  return kColours[int(e.kind)];
}

void dashed_line(Image& img, int x0, int y0, int x1, int y1, Rgb c) {
  int dx = std::abs(x1 - x0), dy = -std::abs(y1 - y0), sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1, err = dx + dy;
  for (int i = 0;; ++i) {
    if ((i / 4) % 2 == 0) img.put(x0, y0, c), img.put(x0 + 1, y0, c);
    if (x0 == x1 && y0 == y1) break;
    int e2 = 2 * err;
    if (e2 >= dy) err += dy, x0 += sx;
    if (e2 <= dx) err += dx, y0 += sy;
  }
}

// The picture's pixel bounds at tile t: the box's corners projected.
struct PixelBounds {
  int min_x = INT32_MAX, min_y = INT32_MAX, max_x = INT32_MIN, max_y = INT32_MIN;
  int width(int pad) const { return max_x - min_x + 2 * pad; }
  int height(int pad) const { return max_y - min_y + 2 * pad; }
};

PixelBounds pixel_bounds(const Box& box, int t) {
  PixelBounds b;
  for (int i = 0; i < 8; ++i) {
    double x = i & 1 ? box.max.x + 1 : box.min.x, y = i & 2 ? box.max.y + 3 : box.min.y, z = i & 4 ? box.max.z + 1 : box.min.z;
    int sx = int((x - z) * t), sy = int((x + z) * t / 2 - y * t);
    b.min_x = std::min(b.min_x, sx), b.max_x = std::max(b.max_x, sx), b.min_y = std::min(b.min_y, sy), b.max_y = std::max(b.max_y, sy);
  }
  return b;
}

// The tile the picture is drawn at: the asked one (a multiple of 4, 4 to 64),
// smaller where the picture would pass max_pixels (the box is at most
// max_extent cells an axis, so tile 4 always fits the default limit).
int fitting_tile(const Box& box, const IsoOptions& options) {
  int t = std::clamp(options.tile / 4 * 4, 4, 64);
  auto pixels = [&](int tile) {
    PixelBounds b = pixel_bounds(box, tile);
    return int64_t(b.width(tile)) * b.height(tile);
  };
  while (t > 4 && pixels(t) > options.max_pixels) t -= 4;
  return t;
}

}  // namespace

IsoPicture render_isometric(const World& world, const IsoOptions& options) {
  IsoPicture pic;
  Box box = pic.box = view_box(world, options.view);
  pic.tile = fitting_tile(box, options);
  const int t = pic.tile;

  std::vector<Draw> draws;
  auto inside_filled = [&](Coord c) { return box.contains(c) && world.block(c) != kAir; };
  for (int32_t y = box.min.y; y <= box.max.y; ++y)
    for (int32_t z = box.min.z; z <= box.max.z; ++z)
      for (int32_t x = box.min.x; x <= box.max.x; ++x) {
        BlockId id = world.block({x, y, z});
        if (id == kAir) continue;
        // Hidden when the three neighbours on the camera's side are filled.
        if (inside_filled({x + 1, y, z}) && inside_filled({x, y + 1, z}) && inside_filled({x, y, z + 1})) continue;
        Rgb c = world.registry()[id].colour.rgb;
        draws.push_back({double(x + y + z), double(x), double(y), double(z), false, c, c});
      }
  for (const Entity& e : world.entities()) {
    // A pillar of small cubes: body in the entity's colour, head lighter (players are two tall).
    // Half-size cubes: players are three (body, body, head), mobs one.
    int height = e.kind == EntityKind::Mob ? 1 : 3;
    Rgb body = entity_colour(e);
    for (int i = 0; i < height; ++i) {
      double x = e.pose.pos.x - 0.25, y = e.pose.pos.y + i * 0.5, z = e.pose.pos.z - 0.25;
      Rgb c = i + 1 == height && height > 1 ? Rgb{245, 205, 170} : body;
      // After the cubes behind its cell, before those in front of it.
      double depth = std::floor(x) + std::floor(y) + std::floor(z) + 0.5;
      draws.push_back({depth, x, y, z, true, c, body});
    }
  }
  std::stable_sort(draws.begin(), draws.end(), [](const Draw& a, const Draw& b) { return a.depth < b.depth; });

  const PixelBounds bounds = pixel_bounds(box, t);
  const int pad = t;
  pic.offset_x = pad - bounds.min_x;
  pic.offset_y = pad - bounds.min_y;
  int width = bounds.width(pad), height = bounds.height(pad);
  pic.image = Image(width, height, kSkyTop);
  for (int y = 0; y < height; ++y) {  // a soft vertical sky gradient
    double k = double(y) / std::max(1, height - 1);
    Rgb c{uint8_t(kSkyTop.r + (kSkyBottom.r - kSkyTop.r) * k), uint8_t(kSkyTop.g + (kSkyBottom.g - kSkyTop.g) * k),
          uint8_t(kSkyTop.b + (kSkyBottom.b - kSkyTop.b) * k)};
    for (int x = 0; x < width; ++x) pic.image.put(x, y, c);
  }

  Sprite full(t), small(t / 2);
  for (const Draw& d : draws) {
    double s = d.small ? 0.5 : 1.0;
    // The sprite's top vertex is the cube's corner (x, y + size, z).
    auto [px, py] = pic.project(d.x, d.y + s, d.z);
    const Sprite& sp = d.small ? small : full;
    stamp(pic.image, sp, px - sp.size / 2, py, d.top, d.sides);
  }
  if (options.gaze)
    for (const Entity& e : world.entities()) {
      if (e.kind != EntityKind::Speaker) continue;
      auto hit = look_target(world, e);
      if (!hit) continue;
      Vec3 eye = eye_position(e.pose);
      auto [x0, y0] = pic.project(eye.x, eye.y, eye.z);
      auto [x1, y1] = pic.top_centre(hit->block);
      if (hit->normal.y == 0) std::tie(x1, y1) = pic.project(hit->block.x + 0.5 + hit->normal.x * 0.5, hit->block.y + 0.5,
                                                            hit->block.z + 0.5 + hit->normal.z * 0.5);
      dashed_line(pic.image, x0, y0, x1, y1, Rgb{255, 230, 40});
    }
  return pic;
}

}  // namespace plank::render
