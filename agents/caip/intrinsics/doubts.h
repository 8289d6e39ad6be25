// Doubts: what an intrinsic cannot settle by itself. A name it does not know
// ("build a boat"), words it cannot read ("lots of towers"), no object or
// several objects that fit ("the house", and there are three). The intrinsics
// never ask: a resolving call stops at its first doubt and hands it to the
// conversation policy (stdlib/caip/conversation.plank, `settle`), which asks the
// speaker, or goes on with the default and says so. Going on runs the call
// again with that doubt taken; the call is deterministic and changes nothing
// before its doubts, so the second run reaches the same point and goes past it.
//
// Each kind names the facts its sentences need; docs/caip-execution.md lists them.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace plank::caip {

using Fact = std::variant<std::string, long, std::vector<std::string>>;

struct Doubt {
  std::string kind;                                // "unknown_shape", "which", ...
  bool has_default = false;                        // whether there is a default to go on with
  std::vector<std::pair<std::string, Fact>> facts; // what the policy's question and assumption say

  static Doubt ask(std::string kind) { return Doubt{std::move(kind), false, {}}; }
  static Doubt or_default(std::string kind) { return Doubt{std::move(kind), true, {}}; }
  Doubt&& with(std::string key, Fact value) && {
    facts.emplace_back(std::move(key), std::move(value));
    return std::move(*this);
  }
};

// The doubts of one resolving call: the first `taken` (the ones the policy
// already decided to go on from) take their defaults; the next one is raised.
class DoubtState {
 public:
  void begin_call(int taken) {
    taken_ = taken;
    seen_ = 0;
    raised_.reset();
  }
  // True: go on with the default. False: the doubt is raised; the caller returns.
  bool unsure(Doubt d) {
    if (d.has_default && seen_++ < taken_) return true;
    if (!raised_) raised_ = std::move(d);
    return false;
  }
  std::optional<Doubt> take_raised() { return std::exchange(raised_, std::nullopt); }

 private:
  int taken_ = 0;
  int seen_ = 0;
  std::optional<Doubt> raised_;
};

}  // namespace plank::caip
