// One lowering per action type, and the two memory dialogue types.
#include <cctype>

#include "agents/caip/compile/emit.h"
#include "agents/caip/intrinsics/lexicon.h"

namespace plank::caip {

namespace {

std::string schematic_call(Emitter& e, const lf::Value* sc, const lf::Value& action, bool dig = false) {
  std::string args;
  if (sc && sc->is_dict()) {
    add_str(args, "name", e.span(sc->find("has_name")));
    add_str(args, "block", e.span(sc->find("has_block_type")));
    add_str(args, "colour", e.span(sc->find("has_colour")));
    add_str(args, "size", e.span(sc->find("has_size")));
    add_str(args, "width", e.span(sc->find("has_width")));
    add_str(args, "height", e.span(sc->find("has_height")));
    add_str(args, "length", e.span(sc->find("has_length")));
    add_str(args, "depth", e.span(sc->find("has_depth")));
    add_str(args, "radius", e.span(sc->find("has_radius")));
    add_str(args, "thickness", e.span(sc->find("has_thickness")));
  }
  if (!sc) add_str(args, "block", e.span(action.find("has_block_type")));
  if (dig) add_kw(args, "dig", "True");
  return e.bind("shape", "caip_schematic(" + args + ")");
}

// The repeat of an action: at action level, else inside the schematic.
const lf::Value* repeat_of(const lf::Value& action) {
  if (const lf::Value* r = action.find("repeat")) return r;
  if (const lf::Value* sc = action.find("schematic"); sc && sc->is_dict()) return sc->find("repeat");
  return nullptr;
}

// The stop condition in either place: the spec's action-level
// stop_condition, or the data's repeat.stop_condition.
const lf::Value* stop_of(const lf::Value& action) {
  if (const lf::Value* s = action.find("stop_condition")) return s;
  if (const lf::Value* r = action.find("repeat"); r && r->is_dict()) return r->find("stop_condition");
  return nullptr;
}

// A free-text condition the loop can test: "until you hit water" -> the block
// type after the verb. "" when not recognisable.
std::string condition_block(const std::string& text) {
  auto words = words_of(text);
  static constexpr std::string_view kVerbs[] = {"hit", "reach", "touch", "find", "see", "get", "meet", "near", "at"};
  for (size_t i = 0; i + 1 < words.size(); ++i)
    for (auto v : kVerbs)
      if (words[i] == v) {
        size_t j = i + 1;
        while (j < words.size() && (words[j] == "the" || words[j] == "a" || words[j] == "some" || words[j] == "to")) ++j;
        if (j < words.size()) return words[j];
      }
  return {};
}

// A loop body run until the stop condition, as Plank source. `step_stmt` is
// the body (one statement, may `break`).
bool lower_loop(Emitter& e, const lf::Value* stop, const std::string& action, const std::string& what,
                const std::string& step_stmt) {
  std::string type = e.text(stop->find("condition_type"));
  std::string block = e.span(stop->find("block_type"));
  std::string cond_text = e.span(stop->find("condition_span"));
  if (type.empty() && !cond_text.empty()) {
    block = condition_block(cond_text);
    if (block.empty()) {
      auto words = words_of(cond_text);
      auto n = parse_count(cond_text);
      bool timed = false;
      for (const auto& w : words) timed = timed || lemma(w) == "minute" || lemma(w) == "second";
      if (timed && n) {
        long seconds = *n * (lemma(words.back()) == "minute" ? 60 : 1);
        // A step is about a second of game time (4.6 ticks walking, 10 ticks a dance turn).
        type = "TIMED:" + std::to_string(std::min(seconds, 200L));
      } else {
        e.line("caip_ask(" + str_lit("I don't know when to stop for \"" + cond_text + "\". When should I stop?") + ")");
        e.line("return");
        return false;
      }
    } else {
      type = "ADJACENT_TO_BLOCK_TYPE";
    }
  }
  std::string task = e.fresh("task");
  std::string i = e.fresh("i");
  e.line(task + " = caip_loop_begin(" + str_lit(action) + ", " + str_lit(what) + ")");
  e.line(i + " = 0");
  if (type == "ADJACENT_TO_BLOCK_TYPE") {
    e.line("while caip_keep_going(" + i + ") and not caip_adjacent(" + str_lit(block) + "):");
  } else if (type.rfind("TIMED:", 0) == 0) {
    e.line("while caip_keep_going(" + i + ") and " + i + " < " + type.substr(6) + ":");
  } else {  // NEVER: until STOP or the budget
    e.line("while caip_keep_going(" + i + "):");
  }
  e.line("    " + step_stmt);
  e.line("    " + i + " = " + i + " + 1");
  e.line("caip_loop_end(" + task + ", " + (type == "NEVER" ? "True" : "False") + ", " + i + ")");
  return true;
}

void lower_build(Emitter& e, const lf::Value& a) {
  const lf::Value* sc = a.find("schematic");
  const lf::Value* ref = a.find("reference_object");
  const lf::Value* repeat = repeat_of(a);
  auto n = lower_count(e, repeat, "copies");
  if (!n) return;
  std::string dir = repeat && repeat->is_dict() ? e.text(repeat->find("repeat_dir")) : std::string();
  if (repeat && repeat->is_dict() && e.text(repeat->find("repeat_key")) == "ALL") {
    e.line("caip_ask(" + str_lit("How many should I build?") + ")");
    e.line("return");
    return;
  }
  if (ref && !sc) {
    std::string r = lower_ref(e, ref, {});
    std::string at = lower_location(e, a.find("location"));
    if (*n == 1) {
      e.line("caip_copy(" + r + ", " + at + ")");
    } else {
      e.line("for k in range(" + std::to_string(*n) + "):");
      e.line("    caip_copy(" + r + ", caip_offset(" + at + ", " + str_lit(dir) + ", k, " + std::to_string(*n) + "))");
    }
    return;
  }
  std::string shape = schematic_call(e, sc, a);
  std::string at = lower_location(e, a.find("location"));
  if (*n == 1) {
    e.line("caip_build(" + shape + ", " + at + ")");
    return;
  }
  e.line("for k in range(" + std::to_string(*n) + "):");
  e.line("    caip_build(" + shape + ", caip_offset(" + at + ", " + str_lit(dir) + ", k, " + std::to_string(*n) + ", " + shape +
         "))");
}

void lower_move(Emitter& e, const lf::Value& a) {
  const lf::Value* stop = stop_of(a);
  const lf::Value* loc = a.find("location");
  if (stop && stop->is_dict()) {
    std::string dir = loc && loc->is_dict() ? e.text(loc->find("relative_direction")) : std::string();
    if (loc && loc->is_dict() && (loc->find("reference_object") || dir.empty())) {
      // "walk to the house until you see water", "follow me": go there first, then keep on.
      std::string at = lower_location(e, loc);
      e.line("caip_move(" + at + ")");
    }
    lower_loop(e, stop, "MOVE", "forward", "if not caip_step(" + str_lit(dir) + "):\n" + std::string(size_t(e.indent) * 4 + 8, ' ') + "break");
    return;
  }
  const lf::Value* repeat = a.find("repeat");
  auto n = lower_count(e, repeat, "times");
  if (!n) return;
  std::string at = lower_location(e, loc);
  if (*n == 1) e.line("caip_move(" + at + ")");
  else {
    e.line("for k in range(" + std::to_string(*n) + "):");
    e.line("    caip_move(" + at + ")");
  }
}

void lower_dig(Emitter& e, const lf::Value& a) {
  const lf::Value* stop = stop_of(a);
  if (stop && stop->is_dict() && e.text(stop->find("condition_type")) != "NEVER") {
    std::string block = e.span(stop->find("block_type"));
    std::string cond = e.span(stop->find("condition_span"));
    e.line("caip_ask(" + str_lit("How deep should I dig? I can't tell in advance where \"" + (block.empty() ? cond : block) +
                                 "\" is.") + ")");
    e.line("return");
    return;
  }
  const lf::Value* repeat = repeat_of(a);
  auto n = lower_count(e, repeat, "holes");
  if (!n) return;
  std::string shape = a.find("schematic") ? schematic_call(e, a.find("schematic"), a, true) : std::string("None");
  std::string at = lower_location(e, a.find("location"));
  if (*n == 1) e.line("caip_dig(" + shape + ", " + at + ")");
  else {
    e.line("for k in range(" + std::to_string(*n) + "):");
    e.line("    caip_dig(" + shape + ", caip_offset(" + at + ", 'RIGHT', k, " + std::to_string(*n) + ", " + shape + "))");
  }
}

void lower_dance(Emitter& e, const lf::Value& a) {
  const lf::Value* loc = a.find("location");
  std::string dir = loc && loc->is_dict() ? e.text(loc->find("relative_direction")) : std::string();
  std::string at = "None";
  bool turning = dir == "CLOCKWISE" || dir == "ANTICLOCKWISE";
  if (loc && loc->is_dict() && !(turning && !loc->find("reference_object") && !loc->find("location_type")))
    at = lower_location(e, loc);
  std::string args = at;
  if (turning) add_str(args, "direction", dir);
  if (const lf::Value* stop = stop_of(a); stop && stop->is_dict()) {
    std::string call = "caip_dance(" + at + (turning ? ", direction=" + str_lit(dir) : "") + ", turns=1)";
    lower_loop(e, stop, "DANCE", "a dance", call);
    return;
  }
  auto n = lower_count(e, a.find("repeat"), "times");
  if (!n) return;
  e.line("caip_dance(" + args + ", turns=" + std::to_string(4 * *n) + ")");
}

}  // namespace

std::string lower_action(Emitter& e, const lf::Value& a) {
  std::string type = e.text(a.find("action_type"));
  if (type == "BUILD") {
    lower_build(e, a);
  } else if (type == "SPAWN") {
    const lf::Value* ref = a.find("reference_object");
    std::string name = ref && ref->is_dict() ? e.span(ref->find("has_name")) : std::string();
    const lf::Value* repeat = a.find("repeat");
    if (!repeat && ref && ref->is_dict()) repeat = ref->find("repeat");
    auto n = lower_count(e, repeat, "creatures");
    if (!n) return type;
    std::string at = lower_location(e, a.find("location"));
    e.line("caip_spawn(" + str_lit(name) + ", " + at + ", count=" + std::to_string(*n) + ")");
  } else if (type == "FILL") {
    std::string refs = lower_ref(e, a.find("reference_object"), {true, true, false});
    std::string args = refs;
    add_str(args, "block", e.span(a.find("has_block_type")));
    e.line("caip_fill(" + args + ")");
  } else if (type == "DESTROY") {
    std::string refs = lower_ref(e, a.find("reference_object"), {true, false, false});
    e.line("caip_destroy(" + refs + ")");
  } else if (type == "MOVE") {
    lower_move(e, a);
  } else if (type == "DIG") {
    lower_dig(e, a);
  } else if (type == "DANCE") {
    lower_dance(e, a);
  } else if (type == "FREEBUILD") {
    const lf::Value* ref = a.find("reference_object");
    std::string r;
    if (!ref && a.find("location")) {
      std::string at = lower_location(e, a.find("location"));
      r = e.bind("ref", "caip_find(at=" + at + ")");
    } else {
      r = lower_ref(e, ref, {});
    }
    e.line("caip_freebuild(" + r + ")");
  } else if (type == "UNDO" || type == "STOP" || type == "RESUME") {
    std::string fn = type == "UNDO" ? "caip_undo" : type == "STOP" ? "caip_stop" : "caip_resume";
    std::string target = e.span(a.find("target_action_type"));
    e.line(fn + "(" + (target.empty() ? std::string() : str_lit(target)) + ")");
  } else if (type == "OTHERACTION" || type == "GET" || type == "GIVE") {
    std::string about;
    if (const lf::Value* ref = a.find("reference_object"); ref && ref->is_dict()) about = e.span(ref->find("has_name"));
    std::string text = e.utterance.text;
    while (!text.empty() && (std::ispunct(static_cast<unsigned char>(text.back())) || text.back() == ' ')) text.pop_back();
    std::string reply = "I understood that you want me to \"" + text + "\"" + (about.empty() ? "" : " (about the " + about + ")") +
                        ", but I can't do that yet.";
    e.line("caip_refuse(" + str_lit(reply) + ")");
  } else {
    e.line("caip_refuse(" + str_lit("I don't know how to do " + type + " yet.") + ")");
  }
  return type;
}

void lower_get_memory(Emitter& e, const lf::Value& form) {
  const lf::Value* f = form.find("filters");
  if (!f && !form.find("answer_type") && !form.find("tag_name")) {
    // A bare question: the words say what is asked (lexicon's question patterns).
    auto q = question_pattern(e.utterance.text);
    if (!q) {
      e.line("caip_answer('')");
    } else if (q->kind == "AGENT" || q->kind == "ACTION") {
      e.line("caip_answer(" + str_lit(q->kind) + ")");
    } else if (q->kind == "WHAT") {
      std::string r = e.bind("ref", "caip_find(coref=True)");
      e.line("caip_answer('REFERENCE_OBJECT', answer_type='TAG', tag_name='has_name', refs=[" + r + "])");
    } else {
      std::string refs = e.bind("refs", "caip_find(name=" + str_lit(q->noun) + ", quiet=True)");
      e.line("caip_answer('REFERENCE_OBJECT', answer_type=" + str_lit(q->kind) + ", refs=" + refs + ", what=" +
             str_lit(q->noun) + ")");
    }
    return;
  }
  std::string kind = f && f->is_dict() ? e.text(f->find("type")) : std::string();
  std::string args;
  add_str(args, "answer_type", e.text(form.find("answer_type")));
  add_str(args, "tag_name", e.text(form.find("tag_name")));
  if (f && f->is_dict()) {
    add_str(args, "action_type", e.text(f->find("action_type")));
    if (const lf::Value* ref = f->find("reference_object")) {
      if (kind.empty()) kind = "REFERENCE_OBJECT";
      std::string refs = lower_ref(e, ref, {true, false, true});
      add_kw(args, "refs", refs);
      if (ref->is_dict()) add_str(args, "what", e.span(ref->find("has_name")));
    }
  }
  e.line("caip_answer(" + str_lit(kind) + (args.empty() ? "" : ", " + args) + ")");
}

void lower_put_memory(Emitter& e, const lf::Value& form) {
  const lf::Value* upsert = form.find("upsert");
  const lf::Value* data = upsert && upsert->is_dict() ? upsert->find("memory_data") : nullptr;
  const lf::Value* f = form.find("filters");
  const lf::Value* ref = f && f->is_dict() ? f->find("reference_object") : nullptr;
  if (data && data->is_dict() && e.text(data->find("memory_type")) == "REWARD") {
    e.line("caip_reward(" + str_lit(e.text(data->find("reward_value"))) + ")");
    return;
  }
  std::string tag;
  if (data && data->is_dict()) {
    for (const char* key : {"has_tag", "has_name", "has_colour", "has_size"})
      if (tag.empty()) tag = e.span(data->find(key));
  }
  if (tag.empty()) {
    e.line("caip_ask(" + str_lit("What should I remember about it?") + ")");
    return;
  }
  std::string refs = lower_ref(e, ref, {true, false, false});
  e.line("caip_tag(" + refs + ", " + str_lit(tag) + ")");
}

}  // namespace plank::caip
