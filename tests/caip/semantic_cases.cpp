// The semantic cases (see semantic_cases.h). Scenes: "flat" is caip_test_util's
// flat world (a gold "rock" at the origin; sam at (0, 0, -6) faces +z, so her
// right hand points -x, and looks at the ground cell (0, -1, -3)); the others
// add objects to it; "village" is examples/scenes/village.json (alice at
// (12, 0, 13)).
#include "semantic_cases.h"

namespace plank::caip::test {

#define CMD(...) R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [)" __VA_ARGS__ "]}"

namespace {
constexpr const char* kSam = R"("agent": {"pos": [4.5, 0, -7.5]},
        "speakers": [{"name": "sam", "pos": [0.5, 0, -5.5], "yaw": 0, "pitch": 30}])";

std::string scene_with(const std::string& objects, const std::string& extra = "") {
  return R"({"format": "plank-scene", "version": 1, "objects": [)" + objects + "], " + extra + kSam + "}";
}

}  // namespace

const std::map<std::string, std::string>& semantic_scenes() {
  static const std::map<std::string, std::string> s = {
      {"flat", kFlatScene},
      {"rock_and_cube", scene_with(R"({"name": "rock", "blocks": [[0, 0, 0, "gold_block"]]},
          {"name": "cube", "boxes": [{"from": [-8, 0, 0], "to": [-7, 1, 1], "block": "red_wool"}]})")},
      {"two_houses", scene_with(R"({"name": "house", "boxes": [{"from": [5, 0, 5], "to": [7, 2, 7], "block": "oak_planks"}]},
          {"name": "house", "boxes": [{"from": [-7, 0, 5], "to": [-5, 2, 7], "block": "spruce_planks"}]})")},
      {"hole", scene_with(R"({"name": "rock", "blocks": [[0, 0, 0, "gold_block"]]})",
                          R"("boxes": [{"from": [2, -2, 2], "to": [3, -1, 3], "block": "air"}], )")},
      // A low fence between the rock and sam: the rock's side facing her is taken.
      {"fenced_rock", scene_with(R"({"name": "rock", "blocks": [[0, 0, 0, "gold_block"]]},
          {"name": "fence", "boxes": [{"from": [-4, 0, -4], "to": [4, 0, -2], "block": "oak_planks"}]})")},
      {"half_wall", scene_with(R"({"name": "wall", "blocks": [[0, 0, 0, "stone"], [1, 0, 0, "stone"], [2, 0, 0, "stone"],
          [0, 1, 0, "stone"]]})")},
      // Four walls 5x3x5 and no roof.
      {"roofless", scene_with(R"({"name": "house", "boxes": [{"from": [-2, 0, 3], "to": [2, 2, 7], "block": "cobblestone", "hollow": true},
          {"from": [-1, 2, 4], "to": [1, 2, 6], "block": "air"}, {"from": [-1, 0, 4], "to": [1, 0, 6], "block": "air"}]})")},
      // A strip of water between sam and the rock: the rock's side facing her is over the water.
      {"lake_rock", scene_with(R"({"name": "rock", "blocks": [[0, 0, 0, "gold_block"]]})",
                               R"("boxes": [{"from": [-3, -1, -4], "to": [3, -1, -1], "block": "water"}], )")},
      // Bedrock five blocks down (grass, dirt, dirt, stone, stone, then bedrock); and a water layer three down.
      {"bedrock", scene_with(R"({"name": "rock", "blocks": [[0, 0, 0, "gold_block"]]})",
                             R"("ground": {"layers": ["grass_block", "dirt", "dirt", "stone", "stone", "bedrock"]}, )")},
      {"water_below", scene_with(R"({"name": "rock", "blocks": [[0, 0, 0, "gold_block"]]})",
                                 R"("boxes": [{"from": [-6, -4, -9], "to": [6, -4, 3], "block": "water"}], )")},
      {"materials", scene_with(R"({"name": "house", "boxes": [{"from": [5, 0, 5], "to": [7, 2, 7], "block": "birch_planks"}]},
          {"name": "house", "boxes": [{"from": [-7, 0, 5], "to": [-5, 2, 7], "block": "stone_bricks"}]},
          {"name": "cube", "boxes": [{"from": [0, 0, 10], "to": [1, 1, 11], "block": "blue_wool"}]})")},
  };
  return s;
}

const std::vector<SemanticCase>& semantic_cases() {
  static const std::vector<SemanticCase> cases = [] {
    std::vector<SemanticCase> v;
    auto add = [&](SemanticCase c) { v.push_back(std::move(c)); };

    // ------------------------------------------------------------ BUILD: placement
    add({"build_cube_beside_gaze", "flat", {}, hand("build a cube", CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@cube"}})")),
         {done(), built("cube").where_looked(3), unchanged("rock"), no_object_lost_blocks()}});
    add({"build_red_cube", "flat", {}, hand("build a red cube",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@cube", "has_colour": "@red"}})")),
         {done(), built("cube").colour("red"), unchanged("rock")}});
    add({"build_3x3_cube_not_on_looked_at_object", "rock_and_cube", {}, hand("build a 3x3 cube",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@cube", "has_size": "@3x3"}})")),
         {done(), built("cube").size(3, 3, 3), unchanged("rock"), unchanged("cube"), no_object_lost_blocks()}});
    for (auto [dir, words] : {std::pair{"LEFT", "to the left of"}, {"RIGHT", "to the right of"}, {"FRONT", "in front of"},
                              {"BACK", "behind"}, {"UP", "on top of"}}) {
      std::string text = std::string("build a cube ") + words + " the rock";
      add({std::string("build_cube_") + dir + "_of_rock", "flat", {},
           hand(text, kCmdPrefix + std::string(R"({"action_type": "BUILD", "schematic": {"has_name": "@cube"}, )") +
                          ref_loc("rock", dir) + "}]}"),
           {done(), built("cube").side_of("rock", dir).near("rock", 2), unchanged("rock")}});
    }
    add({"build_cube_under_rock", "flat", {}, hand("build a cube under the rock",
         kCmdPrefix + std::string(R"({"action_type": "BUILD", "schematic": {"has_name": "@cube"}, )") + ref_loc("rock", "DOWN") + "}]}"),
         {done(), built("cube").side_of("rock", "DOWN"), unchanged("rock")}});
    add({"build_next_to_rock_is_beside_it", "flat", {}, hand("build a cube next to the rock",
         kCmdPrefix + std::string(R"({"action_type": "BUILD", "schematic": {"has_name": "@cube"}, )") + ref_loc("rock") + "}]}"),
         {done(), built("cube").side_of("rock", "FRONT").near("rock", 2), unchanged("rock")}});
    add({"build_near_rock", "flat", {}, hand("build a cube near the rock",
         kCmdPrefix + std::string(R"({"action_type": "BUILD", "schematic": {"has_name": "@cube"}, )") + ref_loc("rock", "NEAR") + "}]}"),
         {done(), built("cube").near("rock", 3), unchanged("rock")}});
    add({"build_away_from_rock", "flat", {}, hand("build a cube away from the rock",
         kCmdPrefix + std::string(R"({"action_type": "BUILD", "schematic": {"has_name": "@cube"}, )") + ref_loc("rock", "AWAY") + "}]}"),
         {done(), built("cube"), unchanged("rock")}});
    add({"build_outside_house", "village", {}, hand("build a cube outside the house",
         kCmdPrefix + std::string(R"({"action_type": "BUILD", "schematic": {"has_name": "@cube"}, )") + ref_loc("house", "OUTSIDE") + "}]}"),
         // The pond lies on the house's side facing the speaker: the cube goes past it, on solid ground.
         {done(), built("cube").near("house", 6).standing(), unchanged("house"), no_object_lost_blocks()}});
    add({"build_between_rock_and_cube", "rock_and_cube", {}, hand("build a tower between the rock and the cube",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@tower"}, "location": {"location_type": "REFERENCE_OBJECT",
             "relative_direction": "BETWEEN", "reference_object": {"has_name": "@rock"}, "reference_object_1": {"has_name": "@rock"},
             "reference_object_2": {"has_name": "@cube"}}})")),
         {done(), built_between("tower", "rock", "cube"), unchanged("rock"), unchanged("cube")}});
    add({"build_fence_around_house", "village", {}, hand("build a fence around the house",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@fence"}, "repeat": {"repeat_key": "FOR", "repeat_dir": "AROUND"},
             "location": {"location_type": "REFERENCE_OBJECT", "reference_object": {"has_name": "@house"}}})")),
         {done(), built("fence").around("house"), unchanged("house"), no_object_lost_blocks()}});
    add({"build_wall_around_house_from_data", "village", {}, data("build a wall around the house"),
         {done(), built("wall").around("house"), unchanged("house"), no_object_lost_blocks()}});
    add({"build_house_near_tree_from_data", "village", {}, data("build a house near the tree and lake ."),
         {done(), built("house"), unchanged("tree"), unchanged("pond"), no_object_lost_blocks()}});

    // ------------------------------------------------------------ BUILD: more layers on a thing
    // A stepped object grows underneath, every layer one wider all round; anything else on top.
    add({"add_one_more_layer_to_this_pyramid_from_data", "village", {},
         data("add one more layer to this pyramid and expand the other layers to fit ."),
         {done(), layers_hold("pyramid", "sandstone", {49, 25, 9, 1}, 1), unchanged("pyramid"), no_object_lost_blocks()}});
    add({"add_two_more_rows_to_the_wall", "village", {}, hand("add two more rows to the wall",
         CMD(R"({"action_type": "BUILD", "location": {"location_type": "REFERENCE_OBJECT", "reference_object": {"has_name": "@wall"}}})")),
         {done(), box_is({{-10, 3, -4}, {-2, 4, -4}}, "cobblestone"), unchanged("wall"), no_object_lost_blocks()}});

    // A demonstrative before the name points at a thing that is there: another of it (alice looks at the red cube).
    add({"build_this_thing_copies_what_is_pointed_at", "village", {}, hand("build this thing",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@thing"}})")),
         {done(), built("cube").count(1).size(2, 2, 2).made_of("red_wool"), unchanged("cube"), no_object_lost_blocks()}});
    add({"build_that_tower_with_no_tower_is_asked", "flat", {}, hand("build that tower",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@tower"}})")),
         {asked(), nothing_changed()}});
    add({"build_this_stone_is_the_material", "flat", {}, hand("build this stone",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@stone"}})")),
         {done(), built("cube").made_of("stone"), unchanged("rock")}});

    // ------------------------------------------------------------ BUILD: repeats
    // A scale no span covers: the extents (or, for a copy, every block) times the factor, within the guards.
    add({"build_a_cube_twice_as_big_the_form_leaves_out", "flat", {}, hand("build a cube and make it twice as big",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@cube"}})")),
         {done(), built("cube").count(1).size(6, 6, 6), unchanged("rock")}});
    add({"copy_the_rock_three_times_as_big_the_form_leaves_out", "flat", {}, hand("copy the rock three times as big",
         CMD(R"({"action_type": "BUILD", "reference_object": {"has_name": "@rock"}})")),
         {done(), built("rock").count(1).size(3, 3, 3).blocks(27, 27).made_of("gold_block"), unchanged("rock")}});
    add({"a_tower_ten_times_as_tall_is_past_the_guard", "flat", {}, hand("build a tower ten times as tall",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@tower"}})")),
         {refused(), says("64 blocks a side"), nothing_changed()}});
    add({"a_pyramid_ten_times_as_big_is_past_the_guard_from_data", "village", {},
         data("build a pyramid like the second picture and make it ten times as big ."),
         {refused(), says("10 times as big"), nothing_changed()}});
    // "N times" that no span covers: N copies, on to the speaker's right when no direction is given (said).
    add({"build_a_cube_three_times_the_form_leaves_out", "flat", {}, hand("build a cube three times",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@cube"}})")),
         {done(), built("cube").count(3).apart(1), says("no direction"), unchanged("rock")}});
    // "a foundation for X" (the form drops "for X"): under X's footprint and a block round it, not a slab
    // where the speaker looks; X and every other object keep their blocks.
    add({"build_a_foundation_for_the_house_from_data", "village", {}, data("build a foundation for the house ."),
         {done(), built_under("foundation", "house", 1), no_object_lost_blocks()}});
    add({"build_a_stone_base_for_the_tower", "village", {}, hand("build a stone base for the tower",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@base", "has_block_type": "@stone"}})")),
         {done(), built_under("base", "tower", 1), no_object_lost_blocks()}});
    // A storey of a building goes on its walls, under its roof (raised), same footprint: not a second house
    // on the roof. A thing with no walls round a room has no storey to copy: said, nothing changed.
    add({"build_a_second_story_for_our_house_from_data", "village", {}, data("build a second story for our house ."),
         {done(), storey_added("house", "roof"), unchanged("door"), unchanged("tree")}});
    add({"add_another_floor_to_the_house", "village", {}, hand("add another floor to the house",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@another floor"}})")),
         {done(), storey_added("house", "roof"), unchanged("door")}});
    add({"a_second_story_for_the_pyramid_is_refused", "village", {}, hand("build a second story for the pyramid",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@second story"}, )" + ref_loc("pyramid", "UP") + "}")),
         {refused(), says("no walls"), nothing_changed()}});
    add({"dig_a_hole_twice_the_form_leaves_out", "flat", {}, hand("dig a hole twice",
         CMD(R"({"action_type": "DIG", "schematic": {"has_name": "@hole"}})")),
         {done(), dug(54, 54), unchanged("rock")}});
    add({"spawn_a_pig_thrice_the_form_leaves_out", "flat", {}, hand("spawn a pig thrice",
         CMD(R"({"action_type": "SPAWN", "reference_object": {"has_name": "@pig"}})")),
         {done(), mobs_changed("pig", 3), creatures_stand_free(), unchanged("rock")}});
    add({"build_three_cubes_left", "flat", {}, hand("build three cubes to the left",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@cubes"}, "repeat": {"repeat_key": "FOR",
             "repeat_count": "@three", "repeat_dir": "LEFT"}})")),
         {done(), built("cube").count(3).apart(1), unchanged("rock")}});
    add({"build_two_cubes_right_of_rock", "flat", {}, hand("build two cubes to the right of the rock",
         kCmdPrefix + std::string(R"({"action_type": "BUILD", "schematic": {"has_name": "@cubes"}, "repeat": {"repeat_key": "FOR",
             "repeat_count": "@two"}, )") + ref_loc("rock", "RIGHT") + "}]}"),
         {done(), built("cube").count(2).side_of("rock", "RIGHT").apart(1), unchanged("rock")}});
    add({"build_four_wood_towers_from_data", "village", {}, data("build 4 wood towers"),
         {done(), built("tower").count(4).apart(1), no_object_lost_blocks()}});
    add({"build_two_cubes_front", "flat", {}, hand("build two cubes in a row in front",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@cubes"}, "repeat": {"repeat_key": "FOR",
             "repeat_count": "@two", "repeat_dir": "FRONT"}})")),
         {done(), built("cube").count(2).apart(1), unchanged("rock")}});
    add({"build_stack_up", "flat", {}, hand("build two cubes stacked up",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@cubes"}, "repeat": {"repeat_key": "FOR",
             "repeat_count": "@two", "repeat_dir": "UP"}})")),
         {done(), built("cube").count(2), unchanged("rock")}});

    // Copies to the left of something, the first spot taken: a packed row going on leftwards (each copy was
    // shifted on its own before, and the five pyramids landed 20-45 blocks apart), beside the house's left side
    // (not shifted across the river north of it, past its corner).
    add({"five_pyramids_left_of_the_house_stay_a_row_from_data", "village", {},
         data("build 5 green pyramids to the left of the house ."),
         {done(), built("pyramid").count(5).apart(1).colour("green").side_of("house", "LEFT").abreast_of("house", "LEFT"),
          built_packed("pyramid", 5 * 7 + 4 + 7, 7 + 2),
          unchanged("house"), no_object_lost_blocks()}});

    // ------------------------------------------------------------ BUILD: shapes
    // A fence's two numbers are its footprint (one post high), "in a square shape" lays it out round a square,
    // "10 blocks in a square" is a square 10 blocks a side on the ground (the form's width and depth).
    add({"a_fence_10_x_10_goes_round_a_10_by_10_footprint_from_data", "village", {}, data("build a fence 10 x 10"),
         {done(), built("fence").count(1).size(10, 1, 10).blocks(36, 36).made_of("oak_fence"), no_object_lost_blocks()}});
    add({"a_fence_in_a_square_shape_from_data", "village", {}, data("build a fence in a square shape"),
         {done(), built("fence").count(1).size(7, 1, 7).blocks(24, 24), no_object_lost_blocks()}});
    add({"ten_brick_blocks_in_a_square_from_data", "village", {}, data("place 10 brick blocks in a square"),
         {done(), built("square").count(1).size(10, 1, 10).blocks(36, 36).made_of("bricks").standing(), no_object_lost_blocks()}});
    // Stairs leading to the roof rise against the house to one below the roof's eaves (they rose away from it).
    add({"stairs_leading_to_the_roof_from_data", "village", {}, data("build a set of stairs leading to the roof"),
         {done(), built_leading_to("stair", "roof"), built("stair").count(1).standing(), no_object_lost_blocks()}});
    // A window goes into a wall of the nearest building (the house), not free-standing beside the looked-at cube.
    add({"a_new_window_goes_into_the_house_wall_from_data", "village", {}, data("build a new window"),
         {done(), built_into("window", "house", "glass"), says("wall of the house")}});
    add({"unknown_shape_is_asked", "flat", {}, hand("build a spaceship", CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@spaceship"}})")),
         {asked(), built_nothing(), nothing_changed()}});
    add({"hut_is_a_shape_alias", "flat", {}, hand("build a hut", CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@hut"}})")),
         {done(), built("hut").high(3, 8), unchanged("rock")}});
    add({"head_noun_by_syntax", "flat", {}, hand("build a small house with a door",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@small house with a door"}})")),
         {done(), built("house"), unchanged("rock")}});
    // Parts asked for: a doorway is cut into a shell; a part the shape lacks is asked about, not dropped.
    add({"hut_with_a_door_the_form_leaves_out", "flat", {}, hand("build a hut with a door",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@hut"}})")),
         {done(), built("hut").way_in(), unchanged("rock")}});
    add({"building_with_a_door", "flat", {}, hand("build a stone building with a door",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@building with a door", "has_block_type": "@stone"}})")),
         {done(), built("building").way_in().made_of("stone"), unchanged("rock")}});
    add({"square_building_has_equal_sides", "flat", {}, hand("build a square building",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@square building"}})")),
         {done(), built("building").size(9, 0, 9), unchanged("rock")}});
    add({"square_the_form_leaves_out", "flat", {}, hand("build a square wooden building",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@building", "has_block_type": "@wooden"}})")),
         {done(), built("building").size(9, 0, 9).made_of("oak_planks"), unchanged("rock")}});
    add({"house_with_a_chimney_is_asked", "flat", {}, hand("build a small house with a chimney",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@small house with a chimney"}})")),
         {asked(), says("chimney"), built_nothing(), nothing_changed()}});
    add({"house_with_a_chimney_assumed", "flat", {}, hand("build a small house with a chimney",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@small house with a chimney"}})")),
         {done(), says("without"), built("house"), unchanged("rock")}, true});
    // A scale the form leaves out is asked about, never built at the plain size.
    add({"scale_past_what_one_command_places_is_refused", "flat", {}, hand("build a cube ten times as big",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@cube"}})")),
         {refused(), says("blocks in one command"), built_nothing(), nothing_changed()}});
    // Footing: a site over water moves to solid ground.
    add({"no_build_over_water", "lake_rock", {}, hand("build a cube in front of the rock",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@cube"}, )" + ref_loc("rock", "FRONT") + "}")),
         {done(), built("cube").standing(), unchanged("rock"), no_object_lost_blocks()}});
    add({"tower_of_gold", "flat", {}, hand("build a tower of gold", CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@tower of gold"}})")),
         {done(), built("tower").made_of("gold_block"), unchanged("rock")}});
    add({"misspelt_shape", "flat", {}, hand("build a pyramyd", CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@pyramyd"}})")),
         {done(), built("pyramid"), unchanged("rock")}});
    add({"block_is_one_block", "flat", {}, hand("build a block", CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@block"}})")),
         {done(), built("block").blocks(1, 1)}});
    add({"stone_block_is_one_block", "flat", {}, hand("place a stone block",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@stone block"}})")),
         {done(), built("block").blocks(1, 1).made_of("stone")}});
    add({"two_dimensions_stay_two", "flat", {}, hand("build a 10 by 20 wall",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@wall", "has_size": "@10 by 20"}})")),
         {done(), built("wall").blocks(200, 200), unchanged("rock")}});
    add({"extents_in_feet_are_thirds_of_blocks", "flat", {}, hand("build a 30 by 9 feet wall",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@wall", "has_size": "@30 by 9 feet"}})")),
         {done(), built("wall").blocks(30, 30).high(3, 3), unchanged("rock")}});
    // "as tall as possible" is the tallest the agent may build, not the middle of "tall".
    add({"as_tall_as_possible_is_the_build_limit", "flat", {}, hand("build a 1x1 tower as tall as you can",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@tower", "has_size": "@1x1", "has_height": "@as tall as you can"}})")),
         {done(), built("tower").size(1, 64, 1), unchanged("rock")}});
    // Two colours joined by "and" are both built (every other layer), also where the form's name is only the noun.
    add({"two_colours_before_the_name", "flat", {}, hand("build a red and yellow wall",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@wall"}})")),
         {done(), built("wall").colours("red", "yellow"), unchanged("rock")}});
    add({"two_colours_in_the_colour_span", "flat", {}, hand("build a blue and white cube",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@cube", "has_colour": "@blue and white"}})")),
         {done(), built("cube").colours("blue", "white"), unchanged("rock")}});
    // A size word scales a room, a building or a house, but not below room for one to stand inside.
    add({"small_shed_has_room_inside", "flat", {}, hand("build a small shed",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@shed", "has_size": "@small"}})")),
         {done(), built("shed").room_inside().wide_about(3, 1), unchanged("rock")}});
    add({"tiny_house_has_room_inside", "flat", {}, hand("build a tiny house",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@house", "has_size": "@tiny"}})")),
         {done(), built("house").room_inside(), unchanged("rock")}});
    // A fence of a wood is that wood's fence posts, not a row of its planks or logs.
    add({"fence_of_birch_wood_is_birch_fence", "flat", {}, hand("build a fence of birch wood",
         CMD(R"({"action_type": "BUILD", "schematic": {"has_name": "@fence", "has_block_type": "@birch wood"}})")),
         {done(), built("fence").made_of("birch_fence"), unchanged("rock")}});
    add({"wall_of_diamonds_from_data", "village", {}, data("build a wall made of diamonds ."),
         {done(), built("wall").made_of("diamond_block"), no_object_lost_blocks()}});
    add({"build_a_tower_from_data", "village", {}, data("build a tower ."), {done(), built("tower"), no_object_lost_blocks()}});
    // A plural with no count is several (3, in a packed row), not one.
    add({"build_houses_is_several_from_data", "flat", {}, data("build houses"),
         {done(), built("house").count(3), built_packed("house", 25, 8), says("3")}});
    // Shape aliases that are things of their own: a farm for cattle is a fenced pen with a way in, a furnace its block.
    add({"a_farm_for_cattle_is_a_pen_from_data", "flat", {}, data("build a new farm to raise cattle ."),
         {done(), built("farm").made_of("oak_fence").gateway()}});
    add({"a_furnace_is_the_block_from_data", "flat", {}, data("please build me a furnace ."),
         {done(), built("furnace").blocks(1, 1).made_of("furnace")}});
    add({"build_a_box_from_data", "village", {}, data("build a box"), {done(), built("box"), no_object_lost_blocks()}});
    add({"build_a_small_house_from_data", "village", {}, data("build a small house"), {done(), built("house"), no_object_lost_blocks()}});
    add({"build_a_wood_house_from_data", "village", {}, data("build a wood house"), {done(), built("house"), no_object_lost_blocks()}});

    add_action_cases(v);
    add_reference_cases(v);
    add_dialogue_cases(v);
    return v;
  }();
  return cases;
}

}  // namespace plank::caip::test
