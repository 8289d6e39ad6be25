// The README's word-level baseline (shared/data/iglu/README.md, "Baselines"):
// one block of the first colour word in the instruction, placed on the ground
// nearest the zone centre; when a removal verb comes before any placing verb,
// the highest block of that colour is removed instead. It reads no more of
// the instruction than that, and is the figure a real builder has to beat.
#pragma once
#include "agents/iglu/roles/builder.h"
#include "agents/iglu/protocol/reply.h"

namespace plank::iglu {

class ColourWordBuilder : public Builder {
 public:
  std::optional<std::string> reply(const BuildRequest& request, std::string* error) override;
  // The same reply before it is written out.
  static BuilderReply decide(const BuildRequest& request);
};

}  // namespace plank::iglu
