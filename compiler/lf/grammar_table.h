// The ACL-2020 CAIP grammar as data (docs: shared/docs/caip-grammar.md §1).
// One table answers "which keys may this node have, what does each key hold,
// which values may a categorical leaf take"; the validator, the REPL's tab
// completion and the generated docs all read it.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace plank::lf {

enum class NodeKind : uint8_t {
  Root,             // {dialogue_type, ...}; variants by dialogue_type
  Action,           // one element of action_sequence; variants by action_type
  Location,
  DanceLocation,    // LOCATION under DANCE: relative_direction adds CLOCKWISE/ANTICLOCKWISE
  ReferenceObject,
  Schematic,        // what BUILD builds (repeat_dir may be SURROUND)
  DigSchematic,     // what DIG digs: has_size/has_length/has_depth/has_width (+has_name)
  Repeat,
  BuildRepeat,      // REPEAT under BUILD / SCHEMATIC: repeat_dir adds SURROUND
  DanceRepeat,      // REPEAT under DANCE: no repeat_dir
  StopCondition,
  Filters,          // GET_MEMORY / PUT_MEMORY filters
  Upsert,
  MemoryData,
  DanceType,
  Facing,
  RelativeYaw,
  RelativePitch,
};
inline constexpr int kNodeKindCount = static_cast<int>(NodeKind::RelativePitch) + 1;

// What the value under a key must be.
enum class Holds : uint8_t {
  Node,      // a dict of kind `node`
  NodeList,  // a non-empty list of dicts of kind `node`
  Span,      // [0, [first, last]]
  Enum,      // a string from `values`
  IntEnum,   // an integer from `ints`
  Yes,       // the literal string "yes"
  Bool,      // true / false
};

struct KeySpec {
  std::string_view key;
  Holds holds = Holds::Span;
  NodeKind node = NodeKind::Root;          // Node / NodeList
  std::vector<std::string_view> values;    // Enum
  std::vector<int64_t> ints;               // IntEnum
  std::string_view doc;
};

// A node whose allowed keys depend on the value of its discriminator key
// (ROOT by dialogue_type, ACTION by action_type).
struct Variant {
  std::string_view value;
  std::vector<std::string_view> keys;      // allowed besides the discriminator
  std::vector<KeySpec> overrides;          // key specs that differ for this variant
  std::vector<std::string_view> required;  // beyond the node's own required keys
  std::string_view doc;
};

struct NodeSpec {
  NodeKind kind;
  std::string_view name;  // "LOCATION", "REFERENCE_OBJECT", ...
  std::string_view doc;
  std::vector<KeySpec> keys;               // every key the node kind knows
  std::string_view discriminator;          // "" when none
  std::vector<Variant> variants;
  std::vector<std::string_view> required;
};

const NodeSpec& node_spec(NodeKind kind);
std::string_view node_kind_name(NodeKind kind);
const std::vector<NodeKind>& all_node_kinds();

// Every key the node kind knows (all variants together), in table order.
std::vector<std::string_view> keys_of(NodeKind kind);
// The keys allowed when the discriminator has `variant` (e.g. keys_of(Action, "MOVE")),
// discriminator first; all keys when the variant is unknown.
std::vector<std::string_view> keys_of(NodeKind kind, std::string_view variant);
// The variant for a discriminator value, or nullptr.
const Variant* find_variant(NodeKind kind, std::string_view value);
// The spec of `key` in `kind` (the variant's override if it has one), or nullptr.
const KeySpec* find_key(NodeKind kind, std::string_view key, const Variant* variant = nullptr);
// Categorical values of a key (empty when the key is not categorical).
std::vector<std::string_view> categorical_values(NodeKind kind, std::string_view key,
                                                 std::string_view variant = {});

}  // namespace plank::lf
