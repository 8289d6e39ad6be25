#include <gtest/gtest.h>

#include <zlib.h>

#include "world/render/ascii.h"
#include "world/render/isometric.h"
#include "world/render/png_writer.h"
#include "world/voxels/world.h"

namespace plank::render {
namespace {

using namespace world;

uint32_t be32(const std::vector<uint8_t>& b, size_t at) {
  return uint32_t(b[at]) << 24 | uint32_t(b[at + 1]) << 16 | uint32_t(b[at + 2]) << 8 | b[at + 3];
}

TEST(PngWriter, WritesAValidPng) {
  Image img(7, 5, Rgb{10, 20, 30});
  img.put(3, 2, Rgb{255, 0, 0});
  auto png = encode_png(img);
  const uint8_t sig[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  ASSERT_GT(png.size(), 50u);
  EXPECT_TRUE(std::equal(sig, sig + 8, png.begin()));
  EXPECT_EQ(std::string(png.begin() + 12, png.begin() + 16), "IHDR");
  EXPECT_EQ(be32(png, 16), 7u);
  EXPECT_EQ(be32(png, 20), 5u);
  // Every chunk's CRC checks out, and the pixels decompress back.
  size_t at = 8;
  std::vector<uint8_t> idat;
  while (at < png.size()) {
    uint32_t len = be32(png, at);
    uint32_t crc = uint32_t(crc32(0, png.data() + at + 4, len + 4));
    EXPECT_EQ(crc, be32(png, at + 8 + len));
    if (std::string(png.begin() + at + 4, png.begin() + at + 8) == "IDAT")
      idat.insert(idat.end(), png.begin() + at + 8, png.begin() + at + 8 + len);
    at += 12 + len;
  }
  EXPECT_EQ(at, png.size());
  std::vector<uint8_t> raw(5 * (1 + 7 * 3));
  uLongf size = raw.size();
  ASSERT_EQ(uncompress(raw.data(), &size, idat.data(), uLong(idat.size())), Z_OK);
  EXPECT_EQ(raw[2 * 22 + 1 + 3 * 3], 255);  // row 2 (filter byte first), pixel 3, red
}

TEST(Isometric, DrawsBlocksWhereTheyAre) {
  auto r = BlockRegistry::builtin();
  World w(r);
  w.fill(Box::of({0, 0, 0}, {2, 2, 2}), r->iglu(3));
  IsoPicture pic = render_isometric(w);
  // The view is the cube plus 3 cells of margin: 9 x 9 cells across.
  EXPECT_GT(pic.image.width, 18 * pic.tile);
  EXPECT_GT(pic.image.height, 9 * pic.tile);
  auto [x, y] = pic.top_centre({1, 2, 1});
  ASSERT_TRUE(pic.image.inside(x, y));
  Rgb red = (*r)[r->iglu(3)].colour.rgb;
  EXPECT_EQ(pic.image.at(x, y), red);  // a top face is drawn unshaded
  // The corners of the picture are sky.
  Rgb corner = pic.image.at(0, 0);
  EXPECT_GT(corner.b, corner.r);
  // The ground around it is drawn too (grass green).
  auto [gx, gy] = pic.top_centre({4, -1, -2});  // right of the cube, not behind it
  Rgb grass = (*r)[*r->find("grass_block")].colour.rgb;
  EXPECT_EQ(pic.image.at(gx, gy), grass);
  auto png = encode_png(pic.image);
  EXPECT_EQ(be32(png, 16), uint32_t(pic.image.width));
}

// Issue 24: a plan may spread its builds as far as it likes and a caller may
// ask for the largest tile; the picture still stays under max_pixels (before:
// a 256-cell view at tile 64 was a 33,000 x 33,000 image, 3 GB).
TEST(Isometric, APictureNeverOutgrowsItsPixelLimit) {
  auto r = BlockRegistry::builtin();
  World w(r);
  w.set_block({0, 0, 0}, r->iglu(3));
  w.set_block({75, 75, 75}, r->iglu(3));
  w.set_block({150, 150, 150}, r->iglu(3));  // the view box is the middle max_extent cells an axis
  IsoOptions o;
  o.tile = 64;
  o.view.ground_depth = 0;
  o.view.max_extent = 128;   // smaller than the default 256 and its 16 M pixels,
  o.max_pixels = 4ll << 20;  // so that the test stays quick under the sanitizers
  IsoPicture pic = render_isometric(w, o);
  EXPECT_LE(int64_t(pic.image.width) * pic.image.height, o.max_pixels);
  EXPECT_LT(pic.tile, 64) << "drawn with smaller cubes";
  EXPECT_EQ(pic.tile % 4, 0);
  auto [x, y] = pic.top_centre({75, 75, 75});
  ASSERT_TRUE(pic.image.inside(x, y));
  EXPECT_EQ(pic.image.at(x, y), (*r)[r->iglu(3)].colour.rgb) << "the smaller picture is still drawn right";
  // A small world keeps the tile it asked for.
  World small(r);
  small.set_block({0, 0, 0}, r->iglu(3));
  EXPECT_EQ(render_isometric(small, o).tile, 64);
  o.tile = 100000;  // out of range: the largest tile, not an overflow
  EXPECT_EQ(render_isometric(small, o).tile, 64);
}

TEST(Ascii, TopAndSideViews) {
  auto r = BlockRegistry::builtin();
  World w(r);
  w.fill(Box::of({0, 0, 0}, {1, 2, 0}), r->iglu(3));
  w.set_block({4, -1, 0}, kAir);
  std::string text = render_ascii(w, ViewOptions{1, 1});
  EXPECT_NE(text.find("top view"), std::string::npos);
  EXPECT_NE(text.find("side view"), std::string::npos);
  EXPECT_NE(text.find("r iglu_red"), std::string::npos) << text;
  // Top view, row z = 0, x from -1: ground, the agent (standing at x = 0), red, ground, ground, hole, ground.
  EXPECT_NE(text.find("\n.Ar.._.\n"), std::string::npos) << text;
  // Side view, row y = 2 (above the agent's head): red at x = 0 and 1.
  EXPECT_NE(text.find("\n rr     2\n"), std::string::npos) << text;
}

}  // namespace
}  // namespace plank::render
