// `plank iglu build` and `plank eval iglu` (agents/iglu, issue 28):
//   plank iglu build --instruction TEXT [--world FILE.json] [--builder NAME | --reply FILE]
//                    [--llm-endpoint URL] [--llm-model M] [--llm-timeout S]
//                    [--gravity] [--ask-below F] [--json] [--render X.png] [--ascii]
//     one builder turn: the reply (the paper's JSON), what was refused and why,
//     the zone after it. Exit 0 when the builder built or asked, 1 when its
//     reply was disregarded or it gave none.
//   plank eval iglu --data FILE.jsonl [--builder NAME] [--limit N] [--ask-when-unclear] [--json]
//     mean F1 (the README's definition and the evaluator's), by clear/unclear,
//     with the clarification figures; a progress bar on stderr.
#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "agents/iglu/roles/builder.h"
#include "agents/iglu/roles/clarifier.h"
#include "agents/iglu/eval/question_bank.h"
#include "agents/iglu/eval/dataset.h"
#include "agents/iglu/eval/evaluation.h"
#include "agents/iglu/loop/self_play.h"
#include "agents/iglu/loop/turn.h"
#include "agents/iglu/roles/architect.h"
#include "agents/iglu/roles/plank_builder.h"
#include "support/diagnostics.h"
#include "tools/plank/cli.h"
#include "world/render/ascii.h"
#include "world/render/isometric.h"
#include "world/render/png_writer.h"

namespace plank::cli {

void register_train_clarifier(CLI::App& train, Action& action);  // cmd_iglu_train.cpp
void register_train_builder(CLI::App& train, Action& action);     // cmd_iglu_train_builder.cpp

// question_bank.csv: `given`, else the one next to the data file.
std::string iglu_question_bank_for(const std::string& data, const std::string& given) {
  if (!given.empty()) return given;
  size_t slash = data.rfind('/');
  return (slash == std::string::npos ? std::string() : data.substr(0, slash + 1)) + "question_bank.csv";
}

nlohmann::json clarify_json(const iglu::ClarifyEvaluation& c) {
  return {{"examples", c.examples},
          {"accuracy", c.accuracy},
          {"f1_unclear", c.f1_unclear},
          {"never_ask_accuracy", c.never_ask_accuracy},
          {"ranked", c.ranking.examples},
          {"mrr", c.ranking.mrr},
          {"recall_at_10", c.ranking.recall_at_10},
          {"random", {{"mrr", c.random.mrr}, {"recall_at_10", c.random.recall_at_10}}},
          {"word_overlap", {{"mrr", c.overlap.mrr}, {"recall_at_10", c.overlap.recall_at_10}}}};
}

namespace {

struct IgluCommon {
  std::string builder = "plank";
  llm::ChatOptions llm;  // --builder llm
  bool gravity = false;
  double ask_below = 0.5;
  OutputOptions out;
};

struct IgluBuildOptions {
  IgluCommon common;
  std::string instruction, world, reply, render;
  bool ascii = false;
};

struct IgluEvalOptions {
  IgluCommon common;
  std::string data, clarifier, questions;
  bool no_clarifier = false, self_play = false, ask_when_unclear = false;
  int limit = 0;
};

struct IgluArchitectOptions {
  std::string target, world;
  OutputOptions out;
};

std::optional<std::vector<iglu::Block>> world_or_empty(const std::string& path, const char* what) {
  if (path.empty()) return std::vector<iglu::Block>{};
  DiagnosticSink sink;
  auto blocks = iglu::read_world_file(path, sink);
  if (!sink.all().empty()) std::fputs(render_text(sink.all(), RenderOptions{false}).c_str(), stderr);
  if (!blocks) fmt::print(stderr, "plank iglu architect: {}: cannot read {}\n", what, path);
  return blocks;
}

int run_architect(const IgluArchitectOptions& o) {
  auto target = world_or_empty(o.target, "TARGET");
  auto initial = world_or_empty(o.world, "--world");
  if (!target || !initial) return kInputErrors;
  auto steps = iglu::plan_steps(*initial, *target);
  if (o.out.json) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& s : steps) out.push_back({{"instruction", s.instruction}, {"detail", s.detail}});
    fmt::print("{}\n", out.dump(2));
  } else if (steps.empty()) {
    fmt::print("Nothing to do: the zone is already the target.\n");
  } else {
    for (size_t i = 0; i < steps.size(); ++i) fmt::print("{}. {}\n", i + 1, steps[i].instruction);
  }
  return kOk;
}

iglu::TurnOptions turn_options(const IgluCommon& c) {
  iglu::TurnOptions t;
  t.rules.gravity = c.gravity;
  t.ask_below = c.ask_below;
  return t;
}

nlohmann::json blocks_json(const std::vector<iglu::Block>& blocks) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& b : blocks) out.push_back({b.x, b.y, b.z, b.colour});
  return out;
}

int run_build(const IgluBuildOptions& o) {
  iglu::TurnOptions options = turn_options(o.common);
  std::unique_ptr<iglu::Builder> builder;
  std::string error;
  if (!o.reply.empty()) {
    auto file = SourceFile::load(o.reply, &error);
    if (!file) {
      fmt::print(stderr, "plank iglu build: --reply: {}\n", error);
      return kInputErrors;
    }
    builder = std::make_unique<iglu::FixedReplyBuilder>(file->text(), o.reply);
  } else {
    builder = iglu::make_builder(o.common.builder, options.rules, &error, o.common.llm);
    if (!builder) {
      fmt::print(stderr, "plank iglu build: --builder: {}\n", error);
      return kUsage;
    }
  }
  std::vector<iglu::Block> initial;
  if (!o.world.empty()) {
    DiagnosticSink sink;
    auto blocks = iglu::read_world_file(o.world, sink);
    if (!blocks) {
      std::fputs(render_text(sink.all(), RenderOptions{o.common.out.use_color()}).c_str(), stderr);
      return kInputErrors;
    }
    initial = std::move(*blocks);
  }
  iglu::BuildZone zone(world::BlockRegistry::builtin(), initial, options.rules);
  iglu::TurnResult turn = iglu::run_turn(*builder, o.instruction, zone, options);
  using Outcome = iglu::TurnResult::Outcome;

  if (!o.render.empty()) {
    auto pic = render::render_isometric(zone.world());
    if (!render::write_png(pic.image, o.render, &error)) fmt::print(stderr, "plank iglu build: {}\n", error);
  }
  if (o.common.out.json) {
    nlohmann::json j;
    j["outcome"] = iglu::outcome_name(turn.outcome);
    j["reply_text"] = turn.reply_text;
    if (turn.reply) j["reply"] = nlohmann::json::parse(iglu::reply_json(*turn.reply));
    else j["reply"] = nullptr;
    j["reason"] = turn.reason;
    j["placed"] = turn.applied.placed;
    j["removed"] = turn.applied.removed;
    j["skipped"] = turn.applied.skipped;
    j["diagnostics"] = nlohmann::json::parse(render_json(turn.diagnostics.all()));
    j["world"] = blocks_json(turn.after);
    fmt::print("{}\n", j.dump(2));
  } else {
    if (!turn.diagnostics.all().empty())
      std::fputs(render_text(turn.diagnostics.all(), RenderOptions{o.common.out.use_color()}).c_str(), stderr);
    switch (turn.outcome) {
      case Outcome::Built:
        fmt::print("{}\n", iglu::reply_json(*turn.reply));
        fmt::print("built: {} placed, {} removed, {} refused\n", turn.applied.placed, turn.applied.removed,
                   turn.applied.skipped);
        break;
      case Outcome::Asked:
        fmt::print("{}\n", iglu::reply_json(*turn.reply));
        fmt::print("asked (confidence {} < {}): {}\n", *turn.reply->confidence, options.ask_below,
                   turn.reply->question.empty() ? "(no question given)" : turn.reply->question);
        break;
      case Outcome::Disregarded: fmt::print("disregarded: {}\n", turn.reason); break;
      case Outcome::NoReply: fmt::print("no reply: {}\n", turn.reason); break;
    }
    if (o.ascii) fmt::print("{}", render::render_ascii(zone.world()));
  }
  return turn.outcome == Outcome::Built || turn.outcome == Outcome::Asked ? kOk : kInputErrors;
}

int run_eval(const IgluEvalOptions& o) {
  iglu::TurnOptions options = turn_options(o.common);
  std::string error;
  auto builder = iglu::make_builder(o.common.builder, options.rules, &error, o.common.llm);
  if (!builder) {
    fmt::print(stderr, "plank eval iglu: --builder: {}\n", error);
    return kUsage;
  }
  if (o.ask_when_unclear) {
    // The clarifier gates the plank builder: an instruction it judges unclear is asked about, not built.
    auto* plank = dynamic_cast<iglu::PlankBuilder*>(builder.get());
    if (!plank || o.no_clarifier) {
      fmt::print(stderr, "plank eval iglu: --ask-when-unclear needs --builder plank and a clarifier\n");
      return kUsage;
    }
    auto clarifier = iglu::load_clarifier(o.clarifier.empty() ? iglu::default_clarifier_path() : o.clarifier, &error);
    auto bank = clarifier ? iglu::read_question_bank(iglu_question_bank_for(o.data, o.questions), &error)
                          : std::nullopt;
    if (!clarifier || !bank) {
      fmt::print(stderr, "plank eval iglu: --ask-when-unclear: {}\n", error);
      return kInputErrors;
    }
    std::vector<std::string> questions;
    for (const auto& [id, q] : *bank) questions.push_back(q);
    plank->ask_when_unclear(std::make_shared<const iglu::Clarifier>(std::move(*clarifier)), std::move(questions));
  }
  DiagnosticSink sink;
  auto examples = iglu::read_examples(o.data, sink);
  if (!sink.all().empty())
    std::fputs(render_text(sink.all(), RenderOptions{o.common.out.use_color()}).c_str(), stderr);
  if (!examples) return kInputErrors;
  if (sink.has_errors()) {
    fmt::print(stderr, "plank eval iglu: {}: lines with errors are left out\n", o.data);
  }
  if (o.limit > 0 && size_t(o.limit) < examples->size()) examples->resize(size_t(o.limit));
  const bool tty = isatty(2);
  auto progress = [&](int done, int total) {
    if (tty || done % std::max(1, total / 10) == 0 || done == total) {
      int width = 30, filled = total ? done * width / total : width;
      fmt::print(stderr, "{}[{}{}] {}/{}{}", tty ? "\r" : "", std::string(filled, '#'),
                 std::string(width - filled, ' '), done, total, tty ? "\033[K" : "\n");
    }
  };
  if (o.self_play) {
    iglu::SelfPlayEvaluation sp = iglu::evaluate_self_play(*builder, *examples, options, progress);
    if (tty) fmt::print(stderr, "\n");
    fmt::print(stderr, "plank eval iglu --self-play: {} examples in {:.1f} s\n", sp.examples, sp.seconds);
    if (o.common.out.json)
      fmt::print("{}\n", nlohmann::json{{"self_play", {{"builder", o.common.builder},
                                                      {"examples", sp.examples},
                                                      {"f1", sp.f1},
                                                      {"turns", sp.turns},
                                                      {"reached", sp.reached},
                                                      {"plan_steps", sp.plan_steps}}}}
                              .dump(2));
    else
      fmt::print("self-play, the architect instructing builder {}: mean F1 {:.3f}, {} of {} targets reached exactly, "
                 "{:.2f} turns on average (the architect's plan: {:.2f} steps)\n",
                 o.common.builder, sp.f1, sp.reached, sp.examples, sp.turns, sp.plan_steps);
    return kOk;
  }
  iglu::IgluEvaluation ev = iglu::evaluate_builder(*builder, *examples, options, progress);
  if (tty) fmt::print(stderr, "\n");
  // The clarification figures: the model's when there is one (--clarifier, else the shipped one).
  std::string clarifier_path = o.clarifier.empty() ? iglu::default_clarifier_path() : o.clarifier;
  if (!o.no_clarifier && (!o.clarifier.empty() || access(clarifier_path.c_str(), R_OK) == 0)) {
    auto clarifier = iglu::load_clarifier(clarifier_path, &error);
    auto bank = clarifier ? iglu::read_question_bank(iglu_question_bank_for(o.data, o.questions), &error)
                          : std::nullopt;
    if (!clarifier || !bank) {
      fmt::print(stderr, "plank eval iglu: --clarifier: {}\n", error);
      return kInputErrors;
    }
    iglu::use_clarifier_figures(ev, iglu::evaluate_clarifier(*clarifier, *examples, *bank));
  }
  fmt::print(stderr, "plank eval iglu: {} examples in {:.1f} s\n", ev.all.examples, ev.seconds);
  if (o.common.out.json)
    fmt::print("{}\n", iglu::evaluation_json(ev));
  else
    fmt::print("builder {}\n{}", o.common.builder, iglu::evaluation_text(ev));
  return kOk;
}

void add_common(CLI::App* c, IgluCommon& o) {
  c->add_option("--builder", o.builder,
                "plank (the learned builder, models/iglu_builder.bin; default), colour-word (the README's "
                "baseline), llm (the paper's prompt over an OpenAI-compatible endpoint) or FILE.plank (a Plank "
                "program defining build(instruction) over place/remove/zone)");
  c->add_option("--llm-endpoint", o.llm.endpoint, "--builder llm: chat-completions URL (or $PLANK_LLM_ENDPOINT)");
  c->add_option("--llm-model", o.llm.model, "--builder llm: model name (or $PLANK_LLM_MODEL; default gpt-3.5-turbo)");
  c->add_option("--llm-timeout", o.llm.timeout_seconds, "--builder llm: seconds per reply (default 120)")
      ->check(CLI::Range(0.01, 3600.0));
  c->add_flag("--gravity", o.gravity, "a block needs a block or the ground under it (IGLU's own world lets blocks float)");
  c->add_option("--ask-below", o.ask_below, "a reply whose confidence is under this asks its question instead (default 0.5)")
      ->check(CLI::Range(0.0, 1.0));
  c->add_flag("--json", o.out.json, "machine-readable result on stdout");
}

}  // namespace

void register_iglu(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("iglu", "The IGLU builder: one turn of the paper's JSON protocol over the build zone");
  cmd->require_subcommand(1);
  auto* build = cmd->add_subcommand("build", "Ask a builder to follow an instruction in the zone, and apply its reply");
  auto b = std::make_shared<IgluBuildOptions>();
  build->add_option("--instruction", b->instruction, "the architect's instruction")->required();
  build->add_option("--world", b->world,
                    "the zone before it: a JSON list of [x, y, z, colour] (zone frame, x and z 0..10, colour 1..6 or a "
                    "name), or a data-set line (its \"initial\"); default an empty zone");
  build->add_option("--reply", b->reply, "use the reply in this file instead of asking a builder");
  build->add_option("--render", b->render, "write a picture of the zone after the turn (PNG)");
  build->add_flag("--ascii", b->ascii, "print a map of the zone after the turn");
  add_common(build, b->common);
  build->callback([&action, b] { action = [b] { return run_build(*b); }; });

  auto* arch = cmd->add_subcommand("architect", "Step-by-step instructions from the zone (--world) to a target structure");
  auto a = std::make_shared<IgluArchitectOptions>();
  arch->add_option("target", a->target, "the target: a JSON list of [x, y, z, colour] (zone frame)")->required();
  arch->add_option("--world", a->world, "the zone before it (same format; default empty)");
  arch->add_flag("--json", a->out.json, "the steps as JSON, each with its detail (the answer to a question)");
  arch->callback([&action, a] { action = [a] { return run_architect(*a); }; });

  CLI::App* eval = eval_command(app);
  auto* ev = eval->add_subcommand("iglu", "Evaluate an IGLU builder on a single-turn data set: mean F1 by clear/unclear");
  auto e = std::make_shared<IgluEvalOptions>();
  ev->add_option("--data", e->data, "JSONL of examples (shared/data/iglu/valid.jsonl)")->required();
  ev->add_option("--limit", e->limit, "only the first N examples")->check(CLI::Range(0, 10000000));
  ev->add_option("--clarifier", e->clarifier,
                 "the clarification model for the clarify figures (default models/iglu_clarifier.bin when present; "
                 "`plank train clarifier`)");
  ev->add_option("--questions", e->questions, "question_bank.csv (default: next to --data)");
  ev->add_flag("--self-play", e->self_play,
               "the architect instructs the builder turn by turn from each example's initial world to its target");
  ev->add_flag("--no-clarifier", e->no_clarifier, "the clarify figures from the builder's own decisions");
  ev->add_flag("--ask-when-unclear", e->ask_when_unclear,
               "--builder plank asks the clarifier's best question instead of building when the clarifier judges "
               "the instruction unclear (an example asked about scores F1 0: no change)");
  add_common(ev, e->common);
  ev->callback([&action, e] { action = [e] { return run_eval(*e); }; });

  // `plank train clarifier` joins `plank train` (registered before this, in main.cpp).
  try {
    register_train_clarifier(*app.get_subcommand("train"), action);
    register_train_builder(*app.get_subcommand("train"), action);
  } catch (const CLI::OptionNotFound&) {
  }
}

}  // namespace plank::cli
