// Plank's own tools for a host: checking a CAIP logical form, the neural parser, a DEPS
// episode in Plank's survival world, and the intrinsics table. Each answers in JSON, built
// by the same functions the command line uses.
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>

#include "agents/deps/loop/episode.h"
#include "agents/deps/loop/episode_json.h"
#include "compiler/frontend/parser.h"
#include "compiler/lf/check.h"
#include "compiler/lf/from_ast.h"
#include "embed/capi/guard.h"
#include "embed/capi/state.h"
#include "neural/parser/parser.h"
#include "runtime/capabilities.h"
#include "runtime/intrinsics.h"
#include "support/diagnostics.h"

using namespace plank;
using namespace plank::embed;
using json = nlohmann::ordered_json;

namespace {

std::string dump(const json& j) { return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

// The parser, loaded on first use and kept for the process (as the `parse` intrinsic keeps
// its own); decoding is serialised, so states in several threads may share it.
struct SharedParser {
  std::once_flag once;
  std::unique_ptr<neural::Parser> parser;
  std::string error;
  std::mutex decoding;
};

SharedParser& shared_parser() {
  static SharedParser shared;
  std::call_once(shared.once, [] { shared.parser = neural::Parser::load(neural::default_model_path(), "auto", &shared.error); });
  return shared;
}

// What a host may leave out of a DEPS episode's options, read from the JSON object.
bool episode_options(plank_state* P, const json& o, deps::EpisodeOptions* e, uint64_t* max_ticks) {
  auto text = [&](const char* key, std::string* out) {
    if (!o.contains(key)) return true;
    if (!o[key].is_string()) return usage_error(P, std::string("plank_deps_episode: '") + key + "' must be a string"), false;
    *out = o[key].get<std::string>();
    return true;
  };
  auto whole = [&](const char* key, uint64_t* out) {
    if (!o.contains(key)) return true;
    if (!o[key].is_number_unsigned() && !(o[key].is_number_integer() && o[key].get<int64_t>() >= 0))
      return usage_error(P, std::string("plank_deps_episode: '") + key + "' must be a whole number"), false;
    *out = o[key].get<uint64_t>();
    return true;
  };
  std::string initial = "oracle";
  if (!whole("seed", &e->seed) || !text("initial_plan", &initial) || !text("planner", &e->planner) ||
      !text("selector", &e->selector.kind) || !text("loop", &e->loop) || !text("engine", &e->engine) ||
      !whole("max_ticks", max_ticks) || !text("initial_code", &e->initial_code))
    return false;
  e->selector.seed = e->seed;
  if (o.contains("explainer")) {
    if (!o["explainer"].is_boolean()) return usage_error(P, "plank_deps_episode: 'explainer' must be true or false"), false;
    e->explainer = o["explainer"].get<bool>();
  }
  if (!e->initial_code.empty()) {
    e->initial = "file";
    e->initial_path = "<initial_code>";
  } else if (initial == "oracle" || initial == "flawed" || initial == "llm") {
    e->initial = initial;
  } else {
    usage_error(P, "plank_deps_episode: 'initial_plan' is oracle, flawed or llm (plan code goes in 'initial_code'), not '" +
                       initial + "'");
    return false;
  }
  return true;
}

}  // namespace

extern "C" {

const char* plank_check_lf(plank_state* P, const char* form, const char* utterance) {
  if (!P) return nullptr;
  return guarded(P, static_cast<const char*>(nullptr), [&]() -> const char* {
    if (!form) return usage_error(P, "plank_check_lf: no form"), nullptr;
    // JSON and Python-dict notation are both dict expressions of the Plank grammar.
    DiagnosticSink sink;
    SourceRef file = SourceFile::from_string("<form>", form);
    std::optional<lf::CheckResult> result;
    if (auto expr = frontend::parse_expression(file, sink))
      if (auto value = lf::value_from_ast(*expr, file, sink)) {
        lf::Utterance u = lf::Utterance::from_text(utterance ? utterance : "");
        result = lf::check_logical_form(std::move(*value), utterance ? &u : nullptr, file, sink);
      }
    const bool valid = result && result->valid && !sink.has_errors();
    std::string out = std::string("{\"valid\": ") + (valid ? "true" : "false") + ", \"diagnostics\": " +
                      render_json(sink.all()) + ", \"normalized\": " +
                      (valid ? lf::to_json_text(result->normalized, false) : std::string("null")) + "}";
    return keep(P, std::move(out));
  });
}

const char* plank_parse(plank_state* P, const char* text, int beam) {
  if (!P) return nullptr;
  return guarded(P, static_cast<const char*>(nullptr), [&]() -> const char* {
    if (!text) return usage_error(P, "plank_parse: no text"), nullptr;
    if (beam < 1) return usage_error(P, "plank_parse: beam must be at least 1"), nullptr;
    auto utterance = lf::Utterance::from_text(text);
    if (utterance.tokens.empty()) return misuse(P, "ValueError", "plank_parse: the text has no words"), nullptr;
    SharedParser& shared = shared_parser();
    if (!shared.parser) return misuse(P, "ModelError", "plank_parse: " + shared.error), nullptr;
    neural::ParseOptions po;
    po.beam = beam;
    po.n_best = beam;
    std::vector<neural::Parse> parses;
    {
      std::lock_guard<std::mutex> lock(shared.decoding);
      parses = shared.parser->parse_tokens(utterance.tokens, po);
    }
    json out = json::array();
    for (const auto& p : parses)
      out.push_back({{"logical_form", json::parse(lf::to_json_text(p.form))},
                     {"log_prob", p.log_prob},
                     {"confidence", p.confidence},
                     {"model_probability", p.model_probability},
                     {"calibrated", p.calibrated},
                     {"ask", p.should_ask()}});
    return keep(P, dump(out));
  });
}

const char* plank_deps_episode(plank_state* P, const char* options_json) {
  if (!P) return nullptr;
  return guarded(P, static_cast<const char*>(nullptr), [&]() -> const char* {
    json o = json::parse(options_json ? options_json : "", nullptr, false);
    if (o.is_discarded() || !o.is_object()) return usage_error(P, "plank_deps_episode: the options are not a JSON object"), nullptr;
    if (!o.contains("task") || !o["task"].is_string())
      return usage_error(P, "plank_deps_episode: 'task' (\"obtain 1 stone_sword\") is required"), nullptr;
    std::string error;
    auto task = deps::parse_task(o["task"].get<std::string>(), &error);
    if (!task) return usage_error(P, "plank_deps_episode: " + error), nullptr;
    const deps::Rules* rules = deps::load_rules(&error);
    if (!rules) return misuse(P, "DataError", "plank_deps_episode: " + error), nullptr;
    if (!rules->analysis->obtainable(task->item))
      return usage_error(P, "plank_deps_episode: cannot plan for '" + task->item + "': " + rules->analysis->why_not(task->item)),
             nullptr;
    deps::EpisodeOptions e;
    uint64_t max_ticks = 0;
    if (!episode_options(P, o, &e, &max_ticks)) return nullptr;
    deps::take_budget_from_task_list(*task);
    e.tick_budget = max_ticks;
    auto result = deps::run_episode(*rules, *task, e, {}, &error);
    if (!result) return usage_error(P, "plank_deps_episode: " + error), nullptr;
    if (!result->loop_error.empty()) return misuse(P, "LoopError", result->loop_error), nullptr;
    return keep(P, deps::episode_json(*task, *result, -1));
  });
}

const char* plank_intrinsics_json(plank_state* P) {
  if (!P) return nullptr;
  return guarded(P, static_cast<const char*>(nullptr), [&]() -> const char* {
    json out = json::array();
    for (const core::Intrinsic& in : core::intrinsics()) {
      if (in.name.rfind("__", 0) == 0) continue;  // the REPL's own (__displayhook__)
      json params = json::array();
      for (const auto& p : in.params)
        params.push_back({{"name", p.name},
                          {"type", p.type},
                          {"default", p.default_text.empty() ? json() : json(p.default_text)},
                          {"variadic", p.variadic},
                          {"keyword_only", p.keyword_only}});
      json caps = json::array();
      for (const auto& c : core::capability_names())
        if (in.capabilities & c.bit) caps.push_back(c.flag);
      out.push_back({{"name", in.name},
                     {"params", params},
                     {"returns", in.returns},
                     {"capabilities", caps},
                     {"category", in.category},
                     {"doc", in.doc}});
    }
    return keep(P, dump(out));
  });
}

}  // extern "C"
