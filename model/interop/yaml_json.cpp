#include "interop/yaml_json.h"

#include <yaml-cpp/yaml.h>

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <regex>

namespace podplanner::model::interop {

namespace {

// YAML 1.2 core schema for plain (unquoted) scalars.
Json scalar(const YAML::Node& node) {
    const std::string& text = node.Scalar();
    if (node.Tag() == "!") // quoted: always a string
        return text;
    static const std::regex nullWord("~|null|Null|NULL|");
    static const std::regex trueWord("true|True|TRUE");
    static const std::regex falseWord("false|False|FALSE");
    static const std::regex integer("[-+]?[0-9]+");
    static const std::regex real(R"([-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?)");
    if (std::regex_match(text, nullWord))
        return nullptr;
    if (std::regex_match(text, trueWord))
        return true;
    if (std::regex_match(text, falseWord))
        return false;
    if (std::regex_match(text, integer)) {
        long long v = 0;
        const char* begin = text.data() + (text[0] == '+' ? 1 : 0);
        if (std::from_chars(begin, text.data() + text.size(), v).ec == std::errc())
            return v;
    }
    if (std::regex_match(text, real)) {
        // strtod, not stod: an exponent past a double's range is refused here, not thrown as
        // std::out_of_range.
        const double v = std::strtod(text.c_str(), nullptr);
        if (!std::isfinite(v))
            throw InputError({"",
                              "line " + std::to_string(node.Mark().line + 1) + ", column " +
                                  std::to_string(node.Mark().column + 1),
                              "a number a double can hold (at most about 1.8e308)", text, ""});
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
            out[entry.first.as<std::string>()] = convert(entry.second, depth + 1);
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
    try {
        return convert(YAML::Load(text), 0);
    } catch (const YAML::Exception& e) {
        throw InputError({"",
                          "line " + std::to_string(e.mark.line + 1) + ", column " +
                              std::to_string(e.mark.column + 1),
                          "valid YAML", e.msg, ""});
    }
}

} // namespace podplanner::model::interop
