// Classes: single and multiple inheritance (diamonds, mixed-in roots) with
// super() following the C3 order, dunders, properties, static and class
// methods, class attributes; instances at module level whose methods are
// callable like the program's functions (see gen.h, ClassInfo).
#include "compiler/progen/gen.h"

#include <algorithm>

namespace plank::progen::detail {

namespace {
constexpr const char* kModulus = "1000003";

// C3: the order of a class with these bases (itself left out), or nothing
// when no order is consistent (such a class is not generated).
std::optional<std::vector<std::string>> c3(const std::vector<std::vector<std::string>>& base_mros,
                                           const std::vector<std::string>& bases) {
  std::vector<std::vector<std::string>> lists = base_mros;
  lists.push_back(bases);
  std::vector<std::string> out;
  for (;;) {
    lists.erase(std::remove_if(lists.begin(), lists.end(), [](const auto& l) { return l.empty(); }), lists.end());
    if (lists.empty()) return out;
    const std::string* chosen = nullptr;
    for (const auto& l : lists) {
      bool in_tail = false;
      for (const auto& other : lists)
        if (std::find(other.begin() + 1, other.end(), l.front()) != other.end()) in_tail = true;
      if (!in_tail) {
        chosen = &l.front();
        break;
      }
    }
    if (!chosen) return std::nullopt;
    std::string head = *chosen;
    out.push_back(head);
    for (auto& l : lists)
      if (l.front() == head) l.erase(l.begin());
  }
}
}  // namespace

void Gen::class_def() {
  ClassInfo k;
  k.name = fresh("K");
  std::optional<ClassInfo> base;
  if (!classes_.empty() && rng_.chance(50)) base = classes_[static_cast<size_t>(rng_.below(int(classes_.size())))];
  k.base = base ? base->name : "";
  // Sometimes a second base: another class whose order is consistent with the first's
  // (a diamond when they share a root). Its methods join the first base's.
  std::optional<ClassInfo> second;
  if (base && classes_.size() >= 2 && rng_.chance(35)) {
    const ClassInfo& other = classes_[static_cast<size_t>(rng_.below(int(classes_.size())))];
    if (other.name != base->name) {
      if (auto order = c3({base->mro, other.mro}, {base->name, other.name})) {
        second = other;
        k.mro = *order;
      }
    }
  }
  if (base && !second) k.mro = base->mro;
  k.mro.insert(k.mro.begin(), k.name);
  line("class " + k.name + (base ? "(" + base->name + (second ? ", " + second->name : "") + ")" : "") + ":");
  ++indent_;
  auto open_method = [&](const std::string& header, std::vector<Param> params, bool with_c) {
    line(header);
    Context c;
    c.in_function = true;
    c.budget = 120;
    ctx_.push_back(c);
    scope_base_.push_back(scopes_.size());
    scopes_.push_back({});
    declare("self.a", Ty::Int, true);
    declare("self.b", Ty::Str, true);
    if (with_c) declare("self.c", Ty::Int, true);
    for (const auto& p : params) declare(p.name, p.ty, true);
    ++indent_;
  };
  auto close_method = [&]() {
    --indent_;
    scopes_.pop_back();
    scope_base_.pop_back();
    double cost = ctx().cost + 1;
    ctx_.pop_back();
    return cost;
  };
  if (!base) {
    line("count = 0");
    line("kind = " + std::string(str_lit().text));
    line("def __init__(self, a, b=" + std::string(str_lit().text) + "):");
    line("    self.a = a");
    line("    self.b = b");
    line("    " + k.name + ".count += 1");
    line("def __repr__(self):");
    line("    return f\"{type(self).__name__}({self.a}, {self.b!r})\"");
    line("def __eq__(self, other):");
    line("    return isinstance(other, " + k.name + ") and (self.a, self.b) == (other.a, other.b)");
    line("def __hash__(self):");
    line("    return hash(self.a)");
    line("def __lt__(self, other):");
    line("    return (self.a, self.b) < (other.a, other.b)");
    line("def __len__(self):");
    line("    return len(self.b)");
  } else {
    line("def __init__(self, a, b=" + std::string(str_lit().text) + ", c=" + int_lit(0, 9).text + "):");
    line(rng_.chance(70) ? "    super().__init__(a, b)" : "    " + base->name + ".__init__(self, a, b)");
    line("    self.c = c");
    if (rng_.chance(50)) {
      line("def __repr__(self):");
      line("    return '<' + super().__repr__() + ' c=' + str(self.c) + '>'");
    }
    if (rng_.chance(40)) {
      line("def __str__(self):");
      line("    return " + k.name + ".kind + ':' + str(self.a)");
    }
    k.methods = base->methods;
    k.property = base->property;
    k.static_method = base->static_method;
    k.class_method = base->class_method;
    if (second) {
      for (const Fn& m : second->methods)
        if (std::none_of(k.methods.begin(), k.methods.end(), [&](const Fn& x) { return x.name == m.name; }))
          k.methods.push_back(m);
    }
  }
  bool with_c = base.has_value();
  // Methods: new ones, and (in a subclass) overrides that call the base's through super().
  int methods = rng_.range(1, 2);
  for (int i = 0; i < methods; ++i) {
    bool override_ = base && !k.methods.empty() && rng_.chance(50);
    Fn m;
    if (override_) {
      size_t which = static_cast<size_t>(rng_.below(int(k.methods.size())));
      m = k.methods[which];
      open_method("def " + m.name + "(self, p):", {{"p", Ty::Int, ""}}, with_c);
      line("return (super()." + m.name + "(p) + " + fit(Ty::Int, int_expr(1)).text + ") % " + kModulus);
      m.cost += close_method();
      k.methods[which] = m;
      continue;
    }
    m.name = fresh("m");
    m.ret = Ty::Int;
    m.params = {{"p", Ty::Int, ""}};
    open_method("def " + m.name + "(self, p):", m.params, with_c);
    for (int s = rng_.range(0, 2); s > 0; --s) statement();
    if (rng_.chance(50)) line("self.a = " + fit(Ty::Int, int_expr(2)).text);  // state kept between calls
    line("return " + fit(Ty::Int, int_expr(2)).text);
    m.cost = close_method();
    k.methods.push_back(m);
  }
  if (k.property.empty() || rng_.chance(30)) {
    k.property = k.property.empty() ? fresh("prop") : k.property;
    line("@property");
    open_method("def " + k.property + "(self):", {}, with_c);
    ctx().calls = false;
    line("return " + fit(Ty::Int, int_expr(2)).text);
    close_method();
  }
  if (k.static_method.empty()) {
    k.static_method = fresh("st");
    line("@staticmethod");
    line("def " + k.static_method + "(x):");
    line("    return (x * " + int_lit(2, 9).text + " + " + int_lit().text + ") % " + kModulus);
  }
  if (k.class_method.empty() || rng_.chance(30)) {
    k.class_method = k.class_method.empty() ? fresh("make") : k.class_method;
    line("@classmethod");
    line("def " + k.class_method + "(cls, n):");
    line("    return cls(n % 1000, " + std::string(str_lit().text) + ")");
  }
  --indent_;
  if (second) line("print([c.__name__ for c in " + k.name + ".__mro__])");
  classes_.push_back(k);
}

void Gen::instance_stmt() {
  if (classes_.empty()) return class_def();
  size_t ci = static_cast<size_t>(rng_.below(int(classes_.size())));
  const ClassInfo& k = classes_[ci];
  std::string o = fresh("o");
  std::string a = fit(Ty::Int, int_expr(2)).text;
  switch (rng_.below(3)) {
    case 0: line(o + " = " + k.name + "(" + a + ")"); break;
    case 1: line(o + " = " + k.name + "." + k.class_method + "(" + a + ")"); break;
    default: line(o + " = " + k.name + "(" + a + ", " + fit(Ty::Str, str_expr(1)).text + ")"); break;
  }
  declare(o, Ty::Obj, true);
  objs_.push_back({o, ci});
  for (const Fn& m : k.methods) {
    Fn bound = m;
    bound.name = o + "." + m.name;
    scopes_.front().fns.push_back(bound);
  }
}

const ObjVar* Gen::any_obj() {
  if (objs_.empty()) return nullptr;
  return &objs_[static_cast<size_t>(rng_.below(int(objs_.size())))];
}

std::optional<E> Gen::obj_int_expr(int d) {
  const ObjVar* o = any_obj();
  if (!o) return std::nullopt;
  const ClassInfo& k = classes_[o->cls];
  switch (rng_.below(6)) {
    case 0: return E{o->name + ".a", kRead};
    case 1: return E{o->name + "." + k.property, kWrite};
    case 2: return E{"len(" + o->name + ")", 1e5};
    case 3: {
      // count lives on the root class; reading it through a subclass finds it there.
      return E{k.name + ".count", 1e5};
    }
    case 4: return E{(rng_.chance(50) ? k.name : o->name) + "." + k.static_method + "(" + fit(Ty::Int, int_expr(d)).text + ")", kWrite};
    default: return E{"getattr(" + o->name + ", 'c', " + int_lit().text + ")", 100};
  }
}

std::optional<E> Gen::obj_str_expr(int) {
  const ObjVar* o = any_obj();
  if (!o) return std::nullopt;
  switch (rng_.below(5)) {
    case 0: return E{o->name + ".b", kLenCap};
    case 1: return E{"repr(" + o->name + ")", 200};
    case 2: return E{"str(" + o->name + ")", 200};
    case 3: return E{"type(" + o->name + ").__name__", 10};
    default: return E{o->name + ".kind", 20};
  }
}

std::optional<E> Gen::obj_bool_expr(int) {
  const ObjVar* o = any_obj();
  const ObjVar* p = any_obj();
  if (!o) return std::nullopt;
  static const std::vector<const char*> ops = {" == ", " != ", " < ", " > ", " <= ", " >= "};
  switch (rng_.below(4)) {
    case 0: {
      std::string op = rng_.pick(ops);
      // <= and >= need __le__/__ge__, which the classes do not define: only == != < >.
      if (op == " <= " || op == " >= ") op = " < ";
      return E{"(" + o->name + op + p->name + ")", 1};
    }
    case 1: return E{"isinstance(" + o->name + ", " + classes_[p->cls].name + ")", 1};
    case 2: return E{"issubclass(type(" + o->name + "), " + classes_[p->cls].name + ")", 1};
    default: return E{"hasattr(" + o->name + ", 'c')", 1};
  }
}

void Gen::obj_print_stmt() {
  const ObjVar* o = any_obj();
  if (!o) return print_stmt();
  std::string many;
  int n = rng_.range(2, 4);
  for (int i = 0; i < n; ++i) many += (i ? ", " : "") + any_obj()->name;
  switch (rng_.below(5)) {
    case 0: line("print(sorted([" + many + "]))"); break;
    case 1: line("print(max(" + many + "), min(" + many + "))"); break;
    case 2: line(o->name + ".a = " + fit(Ty::Int, int_expr(2)).text); break;
    case 3: line("print(" + o->name + ", [" + many + "], f'{" + o->name + "!r:>30}')"); break;
    default: line("print(" + many + ", sep=' | ')"); break;
  }
}

void Gen::context_manager_class() {
  if (!ctx_class_.empty()) return;
  ctx_class_ = fresh("Ctx");
  line("class " + ctx_class_ + ":");
  line("    def __init__(self, tag, suppress=False):");
  line("        self.tag = tag");
  line("        self.suppress = suppress");
  line("    def __enter__(self):");
  line("        print('enter', self.tag)");
  line("        return self.tag");
  line("    def __exit__(self, kind, value, tb):");
  line("        print('exit', self.tag, None if kind is None else kind.__name__, value)");
  line("        return self.suppress");
}

}  // namespace plank::progen::detail
