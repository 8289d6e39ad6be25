#include "neural/horizon/model.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <random>

#include "support/json_integer.h"

namespace plank::neural {

int HorizonWeights::goal_id(const std::string& verb, const std::string& item, int count) const {
  int first = -1;
  for (const auto& g : goals) {
    if (g.verb != verb || g.item != item) continue;
    if (count > 0 && g.count == count) return g.id;
    if (first < 0) first = g.id;
  }
  return first;
}

std::vector<std::pair<std::string, std::vector<int>>> horizon_tensor_shapes(const HorizonConfig& c) {
  return {{"goal_embedding", {c.goals, c.embed}},
          {"l1.weight", {c.hidden1, c.input() + c.embed}},
          {"l1.bias", {c.hidden1}},
          {"l2.weight", {c.hidden2, c.hidden1}},
          {"l2.bias", {c.hidden2}},
          {"out.weight", {1, c.hidden2}},
          {"out.bias", {1}}};
}

int HorizonConfig::ring(int row, int col) const {
  const int half = grid / 2;
  const int d = std::max(std::abs(row - half), std::abs(col - half));
  return std::min(rings - 1, d * rings / (half + 1));
}

void encode_horizon_input(const HorizonConfig& c, const uint8_t* crop, int crop_channels, int goal_channel, int held,
                          float* out, const uint8_t* extras) {
  const int per_ring = c.terrain_channels + 1;
  std::vector<double> sum(static_cast<size_t>(c.rings * per_ring), 0.0);
  std::vector<int> cells(static_cast<size_t>(c.rings), 0);
  for (int row = 0; row < c.grid; ++row)
    for (int col = 0; col < c.grid; ++col) {
      const uint8_t* in = crop + static_cast<size_t>(row * c.grid + col) * crop_channels;
      const int r = c.ring(row, col);
      double* s = sum.data() + static_cast<size_t>(r * per_ring);
      for (int ch = 0; ch < c.terrain_channels; ++ch) s[ch] += in[ch];
      s[c.terrain_channels] += in[goal_channel];
      ++cells[static_cast<size_t>(r)];
    }
  for (int r = 0; r < c.rings; ++r) {
    const double n = std::max(1, cells[static_cast<size_t>(r)]);
    const double* s = sum.data() + static_cast<size_t>(r * per_ring);
    float* o = out + static_cast<size_t>(r * per_ring);
    // Terrain: the ring's mean share (0..1); the goal: its sightings (a goal channel's byte is 64 a
    // block or mob, saturating at four), compressed, since the tenth log seen matters less than the first.
    for (int ch = 0; ch < c.terrain_channels; ++ch) o[ch] = static_cast<float>(s[ch] / (255.0 * n));
    o[c.terrain_channels] = static_cast<float>(std::log1p(s[c.terrain_channels] / 64.0));
  }
  // Eight of an item is a count the tasks ask for; more changes little.
  out[c.rings * per_ring] = static_cast<float>(std::min(held, 32)) / 8.0f;
  for (int e = 0; e < c.goal_extras; ++e)
    out[c.rings * per_ring + 1 + e] = extras ? static_cast<float>(extras[e]) / 255.0f : 0.0f;
}

HorizonWeights random_horizon_weights(const HorizonConfig& c, const std::vector<HorizonGoalInfo>& goals, uint32_t seed) {
  HorizonWeights w;
  w.config = c;
  w.goals = goals;
  std::mt19937 rng(seed);
  for (const auto& [name, shape] : horizon_tensor_shapes(c)) {
    ModelTensor t;
    t.shape = shape;
    size_t n = 1;
    for (int d : shape) n *= static_cast<size_t>(d);
    // Scaled by fan-in so activations stay of order one through the layers.
    float scale = shape.size() == 2 ? 1.0f / std::sqrt(static_cast<float>(shape[1])) : 0.1f;
    std::uniform_real_distribution<float> u(-scale, scale);
    t.data.resize(n);
    for (float& v : t.data) v = u(rng);
    w.tensors[name] = std::move(t);
  }
  return w;
}

bool save_horizon_weights(const HorizonWeights& w, const std::string& path, std::string* error) {
  nlohmann::json meta;
  try {
    meta = nlohmann::json::parse(w.card_json);
  } catch (const std::exception&) {
    meta = nlohmann::json::object();
  }
  if (!meta.is_object()) meta = nlohmann::json::object();
  const HorizonConfig& c = w.config;
  meta["model"] = "deps-horizon";
  meta["config"] = {{"grid", c.grid},   {"terrain_channels", c.terrain_channels}, {"rings", c.rings},
                    {"goals", c.goals}, {"embed", c.embed},                       {"hidden1", c.hidden1},
                    {"hidden2", c.hidden2}, {"goal_extras", c.goal_extras}};
  nlohmann::json goals = nlohmann::json::array();
  for (const auto& g : w.goals)
    goals.push_back({{"id", g.id}, {"family", g.family}, {"verb", g.verb}, {"item", g.item}, {"count", g.count}});
  meta["goals"] = goals;
  ModelFile f;
  f.magic = std::string(kHorizonMagic, 8);
  f.metadata_json = meta.dump();
  f.tensors = w.tensors;
  return save_model_file(f, path, error);
}

bool load_horizon_weights(const std::string& path, HorizonWeights* w, std::string* error) {
  ModelFile f;
  if (!load_model_file(path, std::string(kHorizonMagic, 8), &f, error)) return false;
  auto fail = [&](const std::string& why) {
    *error = path + ": " + why;
    return false;
  };
  HorizonWeights out;
  try {
    auto meta = nlohmann::json::parse(f.metadata_json);
    const auto& c = meta.at("config");
    HorizonConfig& k = out.config;
    k.grid = json_int(c.at("grid"), "grid");
    k.terrain_channels = json_int(c.at("terrain_channels"), "terrain_channels");
    k.rings = json_int(c.at("rings"), "rings");
    k.goals = json_int(c.at("goals"), "goals");
    k.embed = json_int(c.at("embed"), "embed");
    k.hidden1 = json_int(c.at("hidden1"), "hidden1");
    k.hidden2 = json_int(c.at("hidden2"), "hidden2");
    k.goal_extras = c.contains("goal_extras") ? json_int(c["goal_extras"], "goal_extras") : 0;  // cards from before the extras have none
    if (k.goal_extras < 0 || k.goal_extras > 64) return fail("the card's goal_extras is out of range");
    for (int v : {k.grid, k.terrain_channels, k.rings, k.goals, k.embed, k.hidden1, k.hidden2})
      if (v <= 0 || v > 4096) return fail("the card's configuration is out of range");
    for (const auto& g : meta.at("goals"))
      out.goals.push_back({json_int(g.at("id"), "id"), g.at("family").get<std::string>(), g.at("verb").get<std::string>(),
                           g.at("item").get<std::string>(), json_int(g.at("count"), "count")});
    if (static_cast<int>(out.goals.size()) != k.goals) return fail("the card's goal table does not match its configuration");
    for (size_t i = 0; i < out.goals.size(); ++i)
      if (out.goals[i].id != static_cast<int>(i)) return fail("the card's goals are not in id order");
    out.card_json = f.metadata_json;
  } catch (const std::exception& e) {
    return fail(std::string("the model card is not a horizon model's (") + e.what() + ")");
  }
  for (const auto& [name, shape] : horizon_tensor_shapes(out.config)) {
    auto it = f.tensors.find(name);
    if (it == f.tensors.end()) return fail("tensor '" + name + "' is missing");
    if (it->second.shape != shape) return fail("tensor '" + name + "' does not have the card's shape");
    out.tensors[name] = std::move(it->second);
  }
  *w = std::move(out);
  return true;
}

}  // namespace plank::neural
