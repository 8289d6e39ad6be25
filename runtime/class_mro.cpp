// Multiple inheritance: the method resolution order (C3, as CPython's
// Objects/typeobject.c mro_implementation) and the base whose instance
// layout a class extends (CPython's best_base), with CPython's errors.
#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "runtime/classes.h"
#include "runtime/exceptions.h"

namespace plank::core {

std::vector<ClassObject*> c3_mro(Thread* t, ClassObject* cls, const std::vector<ClassObject*>& bases) {
  for (size_t i = 0; i < bases.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (bases[i] == bases[j]) throw_error(t, "TypeError", fmt::format("duplicate base class {}", bases[i]->name));
  // Merge the bases' orders and the list of bases: repeatedly take the first
  // head (in list order) that is in no list's tail.
  std::vector<std::vector<ClassObject*>> lists;
  for (ClassObject* b : bases) lists.push_back(b->mro);
  lists.push_back(bases);
  std::vector<size_t> next(lists.size(), 0);  // where each list's remainder starts
  auto in_a_tail = [&](ClassObject* c) {
    for (size_t i = 0; i < lists.size(); ++i) {
      const auto& l = lists[i];
      if (next[i] < l.size() && std::find(l.begin() + static_cast<long>(next[i]) + 1, l.end(), c) != l.end()) return true;
    }
    return false;
  };
  std::vector<ClassObject*> mro{cls};
  for (;;) {
    ClassObject* chosen = nullptr;
    bool left = false;
    for (size_t i = 0; i < lists.size() && !chosen; ++i) {
      if (next[i] >= lists[i].size()) continue;
      left = true;
      ClassObject* head = lists[i][next[i]];
      if (!in_a_tail(head)) chosen = head;
    }
    if (!left) return mro;
    if (!chosen) {
      // CPython names the distinct heads of what is left, in list order.
      std::vector<ClassObject*> heads;
      for (size_t i = 0; i < lists.size(); ++i)
        if (next[i] < lists[i].size() && std::find(heads.begin(), heads.end(), lists[i][next[i]]) == heads.end())
          heads.push_back(lists[i][next[i]]);
      std::string names;
      for (ClassObject* h : heads) names += (names.empty() ? "" : ", ") + h->name;
      throw_error(t, "TypeError", "Cannot create a consistent method resolution\norder (MRO) for bases " + names);
    }
    mro.push_back(chosen);
    for (size_t i = 0; i < lists.size(); ++i)
      if (next[i] < lists[i].size() && lists[i][next[i]] == chosen) ++next[i];
  }
}

// The nearest class along c's order that has an instance layout of its own:
// a built-in type (list, dict, type), BaseException (every built-in exception
// shares its layout here), or a class whose __slots__ add slots; else object.
static ClassObject* solid_base(ClassObject* c) {
  for (ClassObject* k : c->mro) {
    size_t inherited = k->base ? k->base->slots.size() : 0;
    if (k->slots.size() > inherited) return k;
    if (k->builtin && k->base && !(k->is_exception && k->base->is_exception)) return k;
  }
  return c->mro.back();
}

ClassObject* layout_base(Thread* t, const std::vector<ClassObject*>& bases) {
  ClassObject* base = nullptr;
  ClassObject* winner = nullptr;
  for (ClassObject* b : bases) {
    ClassObject* candidate = solid_base(b);
    if (!winner) {
      winner = candidate;
      base = b;
    } else if (is_subclass(winner, candidate)) {
      // the layout so far already extends this one
    } else if (is_subclass(candidate, winner)) {
      winner = candidate;
      base = b;
    } else {
      throw_error(t, "TypeError", "multiple bases have instance lay-out conflict");
    }
  }
  return base;
}

}  // namespace plank::core
