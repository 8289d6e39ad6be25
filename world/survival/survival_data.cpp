#include "world/survival/survival_data.h"
#include "support/data_paths.h"
#include "support/json_integer.h"

#include <fmt/format.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

namespace plank::survival {

using json = nlohmann::json;

std::string default_data_dir() { return data_path(DataItem::WorldData); }

std::vector<std::string> NameMap::resolve(const std::string& name) const {
  std::string n = name.rfind("minecraft:", 0) == 0 ? name.substr(10) : name;
  if (auto g = groups.find(n); g != groups.end()) return g->second;
  if (auto r = renames.find(n); r != renames.end()) return {r->second};
  return {n};
}

const std::vector<std::string>* NameMap::group_of(const std::string& item, std::string* group_name) const {
  for (const auto& g : group_order) {
    const auto& members = groups.at(g);
    for (const auto& m : members)
      if (m == item) {
        if (group_name) *group_name = g;
        return &members;
      }
  }
  return nullptr;
}

std::string NameMap::to_deps(const std::string& item) const {
  std::string g;
  if (group_of(item, &g)) return g;
  for (const auto& [from, to] : renames)
    if (to == item && from != to) return from;
  return item;
}

namespace {

struct Bad {
  std::string message;
};

json read(const std::string& dir, const std::string& file) {
  std::string path = dir + "/" + file;
  std::ifstream in(path);
  if (!in) throw Bad{fmt::format("cannot read {} (hand-written survival data; set PLANK_RUNTIME_DATA to world/data)", path)};
  try {
    return json::parse(in, nullptr, true, /*ignore_comments=*/true);
  } catch (const json::exception& e) {
    throw Bad{fmt::format("{}: {}", path, e.what())};
  }
}

void check_item(const world::McData& mc, const std::string& file, const std::string& item) {
  if (!mc.item(item)) throw Bad{fmt::format("{}: '{}' is not a Minecraft 1.16.5 item in minecraft-data", file, item)};
}

std::vector<Drop> parse_drops(const json& list, const world::McData& mc, const std::string& file) {
  std::vector<Drop> out;
  for (const auto& d : list) {
    Drop drop;
    drop.item = d.at("item").get<std::string>();
    drop.min = d.value("min", 1);
    drop.max = d.value("max", drop.min);
    drop.chance = d.value("chance", 1.0);
    drop.hand_written = true;
    check_item(mc, file, drop.item);
    if (drop.min < 0 || drop.max < drop.min || drop.chance <= 0 || drop.chance > 1)
      throw Bad{fmt::format("{}: bad counts or chance for '{}'", file, drop.item)};
    out.push_back(drop);
  }
  return out;
}

}  // namespace

std::shared_ptr<const SurvivalData> load_survival_data(const std::string& dir, const world::McData& mc,
                                                       std::string* error) {
  auto d = std::make_shared<SurvivalData>();
  d->dir = dir;
  try {
    {
      json s = read(dir, "smelting.json");
      int ticks = s.value("ticks", 200);
      for (const auto& r : s.at("recipes")) {
        SmeltingRecipe rec{r.at("input").get<std::string>(), r.at("output").get<std::string>(), r.value("count", 1),
                           r.value("xp", 0.0), ticks};
        check_item(mc, "smelting.json", rec.input);
        check_item(mc, "smelting.json", rec.output);
        d->smelting.push_back(rec);
      }
    }
    {
      json f = read(dir, "fuels.json");
      for (const auto& [item, t] : f.at("ticks").items()) {
        check_item(mc, "fuels.json", item);
        d->fuel_ticks[item] = json_int(t, "fuels.json: ticks of " + item, 1);
      }
      for (const auto& item : f.at("auto_order")) {
        if (!d->fuel_ticks.count(item.get<std::string>()))
          throw Bad{fmt::format("fuels.json: auto_order names '{}', which has no burn time", item.get<std::string>())};
        d->auto_fuels.push_back(item.get<std::string>());
      }
    }
    {
      json m = read(dir, "mob_drops.json");
      for (const auto& [mob, list] : m.at("mobs").items()) {
        if (!mc.entity(mob)) throw Bad{fmt::format("mob_drops.json: '{}' is not a minecraft-data entity", mob)};
        d->mob_drops[mob] = parse_drops(list, mc, "mob_drops.json");
      }
    }
    {
      json l = read(dir, "loot_corrections.json");
      for (const auto& [block, list] : l.at("blocks").items()) d->loot_corrections[block] = parse_drops(list, mc, "loot_corrections.json");
      for (const auto& b : l.value("exclusive", json::array())) d->exclusive_loot.push_back(b.get<std::string>());
    }
    {
      json n = read(dir, "item_names_1_11.json");
      for (const auto& [name, g] : n.at("groups").items()) {
        auto& members = d->names.groups[name];
        for (const auto& m : g.at("members")) {
          check_item(mc, "item_names_1_11.json", m.get<std::string>());
          members.push_back(m.get<std::string>());
        }
        if (!g.contains("comment")) throw Bad{fmt::format("item_names_1_11.json: group '{}' has no comment saying where it comes from", name)};
        d->names.group_order.push_back(name);
      }
      for (const auto& [name, r] : n.at("renames").items()) {
        check_item(mc, "item_names_1_11.json", r.at("to").get<std::string>());
        if (!r.contains("source")) throw Bad{fmt::format("item_names_1_11.json: rename '{}' has no source", name)};
        d->names.renames[name] = r.at("to").get<std::string>();
      }
    }
    {
      json c = read(dir, "combat.json");
      for (const auto& [mob, h] : c.at("mob_health").items()) {
        if (!mc.entity(mob)) throw Bad{fmt::format("combat.json: '{}' is not a minecraft-data entity", mob)};
        d->mob_health[mob] = h.get<double>();
      }
      auto weapon = [](const json& w) {
        Weapon out{w.at("damage").get<double>(), w.at("speed").get<double>()};
        if (out.damage <= 0 || out.speed <= 0) throw Bad{"combat.json: damage and speed must be positive"};
        return out;
      };
      d->hand = weapon(c.at("hand"));
      for (const auto& [item, w] : c.at("weapons").items()) {
        check_item(mc, "combat.json", item);
        d->weapons[item] = weapon(w);
      }
      d->chase_ticks_per_hit = c.value("chase_ticks_per_hit", uint64_t(10));
    }
  } catch (const Bad& b) {
    if (error) *error = b.message;
    return nullptr;
  } catch (const json::exception& e) {
    if (error) *error = fmt::format("{}: {}", dir, e.what());
    return nullptr;
  } catch (const std::invalid_argument& e) {  // json_int: a count that is not a whole number in range
    if (error) *error = fmt::format("{}: {}", dir, e.what());
    return nullptr;
  }
  return d;
}

}  // namespace plank::survival
