#include "compiler/lf/check.h"

namespace plank::lf {

namespace {
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

size_t count_tokens(std::string_view text) {
  size_t n = 0;
  bool in = false;
  for (char c : text) {
    bool s = is_space(c);
    if (!s && !in) ++n;
    in = !s;
  }
  return n;
}
}  // namespace

Utterance Utterance::from_text(std::string text) {
  Utterance u;
  size_t i = 0, n = text.size();
  while (i < n) {
    while (i < n && is_space(text[i])) ++i;
    size_t start = i;
    while (i < n && !is_space(text[i])) ++i;
    if (i > start) {
      u.tokens.emplace_back(text, start, i - start);
      u.token_spans.push_back(Span{uint32_t(start), uint32_t(i)});
    }
  }
  u.text = std::move(text);
  return u;
}

CheckResult check_logical_form(Value&& form, const Utterance* utterance, const SourceRef& file, DiagnosticSink& sink) {
  CheckResult result;
  result.normalized = std::move(form);
  normalize(result.normalized, &result.rewrites);
  for (const auto& e : result.rewrites.applied) {
    if (e.warning.empty()) continue;
    Diagnostic d;
    d.severity = Severity::Warning;
    d.file = file;
    d.span = e.at;
    d.message = e.warning;
    d.key_path = e.key_path;
    d.code = "lf.real-data-spelling";
    sink.report(std::move(d));
  }
  ValidateOptions options;
  if (utterance) options.token_count = static_cast<long>(utterance->tokens.size());
  result.valid = validate(result.normalized, options, file, sink) == 0;
  return result;
}

CheckResult check_logical_form(const Value& form, const Utterance* utterance, const SourceRef& file,
                               DiagnosticSink& sink) {
  Value copy = form;
  return check_logical_form(std::move(copy), utterance, file, sink);
}

JsonlSummary check_jsonl(const SourceRef& file, DiagnosticSink& sink) {
  JsonlSummary summary;
  if (!file) return summary;
  const std::string& text = file->text();
  size_t pos = 0, n = text.size();
  while (pos < n) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = n;
    size_t begin = pos;
    pos = nl + 1;
    bool blank = true;
    for (size_t i = begin; i < nl; ++i)
      if (!is_space(text[i])) { blank = false; break; }
    if (blank) continue;
    Span line{static_cast<uint32_t>(begin), static_cast<uint32_t>(nl)};
    auto value = read_json(file, line, sink);
    if (!value) {
      ++summary.invalid;
      continue;
    }
    auto line_error = [&](Span span, std::string key, std::string message, std::string code) {
      Diagnostic d;
      d.file = file;
      d.span = span;
      d.message = std::move(message);
      d.key_path = std::move(key);
      d.code = std::move(code);
      sink.report(std::move(d));
      ++summary.invalid;
    };
    if (!value->is_dict()) {
      line_error(value->span, {}, std::string("expected a {\"text\", \"logical_form\"} object, found ") +
                                      value_kind_name(value->kind), "lf.node-type");
      continue;
    }
    Value* form = value->find("logical_form");
    if (!form) {
      line_error(Span::at(value->span.begin), "logical_form", "missing key 'logical_form'", "lf.missing-key");
      continue;
    }
    const Value* text_value = value->find("text");
    if (text_value && !text_value->is_string()) {
      line_error(text_value->span, "text", std::string("expected the utterance as a string, found ") +
                                               value_kind_name(text_value->kind), "lf.node-type");
      continue;
    }
    ValidateOptions options;
    if (text_value) options.token_count = static_cast<long>(count_tokens(text_value->string));
    normalize(*form, nullptr);
    if (validate(*form, options, file, sink) == 0) ++summary.valid;
    else ++summary.invalid;
  }
  return summary;
}

}  // namespace plank::lf
