#include "agents/iglu/eval/dataset.h"

#include <fmt/format.h>

#include "compiler/lf/json_reader.h"

namespace plank::iglu {
namespace {

void error(DiagnosticSink& sink, const SourceRef& file, Span span, std::string path, std::string message) {
  sink.report({Severity::Error, file, span, std::move(message), std::move(path), {}, "iglu.data"});
}

// One line's object -> an Example, or nullopt after reporting what is wrong.
std::optional<Example> read_example(const SourceRef& file, const lf::Value& v, DiagnosticSink& sink) {
  if (!v.is_dict()) {
    error(sink, file, v.span, "", "an example is a JSON object with \"instruction\", \"initial\" and \"target\"");
    return std::nullopt;
  }
  Example e;
  auto string_field = [&](std::string_view key, std::string* out, bool required) {
    const lf::Value* f = v.find(key);
    if (!f || f->is_null()) {
      if (required) error(sink, file, v.span, std::string(key), fmt::format("missing \"{}\" (a string)", key));
      return !required;
    }
    if (!f->is_string()) {
      error(sink, file, f->span, std::string(key), fmt::format("\"{}\" is a string", key));
      return false;
    }
    *out = f->string;
    return true;
  };
  bool ok = string_field("id", &e.id, false) && string_field("world", &e.world, false) &&
            string_field("instruction", &e.instruction, true) && string_field("question", &e.question, false) &&
            string_field("qrel", &e.qrel, false);
  if (!ok) return std::nullopt;
  if (const lf::Value* c = v.find("clear"); c && !c->is_null()) {
    if (!c->is_bool()) {
      error(sink, file, c->span, "clear", "\"clear\" is true or false");
      return std::nullopt;
    }
    e.clear = c->boolean;
  }
  if (const lf::Value* q = v.find("qbank"); q && q->is_list())
    for (const lf::Value& id : q->items)
      if (id.is_string()) e.qbank.push_back(id.string);
  for (auto [key, out] : {std::pair{"initial", &e.initial}, std::pair{"target", &e.target}}) {
    const lf::Value* f = v.find(key);
    if (!f) {
      error(sink, file, v.span, key, fmt::format("missing \"{}\" (a list of [x, y, z, colour])", key));
      return std::nullopt;
    }
    auto blocks = read_zone_blocks(file, *f, key, sink);
    if (!blocks) return std::nullopt;
    *out = std::move(*blocks);
  }
  return e;
}

}  // namespace

std::optional<std::vector<Block>> read_zone_blocks(const SourceRef& file, const lf::Value& v, const std::string& path,
                                                   DiagnosticSink& sink) {
  if (!v.is_list()) {
    error(sink, file, v.span, path, "a world is a list of [x, y, z, colour]");
    return std::nullopt;
  }
  std::vector<Block> out;
  for (size_t i = 0; i < v.items.size(); ++i) {
    const lf::Value& b = v.items[i];
    std::string at = fmt::format("{}[{}]", path, i);
    if (!b.is_list() || b.items.size() != 4 || !b.items[0].is_int() || !b.items[1].is_int() || !b.items[2].is_int()) {
      error(sink, file, b.span, at, "a block is [x, y, z, colour] with whole-number coordinates");
      return std::nullopt;
    }
    Block k{int(b.items[0].integer), int(b.items[1].integer), int(b.items[2].integer), 0};
    const lf::Value& c = b.items[3];
    if (c.is_int() && c.integer >= 1 && c.integer <= kColours)
      k.colour = int(c.integer);
    else if (c.is_string())
      k.colour = colour_from_name(c.string).value_or(0);
    if (k.colour == 0) {
      Diagnostic d{Severity::Error, file, c.span, "unknown colour", at + "[3]", {}, "iglu.data"};
      for (int id = 1; id <= kColours; ++id) d.expected.push_back(fmt::format("{} ({})", id, colour_name(id)));
      sink.report(std::move(d));
      return std::nullopt;
    }
    if (!inside_zone(k.x, k.y, k.z)) {
      error(sink, file, b.span, at,
            fmt::format("({}, {}, {}) is outside the zone (x and z from 0 to {}, y from 0 to {})", k.x, k.y, k.z,
                        kZoneX - 1, kZoneY - 1));
      return std::nullopt;
    }
    out.push_back(k);
  }
  return out;
}

std::vector<Example> read_examples_text(const SourceRef& file, DiagnosticSink& sink) {
  std::vector<Example> out;
  const std::string& text = file->text();
  size_t begin = 0;
  while (begin < text.size()) {
    size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    if (text.find_first_not_of(" \t\r", begin) < end) {
      if (auto v = lf::read_json(file, {uint32_t(begin), uint32_t(end)}, sink))
        if (auto e = read_example(file, *v, sink)) out.push_back(std::move(*e));
    }
    begin = end + 1;
  }
  return out;
}

std::optional<std::vector<Example>> read_examples(const std::string& path, DiagnosticSink& sink) {
  std::string err;
  SourceRef file = SourceFile::load(path, &err);
  if (!file) {
    sink.report({Severity::Error, nullptr, {}, err, "", {}, "iglu.file"});
    return std::nullopt;
  }
  return read_examples_text(file, sink);
}

std::optional<std::vector<Block>> read_world_file(const std::string& path, DiagnosticSink& sink) {
  std::string err;
  SourceRef file = SourceFile::load(path, &err);
  if (!file) {
    sink.report({Severity::Error, nullptr, {}, err, "", {}, "iglu.file"});
    return std::nullopt;
  }
  auto v = lf::read_json(file, sink);
  if (!v) return std::nullopt;
  if (v->is_dict()) {
    if (const lf::Value* initial = v->find("initial")) return read_zone_blocks(file, *initial, "initial", sink);
    error(sink, file, v->span, "", "a world file is a list of [x, y, z, colour], or an object with \"initial\"");
    return std::nullopt;
  }
  return read_zone_blocks(file, *v, "", sink);
}

}  // namespace plank::iglu
