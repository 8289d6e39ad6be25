// Double-quoted, C-escaped text for dumps (AST, IR): control bytes become
// \xNN so a dump is always one readable line per node.
#pragma once
#include <string>
#include <string_view>

namespace plank {

std::string quote_for_dump(std::string_view text);

}  // namespace plank
