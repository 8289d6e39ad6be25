#include "agents/caip/eval/evaluate.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "compiler/lf/json_reader.h"

namespace plank::caip {

void Tally::add(const ExecResult& r) {
  ++total;
  if (r.invalid) ++invalid;
  else if (r.internal_error) ++errors;
  else if (r.outcome == Outcome::Done) ++done;
  else if (r.outcome == Outcome::Asked) ++asked;
  else ++refused;
}

std::string Evaluation::json() const {
  nlohmann::json j{{"total", all.total}, {"done", all.done}, {"asked", all.asked}, {"refused", all.refused},
                   {"errors", all.errors}, {"invalid", all.invalid}};
  nlohmann::json per = nlohmann::json::object();
  for (const auto& [action, c] : by_action)
    per[action] = {{"total", c.total}, {"done", c.done}, {"asked", c.asked}, {"refused", c.refused}, {"errors", c.errors}};
  j["by_action"] = per;
  return j.dump();
}

std::string Evaluation::markdown() const {
  std::string out = "| action | total | done | asked | refused | errors |\n|---|---|---|---|---|---|\n";
  for (const auto& [action, c] : by_action)
    out += fmt::format("| {} | {} | {} | {} | {} | {} |\n", action, c.total, c.done, c.asked, c.refused, c.errors);
  out += fmt::format("| **all** | {} | {} | {} | {} | {} |\n", all.total, all.done, all.asked, all.refused, all.errors);
  return out;
}

bool evaluate(Executor& ex, const SourceRef& data, const EvalOptions& options, Evaluation* out, std::string* error) {
  auto problem = [&](const std::string& message) {
    if (options.problem) options.problem(message);
  };
  const std::string& text = data->text();
  size_t pos = 0, line_no = 0;
  bool first = true;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    Span range{uint32_t(pos), uint32_t(end)};
    ++line_no;
    bool blank = text.find_first_not_of(" \t\r", pos) >= end;
    pos = end + 1;
    if (blank) continue;
    if (options.limit && out->all.total >= options.limit) break;
    DiagnosticSink line_sink;
    auto v = lf::read_json(data, range, line_sink);
    const lf::Value* form = v ? v->find("logical_form") : nullptr;
    const lf::Value* utt = v ? v->find("text") : nullptr;
    if (!form || !utt || !utt->is_string()) {
      ++out->all.total, ++out->all.invalid;
      problem(fmt::format("{}:{}: not a {{\"text\", \"logical_form\"}} line\n", data->path(), line_no));
      continue;
    }
    if (!first && !ex.reset(error)) return false;
    first = false;
    ExecResult r = ex.run(*form, utt->string, data);
    if (options.log) {
      nlohmann::json j{{"line", line_no},
                       {"text", utt->string},
                       {"action", r.action},
                       {"outcome", outcome_name(r.outcome)},
                       {"reply", r.reply},
                       {"blocks_changed", r.blocks_changed},
                       {"entities_changed", r.entities_changed}};
      options.log(j.dump() + "\n");
    }
    out->all.add(r);
    out->by_action[r.action.empty() ? "INVALID" : r.action].add(r);
    if (r.invalid)
      problem(r.error);
    else if (r.internal_error)
      problem(fmt::format("{}:{}: internal error on \"{}\": {}\n{}", data->path(), line_no, utt->string, r.error, r.program));
  }
  return true;
}

}  // namespace plank::caip
