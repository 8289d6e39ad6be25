// Reference objects, locations and repeat counts.
#include "agents/caip/compile/emit.h"
#include "agents/caip/intrinsics/lexicon.h"

namespace plank::caip {

std::optional<long> lower_count(Emitter& e, const lf::Value* repeat, const char* what) {
  if (!repeat || !repeat->is_dict()) return 1;
  std::string text = e.span(repeat->find("repeat_count"));
  if (text.empty()) return e.text(repeat->find("repeat_key")) == "FOR" ? std::optional<long>(2) : std::optional<long>(1);
  if (auto n = parse_count(text)) return std::clamp(*n, 1L, 100L);
  if (e.assume) {
    e.line("caip_say(" + str_lit("I assumed \"" + text + "\" means once.") + ")");
    return 1;
  }
  e.line("caip_ask(" + str_lit(fmt::format("How many {} do you mean by \"{}\"?", what, text)) + ")");
  e.line("return");
  return std::nullopt;
}

std::string lower_location(Emitter& e, const lf::Value* loc) {
  if (!loc || !loc->is_dict()) return e.bind("at", "caip_location('SPEAKER_LOOK')");
  std::string type = e.text(loc->find("location_type"));
  std::string args;
  const lf::Value* ref = loc->find("reference_object");
  const lf::Value* ref1 = loc->find("reference_object_1");
  const lf::Value* ref2 = loc->find("reference_object_2");
  if (!ref) ref = ref1;
  if (ref && (type.empty() || type == "REFERENCE_OBJECT")) {
    type = "REFERENCE_OBJECT";
    add_kw(args, "ref", lower_ref(e, ref, {}));
    if (ref2) add_kw(args, "ref2", lower_ref(e, ref2, {}));
  }
  if (type.empty()) type = loc->find("coordinates") ? "COORDINATES" : "SPEAKER_LOOK";
  add_str(args, "coordinates", e.span(loc->find("coordinates")));
  add_str(args, "direction", e.text(loc->find("relative_direction")));
  add_str(args, "steps", e.span(loc->find("steps")));
  return e.bind("at", "caip_location(" + str_lit(type) + (args.empty() ? "" : ", " + args) + ")");
}

std::string lower_ref(Emitter& e, const lf::Value* ref, const RefLowering& how) {
  std::string args;
  if (ref && ref->is_dict()) {
    add_str(args, "name", e.span(ref->find("has_name")));
    add_str(args, "colour", e.span(ref->find("has_colour")));
    add_str(args, "size", e.span(ref->find("has_size")));
    add_str(args, "tag", e.span(ref->find("has_tag")));
    add_str(args, "block", e.span(ref->find("has_block_type")));
    if (ref->find("contains_coreference")) add_kw(args, "coref", "True");
    const lf::Value* repeat = ref->find("repeat");
    if (repeat && repeat->is_dict()) {
      if (e.text(repeat->find("repeat_key")) == "ALL") add_kw(args, "all", "True");
      else if (auto n = lower_count(e, repeat, "objects")) {
        if (*n > 1) add_kw(args, "count", std::to_string(*n));
      } else {
        return "None";
      }
    }
    if (const lf::Value* loc = ref->find("location")) {
      std::string at = lower_location(e, loc);
      add_kw(args, "at", at);
      // The direction already moved the location; it also filters candidates.
      add_str(args, "direction", e.text(loc->find("relative_direction")));
    }
  }
  if (args.empty() && !how.hole) add_kw(args, "coref", "True");  // "destroy" alone: what the speaker means
  if (how.hole) add_kw(args, "hole", "True");
  if (how.quiet) add_kw(args, "quiet", "True");
  if (how.many && args.find("all=") == std::string::npos && args.find("count=") == std::string::npos &&
      args.find("quiet=") == std::string::npos)
  {
    std::string one = e.bind("ref", "caip_find(" + args + ")");
    std::string list = e.fresh("refs");
    e.line(list + " = [" + one + "]");
    return list;
  }
  return e.bind("ref", "caip_find(" + args + ")");
}

}  // namespace plank::caip
