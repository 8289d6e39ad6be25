// Thin wrappers: bind the arguments, find the Assistant through the thread's
// HostContext, call acts.h, turn the result into a Plank value (an int
// handle, a list of handles, a bool, a dict of facts, or None).
//
// The resolving intrinsics (those whose result the compiled command passes to
// the policy's `settle`) return a doubt instead of a value when they cannot
// decide (doubts.h): a dict {'doubt': kind, 'has_default': bool, 'token': n,
// <facts>}. caip_go_on(doubt) runs the call again with that doubt taken by its
// default.
#include "agents/caip/intrinsics/intrinsics.h"

#include <fmt/format.h>

#include "agents/caip/compile/action_table.h"
#include "agents/caip/intrinsics/acts.h"
#include "agents/caip/intrinsics/lexicon.h"
#include "agents/host/host_context.h"
#include "runtime/args.h"
#include "runtime/heap.h"
#include "runtime/objects.h"

namespace plank::caip {

namespace {

using core::BoundArgs;
using core::CallArgs;
using core::IntrinsicParam;
using core::RootScope;
using core::Thread;
using core::Value;
using P = IntrinsicParam;

Assistant& session(Thread* t) {
  if (!t->host || !t->host->caip)
    core::throw_error(t, "RuntimeError", "CAIP actions need a world: run the form with `plank exec-lf`");
  return *t->host->caip;
}

const std::vector<IntrinsicParam>& params_of(std::string_view name) {
  for (auto& in : core::intrinsics())
    if (in.name == name) return in.params;
  static std::vector<IntrinsicParam> none;
  return none;
}

struct Args {
  Thread* t;
  BoundArgs b;
  std::string str(size_t i) const {
    if (!b.present(i)) return {};
    if (!b.values[i].is(core::ObjKind::Str)) core::throw_error(t, "TypeError", "expected a str argument");
    return std::string(core::str_view(b.values[i]));
  }
  long num(size_t i, long fallback) const {
    if (!b.present(i)) return fallback;
    if (!b.values[i].is_int() && !b.values[i].is_bool()) core::throw_error(t, "TypeError", "expected an int argument");
    return long(b.values[i].i);
  }
  int handle(size_t i) const { return int(num(i, -1)); }
  bool flag(size_t i) const { return b.present(i) && core::truthy(b.values[i]); }
  std::vector<int> handles(size_t i) const {
    std::vector<int> out;
    if (!b.present(i)) return out;
    Value v = b.values[i];
    if (v.is_int()) return {int(v.i)};
    if (v.is(core::ObjKind::List))
      for (Value x : core::list_items(v))
        if (x.is_int()) out.push_back(int(x.i));
    return out;
  }
};

template <Value (*Impl)(Args&, Assistant&)>
bool wrap_named(Thread* t, Value* result, const CallArgs& args, std::string_view name) {
  try {
    Args a{t, {}};
    core::bind_args(t, name, params_of(name), args, &a.b);
    *result = Impl(a, session(t));
    return true;
  } catch (const core::Raised&) {
    return false;
  }
}

#define CAIP_FN(NAME)                                                                    \
  Value NAME##_impl(Args& a, Assistant& s);                                                \
  bool NAME(Thread* t, Value* r, const CallArgs& args) { return wrap_named<NAME##_impl>(t, r, args, #NAME); } \
  Value NAME##_impl(Args& a, Assistant& s)

Value opt_int(std::optional<int> v) { return v ? Value::integer(*v) : Value::none(); }
Value boolean(bool b) { return Value::boolean(b); }

Value str_value(Thread* t, RootScope& scope, std::string_view text) { return scope.push(core::make_str(t, text)); }

Value str_list(Thread* t, RootScope& scope, const std::vector<std::string>& items) {
  Value list = scope.push(core::make_list(t));
  for (const auto& item : items) core::list_items(list).push_back(str_value(t, scope, item));
  return list;
}

Value int_list(Thread* t, std::vector<Value> items) { return core::make_list(t, std::move(items)); }

// A dict with string keys, filled by `fill(set)`, where set(key, value) adds one entry.
template <class Fill>
Value facts_dict(Thread* t, Fill fill) {
  RootScope scope(t);
  Value d = scope.push(core::make_dict(t));
  auto set = [&](std::string_view key, Value value) { core::dict_set(t, d, str_value(t, scope, key), value); };
  fill(scope, set);
  return d;
}

// ---- doubts

Value doubt_value(Thread* t, const Doubt& doubt, int token) {
  return facts_dict(t, [&](RootScope& scope, auto set) {
    set("doubt", str_value(t, scope, doubt.kind));
    set("has_default", Value::boolean(doubt.has_default));
    set("token", Value::integer(token));
    for (const auto& [key, fact] : doubt.facts) {
      if (auto* text = std::get_if<std::string>(&fact)) set(key, str_value(t, scope, *text));
      else if (auto* n = std::get_if<long>(&fact)) set(key, Value::integer(*n));
      else set(key, str_list(t, scope, std::get<std::vector<std::string>>(fact)));
    }
  });
}

// Runs a resolving call with its first `taken` doubts settled by their defaults;
// a doubt it raises comes back as a doubt value (and the call is kept under its
// token for caip_go_on).
Value resolve(Thread* t, Assistant& s, std::function<Value(Thread*)> call, int taken = 0, int token = -1) {
  s.doubts().begin_call(taken);
  Value v = call(t);
  std::optional<Doubt> raised = s.doubts().take_raised();
  if (!raised) return v;
  if (token < 0) {
    token = int(s.go_ons.size());
    s.go_ons.push_back({});
  }
  s.go_ons[size_t(token)] = {std::move(call), taken + 1};
  return doubt_value(t, *raised, token);
}

CAIP_FN(caip_go_on) {
  Value d = a.b.values[0];
  Value token = Value::none();
  if (d.is(core::ObjKind::Dict)) {
    RootScope scope(a.t);
    core::dict_get(a.t, d, str_value(a.t, scope, "token"), &token);
  }
  if (!token.is_int() || token.i < 0 || size_t(token.i) >= s.go_ons.size() || !s.go_ons[size_t(token.i)].call)
    core::throw_error(a.t, "ValueError", "caip_go_on() takes a doubt this command raised");
  Assistant::GoOn go = s.go_ons[size_t(token.i)];
  return resolve(a.t, s, std::move(go.call), go.taken, int(token.i));
}

CAIP_FN(caip_doubt) {
  Doubt d{a.str(0), a.b.present(3), {}};
  if (std::string words = a.str(1); !words.empty()) d.facts.emplace_back("words", words);
  if (std::string what = a.str(2); !what.empty()) d.facts.emplace_back("what", what);
  long fallback = a.num(3, 0);
  if (d.has_default) d.facts.emplace_back("instead", fallback);
  return resolve(a.t, s, [&s, d, fallback](Thread*) {
    return s.unsure(d) ? Value::integer(fallback) : Value::none();
  });
}

CAIP_FN(caip_assuming) { return boolean(s.options().assume); }

// ---- resolving: references, locations, schematics

CAIP_FN(caip_find) {
  RefQuery q;
  q.name = a.str(0), q.colour = a.str(1), q.size = a.str(2), q.tag = a.str(3), q.block = a.str(4);
  q.all = a.flag(5), q.count = a.num(6, 1), q.coref = a.flag(7), q.location = a.handle(8), q.direction = a.str(9);
  q.want_hole = a.flag(10), q.quiet = a.flag(11), q.look = a.flag(12);
  return resolve(a.t, s, [&s, q](Thread* t) {
    auto found = find_things(s, q);
    if (!found) return Value::none();
    if (!q.all && q.count <= 1 && !q.quiet) return Value::integer(found->front());
    std::vector<Value> items;
    for (int h : *found) items.push_back(Value::integer(h));
    return int_list(t, std::move(items));
  });
}

CAIP_FN(caip_location) {
  LocationQuery q;
  q.type = a.str(0), q.thing = a.handle(1), q.thing2 = a.handle(2), q.coordinates = a.str(3), q.direction = a.str(4);
  q.steps = a.str(5);
  return resolve(a.t, s, [&s, q](Thread*) { return opt_int(make_location(s, q)); });
}

CAIP_FN(caip_offset) {
  return opt_int(offset_location(s, a.handle(0), a.str(1), a.num(2, 0), a.num(3, 1), a.handle(4)));
}

CAIP_FN(caip_schematic) {
  SchematicQuery q;
  q.name = a.str(0), q.block = a.str(1), q.colour = a.str(2), q.size = a.str(3), q.width = a.str(4);
  q.height = a.str(5), q.length = a.str(6), q.depth = a.str(7), q.radius = a.str(8), q.thickness = a.str(9);
  q.dig = a.flag(10), q.scale_percent = a.num(11, 100), q.scale_extent = a.str(12);
  return resolve(a.t, s, [&s, q](Thread*) { return opt_int(make_schematic(s, q)); });
}

// ---- actions

// Building and digging may find something in the way: a doubt (placement.h).
CAIP_FN(caip_build) {
  return resolve(a.t, s, [&s, shape = a.handle(0), at = a.handle(1)](Thread*) { return boolean(act_build(s, shape, at)); });
}
CAIP_FN(caip_copy) {
  return resolve(a.t, s, [&s, ref = a.handle(0), at = a.handle(1), scale = a.num(2, 100), extent = a.str(3)](Thread*) {
    return boolean(act_copy(s, ref, at, scale, extent));
  });
}
CAIP_FN(caip_destroy) { return boolean(act_destroy(s, a.handles(0))); }
CAIP_FN(caip_dig) {
  return resolve(a.t, s, [&s, shape = a.handle(0), at = a.handle(1), until = a.str(2)](Thread*) {
    return boolean(act_dig(s, shape, at, until));
  });
}
CAIP_FN(caip_fill) {
  return resolve(a.t, s, [&s, refs = a.handles(0), block = a.str(1)](Thread*) { return boolean(act_fill(s, refs, block)); });
}
CAIP_FN(caip_move) { return boolean(act_move(s, a.handle(0))); }
CAIP_FN(caip_step) { return boolean(act_step(s, a.str(0))); }
CAIP_FN(caip_dance) {
  std::optional<long> angle;
  if (a.b.present(3)) angle = a.num(3, 0);
  return boolean(act_dance(s, a.handle(0), a.str(1), a.num(2, 4), angle));
}
CAIP_FN(caip_spawn) {
  return resolve(a.t, s, [&s, name = a.str(0), at = a.handle(1), count = a.num(2, 1)](Thread*) {
    return boolean(act_spawn(s, name, at, count));
  });
}
CAIP_FN(caip_freebuild) { return boolean(act_freebuild(s, a.handle(0))); }
CAIP_FN(caip_extend) { return boolean(act_extend(s, a.handle(0), a.num(1, 1))); }
CAIP_FN(caip_add_storey) { return boolean(act_add_storey(s, a.handle(0))); }
CAIP_FN(caip_undo) {
  return resolve(a.t, s, [&s, target = a.str(0), about = a.str(1)](Thread*) { return boolean(act_undo(s, target, about)); });
}
CAIP_FN(caip_stop) {
  return resolve(a.t, s, [&s, target = a.str(0), about = a.str(1)](Thread*) { return boolean(act_stop(s, target, about)); });
}
CAIP_FN(caip_resume) {
  return resolve(a.t, s, [&s, target = a.str(0), about = a.str(1)](Thread*) { return boolean(act_resume(s, target, about)); });
}
CAIP_FN(caip_adjacent) { return boolean(adjacent_to_block(s, a.str(0))); }
CAIP_FN(caip_keep_going) { return boolean(keep_going(s, a.num(0, 0))); }

CAIP_FN(caip_loop_begin) {
  agent::TaskId id = s.start_task(a.str(0), a.str(1));
  return Value::integer(int64_t(id));
}
CAIP_FN(caip_loop_end) {
  auto id = agent::TaskId(a.num(0, 0));
  long steps = a.num(2, 0);
  bool forever = a.flag(1);
  if (s.outcome() == Outcome::Asked || s.outcome() == Outcome::Refused) {
    s.finish_task(id, false);
    return Value::none();
  }
  const TaskInfo* info = s.task_info(id);
  const ActionType* row = info ? find_action_type(info->action) : nullptr;
  std::string verb = row && !row->loop_past.empty() ? std::string(row->loop_past) : std::string("repeated it");
  if (forever) {
    // NEVER: the loop would go on; it stays on the task stack, running, until STOP.
    s.say(fmt::format("I {} {} {}; I'll keep going until you tell me to stop.", verb, steps, steps == 1 ? "step" : "steps"));
  } else {
    s.say(fmt::format("I {} {} {}{}.", verb, steps, steps == 1 ? "step" : "steps",
                      s.budget_left() && steps < s.options().max_loop_steps ? "" : " and stopped at my step budget"));
    s.finish_task(id, true);
  }
  s.mark_done();
  return Value::none();
}

// ---- memory: what questions are answered from (the policy words the answers)

Value task_value(Thread* t, const TaskInfo* info) {
  if (!info) return Value::none();
  return facts_dict(t, [&](RootScope& scope, auto set) {
    set("action", str_value(t, scope, info->action));
    set("what", str_value(t, scope, info->what));
  });
}

CAIP_FN(caip_task_now) { return task_value(a.t, running_task(s, a.str(0))); }
CAIP_FN(caip_task_last) { return task_value(a.t, last_task(s)); }

Value coord_list(Thread* t, Coord c) {
  return int_list(t, {Value::integer(c.x), Value::integer(c.y), Value::integer(c.z)});
}

CAIP_FN(caip_agent_at) { return coord_list(a.t, s.agent().feet()); }

CAIP_FN(caip_object) {
  int h = a.handle(0);
  if (!s.valid_thing(h)) core::throw_error(a.t, "ValueError", "caip_object() takes an object caip_find returned");
  const Thing& thing = s.thing(h);
  return facts_dict(a.t, [&](RootScope& scope, auto set) {
    set("describe", str_value(a.t, scope, thing.describe()));
    set("colour", str_value(a.t, scope, thing.colour));
    set("size", scope.push(coord_list(a.t, thing.bounds.size())));
    set("blocks", Value::integer(int64_t(thing.cells.size())));
    set("centre", scope.push(coord_list(a.t, thing.centre())));
    set("names", str_list(a.t, scope, thing.names));
  });
}

// The SQLite memory, brought up to date with what the agent perceives first (recall.cpp).
CAIP_FN(caip_recall) {
  remember(s);
  auto found = recall(s, a.str(0));
  RootScope scope(a.t);
  Value list = scope.push(core::make_list(a.t));
  for (const Recalled& r : found)
    core::list_items(list).push_back(scope.push(facts_dict(a.t, [&](RootScope& inner, auto set) {
      set("describe", str_value(a.t, inner, r.describe));
      set("colour", str_value(a.t, inner, r.colour));
      set("size", inner.push(coord_list(a.t, r.size)));
      set("blocks", Value::integer(r.blocks));
      set("centre", inner.push(coord_list(a.t, r.centre)));
      set("names", str_list(a.t, inner, r.names));
    })));
  return list;
}

CAIP_FN(caip_recall_task) {
  remember(s);
  auto task = recall_task(s);
  if (!task) return Value::none();
  return facts_dict(a.t, [&](RootScope& scope, auto set) {
    set("action", str_value(a.t, scope, task->action));
    set("what", str_value(a.t, scope, task->what));
    set("status", str_value(a.t, scope, task->status));
  });
}

CAIP_FN(caip_recall_name) {
  auto name = recall_name(s);
  return name ? core::make_str(a.t, *name) : Value::none();
}

CAIP_FN(caip_time_of_day) {
  TimeOfDay d = time_of_day(s.clock().now());
  return facts_dict(a.t, [&](RootScope& scope, auto set) {
    set("hour", Value::integer(d.hour));
    set("minute", Value::integer(d.minute));
    set("period", str_value(a.t, scope, d.period));
  });
}

CAIP_FN(caip_lemma) { return core::make_str(a.t, lemma(a.str(0))); }
CAIP_FN(caip_gerund) { return core::make_str(a.t, action_gerund(a.str(0))); }

CAIP_FN(caip_tag) {
  return resolve(a.t, s, [&s, refs = a.handles(0), tag = a.str(1)](Thread*) { return boolean(put_tag(s, refs, tag)); });
}
CAIP_FN(caip_reward) { return Value::integer(put_reward(s, a.str(0))); }

// ---- the reply

CAIP_FN(caip_say) {
  s.say(a.str(0));
  return Value::none();
}
CAIP_FN(caip_done) {
  s.mark_done();
  return Value::none();
}
CAIP_FN(caip_ask) {
  s.ask(a.str(0));
  return Value::none();
}
CAIP_FN(caip_refuse) {
  s.refuse(a.str(0));
  return Value::none();
}

#undef CAIP_FN

P kw(std::string_view name, std::string_view type) { return P{name, type, "None", false, true}; }
P req(std::string_view name, std::string_view type) { return P{name, type}; }
P opt(std::string_view name, std::string_view type) { return P{name, type, "None"}; }

}  // namespace

void register_intrinsics() {
  using core::kCapWorld;
  using core::kCapMemory;
  const char* C = "caip";
  const uint32_t W = kCapWorld, M = kCapWorld | kCapMemory;
  std::vector<core::Intrinsic> table = {
      {"caip_find",
       {kw("name", "str"), kw("colour", "str"), kw("size", "str"), kw("tag", "str"), kw("block", "str"), kw("all", "bool"),
        kw("count", "int"), kw("coref", "bool"), kw("at", "location"), kw("direction", "str"), kw("hole", "bool"),
        kw("quiet", "bool"), kw("look", "bool")},
       "object | list[object] | doubt", W, C,
       "The objects a reference describes (name, colour, size, tag, block; at a location in a direction), nearest the "
       "speaker first. One object (the one looked at, the only one) unless `all` or `count`; `look`: the one looked at first. A doubt when none fits "
       "(`no_match`, `pointing`), several fit equally (`which`) or fewer than `count` (`too_few`).",
       &caip_find},
      {"caip_location",
       {req("type", "str"), kw("ref", "object"), kw("ref2", "object"), kw("coordinates", "str"), kw("direction", "str"),
        kw("steps", "str")},
       "location | doubt | None", W, C,
       "A location: SPEAKER_LOOK, SPEAKER_POS, AGENT_POS, COORDINATES or REFERENCE_OBJECT, then a relative direction in the "
       "speaker's frame (LEFT ... BETWEEN, AROUND) and steps. A doubt for unreadable steps or coordinates or nowhere looked "
       "at; None after refusing (too far, no speaker).",
       &caip_location},
      {"caip_offset", {req("at", "location"), req("direction", "str"), req("index", "int"), req("count", "int"), opt("shape", "schematic")},
       "location", W, C,
       "Where copy `index` of `count` repeated builds goes (repeat_dir; AROUND/SURROUND on a ring); `at` itself for one.",
       &caip_offset},
      {"caip_schematic",
       {kw("name", "str"), kw("block", "str"), kw("colour", "str"), kw("size", "str"), kw("width", "str"), kw("height", "str"),
        kw("length", "str"), kw("depth", "str"), kw("radius", "str"), kw("thickness", "str"), kw("dig", "bool"),
        kw("scale", "int"), kw("scale_extent", "str")},
       "schematic | doubt", W, C,
       "A shape from the shape library with its extents and block (`scale`: the extents times scale/100, all or "
       "`scale_extent`; refused past the build guard). A doubt for an unknown name (`unknown_shape`), "
       "unreadable extents or size, an unknown block or colour.",
       &caip_schematic},
      {"caip_build", {req("shape", "schematic"), req("at", "location")}, "bool | doubt", W, C,
       "BUILD a schematic at a location (beside, on, inside or around its object), moved off anything in the way; a "
       "doubt (`in_the_way`) when nowhere near is free.",
       &caip_build},
      {"caip_copy", {req("ref", "object"), req("at", "location"), kw("scale", "int"), kw("scale_extent", "str")},
       "bool | doubt", W, C,
       "BUILD a copy of an object at a location (`scale`: scale/100 times as big, refused past the build guard or the "
       "blocks one command places); a doubt (`in_the_way`) when nowhere near is free.", &caip_copy},
      {"caip_destroy", {req("refs", "list[object]")}, "bool", W, C, "DESTROY objects (blocks become air, creatures go).", &caip_destroy},
      {"caip_dig", {opt("shape", "schematic"), req("at", "location"), kw("until", "str")}, "bool | doubt", W, C,
       "DIG a hole of the schematic's extents under a location (a moat round an object AROUND it; `until` a layer: "
       "down to just above the first block of it below, one block across unless sized); a doubt "
       "(`in_the_way`, `dig_into`) when something is in the way.",
       &caip_dig},
      {"caip_fill", {req("refs", "list[object]"), kw("block", "str")}, "bool | doubt", W, C,
       "FILL holes (or objects' empty cells) with a block; a doubt for an unknown block (`unknown_filling`).", &caip_fill},
      {"caip_move", {req("at", "location")}, "bool", W, C, "MOVE: walk (A*) to a location.", &caip_move},
      {"caip_step", {opt("direction", "str")}, "bool", W, C, "One step of a MOVE loop in a direction of the speaker's frame; False when blocked.", &caip_step},
      {"caip_dance", {opt("at", "location"), kw("direction", "str"), kw("turns", "int"), kw("angle", "int")}, "bool", W, C,
       "DANCE: turn on the spot (CLOCKWISE / ANTICLOCKWISE), or once by `angle` degrees (+ left, - right).", &caip_dance},
      {"caip_spawn", {req("name", "str"), req("at", "location"), kw("count", "int")}, "bool | doubt", W, C,
       "SPAWN creatures of a minecraft-data type; a doubt when no creature is named.", &caip_spawn},
      {"caip_extend", {req("ref", "object"), opt("count", "int")}, "bool", W, C,
       "BUILD `count` more layers onto an object in its own shape: under a stepped one (a pyramid), each one wider all "
       "round; on top of anything else, copies of its top layer.",
       &caip_extend},
      {"caip_add_storey", {req("ref", "object")}, "bool", W, C,
       "BUILD a storey on a building's walls: what was above them (its roof) is raised by a storey, and the gap gets a "
       "floor and a copy of the walls.",
       &caip_add_storey},
      {"caip_freebuild", {req("ref", "object")}, "bool", W, C, "FREEBUILD: complete an object by its mirror symmetry, else close the gaps of a flat wall, else roof walls with an open top; refuses, saying why, when nothing is missing.", &caip_freebuild},
      {"caip_undo", {opt("action", "str"), kw("about", "str")}, "bool | doubt", W, C,
       "UNDO the last task (of the target action type; `about`: the thing the words name, which the task must be about).", &caip_undo},
      {"caip_stop", {opt("action", "str"), kw("about", "str")}, "bool | doubt", W, C,
       "STOP (pause) the running task (of the target action type; `about`: the thing it must be about).", &caip_stop},
      {"caip_resume", {opt("action", "str"), kw("about", "str")}, "bool | doubt", W, C,
       "RESUME a paused task (of the target action type; `about`: the thing it must be about).", &caip_resume},
      {"caip_adjacent", {req("block", "str")}, "bool", W, C, "Loop condition: the agent stands next to a block of that type.", &caip_adjacent},
      {"caip_keep_going", {req("step", "int")}, "bool", W, C, "Loop condition: within the step and tick budgets.", &caip_keep_going},
      {"caip_loop_begin", {req("action", "str"), req("what", "str")}, "int", W, C, "Opens a repeated task on the task stack.", &caip_loop_begin},
      {"caip_loop_end", {req("task", "int"), opt("forever", "bool"), opt("steps", "int")}, "None", W, C,
       "Closes a repeated task and says how many steps it took; a NEVER loop stays running until STOP.", &caip_loop_end},
      {"caip_task_now", {opt("action", "str")}, "dict | None", W, C,
       "GET_MEMORY: the innermost running task (of that action type) as {'action', 'what'}, or None.", &caip_task_now},
      {"caip_task_last", {}, "dict | None", W, C, "GET_MEMORY: the last task started, as {'action', 'what'}, or None.", &caip_task_last},
      {"caip_agent_at", {}, "list[int]", W, C, "GET_MEMORY: the agent's feet, [x, y, z].", &caip_agent_at},
      {"caip_object", {req("ref", "object")}, "dict", W, C,
       "GET_MEMORY: what is known of an object: {'describe', 'colour', 'size': [x, y, z], 'blocks', 'centre', 'names'}.",
       &caip_object},
      {"caip_recall", {req("what", "str")}, "list[dict]", M, C,
       "GET_MEMORY: the objects and creatures the agent's SQLite memory holds under that name or tag, nearest first, "
       "each {'describe', 'colour', 'size': [x, y, z], 'blocks', 'centre', 'names'} (the memory is synced with what "
       "the agent sees first).",
       &caip_recall},
      {"caip_recall_task", {}, "dict | None", M, C,
       "GET_MEMORY: the memory's running task, else its last one, as {'action', 'what', 'status'}, or None.",
       &caip_recall_task},
      {"caip_recall_name", {}, "str | None", M, C, "GET_MEMORY: the name the speaker gave the agent, or None.",
       &caip_recall_name},
      {"caip_time_of_day", {}, "dict", W, C, "GET_MEMORY: the game's time of day, {'hour', 'minute', 'period'}.",
       &caip_time_of_day},
      {"caip_lemma", {req("word", "str")}, "str", 0, C, "A word's lemma, as references match names ('houses' -> 'house').", &caip_lemma},
      {"caip_gerund", {req("action", "str")}, "str", 0, C, "An action type's gerund from the action table ('BUILD' -> 'building').", &caip_gerund},
      {"caip_tag", {req("refs", "list[object]"), req("tag", "str")}, "bool | doubt", M, C, "PUT_MEMORY: tags objects.", &caip_tag},
      {"caip_reward", {req("value", "str")}, "int", M, C, "PUT_MEMORY: keeps a POSITIVE (1) or NEGATIVE (-1) reward.", &caip_reward},
      {"caip_doubt", {req("kind", "str"), kw("words", "str"), kw("what", "str"), kw("default", "int")}, "doubt", W, C,
       "A doubt the compiler found (words it cannot read, nothing to do): `default`, when given, is the count to go on with.",
       &caip_doubt},
      {"caip_go_on", {req("doubt", "doubt")}, "any", W, C,
       "Goes on from a doubt with its default: the resolving call that raised it again, with that doubt taken; its value "
       "or its next doubt.",
       &caip_go_on},
      {"caip_assuming", {}, "bool", 0, C, "Whether the speaker allows assumptions (`plank exec-lf --assume`).", &caip_assuming},
      {"caip_say", {req("text", "str")}, "None", W, C, "Adds a sentence to the reply.", &caip_say},
      {"caip_done", {}, "None", W, C, "The command is done (unless it already asked or refused).", &caip_done},
      {"caip_ask", {req("question", "str")}, "None", W, C, "Asks the speaker a clarifying question (the command waits).", &caip_ask},
      {"caip_refuse", {req("reason", "str")}, "None", W, C, "Says why the command cannot be done.", &caip_refuse},
  };
  for (auto& in : table) core::add_intrinsic(std::move(in));
}

}  // namespace plank::caip
