#include "neural/parser/ensemble.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "neural/parser/calibration.h"

namespace plank::neural {

namespace {
constexpr const char* kFormat = "plank-parser-ensemble";
constexpr int kVersion = 1;

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool read_description(const std::string& path, ModelSpec& out, std::string* error) {
  auto fail = [&](const std::string& why) {
    if (error) *error = path + ": " + why;
    return false;
  };
  std::ifstream f(path);
  if (!f) return fail("cannot open the ensemble description");
  auto j = nlohmann::json::parse(f, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return fail("not a JSON object (an ensemble description is {\"members\": [...]})");
  if (j.contains("format") && j["format"] != kFormat) return fail(std::string("format is not \"") + kFormat + "\"");
  if (j.contains("version") && (!j["version"].is_number_integer() || j["version"].get<int>() > kVersion))
    return fail("ensemble description version is newer than this plank understands; rebuild plank");
  if (!j.contains("members") || !j["members"].is_array() || j["members"].empty())
    return fail("\"members\" must be a non-empty list of weights files");
  std::filesystem::path dir = std::filesystem::path(path).parent_path();
  for (const auto& m : j["members"]) {
    if (!m.is_string() || m.get<std::string>().empty()) return fail("every member must be a weights file path");
    std::filesystem::path p(m.get<std::string>());
    out.members.push_back(p.is_absolute() || dir.empty() ? p.string() : (dir / p).string());
  }
  if (j.contains("combine")) {
    if (!j["combine"].is_string() || !parse_combine(j["combine"].get<std::string>(), &out.combine))
      return fail("\"combine\" must be \"mean_prob\" or \"mean_log_prob\"");
  }
  out.ensemble = true;
  out.calibration = calibration_path(path);
  return true;
}
}  // namespace

const char* combine_name(Combine c) { return c == Combine::MeanProb ? "mean_prob" : "mean_log_prob"; }

bool parse_combine(const std::string& name, Combine* out) {
  if (name == "mean_prob") *out = Combine::MeanProb;
  else if (name == "mean_log_prob") *out = Combine::MeanLogProb;
  else return false;
  return true;
}

bool resolve_model(const std::string& given, ModelSpec& out, std::string* error) {
  out = ModelSpec{};
  out.given = given;
  if (ends_with(given, ".json")) return read_description(given, out, error);
  // A name with a comma is a list unless a file of that very name exists.
  if (given.find(',') != std::string::npos && !std::filesystem::exists(given)) {
    size_t from = 0;
    while (true) {
      size_t comma = given.find(',', from);
      std::string member = given.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
      if (member.empty()) {
        if (error) *error = given + ": an empty member in the comma-separated list of weights files";
        return false;
      }
      out.members.push_back(member);
      if (comma == std::string::npos) break;
      from = comma + 1;
    }
    out.ensemble = true;
    return true;  // no calibration side file: a list has no file of its own to sit next to
  }
  out.members = {given};
  out.calibration = calibration_path(given);
  return true;
}

std::string model_fnv1a64(const ModelSpec& spec) {
  if (!spec.ensemble) return file_fnv1a64(spec.members.at(0));
  std::string key = fmt::format("ensemble {}", combine_name(spec.combine));
  for (const auto& m : spec.members) {
    std::string h = file_fnv1a64(m);
    if (h.empty()) return {};
    key += " " + h;
  }
  return bytes_fnv1a64(key);
}

}  // namespace plank::neural
