#include "agents/iglu/roles/builder.h"

#include "agents/iglu/roles/colour_word.h"
#include "agents/iglu/roles/llm_builder.h"
#include "agents/iglu/roles/plank_builder.h"
#include "agents/iglu/roles/program_builder.h"

namespace plank::iglu {

namespace {

bool ends_with(const std::string& s, std::string_view tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

std::optional<std::string> FixedReplyBuilder::reply(const BuildRequest&, std::string*) { return text_; }

const std::vector<std::string>& builder_names() {
  static const std::vector<std::string> names = {"plank", "colour-word", "llm", "FILE.plank"};
  return names;
}

std::unique_ptr<Builder> make_builder(const std::string& name, const ZoneRules& rules, std::string* error,
                                      llm::ChatOptions llm) {
  if (name == "colour-word") return std::make_unique<ColourWordBuilder>();
  if (name == "llm") {
    if (!llm.resolve(error)) return nullptr;
    return std::make_unique<LlmBuilder>(std::move(llm));
  }
  if (ends_with(name, ".plank")) {
    std::string why;
    auto file = SourceFile::load(name, &why);
    if (!file) {
      *error = why;
      return nullptr;
    }
    return std::make_unique<ProgramBuilder>(ProgramBuilderOptions{name, file->text(), rules});
  }
  if (name == "plank") {
    std::string path = default_builder_model_path(), why;
    auto model = load_builder_model(path, &why);
    if (!model) {
      *error = "the 'plank' builder needs its weights: " + why + " (`plank train builder` writes them)";
      return nullptr;
    }
    return std::make_unique<PlankBuilder>(std::make_shared<const BuilderModel>(std::move(*model)));
  }
  *error = "unknown builder '" + name + "' (expected plank, colour-word, llm or FILE.plank)";
  return nullptr;
}

}  // namespace plank::iglu
