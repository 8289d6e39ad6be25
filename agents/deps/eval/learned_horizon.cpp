#include "agents/deps/eval/learned_horizon.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "agents/deps/eval/horizon_features.h"
#include "support/data_paths.h"

namespace plank::deps {

std::string LearnedHorizon::default_path() {
  if (const char* env = std::getenv("PLANK_HORIZON_MODEL"); env && *env) return env;
  const std::string parser = data_path(DataItem::ParserModel);
  const auto slash = parser.rfind('/');
  return (slash == std::string::npos ? std::string() : parser.substr(0, slash + 1)) + "horizon.bin";
}

std::shared_ptr<LearnedHorizon> LearnedHorizon::load(const Rules& rules, const std::string& given,
                                                     const std::string& engine, std::string* error) {
  const std::string path = given.empty() ? default_path() : given;
  auto w = std::make_shared<neural::HorizonWeights>();
  if (!neural::load_horizon_weights(path, w.get(), error)) return nullptr;
  // The model reads the crop as horizon_features lays it out: the same grid, the same goals in the
  // same order (their channels follow the terrain's).
  const std::vector<HorizonGoal> goals = horizon_goals(rules);
  const auto channels = horizon_channels(rules);
  const neural::HorizonConfig& c = w->config;
  bool same = c.grid == kHorizonGrid && c.goals == int(goals.size()) &&
              c.terrain_channels + c.goals == int(channels.size()) &&
              (c.goal_extras == 0 || c.goal_extras == kHorizonGoalExtras);
  for (size_t i = 0; same && i < goals.size(); ++i)
    same = w->goals[i].item == goals[i].goal.item && w->goals[i].verb == verb_name(goals[i].goal.verb);
  if (!same) {
    *error = fmt::format("{}: the model was trained on another goal table or crop than this world's (retrain it: "
                         "plank gen-horizon-data, then plank train selector)",
                         path);
    return nullptr;
  }
  auto e = neural::make_engine(w, engine, error);
  if (!e) return nullptr;
  auto out = std::shared_ptr<LearnedHorizon>(new LearnedHorizon());
  out->weights_ = std::move(w);
  out->engine_ = std::move(e);
  return out;
}

int LearnedHorizon::goal_id(const Goal& goal) const {
  return weights_->goal_id(verb_name(goal.verb), goal.item, goal.count);
}

std::vector<std::optional<double>> LearnedHorizon::predict(const Rules& rules, const world::World& world,
                                                           const survival::KnownMap& known,
                                                           survival::Controller& controller,
                                                           const std::vector<Goal>& goals) {
  std::vector<std::optional<double>> result(goals.size());
  std::vector<int> ids;
  std::vector<size_t> which;
  for (size_t i = 0; i < goals.size(); ++i)
    if (int id = goal_id(goals[i]); id >= 0) ids.push_back(id), which.push_back(i);
  if (ids.empty()) return result;
  const HorizonFeatures f = horizon_features(rules, world, known, controller);
  const neural::HorizonConfig& c = weights_->config;
  const int channels = c.terrain_channels + c.goals, width = c.input();
  rows_.resize(ids.size() * size_t(width));
  out_.resize(ids.size());
  for (size_t k = 0; k < ids.size(); ++k)
    neural::encode_horizon_input(c, f.crop.data(), channels, c.terrain_channels + ids[k], f.inventory[size_t(ids[k])],
                                 rows_.data() + k * size_t(width), &f.extras[size_t(ids[k]) * kHorizonGoalExtras]);
  engine_->predict(int(ids.size()), rows_.data(), ids.data(), out_.data());
  // The network predicts log(1 + ticks); below 0 (an untrained or far-off model) is no time at all.
  for (size_t k = 0; k < ids.size(); ++k) result[which[k]] = std::max(0.0, std::expm1(double(out_[k])));
  return result;
}

}  // namespace plank::deps
