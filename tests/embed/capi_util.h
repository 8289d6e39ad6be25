// What the C API tests share: a state that closes itself, and JSON for reading results.
// The tests use libplank only through plank/plank.h, as a host does.
#pragma once
#include <plank/plank.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>

namespace plank_test {

struct Close {
  void operator()(plank_state* P) const { plank_close(P); }
};
using State = std::unique_ptr<plank_state, Close>;

inline State open_state(const char* engine = nullptr) {
  State P(plank_open());
  if (engine) plank_set_engine(P.get(), engine);
  return P;
}

inline nlohmann::json json_of(const char* text) { return text ? nlohmann::json::parse(text) : nlohmann::json(); }

// The engines every behaviour is checked on.
inline const char* const kEngines[] = {"interp", "jit"};

}  // namespace plank_test
