#include "agents/deps/eval/horizon_data.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <istream>
#include <nlohmann/json.hpp>
#include <ostream>

#include "agents/deps/eval/select_episode.h"
#include "agents/deps/loop/episode.h"
#include "world/voxels/rng.h"
#include "support/json_integer.h"

namespace plank::deps {
namespace {

constexpr const char* kMagic = "PLANK-HORIZON 2";
// seed, moves, pursued, tick; then the crop, the inventory, the goal extras and the labels.
constexpr size_t kRecordHead = 4 + 2 + 2 + 4;

size_t crop_bytes(const Rules& rules) { return size_t(kHorizonGrid * kHorizonGrid) * horizon_channels(rules).size(); }
size_t record_bytes(const Rules& rules) {
  const size_t goals = horizon_goals(rules).size();
  return kRecordHead + crop_bytes(rules) + goals * (1 + kHorizonGoalExtras) + goals * 5;
}

template <typename T>
void put(std::string& out, T v) {
  char b[sizeof(T)];
  std::memcpy(b, &v, sizeof(T));  // the x86-64 and aarch64 hosts Plank builds for are little-endian
  out.append(b, sizeof(T));
}
template <typename T>
T take(const char*& p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  p += sizeof(T);
  return v;
}

nlohmann::json header(const Rules& rules, const HorizonDataOptions& o) {
  nlohmann::json goals = nlohmann::json::array();
  nlohmann::json inventory = nlohmann::json::array();
  for (const HorizonGoal& g : horizon_goals(rules)) {
    goals.push_back({{"id", g.id},
                     {"family", g.family},
                     {"verb", g.goal.verb == Verb::Kill ? "kill" : "mine"},
                     {"item", g.goal.item},
                     {"count", g.goal.count},
                     {"max_ticks", g.max_ticks}});
    inventory.push_back(g.goal.item);
  }
  return {{"grid", kHorizonGrid},
          {"cell", kHorizonCell},
          {"channels", horizon_channels(rules)},
          {"goals", goals},
          {"inventory", inventory},
          {"goal_extras", horizon_goal_extras()},
          {"record_bytes", record_bytes(rules)},
          {"world_mode", "explore"},
          {"world_size", o.world_size},
          {"seed_base", o.seed_base},
          {"seeds", o.seeds},
          {"states_per_seed", o.states_per_seed},
          {"pursuits_per_seed", o.pursuits_per_seed}};
}

}  // namespace

namespace {

// How a state was reached from the episode's start: `moves` exploration moves, or (pursued >= 0)
// that goal pursued alone with half its family's budget. Replayed exactly on a fresh copy (the
// world and the controller are deterministic), so a label runs from the very state.
struct History {
  int moves = 0;
  int pursued = -1;
};

void replay(const Rules& rules, SelectSetup& s, const std::vector<HorizonGoal>& goals, const History& h) {
  for (int m = 0; m < h.moves; ++m) s.controller->explore_step(false, 0);
  if (h.pursued < 0) return;
  const HorizonGoal& g = goals[size_t(h.pursued)];
  s.controller->set_tick_budget(s.controller->ticks() + g.max_ticks / 2);
  pursue_candidate(rules, *s.controller, g.goal, g.goal.count);
  s.controller->set_tick_budget(0);
}

}  // namespace

std::vector<HorizonRecord> horizon_records(const Rules& rules, uint64_t seed, const HorizonDataOptions& o) {
  const std::vector<HorizonGoal> goals = horizon_goals(rules);
  SelectEpisodeOptions eo;
  eo.world_mode = "explore";
  eo.world_size = o.world_size;
  eo.seed = seed;
  auto generated = make_episode_world(rules, seed, o.world_size, eo.world_mode);
  std::vector<HorizonRecord> records;
  auto take_state = [&](SelectSetup& at, const History& h) {
    HorizonRecord r;
    r.seed = uint32_t(seed);
    r.moves = uint16_t(h.moves);
    r.pursued = int16_t(h.pursued);
    r.tick = uint32_t(at.controller->ticks());
    r.features = horizon_features(rules, *at.world, *at.known, *at.controller);
    for (const HorizonGoal& g : goals) {
      if (!o.label_goals.empty() && std::find(o.label_goals.begin(), o.label_goals.end(), g.id) == o.label_goals.end()) {
        r.labels.push_back(HorizonLabel{});
        continue;
      }
      // The label: a copy replays the same history, then pursues this goal alone within its budget.
      SelectSetup label(rules, *generated, eo, 0);
      replay(rules, label, goals, h);
      const uint64_t start = label.controller->ticks();
      label.controller->set_tick_budget(start + g.max_ticks);
      const bool ok = pursue_candidate(rules, *label.controller, g.goal, g.goal.count);
      const uint64_t spent = label.controller->ticks() - start;
      r.labels.push_back(HorizonLabel{float(spent), ok && spent <= g.max_ticks});
    }
    records.push_back(std::move(r));
  };
  SelectSetup run(rules, *generated, eo, 0);
  for (int moves = 0; moves < o.states_per_seed; ++moves) {
    if (moves > 0 && !run.controller->explore_step(false, 0)) break;  // the walk found no way on
    take_state(run, History{moves, -1});
  }
  // States after a pursuit from the start that was cut short or failed: where a selector makes its
  // second choice, with something in hand and the map of the first pursuit's walk. The goals
  // pursued are drawn from the seed (a different one for each state).
  std::vector<int> order(goals.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = int(i);
  world::Rng rng(seed * 0x9E3779B97F4A7C15ull + 0x5E1EC7);
  for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[size_t(rng.below(uint32_t(i)))]);
  for (int p = 0; p < o.pursuits_per_seed && p < int(order.size()); ++p) {
    SelectSetup after(rules, *generated, eo, 0);
    const History h{0, order[size_t(p)]};
    replay(rules, after, goals, h);
    take_state(after, h);
  }
  return records;
}

bool write_horizon_data(const Rules& rules, const HorizonDataOptions& o, std::ostream& out,
                        const HorizonProgress& progress, std::string* error, EpisodeShard shard) {
  if (o.seeds < 1 || o.states_per_seed < 0 || o.pursuits_per_seed < 0 || o.states_per_seed + o.pursuits_per_seed < 1)
    return *error = "nothing to generate: --seeds must be at least 1, and --states-per-seed or --pursuits-per-seed too", false;
  if (o.seed_base + uint64_t(o.seeds) > kFirstEvaluationSeed)
    return *error = fmt::format("seeds {}..{} reach the evaluation seeds ({} and up); training data takes seeds below {}",
                                o.seed_base, o.seed_base + uint64_t(o.seeds) - 1, kFirstEvaluationSeed,
                                kFirstEvaluationSeed),
           false;
  if (shard.rank == 0) out << kMagic << "\n" << header(rules, o).dump() << "\n";
  const size_t crop = crop_bytes(rules);
  const int first = shard.begin(o.seeds), last = shard.end(o.seeds);
  for (int k = first; k < last; ++k) {
    for (const HorizonRecord& r : horizon_records(rules, o.seed_base + uint64_t(k), o)) {
      std::string b;
      b.reserve(record_bytes(rules));
      put<uint32_t>(b, r.seed);
      put<uint16_t>(b, r.moves);
      put<int16_t>(b, r.pursued);
      put<uint32_t>(b, r.tick);
      if (r.features.crop.size() != crop) return *error = "internal: crop size differs from the layout", false;
      b.append(reinterpret_cast<const char*>(r.features.crop.data()), crop);
      b.append(reinterpret_cast<const char*>(r.features.inventory.data()), r.features.inventory.size());
      b.append(reinterpret_cast<const char*>(r.features.extras.data()), r.features.extras.size());
      for (const HorizonLabel& l : r.labels) {
        put<float>(b, l.ticks);
        put<uint8_t>(b, l.reached ? 1 : 0);
      }
      out.write(b.data(), std::streamsize(b.size()));
    }
    if (!out) return *error = "could not write the data (disk full?)", false;
    if (progress) progress(k + 1 - first, last - first);
  }
  out.flush();
  if (!out) return *error = "could not write the data (disk full?)", false;
  return true;
}

bool read_horizon_data(std::istream& in, std::vector<HorizonRecord>* records, std::string* error,
                       HorizonDataHeader* header) {
  // The sizes come from the file's own header, checked against each other, so a file is never misread.
  std::string magic, head;
  if (!std::getline(in, magic) || magic != kMagic)
    return *error = fmt::format("not a horizon data file (the first line should be '{}')", kMagic), false;
  if (!std::getline(in, head)) return *error = "horizon data: no header line", false;
  nlohmann::json h = nlohmann::json::parse(head, nullptr, false);
  if (h.is_discarded() || !h.is_object() || !h.contains("record_bytes") || !h.contains("goals") ||
      !h.contains("channels") || !h.contains("grid") || !h.contains("goal_extras") ||
      !h["record_bytes"].is_number_unsigned() || !h["grid"].is_number_unsigned() || !h["goals"].is_array() ||
      !h["channels"].is_array() || !h["goal_extras"].is_array())
    return *error = "horizon data: the header line is not the JSON object of the format", false;
  const size_t bytes = h["record_bytes"].get<size_t>();
  const size_t goals = h["goals"].size(), channels = h["channels"].size(), grid = h["grid"].get<size_t>();
  const size_t extras = h["goal_extras"].size();
  if (grid > 1024 || channels > 4096 || goals > 4096 || extras > 64)
    return *error = "horizon data: the header's sizes are out of range", false;
  const size_t crop = grid * grid * channels;
  const size_t layout = kRecordHead + crop + goals * (1 + extras) + goals * 5;
  if (bytes != layout)
    return *error = fmt::format("horizon data: record_bytes {} does not match the layout ({})", bytes, layout), false;
  if (header) {
    try {
      header->grid = int(grid);
      header->goal_extras = int(extras);
      header->channels = h["channels"].get<std::vector<std::string>>();
      header->goals.clear();
      for (const auto& g : h["goals"])
        header->goals.push_back({json_int(g.at("id"), "id"), g.at("family").get<std::string>(), g.at("verb").get<std::string>(),
                                 g.at("item").get<std::string>(), json_int(g.at("count"), "count")});
    } catch (const std::exception&) {
      return *error = "horizon data: the header's goal table or channels are not the format's", false;
    }
  }
  std::string b(bytes, '\0');
  while (in.read(b.data(), std::streamsize(bytes))) {
    const char* p = b.data();
    HorizonRecord r;
    r.seed = take<uint32_t>(p);
    r.moves = take<uint16_t>(p);
    r.pursued = take<int16_t>(p);
    r.tick = take<uint32_t>(p);
    r.features.crop.assign(p, p + crop);
    p += crop;
    r.features.inventory.assign(p, p + goals);
    p += goals;
    r.features.extras.assign(p, p + goals * extras);
    p += goals * extras;
    for (size_t g = 0; g < goals; ++g) {
      HorizonLabel l;
      l.ticks = take<float>(p);
      l.reached = take<uint8_t>(p) != 0;
      r.labels.push_back(l);
    }
    records->push_back(std::move(r));
  }
  if (in.gcount() != 0)
    return *error = fmt::format("horizon data: a truncated record ({} of {} bytes) at the end", in.gcount(), bytes),
           false;
  return true;
}

}  // namespace plank::deps
