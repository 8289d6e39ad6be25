// Semantic cases: DESTROY, DIG, FILL, SPAWN, MOVE, DANCE, FREEBUILD.
#include "semantic_cases.h"

namespace plank::caip::test {

void add_action_cases(std::vector<SemanticCase>& v) {
  auto add = [&](SemanticCase c) { v.push_back(std::move(c)); };
  const std::string destroy = R"({"action_type": "DESTROY", "reference_object": {"has_name": "@)";

  // ------------------------------------------------------------ DESTROY
  add({"destroy_the_cube", "village", {}, hand("destroy the cube", cmd(destroy + R"(cube"}})")),
       {done(), destroyed("cube"), no_object_lost_blocks({"cube"})}});
  add({"destroy_the_tower", "village", {}, hand("destroy the tower", cmd(destroy + R"(tower"}})")),
       {done(), destroyed("tower"), unchanged("house"), no_object_lost_blocks({"tower"})}});
  add({"destroy_the_pyramid_from_data", "village", {}, data("destroy the pyramid in front of you ."),
       {done(), destroyed("pyramid"), no_object_lost_blocks({"pyramid"})}});
  add({"break_the_wall_from_data", "village", {}, data("break the wall"),
       {done(), destroyed("wall"), unchanged("house"), unchanged("castle")}});
  add({"destroy_the_box_behind_nothing_else", "village", {}, hand("destroy the box", cmd(destroy + R"(box"}})")),
       {done(), destroyed("box"), no_object_lost_blocks({"box"})}});
  add({"destroy_nothing_there_is_asked", "flat", {}, hand("destroy the castle", cmd(destroy + R"(castle"}})")),
       {asked(), nothing_changed()}});
  add({"destroy_the_stone_structure_is_the_house_of_stone_bricks", "materials", {},
       hand("destroy the stone structure", cmd(destroy + R"(stone structure"}})")),
       {done(), box_cleared(Box::of({-7, 0, 5}, {-5, 2, 7})), box_unchanged(Box::of({5, 0, 5}, {7, 2, 7})),
        unchanged("cube")}});
  add({"destroy_the_wooden_house_birch_is_wood", "materials", {},
       hand("destroy the wooden house", cmd(destroy + R"(wooden house"}})")),
       {done(), box_cleared(Box::of({5, 0, 5}, {7, 2, 7})), box_unchanged(Box::of({-7, 0, 5}, {-5, 2, 7}))}});
  add({"destroy_the_blue_thing", "materials", {}, hand("destroy the blue thing", cmd(destroy + R"(blue thing"}})")),
       {done(), destroyed("cube"), box_unchanged(Box::of({-7, 0, 5}, {7, 2, 7}))}});
  add({"destroy_the_house_of_two_is_asked", "two_houses", {}, hand("destroy the house", cmd(destroy + R"(house"}})")),
       {asked(), says("which"), nothing_changed()}});
  add({"destroy_the_house_on_the_left", "two_houses", {}, hand("destroy the house on the left",
       cmd(R"({"action_type": "DESTROY", "reference_object": {"has_name": "@house", "location": {"location_type": "SPEAKER_POS",
           "relative_direction": "LEFT"}}})")),
       {done(), box_cleared(Box::of({5, 0, 5}, {7, 2, 7})), box_unchanged(Box::of({-7, 0, 5}, {-5, 2, 7}))}});

  add({"destroy_all_chickens_from_data", "village", {}, data("destroy all chickens"),
       {done(), mobs_changed("chicken", -1), nothing_changed_but_creatures()}});
  add({"destroy_all_zombies_none_there_from_data", "village", {}, data("destroy all zombies"),
       {does_not_say("I destroyed"), nothing_changed()}});

  // ------------------------------------------------------------ DIG
  const std::string dig = R"({"action_type": "DIG")";
  add({"dig_a_hole", "flat", {}, hand("dig a hole", cmd(dig + R"(, "schematic": {"has_name": "@hole"}})")),
       {done(), dug(1, 200), unchanged("rock")}});
  add({"dig_a_2x2x2_hole", "flat", {}, hand("dig a 2x2x2 hole", cmd(dig + R"(, "schematic": {"has_name": "@hole", "has_size": "@2x2x2"}})")),
       {done(), dug(8, 8, 2, 2, 2), unchanged("rock")}});
  // Feet after the extents are every extent's: a block is about three feet, so 6x6x9 feet is 2x2x3 blocks.
  add({"dig_6x6x9_feet_is_2x2x3_blocks", "flat", {}, hand("dig a hole 6x6x9 feet",
       cmd(dig + R"(, "schematic": {"has_name": "@hole", "has_size": "@6x6x9 feet"}})")),
       {done(), dug(12, 12, 2, 2, 3), unchanged("rock")}});
  add({"dig_5_by_5_wide_from_data", "flat", {}, data("dig a hole in the ground that is 5 by 5 blocks wide ."),
       {done(), dug(25, 200, 5, 5), unchanged("rock")}});
  // "5 blocks deep 5 blocks wide": 5 down, and 5 across both ways (one side given: the hole is square).
  add({"dig_5_deep_5_wide_from_data", "flat", {}, data("bot dig 5 blocks deep 5 blocks wide ."),
       {done(), dug(125, 125, 5, 5, 5), unchanged("rock")}});
  add({"dig_3_by_4_by_2_deep", "flat", {}, hand("dig a hole 3 wide 4 long and 2 deep",
       cmd(dig + R"(, "schematic": {"has_name": "@hole", "has_width": "@3", "has_length": "@4", "has_depth": "@2"}})")),
       {done(), dug(24, 24, 3, 4, 2), unchanged("rock")}});
  add({"dig_next_to_rock", "flat", {}, hand("dig a hole next to the rock", cmd(dig + R"(, "schematic": {"has_name": "@hole"}, )" + ref_loc("rock") + "}")),
       {done(), dug_near("rock", 2), unchanged("rock")}});
  add({"dig_left_of_rock", "flat", {}, hand("dig a hole to the left of the rock",
       cmd(dig + R"(, "schematic": {"has_name": "@hole"}, )" + ref_loc("rock", "LEFT") + "}")),
       {done(), dug_near("rock", 3), unchanged("rock")}});
  add({"dig_two_holes_right", "flat", {}, hand("dig two holes to the right",
       cmd(dig + R"(, "schematic": {"has_name": "@holes"}, "repeat": {"repeat_key": "FOR", "repeat_count": "@two", "repeat_dir": "RIGHT"}})")),
       {done(), dug(2, 400), unchanged("rock")}});
  add({"dig_next_to_tower_from_data", "village", {}, data("dig a hole next to the tower ."),
       {done(), dug_near("tower", 2), unchanged("tower"), no_object_lost_blocks()}});
  add({"dig_near_tree_from_data", "village", {}, data("dig a hole near the tree"),
       {done(), dug_near("tree", 3), unchanged("tree"), no_object_lost_blocks()}});
  add({"dig_next_to_house_from_data", "village", {}, data("dig a hole next to house"),
       {done(), dug_near("house", 2), unchanged("house"), no_object_lost_blocks()}});
  // Next to the rock, whose side facing sam is taken by a fence: another side of the rock, not further out.
  add({"dig_next_to_fenced_rock", "fenced_rock", {}, hand("dig a hole next to the rock",
       cmd(dig + R"(, "schematic": {"has_name": "@hole"}, )" + ref_loc("rock") + "}")),
       {done(), dug_near("rock", 2), unchanged("rock"), unchanged("fence")}});
  add({"dig_moat_around_castle_from_data", "village", {}, data("dig a moat around the castle"),
       {done(), dug_near("castle", 3), unchanged("castle"), no_object_lost_blocks()}});
  // Until a layer: as deep as the first block of it below (a shaft one block across); none there is said.
  add({"dig_until_water_with_none_below_is_refused", "flat", {}, hand("dig until you hit water",
       cmd(dig + R"(, "stop_condition": {"condition_type": "ADJACENT_TO_BLOCK_TYPE", "block_type": "@water"}})")),
       {refused(), says("no water"), nothing_changed()}});
  add({"dig_until_water_digs_down_to_it", "water_below", {}, hand("dig until you hit water",
       cmd(dig + R"(, "stop_condition": {"condition_type": "ADJACENT_TO_BLOCK_TYPE", "block_type": "@water"}})")),
       {done(), dug(3, 3, 1, 1, 3), box_is({{0, -4, -3}, {0, -4, -3}}, "water"), unchanged("rock")}});

  add({"dig_five_deep_five_wide_from_data", "flat", {}, data("bot dig 5 blocks deep 5 blocks wide ."),
       {done(), dug(25, 125, 0, 0, 5), unchanged("rock")}});
  add({"dig_a_five_foot_hole_from_data", "flat", {}, data("dig a five foot hole"), {done(), dug(1, 200), unchanged("rock")}});

  // ------------------------------------------------------------ FILL
  add({"fill_hole_with_water_from_data", "hole", {}, data("fill hole with water"), {done(), box_is(Box::of({2, -2, 2}, {3, -1, 3}), "water")}});
  add({"fill_the_hole_with_dirt_from_data", "hole", {}, data("fill the hole with dirt"),
       {done(), box_is(Box::of({2, -2, 2}, {3, -1, 3}), "dirt"), unchanged("rock")}});
  const Box hole = Box::of({2, -2, 2}, {3, -1, 3});
  // "the hole in the fence": a hole in or at the fence (the garden's); the ground hole across the village is not it.
  add({"fill_the_hole_in_the_fence_is_not_the_ground_hole_from_data", "village", {}, data("fill in the hole in the fence ."),
       {does_not_say("I filled"), nothing_changed()}});
  add({"fill_the_hole", "hole", {}, hand("fill the hole", cmd(R"({"action_type": "FILL", "reference_object": {"has_name": "@hole"}})")),
       {done(), blocks_added_in(hole, 8), unchanged("rock")}});
  add({"fill_the_hole_with_sand", "hole", {}, hand("fill the hole with sand",
       cmd(R"({"action_type": "FILL", "has_block_type": "@sand", "reference_object": {"has_name": "@hole"}})")),
       {done(), box_is(hole, "sand"), unchanged("rock")}});
  // The form leaves out the block ("fill the hole [with sand]"): the words after "with" are still the filling.
  add({"fill_with_words_the_form_leaves_out", "hole", {}, hand("fill the hole with sand please",
       cmd(R"({"action_type": "FILL", "reference_object": {"has_name": "@hole"}})")),
       {done(), box_is(Box::of({2, -2, 2}, {3, -1, 3}), "sand")}});
  add({"fill_it_after_digging", "flat", {hand("dig a 2x2x2 hole", cmd(dig + R"(, "schematic": {"has_name": "@hole", "has_size": "@2x2x2"}})"))},
       hand("fill it", cmd(R"({"action_type": "FILL", "reference_object": {"has_name": "@it"}})")),
       {done(), ground_whole(), unchanged("rock")}});
  add({"fill_hole_by_house_from_data", "village", {}, data("fill the hole by the house"),
       {done(), blocks_added_in(Box::of({9, -2, 1}, {10, -1, 2}), 8), no_object_lost_blocks()}});
  add({"fill_the_pond_with_dirt", "village", {}, hand("fill the pond with dirt",
       cmd(R"({"action_type": "FILL", "has_block_type": "@dirt", "reference_object": {"has_name": "@pond"}})")),
       {done(), filled_with("pond", "dirt", 20), no_object_lost_blocks({"pond"})}});
  // "with the wooden box" names a thing in the world, not a material: putting it in takes it apart, so it is
  // asked about (naming the box and how many blocks each side has); "with the sand" where nothing is called
  // sand stays a material.
  add({"fill_the_hole_with_the_wooden_box_is_asked_from_data", "village", {}, data("bot fill the hole you dug with the wooden box"),
       {asked(), says("the box at"), says("apart"), nothing_changed()}});
  add({"fill_the_pond_with_the_sand_is_a_material", "village", {}, hand("fill the pond with the sand",
       cmd(R"({"action_type": "FILL", "reference_object": {"has_name": "@pond"}})")),
       {done(), filled_with("pond", "sand", 20), no_object_lost_blocks({"pond"})}});

  // ------------------------------------------------------------ SPAWN
  const std::string spawn = R"({"action_type": "SPAWN", "reference_object": {"has_name": "@)";
  add({"spawn_a_pig", "flat", {}, hand("spawn a pig", cmd(spawn + R"(pig"}})")),
       {done(), mobs_changed("pig", 1), creatures_stand_free(), nothing_changed_but_creatures()}});
  add({"spawn_three_pigs_from_data", "village", {}, data("spawn three pigs"),
       {done(), mobs_changed("pig", 3), creatures_stand_free()}});
  add({"place_five_pigs_from_data", "village", {}, data("place five pigs"), {done(), mobs_changed("pig", 5), creatures_stand_free()}});
  add({"spawn_three_horses_from_data", "village", {}, data("spawn three horses"),
       {done(), mobs_changed("horse", 3), creatures_stand_free()}});
  // The data's forms for these have no location (so the creatures go where alice looks); with one:
  add({"spawn_creeper_next_to_tree_from_data", "village", {}, data("spawn a creeper next to the tree"),
       {done(), mobs_changed("creeper", 1), creatures_stand_free()}});
  add({"spawn_creeper_next_to_tree", "village", {}, hand("spawn a creeper next to the tree",
       cmd(spawn + R"(creeper"}, )" + ref_loc("tree") + "}")),
       {done(), mobs_changed("creeper", 1), creatures_near("creeper", "tree", 3), creatures_stand_free(), unchanged("tree")}});
  add({"spawn_cows_in_field", "village", {}, hand("spawn 12 cows in the field .",
       cmd(spawn + R"(cows"}, "repeat": {"repeat_key": "FOR", "repeat_count": "@12"}, )" + ref_loc("field", "INSIDE") + "}")),
       {done(), mobs_changed("cow", 12), creatures_near("cow", "field", 2), creatures_stand_free()}});
  add({"spawn_cat_on_pyramid", "village", {}, hand("spawn a cat at the top of the pyramid",
       cmd(spawn + R"(cat"}, )" + ref_loc("pyramid", "UP") + "}")),
       {done(), mobs_changed("cat", 1), creatures_near("cat", "pyramid", 0), creatures_stand_free(), unchanged("pyramid")}});
  add({"spawn_pig_inside_house", "village", {}, hand("spawn a pig inside the house",
       cmd(spawn + R"(pig"}, )" + ref_loc("house", "INSIDE") + "}")),
       {done(), mobs_changed("pig", 1), creatures_near("pig", "house", 0), creatures_stand_free(), unchanged("house")}});
  // The data's SPAWN forms carry no location; the words after the name do ("in the field", "next to the tree").
  add({"spawn_cows_in_the_field_from_data", "village", {}, data("spawn 12 cows in the field ."),
       {done(), mobs_changed("cow", 12), creatures_near("cow", "field", 1)}});
  add({"spawn_a_creeper_next_to_the_tree_from_data", "village", {}, data("spawn a creeper next to the tree"),
       {done(), mobs_changed("creeper", 1), creatures_near("creeper", "tree", 3)}});
  add({"spawn_chickens_is_several_from_data", "flat", {}, data("spawn chickens ."),
       {done(), mobs_changed("chicken", 3), says("3"), creatures_stand_free()}});
  add({"spawn_a_giraffe_is_not_done", "flat", {}, data("bot spawn me a giraffe to hunt ."),
       {does_not_say("I spawned"), nothing_changed()}});

  // A foundation for a thing is dug under its footprint (the data's form drops the place; the words
  // after "for" name it), and "the newest structure" is the agent's newest work (the blue cube).
  add({"dig_a_foundation_for_the_newest_structure_from_data", "village", {}, data("dig a foundation for the newest structure ."),
       {done(), dug_under("", 2), no_object_lost_blocks()}});
  add({"dig_a_basement_for_the_house", "village", {}, hand("dig a basement for the house", cmd(R"({"action_type": "DIG"})")),
       {done(), dug_under("house", 2), no_object_lost_blocks()}});

  // ------------------------------------------------------------ MOVE
  const std::string move = R"({"action_type": "MOVE", )";
  // A place the world does not have ("the next village") is said, never exchanged for what the speaker looks at.
  add({"go_to_the_next_village_none_there_from_data", "flat", {}, data("go to the next village and find some gold ."),
       {asked(), says("village"), agent_stayed(), nothing_changed()}});
  add({"go_to_the_tree", "village", {}, hand("go to the tree", cmd(move + ref_loc("tree") + "}")),
       {done(), agent_near("tree", 2), nothing_changed()}});
  add({"go_inside_the_castle", "village", {}, hand("go inside the castle", cmd(move + ref_loc("castle", "INSIDE") + "}")),
       {done(), agent_inside("castle"), unchanged("castle")}});
  // The house's only way in is its wooden door, which the agent opens to walk through.
  add({"go_inside_the_house_through_its_door", "village", {}, hand("go inside the house",
       cmd(move + ref_loc("house", "INSIDE") + "}")),
       {done(), agent_inside("house"), unchanged("house")}});
  // A reference that is only a place word is a place: out of the building the agent is in, into the
  // nearest one, to the speaker; out of nothing changes nothing (said, not done).
  const Step into_house = hand("go inside the house", cmd(move + ref_loc("house", "INSIDE") + "}"));
  add({"move_outside_from_inside_the_house_from_data", "village", {into_house}, data("move outside ."),
       {done(), agent_outside("house"), agent_near("house", 4), nothing_changed()}});
  add({"move_outside_when_outside_from_data", "village", {}, data("move outside ."),
       {refused(), says("already outside"), agent_stayed(), nothing_changed()}});
  const std::string place = R"("location": {"location_type": "REFERENCE_OBJECT", "reference_object": {"has_name": "@)";
  add({"go_inside_goes_into_the_nearest_building", "village", {}, hand("go inside", cmd(move + place + R"(inside"}}})")),
       {done(), agent_inside("house"), unchanged("house")}});
  add({"come_over_here_goes_to_the_speaker", "village", {}, hand("come over here", cmd(move + place + R"(over here"}}})")),
       {done(), agent_near_speaker(2), nothing_changed()}});

  // Through: past the far side of the door, into the house (the agent starts outside it).
  add({"go_through_the_door", "village", {}, hand("go through the door", cmd(move + ref_loc("door") + "}")),
       {done(), agent_through("door"), agent_inside("house"), unchanged("house")}});
  // Words no span covers that say how long to go on: asked about, not done once.
  add({"dig_until_bedrock_the_form_leaves_out", "bedrock", {}, hand("dig down until you reach bedrock", cmd(R"({"action_type": "DIG"})")),
       {done(), dug(5, 5, 1, 1, 5), box_is({{0, -6, -3}, {0, -6, -3}}, "bedrock"), unchanged("rock")}});
  add({"dig_straight_down_until_bedrock_with_none_is_refused_from_data", "village", {},
       data("bot dig straight down until you reach bedrock ."), {refused(), says("no bedrock"), nothing_changed()}});
  add({"dig_straight_down_forever_is_asked_from_data", "village", {}, data("dig straight down forever"),
       {asked(), says("forever"), nothing_changed()}});
  // A length of time the form drops ("for 20 minutes"): one command does its work once, so it is asked
  // about (no default), never done as if it were not said.
  add({"dig_a_hole_for_20_minutes_is_asked_from_data", "village", {}, data("dig a hole for 20 minutes"),
       {asked(), says("for 20 minutes"), nothing_changed()}});
  add({"build_a_tower_for_an_hour_the_form_leaves_out", "flat", {}, hand("build a tower for an hour",
       cmd(R"({"action_type": "BUILD", "schematic": {"has_name": "@tower"}})")),
       {asked(), says("for an hour"), nothing_changed()}});
  add({"walk_forward_forever_the_form_leaves_out", "flat", {}, hand("walk forward forever", cmd(R"({"action_type": "MOVE"})")),
       {asked(), says("forever"), agent_stayed()}});
  // Away from a thing: the agent ends farther from it than it began, whichever side it was on.
  add({"move_away_from_the_rock", "flat", {}, hand("move away from the rock", cmd(move + ref_loc("rock", "AWAY") + "}")),
       {done(), agent_farther_from("rock"), unchanged("rock")}});
  add({"move_away_from_the_wall", "village", {}, hand("move away from the wall", cmd(move + ref_loc("wall", "AWAY") + "}")),
       {done(), agent_farther_from("wall"), unchanged("wall")}});
  add({"climb_on_top_of_the_pyramid", "village", {}, hand("go on top of the pyramid", cmd(move + ref_loc("pyramid", "UP") + "}")),
       {done(), agent_on_top_of("pyramid"), unchanged("pyramid")}});
  // The tower's walls are 9 high with no stairs: it cannot be climbed, and says so.
  add({"top_of_the_tower_cannot_be_reached", "village", {}, hand("go on top of the tower", cmd(move + ref_loc("tower", "UP") + "}")),
       {refused(), says("can't get"), agent_stayed(), unchanged("tower")}});
  add({"go_behind_the_rock", "flat", {}, hand("go behind the rock", cmd(move + ref_loc("rock", "BACK") + "}")),
       {done(), agent_side_of("rock", "BACK"), unchanged("rock")}});
  add({"come_here", "flat", {}, hand("come here", cmd(move + R"("location": {"location_type": "SPEAKER_POS"}})")),
       {done(), agent_near_speaker(2)}});
  add({"move_three_feet_forward", "flat", {}, hand("move three feet forward",
       cmd(move + R"("location": {"location_type": "AGENT_POS", "relative_direction": "FRONT", "steps": "@three feet"}})")),
       {done(), agent_moved_blocks(1)}});
  add({"move_five_steps_left", "flat", {}, hand("move five steps to the left",
       cmd(move + R"("location": {"location_type": "AGENT_POS", "relative_direction": "LEFT", "steps": "@five"}})")),
       {done(), agent_moved_blocks(5)}});
  add({"move_next_to_wall_from_data", "village", {}, data("move next to the wall ."),
       {done(), agent_near("wall", 2)}});
  add({"walk_to_field_from_data", "village", {}, data("walk over to the field"), {done(), agent_near("field", 2)}});
  add({"walk_to_nearest_house_from_data", "village", {}, data("walk to the nearest house"), {done(), agent_near("house", 2)}});
  add({"move_closer_to_door_from_data", "village", {}, data("move closer to the door ."), {done(), agent_near("door", 3)}});
  add({"go_to_door_from_data", "village", {}, data("go to the door ."), {done(), agent_near("door", 2)}});
  add({"move_where_it_is_is_not_done", "village", {hand("go to the tree", cmd(move + ref_loc("tree") + "}"))},
       hand("go to the tree", cmd(move + ref_loc("tree") + "}")),
       {does_not_say("I moved"), agent_stayed()}});

  // ------------------------------------------------------------ DANCE
  add({"dance", "flat", {}, hand("dance", cmd(R"({"action_type": "DANCE"})")), {done(), nothing_changed()}});
  add({"turn_ninety_degrees", "flat", {}, hand("turn left",
       cmd(R"({"action_type": "DANCE", "dance_type": {"body_turn": {"relative_yaw": {"angle": 90}}}})")),
       {done(), agent_turned(-90), agent_stayed()}});
  add({"turn_around", "flat", {}, hand("turn around",
       cmd(R"({"action_type": "DANCE", "dance_type": {"body_turn": {"relative_yaw": {"angle": 180}}}})")),
       {done(), agent_turned(180), agent_stayed()}});

  // ------------------------------------------------------------ FREEBUILD
  add({"complete_the_wall", "half_wall", {}, hand("complete the wall",
       cmd(R"({"action_type": "FREEBUILD", "reference_object": {"has_name": "@wall"}})")),
       {done(), unchanged("wall"), blocks_added_in(Box::of({1, 1, 0}, {2, 1, 0}), 1)}});
  add({"complete_what_is_not_there", "flat", {}, hand("complete the castle",
       cmd(R"({"action_type": "FREEBUILD", "reference_object": {"has_name": "@castle"}})")),
       {does_not_say("already looks complete"), nothing_changed()}});
  add({"complete_the_roofless_house", "roofless", {}, hand("complete the house",
       cmd(R"({"action_type": "FREEBUILD", "reference_object": {"has_name": "@house"}})")),
       {done(), unchanged("house"), blocks_added_in(Box::of({-2, 3, 3}, {2, 6, 7}), 9)}});
}

}  // namespace plank::caip::test
