// The small programs the learned `plank` builder predicts (docs/iglu.md):
// one action over the zone, in slots a model fills one by one.
//   add:    a shape (a single block, a row, a column, a floor of length x
//           width, a wall of length x height) of one colour, its lowest layer
//           at height `base`, placed where it fits whole in empty cells,
//           starting nearest the highest block of the `anchor` colour it was
//           said to go on or beside (else its middle nearest the zone's);
//   remove: the `length` highest blocks of one colour;
//   recolour: the `length` highest blocks of colour `from` become `colour`
//           ("replace the red blocks with yellow ones").
// The IGLU F1 ignores where a change is made and which way it faces (only
// heights count), so a shape, its colour and its height say all the F1 sees.
#pragma once
#include <string>
#include <vector>

#include "agents/iglu/zone/zone.h"

namespace plank::iglu {

enum class ProgramAction { Add, Remove, Recolour };
inline constexpr int kProgramActions = 3;
enum class ProgramShape { Block, Row, Column, Floor, Wall };
inline constexpr int kProgramShapes = 5;

std::string_view shape_name(ProgramShape s);  // "block", "row", "column", "floor", "wall"

struct ZoneProgram {
  ProgramAction action = ProgramAction::Add;
  ProgramShape shape = ProgramShape::Block;
  int colour = 1;
  int length = 1;  // add: the row's, column's or long side's blocks; remove: how many
  int width = 1;   // a floor's second side, a wall's height
  int base = 0;    // add: the height of the lowest layer
  int anchor = 0;  // add: the colour whose highest block it starts from (on top or beside); 0 for none
  int from = 0;    // recolour: the colour of the blocks that change
  friend bool operator==(const ZoneProgram&, const ZoneProgram&) = default;
};

// The cells an add program fills, at x = z = 0 going along +x (y from base).
std::vector<Block> shape_cells(const ZoneProgram& p);

struct ProgramEffect {
  std::vector<Block> add, remove;  // zone frame
};

// What the program does to `world`: only cells inside the zone, only empty
// cells for an add, only existing blocks for a remove (a recolour removes
// and adds at the same cells, as the reply protocol re-colours); so its reply is
// always valid (gravity aside: a shape may float, as IGLU's targets do).
ProgramEffect run_program(const ZoneProgram& p, const std::vector<Block>& world);

// "add a red column of 3 at height 1", for messages and the error analysis.
std::string describe(const ZoneProgram& p);

}  // namespace plank::iglu
