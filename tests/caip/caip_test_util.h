// Golden-scenario helpers: forms written with span markers, scenes from
// strings, and small queries on the resulting world.
#pragma once
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "agents/caip/loop/exec.h"
#include "agents/host/register_intrinsics.h"
#include "compiler/lf/json_reader.h"
#include "world/voxels/world.h"

namespace plank::caip::test {

// A form written with "@words" where a span goes: "@the tree" becomes
// [0, [i, j]], the first place those words occur in the utterance.
inline std::string with_spans(const std::string& utterance, const std::string& form) {
  std::vector<std::string> tokens;
  std::istringstream in(utterance);
  for (std::string t; in >> t;) tokens.push_back(t);
  std::regex marker("\"@([^\"]+)\"");
  std::string out;
  auto begin = std::sregex_iterator(form.begin(), form.end(), marker);
  size_t last = 0;
  for (auto it = begin; it != std::sregex_iterator(); ++it) {
    std::vector<std::string> words;
    std::istringstream w((*it)[1].str());
    for (std::string x; w >> x;) words.push_back(x);
    long found = -1;
    for (size_t i = 0; i + words.size() <= tokens.size() && found < 0; ++i) {
      bool match = true;
      for (size_t k = 0; k < words.size(); ++k) match = match && tokens[i + k] == words[k];
      if (match) found = long(i);
    }
    EXPECT_GE(found, 0) << "span '" << (*it)[1].str() << "' is not in \"" << utterance << "\"";
    out += form.substr(last, size_t(it->position()) - last);
    out += "[0, [" + std::to_string(found) + ", " + std::to_string(found + long(words.size()) - 1) + "]]";
    last = size_t(it->position() + it->length());
  }
  return out + form.substr(last);
}

inline lf::Value parse(const std::string& json) {
  DiagnosticSink sink;
  auto file = SourceFile::from_string("<test>", json);
  auto v = lf::read_json(file, sink);
  EXPECT_TRUE(v.has_value()) << json;
  return v ? *v : lf::Value::dict();
}

// A small flat world: a one-block "rock" at the origin; the speaker sam at
// (0, 0, -6) faces +z (so her right hand points -x) and looks at the ground
// cell (0, -1, -3); the agent stands at (4, 0, -8).
inline const char* kFlatScene = R"({
  "format": "plank-scene", "version": 1,
  "objects": [{"name": "rock", "tags": ["rock", "marker"], "blocks": [[0, 0, 0, "gold_block"]]}],
  "agent": {"pos": [4.5, 0, -7.5]},
  "speakers": [{"name": "sam", "pos": [0.5, 0, -5.5], "yaw": 0, "pitch": 30}]
})";

inline std::string scene_file(const std::string& name, const std::string& json) {
  auto path = std::filesystem::path(::testing::TempDir()) / ("caip_" + name + ".json");
  std::ofstream(path) << json;
  return path.string();
}

inline bool have_mcdata() {
  std::string warning;
  return !world::BlockRegistry::load_default(&warning)->is_builtin();
}

struct Step {
  std::string utterance;
  std::string form;  // with "@span" markers
};

// Runs the steps in one session; returns each step's result.
inline std::vector<ExecResult> run_steps(Executor& ex, const std::vector<Step>& steps) {
  std::vector<ExecResult> out;
  for (const auto& s : steps) {
    ExecResult r = ex.run(parse(with_spans(s.utterance, s.form)), s.utterance);
    EXPECT_FALSE(r.internal_error) << s.utterance << ": " << r.error << "\n" << r.program;
    EXPECT_FALSE(r.invalid) << s.utterance << ": " << r.error;
    out.push_back(std::move(r));
  }
  return out;
}

inline std::unique_ptr<Executor> open_scene(const std::string& scene, bool assume = false) {
  plank::host::register_host_intrinsics();
  ExecOptions o;
  o.scene = scene;
  o.assume = assume;
  DiagnosticSink sink;
  auto ex = Executor::open(o, sink);
  EXPECT_TRUE(ex) << render_text(sink.all(), {});
  return ex;
}

// ---- queries
inline std::string block_at(world::World& w, world::Coord c) { return w.type_at(c).name; }

inline int count_blocks(world::World& w, const std::string& name, world::Box box) {
  int n = 0;
  for (int y = box.min.y; y <= box.max.y; ++y)
    for (int z = box.min.z; z <= box.max.z; ++z)
      for (int x = box.min.x; x <= box.max.x; ++x)
        if (w.type_at({x, y, z}).name == name) ++n;
  return n;
}

// Bounds of every cell holding `name` inside `box`.
inline world::Box bounds_of(world::World& w, const std::string& name, world::Box box) {
  world::Box b;
  for (int y = box.min.y; y <= box.max.y; ++y)
    for (int z = box.min.z; z <= box.max.z; ++z)
      for (int x = box.min.x; x <= box.max.x; ++x)
        if (w.type_at({x, y, z}).name == name) b.add({x, y, z});
  return b;
}

inline int count_mobs(world::World& w, const std::string& type) {
  int n = 0;
  for (const auto& e : w.entities()) n += e.kind == world::EntityKind::Mob && e.type == type;
  return n;
}

inline int count_annotations(world::World& w, const std::string& name) {
  int n = 0;
  for (const auto& a : w.annotations()) n += a.name == name;
  return n;
}

// Everything above the natural stone (which starts at y = -5).
inline const world::Box kArea = world::Box::of({-40, -4, -40}, {40, 20, 40});

}  // namespace plank::caip::test
