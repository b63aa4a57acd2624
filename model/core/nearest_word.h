#pragma once
// Suggests the closest known word for a misspelt one ("paralelism" -> "parallelism").
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace podplanner::model {

std::size_t editDistance(std::string_view a, std::string_view b);

// The nearest candidate if it is close enough to be a plausible typo, else nothing.
std::optional<std::string> nearestWord(std::string_view word,
                                       const std::vector<std::string>& candidates);

} // namespace podplanner::model
