#include "world/render/png_writer.h"

#include <zlib.h>

#include <cstring>
#include <fstream>

namespace plank::render {
namespace {

void put32(std::vector<uint8_t>& out, uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) out.push_back(uint8_t(v >> s));
}

void chunk(std::vector<uint8_t>& out, const char type[4], const std::vector<uint8_t>& data) {
  put32(out, uint32_t(data.size()));
  size_t start = out.size();
  out.insert(out.end(), type, type + 4);
  out.insert(out.end(), data.begin(), data.end());
  put32(out, uint32_t(crc32(0, out.data() + start, uInt(out.size() - start))));  // CRC covers type + data
}

}  // namespace

std::vector<uint8_t> encode_png(const Image& image) {
  std::vector<uint8_t> out = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  std::vector<uint8_t> header;
  put32(header, uint32_t(image.width));
  put32(header, uint32_t(image.height));
  header.insert(header.end(), {8, 2, 0, 0, 0});  // 8-bit, RGB, deflate, filter set 0, no interlace
  chunk(out, "IHDR", header);

  size_t row = size_t(image.width) * 3;
  std::vector<uint8_t> raw;
  raw.reserve((row + 1) * image.height);
  for (int y = 0; y < image.height; ++y) {
    raw.push_back(0);  // filter: none (flat-colour pictures compress well anyway)
    raw.insert(raw.end(), image.rgb.begin() + y * row, image.rgb.begin() + (y + 1) * row);
  }
  uLongf size = compressBound(uLong(raw.size()));
  std::vector<uint8_t> packed(size);
  compress2(packed.data(), &size, raw.data(), uLong(raw.size()), 6);
  packed.resize(size);
  chunk(out, "IDAT", packed);
  chunk(out, "IEND", {});
  return out;
}

bool write_png(const Image& image, const std::string& path, std::string* error) {
  auto bytes = encode_png(image);
  std::ofstream out(path, std::ios::binary);
  if (out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size())) && out.flush()) return true;
  if (error) *error = "cannot write " + path;
  return false;
}

}  // namespace plank::render
