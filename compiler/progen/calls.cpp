// Calls and scopes of the newer constructs: *args, **kwargs and keyword-only
// parameters (and * / ** unpacking at the call), `global`, `nonlocal`,
// starred assignment, `del`, slice assignment; see gen.h.
#include "compiler/progen/gen.h"

namespace plank::progen::detail {

namespace {
// Names the **kwargs of a generated call may use (never a parameter's name).
const std::vector<const char*> kExtraKeywords = {"u", "w", "z"};
}  // namespace

void Gen::varargs_function() {
  VarFn f;
  f.name = fresh("va");
  f.positional = rng_.range(1, 2);
  f.star_args = rng_.chance(70);
  int kwonly = rng_.range(f.star_args ? 0 : 1, 2);
  for (int i = 0; i < kwonly; ++i) f.kwonly.push_back(i == 0 ? "k" : "m");
  f.star_kwargs = rng_.chance(50);
  std::string params = "a", sum = "a";
  if (f.positional == 2) params += ", b", sum += " + b";
  if (f.star_args) params += ", *rest", sum += " + sum(rest) * " + std::to_string(rng_.range(1, 3));
  else if (!f.kwonly.empty()) params += ", *";
  for (const auto& k : f.kwonly) {
    params += ", " + k + "=" + int_lit(0, 5).text;
    sum += " + " + k;
  }
  if (f.star_kwargs) {
    params += ", **kw";
    sum += " + len(kw) + sum(kw.values())";
  }
  line("def " + f.name + "(" + params + "):");
  if (f.star_kwargs && rng_.chance(50)) line("    print(sorted(kw.items()))");
  line("    return (" + sum + ") % 1000003");
  varfns_.push_back(f);
}

std::optional<E> Gen::varargs_call(int d) {
  if (varfns_.empty() || !charge(3)) return std::nullopt;
  const VarFn f = rng_.pick(varfns_);
  std::vector<std::string> args;
  for (int i = 0; i < f.positional; ++i) args.push_back(fit(Ty::Int, int_expr(d)).text);
  if (f.star_args) {
    for (int i = rng_.range(0, 2); i > 0; --i) args.push_back(int_lit().text);
    if (rng_.chance(40)) args.push_back("*" + list_int_expr(d).text + "[:3]");
  } else if (rng_.chance(30) && f.positional == 2) {
    // Both positionals from one unpacked list.
    args = {args[0], "*[" + int_lit().text + "]"};
  }
  for (const auto& k : f.kwonly)
    if (rng_.chance(60)) args.push_back(k + "=" + int_lit().text);
  if (f.star_kwargs) {
    int extra = rng_.range(0, 2), first = rng_.below(3);
    std::string spread;
    for (int i = 0; i < extra; ++i) {
      std::string key = kExtraKeywords[static_cast<size_t>((first + i) % 3)];
      if (rng_.chance(50)) args.push_back(key + "=" + int_lit().text);
      else spread += std::string(spread.empty() ? "" : ", ") + "'" + key + "': " + int_lit().text;
    }
    if (!spread.empty()) args.push_back("**{" + spread + "}");
  }
  std::string text = f.name + "(";
  for (size_t i = 0; i < args.size(); ++i) text += (i ? ", " : "") + args[i];
  return E{text + ")", kWrite};
}

void Gen::global_function() {
  std::string g = fresh("gv"), f = fresh("bump"), p = fresh("p");
  line(g + " = " + int_lit().text);
  declare(g, Ty::Int);
  line("def " + f + "(" + p + "):");
  line("    global " + g);
  if (rng_.chance(50)) {
    line("    " + g + " = (" + g + " * 7 + " + p + ") % 1000003");
  } else {
    line("    " + g + " += " + p);
    line("    " + g + " %= 1000003");
  }
  line("    return " + g);
  Fn fn;
  fn.name = f;
  fn.ret = Ty::Int;
  fn.params = {{p, Ty::Int, ""}};
  fn.cost = 4;
  scopes_.back().fns.push_back(fn);
}

void Gen::nonlocal_counter() {
  std::string f = fresh("counter"), h = fresh("h");
  line("def " + f + "(start):");
  line("    n = start");
  line("    def step(k):");
  line("        nonlocal n");
  line("        n = (n * " + int_lit(2, 5).text + " + k) % 1000003");
  line("        return n");
  line("    return step");
  line(h + " = " + f + "(" + fit(Ty::Int, int_expr(1)).text + ")");
  declare(h, Ty::Fn, true);
}

void Gen::star_unpack_stmt() {
  std::string a = fresh("v"), b = fresh("v"), c = fresh("v");
  std::string l = fit(Ty::ListInt, list_int_expr(1)).text;
  std::string x = fit(Ty::Int, int_expr(1)).text;
  switch (rng_.below(4)) {
    case 0:
      line(a + ", *" + b + " = [" + x + "] + " + l);
      declare(a, Ty::Int), declare(b, Ty::ListInt);
      break;
    case 1:
      line("*" + b + ", " + a + " = " + l + " + [" + x + "]");
      declare(a, Ty::Int), declare(b, Ty::ListInt);
      break;
    case 2:
      line(a + ", *" + b + ", " + c + " = (" + x + ", *" + l + ", " + int_lit().text + ")");
      declare(a, Ty::Int), declare(b, Ty::ListInt), declare(c, Ty::Int);
      break;
    default:
      line(b + " = [*" + l + ", " + x + ", *" + fit(Ty::ListInt, list_int_expr(1)).text + "]");
      declare(b, Ty::ListInt);
      break;
  }
}

void Gen::del_stmt() {
  auto lists = vars_of(Ty::ListInt, true);
  auto dicts = vars_of(Ty::Dict, true);
  switch (rng_.below(4)) {
    case 0:
      if (!lists.empty()) {
        std::string l = lists[static_cast<size_t>(rng_.below(int(lists.size())))]->name;
        line("if " + l + ":");
        line("    del " + l + "[" + int_expr(1).text + " % len(" + l + ")]");
        return;
      }
      break;
    case 1:
      if (!lists.empty()) {
        std::string l = lists[static_cast<size_t>(rng_.below(int(lists.size())))]->name;
        line("del " + l + slice(0));
        return;
      }
      break;
    case 2:
      if (!dicts.empty()) {
        std::string m = dicts[static_cast<size_t>(rng_.below(int(dicts.size())))]->name;
        std::string k = key_expr(0).text;
        line("if " + k + " in " + m + ":");
        line("    del " + m + "[" + k + "]");
        return;
      }
      break;
    default: break;
  }
  // A name that is deleted again: never declared, so nothing reads it afterwards.
  std::string t = fresh("tmp");
  line(t + " = " + any_expr(1).text);
  line("print(" + t + ")");
  line("del " + t);
}

void Gen::slice_assign_stmt() {
  auto lists = vars_of(Ty::ListInt, true);
  if (lists.empty()) return star_unpack_stmt();
  std::string l = lists[static_cast<size_t>(rng_.below(int(lists.size())))]->name;
  switch (rng_.below(3)) {
    case 0: {
      std::string lo = int_lit(-4, 6).text, hi = int_lit(-4, 8).text;
      line(l + "[" + lo + ":" + hi + "] = " + fit(Ty::ListInt, list_int_expr(1)).text + "[:4]");
      break;
    }
    case 1: {
      // An extended slice takes exactly as many items as it selects.
      std::string s = "[::" + std::to_string(rng_.range(1, 3) * (rng_.chance(40) ? -1 : 1)) + "]";
      std::string q = fresh("q");
      line(l + s + " = [(" + q + " * 2 + 1) % 1000003 for " + q + " in " + l + s + "]");
      break;
    }
    default: line(l + "[:] = sorted(" + l + ", reverse=" + (rng_.chance(50) ? "True" : "False") + ")"); break;
  }
}

}  // namespace plank::progen::detail
