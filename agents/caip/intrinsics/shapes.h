// The shape library: every schematic the agent knows how to build, declared
// once as a table (shapes.cpp) of generators with their default sizes and the
// names people use for them ("cube", "box", "house", "hut", "igloo" ...).
// A generator fills a list of cells inside the box [0, width) x [0, height) x
// [0, length) (origin: the lowest, smallest x/z corner), each with a material role so composites (a house: walls, roof, door) can
// use several blocks.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "world/voxels/coord.h"

namespace plank::caip {

enum class Role : uint8_t { Main, Roof, Trim, Door, Window, Air, Leaves };

// How a shape goes *around* something ("a fence around the house"): an
// outline on the ground drawn round its footprint, a shell it stands inside,
// or neither (then copies are set round it).
enum class Enclosure : uint8_t { None, Outline, Shell };

struct ShapeCell {
  world::Coord at;
  Role role = Role::Main;
};

// Extents in blocks; 0 = the shape's default (or derived from `size`).
struct ShapeParams {
  int width = 0, height = 0, length = 0;  // x, y, z
  int radius = 0;
  int thickness = 1;
};

struct ShapeDef {
  std::string_view name;                  // the canonical name ("hollow_rectanguloid")
  std::vector<std::string_view> aliases;  // words in commands that mean it (lemmas)
  ShapeParams defaults;
  std::string_view default_block;         // minecraft-data block when the command names none
  std::string_view doc;
  std::vector<ShapeCell> (*generate)(const ShapeParams&);
  Enclosure enclose = Enclosure::None;
};

const std::vector<ShapeDef>& shapes();
// By canonical name or alias (words are lemmatised by the caller).
const ShapeDef* find_shape(std::string_view word);
// A misspelt name ("pyrmid", "sphear"): an alias of five letters or more with
// the same first letter within one edit (two for eight letters or more), when
// exactly one shape has such an alias; else null.
const ShapeDef* find_shape_misspelt(std::string_view word);

// Resolves 0 extents against the defaults, scaled so that the largest extent is
// `size` when size > 0. A cube, hollow cube or ball given one extent keeps all
// three equal; given two ("a 10 by 20 room") it keeps both and the default height.
ShapeParams resolve_params(const ShapeDef& def, ShapeParams given, int size);

// The cells, relative to the shape's origin.
std::vector<ShapeCell> shape_cells(const ShapeDef& def, const ShapeParams& params);

// Markdown table of the library (docs/caip-execution.md).
std::string shapes_markdown();

}  // namespace plank::caip
