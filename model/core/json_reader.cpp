#include "core/json_reader.h"

#include "core/message_text.h"
#include "core/nearest_word.h"
#include "core/text_input.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace podplanner::model {

namespace {

std::string quoted(const std::string& text) {
    // Appended, not "\"" + ... : GCC 12 warns (-Wrestrict) on that temporary, wrongly.
    std::string out = "\"";
    out += shortenForMessage(text, 60);
    out += '"';
    return out;
}

std::string joinChoices(const std::vector<std::string>& choices) {
    std::string out;
    for (std::size_t i = 0; i < choices.size(); ++i) {
        if (i)
            out += i + 1 == choices.size() ? " or " : ", ";
        out += quoted(choices[i]);
    }
    return out;
}

std::string rangeText(double min, double max) {
    std::ostringstream out;
    out << "from " << min << " to " << max;
    return out.str();
}

} // namespace

// Checks nesting before parsing, so that a hostile file cannot make the parser build (or later
// destroy) a deeply nested tree. Strings are skipped; returns the offset of the first bracket
// that is too deep, or npos.
std::size_t tooDeepAt(const std::string& text, int maxDepth) {
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            if (++depth > maxDepth)
                return i;
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    return std::string::npos;
}

Json parseJsonText(const std::string& text, const ParseLimits& limits) {
    if (text.size() > limits.maxBytes)
        throwInputError("", "a file of at most " + std::to_string(limits.maxBytes) + " bytes",
                        std::to_string(text.size()) + " bytes",
                        "the limit can be raised with --max-file-bytes");
    if (const std::size_t at = tooDeepAt(text, limits.maxDepth); at != std::string::npos)
        throw InputError({"",
                          lineColumn(text, at),
                          "nesting at most " + std::to_string(limits.maxDepth) + " levels deep",
                          "nesting " + std::to_string(limits.maxDepth + 1) + " levels deep",
                          {}});
    try {
        return Json::parse(text);
    } catch (const Json::parse_error& e) {
        const std::size_t offset = e.byte > 0 ? e.byte - 1 : 0;
        std::string what = e.what();
        // nlohmann's message: "[json.exception.parse_error.101] parse error at line 1, column 2:
        // syntax error while parsing value - invalid literal; last read: 'x'". Keep the detail.
        const auto dash = what.find(" - ");
        const std::string detail = dash == std::string::npos ? what : what.substr(dash + 3);
        throw InputError({"", lineColumn(text, offset), "valid JSON (UTF-8)", detail, {}});
    } catch (const Json::exception& e) {
        // E.g. a number too large for a double ("1e99999").
        std::string what = e.what();
        const auto bracket = what.find("] ");
        throw InputError({"",
                          "",
                          "valid JSON (UTF-8) with numbers a double can hold",
                          bracket == std::string::npos ? what : what.substr(bracket + 2),
                          {}});
    }
}

std::string childPointer(const std::string& parent, const std::string& key) {
    std::string escaped;
    for (char c : key) {
        if (c == '~')
            escaped += "~0";
        else if (c == '/')
            escaped += "~1";
        else
            escaped += c;
    }
    return parent + "/" + escaped;
}

std::string childPointer(const std::string& parent, std::size_t index) {
    return parent + "/" + std::to_string(index);
}

Json wholeNumberJson(double v) {
    if (std::floor(v) == v && std::fabs(v) < 9e15)
        return static_cast<std::int64_t>(v);
    return v;
}

std::string describeJson(const Json& value) {
    switch (value.type()) {
    case Json::value_t::null:
        return "null";
    case Json::value_t::boolean:
        return value.get<bool>() ? "true" : "false";
    case Json::value_t::string:
        return "the string " + quoted(value.get<std::string>());
    case Json::value_t::object:
        return "an object";
    case Json::value_t::array:
        return "an array of " + std::to_string(value.size());
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float:
        return value.dump();
    default:
        return "an unsupported value";
    }
}

void throwInputError(const std::string& pointer, const std::string& expected,
                     const std::string& found, const std::string& hint) {
    throw InputError({"", pointer, expected, found, hint});
}

std::int64_t readInteger(const Json& value, const std::string& pointer, std::int64_t min,
                         std::int64_t max) {
    const std::string expected =
        "an integer from " + std::to_string(min) + " to " + std::to_string(max);
    if (value.is_number_integer() || value.is_number_unsigned()) {
        if (value.is_number_unsigned() &&
            value.get<std::uint64_t>() >
                static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            throwInputError(pointer, expected, describeJson(value));
        const auto v = value.get<std::int64_t>();
        if (v < min || v > max)
            throwInputError(pointer, expected, describeJson(value));
        return v;
    }
    if (value.is_number_float()) {
        // Accept 1.5e13 for a token count, but not 2.5 chips.
        const double v = value.get<double>();
        if (std::isfinite(v) && std::floor(v) == v && v >= static_cast<double>(min) &&
            v <= static_cast<double>(max))
            return static_cast<std::int64_t>(v);
    }
    throwInputError(pointer, expected, describeJson(value));
}

double readNumber(const Json& value, const std::string& pointer, double min, double max) {
    const std::string expected = "a number " + rangeText(min, max);
    if (!value.is_number())
        throwInputError(pointer, expected, describeJson(value));
    const double v = value.get<double>();
    if (!std::isfinite(v) || v < min || v > max)
        throwInputError(pointer, expected, describeJson(value));
    return v;
}

std::string readString(const Json& value, const std::string& pointer) {
    if (!value.is_string())
        throwInputError(pointer, "a string", describeJson(value));
    return value.get<std::string>();
}

std::string readChoice(const Json& value, const std::string& pointer,
                       const std::vector<std::string>& choices) {
    const std::string expected = "one of " + joinChoices(choices);
    if (!value.is_string())
        throwInputError(pointer, expected, describeJson(value));
    const auto text = value.get<std::string>();
    for (const auto& choice : choices)
        if (choice == text)
            return text;
    const auto near = nearestWord(text, choices);
    throwInputError(pointer, expected, describeJson(value),
                    near ? "did you mean \"" + *near + "\"?" : std::string{});
}

ObjectReader::ObjectReader(const Json& value, std::string pointer)
    : value_(value), pointer_(std::move(pointer)) {
    if (!value_.is_object())
        throwInputError(pointer_, "an object", describeJson(value_));
}

bool ObjectReader::has(const std::string& key) const {
    return value_.contains(key);
}

const Json* ObjectReader::get(const std::string& key) {
    seen_.insert(key);
    const auto it = value_.find(key);
    return it == value_.end() ? nullptr : &*it;
}

const Json& ObjectReader::require(const std::string& key) {
    const Json* v = get(key);
    if (v)
        return *v;
    // A missing key is most often a misspelt one: point at the misspelling.
    for (const auto& [other, value] : value_.items())
        if (!seen_.count(other) && nearestWord(other, {key}))
            throwInputError(at(other), "a known key", "the unknown key \"" + other + "\"",
                            "did you mean \"" + key + "\"?");
    throwInputError(pointer_, "the key \"" + key + "\"", "an object without it");
}

std::int64_t ObjectReader::integer(const std::string& key, std::int64_t min, std::int64_t max) {
    return readInteger(require(key), at(key), min, max);
}

std::int64_t ObjectReader::integer(const std::string& key, std::int64_t min, std::int64_t max,
                                   std::int64_t fallback) {
    const Json* v = get(key);
    return v ? readInteger(*v, at(key), min, max) : fallback;
}

double ObjectReader::number(const std::string& key, double min, double max) {
    return readNumber(require(key), at(key), min, max);
}

double ObjectReader::number(const std::string& key, double min, double max, double fallback) {
    const Json* v = get(key);
    return v ? readNumber(*v, at(key), min, max) : fallback;
}

bool ObjectReader::boolean(const std::string& key, bool fallback) {
    const Json* v = get(key);
    if (!v)
        return fallback;
    if (!v->is_boolean())
        throwInputError(at(key), "true or false", describeJson(*v));
    return v->get<bool>();
}

std::string ObjectReader::string(const std::string& key) {
    return readString(require(key), at(key));
}

std::string ObjectReader::string(const std::string& key, const std::string& fallback) {
    const Json* v = get(key);
    return v ? readString(*v, at(key)) : fallback;
}

std::string ObjectReader::choice(const std::string& key, const std::vector<std::string>& choices) {
    return readChoice(require(key), at(key), choices);
}

std::string ObjectReader::choice(const std::string& key, const std::vector<std::string>& choices,
                                 const std::string& fallback) {
    const Json* v = get(key);
    return v ? readChoice(*v, at(key), choices) : fallback;
}

const Json& ObjectReader::object(const std::string& key) {
    const Json& v = require(key);
    if (!v.is_object())
        throwInputError(at(key), "an object", describeJson(v));
    return v;
}

const Json& ObjectReader::array(const std::string& key, std::size_t minSize, std::size_t maxSize) {
    const Json& v = require(key);
    const std::string expected =
        "an array of " + std::to_string(minSize) + " to " + std::to_string(maxSize) + " elements";
    if (!v.is_array() || v.size() < minSize || v.size() > maxSize)
        throwInputError(at(key), expected, describeJson(v));
    return v;
}

void ObjectReader::finish(const std::vector<std::string>& alsoKnown) const {
    std::vector<std::string> known(seen_.begin(), seen_.end());
    known.insert(known.end(), alsoKnown.begin(), alsoKnown.end());
    for (const auto& [key, value] : value_.items()) {
        if (seen_.count(key) ||
            std::find(alsoKnown.begin(), alsoKnown.end(), key) != alsoKnown.end())
            continue;
        const auto near = nearestWord(key, known);
        throwInputError(at(key), "a known key", "the unknown key \"" + key + "\"",
                        near ? "did you mean \"" + *near + "\"?" : std::string{});
    }
}

} // namespace podplanner::model
