// Any bytes as an IGLU builder's reply (agents/iglu/protocol/reply.h: the
// paper's JSON, perhaps inside a ``` fence): read_reply either disregards the
// reply and says why (an Error in the sink), or gives a reply that keeps the
// protocol's promises: every block inside the build zone with a known colour,
// a confidence from 0 to 1, a key path and a span inside the text for every
// block, warnings at most. Written back (reply_json)
// and read again, it is the same reply, with no diagnostic at all. Never a
// crash, a hang or a leak.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "agents/iglu/protocol/reply.h"

namespace {

using plank::iglu::BuilderReply;
using plank::iglu::ReplyBlock;

void check_block(const ReplyBlock& b, size_t size) {
  const plank::iglu::Block& c = b.block;
  if (!plank::iglu::inside_zone(c.x, c.y, c.z)) std::abort();
  if (plank::iglu::colour_name(c.colour).empty()) std::abort();
  if (b.key_path.empty()) std::abort();
  if (b.span.begin > b.span.end || b.span.end > size) std::abort();
}

bool same_blocks(const std::vector<ReplyBlock>& a, const std::vector<ReplyBlock>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].block != b[i].block) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace plank;
  auto file = SourceFile::from_string("reply.json", std::string(reinterpret_cast<const char*>(data), size));
  DiagnosticSink sink;
  auto reply = iglu::read_reply(file, sink);
  // Every diagnostic lies inside the text (or just past its end: "unexpected end of input").
  for (const auto& d : sink.all())
    if (d.span.begin > size || d.span.end > size + 1 || d.span.end < d.span.begin || d.message.empty()) std::abort();
  if (!reply) {
    if (!sink.has_errors()) std::abort();  // a disregarded reply says why
    return 0;
  }
  if (sink.has_errors()) std::abort();  // a usable reply has warnings at most
  for (const auto& b : reply->add) check_block(b, size);
  for (const auto& b : reply->remove) check_block(b, size);
  if (reply->confidence && !(*reply->confidence >= 0 && *reply->confidence <= 1)) std::abort();

  // Written back and read again: the same reply, and nothing to warn about.
  std::string json = iglu::reply_json(*reply);
  auto again_file = SourceFile::from_string("again.json", json);
  DiagnosticSink again_sink;
  auto again = iglu::read_reply(again_file, again_sink);
  if (!again || !again_sink.all().empty()) std::abort();
  if (!same_blocks(reply->add, again->add) || !same_blocks(reply->remove, again->remove)) std::abort();
  if (reply->confidence != again->confidence || reply->question != again->question) std::abort();
  if (iglu::reply_json(*again) != json) std::abort();
  return 0;
}
