// The CAIP compiler: what module a form becomes. The module is built as an AST
// whose file is the utterance: every node points at words of it, the printed
// program parses back to the same AST, and the program compiles through the
// whole Plank pipeline.
#include <gtest/gtest.h>

#include <regex>

#include "agents/caip/compile/translate.h"
#include "caip_test_util.h"
#include "compiler/engine/run.h"
#include "compiler/frontend/ast_dump.h"
#include "compiler/frontend/ast_print.h"
#include "compiler/frontend/ast_walk.h"
#include "compiler/frontend/parser.h"
#include "compiler/lf/check.h"

namespace plank::caip::test {
namespace {

Translation compile(const std::string& utterance, const std::string& form) {
  plank::host::register_host_intrinsics();
  auto utt = lf::Utterance::from_text(utterance);
  DiagnosticSink sink;
  std::string text = with_spans(utterance, form);
  auto file = SourceFile::from_string("<t>", text);
  auto checked = lf::check_logical_form(parse(text), &utt, file, sink);
  EXPECT_TRUE(checked.valid) << render_text(sink.all(), {});
  return translate(checked.normalized, utt);
}

std::string program(const Translation& t) { return program_text(*t.module); }

// The words a span covers.
std::string words(const ast::Module& m, Span s) { return m.file->text().substr(s.begin, s.end - s.begin); }

// Every expression of the module, depth first.
void each_expr(const ast::StmtList& body, const std::function<void(const ast::Expr&)>& f) {
  std::function<void(const ast::Expr*)> visit = [&](const ast::Expr* e) {
    f(*e);
    ast::for_each_child(e, visit);
  };
  for (const auto& st : body) {
    switch (st->kind) {
      case ast::StmtKind::FunctionDef: each_expr(ast::cast<ast::FunctionDef>(st.get())->body, f); break;
      case ast::StmtKind::If: {
        auto* n = ast::cast<ast::If>(st.get());
        visit(n->test.get());
        each_expr(n->body, f);
        each_expr(n->orelse, f);
        break;
      }
      case ast::StmtKind::While: {
        auto* n = ast::cast<ast::While>(st.get());
        visit(n->test.get());
        each_expr(n->body, f);
        break;
      }
      case ast::StmtKind::For: {
        auto* n = ast::cast<ast::For>(st.get());
        visit(n->target.get());
        visit(n->iterable.get());
        each_expr(n->body, f);
        break;
      }
      case ast::StmtKind::Assign:
        for (auto& t : ast::cast<ast::Assign>(st.get())->targets) visit(t.get());
        visit(ast::cast<ast::Assign>(st.get())->value.get());
        break;
      case ast::StmtKind::ExprStmt: visit(ast::cast<ast::ExprStmt>(st.get())->value.get()); break;
      case ast::StmtKind::Return:
        if (auto& v = ast::cast<ast::Return>(st.get())->value) visit(v.get());
        break;
      default: break;
    }
  }
}

// The first call of `callee` in the module.
const ast::Call* find_call(const ast::Module& m, const std::string& callee) {
  const ast::Call* found = nullptr;
  each_expr(m.body, [&](const ast::Expr& e) {
    if (auto* c = ast::dyn_cast<ast::Call>(&e); c && !found)
      if (auto* n = ast::dyn_cast<ast::Name>(c->callee.get()); n && n->id == callee) found = c;
  });
  return found;
}

// Printed and parsed again: the same AST (positions aside).
void expect_prints_back(const ast::Module& m) {
  std::string printed = ast::print_module(m);
  DiagnosticSink sink;
  auto again = frontend::parse_module(SourceFile::from_string("<printed>", printed), sink);
  ASSERT_FALSE(sink.has_errors()) << render_text(sink.all(), {}) << printed;
  static const std::regex position(R"(^(\s*\(\S+) \d+:\d+)", std::regex::multiline);
  EXPECT_EQ(std::regex_replace(ast::dump_ast(m), position, "$1"), std::regex_replace(ast::dump_ast(*again), position, "$1"))
      << printed;
}

// The module compiles through the whole Plank pipeline (to IR).
void expect_compiles(const ast::Module& m) {
  engine::RunOptions o;
  o.dump = "ir";
  o.engine = "interp";
  std::string out, err;
  o.out = &out, o.err = &err;
  EXPECT_EQ(engine::run_module(m, o).exit_code, 0) << err << ast::print_module(m);
}

TEST(Translate, TheModulesFileIsTheUtteranceAndNodesPointAtTheirWords) {
  const std::string u = "build a red house next to the tree";
  auto t = compile(u, R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD",
      "schematic": {"has_name": "@house", "has_colour": "@red"},
      "location": {"relative_direction": "NEAR", "reference_object": {"has_name": "@the tree"}}}]})");
  const ast::Module& m = *t.module;
  EXPECT_EQ(m.file->text(), u);
  const ast::Call* shape = find_call(m, "caip_schematic");
  ASSERT_NE(shape, nullptr);
  EXPECT_EQ(words(m, shape->span), "red house");
  ASSERT_EQ(shape->keywords.size(), 2u);
  EXPECT_EQ(shape->keywords[0].name, "name");
  EXPECT_EQ(words(m, shape->keywords[0].value->span), "house");
  EXPECT_EQ(words(m, shape->keywords[1].value->span), "red");
  EXPECT_EQ(words(m, find_call(m, "caip_find")->span), "the tree");
  // The location has no words of its own but its object's.
  EXPECT_EQ(words(m, find_call(m, "caip_location")->span), "the tree");
  // The whole command: the frame.
  EXPECT_EQ(words(m, m.body[0]->span), u);
  // Every node lies inside the utterance.
  each_expr(m.body, [&](const ast::Expr& e) {
    EXPECT_LE(e.span.begin, e.span.end);
    EXPECT_LE(e.span.end, u.size());
  });
  expect_prints_back(m);
  expect_compiles(m);
}

TEST(Translate, EveryResultThatMayBeADoubtIsSettledByThePolicy) {
  auto p = program(compile("build a red house next to the tree", R"({"dialogue_type": "HUMAN_GIVE_COMMAND",
      "action_sequence": [{"action_type": "BUILD", "schematic": {"has_name": "@house", "has_colour": "@red"},
      "location": {"relative_direction": "NEAR", "reference_object": {"has_name": "@the tree"}}}]})"));
  EXPECT_NE(p.find("shape0 = settle(caip_schematic(name='house', colour='red'))\n    if shape0 is None:\n        return\n"),
            std::string::npos)
      << p;
  EXPECT_NE(p.find("settle(caip_find(name='the tree'))"), std::string::npos) << p;
  EXPECT_NE(p.find("settle(caip_location('REFERENCE_OBJECT', ref=ref1, direction='NEAR'))"), std::string::npos) << p;
  EXPECT_NE(p.find("caip_build(shape0, at2)"), std::string::npos) << p;
}

TEST(Translate, RepeatForBecomesALoop) {
  auto t = compile("build three cubes", R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD",
      "repeat": {"repeat_key": "FOR", "repeat_count": "@three", "repeat_dir": "UP"}, "schematic": {"has_name": "@cubes"}}]})");
  auto p = program(t);
  EXPECT_NE(p.find("for k in range(3):"), std::string::npos) << p;
  EXPECT_NE(p.find("caip_offset(at1, 'UP', k, 3, shape0)"), std::string::npos) << p;
  expect_prints_back(*t.module);
  expect_compiles(*t.module);
}

TEST(Translate, StopConditionsBecomeLoopConditions) {
  auto spec = compile("walk until you reach the water", R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "MOVE",
      "stop_condition": {"condition_type": "ADJACENT_TO_BLOCK_TYPE", "block_type": "@water"}}]})");
  EXPECT_NE(program(spec).find("while caip_keep_going(i1) and not caip_adjacent('water'):"), std::string::npos) << program(spec);
  // The loop points at the condition's words.
  const ast::Call* adjacent = find_call(*spec.module, "caip_adjacent");
  ASSERT_NE(adjacent, nullptr);
  EXPECT_EQ(words(*spec.module, adjacent->span), "water");
  expect_compiles(*spec.module);
  auto never = compile("keep dancing", R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "DANCE",
      "repeat": {"stop_condition": {"condition_type": "NEVER"}}}]})");
  EXPECT_NE(program(never).find("while caip_keep_going(i1):"), std::string::npos) << program(never);
  EXPECT_NE(program(never).find("caip_loop_end(task0, True, i1)"), std::string::npos) << program(never);
  expect_compiles(*never.module);
}

TEST(Translate, AllBecomesAListOfObjects) {
  auto t = compile("destroy all the trees", R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "DESTROY",
      "reference_object": {"has_name": "@trees", "repeat": {"repeat_key": "ALL"}}}]})");
  EXPECT_NE(program(t).find("caip_find(name='trees', all=True)"), std::string::npos) << program(t);
  expect_compiles(*t.module);
}

// A count the compiler cannot read is a doubt for the policy, with once as its default.
TEST(Translate, AnUnreadableCountIsADoubtTheCommandSettles) {
  auto t = compile("build lots of towers", R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD",
      "repeat": {"repeat_key": "FOR", "repeat_count": "@lots"}, "schematic": {"has_name": "@towers"}}]})");
  auto p = program(t);
  EXPECT_NE(p.find("n0 = settle(caip_doubt('unreadable_count', words='lots', what='copies', default=1))"), std::string::npos) << p;
  EXPECT_NE(p.find("for k in range(n0):"), std::string::npos) << p;
  const ast::Call* doubt = find_call(*t.module, "caip_doubt");
  ASSERT_NE(doubt, nullptr);
  EXPECT_EQ(words(*t.module, doubt->span), "lots");
  expect_compiles(*t.module);
}

// No source text is written: the utterance's quotes and backslashes reach the
// program as they are, and the printer quotes them so they read back the same.
TEST(Translate, UtteranceTextNeedsNoQuoting) {
  const std::string u = "dance like it's 1999 \\ ok";
  auto t = compile(u, R"({"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "OTHERACTION"}]})");
  const ast::Call* refuse = find_call(*t.module, "cannot_do");
  ASSERT_NE(refuse, nullptr);
  EXPECT_EQ(ast::cast<ast::StringLiteral>(refuse->args.at(0).get())->value, u);
  expect_prints_back(*t.module);
  expect_compiles(*t.module);
}

TEST(Translate, EveryValidFormCompilesAndPrintsBack) {
  std::string path = std::string(PLANK_SHARED_DIR) + "/data/caip/valid.jsonl";
  std::string error;
  auto file = SourceFile::load(path, &error);
  if (!file) GTEST_SKIP() << error;
  plank::host::register_host_intrinsics();
  const std::string& text = file->text();
  size_t pos = 0, n = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    DiagnosticSink sink;
    auto line = lf::read_json(file, Span{uint32_t(pos), uint32_t(end)}, sink);
    pos = end + 1;
    if (!line) continue;
    auto utt = lf::Utterance::from_text(line->find("text")->string);
    auto checked = lf::check_logical_form(*line->find("logical_form"), &utt, file, sink);
    ASSERT_TRUE(checked.valid);
    Translation t = translate(checked.normalized, utt);
    expect_prints_back(*t.module);
    if (n < 120) expect_compiles(*t.module);  // a slice: the CLI test runs them all
    each_expr(t.module->body, [&](const ast::Expr& e) { ASSERT_LE(e.span.end, utt.text.size()); });
    ++n;
  }
  EXPECT_EQ(n, 449u);
}

}  // namespace
}  // namespace plank::caip::test
