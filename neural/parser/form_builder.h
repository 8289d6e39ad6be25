// The decoder's view of the CAIP grammar: an output vocabulary of decision
// tokens derived from compiler/lf's grammar table, and a FormBuilder that
// turns a sequence of decisions into a logical form while saying, before
// every decision, which tokens the grammar allows there. Decoding through the
// builder (masking everything else) is what makes every parse pass
// `plank check`; training linearises gold forms through the same builder so
// the two can never disagree about the order of keys.
//
// A dict node is linearised as: its keys in grammar-table order (the
// discriminator first), each followed by its value, then "</n>":
//   Enum / IntEnum / Bool key   the key token, then a value token
//   Yes key                     the key token alone ("yes" is implied)
//   Span key                    the key token, then "<span>" with a start and an
//                               end token index chosen by the span heads
//   Node key                    the key token, then the child node
//   NodeList key                the key token, the first item, then "<item>"
//                               before each further item and "</n>" after the last
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "compiler/lf/grammar_table.h"
#include "compiler/lf/value.h"

namespace plank::neural {

class OutVocab {
 public:
  // Built once from the grammar table; the order is deterministic.
  static const OutVocab& grammar();
  int size() const { return static_cast<int>(tokens_.size()); }
  const std::string& token(int id) const { return tokens_[static_cast<size_t>(id)]; }
  int id(std::string_view token) const;  // -1 when unknown
  const std::vector<std::string>& tokens() const { return tokens_; }

  int start() const { return start_; }
  int end() const { return end_; }
  int span() const { return span_; }
  int item() const { return item_; }
  int key(std::string_view k) const { return id(std::string("k:") + std::string(k)); }
  int value(std::string_view v) const { return id(std::string("v:") + std::string(v)); }
  int integer(int64_t i) const { return id("i:" + std::to_string(i)); }
  int boolean(bool b) const { return b ? true_ : false_; }

 private:
  void add(std::string t);
  std::vector<std::string> tokens_;
  std::unordered_map<std::string, int> ids_;
  int start_ = 0, end_ = 0, span_ = 0, item_ = 0, true_ = 0, false_ = 0;
};

enum class Expect : uint8_t { KeyOrEnd, Value, Span, ItemOrEnd, Done };

class FormBuilder {
 public:
  // token_count bounds the spans (and makes span steps impossible when 0).
  FormBuilder(const OutVocab& vocab, int token_count, int max_list_items = 4);

  Expect expect() const;
  bool done() const { return expect() == Expect::Done; }
  // The tokens the grammar allows now (1 = allowed), over the whole vocabulary.
  // For a Span step only "<span>" is allowed.
  void allowed(std::vector<uint8_t>& mask) const;
  // The key whose value is being built ("<s>" at the root): the decoder's
  // structural input alongside the previous token.
  int parent_token() const;

  // Returns false (and changes nothing) when the grammar does not allow it.
  bool push_token(int token);
  bool push_span(int first, int last);
  // Closes every open node the shortest way the grammar allows (required keys
  // with their first allowed value, spans on the first token): for a decode
  // that ran out of steps. Returns false if the builder cannot finish.
  bool complete();

  int steps() const { return steps_; }
  // The form built so far (complete when done()).
  const lf::Value& form() const;

  // For linearisation: the key order of the innermost dict and the next position in it.
  const std::vector<std::string_view>* order() const;
  size_t order_pos() const;
  // The spec of the key pushed last (its value comes next).
  const lf::KeySpec* last_key_spec() const { return last_spec_; }

 private:
  struct Frame {
    bool is_list = false;
    lf::NodeKind kind = lf::NodeKind::Root;
    const lf::Variant* variant = nullptr;
    std::vector<std::string_view> order;
    size_t pos = 0;
    std::string key;          // the key this frame's value goes under in its parent
    int key_token = 0;
    lf::Value value;          // dict or list under construction
    std::string pending;      // Dict: a key awaiting its value
    const lf::KeySpec* pending_spec = nullptr;
  };
  std::vector<std::string_view> required_of(const Frame& f) const;
  bool required_missing(const Frame& f, size_t from, size_t to) const;
  void open_dict(lf::NodeKind kind, std::string key, int key_token);
  void close_top();
  void set_member(Frame& f, std::string key, lf::Value v);

  const OutVocab* vocab_;
  int token_count_;
  int max_list_items_;
  int steps_ = 0;
  std::vector<Frame> stack_;
  lf::Value result_;
  bool done_ = false;
  const lf::KeySpec* last_spec_ = nullptr;
};

// One decoder step of a gold form: what the decoder reads (prev, parent) and
// what it must produce (token; for "<span>" also the span).
struct GoldStep {
  int prev = 0;
  int parent = 0;
  int target = 0;
  int span_first = -1;
  int span_last = -1;
  std::vector<uint8_t> mask;  // allowed tokens at this step
};

// Linearises a normalised, valid form. Returns nullopt (with the reason) when
// the form cannot be produced by the builder (it is then not in the grammar).
std::optional<std::vector<GoldStep>> linearize(const lf::Value& form, int token_count, std::string* why = nullptr);

// Keys sorted recursively: the exact-match comparison of the paper.
std::string canonical_json(const lf::Value& form);

}  // namespace plank::neural
