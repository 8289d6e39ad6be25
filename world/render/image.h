// An RGB image in memory: what the renderers draw into and png_writer saves.
#pragma once
#include <cstdint>
#include <vector>

#include "world/voxels/block_colours.h"

namespace plank::render {

using world::Rgb;

struct Image {
  int width = 0, height = 0;
  std::vector<uint8_t> rgb;  // row-major, 3 bytes a pixel
  Image() = default;
  Image(int w, int h, Rgb fill) : width(w), height(h), rgb(size_t(w) * h * 3) {
    for (size_t i = 0; i < rgb.size(); i += 3) rgb[i] = fill.r, rgb[i + 1] = fill.g, rgb[i + 2] = fill.b;
  }
  bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
  void put(int x, int y, Rgb c) {
    if (!inside(x, y)) return;
    uint8_t* p = &rgb[(size_t(y) * width + x) * 3];
    p[0] = c.r, p[1] = c.g, p[2] = c.b;
  }
  Rgb at(int x, int y) const {
    const uint8_t* p = &rgb[(size_t(y) * width + x) * 3];
    return {p[0], p[1], p[2]};
  }
};

}  // namespace plank::render
