// Quoted text: C-escaped for dumps (AST, IR: control bytes become \xNN so a
// dump is always one readable line per node), and JSON strings.
#pragma once
#include <string>
#include <string_view>

namespace plank {

std::string quote_for_dump(std::string_view text);

// `text` as a JSON string appended to `out`: quotes, backslashes and control bytes escaped
// (\n \r \t \b \f, else \u00NN); every other byte as it is (the caller's text is UTF-8).
void append_json_string(std::string& out, std::string_view text);

}  // namespace plank
