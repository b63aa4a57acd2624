#include "core/text_input.h"

#include "core/input_error.h"
#include "core/message_text.h"

#include <algorithm>
#include <cctype>

namespace podplanner::model {

std::string lineColumn(const std::string& text, std::size_t offset) {
    std::size_t line = 1;
    std::size_t column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

void requireUtf8(const std::string& text) {
    const std::size_t at = invalidUtf8At(text);
    if (at == std::string::npos)
        return;
    throw InputError({"",
                      lineColumn(text, at),
                      "UTF-8 text",
                      "the byte " + escapeForMessage(text.substr(at, 1)),
                      {}});
}

std::string asciiLower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

} // namespace podplanner::model
