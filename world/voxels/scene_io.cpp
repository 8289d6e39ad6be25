#include "world/voxels/scene_io.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <optional>
#include <nlohmann/json.hpp>

#include "support/json_integer.h"

namespace plank::world {
namespace {

using json = nlohmann::json;

// A semantic error in a scene. nlohmann::json keeps no positions, so the span
// is the first occurrence of `needle` in the text: right for the usual case (a
// misspelt block name), and the key path always says exactly where.
struct SceneError {
  std::string key_path, message, needle;
};

// One integer coordinate, refused (never narrowed) outside the world border.
std::optional<int32_t> in_border(const json& n) {
  auto v = json_integer(n, -kMaxSceneCoordinate, kMaxSceneCoordinate);
  return v ? std::optional<int32_t>(int32_t(*v)) : std::nullopt;
}

class Reader {
 public:
  Reader(const json& root, World& world, int64_t max_cells) : root_(root), world_(world), max_cells_(max_cells) {}

  void read() {
    if (root_.value("format", std::string(kSceneFormat)) != kSceneFormat)
      throw SceneError{"format", fmt::format("not a Plank scene (format must be \"{}\")", kSceneFormat), "format"};
    if (auto it = root_.find("version"); it != root_.end() && json_integer(*it) != kSceneVersion)
      throw SceneError{"version", fmt::format("unsupported scene version (this Plank reads {})", kSceneVersion), "version"};
    if (auto it = root_.find("objects"); it != root_.end())
      for (size_t i = 0; i < it->size(); ++i) read_object((*it)[i], fmt::format("objects[{}]", i));
    if (auto it = root_.find("boxes"); it != root_.end()) read_boxes(*it, "boxes", nullptr);
    if (auto it = root_.find("blocks"); it != root_.end()) read_blocks(*it, "blocks", nullptr);
    if (auto it = root_.find("annotations"); it != root_.end())
      for (size_t i = 0; i < it->size(); ++i) read_annotation((*it)[i], fmt::format("annotations[{}]", i));
    if (auto it = root_.find("agent"); it != root_.end()) {
      const Entity& agent = world_.agent();
      world_.set_pose(agent.id, read_pose(*it, "agent"));
    }
    if (auto it = root_.find("speakers"); it != root_.end())
      for (size_t i = 0; i < it->size(); ++i) {
        const json& s = (*it)[i];
        std::string path = fmt::format("speakers[{}]", i);
        world_.add_entity(EntityKind::Speaker, s.value("name", std::string("speaker")), "player", read_pose(s, path));
      }
    if (auto it = root_.find("mobs"); it != root_.end())
      for (size_t i = 0; i < it->size(); ++i) read_mob((*it)[i], fmt::format("mobs[{}]", i));
  }

 private:
  BlockId block(const json& name, const std::string& path) {
    if (!name.is_string()) throw SceneError{path, "a block is named by a string, e.g. \"stone\" or \"iglu_red\"", ""};
    auto id = world_.registry().find(name.get<std::string>());
    if (!id) {
      std::string hint = world_.registry().is_builtin() ? " (minecraft-data is not loaded: only the built-in blocks exist)" : "";
      throw SceneError{path, fmt::format("unknown block '{}'{}", name.get<std::string>(), hint),
                       "\"" + name.get<std::string>() + "\""};
    }
    return *id;
  }
  Coord coord(const json& j, const std::string& path) {
    if (!j.is_array() || j.size() < 3 || !j[0].is_number_integer() || !j[1].is_number_integer() || !j[2].is_number_integer())
      throw SceneError{path, "expected integer coordinates [x, y, z]", ""};
    auto x = in_border(j[0]), y = in_border(j[1]), z = in_border(j[2]);
    if (!x || !y || !z)
      throw SceneError{path, fmt::format("a coordinate is outside the world border (-{0}..{0})", kMaxSceneCoordinate), ""};
    return {*x, *y, *z};
  }
  Pose read_pose(const json& j, const std::string& path) {
    auto p = j.find("pos");
    if (p == j.end() || !p->is_array() || p->size() != 3 || !(*p)[0].is_number() || !(*p)[1].is_number() ||
        !(*p)[2].is_number())
      throw SceneError{path + ".pos", "expected a position [x, y, z]", "pos"};
    for (size_t i = 0; i < 3; ++i)
      if (std::abs((*p)[i].get<double>()) > kMaxSceneCoordinate)
        throw SceneError{path + ".pos",
                         fmt::format("a position is outside the world border (-{0}..{0})", kMaxSceneCoordinate), "pos"};
    return {{(*p)[0].get<double>(), (*p)[1].get<double>(), (*p)[2].get<double>()}, j.value("yaw", 0.0),
            j.value("pitch", 0.0)};
  }
  // Every cell a scene sets counts against max_cells_.
  void spend_cells(int64_t n, const std::string& path) {
    if (n > max_cells_ - cells_set_)
      throw SceneError{path, fmt::format("the scene sets more than {} cells", max_cells_), ""};
    cells_set_ += n;
  }
  // Each reader appends the cells it sets to `cells` (for an object's annotation).
  void read_blocks(const json& list, const std::string& path, std::vector<Coord>* cells) {
    for (size_t i = 0; i < list.size(); ++i) {
      const json& b = list[i];
      std::string p = fmt::format("{}[{}]", path, i);
      if (!b.is_array() || b.size() != 4) throw SceneError{p, "a block is [x, y, z, \"name\"]", ""};
      Coord c = coord(b, p);
      spend_cells(1, p);
      world_.set_block(c, block(b[3], p + "[3]"));
      if (cells) cells->push_back(c);
    }
  }
  void read_boxes(const json& list, const std::string& path, std::vector<Coord>* cells) {
    for (size_t i = 0; i < list.size(); ++i) {
      const json& b = list[i];
      std::string p = fmt::format("{}[{}]", path, i);
      if (!b.contains("from") || !b.contains("to") || !b.contains("block"))
        throw SceneError{p, "a box is {\"from\": [x, y, z], \"to\": [x, y, z], \"block\": name}", ""};
      Coord from = coord(b["from"], p + ".from");  // in order: an error names the first bad one
      Box box = Box::of(from, coord(b["to"], p + ".to"));
      Coord size = box.size();  // each side at most 2 * kMaxSceneCoordinate + 1: no overflow
      int64_t area = int64_t(size.x) * size.z;
      if (area > max_cells_ || area * size.y > max_cells_)
        throw SceneError{p, fmt::format("box is larger than {} cells", max_cells_), ""};
      spend_cells(area * size.y, p);
      BlockId id = block(b["block"], p + ".block");
      bool hollow = b.value("hollow", false);  // walls, floor and roof only: houses in one line
      for (int32_t y = box.min.y; y <= box.max.y; ++y)
        for (int32_t z = box.min.z; z <= box.max.z; ++z)
          for (int32_t x = box.min.x; x <= box.max.x; ++x) {
            bool inside = x > box.min.x && x < box.max.x && y > box.min.y && y < box.max.y && z > box.min.z && z < box.max.z;
            if (hollow && inside) continue;
            world_.set_block({x, y, z}, id);
            if (cells) cells->push_back({x, y, z});
          }
    }
  }
  void read_object(const json& o, const std::string& path) {
    Annotation a;
    a.name = o.value("name", std::string());
    a.tags = o.value("tags", std::vector<std::string>{});
    if (auto it = o.find("boxes"); it != o.end()) read_boxes(*it, path + ".boxes", &a.cells);
    if (auto it = o.find("blocks"); it != o.end()) read_blocks(*it, path + ".blocks", &a.cells);
    if (!a.name.empty() || !a.tags.empty()) world_.annotate(std::move(a));
  }
  void read_annotation(const json& o, const std::string& path) {
    Annotation a;
    a.name = o.value("name", std::string());
    a.tags = o.value("tags", std::vector<std::string>{});
    const json& cells = o.value("cells", json::array());
    spend_cells(int64_t(cells.size()), path + ".cells");
    for (size_t i = 0; i < cells.size(); ++i) a.cells.push_back(coord(cells[i], fmt::format("{}.cells[{}]", path, i)));
    world_.annotate(std::move(a));
  }
  void read_mob(const json& m, const std::string& path) {
    std::string type = m.value("type", std::string());
    const McData* data = world_.registry().mcdata();
    if (type.empty()) throw SceneError{path + ".type", "a mob needs a type (a minecraft-data entity name, e.g. \"pig\")", ""};
    if (data && !data->entity(type)) throw SceneError{path + ".type", fmt::format("unknown entity type '{}'", type), "\"" + type + "\""};
    world_.add_entity(EntityKind::Mob, m.value("name", std::string()), type, read_pose(m, path));
  }

  const json& root_;
  World& world_;
  int64_t max_cells_;
  int64_t cells_set_ = 0;
};

GroundProfile read_ground(const json& root, const BlockRegistry& registry) {
  auto it = root.find("ground");
  if (it == root.end() || (it->is_boolean() && it->get<bool>())) return default_ground(registry);
  if (it->is_boolean() || it->is_null()) return {};
  int32_t top_y = -1;
  if (auto t = it->find("top_y"); t != it->end()) {
    auto y = in_border(*t);
    if (!y) throw SceneError{"ground.top_y", fmt::format("top_y is an integer within -{0}..{0}", kMaxSceneCoordinate), "top_y"};
    top_y = *y;
  }
  GroundProfile g = default_ground(registry, top_y);
  if (auto layers = it->find("layers"); layers != it->end()) {
    g.layers.clear();
    for (size_t i = 0; i < layers->size(); ++i) {
      auto id = (*layers)[i].is_string() ? registry.find((*layers)[i].get<std::string>()) : std::nullopt;
      if (!id) throw SceneError{fmt::format("ground.layers[{}]", i), "unknown block", (*layers)[i].dump()};
      g.layers.push_back(*id);
    }
  }
  return g;
}

std::string pos_json(const Pose& p) {
  return fmt::format("\"pos\": {}, \"yaw\": {}, \"pitch\": {}", json::array({p.pos.x, p.pos.y, p.pos.z}).dump(),
                     json(p.yaw).dump(), json(p.pitch).dump());
}

}  // namespace

std::unique_ptr<World> load_scene(const SourceRef& file, std::shared_ptr<const BlockRegistry> registry,
                                  DiagnosticSink& sink, int64_t max_cells) {
  json root;
  try {
    root = json::parse(file->text());
  } catch (const json::parse_error& e) {
    uint32_t at = e.byte > 0 ? uint32_t(e.byte - 1) : 0;
    sink.error(file, Span::at(std::min<uint32_t>(at, uint32_t(file->text().size()))),
               fmt::format("scene is not valid JSON: {}", e.what()), "scene.json");
    return nullptr;
  } catch (const json::exception& e) {
    // A number too large for a double (1e999) is out_of_range, not a parse_error: it
    // ended the process (found by fuzz_scene, issue 24). It has no position.
    sink.error(file, Span::at(0), fmt::format("scene is not valid JSON: {}", e.what()), "scene.json");
    return nullptr;
  }
  try {
    if (!root.is_object()) throw SceneError{"", "a scene is a JSON object", ""};
    std::optional<uint64_t> seed = uint64_t(0);
    if (auto it = root.find("seed"); it != root.end()) seed = json_unsigned(*it);
    if (!seed) throw SceneError{"seed", "the seed is a whole number from 0 to 18446744073709551615", "seed"};
    auto world = std::make_unique<World>(registry, *seed, read_ground(root, *registry));
    Reader(root, *world, std::min(max_cells, kMaxSceneCells)).read();
    return world;
  } catch (const SceneError& e) {
    Diagnostic d;
    d.file = file;
    size_t at = e.needle.empty() ? std::string::npos : file->text().find(e.needle);
    d.span = at == std::string::npos ? Span::at(0, 0) : Span::at(uint32_t(at), uint32_t(e.needle.size()));
    d.key_path = e.key_path;
    d.message = e.message;
    d.code = "scene";
    sink.report(std::move(d));
  } catch (const json::exception& e) {
    sink.error(file, Span::at(0, 0), fmt::format("scene has a value of the wrong type: {}", e.what()), "scene");
  }
  return nullptr;
}

std::unique_ptr<World> load_scene_file(const std::string& path, std::shared_ptr<const BlockRegistry> registry,
                                       DiagnosticSink& sink) {
  std::string error;
  SourceRef file = SourceFile::load(path, &error);
  if (!file) {
    Diagnostic d;
    d.message = error;
    d.code = "io";
    sink.report(std::move(d));
    return nullptr;
  }
  return load_scene(file, std::move(registry), sink);
}

std::string save_scene(const World& world) {
  const BlockRegistry& r = world.registry();
  std::string out = fmt::format("{{\n  \"format\": \"{}\",\n  \"version\": {},\n  \"seed\": {},\n", kSceneFormat,
                                kSceneVersion, world.seed());
  const GroundProfile& g = world.store().ground();
  if (g.layers.empty()) {
    out += "  \"ground\": false,\n";
  } else {
    json layers = json::array();
    for (BlockId id : g.layers) layers.push_back(r[id].name);
    out += fmt::format("  \"ground\": {{\"top_y\": {}, \"layers\": {}}},\n", g.top_y, layers.dump());
  }
  // Every cell that differs from the natural world, air included (that is how holes are kept).
  std::vector<std::pair<Coord, BlockId>> cells;
  world.store().for_each_changed([&](Coord c, BlockId id) { cells.emplace_back(c, id); });
  std::sort(cells.begin(), cells.end());
  out += "  \"blocks\": [";
  for (size_t i = 0; i < cells.size(); ++i) {
    auto [c, id] = cells[i];
    out += fmt::format("{}\n    [{}, {}, {}, {}]", i ? "," : "", c.x, c.y, c.z, json(r[id].name).dump());
  }
  out += cells.empty() ? "],\n" : "\n  ],\n";
  out += "  \"annotations\": [";
  const auto& annotations = world.annotations();
  for (size_t i = 0; i < annotations.size(); ++i) {
    const Annotation& a = annotations[i];
    json cs = json::array();
    for (Coord c : a.cells) cs.push_back({c.x, c.y, c.z});
    out += fmt::format("{}\n    {{\"name\": {}, \"tags\": {}, \"cells\": {}}}", i ? "," : "", json(a.name).dump(),
                       json(a.tags).dump(), cs.dump());
  }
  out += annotations.empty() ? "],\n" : "\n  ],\n";
  out += fmt::format("  \"agent\": {{{}}},\n", pos_json(world.agent().pose));
  std::string speakers, mobs;
  for (const Entity& e : world.entities()) {
    if (e.kind == EntityKind::Speaker)
      speakers += fmt::format("{}\n    {{\"name\": {}, {}}}", speakers.empty() ? "" : ",", json(e.name).dump(), pos_json(e.pose));
    if (e.kind == EntityKind::Mob)
      mobs += fmt::format("{}\n    {{\"type\": {}, \"name\": {}, {}}}", mobs.empty() ? "" : ",", json(e.type).dump(),
                          json(e.name).dump(), pos_json(e.pose));
  }
  out += fmt::format("  \"speakers\": [{}{}],\n", speakers, speakers.empty() ? "" : "\n  ");
  out += fmt::format("  \"mobs\": [{}{}]\n}}\n", mobs, mobs.empty() ? "" : "\n  ");
  return out;
}

bool save_scene_file(const World& world, const std::string& path, std::string* error) {
  std::ofstream out(path, std::ios::binary);
  if (out << save_scene(world) && out.flush()) return true;
  if (error) *error = fmt::format("cannot write {}", path);
  return false;
}

}  // namespace plank::world
