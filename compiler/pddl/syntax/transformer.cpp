// Parse tree -> ast (see transformer.h). One function per grammar rule; names
// are folded to lower case here and nowhere else.
#include "compiler/pddl/syntax/transformer.h"

#include <cctype>
#include <cstdlib>

namespace plank::pddl::syntax {
namespace {

using P = pddl_grammar::PddlParser;
using antlr4::tree::TerminalNode;

Span span_of(antlr4::ParserRuleContext* ctx) {
  auto* a = ctx->getStart();
  auto* b = ctx->getStop();
  uint32_t begin = static_cast<uint32_t>(a->getStartIndex());
  uint32_t end = b && b->getStopIndex() != static_cast<size_t>(-1) && b->getStopIndex() + 1 >= begin
                     ? static_cast<uint32_t>(b->getStopIndex() + 1)
                     : begin;
  return {begin, end};
}

Span span_of(TerminalNode* t) {
  auto* s = t->getSymbol();
  return {static_cast<uint32_t>(s->getStartIndex()), static_cast<uint32_t>(s->getStopIndex() + 1)};
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

ast::Name name_of(TerminalNode* t) { return {lower(t->getText()), span_of(t)}; }
ast::Name name_of(P::NameContext* n) { return {lower(n->getText()), span_of(n)}; }

ast::TypeRef type_ref(P::TypeRefContext* ctx) {
  ast::TypeRef t;
  t.span = span_of(ctx);
  t.either = ctx->EITHER() != nullptr;
  for (auto* n : ctx->name()) t.names.push_back(name_of(n));
  return t;
}

// `a b - t c`: walks the children in order, giving each run of names the type
// that follows its '-'.
template <typename Ctx, typename NameOf>
std::vector<ast::TypedName> typed_list(Ctx* ctx, NameOf name_of_child) {
  std::vector<ast::TypedName> out;
  size_t pending = 0;  // index of the first name still without a type
  for (size_t i = 0; i < ctx->children.size(); ++i) {
    auto* child = ctx->children[i];
    if (auto* t = dynamic_cast<TerminalNode*>(child)) {
      if (t->getSymbol()->getType() == P::MINUS) continue;
      out.push_back({name_of_child(t), {}});
    } else if (auto* n = dynamic_cast<P::NameContext*>(child)) {
      out.push_back({name_of(n), {}});
    } else if (auto* tr = dynamic_cast<P::TypeRefContext*>(child)) {
      ast::TypeRef ref = type_ref(tr);
      for (size_t k = pending; k < out.size(); ++k) out[k].type = ref;
      pending = out.size();
    }
  }
  return out;
}

std::vector<ast::TypedName> typed_names(P::TypedNamesContext* ctx) {
  return typed_list(ctx, [](TerminalNode* t) { return name_of(t); });
}
std::vector<ast::TypedName> typed_variables(P::TypedVariablesContext* ctx) {
  return typed_list(ctx, [](TerminalNode* t) { return name_of(t); });
}

ast::Term term(P::TermContext* ctx) {
  if (ctx->VARIABLE()) return {name_of(ctx->VARIABLE())};
  return {name_of(ctx->name())};
}

ast::Atom atom(P::AtomContext* ctx) {
  ast::Atom a;
  a.predicate = name_of(ctx->name());
  a.span = span_of(ctx);
  for (auto* t : ctx->term()) a.args.push_back(term(t));
  return a;
}

ast::Atom function_term(P::FunctionTermContext* ctx) {
  ast::Atom a;
  a.predicate = name_of(ctx->name());
  a.span = span_of(ctx);
  for (auto* t : ctx->term()) a.args.push_back(term(t));
  return a;
}

ast::NumericExpr numeric(P::NumericExprContext* ctx) {
  ast::NumericExpr e;
  e.span = span_of(ctx);
  if (ctx->NUMBER()) {
    e.kind = ast::NumericExpr::Kind::Number;
    e.number = std::strtod(ctx->NUMBER()->getText().c_str(), nullptr);
  } else if (ctx->functionTerm()) {
    e.kind = ast::NumericExpr::Kind::Function;
    e.function = function_term(ctx->functionTerm());
  } else {
    e.kind = ast::NumericExpr::Kind::Arithmetic;
    e.op = ctx->arithmetic()->getText();
    for (auto* operand : ctx->numericExpr()) e.operands.push_back(numeric(operand));
  }
  return e;
}

ast::ConditionPtr goal(P::GoalContext* ctx);

ast::ConditionPtr make(ast::Condition::Kind kind, antlr4::ParserRuleContext* ctx) {
  auto c = std::make_unique<ast::Condition>();
  c->kind = kind;
  c->span = span_of(ctx);
  return c;
}

ast::ConditionPtr goal(P::GoalContext* ctx) {
  using K = ast::Condition::Kind;
  if (auto* g = dynamic_cast<P::AtomGoalContext*>(ctx)) {
    auto c = make(K::Atom, ctx);
    c->atom = atom(g->atom());
    return c;
  }
  if (auto* g = dynamic_cast<P::AndGoalContext*>(ctx)) {
    auto c = make(K::And, ctx);
    for (auto* sub : g->goal()) c->children.push_back(goal(sub));
    return c;
  }
  if (auto* g = dynamic_cast<P::OrGoalContext*>(ctx)) {
    auto c = make(K::Or, ctx);
    for (auto* sub : g->goal()) c->children.push_back(goal(sub));
    return c;
  }
  if (auto* g = dynamic_cast<P::NotGoalContext*>(ctx)) {
    auto c = make(K::Not, ctx);
    c->children.push_back(goal(g->goal()));
    return c;
  }
  if (auto* g = dynamic_cast<P::ImplyGoalContext*>(ctx)) {
    auto c = make(K::Imply, ctx);
    for (auto* sub : g->goal()) c->children.push_back(goal(sub));
    return c;
  }
  if (auto* g = dynamic_cast<P::ExistsGoalContext*>(ctx)) {
    auto c = make(K::Exists, ctx);
    c->variables = typed_variables(g->typedVariables());
    c->children.push_back(goal(g->goal()));
    return c;
  }
  if (auto* g = dynamic_cast<P::ForallGoalContext*>(ctx)) {
    auto c = make(K::Forall, ctx);
    c->variables = typed_variables(g->typedVariables());
    c->children.push_back(goal(g->goal()));
    return c;
  }
  if (auto* g = dynamic_cast<P::EqualsGoalContext*>(ctx)) {
    auto c = make(K::Equals, ctx);
    c->left = term(g->term(0));
    c->right = term(g->term(1));
    return c;
  }
  return make(K::Numeric, ctx);  // NumericGoalContext: reported by the checker
}

ast::EffectPtr effect(P::EffectContext* ctx) {
  using K = ast::Effect::Kind;
  auto e = std::make_unique<ast::Effect>();
  e->span = span_of(ctx);
  if (auto* x = dynamic_cast<P::AddEffectContext*>(ctx)) {
    e->kind = K::Add;
    e->atom = atom(x->atom());
  } else if (auto* x = dynamic_cast<P::DeleteEffectContext*>(ctx)) {
    e->kind = K::Delete;
    e->atom = atom(x->atom());
  } else if (auto* x = dynamic_cast<P::AndEffectContext*>(ctx)) {
    e->kind = K::And;
    for (auto* sub : x->effect()) e->children.push_back(effect(sub));
  } else if (auto* x = dynamic_cast<P::ForallEffectContext*>(ctx)) {
    e->kind = K::Forall;
    e->variables = typed_variables(x->typedVariables());
    e->children.push_back(effect(x->effect()));
  } else if (auto* x = dynamic_cast<P::WhenEffectContext*>(ctx)) {
    e->kind = K::When;
    e->condition = goal(x->goal());
    e->children.push_back(effect(x->effect()));
  } else if (auto* x = dynamic_cast<P::NumericEffectContext*>(ctx)) {
    e->kind = K::Numeric;
    e->numeric_op = lower(x->numericOp()->getText());
    e->atom = function_term(x->functionTerm());
    e->amount = numeric(x->numericExpr());
  }
  return e;
}

ast::PredicateDecl predicate(P::PredicateSkeletonContext* ctx) {
  return {name_of(ctx->name()), typed_variables(ctx->typedVariables()), span_of(ctx)};
}

std::vector<ast::Name> requirements(P::RequireDefContext* ctx) {
  std::vector<ast::Name> out;
  for (auto* r : ctx->requirement()) out.push_back({lower(r->getText()), span_of(r)});
  return out;
}

ast::ActionDecl action(P::ActionDefContext* ctx) {
  ast::ActionDecl a;
  a.name = name_of(ctx->name());
  a.span = span_of(ctx);
  if (ctx->typedVariables()) a.parameters = typed_variables(ctx->typedVariables());
  if (ctx->goal()) a.precondition = goal(ctx->goal());
  if (ctx->effect()) a.effect = effect(ctx->effect());
  return a;
}

ast::UnsupportedSection unsupported(P::UnsupportedDefContext* ctx) {
  return {name_of(ctx->UNSUPPORTED_SECTION()), span_of(ctx)};
}

std::unique_ptr<ast::Domain> domain(P::DomainContext* ctx) {
  auto d = std::make_unique<ast::Domain>();
  d->name = name_of(ctx->name());
  d->span = span_of(ctx);
  for (auto* item : ctx->domainItem()) {
    if (auto* x = item->requireDef()) {
      auto r = requirements(x);
      d->requirements.insert(d->requirements.end(), r.begin(), r.end());
    } else if (auto* x = item->typesDef()) {
      auto t = typed_names(x->typedNames());
      d->types.insert(d->types.end(), t.begin(), t.end());
    } else if (auto* x = item->constantsDef()) {
      auto c = typed_names(x->typedNames());
      d->constants.insert(d->constants.end(), c.begin(), c.end());
    } else if (auto* x = item->predicatesDef()) {
      for (auto* p : x->predicateSkeleton()) d->predicates.push_back(predicate(p));
    } else if (auto* x = item->functionsDef()) {
      for (auto* f : x->functionSkeleton()) {
        ast::FunctionDecl fd{name_of(f->name()), typed_variables(f->typedVariables()), {}, span_of(f)};
        if (f->functionType()) fd.result_type = name_of(f->functionType()->name());
        d->functions.push_back(std::move(fd));
      }
    } else if (auto* x = item->actionDef()) {
      d->actions.push_back(action(x));
    } else if (auto* x = item->derivedDef()) {
      ast::DerivedDecl dd;
      dd.head = {name_of(x->predicateHead()->name()), typed_variables(x->predicateHead()->typedVariables()),
                 span_of(x->predicateHead())};
      dd.body = goal(x->goal());
      dd.span = span_of(x);
      d->derived.push_back(std::move(dd));
    } else if (auto* x = item->unsupportedDef()) {
      d->unsupported.push_back(unsupported(x));
    }
  }
  return d;
}

std::unique_ptr<ast::Problem> problem(P::ProblemContext* ctx) {
  auto p = std::make_unique<ast::Problem>();
  p->name = name_of(ctx->name(0));
  p->domain_name = name_of(ctx->name(1));
  p->span = span_of(ctx);
  for (auto* item : ctx->problemItem()) {
    if (auto* x = item->requireDef()) {
      auto r = requirements(x);
      p->requirements.insert(p->requirements.end(), r.begin(), r.end());
    } else if (auto* x = item->objectsDef()) {
      auto o = typed_names(x->typedNames());
      p->objects.insert(p->objects.end(), o.begin(), o.end());
    } else if (auto* x = item->initDef()) {
      for (auto* el : x->initElement()) {
        ast::InitElement ie;
        ie.span = span_of(el);
        if (auto* a = dynamic_cast<P::InitAtomContext*>(el)) {
          ie.kind = ast::InitElement::Kind::Atom;
          ie.atom = atom(a->atom());
        } else if (auto* n = dynamic_cast<P::InitNegatedAtomContext*>(el)) {
          ie.kind = ast::InitElement::Kind::NegatedAtom;
          ie.atom = atom(n->atom());
        } else if (auto* v = dynamic_cast<P::InitNumericContext*>(el)) {
          ie.kind = ast::InitElement::Kind::Numeric;
          ie.atom = function_term(v->functionTerm());
          ie.value = std::strtod(v->NUMBER()->getText().c_str(), nullptr);
        }
        p->init.push_back(std::move(ie));
      }
    } else if (auto* x = item->goalDef()) {
      p->goal = goal(x->goal());
    } else if (auto* x = item->metricDef()) {
      p->metric.present = true;
      p->metric.minimize = x->optimization()->MINIMIZE() != nullptr;
      p->metric.expr = numeric(x->numericExpr());
      p->metric.span = span_of(x);
    } else if (auto* x = item->unsupportedDef()) {
      p->unsupported.push_back(unsupported(x));
    }
  }
  return p;
}

}  // namespace

void transform(P::PddlFileContext* tree, ast::File& out) {
  if (tree->domain()) out.domain = domain(tree->domain());
  if (tree->problem()) out.problem = problem(tree->problem());
}

}  // namespace plank::pddl::syntax
