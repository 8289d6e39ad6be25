#include "agents/iglu/roles/program_builder.h"

#include "agents/host/host_context.h"
#include "agents/iglu/protocol/reply.h"
#include "compiler/engine/run.h"
#include "support/quote.h"

namespace plank::iglu {

std::optional<std::string> ProgramBuilder::reply(const BuildRequest& request, std::string* error) {
  BuildZone zone(world::BlockRegistry::builtin(), request.world, options_.rules);
  core::HostContext host;
  host.world = &zone.world();
  host.iglu = &zone;
  engine::RunOptions o;
  o.path = options_.path;
  std::string text = options_.source;
  if (!text.empty() && text.back() != '\n') text += '\n';
  // The instruction as a string literal: JSON's escapes are Plank's too.
  text += "build(";
  append_json_string(text, request.instruction);
  text += ")\n";
  o.source = std::move(text);
  o.workload = engine::Workload::OneShot;
  o.max_steps = options_.max_steps;
  o.capabilities = core::kCapWorld;
  o.host = &host;
  std::string out, err;
  o.out = &out;
  o.err = &err;
  engine::RunResult r = engine::run_program(o);
  if (r.exit_code != 0) {
    *error = "the builder program failed: " + err;
    while (!error->empty() && error->back() == '\n') error->pop_back();
    return std::nullopt;
  }
  // Its changes, as a reply: cells that lost or changed their block are
  // removals, cells with a new block are additions.
  ZoneGrid before = ZoneGrid::of(request.world), after = ZoneGrid::of(zone.blocks());
  std::vector<Block> add, remove;
  for (int x = 0; x < kZoneX; ++x)
    for (int y = 0; y < kZoneY; ++y)
      for (int z = 0; z < kZoneZ; ++z) {
        int b = before.at(x, y, z), a = after.at(x, y, z);
        if (b == a) continue;
        if (b) remove.push_back({x, y, z, b});
        if (a) add.push_back({x, y, z, a});
      }
  return reply_json(make_reply(add, remove));
}

}  // namespace plank::iglu
