#include "output/csv.h"

#include <sstream>

namespace podplanner::model::output {

std::string csvField(const std::string& text) {
    if (text.find_first_of(",\"\n\r") == std::string::npos)
        return text;
    std::string out = "\"";
    for (char c : text)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string csvNumber(double value) {
    std::ostringstream out;
    out.precision(10);
    out << value;
    return out.str();
}

} // namespace podplanner::model::output
