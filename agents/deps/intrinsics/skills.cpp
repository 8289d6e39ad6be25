// The skill intrinsics. Arguments follow the paper's prompts: obj is a dict of
// one item -> count ({'log':3}) or a bare name ("log", count 1, as in
// Code-as-Policies); materials a dict or null; tool a name or null/None. The
// paper writes `craft(obj = {...}, {...}, tool = ...)` (a positional argument
// after keywords): a positional argument fills the first parameter no keyword
// named, as the compiler's warning says. A skill returns True; a failing skill
// raises SkillFailed, which ends the plan run (the SkillExecutor keeps the record).
#include "agents/deps/intrinsics/skills.h"

#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <fmt/format.h>

#include <array>
#include <utility>

#include "agents/deps/intrinsics/skill_executor.h"
#include "agents/host/host_context.h"
#include "runtime/args.h"
#include "runtime/heap.h"
#include "runtime/intrinsics.h"
#include "runtime/objects.h"

namespace plank::deps {

using namespace plank::core;

namespace {

using P = IntrinsicParam;

SkillExecutor& session_of(Thread* t, std::string_view name) {
  if (!t->host || !t->host->deps)
    throw_error(t, "RuntimeError",
                fmt::format("{}() acts on a DEPS survival world; run the plan with `plank deps` (none is attached)", name));
  return *t->host->deps;
}

// Binds positional arguments to the parameters no keyword named, in order (see the file comment).
std::vector<Value> bind_skill(Thread* t, std::string_view name, const std::vector<std::string_view>& params,
                              const CallArgs& args, size_t required) {
  std::vector<Value> out(params.size(), Value::none());
  std::vector<bool> given(params.size(), false);
  for (uint32_t k = 0; k < args.nkw; ++k) {
    std::string_view kw = str_view(args.kwnames[k]);
    size_t i = 0;
    while (i < params.size() && params[i] != kw) ++i;
    if (i == params.size())
      throw_error(t, "TypeError", fmt::format("{}() got an unexpected keyword argument '{}' (it takes {})", name, kw,
                                              fmt::join(params, ", ")));
    out[i] = args.keyword_value(k);
    given[i] = true;
  }
  size_t next = 0;
  for (uint32_t p = 0; p < args.npos; ++p) {
    while (next < params.size() && given[next]) ++next;
    if (next == params.size())
      throw_error(t, "TypeError", fmt::format("{}() takes at most {} arguments ({} given)", name, params.size(),
                                              args.npos + args.nkw));
    out[next] = args.positional(p);
    given[next++] = true;
  }
  for (size_t i = 0; i < required; ++i)
    if (!given[i]) throw_error(t, "TypeError", fmt::format("{}() missing required argument '{}'", name, params[i]));
  return out;
}

int as_count(Thread* t, std::string_view what, Value v) {
  if (!v.is_int() || v.i < 1 || v.i > 100000)
    throw_error(t, "ValueError", fmt::format("{} must be a count from 1 to 100000, not {}", what, repr(t, v)));
  return int(v.i);
}

survival::ItemCounts as_counts(Thread* t, std::string_view what, Value v) {
  survival::ItemCounts out;
  if (v.is_none()) return out;
  if (!v.is(ObjKind::Dict))
    throw_error(t, "TypeError", fmt::format("{} must be a dict of item -> count such as {{'log':3}}, not {}", what,
                                            type_name(v)));
  dict_for_each(v, [&](Value k, Value n) {
    if (!k.is(ObjKind::Str))
      throw_error(t, "TypeError", fmt::format("{}: item names are strings, not {}", what, type_name(k)));
    out[std::string(str_view(k))] += as_count(t, fmt::format("{}['{}']", what, str_view(k)), n);
  });
  return out;
}

// obj: {'log':3} or "log".
void as_object(Thread* t, Value v, Goal* g) {
  if (v.is(ObjKind::Str)) {
    g->item = std::string(str_view(v));
    g->count = 1;
    return;
  }
  survival::ItemCounts c = as_counts(t, "obj", v);
  if (c.size() != 1)
    throw_error(t, "ValueError",
                fmt::format("obj names one item and its count, such as {{'log':3}} (got {} items)", c.size()));
  g->item = c.begin()->first;
  g->count = c.begin()->second;
}

std::string as_tool(Thread* t, std::string_view what, Value v) {
  if (v.is_none()) return "";
  if (!v.is(ObjKind::Str)) throw_error(t, "TypeError", fmt::format("{} must be a name or null, not {}", what, type_name(v)));
  return std::string(str_view(v));
}

Value run_goal(Thread* t, const Goal& g) {
  SkillExecutor& s = session_of(t, verb_name(g.verb));
  if (s.dry && int(s.steps().size()) >= s.max_dry_steps)
    throw_error(t, "BudgetExceeded", fmt::format("a dry run stops after {} skill calls", s.max_dry_steps));
  survival::SkillResult r = s.run(g);
  if (!r.ok)
    throw_error(t, "SkillFailed", fmt::format("step {} {} failed ({}): {}", s.steps().size(), g.code(),
                                              survival::failure_name(r.failure), r.reason));
  return Value::boolean(true);
}

// mine(obj, tool) and kill(obj, tool).
template <Verb V>
Value s_gather(Thread* t, const CallArgs& args) {
  auto v = bind_skill(t, verb_name(V), {"obj", "tool"}, args, 1);
  Goal g;
  g.verb = V;
  as_object(t, v[0], &g);
  g.tool = as_tool(t, "tool", v[1]);
  return run_goal(t, g);
}

template <Verb V>
Value s_make(Thread* t, const CallArgs& args) {
  const char* name = verb_name(V);
  auto v = bind_skill(t, name, {"obj", "materials", "tool"}, args, 1);
  Goal g;
  g.verb = V;
  as_object(t, v[0], &g);
  g.materials = as_counts(t, "materials", v[1]);
  g.tool = as_tool(t, "tool", v[2]);
  return run_goal(t, g);
}

Value s_equip(Thread* t, const CallArgs& args) {
  auto v = bind_skill(t, "equip", {"item"}, args, 1);
  Goal g;
  g.verb = Verb::Equip;
  g.item = as_tool(t, "item", v[0]);
  if (g.item.empty()) throw_error(t, "TypeError", "equip() needs an item name");
  return run_goal(t, g);
}

uint32_t inventory_index() {
  static uint32_t index = *find_intrinsic("inventory");
  return index;
}

Value s_inventory(Thread* t, const CallArgs& args) {
  bind_skill(t, "inventory", {}, args, 0);
  SkillExecutor& s = session_of(t, "inventory");
  Value d = make_dict(t);
  RootScope scope(t);
  scope.push(d);
  for (const auto& [item, n] : s.inventory()) dict_set(t, d, make_str(t, item), Value::integer(n));
  return d;
}

// inventory.has({'log':3, 'stick':1}) or inventory.has('log'): every item held in that number.
bool m_has(Thread* t, Value* result, const Value& self, const CallArgs& args) {
  try {
    if (static_cast<BuiltinObject*>(self.obj)->index != inventory_index())
      throw_error(t, "AttributeError", "'builtin_function_or_method' object has no attribute 'has'");
    auto v = bind_skill(t, "inventory.has", {"items"}, args, 1);
    SkillExecutor& s = session_of(t, "inventory.has");
    survival::ItemCounts want;
    if (v[0].is(ObjKind::Str)) want[std::string(str_view(v[0]))] = 1;
    else want = as_counts(t, "items", v[0]);
    bool ok = true;
    for (const auto& [item, n] : want) ok = ok && s.has(item, n);
    *result = Value::boolean(ok);
    return true;
  } catch (const Raised&) {
    return false;
  }
}

// ---- ProgPrompt names: one trampoline per name, each knows its index into progprompt_names().
struct ProgPromptName {
  Verb verb;
  std::string item;
};
std::vector<ProgPromptName>& progprompt_table() {
  static std::vector<ProgPromptName> table;
  return table;
}

Value progprompt_call(Thread* t, size_t index, const CallArgs& args) {
  const ProgPromptName& p = progprompt_table().at(index);
  std::string name = std::string(verb_name(p.verb)) + "_" + p.item;
  auto v = bind_skill(t, name, {"num"}, args, 0);
  Goal g;
  g.verb = p.verb;
  g.item = p.item;
  g.count = v[0].is_none() ? 1 : as_count(t, "num", v[0]);
  SkillExecutor& s = session_of(t, name);
  switch (p.verb) {
    case Verb::Mine: g.tool = s.tool_for(p.item); break;
    case Verb::Craft: {
      for (const std::string& item : s.book().names().resolve(p.item))
        for (const auto& r : s.book().crafting(item))
          if (r.needs_table) g.tool = "crafting_table";
      break;
    }
    case Verb::Smelt: g.tool = "furnace"; break;
    default: break;
  }
  return run_goal(t, g);
}

constexpr size_t kMaxProgPromptNames = 256;

template <size_t I>
Value progprompt_entry(Thread* t, const CallArgs& args) {
  return progprompt_call(t, I, args);
}

// horizon(obj) and select(goals): the learned horizon predictor (agents/deps/eval/learned_horizon.h).
double predicted_ticks(Thread* t, SkillExecutor& s, std::string_view name, Value obj) {
  if (!s.horizon)
    throw_error(t, "RuntimeError",
                fmt::format("{}() asks the learned horizon predictor, which this episode runs without (run it with "
                            "--selector horizon in --world-mode explore)",
                            name));
  Goal g;
  as_object(t, obj, &g);
  std::optional<double> ticks = s.horizon(g.item);
  if (!ticks)
    throw_error(t, "ValueError", fmt::format("{}(): the horizon predictor knows no goal '{}' (it knows {})", name, g.item,
                                             fmt::join(s.horizon_items, ", ")));
  return *ticks;
}

Value s_horizon(Thread* t, const CallArgs& args) {
  auto v = bind_skill(t, "horizon", {"obj"}, args, 1);
  return Value::real(predicted_ticks(t, session_of(t, "horizon"), "horizon", v[0]));
}

Value s_select(Thread* t, const CallArgs& args) {
  auto v = bind_skill(t, "select", {"goals"}, args, 1);
  SkillExecutor& s = session_of(t, "select");
  if (!v[0].is(ObjKind::List))
    throw_error(t, "TypeError", fmt::format("select() takes a list of goals such as [{{'oak_log':5}}, "
                                            "{{'birch_log':5}}], not {}", type_name(v[0])));
  const std::vector<Value> goals = as_list(v[0])->items;  // a copy: the predictor runs no Plank code, but be safe
  if (goals.empty()) throw_error(t, "ValueError", "select() needs at least one goal");
  size_t best = 0;
  double best_ticks = 0;
  for (size_t i = 0; i < goals.size(); ++i) {
    double ticks = predicted_ticks(t, s, "select", goals[i]);
    if (i == 0 || ticks < best_ticks) best = i, best_ticks = ticks;
  }
  return goals[best];
}

template <size_t... I>
constexpr std::array<IntrinsicFn, sizeof...(I)> progprompt_entries(std::index_sequence<I...>) {
  return {&wrap<progprompt_entry<I>>...};
}


}  // namespace

void register_skills() {
  const uint32_t caps = kCapWorld;
  const std::vector<P> gather = {P{"obj", "dict[str,int] | str"}, P{"tool", "str | None", "null"}};
  const std::vector<P> make = {P{"obj", "dict[str,int] | str"}, P{"materials", "dict[str,int] | None", "null"},
                               P{"tool", "str | None", "null"}};
  add_intrinsic({"mine", gather, "bool", caps, "deps",
                 "DEPS skill: walk to the nearest block that drops `obj` and dig until the inventory holds that many "
                 "more, with `tool` (null: what is equipped, the hand at first). `obj` is one item and its count "
                 "(`{'log':3}`) or a bare name (one). Raises SkillFailed (missing tool, tool tier too low, resource "
                 "not found, out of ticks); the plan stops there.",
                 wrap<s_gather<Verb::Mine>>});
  add_intrinsic({"craft", make, "bool", caps, "deps",
                 "DEPS skill: craft `obj` from `materials` (what the plan says it uses; null: the recipe's), at "
                 "`tool` = 'crafting_table' for 3x3 recipes. Raises SkillFailed (no crafting table, missing "
                 "materials, no recipe).",
                 wrap<s_make<Verb::Craft>>});
  add_intrinsic({"smelt", make, "bool", caps, "deps",
                 "DEPS skill: smelt `obj` from `materials` at `tool` = 'furnace', burning fuel from the inventory. "
                 "Raises SkillFailed (no furnace, no fuel, missing materials).",
                 wrap<s_make<Verb::Smelt>>});
  add_intrinsic({"kill", gather, "bool", caps, "deps",
                 "DEPS skill (Plank's addition for mob drops): hunt the nearest mob that drops `obj` ({'leather':2}, "
                 "or a mob name) until the inventory holds that many more. Raises SkillFailed.",
                 wrap<s_gather<Verb::Kill>>});
  add_intrinsic({"equip", {P{"item", "str"}}, "bool", caps, "deps",
                 "DEPS skill: hold `item` (a tool in the inventory); later skills with a null tool use it.",
                 wrap<s_equip>});
  add_intrinsic({"inventory", {}, "dict[str,int]", caps, "deps",
                 "The DEPS agent's inventory as a dict in DEPS names (`{'planks': 10, 'stick': 4}`). Its method "
                 "`inventory.has({'log':3})` (Code-as-Policies) is True when every item is held in that number; "
                 "a plan function's `inventory` parameter receives this object.",
                 wrap<s_inventory>});
  add_intrinsic({"horizon", {P{"obj", "dict[str,int] | str"}}, "float", caps, "deps",
                 "DEPS Select: the learned horizon predictor's estimate of the game ticks obtaining `obj` "
                 "(`{'oak_log':5}` or a name; one of the select tasks' goals: the four logs, beef, porkchop, mutton, "
                 "chicken) alone would take from the agent's state, read from what it has seen and holds. Needs "
                 "`--selector horizon` in the explore world (else RuntimeError).",
                 wrap<s_horizon>});
  add_intrinsic({"select", {P{"goals", "list"}}, "dict[str,int] | str", caps, "deps",
                 "DEPS Select: of `goals` (a list of `obj`s as `horizon` takes them), the one the learned horizon "
                 "predictor expects to be quickest, e.g. `mine(select([{'oak_log':5}, {'birch_log':5}]), null)`.",
                 wrap<s_select>});
  add_method({ObjKind::Builtin, "has", {P{"items", "dict[str,int] | str"}}, "bool",
              "`inventory.has({'log':3})`: the DEPS inventory holds every item in that number (groups such as "
              "'planks' count any member).",
              m_has});

  static constexpr auto entries = progprompt_entries(std::make_index_sequence<kMaxProgPromptNames>());
  static std::vector<std::string> docs;  // string_views in the table point here
  const auto& names = progprompt_names();
  docs.reserve(names.size());
  for (const std::string& name : names) {
    size_t cut = name.find('_');
    std::string verb = name.substr(0, cut);
    Verb v = verb == "mine" ? Verb::Mine : verb == "craft" ? Verb::Craft : verb == "smelt" ? Verb::Smelt : Verb::Kill;
    size_t index = progprompt_table().size();
    if (index >= kMaxProgPromptNames) break;  // a test keeps the list under the bound
    progprompt_table().push_back({v, name.substr(cut + 1)});
    docs.push_back(fmt::format("ProgPrompt action: `{}(num)` is `{}({{'{}':num}}, ...)` with the tool or station "
                               "chosen from the inventory and the recipe.",
                               name, verb, name.substr(cut + 1)));
  }
  for (size_t i = 0; i < progprompt_table().size(); ++i)
    add_intrinsic({names[i], {P{"num", "int", "1"}}, "bool", caps, "deps-progprompt", docs[i], entries[i]});
}

}  // namespace plank::deps
