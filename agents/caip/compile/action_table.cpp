#include "agents/caip/compile/action_table.h"

#include "agents/caip/compile/lower.h"

namespace plank::caip {

const std::vector<ActionType>& action_types() {
  static const std::vector<ActionType> table = {
      {"BUILD", lower_build, "building", "", true, {"build", "make", "construct", "create", "copy"}},
      {"DESTROY", lower_destroy, "destroying", "", true, {"destroy", "break", "remove"}},
      {"DIG", lower_dig, "digging", "", true, {"dig", "mine", "excavate"}},
      {"FILL", lower_fill, "filling", "", true, {"fill"}},
      {"SPAWN", lower_spawn, "spawning", "", true, {"spawn"}},
      {"MOVE", lower_move, "moving", "walked", true, {"move", "go", "walk", "come"}},
      {"DANCE", lower_dance, "dancing", "danced", false, {"dance"}},
      {"FREEBUILD", lower_freebuild, "building", "", true, {"freebuild", "finish", "complete"}},
      {"UNDO", lower_undo, "", "", false, {}},
      {"STOP", lower_stop, "", "", false, {}},
      {"RESUME", lower_resume, "", "", false, {}},
      {"OTHERACTION", lower_other, "", "", true, {}},
      {"GET", lower_other, "", "", true, {}},
      {"GIVE", lower_other, "", "", true, {}},
  };
  return table;
}

const ActionType* find_action_type(std::string_view name) {
  for (const auto& row : action_types())
    if (row.name == name) return &row;
  return nullptr;
}

}  // namespace plank::caip
