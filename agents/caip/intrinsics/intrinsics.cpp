// Thin wrappers: bind the arguments, find the Assistant through the thread's
// HostContext, call acts.h, turn the result into a Plank value (an int
// handle, a list of handles, a bool, or None after asking / refusing).
#include "agents/caip/intrinsics/intrinsics.h"

#include <fmt/format.h>

#include "agents/caip/intrinsics/acts.h"
#include "agents/host/host_context.h"
#include "runtime/args.h"
#include "runtime/objects.h"

namespace plank::caip {

namespace {

using core::BoundArgs;
using core::CallArgs;
using core::IntrinsicParam;
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

CAIP_FN(caip_find) {
  RefQuery q;
  q.name = a.str(0), q.colour = a.str(1), q.size = a.str(2), q.tag = a.str(3), q.block = a.str(4);
  q.all = a.flag(5), q.count = a.num(6, 1), q.coref = a.flag(7), q.location = a.handle(8), q.direction = a.str(9);
  q.want_hole = a.flag(10), q.quiet = a.flag(11);
  auto found = find_things(s, q);
  if (!found) return Value::none();
  if (!q.all && q.count <= 1 && !q.quiet) return Value::integer(found->front());
  std::vector<Value> items;
  for (int h : *found) items.push_back(Value::integer(h));
  return core::make_list(a.t, std::move(items));
}

CAIP_FN(caip_location) {
  LocationQuery q;
  q.type = a.str(0), q.thing = a.handle(1), q.thing2 = a.handle(2), q.coordinates = a.str(3), q.direction = a.str(4);
  q.steps = a.str(5);
  return opt_int(make_location(s, q));
}

CAIP_FN(caip_offset) {
  return opt_int(offset_location(s, a.handle(0), a.str(1), a.num(2, 0), a.num(3, 1), a.handle(4)));
}

CAIP_FN(caip_schematic) {
  SchematicQuery q;
  q.name = a.str(0), q.block = a.str(1), q.colour = a.str(2), q.size = a.str(3), q.width = a.str(4);
  q.height = a.str(5), q.length = a.str(6), q.depth = a.str(7), q.radius = a.str(8), q.thickness = a.str(9);
  q.dig = a.flag(10);
  return opt_int(make_schematic(s, q));
}

CAIP_FN(caip_build) { return boolean(act_build(s, a.handle(0), a.handle(1))); }
CAIP_FN(caip_copy) { return boolean(act_copy(s, a.handle(0), a.handle(1))); }
CAIP_FN(caip_destroy) { return boolean(act_destroy(s, a.handles(0))); }
CAIP_FN(caip_dig) { return boolean(act_dig(s, a.handle(0), a.handle(1))); }
CAIP_FN(caip_fill) { return boolean(act_fill(s, a.handles(0), a.str(1))); }
CAIP_FN(caip_move) { return boolean(act_move(s, a.handle(0))); }
CAIP_FN(caip_step) { return boolean(act_step(s, a.str(0))); }
CAIP_FN(caip_dance) { return boolean(act_dance(s, a.handle(0), a.str(1), a.num(2, 4))); }
CAIP_FN(caip_spawn) { return boolean(act_spawn(s, a.str(0), a.handle(1), a.num(2, 1))); }
CAIP_FN(caip_freebuild) { return boolean(act_freebuild(s, a.handle(0))); }
CAIP_FN(caip_undo) { return boolean(act_undo(s, a.str(0))); }
CAIP_FN(caip_stop) { return boolean(act_stop(s, a.str(0))); }
CAIP_FN(caip_resume) { return boolean(act_resume(s, a.str(0))); }
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
  std::string what = info ? info->action : std::string("LOOP");
  std::string verb = what == "MOVE" ? "walked" : what == "DANCE" ? "danced" : "repeated it";
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

CAIP_FN(caip_answer) {
  QuestionQuery q;
  q.kind = a.str(0), q.answer_type = a.str(1), q.tag_name = a.str(2), q.action_type = a.str(3);
  q.things = a.handles(4), q.what = a.str(5);
  return boolean(answer(s, q));
}
CAIP_FN(caip_tag) { return boolean(put_tag(s, a.handles(0), a.str(1))); }
CAIP_FN(caip_reward) { return boolean(put_reward(s, a.str(0))); }
CAIP_FN(caip_say) {
  s.say(a.str(0));
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
        kw("quiet", "bool")},
       "object | list[object] | None", W, C,
       "The objects a reference describes (name, colour, size, tag, block; at a location in a direction), nearest the "
       "speaker first. One object (the one looked at, the only one) unless `all` or `count`; asks and returns None when "
       "none fits or several fit equally.",
       &caip_find},
      {"caip_location",
       {req("type", "str"), kw("ref", "object"), kw("ref2", "object"), kw("coordinates", "str"), kw("direction", "str"),
        kw("steps", "str")},
       "location | None", W, C,
       "A location: SPEAKER_LOOK, SPEAKER_POS, AGENT_POS, COORDINATES or REFERENCE_OBJECT, then a relative direction in the "
       "speaker's frame (LEFT ... BETWEEN, AROUND) and steps.",
       &caip_location},
      {"caip_offset", {req("at", "location"), req("direction", "str"), req("index", "int"), req("count", "int"), opt("shape", "schematic")},
       "location", W, C, "Where copy `index` of `count` repeated builds goes (repeat_dir; AROUND/SURROUND on a ring).", &caip_offset},
      {"caip_schematic",
       {kw("name", "str"), kw("block", "str"), kw("colour", "str"), kw("size", "str"), kw("width", "str"), kw("height", "str"),
        kw("length", "str"), kw("depth", "str"), kw("radius", "str"), kw("thickness", "str"), kw("dig", "bool")},
       "schematic | None", W, C, "A shape from the shape library with its extents and block; asks about unknown names or blocks.",
       &caip_schematic},
      {"caip_build", {req("shape", "schematic"), req("at", "location")}, "bool", W, C, "BUILD a schematic at a location.", &caip_build},
      {"caip_copy", {req("ref", "object"), req("at", "location")}, "bool", W, C, "BUILD a copy of an object at a location.", &caip_copy},
      {"caip_destroy", {req("refs", "list[object]")}, "bool", W, C, "DESTROY objects (blocks become air, creatures go).", &caip_destroy},
      {"caip_dig", {opt("shape", "schematic"), req("at", "location")}, "bool", W, C, "DIG a hole of the schematic's extents under a location.", &caip_dig},
      {"caip_fill", {req("refs", "list[object]"), kw("block", "str")}, "bool", W, C, "FILL holes (or objects' empty cells) with a block.", &caip_fill},
      {"caip_move", {req("at", "location")}, "bool", W, C, "MOVE: walk (A*) to a location.", &caip_move},
      {"caip_step", {opt("direction", "str")}, "bool", W, C, "One step of a MOVE loop in a direction of the speaker's frame; False when blocked.", &caip_step},
      {"caip_dance", {opt("at", "location"), kw("direction", "str"), kw("turns", "int")}, "bool", W, C, "DANCE: turn on the spot (CLOCKWISE / ANTICLOCKWISE).", &caip_dance},
      {"caip_spawn", {req("name", "str"), req("at", "location"), kw("count", "int")}, "bool", W, C, "SPAWN creatures of a minecraft-data type.", &caip_spawn},
      {"caip_freebuild", {req("ref", "object")}, "bool", W, C, "FREEBUILD: complete an object by its mirror symmetry.", &caip_freebuild},
      {"caip_undo", {opt("action", "str")}, "bool", W, C, "UNDO the last task (of the target action type).", &caip_undo},
      {"caip_stop", {opt("action", "str")}, "bool", W, C, "STOP (pause) the running task (of the target action type).", &caip_stop},
      {"caip_resume", {opt("action", "str")}, "bool", W, C, "RESUME a paused task (of the target action type).", &caip_resume},
      {"caip_adjacent", {req("block", "str")}, "bool", W, C, "Loop condition: the agent stands next to a block of that type.", &caip_adjacent},
      {"caip_keep_going", {req("step", "int")}, "bool", W, C, "Loop condition: within the step and tick budgets.", &caip_keep_going},
      {"caip_loop_begin", {req("action", "str"), req("what", "str")}, "int", W, C, "Opens a repeated task on the task stack.", &caip_loop_begin},
      {"caip_loop_end", {req("task", "int"), opt("forever", "bool"), opt("steps", "int")}, "None", W, C,
       "Closes a repeated task and says how many steps it took; a NEVER loop stays running until STOP.", &caip_loop_end},
      {"caip_answer",
       {req("kind", "str"), kw("answer_type", "str"), kw("tag_name", "str"), kw("action_type", "str"), kw("refs", "list[object]"), kw("what", "str")},
       "bool", M, C, "GET_MEMORY: answers a question about the agent, its task or objects, in words.", &caip_answer},
      {"caip_tag", {req("refs", "list[object]"), req("tag", "str")}, "bool", M, C, "PUT_MEMORY: tags objects.", &caip_tag},
      {"caip_reward", {req("value", "str")}, "bool", M, C, "PUT_MEMORY: a POSITIVE or NEGATIVE reward.", &caip_reward},
      {"caip_say", {req("text", "str")}, "None", W, C, "Replies to the speaker (the command is done).", &caip_say},
      {"caip_ask", {req("question", "str")}, "None", W, C, "Asks the speaker a clarifying question (the command waits).", &caip_ask},
      {"caip_refuse", {req("reason", "str")}, "None", W, C, "Says why the command cannot be done.", &caip_refuse},
  };
  for (auto& in : table) core::add_intrinsic(std::move(in));
}

}  // namespace plank::caip
