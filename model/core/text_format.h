#pragma once
// One printf-style number for texts and messages ("%.1f days", "$%.0f", "%g W").
#include <cstdio>
#include <string>

namespace podplanner::model {

inline std::string formatNumber(const char* pattern, double value) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, pattern, value);
    return buffer;
}

} // namespace podplanner::model
