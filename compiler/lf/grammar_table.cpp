#include "compiler/lf/grammar_table.h"

#include <algorithm>
#include <array>

namespace plank::lf {
namespace {

using SV = std::string_view;
using Keys = std::vector<KeySpec>;

KeySpec span(SV key, SV doc = {}) { return KeySpec{key, Holds::Span, NodeKind::Root, {}, {}, doc}; }
KeySpec node(SV key, NodeKind k, SV doc = {}) { return KeySpec{key, Holds::Node, k, {}, {}, doc}; }
KeySpec node_list(SV key, NodeKind k, SV doc = {}) { return KeySpec{key, Holds::NodeList, k, {}, {}, doc}; }
KeySpec enumeration(SV key, std::vector<SV> values, SV doc = {}) {
  return KeySpec{key, Holds::Enum, NodeKind::Root, std::move(values), {}, doc};
}
KeySpec int_enum(SV key, std::vector<int64_t> ints, SV doc = {}) {
  return KeySpec{key, Holds::IntEnum, NodeKind::Root, {}, std::move(ints), doc};
}
KeySpec yes(SV key, SV doc = {}) { return KeySpec{key, Holds::Yes, NodeKind::Root, {"yes"}, {}, doc}; }
KeySpec boolean(SV key, SV doc = {}) { return KeySpec{key, Holds::Bool, NodeKind::Root, {}, {}, doc}; }

Keys concat(Keys a, const Keys& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}
Keys with_values(Keys keys, SV key, std::vector<SV> extra) {
  for (auto& k : keys)
    if (k.key == key) k.values.insert(k.values.end(), extra.begin(), extra.end());
  return keys;
}
Keys without(Keys keys, std::initializer_list<SV> drop) {
  std::erase_if(keys, [&](const KeySpec& k) { return std::find(drop.begin(), drop.end(), k.key) != drop.end(); });
  return keys;
}

const std::vector<SV> kDirections = {"LEFT", "RIGHT", "UP",     "DOWN",    "FRONT",  "BACK",
                                     "AWAY", "INSIDE", "NEAR", "OUTSIDE", "BETWEEN"};
const std::vector<SV> kRepeatDirs = {"LEFT", "RIGHT", "UP", "DOWN", "FRONT", "BACK", "AROUND"};
const std::vector<SV> kActionTypes = {"BUILD", "SPAWN", "FILL", "DESTROY", "MOVE", "DIG", "FREEBUILD", "DANCE",
                                      "UNDO",  "STOP",  "RESUME", "GET",   "GIVE", "OTHERACTION"};

Keys location_keys() {
  return {
      enumeration("location_type", {"COORDINATES", "REFERENCE_OBJECT", "AGENT_POS", "SPEAKER_POS", "SPEAKER_LOOK"},
                  "where the location is anchored"),
      enumeration("relative_direction", kDirections, "direction relative to the anchor"),
      span("steps", "distance, e.g. 'three feet'"),
      span("coordinates", "with location_type COORDINATES, e.g. '0 66 0'"),
      yes("contains_coreference", "'there', 'here', 'that'"),
      span("coref_resolve", "coreference span (spec; the data uses contains_coreference)"),
      node("reference_object", NodeKind::ReferenceObject, "with location_type REFERENCE_OBJECT"),
      node("reference_object_1", NodeKind::ReferenceObject, "first object of BETWEEN (later spec)"),
      node("reference_object_2", NodeKind::ReferenceObject, "second object of BETWEEN (later spec)"),
      span("text_span", "post-ACL: the words of the location (accepted)"),
  };
}

Keys repeat_keys() {
  return {
      enumeration("repeat_key", {"FOR", "ALL"}, "FOR n times / ALL of them"),
      span("repeat_count", "with FOR: 'three', '5', 'a few'"),
      enumeration("repeat_dir", kRepeatDirs, "direction of the repetition"),
      node("stop_condition", NodeKind::StopCondition, "data quirk: 'until'/'forever' annotated inside repeat"),
  };
}

Keys ref_object_keys() {
  return {
      node("repeat", NodeKind::Repeat, "'all the cubes', 'the 3 houses'"),
      span("has_name"), span("has_colour"), span("has_size"), span("has_tag", "catch-all property span"),
      span("has_length"), span("has_width"), span("has_height"), span("has_block_type"),
      yes("contains_coreference", "'it', 'that', 'this'"),
      span("coref_resolve", "coreference span (spec; the data uses contains_coreference)"),
      node("location", NodeKind::Location, "'the house to the left of the tree'"),
      span("text_span", "post-ACL: the words of the object (accepted)"),
  };
}

Keys schematic_keys() {
  return {
      node("repeat", NodeKind::BuildRepeat),
      span("has_name"), span("has_block_type"), span("has_size"), span("has_orientation"), span("has_thickness"),
      span("has_colour"), span("has_height"), span("has_length"), span("has_radius"), span("has_slope"),
      span("has_width"), span("has_base"), span("has_depth"), span("has_distance"),
  };
}

Keys facing_keys() {
  return {
      span("yaw_pitch"), span("yaw"), span("pitch"),
      node("relative_yaw", NodeKind::RelativeYaw), node("relative_pitch", NodeKind::RelativePitch),
      node("location", NodeKind::Location),
  };
}

std::vector<NodeSpec> build_table() {
  std::vector<NodeSpec> t(kNodeKindCount);
  auto set = [&](NodeSpec s) { t[static_cast<size_t>(s.kind)] = std::move(s); };

  set({NodeKind::Root, "ROOT", "a whole logical form",
       {
           enumeration("dialogue_type", {"HUMAN_GIVE_COMMAND", "GET_MEMORY", "PUT_MEMORY", "NOOP"}),
           node_list("action_sequence", NodeKind::Action, "the actions, in order"),
           node("filters", NodeKind::Filters, "which memories a question or tag is about"),
           enumeration("answer_type", {"TAG", "EXISTS"}),
           enumeration("tag_name", {"has_name", "has_size", "has_colour", "action_name",
                                    "action_reference_object_name", "move_target", "location"}),
           node("upsert", NodeKind::Upsert, "what to write into memory"),
           boolean("replace", "no meaning for execution"),
       },
       "dialogue_type",
       {
           {"HUMAN_GIVE_COMMAND", {"action_sequence", "replace"}, {}, {"action_sequence"}, "a command"},
           {"GET_MEMORY", {"filters", "answer_type", "tag_name", "replace"}, {}, {}, "a question"},
           {"PUT_MEMORY", {"filters", "upsert", "replace"}, {}, {}, "tagging / feedback"},
           {"NOOP", {}, {}, {}, "chit-chat, not a command"},
       },
       {"dialogue_type"}});

  set({NodeKind::Action, "ACTION", "one action of action_sequence",
       {
           enumeration("action_type", kActionTypes),
           node("location", NodeKind::Location),
           node("reference_object", NodeKind::ReferenceObject),
           node("schematic", NodeKind::Schematic),
           node("repeat", NodeKind::Repeat),
           node("stop_condition", NodeKind::StopCondition),
           span("has_block_type", "FILL: the block to fill with"),
           node("dance_type", NodeKind::DanceType),
           span("target_action_type", "UNDO / STOP / RESUME: which action"),
           boolean("replace", "no meaning for execution"),
       },
       "action_type",
       {
           {"BUILD", {"location", "schematic", "reference_object", "repeat", "replace"},
            {node("repeat", NodeKind::BuildRepeat)}, {}, "build a schematic, or copy a reference_object"},
           {"SPAWN", {"reference_object", "repeat", "location", "replace"}, {}, {}, "spawn a mob"},
           {"FILL", {"has_block_type", "reference_object", "repeat", "replace"}, {}, {}, "fill a hole"},
           {"DESTROY", {"reference_object", "repeat", "replace"}, {}, {}, "destroy an object"},
           {"MOVE", {"location", "stop_condition", "repeat", "replace"}, {}, {}, "move somewhere"},
           {"DIG", {"location", "schematic", "stop_condition", "repeat", "replace"},
            {node("schematic", NodeKind::DigSchematic)}, {}, "dig a hole"},
           {"FREEBUILD", {"reference_object", "location", "repeat", "replace"}, {}, {}, "complete a half-built object"},
           {"DANCE", {"location", "dance_type", "stop_condition", "repeat", "replace"},
            {node("location", NodeKind::DanceLocation), node("repeat", NodeKind::DanceRepeat)}, {}, "dance"},
           {"UNDO", {"target_action_type", "replace"}, {}, {}, "undo the last (or a named) action"},
           {"STOP", {"target_action_type", "replace"}, {}, {}, "stop"},
           {"RESUME", {"target_action_type", "replace"}, {}, {}, "resume"},
           {"GET", {"reference_object", "replace"}, {}, {}, "get an object (Grammar_Spec_doc)"},
           {"GIVE", {"reference_object", "replace"}, {}, {}, "give an object (Grammar_Spec_doc)"},
           {"OTHERACTION", {"location", "reference_object", "repeat", "replace"}, {}, {},
            "an action outside the grammar (data, not spec)"},
       },
       {"action_type"}});

  set({NodeKind::Location, "LOCATION", "a place", location_keys(), {}, {}, {}});
  set({NodeKind::DanceLocation, "LOCATION", "a place to dance around",
       with_values(location_keys(), "relative_direction", {"CLOCKWISE", "ANTICLOCKWISE"}), {}, {}, {}});
  set({NodeKind::ReferenceObject, "REFERENCE_OBJECT", "an object in the world", ref_object_keys(), {}, {}, {}});
  set({NodeKind::Schematic, "SCHEMATIC", "what to build", schematic_keys(), {}, {}, {}});
  set({NodeKind::DigSchematic, "SCHEMATIC", "what to dig",
       {node("repeat", NodeKind::Repeat), span("has_size"), span("has_length"), span("has_depth"), span("has_width"),
        span("has_name", "'hole' in the data")},
       {}, {}, {}});
  set({NodeKind::Repeat, "REPEAT", "a loop", repeat_keys(), {}, {}, {}});
  set({NodeKind::BuildRepeat, "REPEAT", "a loop of builds", with_values(repeat_keys(), "repeat_dir", {"SURROUND"}),
       {}, {}, {}});
  set({NodeKind::DanceRepeat, "REPEAT", "a loop of dances", without(repeat_keys(), {"repeat_dir"}), {}, {}, {}});
  set({NodeKind::StopCondition, "STOP_CONDITION", "when to stop",
       {enumeration("condition_type", {"ADJACENT_TO_BLOCK_TYPE", "NEVER"}),
        span("block_type", "for ADJACENT_TO_BLOCK_TYPE: 'until you hit bedrock'"),
        span("condition_span", "free-text condition")},
       {}, {}, {}});
  set({NodeKind::Filters, "FILTERS", "which memories",
       {enumeration("temporal", {"CURRENT"}), enumeration("type", {"ACTION", "AGENT", "REFERENCE_OBJECT"}),
        enumeration("action_type", {"BUILD", "DESTROY", "DIG", "FILL", "SPAWN", "MOVE"}),
        node("reference_object", NodeKind::ReferenceObject)},
       {}, {}, {}});
  set({NodeKind::Upsert, "UPSERT", "what to write into memory", {node("memory_data", NodeKind::MemoryData)}, {}, {}, {}});
  set({NodeKind::MemoryData, "MEMORY_DATA", "a tag or a reward",
       {enumeration("memory_type", {"REWARD", "TRIPLE"}), enumeration("reward_value", {"POSITIVE", "NEGATIVE"}),
        span("has_tag"), span("has_colour"), span("has_size")},
       {}, {}, {}});
  set({NodeKind::DanceType, "DANCE_TYPE", "how to dance",
       {span("dance_type_name"), span("dance_type_tag"), node("point", NodeKind::Facing),
        node("look_turn", NodeKind::Facing), node("body_turn", NodeKind::Facing)},
       {}, {}, {}});
  set({NodeKind::Facing, "FACING", "a direction to face", facing_keys(), {}, {}, {}});
  set({NodeKind::RelativeYaw, "RELATIVE_YAW", "turn left (+) or right (-)",
       {int_enum("angle", {-360, -180, -135, -90, -45, 45, 90, 135, 180, 360}), span("yaw_span")}, {}, {}, {}});
  set({NodeKind::RelativePitch, "RELATIVE_PITCH", "look up (+) or down (-)",
       {int_enum("angle", {-90, -45, 45, 90}), span("pitch_span")}, {}, {}, {}});
  return t;
}

const std::vector<NodeSpec>& table() {
  static const std::vector<NodeSpec> t = build_table();
  return t;
}

}  // namespace

const NodeSpec& node_spec(NodeKind kind) { return table()[static_cast<size_t>(kind)]; }

std::string_view node_kind_name(NodeKind kind) { return node_spec(kind).name; }

const std::vector<NodeKind>& all_node_kinds() {
  static const std::vector<NodeKind> kinds = [] {
    std::vector<NodeKind> v;
    for (int i = 0; i < kNodeKindCount; ++i) v.push_back(static_cast<NodeKind>(i));
    return v;
  }();
  return kinds;
}

std::vector<std::string_view> keys_of(NodeKind kind) {
  std::vector<std::string_view> out;
  for (const auto& k : node_spec(kind).keys) out.push_back(k.key);
  return out;
}

const Variant* find_variant(NodeKind kind, std::string_view value) {
  for (const auto& v : node_spec(kind).variants)
    if (v.value == value) return &v;
  return nullptr;
}

std::vector<std::string_view> keys_of(NodeKind kind, std::string_view variant) {
  const NodeSpec& spec = node_spec(kind);
  const Variant* v = find_variant(kind, variant);
  if (!v) return keys_of(kind);
  std::vector<std::string_view> out{spec.discriminator};
  out.insert(out.end(), v->keys.begin(), v->keys.end());
  return out;
}

const KeySpec* find_key(NodeKind kind, std::string_view key, const Variant* variant) {
  if (variant)
    for (const auto& k : variant->overrides)
      if (k.key == key) return &k;
  for (const auto& k : node_spec(kind).keys)
    if (k.key == key) return &k;
  return nullptr;
}

std::vector<std::string_view> categorical_values(NodeKind kind, std::string_view key, std::string_view variant) {
  const KeySpec* k = find_key(kind, key, variant.empty() ? nullptr : find_variant(kind, variant));
  if (!k || (k->holds != Holds::Enum && k->holds != Holds::Yes)) return {};
  return k->values;
}

}  // namespace plank::lf
