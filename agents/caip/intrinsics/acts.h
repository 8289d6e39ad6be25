// What the "caip" intrinsics do, as plain C++ over an Assistant: resolving
// reference objects and locations, making schematics, and every action of the
// grammar. Each returns nullopt / false after refusing or raising a doubt
// (Assistant::unsure, doubts.h): the intrinsic hands the doubt to the policy,
// which asks or goes on. The intrinsics stay thin.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "agents/caip/intrinsics/assistant.h"

namespace plank::caip {

// ---- reference objects (refs.cpp)
struct RefQuery {
  std::string name, colour, size, tag, block;  // span texts ("" = not given)
  bool all = false;          // repeat ALL: every match
  long count = 1;            // repeat FOR n
  bool coref = false;        // "it", "that": the last referenced object, else the look target
  int location = -1;         // a location handle the object must be at / in the direction of
  std::string direction;     // that location's relative_direction
  bool want_hole = false;    // FILL: holes first
  bool quiet = false;        // questions: no match is an answer ("no"), not a question back
  bool look = false;         // no object named (a tag): the one the speaker looks at, CAIP's convention
};
// Handles of the objects meant, nearest the speaker first. Asks when nothing
// matches or when one object is meant and several fit equally.
std::optional<std::vector<int>> find_things(Assistant& s, const RefQuery& q);

// ---- locations (locations.cpp)
struct LocationQuery {
  std::string type;          // SPEAKER_LOOK, SPEAKER_POS, AGENT_POS, COORDINATES, REFERENCE_OBJECT
  int thing = -1;            // REFERENCE_OBJECT
  int thing2 = -1;           // BETWEEN's second object
  std::string coordinates;   // COORDINATES span text
  std::string direction;     // relative_direction
  std::string steps;         // steps span text
};
std::optional<int> make_location(Assistant& s, const LocationQuery& q);
// A relative direction as a world vector: LEFT, RIGHT, UP, DOWN in the speaker's
// frame; FRONT and BACK of an object are its side facing the speaker and its far
// side (of a point, the speaker's forward and back). {0,0,0} for the others.
Coord direction_vector(Assistant& s, const std::string& direction, const std::optional<Box>& anchor);
// Where copy `index` of a repeated build goes: `direction` in the speaker's
// frame (AROUND/SURROUND: on a ring of `count`), spaced by the shape's extent + 1;
// the location itself when `count` is one (a count the policy settled at run time).
std::optional<int> offset_location(Assistant& s, int location, const std::string& direction, long index, long count,
                                   int schematic);

// ---- schematics (build.cpp)
struct SchematicQuery {
  std::string name, block, colour, size, width, height, length, depth, radius, thickness;
  bool dig = false;  // DIG: the name describes the hole ("pit", "trench"): any name is a box
  long scale_percent = 100;  // "ten times as big": the extents times this / 100
  std::string scale_extent;  // the one extent scaled ("height", "width", "length"); "": all
};
// The largest side a command builds (the build guard).
inline constexpr int kLargestSide = 64;
std::optional<int> make_schematic(Assistant& s, const SchematicQuery& q);

// ---- actions (build.cpp, world_acts.cpp, tasks.cpp)
bool act_build(Assistant& s, int schematic, int location);
// `scale_percent`: "a copy ten times as big", each block a cube of blocks (one extent: stretched along it).
bool act_copy(Assistant& s, int thing, int location, long scale_percent = 100, const std::string& scale_extent = {});
bool act_destroy(Assistant& s, const std::vector<int>& things);
// `until` ("water", "bedrock", "ground"): as deep as the first such block below the site, within 64.
bool act_dig(Assistant& s, int schematic, int location, const std::string& until = {});
bool act_fill(Assistant& s, const std::vector<int>& things, const std::string& block);
bool act_move(Assistant& s, int location);
// One step of a loop: MOVE in a direction ("FRONT" by default); false when blocked or out of budget.
bool act_step(Assistant& s, const std::string& direction);
// `angle` (a relative_yaw: + left, - right): one turn by that many degrees instead of a dance.
bool act_dance(Assistant& s, int location, const std::string& direction, long turns, std::optional<long> angle = {});
bool act_spawn(Assistant& s, const std::string& name, int location, long count);
bool act_freebuild(Assistant& s, int thing);
// "add two more layers to the pyramid": the object grows by `count` layers in its own shape (extend.cpp).
bool act_extend(Assistant& s, int thing, long count);
// "build a second story for the house": a storey on the building's walls, what was above them raised (storey.cpp).
bool act_add_storey(Assistant& s, int thing);
// RESUME of a build the tick budget paused: places the rest (build.cpp).
bool continue_build(Assistant& s, agent::TaskId task);
// `about`: the words naming the thing the task must be about ("stop working on the new shed", "revert this farm
// space"); "" or words that name no thing (an action, a command, "what you are doing") filter nothing.
bool act_undo(Assistant& s, const std::string& target, const std::string& about = {});
bool act_stop(Assistant& s, const std::string& target, const std::string& about = {});
bool act_resume(Assistant& s, const std::string& target, const std::string& about = {});
// Loop conditions.
bool adjacent_to_block(Assistant& s, const std::string& block);
bool keep_going(Assistant& s, long step);

// ---- memory (memory_acts.cpp)
// What the agent is doing: the innermost running task (of that action type; "": any), or null.
const TaskInfo* running_task(Assistant& s, const std::string& action_type);
// The last task it started (running or not), or null.
const TaskInfo* last_task(Assistant& s);
bool put_tag(Assistant& s, const std::vector<int>& things, const std::string& tag);

// ---- the SQLite memory (recall.cpp): questions are answered from it
// Brings the memory up to date with what the agent perceives and its tasks; false without a memory.
bool remember(Assistant& s);
// The subject a creature's tags are kept under in the memory's triples ("creature:12"): its id, not its place.
std::string creature_subject(world::EntityId entity);
// What the memory holds under a name or tag (the lemma of the last word of `what`):
// objects (the one the speaker looks at first, then nearest the speaker), then creatures (by type, name or tag).
struct Recalled {
  std::string name, describe, colour;
  Coord size{0, 0, 0};
  int64_t blocks = 0;
  Coord centre{0, 0, 0};
  std::vector<std::string> names;
};
std::vector<Recalled> recall(Assistant& s, const std::string& what);
// The memory's running task (the latest started), else its last task; nullopt when none.
struct RecalledTask {
  std::string action, what, status;
};
std::optional<RecalledTask> recall_task(Assistant& s);
// The name the speaker gave the agent, from the memory's triples.
std::optional<std::string> recall_name(Assistant& s);
// Minecraft's time of day for a game tick.
struct TimeOfDay {
  int hour = 0, minute = 0;
  std::string period;  // morning, afternoon, evening, night
};
TimeOfDay time_of_day(uint64_t tick);
// Keeps a POSITIVE (+1) or NEGATIVE (-1) reward; the policy thanks or apologises.
int put_reward(Assistant& s, const std::string& value);

}  // namespace plank::caip
