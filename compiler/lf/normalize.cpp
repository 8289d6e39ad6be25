#include "compiler/lf/normalize.h"

#include <algorithm>
#include <string_view>
#include <vector>

#include "compiler/lf/key_set.h"

namespace plank::lf {
namespace {

struct Ctx {
  NormalizeLog* log;
  std::string path;
  void note(const char* rewrite, std::string_view key = {}) {
    if (!log) return;
    std::string p = path;
    if (!key.empty()) p += p.empty() ? std::string(key) : "." + std::string(key);
    log->applied.push_back({rewrite, std::move(p), {}, {}});
  }
  // A real-data spelling the grammar document lacks: applied, and reported as a warning.
  void warn(const char* rewrite, std::string_view key, Span at, std::string what) {
    note(rewrite, key);
    if (!log) return;
    log->applied.back().warning = std::move(what);
    log->applied.back().at = at;
  }
};

bool is_reference_object_key(std::string_view k) {
  return k == "reference_object" || k == "reference_object_1" || k == "reference_object_2";
}

bool has_trailing_underscore(const std::string& key) {
  return key.size() > 5 && key.starts_with("has_") && key.back() == '_';
}

// has_name_ -> has_name (only when has_name is not already there, counting
// the keys renamed before it). Decided over views of the unchanged keys, then
// applied, so each key is looked up once.
void trailing_underscore_keys(Value& dict, Ctx& cx) {
  if (std::none_of(dict.members.begin(), dict.members.end(),
                   [](const Member& m) { return has_trailing_underscore(m.key); }))
    return;
  KeySet keys;
  for (const auto& m : dict.members) keys.insert(m.key);
  std::vector<size_t> renamed;
  for (size_t i = 0; i < dict.members.size(); ++i) {
    const std::string& key = dict.members[i].key;
    if (!has_trailing_underscore(key)) continue;
    std::string_view plain(key.data(), key.size() - 1);
    if (!keys.insert(plain)) continue;
    keys.erase(key);  // renamed: a later has_name__ may take its old name
    renamed.push_back(i);
  }
  for (size_t i : renamed) {
    cx.note("trailing-underscore-key", dict.members[i].key);
    dict.members[i].key.pop_back();
  }
}

void unwrap_fixed_value(Value& v, Ctx& cx, std::string_view key);
// {"fixed_value": "X"} -> "X"
void unwrap_fixed_value(Value& v, Ctx& cx, std::string_view key) {
  if (v.is_dict() && v.members.size() == 1 && v.members[0].key == "fixed_value" &&
      !v.members[0].value.is_dict() && !v.members[0].value.is_list()) {
    cx.note("unwrap-fixed-value", key);
    Value inner = std::move(v.members[0].value);
    v = std::move(inner);
  }
}

// {"action": A} -> {"action_sequence": [A]}
void action_to_action_sequence(Value& root, Ctx& cx) {
  if (!root.is_dict() || root.find("action_sequence")) return;
  Member* m = root.find_member("action");
  if (!m) return;
  cx.note("action-to-action-sequence", "action");
  Value seq = Value::list(m->value.span);
  seq.items.push_back(std::move(m->value));
  m->key = "action_sequence";
  m->value = std::move(seq);
}

// reference_object.filters {has_x..., location, contains_coreference} -> onto the reference_object.
void lift_reference_object_filters(Value& ref, Ctx& cx) {
  Member* f = ref.find_member("filters");
  if (!f || !f->value.is_dict()) return;
  KeySet keys;
  for (const auto& m : ref.members) keys.insert(m.key);
  for (const auto& m : f->value.members)
    if (keys.contains(m.key)) return;  // a clash: leave it for the validator to report
  cx.note("lift-reference-object-filters", "filters");
  Value filters = std::move(f->value);
  ref.erase("filters");
  for (auto& m : filters.members) ref.members.push_back(std::move(m));
}

// location.reference_object.special_reference -> location.location_type (+coordinates)
void special_reference_to_location_type(Value& loc, Ctx& cx) {
  Value* ref = loc.find("reference_object");
  if (!ref || !ref->is_dict()) return;
  Member* sr = ref->find_member("special_reference");
  if (!sr) return;
  unwrap_fixed_value(sr->value, cx, "reference_object.special_reference");
  Value& v = sr->value;
  std::string type;
  Value coordinates;
  bool has_coordinates = false;
  if (v.is_string()) {
    if (v.string == "SPEAKER") type = "SPEAKER_POS";
    else if (v.string == "AGENT") type = "AGENT_POS";
    else if (v.string == "SPEAKER_LOOK") type = "SPEAKER_LOOK";
  } else if (v.is_dict() && v.members.size() == 1 && v.members[0].key == "coordinates_span") {
    type = "COORDINATES";
    coordinates = std::move(v.members[0].value);
    has_coordinates = true;
  }
  if (type.empty()) return;  // unknown: the validator reports special_reference
  if (loc.find("location_type") || (has_coordinates && loc.find("coordinates"))) return;
  cx.note("special-reference-to-location-type", "reference_object.special_reference");
  Span at = v.span;
  Span key_span = sr->key_span;
  ref->erase("special_reference");
  bool only_text = ref->members.empty() || (ref->members.size() == 1 && ref->members[0].key == "text_span");
  if (only_text) loc.erase("reference_object");
  loc.add("location_type", Value::from_string(type, at), key_span);
  if (has_coordinates) loc.add("coordinates", std::move(coordinates), key_span);
}

// FILL/DESTROY: action-level location -> reference_object.location
void fill_destroy_location(Value& action, Ctx& cx) {
  const Value* type = action.find("action_type");
  if (!type || !type->is_string() || (type->string != "FILL" && type->string != "DESTROY")) return;
  auto loc = std::find_if(action.members.begin(), action.members.end(),
                          [](const Member& m) { return m.key == "location"; });
  if (loc == action.members.end()) return;
  const Value* existing = action.find("reference_object");
  if (existing && (!existing->is_dict() || existing->find("location"))) return;  // kept: the validator reports it
  cx.note("fill-destroy-location", "location");
  Member moved = std::move(*loc);
  action.members.erase(loc);
  Value* ref = action.find("reference_object");
  if (!ref) ref = &action.add("reference_object", Value::dict(moved.value.span), moved.key_span);
  ref->members.push_back(std::move(moved));
}

// A missing location_type, inferred from what the location has.
void infer_location_type(Value& loc, Ctx& cx) {
  if (loc.find("location_type")) return;
  const char* type = "SPEAKER_LOOK";
  Span at = Span::at(loc.span.begin);
  if (const Member* r = loc.find_member("reference_object")) {
    type = "REFERENCE_OBJECT";
    at = r->key_span;
  } else if (const Member* c = loc.find_member("coordinates")) {
    type = "COORDINATES";
    at = c->key_span;
  }
  cx.note("infer-location-type", "location_type");
  loc.add("location_type", Value::from_string(type, at), at);
}

bool is_location_key(std::string_view k) { return k == "location"; }

// reference_object.has_depth -> has_height: the depth of a hole is its vertical extent.
void reference_object_depth(Value& ref, Ctx& cx) {
  Member* d = ref.find_member("has_depth");
  if (!d || ref.find_member("has_height")) return;
  cx.warn("reference-object-depth", "has_depth", d->key_span,
          "'has_depth' on a reference object is read as 'has_height' (not in the ACL-2020 grammar)");
  d->key = "has_height";
}

// schematic.has_tag -> has_name when there is no name, else dropped.
void schematic_tag(Value& sc, Ctx& cx) {
  Member* t = sc.find_member("has_tag");
  if (!t) return;
  if (!sc.find_member("has_name")) {
    cx.warn("schematic-tag", "has_tag", t->key_span,
            "'has_tag' on a schematic is read as 'has_name' (a schematic has no tag in the ACL-2020 grammar)");
    t->key = "has_name";
    return;
  }
  cx.warn("schematic-tag", "has_tag", t->key_span,
          "'has_tag' on a schematic that has a name is dropped (a schematic has no tag in the ACL-2020 grammar)");
  sc.erase("has_tag");
}

bool is_around(const Value* v) { return v && v->is_string() && v->string == "AROUND"; }

// An action's location.relative_direction AROUND -> the action's repeat_dir AROUND.
void around_direction_of_action(Value& action, Ctx& cx) {
  Value* loc = action.find("location");
  if (!loc || !loc->is_dict()) return;
  Member* d = loc->find_member("relative_direction");
  if (!d || !is_around(&d->value) || action.find("repeat")) return;
  const Value* sc = action.find("schematic");
  if (sc && sc->is_dict() && sc->find("repeat")) return;
  cx.warn("around-direction", "location.relative_direction", d->value.span,
          "relative_direction 'AROUND' is read as the action's repeat_dir 'AROUND' (not a relative_direction in "
          "the ACL-2020 grammar)");
  Span at = d->value.span, key_span = d->key_span;
  loc->erase("relative_direction");
  Value rep = Value::dict(at);
  rep.add("repeat_key", Value::from_string("FOR", at), key_span);
  rep.add("repeat_dir", Value::from_string("AROUND", at), key_span);
  action.add("repeat", std::move(rep), key_span);
}

// AROUND anywhere else ("the tree around the house") -> NEAR.
void around_direction_elsewhere(Value& loc, Ctx& cx) {
  Member* d = loc.find_member("relative_direction");
  if (!d || !is_around(&d->value)) return;
  cx.warn("around-direction", "relative_direction", d->value.span,
          "relative_direction 'AROUND' is read as 'NEAR' (not a relative_direction in the ACL-2020 grammar)");
  d->value.string = "NEAR";
}

// relative_yaw / relative_pitch {"angle": "90"} -> 90.
void angle_string(Value& turn, Ctx& cx) {
  Member* a = turn.find_member("angle");
  if (!a || !a->value.is_string()) return;
  const std::string& t = a->value.string;
  size_t i = (t.size() > 1 && (t[0] == '-' || t[0] == '+')) ? 1 : 0;
  if (i == t.size() || t.size() > 8) return;
  for (size_t k = i; k < t.size(); ++k)
    if (t[k] < '0' || t[k] > '9') return;  // not a number: the validator reports it
  cx.warn("angle-string", "angle", a->value.span,
          "angle '" + t + "' written as a string is read as the number " + t);
  a->value = Value::from_int(std::stoll(t), a->value.span);
}

void walk(Value& v, std::string_view key, Ctx& cx, int depth) {
  if (depth > 300) return;  // the reader caps depth at 256; this guards hand-built trees
  if (v.is_list()) {
    size_t len = cx.path.size();
    for (size_t i = 0; i < v.items.size(); ++i) {
      cx.path.resize(len);
      cx.path += "[" + std::to_string(i) + "]";
      if (key == "action_sequence" && v.items[i].is_dict()) {
        fill_destroy_location(v.items[i], cx);
        around_direction_of_action(v.items[i], cx);
      }
      walk(v.items[i], key == "action_sequence" ? "action" : "", cx, depth + 1);
    }
    cx.path.resize(len);
    return;
  }
  if (!v.is_dict()) return;
  trailing_underscore_keys(v, cx);
  if (is_reference_object_key(key)) {
    lift_reference_object_filters(v, cx);
    reference_object_depth(v, cx);
  }
  if (key == "schematic") schematic_tag(v, cx);
  if (key == "relative_yaw" || key == "relative_pitch") angle_string(v, cx);
  if (is_location_key(key)) {
    around_direction_elsewhere(v, cx);
    // The location's reference_object may carry post-ACL filters around special_reference.
    special_reference_to_location_type(v, cx);
    infer_location_type(v, cx);
  }
  size_t len = cx.path.size();
  for (auto& m : v.members) {
    cx.path.resize(len);
    if (!cx.path.empty()) cx.path += '.';
    cx.path += m.key;
    std::string_view child_key = m.key;
    unwrap_fixed_value(m.value, cx, {});
    walk(m.value, child_key, cx, depth + 1);
  }
  cx.path.resize(len);
}

}  // namespace

void normalize(Value& form, NormalizeLog* log) {
  Ctx cx{log, {}};
  if (form.is_dict()) {
    trailing_underscore_keys(form, cx);
    action_to_action_sequence(form, cx);
  }
  walk(form, "", cx, 0);
}

Value normalized(const Value& form, NormalizeLog* log) {
  Value copy = form;
  normalize(copy, log);
  return copy;
}

}  // namespace plank::lf
