#include "world/survival/controller.h"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>

#include "world/survival/controller_detail.h"
#include "world/survival/crafting.h"
#include "world/survival/mining.h"
#include "world/survival/mob_drops.h"
#include "world/survival/worldgen.h"

namespace plank::survival {

using world::BlockId;
using world::Coord;
using world::kAir;
using namespace controller_detail;

const char* failure_name(Failure f) {
  static const char* const names[] = {"none",       "unknown_item",      "missing_tool", "tool_tier_too_low",
                                      "no_crafting_table", "no_furnace", "missing_materials", "no_fuel",
                                      "no_recipe",  "resource_not_found", "out_of_ticks"};
  return names[size_t(f)];
}

namespace {

ItemCounts diff(const Inventory& before, const Inventory& after) {
  ItemCounts out;
  for (const auto& [item, n] : after.items())
    if (int d = n - before.count(item); d > 0) out[item] = d;
  return out;
}

}  // namespace

Controller::Controller(world::World& world, const RecipeBook& book, ControllerOptions options)
    : w_(world), book_(book), options_(options), budget_(options.tick_budget),
      paths_(std::make_unique<agent::Pathfinder>(world)) {
  for (const char* n : {"water", "lava"})
    if (auto id = w_.registry().find(n)) unsafe_.push_back(*id);
  const auto& reg = w_.registry();
  canopy_.resize(reg.size());
  for (size_t id = 0; id < reg.size(); ++id) {
    const std::string& n = reg[world::BlockId(id)].name;
    for (const char* suffix : {"_leaves", "_log"})
      if (n.size() > std::strlen(suffix) && n.compare(n.size() - std::strlen(suffix), std::string::npos, suffix) == 0)
        canopy_[id] = true;
  }
}

Controller::~Controller() = default;

world::Vec3 Controller::position() const { return w_.agent().pose.pos; }
Coord Controller::feet() const { return world::cell_of(w_.agent().pose.pos); }

int Controller::item_id(const std::string& item) const {
  if (item.empty()) return -1;
  const world::McItem* it = book_.mc().item(item);
  return it ? int(it->id) : -1;
}

SkillResult Controller::fail(Failure f, std::string reason, std::string needed) const {
  SkillResult r;
  r.failure = f;
  r.reason = std::move(reason);
  r.needed = std::move(needed);
  return r;
}

void Controller::spend(uint64_t ticks, uint64_t ControllerStats::*bucket) {
  uint64_t before = clock_.now();
  clock_.advance(ticks);
  stats_.*bucket += ticks;
  wander_mobs(before, clock_.now());
}

// ---------------------------------------------------------------------------
// Skills.

SkillResult Controller::equip(const std::string& item) {
  if (item.empty() || item == "hand") {
    equipped_.clear();
    SkillResult r;
    r.ok = true;
    return r;
  }
  std::vector<std::string> items = book_.names().resolve(item);
  if (!book_.is_item(items[0])) return fail(Failure::UnknownItem, fmt::format("'{}' is not an item", item));
  for (const auto& i : items)
    if (inv_.has(i)) {
      equipped_ = i;
      note(fmt::format("equipped {}", i));
      SkillResult r;
      r.ok = true;
      return r;
    }
  return fail(Failure::MissingTool, fmt::format("cannot equip {}: the inventory has none", item), items[0]);
}

SkillResult Controller::mine(const std::string& item, int count, const std::string& tool) {
  const uint64_t t0 = clock_.now();
  const Inventory before = inv_;
  std::vector<std::string> items = book_.names().resolve(item);
  const auto& reg = w_.registry();
  if (!book_.is_item(items[0]) && !reg.find(items[0]))
    return fail(Failure::UnknownItem, fmt::format("'{}' is not a Minecraft item or block", item));
  if (!tool.empty()) {
    SkillResult e = equip(tool);
    if (!e.ok) {
      e.reason = fmt::format("mining {} with {} needs one in the inventory", item, tool);
      return e;
    }
  }
  if (!equipped_.empty() && !inv_.has(equipped_)) equipped_.clear();  // used up in a recipe
  const std::vector<Source>& sources = sources_of(items);
  if (sources.empty()) {
    std::string hint = !book_.smelting(items[0]).empty()            ? fmt::format("; {} is smelted", items[0])
                       : !book_.crafting(items[0]).empty()          ? fmt::format("; {} is crafted", items[0])
                                                                    : "";
    return fail(Failure::ResourceNotFound, fmt::format("no block drops {}{}", item, hint));
  }
  std::vector<bool> usable(sources.size());
  bool any = false;
  std::string min_tool;
  for (size_t i = 0; i < sources.size(); ++i) {
    usable[i] = can_harvest(reg, sources[i].block, equipped_).ok;
    any = any || usable[i];
    if (!sources[i].min_tool.empty() && (min_tool.empty() || tool_tier(sources[i].min_tool) < tool_tier(min_tool)))
      min_tool = sources[i].min_tool;
  }
  if (!any) {
    bool same_kind = !equipped_.empty() && tool_kind(equipped_) == tool_kind(min_tool);
    std::string held = equipped_.empty() ? "the hand" : "a " + equipped_;
    return fail(same_kind ? Failure::ToolTierTooLow : Failure::MissingTool,
                fmt::format("mining {} needs a {} or better; {} cannot harvest it", item, min_tool, held), min_tool);
  }
  const int goal = inv_.count_any(items) + count;
  int misses = 0, explored = 0, depth_y = 0;
  const bool underground = options_.known && buried_sources(sources, usable, &depth_y);
  look();
  while (inv_.count_any(items) < goal) {
    if (over_budget()) break;
    std::optional<Target> t = nearest(sources, usable, feet());
    // Explore mode: nothing known drops it, so go and look (ores: after two walks, dig for them).
    if (!t && options_.known && explored < options_.explore_steps &&
        explore_step(underground && explored >= 2, depth_y)) {
      ++explored;
      continue;
    }
    if (!t) {
      SkillResult r = fail(Failure::ResourceNotFound,
                           options_.known ? fmt::format("no block that drops {} seen after exploring {} times", item, explored)
                                          : fmt::format("no reachable block that drops {} within {} blocks", item,
                                                        options_.search_radius));
      r.ticks = clock_.now() - t0, r.gained = diff(before, inv_);
      return r;
    }
    std::string why;
    bool reached = false;
    static const char* const route_names[] = {"walk", "tunnel", "from above"};
    note(fmt::format("{} at ({}, {}, {}): {} ({:.0f} ticks expected)", reg[w_.block(t->at)].name, t->at.x, t->at.y,
                     t->at.z, route_names[int(t->route)], t->cost));
    if (t->route == Route::Walk) reached = go_near(t->at, 0, 4.5, &why);
    if (t->route == Route::Tunnel) reached = tunnel(t->at, 1, true, false, &why);
    if (!reached) {
      // Buried (or the other ways failed): walk to the ground above it, then dig down to it.
      int ty = top_y(t->at.x, t->at.z);
      reached = go_near({t->at.x, ty + 1, t->at.z}, 2, 0, &why) && tunnel(t->at, 1, true, false, &why);
    }
    if (reached && break_block(t->at, true)) {
      settle();  // the target may have been the floor
      if (options_.known) look();  // breaking it opened a view (the rest of a vein)
    } else {
      note(fmt::format("gave up on ({}, {}, {}): {}", t->at.x, t->at.y, t->at.z, why.empty() ? "it did not break" : why));
      bad_.insert(t->at);
      if (++misses > 24) {
        SkillResult r = fail(Failure::ResourceNotFound, fmt::format("could not reach a block that drops {}: {}", item, why));
        r.ticks = clock_.now() - t0, r.gained = diff(before, inv_);
        return r;
      }
      continue;
    }
    ++stats_.targets;
  }
  SkillResult r;
  r.ticks = clock_.now() - t0;
  r.gained = diff(before, inv_);
  if (inv_.count_any(items) < goal)
    return r.failure = Failure::OutOfTicks,
           r.reason = fmt::format("the tick budget ran out with {} of {} {} mined", count - (goal - inv_.count_any(items)),
                                  count, item),
           r;
  r.ok = true;
  note(fmt::format("mined {} {} ({} ticks)", count, item, r.ticks));
  return r;
}

SkillResult Controller::kill(const std::string& mob_or_drop, int count, const std::string& tool, const std::string& mob) {
  const uint64_t t0 = clock_.now();
  const Inventory before = inv_;
  std::vector<std::string> items;  // drops wanted; empty: count kills
  std::vector<std::string> types = prey(mob_or_drop, mob, &items);  // mobs to hunt
  if (!book_.mc().entity(mob_or_drop) && !book_.is_item(items[0]))
    return fail(Failure::UnknownItem, fmt::format("'{}' is not a mob or an item", mob_or_drop));
  if (types.empty())
    return fail(Failure::ResourceNotFound, mob.empty() ? fmt::format("no mob in this world drops {}", mob_or_drop)
                                                       : fmt::format("a {} does not drop {}", mob, mob_or_drop));
  if (!tool.empty()) {
    SkillResult e = equip(tool);
    if (!e.ok) return e.reason = fmt::format("killing with {} needs one in the inventory", tool), e;
  }
  if (!equipped_.empty() && !inv_.has(equipped_)) equipped_.clear();
  const Weapon& weapon = book_.data().weapon(equipped_);
  const int goal = items.empty() ? count : inv_.count_any(items) + count;
  int kills = 0, misses = 0, explored = 0;
  std::vector<world::EntityId> unreachable;
  auto have = [&] { return items.empty() ? kills : inv_.count_any(items); };
  look();
  while (have() < goal) {
    if (over_budget()) break;
    const world::Entity* best = nearest_mob(types, position(), unreachable);
    if (!best && options_.known && explored < options_.explore_steps && explore_step(false, 0)) {
      ++explored;
      continue;
    }
    if (!best) {
      SkillResult r = fail(Failure::ResourceNotFound,
                           options_.known ? fmt::format("no {} seen after exploring {} times", fmt::join(types, " or "), explored)
                                          : fmt::format("no {} left within {} blocks", fmt::join(types, " or "),
                                                        options_.search_radius));
      r.ticks = clock_.now() - t0, r.gained = diff(before, inv_);
      return r;
    }
    const world::EntityId id = best->id;
    const std::string type = best->type;
    std::string why;
    if (!go_near(world::cell_of(best->pose.pos), 2, 0, &why)) {
      unreachable.push_back(id);
      if (++misses > 12) {
        SkillResult r = fail(Failure::ResourceNotFound, fmt::format("could not reach a {}: {}", type, why));
        r.ticks = clock_.now() - t0, r.gained = diff(before, inv_);
        return r;
      }
      continue;
    }
    auto health = book_.data().mob_health.find(type);
    double hp = health == book_.data().mob_health.end() ? 10 : health->second;
    int hits = int(std::ceil(hp / weapon.damage - 1e-9));
    stats_.hits += hits;
    spend(uint64_t(hits) * (weapon.cooldown_ticks() + book_.data().chase_ticks_per_hit), &ControllerStats::fight_ticks);
    if (w_.entity(id)) w_.remove_entity(id);
    for (const auto& [item, n] : roll_mob_drops(book_, type, w_.rng())) inv_.add(item, n);
    ++stats_.mobs_killed;
    ++kills;
  }
  SkillResult r;
  r.ticks = clock_.now() - t0;
  r.gained = diff(before, inv_);
  if (have() < goal)
    return r.failure = Failure::OutOfTicks, r.reason = fmt::format("the tick budget ran out hunting {}", mob_or_drop), r;
  r.ok = true;
  note(fmt::format("killed {} {} for {} {} ({} ticks)", kills, fmt::join(types, "/"), count, mob_or_drop, r.ticks));
  return r;
}

std::vector<std::string> Controller::prey(const std::string& mob_or_drop, const std::string& mob,
                                          std::vector<std::string>* items) const {
  if (book_.mc().entity(mob_or_drop)) return {mob_or_drop};
  *items = book_.names().resolve(mob_or_drop);
  std::vector<std::string> types;
  if (!book_.is_item((*items)[0])) return types;
  for (const auto& m : generated_mob_types()) {
    if (!mob.empty() && m != mob) continue;
    for (const Drop& d : mob_drops(book_, m))
      if (std::find(items->begin(), items->end(), d.item) != items->end()) {
        types.push_back(m);
        break;
      }
  }
  return types;
}

const world::Entity* Controller::nearest_mob(const std::vector<std::string>& types, world::Vec3 a,
                                             const std::vector<world::EntityId>& skip) const {
  const world::Entity* best = nullptr;
  double best_d = options_.search_radius;
  for (const world::Entity& e : w_.entities()) {
    if (e.kind != world::EntityKind::Mob || std::find(types.begin(), types.end(), e.type) == types.end()) continue;
    if (std::find(skip.begin(), skip.end(), e.id) != skip.end()) continue;
    if (options_.known && !options_.known->seen_mob(e.id)) continue;  // explore mode: only mobs seen
    double d = std::hypot(e.pose.pos.x - a.x, e.pose.pos.z - a.z);
    if (d <= best_d) best_d = d, best = &e;
  }
  return best;
}

std::optional<Controller::SourceEstimate> Controller::estimate_kill(const std::string& mob_or_drop,
                                                                    const std::string& mob, Coord from) {
  std::vector<std::string> items;
  const world::Vec3 at{from.x + 0.5, double(from.y), from.z + 0.5};
  const world::Entity* e = nearest_mob(prey(mob_or_drop, mob, &items), at, {});
  if (!e) return std::nullopt;
  const double walk = double(agent::kCosts.walk()) / 1000.0;
  return SourceEstimate{world::cell_of(e->pose.pos), std::hypot(e->pose.pos.x - at.x, e->pose.pos.z - at.z) * walk};
}

std::optional<Controller::SourceEstimate> Controller::estimate_mine(const std::string& item, const std::string& tool,
                                                                    Coord from) {
  std::vector<std::string> items = book_.names().resolve(item);
  if (!book_.is_item(items[0]) && !w_.registry().find(items[0])) return std::nullopt;
  const std::string held = tool.empty() ? equipped_ : tool;
  const std::vector<Source>& sources = sources_of(items);
  std::vector<bool> usable(sources.size());
  for (size_t i = 0; i < sources.size(); ++i) usable[i] = can_harvest(w_.registry(), sources[i].block, held).ok;
  std::optional<Target> t = nearest(sources, usable, from);
  if (!t) return std::nullopt;
  return SourceEstimate{t->at, t->cost};
}

std::optional<Coord> Controller::station_nearby(const std::string& station) const {
  auto id = w_.registry().find(station);
  if (!id) return std::nullopt;
  Coord f = feet();
  for (int dy = -2; dy <= 3; ++dy)
    for (int dz = -4; dz <= 4; ++dz)
      for (int dx = -4; dx <= 4; ++dx) {
        Coord c{f.x + dx, f.y + dy, f.z + dz};
        if (w_.block(c) != *id) continue;
        world::Vec3 eye = world::eye_position(w_.agent().pose);
        double ex = c.x + 0.5 - eye.x, ey = c.y + 0.5 - eye.y, ez = c.z + 0.5 - eye.z;
        if (ex * ex + ey * ey + ez * ez <= 4.5 * 4.5) return c;
      }
  return std::nullopt;
}

std::optional<Coord> Controller::place_station(const std::string& station) {
  auto id = w_.registry().find(station);
  if (!id || !inv_.has(station)) return std::nullopt;
  Coord f = feet();
  // Any air cell next to the body with a face to place against; down a shaft, the cell above
  // the head; failing all, dig out the cell beside the feet.
  std::vector<Coord> cells;
  for (int dy : {0, 1, -1})
    for (Coord d : {Coord{1, 0, 0}, Coord{-1, 0, 0}, Coord{0, 0, 1}, Coord{0, 0, -1}}) cells.push_back({f.x + d.x, f.y + dy, f.z + d.z});
  cells.push_back(up(f, 2));
  auto has_face = [&](Coord c) {
    for (Coord d : {Coord{1, 0, 0}, Coord{-1, 0, 0}, Coord{0, 0, 1}, Coord{0, 0, -1}, kUp, Coord{0, -1, 0}})
      if (paths_->solid(c + d)) return true;
    return false;
  };
  std::optional<Coord> spot;
  for (Coord c : cells)
    if (!spot && w_.block(c) == kAir && has_face(c)) spot = c;
  if (!spot)
    for (Coord c : cells)
      if (!spot && paths_->solid(c) && w_.registry()[w_.block(c)].hardness >= 0 && break_block(c, false)) spot = c;
  if (!spot) return std::nullopt;
  w_.set_block(*spot, *id);
  touched_column(spot->x, spot->z);
  inv_.remove(station);
  ++stats_.stations_placed;
  spend(agent::kCosts.place_ticks, &ControllerStats::craft_ticks);
  return spot;
}

void Controller::pick_up(Coord at, const std::string& station) {
  const auto& reg = w_.registry();
  BlockId id = w_.block(at);
  agent::BreakCost cost = agent::break_cost(reg, id, item_id(best_tool(reg, id, inv_)));
  w_.set_block(at, kAir);
  touched_column(at.x, at.z);
  inv_.add(station);  // a station always comes back (a furnace broken by hand would not: we take the pickaxe)
  spend(cost.ticks, &ControllerStats::craft_ticks);
}

namespace {

// What the plan says it uses, checked against the inventory: the first shortfall, or "".
std::string shortfall(const NameMap& names, const Inventory& inv, const ItemCounts& materials, int* need, int* have) {
  for (const auto& [name, n] : materials) {
    int h = inv.count_any(names.resolve(name));
    if (h < n) return *need = n, *have = h, name;
  }
  return "";
}

Failure failure_of(CraftError e) {
  switch (e) {
    case CraftError::None: return Failure::None;
    case CraftError::UnknownItem: return Failure::UnknownItem;
    case CraftError::NoRecipe: return Failure::NoRecipe;
    case CraftError::MissingMaterials: return Failure::MissingMaterials;
    case CraftError::NeedsCraftingTable: return Failure::NoCraftingTable;
    case CraftError::NeedsFurnace: return Failure::NoFurnace;
    case CraftError::NoFuel: return Failure::NoFuel;
  }
  return Failure::NoRecipe;
}

std::string needed_of(const CraftResult& r) {
  if (r.error == CraftError::NeedsCraftingTable) return "crafting_table";
  if (r.error == CraftError::NeedsFurnace) return "furnace";
  if (r.error == CraftError::NoFuel) return "coal";
  if (!r.missing.empty()) return fmt::format("{} {}", r.missing[0].need - r.missing[0].have, r.missing[0].item);
  return "";
}

}  // namespace

SkillResult Controller::craft(const std::string& item, int count, const ItemCounts& materials, const std::string& station) {
  const uint64_t t0 = clock_.now();
  const Inventory before = inv_;
  if (over_budget()) return fail(Failure::OutOfTicks, fmt::format("the tick budget ran out before crafting {}", item));
  int need = 0, have = 0;
  if (std::string s = shortfall(book_.names(), inv_, materials, &need, &have); !s.empty())
    return fail(Failure::MissingMaterials, fmt::format("crafting {} needs {} {}, the inventory has {}", item, need, s, have),
                fmt::format("{} {}", need - have, s));
  // Try the 2x2 grid first (on a copy): only a 3x3 recipe needs the table.
  Inventory trial = inv_;
  CraftResult r = survival::craft(book_, item, count, trial, false);
  std::optional<Coord> placed;
  if (r.error == CraftError::NeedsCraftingTable || (station == "crafting_table" && !r.ok)) {
    if (!station_nearby("crafting_table")) {
      placed = place_station("crafting_table");
      if (!placed)
        return fail(Failure::NoCraftingTable,
                    inv_.has("crafting_table")
                        ? fmt::format("no room to place a crafting_table to craft {}", item)
                        : fmt::format("{} has a 3x3 recipe: it needs a crafting_table, and the inventory has none", item),
                    "crafting_table");
    }
    r = survival::craft(book_, item, count, inv_, true);
  } else if (r.ok) {
    r = survival::craft(book_, item, count, inv_, false);
  }
  if (r.ok) {
    ++stats_.crafts;
    spend(agent::kCosts.craft_ticks, &ControllerStats::craft_ticks);
  }
  if (placed) pick_up(*placed, "crafting_table");
  if (!r.ok) {
    SkillResult f = fail(failure_of(r.error), r.message, needed_of(r));
    f.ticks = clock_.now() - t0;
    return f;
  }
  ItemCounts said;
  for (const auto& [name, n] : materials) said[name] = n;
  if (!materials.empty() && said != r.consumed)
    note(fmt::format("craft {}: the plan said {}, the recipe used {}", item, deps_counts(book_.names(), materials),
                     deps_counts(book_.names(), r.consumed)));
  SkillResult ok;
  ok.ok = true;
  ok.ticks = clock_.now() - t0;
  ok.gained = diff(before, inv_);
  note(fmt::format("crafted {} {}", r.produced, r.item));
  return ok;
}

SkillResult Controller::smelt(const std::string& item, int count, const ItemCounts& materials, const std::string& station) {
  (void)station;  // smelting always needs the furnace
  const uint64_t t0 = clock_.now();
  const Inventory before = inv_;
  if (over_budget()) return fail(Failure::OutOfTicks, fmt::format("the tick budget ran out before smelting {}", item));
  std::vector<std::string> items = book_.names().resolve(item);
  if (!book_.is_item(items[0])) return fail(Failure::UnknownItem, fmt::format("'{}' is not an item", item));
  if (book_.smelting(items[0]).empty())
    return fail(Failure::NoRecipe, fmt::format("{} is not made in a furnace{}", item,
                                               book_.crafting(items[0]).empty() ? "" : "; it is crafted"));
  int need = 0, have = 0;
  if (std::string s = shortfall(book_.names(), inv_, materials, &need, &have); !s.empty())
    return fail(Failure::MissingMaterials, fmt::format("smelting {} needs {} {}, the inventory has {}", item, need, s, have),
                fmt::format("{} {}", need - have, s));
  std::string fuel;
  for (const auto& [name, n] : materials)
    for (const auto& m : book_.names().resolve(name))
      if (book_.fuel_ticks(m) > 0 && !book_.smelting_of(m) && inv_.has(m)) fuel = m;
  std::optional<Coord> placed;
  if (!station_nearby("furnace")) {
    placed = place_station("furnace");
    if (!placed)
      return fail(Failure::NoFurnace,
                  inv_.has("furnace") ? fmt::format("no room to place a furnace to smelt {}", item)
                                      : fmt::format("smelting {} needs a furnace, and the inventory has none", item),
                  "furnace");
  }
  CraftResult r = survival::smelt(book_, item, count, inv_, true, fuel);
  if (r.ok) {
    ++stats_.smelts;
    // The furnace's time per item comes from smelting.json, as the planner reads it.
    const uint64_t per_item = uint64_t(book_.smelting(items[0]).front()->ticks);
    spend(per_item * uint64_t(std::max(1, r.produced)), &ControllerStats::smelt_ticks);
  }
  if (placed) pick_up(*placed, "furnace");
  if (!r.ok) {
    SkillResult f = fail(failure_of(r.error), r.message, needed_of(r));
    f.ticks = clock_.now() - t0;
    return f;
  }
  SkillResult ok;
  ok.ok = true;
  ok.ticks = clock_.now() - t0;
  ok.gained = diff(before, inv_);
  note(fmt::format("smelted {} {}", r.produced, r.item));
  return ok;
}

// ---------------------------------------------------------------------------
// Plans.

SkillResult Controller::run_step(const PlanStep& s) {
  switch (s.kind) {
    case StepKind::Mine: {
      SkillResult r = mine(s.item, s.count, s.tool);
      // The plan picked one member of a group (acacia_log) and none is near: take any member
      // (oak_log) and have the rest of the plan redone from what is now held.
      std::string group;
      if (!r.ok && r.failure == Failure::ResourceNotFound && book_.names().group_of(s.item, &group)) {
        r = mine(group, s.count, s.tool);
        replan_ = r.ok;
      }
      return r;
    }
    case StepKind::Kill: return kill(s.item, s.count, s.tool, s.source);
    case StepKind::Craft: return craft(s.item, s.count, s.inputs, s.tool);
    case StepKind::Smelt: return smelt(s.item, s.count, s.inputs, "furnace");
  }
  return fail(Failure::NoRecipe, "unknown step");
}

SkillResult Controller::run_plan(const ObtainPlan& plan) {
  const uint64_t t0 = clock_.now();
  const Inventory before = inv_;
  if (!plan.ok) return fail(Failure::NoRecipe, plan.reason);
  for (const PlanStep& s : plan.steps) {
    SkillResult r = run_step(s);
    if (r.ok && replan_) break;  // the caller plans again from the inventory
    if (!r.ok) {
      r.reason = fmt::format("step '{}' failed: {}", s.deps(book_.names()), r.reason);
      r.ticks = clock_.now() - t0;
      r.gained = diff(before, inv_);
      return r;
    }
  }
  SkillResult ok;
  ok.ok = true;
  ok.ticks = clock_.now() - t0;
  ok.gained = diff(before, inv_);
  return ok;
}

SkillResult Controller::obtain(const Obtainability& analysis, const std::string& name, int count) {
  const uint64_t t0 = clock_.now();
  const Inventory before = inv_;
  auto items = book_.names().resolve(name);
  const int goal = count;  // hold `count` (a DEPS task: "obtain a furnace")
  // Random drops can fall short of a plan's expectations: plan again from what is held.
  for (int attempt = 0; attempt < 8 && inv_.count_any(items) < goal; ++attempt) {
    replan_ = false;
    ObtainPlan p = analysis.plan(name, goal, inv_);
    SkillResult r = run_plan(p);
    if (!r.ok) {
      r.ticks = clock_.now() - t0;
      r.gained = diff(before, inv_);
      return r;
    }
  }
  SkillResult r;
  r.ticks = clock_.now() - t0;
  r.gained = diff(before, inv_);
  r.ok = inv_.count_any(items) >= goal;
  if (!r.ok) r.failure = Failure::ResourceNotFound, r.reason = fmt::format("still short of {} {} after re-planning", count, name);
  return r;
}

}  // namespace plank::survival
