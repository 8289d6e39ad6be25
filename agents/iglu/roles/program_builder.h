// A builder written in Plank: a file that defines `build(instruction)` and
// acts on the zone with the place/remove/zone intrinsics
// (intrinsics/intrinsics.h). It runs on a copy of the zone under the same
// rules, and what it changed becomes its reply (removals and additions in
// the paper's JSON), so its turn goes through the same reader and checks as
// any other builder's. A program that does not compile or raises gives no
// reply, and the error says why. (It cannot ask a question yet.)
#pragma once
#include "agents/iglu/roles/builder.h"
#include "agents/iglu/intrinsics/build_zone.h"

namespace plank::iglu {

struct ProgramBuilderOptions {
  std::string path;            // the .plank file
  std::string source;          // its text
  ZoneRules rules;
  int64_t max_steps = 10'000'000;  // a builder that loops forever is stopped
};

class ProgramBuilder : public Builder {
 public:
  explicit ProgramBuilder(ProgramBuilderOptions options) : options_(std::move(options)) {}
  std::optional<std::string> reply(const BuildRequest& request, std::string* error) override;

 private:
  ProgramBuilderOptions options_;
};

}  // namespace plank::iglu
