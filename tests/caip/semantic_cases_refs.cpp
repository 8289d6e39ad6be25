// Semantic cases: references (conjunctive filters, lexicon, lemmas) and coreference.
#include "semantic_cases.h"

namespace plank::caip::test {

void add_reference_cases(std::vector<SemanticCase>& v) {
  auto add = [&](SemanticCase c) { v.push_back(std::move(c)); };
  const std::string destroy = R"({"action_type": "DESTROY", "reference_object": {"has_name": "@)";
  const std::string build_cube = R"({"action_type": "BUILD", "schematic": {"has_name": "@cube", "has_colour": "@red"}})";
  const Step red_cube = hand("build a red cube", cmd(build_cube));

  // A noun before the head names a kind: the village has a door but no cave, so "the cave entrance" is asked about;
  // the door is part of the house, so it is "the house door".
  add({"cave_entrance_is_asked", "village", {}, hand("destroy the cave entrance", cmd(destroy + R"(cave entrance"}})")),
       {asked(), says("cave entrance"), nothing_changed()}});
  add({"house_door_is_the_door", "village", {}, hand("destroy the house door", cmd(destroy + R"(house door"}})")),
       {done(), destroyed("door"), unchanged("tree")}});
  add({"destroy_it_after_building", "flat", {red_cube}, hand("destroy it", cmd(destroy + R"(it"}})")),
       {done(), destroyed("cube"), unchanged("rock")}});
  add({"destroy_that_after_building", "flat", {red_cube}, hand("destroy that", cmd(destroy + R"(that"}})")),
       {done(), unchanged("rock")}});
  add({"that_house_must_be_a_house", "flat", {}, hand("destroy that house", cmd(destroy + R"(that house"}})")),
       {asked(), nothing_changed()}});
  add({"that_cube_after_building_one", "flat", {red_cube}, hand("destroy that cube", cmd(destroy + R"(that cube"}})")),
       {done(), destroyed("cube"), unchanged("rock")}});
  add({"the_structure_you_just_built", "flat", {red_cube}, hand("destroy the structure you just built",
       cmd(destroy + R"(structure"}})")),
       {done(), destroyed("cube"), unchanged("rock")}});
  // The data's span stops at the noun ("destroy the [structure] you just built") while the speaker looks at
  // something else: the clause after the span still names the agent's newest work, not the looked-at cube.
  add({"made_clause_after_the_span_names_the_newest_work", "village",
       {hand("build a sphere", cmd(R"({"action_type": "BUILD", "schematic": {"has_name": "@sphere"}})"))},
       hand("destroy the structure you just built", cmd(destroy + R"(structure"}})")),
       {done(), destroyed("sphere"), unchanged("cube"), no_object_lost_blocks({"sphere"})}});
  add({"copy_it_to_the_left", "flat", {red_cube}, hand("build another one to the left",
       cmd(R"({"action_type": "BUILD", "reference_object": {"has_name": "@one", "contains_coreference": "yes"},
           "location": {"location_type": "SPEAKER_LOOK", "relative_direction": "LEFT"}})")),
       {done(), unchanged("cube"), unchanged("rock"), blocks_added_in(Box::of({-20, 0, -20}, {20, 10, 20}), 8)}});
  add({"generic_word_does_not_match_everything", "rock_and_cube", {}, hand("destroy the red structure",
       cmd(destroy + R"(red structure"}})")),
       {done(), destroyed("cube"), unchanged("rock")}});
  add({"gold_names_the_rock_by_material", "rock_and_cube", {}, hand("destroy the gold",
       cmd(destroy + R"(gold"}})")),
       {done(), destroyed("rock"), unchanged("cube")}});
  add({"plural_lemma_stairs", "village", {}, hand("destroy the stairs", cmd(destroy + R"(stairs"}})")),
       {done(), destroyed("stairs"), no_object_lost_blocks({"stairs"})}});
  add({"tag_alias_crate", "village", {}, hand("destroy the crate", cmd(destroy + R"(crate"}})")),
       {done(), destroyed("box"), unchanged("house"), unchanged("tower")}});
  // The castle's 256 stone bricks take longer by hand than one command may: not "done".
  add({"tag_alias_fortress_too_big_for_one_command", "village", {}, hand("destroy the fortress", cmd(destroy + R"(fortress"}})")),
       {refused(), says("the castle"), says("still stands"), unchanged("house"), unchanged("tower")}});
  add({"explicit_location_beats_gaze", "rock_and_cube", {}, hand("destroy the thing to the right of the rock",
       cmd(R"({"action_type": "DESTROY", "reference_object": {"has_name": "@thing", "location": {"location_type": "REFERENCE_OBJECT",
           "relative_direction": "RIGHT", "reference_object": {"has_name": "@rock"}}}})")),
       {done(), destroyed("cube"), unchanged("rock")}});
  add({"colour_modifier_must_hold", "rock_and_cube", {}, hand("destroy the blue cube", cmd(destroy + R"(blue cube"}})")),
       {asked(), nothing_changed()}});
  add({"material_modifier_must_hold", "village", {}, hand("destroy the wooden tower", cmd(destroy + R"(wooden tower"}})")),
       {asked(), nothing_changed()}});
  add({"spruce_roof_is_wooden", "village", {}, hand("destroy the wooden roof", cmd(destroy + R"(wooden roof"}})")),
       {done(), destroyed("roof"), unchanged("tree")}});
  // "all the plants": every thing that is a plant (the tree, the bush, the flowers, the field's crops), not only
  // the one tagged "plant".
  add({"tag_all_the_plants_from_data", "village", {}, data("tag all the plants as poisonous ."),
       {done(), tagged_each({"tree", "bush", "flowers", "field"}, "poisonous")}});
  // "to your left" is in the words only (the form: a structure at the agent's position): the agent's own left.
  add({"tag_the_structure_to_your_left_from_data", "village", {}, data("tag the structure to your left as a stable"),
       {done(), tagged_on_agents_side("stable", "LEFT")}});
  // "the east side of the room" (the form: the room): in the room, at its east end.
  add({"move_to_the_east_side_of_the_room_from_data", "village", {}, data("move to the east side of the room"),
       {done(), agent_on_compass_side("room", {1, 0, 0}), agent_inside("house")}});
  add({"mob_alias_dog_is_wolf", "village", {}, hand("go to the dog",
       cmd(R"({"action_type": "MOVE", "location": {"location_type": "REFERENCE_OBJECT", "reference_object": {"has_name": "@dog"}}})")),
       {done(), agent_near_mob("wolf", 2)}});
}

}  // namespace plank::caip::test
