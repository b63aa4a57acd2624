#pragma once
// One printf-style number for the sizing texts ("%.1f days", "$%.0f").
#include <cstdio>
#include <string>

namespace podplanner::model::sizing {

inline std::string formatNumber(const char* pattern, double value) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, pattern, value);
    return buffer;
}

} // namespace podplanner::model::sizing
