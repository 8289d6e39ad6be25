// Isometric pictures of a world: the camera looks from +x, +z and above, so
// each cube shows its top (lit), its +z face (left, mid shade) and its +x face
// (right, dark). Cubes are drawn back to front (painter's order by x + y + z:
// in this projection cubes with equal sums never overlap), each from a
// precomputed sprite with dark edges so neighbouring blocks stay readable.
// Entities are small two-tone pillars; a dashed line shows where each speaker looks.
#pragma once
#include <cstdint>
#include <utility>

#include "world/render/image.h"
#include "world/render/view.h"
#include "world/voxels/world.h"

namespace plank::render {

struct IsoOptions {
  int tile = 12;  // half the width of a cube in pixels; a multiple of 4 from 4 to 64
  // The most pixels a picture may have (3 bytes each): a larger picture is
  // drawn with a smaller tile (down to 4), so no world or tile a caller asks
  // for makes the image outgrow it (the view box is at most view.max_extent
  // cells an axis: at tile 4 that is about 4.3 M pixels).
  int64_t max_pixels = 16ll << 20;
  ViewOptions view;
  bool gaze = true;  // draw where speakers look
};

struct IsoPicture {
  Image image;
  world::Box box;
  int tile = 12;
  int offset_x = 0, offset_y = 0;
  // Pixel of a world point (continuous coordinates).
  std::pair<int, int> project(double x, double y, double z) const {
    return {int((x - z) * tile) + offset_x, int((x + z) * tile / 2 - y * tile) + offset_y};
  }
  // Pixel at the centre of a cell's top face.
  std::pair<int, int> top_centre(world::Coord c) const { return project(c.x + 0.5, c.y + 1, c.z + 0.5); }
};

inline constexpr Rgb kSkyTop{172, 203, 236}, kSkyBottom{226, 236, 246};

IsoPicture render_isometric(const world::World& world, const IsoOptions& options = {});

}  // namespace plank::render
