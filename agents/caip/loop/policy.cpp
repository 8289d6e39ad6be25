#include "agents/caip/loop/policy.h"

#include "support/data_paths.h"

namespace plank::caip {

std::string default_policy_path() { return data_path(DataItem::Stdlib) + "/caip/conversation.plank"; }

}  // namespace plank::caip
