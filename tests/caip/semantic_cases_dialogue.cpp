// Semantic cases: tasks (UNDO, STOP, RESUME), questions (GET_MEMORY), tags
// (PUT_MEMORY), chat (NOOP) and what the agent cannot do (OTHERACTION).
#include "semantic_cases.h"

namespace plank::caip::test {

void add_dialogue_cases(std::vector<SemanticCase>& v) {
  auto add = [&](SemanticCase c) { v.push_back(std::move(c)); };
  const Step red_cube = hand("build a red cube", cmd(R"({"action_type": "BUILD", "schematic": {"has_name": "@cube", "has_colour": "@red"}})"));
  const Step dance_forever = hand("dance forever", cmd(R"({"action_type": "DANCE", "repeat": {"stop_condition": {"condition_type": "NEVER"}}})"));
  auto question = [](std::string text) { return hand(std::move(text), R"({"dialogue_type": "GET_MEMORY"})"); };

  // ------------------------------------------------------------ UNDO, STOP, RESUME
  add({"undo_a_build", "flat", {red_cube}, hand("undo that", cmd(R"({"action_type": "UNDO"})")),
      {done(), destroyed("cube"), unchanged("rock")}});
  add({"undo_with_nothing_done_is_not_done", "flat", {}, hand("undo", cmd(R"({"action_type": "UNDO"})")),
      {does_not_say("I undid"), nothing_changed()}});
  add({"undo_last_house_from_data", "flat",
       {hand("build a house", cmd(R"({"action_type": "BUILD", "schematic": {"has_name": "@house"}})"))},
       data("undo last house you built"), {done(), destroyed("house"), unchanged("rock")}});
  add({"stop_dancing", "flat", {dance_forever}, hand("stop dancing", cmd(R"({"action_type": "STOP", "target_action_type": "@dancing"})")),
      {done(), nothing_changed()}});
  add({"stop_with_nothing_running_is_not_done", "flat", {}, data("stop moving"), {does_not_say("I stopped"), nothing_changed()}});
  add({"resume_after_stop", "flat", {dance_forever, hand("stop", cmd(R"({"action_type": "STOP"})"))},
      hand("resume", cmd(R"({"action_type": "RESUME"})")), {done(), nothing_changed()}});
  // The data's STOP and RESUME forms often name no task; the words do ("stop digging"): never another task.
  add({"stop_digging_while_dancing_from_data", "flat", {dance_forever}, data("stop digging the cave"),
      {says("not digging"), does_not_say("stopped"), nothing_changed()}});
  add({"stop_what_you_are_doing_from_data", "flat", {dance_forever}, data("stop what you are doing"),
      {says("stopped danc"), nothing_changed()}});
  add({"resume_feeding_is_not_a_dance_from_data", "flat", {dance_forever, hand("stop", cmd(R"({"action_type": "STOP"})"))},
      data("resume feeding the chickens"), {does_not_say("dancing a dance again"), nothing_changed()}});
  // A task named by its noun ("the construction of the home") is that task, never the paused dance.
  add({"resume_the_construction_is_not_a_dance_from_data", "flat", {dance_forever, hand("stop", cmd(R"({"action_type": "STOP"})"))},
      data("resume the construction of the home"), {refused(), says("building"), does_not_say("again"), nothing_changed()}});
  add({"resume_the_excavation_is_not_a_dance_from_data", "flat", {dance_forever, hand("stop", cmd(R"({"action_type": "STOP"})"))},
      data("resume the excavation of the gray rock ."), {refused(), says("digging"), does_not_say("again"), nothing_changed()}});
  add({"resume_with_nothing_stopped_is_not_done", "flat", {}, data("resume last task"), {does_not_say("I resumed"), nothing_changed()}});
  // Words that name the task's thing: a task about something else (the dance, the blue cube) is not it.
  add({"stop_working_on_a_shed_is_not_the_dance_from_data", "flat", {dance_forever},
      data("stop working on the new shed after you 've completed the east wall ."),
      {refused(), says("shed"), does_not_say("stopped"), nothing_changed()}});
  add({"revert_this_farm_space_is_not_the_last_build_from_data", "village", {}, data("revert this farm space back to 256x256"),
      {refused(), says("farm space"), does_not_say("undid"), nothing_changed()}});

  // ------------------------------------------------------------ GET_MEMORY
  add({"what_colour_is_the_cube", "village", {}, question("what colour is the cube ?"), {says("red"), nothing_changed()}});
  add({"what_colour_is_the_box", "village", {}, question("what color is the box ?"), {says("yellow"), does_not_say("red"), nothing_changed()}});  // birch planks
  add({"where_is_the_door_from_data", "village", {}, data("where is the door ?"), {says("(3, 1, 5)"), nothing_changed()}});
  // The question's noun is the head of its phrase, not a word before it ("the next mine" is about a mine).
  add({"where_is_the_next_mine_names_the_mine_from_data", "flat", {}, data("where is the next mine ."),
      {says("mine"), does_not_say("next"), nothing_changed()}});
  add({"where_is_my_house_from_data", "village", {}, data("where is my house ?"), {says("(3, 0, 2)"), nothing_changed()}});
  add({"how_many_pigs", "village", {}, question("how many pigs are there ?"), {says("1"), nothing_changed()}});
  add({"how_many_bushes_by_house_from_data", "village", {}, data("how many bushes are by the house ?"), {says("1"), nothing_changed()}});
  add({"how_big_is_the_tower", "village", {}, question("how big is the tower ?"), {says("3x9x3"), nothing_changed()}});
  add({"what_are_you_doing_idle", "flat", {}, data("what are you doing"), {says("not doing anything"), nothing_changed()}});
  add({"what_are_you_doing_dancing", "flat", {dance_forever}, question("what are you doing ?"), {says("danc"), nothing_changed()}});
  // From the agent's SQLite memory: what it built, what it was told, its name, the time of day.
  const Step blue_cube = hand("build a blue cube", cmd(R"({"action_type": "BUILD", "schematic": {"has_name": "@cube", "has_colour": "@blue"}})"));
  add({"colour_of_a_built_red_cube", "flat", {red_cube}, question("what colour is the cube ?"), {says("red"), nothing_changed()}});
  add({"colour_of_a_built_blue_cube", "flat", {blue_cube}, question("what colour is the cube ?"),
       {says("blue"), does_not_say("red"), nothing_changed()}});
  add({"how_many_cubes_after_two_builds", "flat", {red_cube, blue_cube}, question("how many cubes are there ?"),
       {says("2 cubes"), nothing_changed()}});
  add({"how_many_cubes_before_any", "flat", {}, question("how many cubes are there ?"), {says("0 cubes"), nothing_changed()}});
  const Step call_rock_treasure = hand("the rock is my treasure", R"({"dialogue_type": "PUT_MEMORY", "filters": {"reference_object": {"has_name": "@rock"}},
      "upsert": {"memory_data": {"memory_type": "TRIPLE", "has_tag": "@treasure"}}})");
  add({"where_is_a_tagged_thing", "flat", {call_rock_treasure}, question("where is the treasure ?"), {says("(0, 0, 0)"), nothing_changed()}});
  add({"where_is_an_untagged_thing", "flat", {}, question("where is the treasure ?"), {says("don't see"), nothing_changed()}});
  const Step call_pig_bob = hand("the pig is called bob", R"({"dialogue_type": "PUT_MEMORY", "filters": {"reference_object": {"has_name": "@pig"}},
      "upsert": {"memory_data": {"memory_type": "TRIPLE", "has_tag": "@bob"}}})");
  add({"where_is_a_tagged_creature", "village", {call_pig_bob}, question("where is bob ?"), {says("(-2, 0, 10)"), nothing_changed()}});
  add({"how_many_blocks_down_not_understood", "village", {}, question("how many blocks down are we ?"),
       {says("understand"), does_not_say("I see"), nothing_changed()}});
  add({"what_is_your_name_unnamed", "flat", {}, question("what is your name ?"),
       {says("Nobody has given me a name"), does_not_say("understand"), nothing_changed()}});
  const Step call_bot_max = hand("you are called max", R"({"dialogue_type": "PUT_MEMORY", "filters": {"reference_object": {"has_name": "@you"}},
      "upsert": {"memory_data": {"memory_type": "TRIPLE", "has_tag": "@max"}}})");
  add({"what_is_your_name_after_naming", "flat", {call_bot_max}, question("what is your name ?"), {says("My name is max"), nothing_changed()}});
  // Tick 0 is 6:00 (Minecraft's day); dancing forever takes game time, so the clock moves on.
  add({"what_time_is_it_at_the_start", "flat", {}, question("what time is it ?"), {says("6:00 in the morning"), nothing_changed()}});
  add({"what_time_is_it_later", "flat", {dance_forever}, question("what time is it ?"),
       {says("in the"), does_not_say("6:00 in"), nothing_changed()}});
  add({"what_time_does_it_get_dark_not_understood_from_data", "village", {}, data("what time does it get dark ?"),
       {says("understand"), nothing_changed()}});
  add({"question_not_understood", "flat", {}, question("why is the sky blue ?"), {says("understand"), nothing_changed()}});
  add({"riddle_not_understood_from_data", "village", {}, data("answer the riddle written on the stone wall ."),
      {says("understand"), nothing_changed()}});
  add({"where_is_that_pointed_at", "flat", {red_cube}, question("what colour is that ?"), {says("red"), nothing_changed()}});
  add({"is_there_a_tree", "village", {}, question("is there a tree ?"), {says("yes"), nothing_changed()}});
  add({"is_there_a_dragon", "village", {}, question("is there a dragon ?"), {says("no"), nothing_changed()}});
  add({"where_are_you", "village", {}, question("where are you ?"), {says_where_the_agent_is(), nothing_changed()}});
  // People are the speakers in the scene (the village has alice): never "0 people" while one talks to it.
  add({"how_many_people_can_you_see_from_data", "village", {}, data("tell me how many people you can see right now ."),
      {says("1 person"), nothing_changed()}});
  // "where are you going": what its task is (a dance: going nowhere), not the cell it stands on.
  add({"where_are_you_going_from_data", "flat", {dance_forever}, data("where are you going?"),
      {says("dancing"), does_not_say("I am at"), nothing_changed()}});

  // ------------------------------------------------------------ PUT_MEMORY, then using the tag
  const Step tag_tree = data("tag the tree .");
  add({"tag_that_house_from_data", "village", {}, data("tag that house as bob 's house ."), {nothing_changed()}});
  add({"tag_then_refer_by_tag", "village",
       {hand("tag the tower as lookout", R"({"dialogue_type": "PUT_MEMORY", "filters": {"reference_object": {"has_name": "@tower"}},
             "upsert": {"memory_data": {"memory_type": "TRIPLE", "has_tag": "@lookout"}}})")},
       hand("destroy the lookout", cmd(R"({"action_type": "DESTROY", "reference_object": {"has_name": "@lookout"}})")),
       {done(), destroyed("tower"), unchanged("house")}});

  // A tag with no object is the one the speaker looks at (alice looks at the red cube), not the
  // one talked about last (the blue cube the history built).
  add({"label_with_no_object_tags_what_is_looked_at_from_data", "village", {}, data("label as grass"),
       {done(), tagged("cube", "grass"), nothing_changed()}});

  // ------------------------------------------------------------ NOOP, OTHERACTION
  add({"undo_my_previous_action_from_data", "flat", {red_cube}, data("undo my previous action"),
      {done(), destroyed("cube"), unchanged("rock")}});
  add({"undo_your_last_action_from_data", "flat", {red_cube}, data("undo your last action please ."),
      {done(), destroyed("cube"), unchanged("rock")}});
  add({"please_stop_building_with_nothing_running_from_data", "flat", {}, data("please stop building"),
      {does_not_say("I stopped"), nothing_changed()}});
  add({"bot_stop_moving_from_data", "flat", {}, data("bot stop moving ."), {does_not_say("I stopped"), nothing_changed()}});
  add({"hunger_changes_nothing_from_data", "flat", {}, data("hunger"), {nothing_changed(), agent_stayed()}});
  add({"i_cant_see_you_changes_nothing_from_data", "flat", {}, data("i can't see you"), {nothing_changed()}});
  add({"hi_changes_nothing", "flat", {}, data("hi"), {nothing_changed(), agent_stayed()}});
  add({"nice_game_changes_nothing", "flat", {}, data("nice game"), {nothing_changed(), agent_stayed()}});
  add({"open_the_box_is_not_done_from_data", "village", {}, data("open the box ."), {does_not_say("I opened"), nothing_changed()}});
  add({"plant_a_tree_is_not_done_from_data", "village", {}, data("plant a tree ."), {nothing_changed()}});
  // A command that is only a shape's name (misspelt; the data annotates it NOOP) is no chat: asked about, and
  // built when the speaker allows assumptions.
  // A part asked for alone ("with a floor") has nothing to belong to: asked, never "OK.".
  add({"a_bare_part_is_asked_about_from_data", "flat", {}, data("with a floor"), {asked(), says("floor"), nothing_changed()}});
  add({"a_bare_shape_name_is_asked_about_from_data", "village", {}, data("hallow_cube"),
       {asked(), says("build a hollow cube?"), nothing_changed()}});
  add({"a_bare_shape_name_is_built_when_assuming_from_data", "village", {}, data("hallow_cube"),
       {done(), built("hollow cube").count(1), no_object_lost_blocks()}, true});
}

}  // namespace plank::caip::test
