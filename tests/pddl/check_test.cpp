// The PDDL checker: every undeclared name, wrong arity and unsupported
// construct is one diagnostic at its place, with what would be accepted; the
// shared sets check clean (or with exactly the problems they are known for).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "compiler/pddl/load.h"
#include "pddl/pddl_test_util.h"

namespace plank::test {
namespace {

namespace fs = std::filesystem;
using ::testing::Contains;
using ::testing::HasSubstr;

const char* kDomain = R"((define (domain world)
  (:requirements :strips :typing :negative-preconditions :equality)
  (:types room ball - object gripper)
  (:constants left right - gripper)
  (:predicates (at-robby ?r - room) (at ?b - ball ?r - room) (free ?g - gripper) (carry ?b - ball ?g - gripper))
  (:action move :parameters (?from ?to - room)
    :precondition (and (at-robby ?from) (not (= ?from ?to)))
    :effect (and (at-robby ?to) (not (at-robby ?from))))
  (:action pick :parameters (?b - ball ?r - room ?g - gripper)
    :precondition (and (at ?b ?r) (at-robby ?r) (free ?g))
    :effect (and (carry ?b ?g) (not (at ?b ?r)) (not (free ?g)))))
)";

const char* kProblem = R"((define (problem p) (:domain world)
  (:objects a b - room ball1 - ball)
  (:init (at-robby a) (at ball1 a) (free left) (free right))
  (:goal (and (carry ball1 left) (at-robby b))))
)";

TEST(PddlCheck, AWellFormedPairResolvesEveryName) {
  auto c = check_text(kDomain, kProblem);
  ASSERT_FALSE(c->sink.has_errors()) << c->text();
  ASSERT_TRUE(c->task);
  const pddl::Task& t = *c->task;
  EXPECT_EQ(t.actions.size(), 2u);
  EXPECT_EQ(t.objects.size(), 5u);  // two constants, three objects
  EXPECT_EQ(t.init.size(), 4u);
  int ball = -1;
  for (size_t i = 0; i < t.types.size(); ++i)
    if (t.types[i].name == "ball") ball = static_cast<int>(i);
  ASSERT_GE(ball, 0);
  ASSERT_EQ(t.objects_of_type[ball].size(), 1u);
  EXPECT_EQ(t.objects[t.objects_of_type[ball][0]].name, "ball1");
  EXPECT_EQ(t.objects_of_type[pddl::kObjectType].size(), 5u);
}

struct Mistake {
  std::string from, to;  // replace in the domain
  std::string message;
  std::string code;
  std::string expected;  // one of the accepted values, or ""
};

TEST(PddlCheck, EachMistakeIsOneDiagnosticAtItsPlace) {
  const Mistake mistakes[] = {
      {"(at-robby ?to)", "(at-robot ?to)", "undeclared predicate 'at-robot'; did you mean 'at-robby'?",
       "pddl.undeclared-predicate", "at-robby"},
      {"?b - ball ?r - room ?g", "?b - bal ?r - room ?g", "undeclared type 'bal'; did you mean 'ball'?",
       "pddl.undeclared-type", "ball"},
      {"(free ?g))\n    :effect", "(free ?gg))\n    :effect", "undeclared variable ?gg; did you mean '?g'?",
       "pddl.undeclared-variable", "?g"},
      {"(carry ?b ?g) (not", "(carry ?b ?g ?r) (not", "'carry' takes 2 arguments, not 3", "pddl.arity",
       "(carry ?a ?b)"},
      {"(free ?g))\n    :effect", "(free lft))\n    :effect", "undeclared constant 'lft'; did you mean 'left'?",
       "pddl.undeclared-constant", "left"},
      {":strips :typing", ":strips :tying", "unknown requirement :tying; did you mean ':typing'?",
       "pddl.unknown-requirement", ":typing"},
      {":equality)", ":equality :durative-actions)", "requirement :durative-actions is not supported",
       "pddl.unsupported", ""},
      {"(not (at-robby ?from))))", "(not (at-robby ?from)) (increase (fuel) 1)))",
       "numeric effects other than (increase (total-cost) ...) are not supported", "pddl.unsupported", ""},
  };
  for (const auto& m : mistakes) {
    std::string domain = kDomain;
    size_t at = domain.find(m.from);
    ASSERT_NE(at, std::string::npos) << m.from;
    domain.replace(at, m.from.size(), m.to);
    auto c = check_text(domain, kProblem);
    ASSERT_EQ(c->sink.error_count(), 1u) << m.to << "\n" << c->text();
    EXPECT_FALSE(c->task);
    const Diagnostic& d = c->sink.all()[0];
    EXPECT_THAT(d.message, HasSubstr(m.message));
    EXPECT_EQ(d.code, m.code);
    if (!m.expected.empty()) {
      EXPECT_THAT(d.expected, Contains(m.expected));
    }
    // The caret sits inside the replaced text.
    EXPECT_GE(d.span.begin, at) << m.to;
    EXPECT_LE(d.span.end, at + m.to.size()) << m.to;
  }
}

TEST(PddlCheck, ProblemMistakesPointIntoTheProblem) {
  std::string problem = kProblem;
  problem.replace(problem.find("(free right)"), 12, "(free up)");
  auto c = check_text(kDomain, problem);
  ASSERT_EQ(c->sink.error_count(), 1u) << c->text();
  EXPECT_EQ(c->sink.all()[0].file->path(), "problem.pddl");
  EXPECT_THAT(c->sink.all()[0].message, HasSubstr("undeclared object 'up'"));
}

TEST(PddlCheck, AProblemObjectNamedByTheDomainIsAWarningWithTheProblemAndAnErrorAlone) {
  std::string domain = kDomain;
  domain.replace(domain.find("(free ?g))\n    :effect"), 10, "(at ?b a))");
  auto alone = check_text(domain);
  ASSERT_EQ(alone->sink.error_count(), 1u) << alone->text();
  EXPECT_THAT(alone->sink.all()[0].message, HasSubstr("undeclared constant 'a'"));
  auto pair = check_text(domain, kProblem);
  EXPECT_FALSE(pair->sink.has_errors()) << pair->text();
  ASSERT_EQ(pair->sink.all().size(), 1u);
  EXPECT_EQ(pair->sink.all()[0].severity, Severity::Warning);
  EXPECT_EQ(pair->sink.all()[0].code, "pddl.undeclared-constant");
  EXPECT_TRUE(pair->task);
}

TEST(PddlCheck, TypesWithSeveralParentsHoldTheirObjectsInEach) {
  auto c = check_text(R"((define (domain d) (:types cup - container cup - drinkware mug - cup)
      (:predicates (full ?c - container) (clean ?d - drinkware)) (:action a :parameters (?m - mug) :effect (full ?m))))",
                      R"((define (problem p) (:domain d) (:objects m1 - mug c1 - cup) (:init) (:goal (clean m1))))");
  ASSERT_TRUE(c->task) << c->text();
  const auto& t = *c->task;
  for (const char* name : {"container", "drinkware", "cup"}) {
    int type = -1;
    for (size_t i = 0; i < t.types.size(); ++i)
      if (t.types[i].name == name) type = static_cast<int>(i);
    ASSERT_GE(type, 0) << name;
    EXPECT_EQ(t.objects_of_type[type].size(), 2u) << name;
  }
}

TEST(PddlCheck, AlfworldsDomainReportsItsCommaAndItsUndeclaredNames) {
  fs::path alfred = fs::path(pddl_shared_dir()) / "data/alfworld/alfworld/data/alfred.pddl";
  if (!fs::exists(alfred)) GTEST_SKIP() << "no shared data";
  std::string error;
  auto source = SourceFile::load(alfred.string(), &error);
  DiagnosticSink sink;
  auto file = pddl::parse_file(source, sink);
  pddl::check(file, nullptr, sink);
  std::vector<std::string> codes;
  for (const auto& d : sink.all()) codes.push_back(d.code);
  EXPECT_EQ(std::count(codes.begin(), codes.end(), "pddl.syntax"), 1);
  EXPECT_EQ(std::count(codes.begin(), codes.end(), "pddl.undeclared-constant"), 5);
  const auto& comma = sink.all()[0];
  EXPECT_EQ(source->line_col(comma.span.begin).line, 113u);
  EXPECT_EQ(source->line_col(comma.span.begin).column, 35u);
}

TEST(PddlCheck, EveryIpcPairAndTeachProblemChecksClean) {
  fs::path base = fs::path(pddl_shared_dir()) / "data/pddl";
  if (!fs::exists(base)) GTEST_SKIP() << "no shared data";
  size_t checked = 0;
  for (const auto& dir : fs::directory_iterator(base / "ipc-dev")) {
    for (const auto& e : fs::directory_iterator(dir.path())) {
      if (e.path().filename().string().rfind("instance-", 0) != 0) continue;
      DiagnosticSink sink;
      auto loaded = pddl::load_task_files((dir.path() / "domain.pddl").string(), e.path().string(), sink);
      EXPECT_TRUE(loaded.task) << e.path() << "\n" << render_text(sink.all());
      ++checked;
    }
  }
  for (const char* p : {"teach-water-plant.pddl", "teach-toast-on-plate.pddl", "teach-two-apples-in-fridge.pddl"}) {
    DiagnosticSink sink;
    auto loaded = pddl::load_task_files((base / "teach/domain.pddl").string(), (base / "teach" / p).string(), sink);
    EXPECT_TRUE(loaded.task) << p << "\n" << render_text(sink.all());
    ++checked;
  }
  EXPECT_EQ(checked, 77u);
}

TEST(PddlCheck, MinePlannerOriginalsWarnOnceAndTheirFdCopiesDoNot) {
  fs::path dir = fs::path(pddl_shared_dir()) / "data/pddl/mineplanner/Gather_Wood/Easy";
  if (!fs::exists(dir)) GTEST_SKIP() << "no shared data";
  DiagnosticSink original;
  auto a = pddl::load_task_files((dir / "Gather_Wood_Easy_domain.pddl").string(),
                                 (dir / "Gather_Wood_Easy_problem.pddl").string(), original);
  ASSERT_TRUE(a.task) << render_text(original.all());
  ASSERT_EQ(original.all().size(), 1u);
  EXPECT_EQ(original.all()[0].severity, Severity::Warning);
  DiagnosticSink fd;
  auto b = pddl::load_task_files((dir / "Gather_Wood_Easy_domain.fd.pddl").string(),
                                 (dir / "Gather_Wood_Easy_problem.fd.pddl").string(), fd);
  ASSERT_TRUE(b.task);
  EXPECT_TRUE(fd.all().empty()) << render_text(fd.all());
  EXPECT_EQ(a.task->objects.size(), b.task->objects.size());
  EXPECT_EQ(a.task->init.size(), b.task->init.size());
}

}  // namespace
}  // namespace plank::test
