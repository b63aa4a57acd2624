#include "interop/yaml_json.h"

#include "core/message_text.h"
#include "core/text_input.h"

#include <yaml-cpp/yaml.h>

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <initializer_list>

namespace podplanner::model::interop {

namespace {

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

// Digits from `i`; returns the index after them.
std::size_t skipDigits(const std::string& t, std::size_t i) {
    while (i < t.size() && isDigit(t[i]))
        ++i;
    return i;
}

std::size_t skipSign(const std::string& t, std::size_t i) {
    return i < t.size() && (t[i] == '-' || t[i] == '+') ? i + 1 : i;
}

// [-+]?[0-9]+
bool isInteger(const std::string& t) {
    const std::size_t start = skipSign(t, 0);
    const std::size_t end = skipDigits(t, start);
    return end > start && end == t.size();
}

// [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?, scanned by hand: std::regex recurses
// once per character and overflows the stack on a long scalar (a fuzzer's find).
bool isReal(const std::string& t) {
    std::size_t i = skipSign(t, 0);
    const std::size_t intStart = i;
    i = skipDigits(t, i);
    const bool intDigits = i > intStart;
    if (i < t.size() && t[i] == '.') {
        const std::size_t fracStart = ++i;
        i = skipDigits(t, i);
        if (!intDigits && i == fracStart)
            return false;
    } else if (!intDigits) {
        return false;
    }
    if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
        const std::size_t expStart = skipSign(t, i + 1);
        i = skipDigits(t, expStart);
        if (i == expStart)
            return false;
    }
    return i == t.size();
}

bool isOneOf(const std::string& t, std::initializer_list<const char*> words) {
    for (const char* w : words)
        if (t == w)
            return true;
    return false;
}

// Where yaml-cpp found something, as input errors say it: "line L, column C" (1-based).
std::string markText(const YAML::Mark& mark) {
    return "line " + std::to_string(mark.line + 1) + ", column " + std::to_string(mark.column + 1);
}

// A scalar as an error message shows it: at most 60 bytes and, when cut, its length.
std::string shortened(const std::string& text) {
    constexpr std::size_t maxShown = 60;
    if (text.size() <= maxShown)
        return text;
    return shortenForMessage(text, maxShown) + " (" + std::to_string(text.size()) + " characters)";
}

// yaml-cpp decodes UTF-16 and UTF-32 (guessed from NUL bytes) and re-encodes what it read
// without checking it, so a string it returns may not be UTF-8 even when the text was.
const std::string& utf8(const std::string& text, const YAML::Node& node) {
    if (invalidUtf8At(text) != std::string::npos)
        throw InputError({"", markText(node.Mark()), "UTF-8 text", shortened(text), ""});
    return text;
}

// YAML 1.2 core schema for plain (unquoted) scalars.
Json scalar(const YAML::Node& node) {
    const std::string& text = utf8(node.Scalar(), node);
    if (node.Tag() == "!") // quoted: always a string
        return text;
    if (isOneOf(text, {"~", "null", "Null", "NULL", ""}))
        return nullptr;
    if (isOneOf(text, {"true", "True", "TRUE"}))
        return true;
    if (isOneOf(text, {"false", "False", "FALSE"}))
        return false;
    if (isInteger(text)) {
        long long v = 0;
        const char* begin = text.data() + (text[0] == '+' ? 1 : 0);
        if (std::from_chars(begin, text.data() + text.size(), v).ec == std::errc())
            return v;
    }
    if (isReal(text)) {
        // strtod, not stod: an exponent past a double's range is refused here, not thrown as
        // std::out_of_range.
        const double v = std::strtod(text.c_str(), nullptr);
        if (!std::isfinite(v))
            throw InputError({"", markText(node.Mark()),
                              "a number a double can hold (at most about 1.8e308)", shortened(text),
                              ""});
        return v;
    }
    return text;
}

Json convert(const YAML::Node& node, int depth) {
    if (depth > ParseLimits{}.maxDepth)
        throwInputError("",
                        "a document nested at most " + std::to_string(ParseLimits{}.maxDepth) +
                            " levels deep",
                        "a deeper one");
    switch (node.Type()) {
    case YAML::NodeType::Map: {
        Json out = Json::object();
        for (const auto& entry : node)
            out[utf8(entry.first.as<std::string>(), entry.first)] =
                convert(entry.second, depth + 1);
        return out;
    }
    case YAML::NodeType::Sequence: {
        Json out = Json::array();
        for (const auto& item : node)
            out.push_back(convert(item, depth + 1));
        return out;
    }
    case YAML::NodeType::Scalar:
        return scalar(node);
    default:
        return nullptr;
    }
}

} // namespace

Json parseYamlAsJson(const std::string& text) {
    if (text.size() > ParseLimits{}.maxBytes)
        throwInputError("", "a document of at most 64 MiB", std::to_string(text.size()) + " bytes");
    requireUtf8(text); // yaml-cpp passes any bytes through into strings
    // YAML allows no NUL; yaml-cpp would take NULs as the mark of UTF-16 or UTF-32 text.
    if (const std::size_t nul = text.find('\0'); nul != std::string::npos)
        throw InputError(
            {"", lineColumn(text, nul), "YAML text (UTF-8, no NUL bytes)", "a NUL byte", ""});
    try {
        return convert(YAML::Load(text), 0);
    } catch (const YAML::Exception& e) {
        throw InputError({"", markText(e.mark), "valid YAML", e.msg, ""});
    }
}

} // namespace podplanner::model::interop
