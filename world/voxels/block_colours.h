// Block colours for pictures and for perception's colour histogram. Not in
// minecraft-data, so this is the one place they are declared: a short table of
// name patterns (first match wins), then a material default, then a colour
// hashed from the name (deterministic, so a picture never changes between runs).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace plank::world {

struct Rgb {
  uint8_t r = 0, g = 0, b = 0;
  friend bool operator==(const Rgb&, const Rgb&) = default;
};

struct BlockColour {
  Rgb rgb;
  std::string word;  // a colour word people use ("red", "brown"): the histogram's key
};

// name: a minecraft-data block name ("red_wool"); material: its material or "".
BlockColour block_colour(std::string_view name, std::string_view material);

// The nearest of the sixteen dye colour words to an arbitrary colour.
std::string nearest_colour_word(Rgb rgb);

}  // namespace plank::world
