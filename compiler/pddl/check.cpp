// The checker's entry point and the declarations: requirements, types,
// constants and objects, predicates, functions (see check.h).
#include "compiler/pddl/check.h"

#include <algorithm>
#include <functional>

#include "compiler/pddl/checker.h"
#include "support/edit_distance.h"

namespace plank::pddl {
namespace detail {

void Checker::error(Span span, std::string message, std::string code, std::vector<std::string> expected) {
  Diagnostic d;
  d.file = file_;
  d.span = span;
  d.message = std::move(message);
  d.code = std::move(code);
  d.expected = std::move(expected);
  sink_.report(std::move(d));
}

void Checker::warning(Span span, std::string message, std::string code) {
  Diagnostic d;
  d.severity = Severity::Warning;
  d.file = file_;
  d.span = span;
  d.message = std::move(message);
  d.code = std::move(code);
  sink_.report(std::move(d));
}

std::string suggestion(const std::string& name, const std::vector<std::string>& candidates) {
  std::string best;
  size_t best_distance = std::max<size_t>(2, name.size() / 3) + 1;
  for (const auto& c : candidates) {
    size_t d = levenshtein(name, c);
    if (d < best_distance) {
      best_distance = d;
      best = c;
    }
  }
  return best.empty() ? "" : "; did you mean '" + best + "'?";
}

namespace {

// The requirement flags, as data: those planned with, and those read but refused.
const std::vector<std::string> kSupported = {
    ":strips", ":typing", ":negative-preconditions", ":disjunctive-preconditions", ":equality",
    ":existential-preconditions", ":universal-preconditions", ":quantified-preconditions",
    ":conditional-effects", ":adl", ":action-costs"};
const std::vector<std::string> kRefused = {
    ":numeric-fluents", ":fluents", ":object-fluents", ":durative-actions", ":duration-inequalities",
    ":continuous-effects", ":derived-predicates", ":timed-initial-literals", ":preferences", ":constraints"};

template <typename T>
std::vector<std::string> keys(const std::map<std::string, T>& m) {
  std::vector<std::string> out;
  for (const auto& [k, _] : m) out.push_back(k);
  return out;
}

}  // namespace

void Checker::requirements(const std::vector<ast::Name>& names) {
  for (const auto& r : names) {
    if (std::find(kSupported.begin(), kSupported.end(), r.text) != kSupported.end()) continue;
    if (std::find(kRefused.begin(), kRefused.end(), r.text) != kRefused.end()) {
      error(r.span, "requirement " + r.text + " is not supported: Plank plans classical tasks with action costs",
            "pddl.unsupported", kSupported);
      continue;
    }
    error(r.span, "unknown requirement " + r.text + suggestion(r.text, kSupported), "pddl.unknown-requirement",
          kSupported);
  }
}

void Checker::types(const std::vector<ast::TypedName>& decls) {
  auto declare = [&](const std::string& name) {
    auto it = type_ids.find(name);
    if (it != type_ids.end()) return it->second;
    TypeId id = static_cast<TypeId>(task_.types.size());
    task_.types.push_back({name, {}});
    type_ids.emplace(name, id);
    return id;
  };
  for (const auto& d : decls) {
    if (d.name.text == "object") {
      if (!d.type.names.empty())
        error(d.name.span, "the type 'object' is the root of every type and has no parent", "pddl.type");
      continue;
    }
    TypeId id = declare(d.name.text);
    if (d.type.either) {
      error(d.type.span, "a type's parent must be a type name, not (either ...); declare the type once per parent",
            "pddl.type");
      continue;
    }
    // A parent named only here is declared by that use (as under object).
    TypeId parent = d.type.names.empty() ? kObjectType : declare(d.type.names[0].text);
    auto& parents = task_.types[id].parents;
    if (parent != id && std::find(parents.begin(), parents.end(), parent) == parents.end()) parents.push_back(parent);
    // `a b - a` lists a under itself; it says nothing (Fast Downward reads the TEACh domain, which does this).
    if (parent == id)
      warning(d.name.span, "type '" + d.name.text + "' is declared as its own parent (ignored)", "pddl.type");
  }
  for (auto& t : task_.types)
    if (t.name != "object" && t.parents.empty()) t.parents.push_back(kObjectType);
  // A cycle would make every object of it belong to itself forever.
  std::vector<int> state(task_.types.size(), 0);
  std::function<bool(TypeId)> cyclic = [&](TypeId t) {
    if (state[t] == 1) return true;
    if (state[t] == 2) return false;
    state[t] = 1;
    for (TypeId p : task_.types[t].parents)
      if (cyclic(p)) return true;
    state[t] = 2;
    return false;
  };
  for (const auto& d : decls) {
    auto it = type_ids.find(d.name.text);
    if (it == type_ids.end()) continue;
    std::fill(state.begin(), state.end(), 0);
    if (cyclic(it->second)) {
      error(d.name.span, "the types above '" + d.name.text + "' form a cycle", "pddl.type");
      for (auto& t : task_.types) t.parents.erase(std::remove(t.parents.begin(), t.parents.end(), it->second),
                                                  t.parents.end());
    }
  }
}

TypeSet Checker::type_set(const ast::TypeRef& ref) {
  TypeSet out;
  for (const auto& n : ref.names) {
    auto it = type_ids.find(n.text);
    if (it == type_ids.end()) {
      error(n.span, "undeclared type '" + n.text + "'" + suggestion(n.text, keys(type_ids)), "pddl.undeclared-type",
            names_of(type_ids));
      continue;
    }
    if (std::find(out.begin(), out.end(), it->second) == out.end()) out.push_back(it->second);
  }
  if (out.empty()) out.push_back(kObjectType);
  return out;
}

void Checker::objects(const std::vector<ast::TypedName>& decls, bool constants) {
  for (const auto& d : decls) {
    TypeSet types = type_set(d.type);
    auto it = object_ids.find(d.name.text);
    if (it != object_ids.end()) {
      ObjectInfo& o = task_.objects[it->second];
      if (o.types == types) {
        // Harmless, but Fast Downward and VAL reject it.
        warning(d.name.span, "'" + d.name.text + "' is declared twice", "pddl.duplicate");
      } else {
        error(d.name.span, "'" + d.name.text + "' is declared twice, with different types", "pddl.duplicate");
      }
      continue;
    }
    ObjectId id = static_cast<ObjectId>(task_.objects.size());
    task_.objects.push_back({d.name.text, types, constants});
    object_ids.emplace(d.name.text, id);
    object_spans.emplace(d.name.text, d.name.span);
    if (!constants) problem_objects.insert(id);
  }
}

void Checker::predicates(const std::vector<ast::PredicateDecl>& decls) {
  for (const auto& p : decls) {
    if (predicate_ids.count(p.name.text)) {
      error(p.name.span, "predicate '" + p.name.text + "' is declared twice", "pddl.duplicate");
      continue;
    }
    PredicateInfo info{p.name.text, {}};
    std::set<std::string> seen;
    for (const auto& v : p.parameters) {
      if (!seen.insert(v.name.text).second)
        error(v.name.span, "variable " + v.name.text + " appears twice in the parameters", "pddl.duplicate");
      info.parameters.push_back(type_set(v.type));
    }
    predicate_ids.emplace(p.name.text, static_cast<PredicateId>(task_.predicates.size()));
    task_.predicates.push_back(std::move(info));
  }
}

void Checker::functions(const std::vector<ast::FunctionDecl>& decls) {
  for (const auto& f : decls) {
    if (function_ids.count(f.name.text)) {
      error(f.name.span, "function '" + f.name.text + "' is declared twice", "pddl.duplicate");
      continue;
    }
    if (!f.result_type.text.empty() && f.result_type.text != "number")
      error(f.result_type.span, "object-valued functions are not supported; functions hold numbers", "pddl.unsupported",
            {"number"});
    FunctionInfo info{f.name.text, {}};
    for (const auto& v : f.parameters) info.parameters.push_back(type_set(v.type));
    function_ids.emplace(f.name.text, static_cast<int>(task_.functions.size()));
    task_.functions.push_back(std::move(info));
  }
}

void Checker::compute_type_closure() {
  // ancestors[t]: t and every type above it (several parents allowed).
  std::vector<std::vector<TypeId>> ancestors(task_.types.size());
  for (TypeId t = 0; t < static_cast<TypeId>(task_.types.size()); ++t) {
    std::vector<TypeId> stack{t};
    std::vector<bool> seen(task_.types.size(), false);
    while (!stack.empty()) {
      TypeId u = stack.back();
      stack.pop_back();
      if (seen[u]) continue;
      seen[u] = true;
      ancestors[t].push_back(u);
      for (TypeId p : task_.types[u].parents) stack.push_back(p);
    }
  }
  task_.objects_of_type.assign(task_.types.size(), {});
  for (ObjectId o = 0; o < static_cast<ObjectId>(task_.objects.size()); ++o) {
    std::vector<bool> added(task_.types.size(), false);
    for (TypeId t : task_.objects[o].types)
      for (TypeId a : ancestors[t])
        if (!added[a]) {
          added[a] = true;
          task_.objects_of_type[a].push_back(o);
        }
    if (!added[kObjectType]) task_.objects_of_type[kObjectType].push_back(o);
  }
}

}  // namespace detail

const std::vector<std::string>& supported_requirements() { return detail::kSupported; }

std::unique_ptr<Task> check(const ast::File& domain_file, const ast::File* problem_file, DiagnosticSink& sink) {
  const size_t errors_before = sink.error_count();
  auto task = std::make_unique<Task>();
  detail::Checker c(*task, sink);
  if (!domain_file.domain) {
    if (domain_file.problem) {
      Diagnostic d;
      d.file = domain_file.source;
      d.span = domain_file.problem->name.span;
      d.message = "expected a domain, found problem '" + domain_file.problem->name.text + "'";
      d.code = "pddl.file-kind";
      sink.report(std::move(d));
    }
    return nullptr;
  }
  const ast::Domain& domain = *domain_file.domain;
  const ast::Problem* problem = problem_file ? problem_file->problem.get() : nullptr;
  if (problem_file && !problem) {
    if (problem_file->domain) {
      Diagnostic d;
      d.file = problem_file->source;
      d.span = problem_file->domain->name.span;
      d.message = "expected a problem, found domain '" + problem_file->domain->name.text + "'";
      d.code = "pddl.file-kind";
      sink.report(std::move(d));
    }
    return nullptr;
  }
  task->domain_name = domain.name.text;
  task->domain_file = domain_file.source;
  task->types.push_back({"object", {}});
  c.type_ids.emplace("object", kObjectType);

  c.in_file(domain_file.source);
  c.requirements(domain.requirements);
  for (const auto& u : domain.unsupported)
    c.error(u.span, u.keyword.text + " is not supported: Plank plans classical tasks", "pddl.unsupported");
  for (const auto& d : domain.derived)
    c.error(d.span, "derived predicates (:derived) are not supported", "pddl.unsupported");
  c.types(domain.types);
  c.objects(domain.constants, /*constants=*/true);
  if (problem) {
    task->problem_name = problem->name.text;
    task->problem_file = problem_file->source;
    c.in_file(problem_file->source);
    if (problem->domain_name.text != domain.name.text)
      c.warning(problem->domain_name.span,
                "the problem is for domain '" + problem->domain_name.text + "', not '" + domain.name.text + "'",
                "pddl.domain-name");
    c.requirements(problem->requirements);
    for (const auto& u : problem->unsupported)
      c.error(u.span, u.keyword.text + " is not supported: Plank plans classical tasks", "pddl.unsupported");
    c.objects(problem->objects, /*constants=*/false);
    c.problem_objects_visible = true;
    c.in_file(domain_file.source);
  }
  c.compute_type_closure();
  c.predicates(domain.predicates);
  c.functions(domain.functions);
  for (const auto& a : domain.actions) c.action(a);
  if (!problem) return nullptr;

  c.in_file(problem_file->source);
  c.init(problem->init);
  if (problem->goal) {
    c.goal(*problem->goal);
  } else {
    c.error(problem->name.span, "the problem has no (:goal ...)", "pddl.no-goal");
  }
  c.metric(problem->metric);
  if (sink.error_count() > errors_before) return nullptr;
  return task;
}

}  // namespace plank::pddl
