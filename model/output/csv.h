#pragma once
// CSV cells as spreadsheets read them (RFC 4180 quoting; numbers with ten significant digits).
#include <string>

namespace podplanner::model::output {

std::string csvField(const std::string& text);
std::string csvNumber(double value);

} // namespace podplanner::model::output
