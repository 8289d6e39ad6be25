// PNG encoding with zlib only (8-bit RGB, filter 0 per row): a picture needs no
// more, and it keeps libpng out of the dependency list.
#pragma once
#include <string>
#include <vector>

#include "world/render/image.h"

namespace plank::render {

std::vector<uint8_t> encode_png(const Image& image);
bool write_png(const Image& image, const std::string& path, std::string* error);

}  // namespace plank::render
