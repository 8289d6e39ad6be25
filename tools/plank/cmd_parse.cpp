// `plank parse "TEXT" [--beam N] [--n K] [--json]`: the logical form the
// neural parser reads from a command, with its spans highlighted in the text.
// `plank eval parser --data FILE.jsonl [--beam N] [--json] [--errors]`: exact
// match, by source and type, recall within the N-best list, and the error
// analysis of the CAIP paper's Figure 6 (error_analysis.h).
#include <algorithm>
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "compiler/lf/check.h"
#include "neural/parser/dataset.h"
#include "neural/parser/error_analysis.h"
#include "neural/parser/form_builder.h"
#include "neural/parser/parser.h"
#include "neural/parser/present.h"
#include "tools/plank/cli.h"

namespace plank::cli {
namespace {

struct ParseCliOptions {
  std::string text, model, engine = "auto", data, predictions;
  int beam = 1, n = 1, batch = 32;
  bool unconstrained = false, errors = false;
  OutputOptions out;
};

std::unique_ptr<neural::Parser> load_parser(const ParseCliOptions& o, const char* who) {
  std::string error;
  auto parser = neural::Parser::load(o.model.empty() ? neural::default_model_path() : o.model, o.engine, &error);
  if (!parser) std::fprintf(stderr, "%s: %s\n", who, error.c_str());
  else if (!parser->calibration_note().empty())
    std::fprintf(stderr, "%s: confidence is exp(log_prob), not calibrated: %s\n", who, parser->calibration_note().c_str());
  return parser;
}

nlohmann::json form_json(const lf::Value& v) { return nlohmann::json::parse(lf::to_json_text(v)); }

int run_parse(const ParseCliOptions& o) {
  auto parser = load_parser(o, "plank parse");
  if (!parser) return kInputErrors;
  auto utterance = lf::Utterance::from_text(o.text);
  if (utterance.tokens.empty()) {
    std::fprintf(stderr, "plank parse: the text has no words\n");
    return kUsage;
  }
  if (utterance.tokens.size() > neural::kMaxCommandWords) {
    std::fprintf(stderr, "plank parse: the text has %zu words; the parser reads at most %zu\n",
                 utterance.tokens.size(), neural::kMaxCommandWords);
    return kUsage;
  }
  neural::ParseOptions po;
  po.beam = std::max(1, o.beam);
  po.n_best = std::max(1, std::min(o.n, po.beam));
  po.constrained = !o.unconstrained;
  auto parses = parser->parse_tokens(utterance.tokens, po);
  if (o.out.json) {
    nlohmann::json j;
    j["text"] = o.text;
    j["engine"] = parser->engine().name();
    j["members"] = parser->members();
    j["parses"] = nlohmann::json::array();
    for (const auto& p : parses)
      j["parses"].push_back({{"logical_form", form_json(p.form)},
                             {"log_prob", p.log_prob},
                             {"confidence", p.confidence},
                             {"model_probability", p.model_probability},
                             {"calibrated", p.calibrated},
                             {"ask", p.should_ask()}});
    std::printf("%s\n", j.dump(2).c_str());
    return kOk;
  }
  bool colour = o.out.use_color(stdout);
  for (size_t i = 0; i < parses.size(); ++i) {
    neural::ParseView view = neural::present_parse(parses[i].form, utterance.tokens, colour);
    std::printf("#%zu  p=%.3f  log p=%.3f\n  %s\n%s", i + 1, parses[i].confidence, parses[i].log_prob,
                view.highlighted.c_str(), view.tree.c_str());
  }
  return kOk;
}

nlohmann::json errors_json(const neural::ErrorAnalysis& e) {
  nlohmann::json nodes = nlohmann::json::array();
  for (const auto& n : e.nodes())
    nodes.push_back({{"node", n.node}, {"false_positive", n.false_positive}, {"false_negative", n.false_negative}});
  return {{"count", e.errors()},          {"examples", e.examples()}, {"no_parse", e.no_parse()},
          {"span_only", e.span_only()},
          {"structure_right", e.structure_right()}, {"nodes", nodes}};
}

// The paper's Figure 6 as a table: the most often mistaken nodes, + and -.
void print_errors(const neural::ErrorAnalysis& e, size_t top) {
  std::printf("errors %d of %d: no parse %d, only span values wrong %d, tree structure right %d\n", e.errors(),
              e.examples(), e.no_parse(), e.span_only(), e.structure_right());
  auto nodes = e.nodes();
  std::printf("  %-60s %5s %5s\n", "node (most often mistaken)", "+", "-");
  for (size_t i = 0; i < nodes.size() && i < top; ++i)
    std::printf("  %-60s %5d %5d\n", nodes[i].node.c_str(), nodes[i].false_positive, nodes[i].false_negative);
}

double ratio(size_t a, size_t b) { return b ? static_cast<double>(a) / static_cast<double>(b) : 0.0; }

int run_eval(const ParseCliOptions& o) {
  neural::Dataset data;
  std::string error;
  if (!neural::read_dataset(o.data, data, &error)) {
    std::fprintf(stderr, "plank eval parser: %s\n", error.c_str());
    return kInputErrors;
  }
  auto parser = load_parser(o, "plank eval parser");
  if (!parser) return kInputErrors;
  neural::ParseOptions po;
  po.beam = std::max(1, o.beam);
  po.n_best = po.beam;
  po.constrained = !o.unconstrained;
  const int ks[] = {1, 5, 15};
  size_t exact = 0, recall[3] = {0, 0, 0};
  std::map<std::string, std::pair<size_t, size_t>> by_source, by_type, by_vocabulary;  // hits, total
  const neural::InputVocab& vocab = parser->weights().input_vocab;  // the first member's
  neural::ErrorAnalysis errors;
  // --predictions: one JSON line per example; opened before decoding so a bad path fails at once.
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> predictions(nullptr, std::fclose);
  if (!o.predictions.empty()) {
    predictions.reset(std::fopen(o.predictions.c_str(), "w"));
    if (!predictions) {
      std::fprintf(stderr, "plank eval parser: cannot write %s\n", o.predictions.c_str());
      return kInputErrors;
    }
  }
  auto all_parses = neural::parse_many(*parser, neural::token_lists(data.examples), po, o.batch);
  for (size_t e = 0; e < data.examples.size(); ++e) {
    const auto& ex = data.examples[e];
    const auto& parses = all_parses[e];
    errors.add(parses.empty() ? nullptr : &parses[0].form, ex.form);
    std::string gold = neural::canonical_json(ex.form);
    const std::string best = parses.empty() ? std::string() : neural::canonical_json(parses[0].form);
    int rank = !parses.empty() && best == gold ? 0 : -1;
    for (size_t i = 1; i < parses.size() && rank < 0; ++i)
      if (neural::canonical_json(parses[i].form) == gold) rank = static_cast<int>(i);
    bool hit = rank == 0;
    exact += hit;
    if (predictions) {
      nlohmann::json line = {{"id", ex.id}, {"text", ex.text}, {"correct", hit}, {"gold_rank", rank}};
      line["predicted"] = parses.empty() ? nlohmann::json() : nlohmann::json::parse(best);
      line["log_prob"] = parses.empty() ? nlohmann::json() : nlohmann::json(parses[0].log_prob);
      line["gold"] = nlohmann::json::parse(gold);
      std::fprintf(predictions.get(), "%s\n", line.dump().c_str());
    }
    for (int k = 0; k < 3; ++k) recall[k] += rank >= 0 && rank < ks[k];
    auto& s = by_source[ex.source.empty() ? "unknown" : ex.source];
    s.first += hit, s.second += 1;
    auto& t = by_type[ex.type];
    t.first += hit, t.second += 1;
    // Commands holding a word the (first) model's training data never had.
    bool all_seen = std::all_of(ex.tokens.begin(), ex.tokens.end(), [&](const auto& w) { return vocab.trained(w); });
    auto& v = by_vocabulary[all_seen ? "seen_words" : "new_words"];
    v.first += hit, v.second += 1;
  }
  size_t n = data.examples.size();
  nlohmann::json j;
  j["exact_match"] = ratio(exact, n);
  j["by_source"] = nlohmann::json::object();
  for (const char* s : {"prompts", "interactive"}) j["by_source"][s] = ratio(by_source[s].first, by_source[s].second);
  for (const auto& [s, v] : by_source) j["by_source"][s] = ratio(v.first, v.second);
  for (const auto& [t, v] : by_type) j["by_type"][t] = ratio(v.first, v.second);
  for (const char* s : {"seen_words", "new_words"}) {
    j["by_vocabulary"][s] = ratio(by_vocabulary[s].first, by_vocabulary[s].second);
    j["examples_by_vocabulary"][s] = by_vocabulary[s].second;
  }
  j["recall_at"] = {{"1", ratio(recall[0], n)}, {"5", ratio(recall[1], n)}, {"15", ratio(recall[2], n)}};
  j["engine"] = parser->engine().name();
  j["examples"] = n;
  j["beam"] = po.beam;
  j["skipped"] = data.skipped;
  j["constrained"] = po.constrained;
  j["errors"] = errors_json(errors);
  if (o.out.json) {
    std::printf("%s\n", j.dump(2).c_str());
    return kOk;
  }
  std::printf("exact match %.1f%% of %zu (beam %d)\n", 100 * ratio(exact, n), n, po.beam);
  for (const auto& [s, v] : by_source) std::printf("  %-12s %5.1f%% of %zu\n", s.c_str(), 100 * ratio(v.first, v.second), v.second);
  for (const auto& [t, v] : by_type) std::printf("  %-12s %5.1f%% of %zu\n", t.c_str(), 100 * ratio(v.first, v.second), v.second);
  for (const auto& [s, v] : by_vocabulary)
    std::printf("  %-12s %5.1f%% of %zu (%s)\n", s.c_str(), 100 * ratio(v.first, v.second), v.second,
                s == "new_words" ? "a word the training data never has" : "every word seen in training");
  std::printf("recall@1 %.1f%%  @5 %.1f%%  @15 %.1f%% (within the beam's %d-best)\n", 100 * ratio(recall[0], n),
              100 * ratio(recall[1], n), 100 * ratio(recall[2], n), po.beam);
  if (o.errors) print_errors(errors, 25);
  return kOk;
}

void common_flags(CLI::App* cmd, ParseCliOptions& o) {
  cmd->add_option("--beam", o.beam, "beam width (default 1: greedy)");
  cmd->add_option("--model", o.model, "weights file, comma-separated weights files (an ensemble) or an ensemble description .json (default: $PLANK_PARSER_MODEL or models/parser.bin)");
  cmd->add_option("--engine", o.engine, "auto (CUDA when a GPU is present), cpu or cuda")
      ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
  cmd->add_flag("--json", o.out.json, "machine-readable output");
  cmd->add_flag("--unconstrained", o.unconstrained,
                "greedy decoding without the grammar mask (the plain baseline); a decision sequence that is not a "
                "logical form gives no parse")
      ->excludes(cmd->get_option("--beam"));
}

}  // namespace

void register_parse(CLI::App& app, Action& action) {
  auto o = std::make_shared<ParseCliOptions>();
  auto* cmd = app.add_subcommand("parse", "Read a command with the neural parser and print its logical form");
  cmd->add_option("text", o->text, "the command, e.g. \"build a red cube\"")->required();
  cmd->add_option("--n", o->n, "how many of the beam's parses to print (default 1)");
  cmd->add_option("--color", o->out.color, "auto, always or never")->check(CLI::IsMember({"auto", "always", "never"}));
  common_flags(cmd, *o);
  cmd->callback([&action, o] { action = [o] { return run_parse(*o); }; });

  auto e = std::make_shared<ParseCliOptions>();
  CLI::App* eval = eval_command(app);
  auto* ep = eval->add_subcommand("parser", "Exact match of the neural parser on a JSONL data set");
  ep->add_option("--data", e->data, "JSONL with {\"text\", \"logical_form\", \"source\"} a line")->required();
  ep->add_option("--batch", e->batch, "commands decoded together (default 32; the results do not depend on it)")
      ->check(CLI::Range(1, 4096));
  ep->add_option("--predictions", e->predictions,
                 "write each example's result to this JSONL file: {\"id\", \"text\", \"correct\", \"gold_rank\" "
                 "(-1: not in the N-best), \"predicted\", \"log_prob\", \"gold\"} (forms with sorted keys)");
  ep->add_flag("--errors", e->errors,
               "print the error analysis of the CAIP paper's Figure 6 (the --json output always has it under \"errors\")");
  common_flags(ep, *e);
  ep->callback([&action, e] { action = [e] { return run_eval(*e); }; });
}

}  // namespace plank::cli
