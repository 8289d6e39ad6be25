#include "agents/iglu/protocol/reply.h"

#include <fmt/format.h>

#include <cmath>

#include "compiler/lf/json_reader.h"
#include "support/quote.h"

namespace plank::iglu {
namespace {

constexpr const char* kReplyKeys[] = {"add", "remove", "confidence", "question"};

double number(const lf::Value& v) { return v.is_int() ? double(v.integer) : v.number; }

// The part of the text inside a ``` fence, when the whole reply is one.
Span json_range(const std::string& text) {
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  size_t b = 0, e = text.size();
  while (b < e && blank(text[b])) ++b;
  while (e > b && blank(text[e - 1])) --e;
  if (e - b >= 6 && text.compare(b, 3, "```") == 0 && text.compare(e - 3, 3, "```") == 0) {
    size_t nl = text.find('\n', b);
    if (nl != std::string::npos && nl < e - 3) return {uint32_t(nl + 1), uint32_t(e - 3)};
  }
  return {uint32_t(b), uint32_t(e)};
}

class ReplyReader {
 public:
  ReplyReader(const SourceRef& file, DiagnosticSink& sink) : file_(file), sink_(sink) {}

  std::optional<BuilderReply> read() {
    DiagnosticSink syntax;
    auto v = lf::read_json(file_, json_range(file_->text()), syntax);
    if (!v) {
      for (Diagnostic d : syntax.all()) {
        d.message = "the reply is not JSON: " + d.message;
        sink_.report(std::move(d));
      }
      return std::nullopt;
    }
    if (!v->is_dict()) {
      error(v->span, "", fmt::format("a reply is a JSON object {{\"add\": [...], \"remove\": [...], \"confidence\": "
                                     "0.0, \"question\": \"...\"}}, not {}",
                                     lf::value_kind_name(v->kind)),
            "iglu.reply-shape");
      return std::nullopt;
    }
    BuilderReply reply;
    bool usable = true;
    for (const lf::Member& m : v->members) {
      if (m.key == "add" || m.key == "remove") {
        usable &= read_blocks(m, m.key == "add" ? reply.add : reply.remove);
      } else if (m.key == "confidence") {
        if (m.value.is_number() && number(m.value) >= 0 && number(m.value) <= 1)
          reply.confidence = number(m.value) + 0.0;  // -0 becomes 0, so the reply writes back as it reads
        else if (!m.value.is_null())
          warn(m.value.span, "confidence", "confidence is a number from 0 to 1; ignored", "iglu.confidence");
      } else if (m.key == "question") {
        if (m.value.is_string())
          reply.question = m.value.string;
        else if (!m.value.is_null())
          warn(m.value.span, "question", "a question is a string; ignored", "iglu.question");
      } else {
        Diagnostic d{Severity::Warning, file_, m.key_span,
                     fmt::format("unknown key {}; ignored", quote_for_dump(m.key)), m.key, {}, "iglu.unknown-key"};
        for (const char* k : kReplyKeys) d.expected.push_back(k);
        sink_.report(std::move(d));
      }
    }
    if (!usable) return std::nullopt;
    return reply;
  }

 private:
  bool read_blocks(const lf::Member& m, std::vector<ReplyBlock>& out) {
    if (m.value.is_null()) return true;
    if (!m.value.is_list()) {
      error(m.value.span, m.key,
            fmt::format("\"{}\" is a list of [x, y, z, colour], not {}", m.key, lf::value_kind_name(m.value.kind)),
            "iglu.reply-shape");
      return false;
    }
    for (size_t i = 0; i < m.value.items.size(); ++i) {
      std::string path = fmt::format("{}[{}]", m.key, i);
      if (auto b = read_block(m.value.items[i], path)) out.push_back({*b, path, m.value.items[i].span});
    }
    return true;
  }

  std::optional<Block> read_block(const lf::Value& v, const std::string& path) {
    if (!v.is_list() || v.items.size() != 4) {
      warn(v.span, path, "a block is [x, y, z, colour], e.g. [0, 0, -2, \"red\"]; skipped", "iglu.block-shape");
      return std::nullopt;
    }
    int xyz[3];
    static constexpr const char* kAxis[] = {"x", "y", "z"};
    for (int a = 0; a < 3; ++a) {
      const lf::Value& c = v.items[a];
      double n = number(c);
      if (!c.is_number() || n != std::floor(n) || std::fabs(n) > 1e6) {
        warn(c.span, fmt::format("{}[{}]", path, a), fmt::format("{} is a whole number; block skipped", kAxis[a]),
             "iglu.block-shape");
        return std::nullopt;
      }
      xyz[a] = int(n);
    }
    const lf::Value& colour = v.items[3];
    std::optional<int> id = colour.is_string() ? colour_from_name(colour.string) : std::nullopt;
    if (!id) {
      Diagnostic d{Severity::Warning, file_, colour.span,
                   colour.is_string() ? fmt::format("unknown colour {}; block skipped", quote_for_dump(colour.string))
                                      : fmt::format("a colour is a name, not {}; block skipped",
                                                    lf::value_kind_name(colour.kind)),
                   path + "[3]", {}, "iglu.unknown-colour"};
      for (int c = 1; c <= kColours; ++c) d.expected.emplace_back(colour_name(c));
      sink_.report(std::move(d));
      return std::nullopt;
    }
    Block b = from_paper({xyz[0], xyz[1], xyz[2], *id});
    if (!inside_zone(b.x, b.y, b.z)) {
      warn(v.span, path,
           fmt::format("({}, {}, {}) is outside the zone (x and z from -5 to 5, y from 0 to {}); block skipped",
                       xyz[0], xyz[1], xyz[2], kZoneY - 1),
           "iglu.outside-zone");
      return std::nullopt;
    }
    return b;
  }

  void error(Span span, std::string path, std::string message, std::string code) {
    sink_.report({Severity::Error, file_, span, std::move(message), std::move(path), {}, std::move(code)});
  }
  void warn(Span span, std::string path, std::string message, std::string code) {
    sink_.report({Severity::Warning, file_, span, std::move(message), std::move(path), {}, std::move(code)});
  }

  const SourceRef& file_;
  DiagnosticSink& sink_;
};

}  // namespace

std::optional<BuilderReply> read_reply(const SourceRef& reply, DiagnosticSink& sink) {
  return ReplyReader(reply, sink).read();
}

std::string reply_json(const BuilderReply& reply) {
  auto blocks = [](const std::vector<ReplyBlock>& bs) {
    std::string out = "[";
    for (size_t i = 0; i < bs.size(); ++i) {
      Block p = to_paper(bs[i].block);
      out += fmt::format("{}[{}, {}, {}, \"{}\"]", i ? ", " : "", p.x, p.y, p.z, colour_name(p.colour));
    }
    return out + "]";
  };
  std::string out = fmt::format("{{\"add\": {}, \"remove\": {}", blocks(reply.add), blocks(reply.remove));
  if (reply.confidence) out += fmt::format(", \"confidence\": {}", *reply.confidence);
  out += ", \"question\": ";
  if (reply.question.empty())
    out += "null";
  else
    append_json_string(out, reply.question);
  return out + "}";
}

BuilderReply make_reply(const std::vector<Block>& add, const std::vector<Block>& remove,
                        std::optional<double> confidence, std::string question) {
  BuilderReply r;
  for (size_t i = 0; i < add.size(); ++i) r.add.push_back({add[i], fmt::format("add[{}]", i), {}});
  for (size_t i = 0; i < remove.size(); ++i) r.remove.push_back({remove[i], fmt::format("remove[{}]", i), {}});
  r.confidence = confidence;
  r.question = std::move(question);
  return r;
}

}  // namespace plank::iglu
