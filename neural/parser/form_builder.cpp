#include "neural/parser/form_builder.h"

#include <algorithm>
#include <map>

namespace plank::neural {

using lf::Holds;
using lf::NodeKind;
using lf::Value;

void OutVocab::add(std::string t) {
  if (ids_.count(t)) return;
  ids_.emplace(t, static_cast<int>(tokens_.size()));
  tokens_.push_back(std::move(t));
}

int OutVocab::id(std::string_view token) const {
  auto it = ids_.find(std::string(token));
  return it == ids_.end() ? -1 : it->second;
}

const OutVocab& OutVocab::grammar() {
  static const OutVocab v = [] {
    OutVocab o;
    for (const char* t : {"<s>", "</n>", "<span>", "<item>", "true", "false"}) o.add(t);
    o.start_ = o.id("<s>");
    o.end_ = o.id("</n>");
    o.span_ = o.id("<span>");
    o.item_ = o.id("<item>");
    o.true_ = o.id("true");
    o.false_ = o.id("false");
    auto add_spec = [&](const lf::KeySpec& k) {
      o.add("k:" + std::string(k.key));
      if (k.holds == Holds::Enum)
        for (auto v : k.values) o.add("v:" + std::string(v));
      if (k.holds == Holds::IntEnum)
        for (auto i : k.ints) o.add("i:" + std::to_string(i));
    };
    for (NodeKind kind : lf::all_node_kinds()) {
      const auto& spec = lf::node_spec(kind);
      for (const auto& k : spec.keys) add_spec(k);
      for (const auto& var : spec.variants)
        for (const auto& k : var.overrides) add_spec(k);
    }
    return o;
  }();
  return v;
}

FormBuilder::FormBuilder(const OutVocab& vocab, int token_count, int max_list_items)
    : vocab_(&vocab), token_count_(token_count), max_list_items_(max_list_items) {
  open_dict(NodeKind::Root, {}, vocab.start());
}

void FormBuilder::open_dict(NodeKind kind, std::string key, int key_token) {
  Frame f;
  f.kind = kind;
  f.key = std::move(key);
  f.key_token = key_token;
  f.value = Value::dict();
  const auto& spec = lf::node_spec(kind);
  if (!spec.discriminator.empty()) f.order = {spec.discriminator};
  else f.order = lf::keys_of(kind);
  stack_.push_back(std::move(f));
}

Expect FormBuilder::expect() const {
  if (done_) return Expect::Done;
  const Frame& f = stack_.back();
  if (f.is_list) return Expect::ItemOrEnd;
  if (!f.pending.empty()) return f.pending_spec->holds == Holds::Span ? Expect::Span : Expect::Value;
  return Expect::KeyOrEnd;
}

std::vector<std::string_view> FormBuilder::required_of(const Frame& f) const {
  std::vector<std::string_view> r = lf::node_spec(f.kind).required;
  if (f.variant) r.insert(r.end(), f.variant->required.begin(), f.variant->required.end());
  return r;
}

bool FormBuilder::required_missing(const Frame& f, size_t from, size_t to) const {
  auto req = required_of(f);
  for (size_t j = from; j < to && j < f.order.size(); ++j)
    if (std::find(req.begin(), req.end(), f.order[j]) != req.end() && !f.value.find(f.order[j])) return true;
  return false;
}

void FormBuilder::allowed(std::vector<uint8_t>& mask) const {
  mask.assign(static_cast<size_t>(vocab_->size()), 0);
  auto allow = [&](int id) {
    if (id >= 0) mask[static_cast<size_t>(id)] = 1;
  };
  switch (expect()) {
    case Expect::Done: return;
    case Expect::ItemOrEnd: {
      allow(vocab_->end());
      if (static_cast<int>(stack_.back().value.items.size()) < max_list_items_) allow(vocab_->item());
      return;
    }
    case Expect::Span: allow(vocab_->span()); return;
    case Expect::Value: {
      const lf::KeySpec& k = *stack_.back().pending_spec;
      if (k.holds == Holds::Enum)
        for (auto v : k.values) allow(vocab_->value(v));
      if (k.holds == Holds::IntEnum)
        for (auto i : k.ints) allow(vocab_->integer(i));
      if (k.holds == Holds::Bool) {
        allow(vocab_->boolean(true));
        allow(vocab_->boolean(false));
      }
      return;
    }
    case Expect::KeyOrEnd: {
      const Frame& f = stack_.back();
      // A child dict may only open while the stack is shallow: the grammar is
      // recursive (location -> reference_object -> location ...).
      bool may_nest = stack_.size() < 12;
      for (size_t j = f.pos; j < f.order.size(); ++j) {
        if (required_missing(f, f.pos, j)) break;
        const lf::KeySpec* k = lf::find_key(f.kind, f.order[j], f.variant);
        if (!k) continue;
        if (k->holds == Holds::Span && token_count_ <= 0) continue;
        if ((k->holds == Holds::Node || k->holds == Holds::NodeList) && !may_nest) continue;
        allow(vocab_->key(f.order[j]));
      }
      if (!required_missing(f, f.pos, f.order.size()) && !(f.variant == nullptr && !lf::node_spec(f.kind).discriminator.empty()))
        allow(vocab_->end());
      return;
    }
  }
}

int FormBuilder::parent_token() const {
  if (done_) return vocab_->start();
  return stack_.back().key_token;
}

void FormBuilder::set_member(Frame& f, std::string key, Value v) { f.value.add(std::move(key), std::move(v)); }

void FormBuilder::close_top() {
  Frame f = std::move(stack_.back());
  stack_.pop_back();
  if (stack_.empty()) {
    result_ = std::move(f.value);
    done_ = true;
    return;
  }
  Frame& parent = stack_.back();
  if (parent.is_list) {
    parent.value.items.push_back(std::move(f.value));
    return;
  }
  set_member(parent, f.key, std::move(f.value));
}

bool FormBuilder::push_token(int token) {
  std::vector<uint8_t> mask;
  allowed(mask);
  if (token < 0 || token >= vocab_->size() || !mask[static_cast<size_t>(token)]) return false;
  ++steps_;
  Frame& f = stack_.back();
  switch (expect()) {
    case Expect::ItemOrEnd:
      if (token == vocab_->item()) open_dict(f.kind, {}, f.key_token);
      else close_top();
      return true;
    case Expect::Value: {
      const lf::KeySpec& k = *f.pending_spec;
      const std::string& t = vocab_->token(token);
      Value v;
      if (k.holds == Holds::Enum) v = Value::from_string(t.substr(2));
      else if (k.holds == Holds::IntEnum) v = Value::from_int(std::stoll(t.substr(2)));
      else v = Value::from_bool(token == vocab_->boolean(true));
      std::string key = std::move(f.pending);
      f.pending.clear();
      f.pending_spec = nullptr;
      bool discriminator = key == lf::node_spec(f.kind).discriminator;
      set_member(f, key, std::move(v));
      if (discriminator) {
        f.variant = lf::find_variant(f.kind, t.substr(2));
        f.order = lf::keys_of(f.kind, t.substr(2));
        f.pos = 1;
      }
      return true;
    }
    case Expect::KeyOrEnd: {
      if (token == vocab_->end()) {
        close_top();
        return true;
      }
      std::string key = vocab_->token(token).substr(2);
      auto it = std::find(f.order.begin() + static_cast<long>(f.pos), f.order.end(), key);
      f.pos = static_cast<size_t>(it - f.order.begin()) + 1;
      const lf::KeySpec* k = lf::find_key(f.kind, key, f.variant);
      last_spec_ = k;
      switch (k->holds) {
        case Holds::Yes: set_member(f, key, Value::from_string("yes")); break;
        case Holds::Node: open_dict(k->node, key, token); break;
        case Holds::NodeList: {
          Frame list;
          list.is_list = true;
          list.kind = k->node;
          list.key = key;
          list.key_token = token;
          list.value = Value::list();
          stack_.push_back(std::move(list));
          open_dict(k->node, {}, token);
          break;
        }
        default:
          f.pending = key;
          f.pending_spec = k;
      }
      return true;
    }
    default: return false;
  }
}

bool FormBuilder::push_span(int first, int last) {
  if (expect() != Expect::Span || first < 0 || first > last || last >= token_count_) return false;
  ++steps_;
  Frame& f = stack_.back();
  Value span = Value::list();
  span.items.push_back(Value::from_int(0));
  Value pair = Value::list();
  pair.items.push_back(Value::from_int(first));
  pair.items.push_back(Value::from_int(last));
  span.items.push_back(std::move(pair));
  std::string key = std::move(f.pending);
  f.pending.clear();
  f.pending_spec = nullptr;
  set_member(f, std::move(key), std::move(span));
  return true;
}

bool FormBuilder::complete() {
  std::vector<uint8_t> mask;
  for (int guard = 0; guard < 10000 && !done(); ++guard) {
    if (expect() == Expect::Span) {
      if (!push_span(0, 0)) return false;
      continue;
    }
    allowed(mask);
    int pick = mask[static_cast<size_t>(vocab_->end())] ? vocab_->end() : -1;
    for (int i = 0; i < vocab_->size() && pick < 0; ++i)
      if (mask[static_cast<size_t>(i)]) pick = i;
    if (pick < 0 || !push_token(pick)) return false;
  }
  return done();
}

const Value& FormBuilder::form() const { return done_ ? result_ : stack_.front().value; }

const std::vector<std::string_view>* FormBuilder::order() const {
  if (done_ || stack_.back().is_list) return nullptr;
  return &stack_.back().order;
}
size_t FormBuilder::order_pos() const { return done_ ? 0 : stack_.back().pos; }

namespace {

// Walks the gold form alongside the builder; `node` is the gold dict of the builder's top frame.
struct Linearizer {
  const OutVocab& vocab;
  FormBuilder builder;
  std::vector<GoldStep> steps;
  std::string why;
  int prev;

  bool step(int target, int first = -1, int last = -1) {
    GoldStep s;
    s.prev = prev;
    s.parent = builder.parent_token();
    s.target = target;
    s.span_first = first;
    s.span_last = last;
    builder.allowed(s.mask);
    bool ok = target == vocab.span() ? builder.push_span(first, last) : builder.push_token(target);
    if (!ok) {
      why = "the grammar does not allow '" + (target >= 0 ? vocab.token(target) : std::string("?")) + "' here";
      return false;
    }
    steps.push_back(std::move(s));
    prev = target;
    return true;
  }

  bool value(const lf::Value& v, const lf::KeySpec& k) {
    switch (k.holds) {
      case Holds::Yes: return true;
      case Holds::Enum: return v.is_string() && step(vocab.value(v.string));
      case Holds::IntEnum: return v.is_int() && step(vocab.integer(v.integer));
      case Holds::Bool: return v.is_bool() && step(vocab.boolean(v.boolean));
      case Holds::Span: {
        if (!v.is_list() || v.items.size() != 2 || !v.items[1].is_list() || v.items[1].items.size() != 2) {
          why = "malformed span";
          return false;
        }
        return step(vocab.span(), static_cast<int>(v.items[1].items[0].integer),
                    static_cast<int>(v.items[1].items[1].integer));
      }
      case Holds::Node: return v.is_dict() && dict(v);
      case Holds::NodeList: {
        if (!v.is_list() || v.items.empty()) return false;
        for (size_t i = 0; i < v.items.size(); ++i) {
          if (i > 0 && !step(vocab.item())) return false;
          if (!dict(v.items[i])) return false;
        }
        return step(vocab.end());
      }
    }
    return false;
  }

  bool dict(const lf::Value& node) {
    size_t used = 0;
    while (true) {
      const auto* order = builder.order();
      if (!order) return false;
      const lf::Value* child = nullptr;
      std::string_view key;
      for (size_t j = builder.order_pos(); j < order->size() && !child; ++j)
        if ((child = node.find((*order)[j]))) key = (*order)[j];
      if (!child) break;
      // Capture the spec before the builder moves on (the variant may change).
      if (!step(vocab.key(key))) return false;
      ++used;
      const lf::KeySpec* k = builder.last_key_spec();
      if (!k || !value(*child, *k)) {
        if (why.empty()) why = "cannot linearise the value of '" + std::string(key) + "'";
        return false;
      }
    }
    if (used != node.members.size()) {
      why = "a key outside the grammar's order for this node";
      return false;
    }
    return step(vocab.end());
  }
};

}  // namespace

std::optional<std::vector<GoldStep>> linearize(const lf::Value& form, int token_count, std::string* why) {
  const OutVocab& vocab = OutVocab::grammar();
  Linearizer lin{vocab, FormBuilder(vocab, token_count, 1 << 20), {}, {}, vocab.start()};
  bool ok = form.is_dict() && lin.dict(form) && lin.builder.done();
  if (!ok) {
    if (why) *why = lin.why.empty() ? "not a logical form the grammar can produce" : lin.why;
    return std::nullopt;
  }
  return std::move(lin.steps);
}

std::string canonical_json(const Value& form) {
  if (form.is_dict()) {
    std::map<std::string, const Value*> sorted;
    for (const auto& m : form.members) sorted.emplace(m.key, &m.value);
    std::string out = "{";
    bool first = true;
    for (const auto& [k, v] : sorted) {
      if (!first) out += ",";
      first = false;
      out += "\"" + k + "\":" + canonical_json(*v);
    }
    return out + "}";
  }
  if (form.is_list()) {
    std::string out = "[";
    for (size_t i = 0; i < form.items.size(); ++i) out += (i ? "," : "") + canonical_json(form.items[i]);
    return out + "]";
  }
  return lf::to_json_text(form);
}

}  // namespace plank::neural
