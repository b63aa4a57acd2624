#include "interop/launch_args.h"

#include "core/input_error.h"

#include <charconv>
#include <cmath>

namespace podplanner::model::interop {

namespace {

// "1_024" as YAML and Python write numbers.
std::string withoutUnderscores(const std::string& text) {
    std::string digits;
    for (char c : text)
        if (c != '_')
            digits += c;
    return digits;
}

} // namespace

void FlagList::add(std::string name, std::string value, bool hasValue, int line) {
    flags_.push_back({std::move(name), std::move(value), hasValue, line, false});
}

const LaunchFlag* FlagList::find(const std::string& name) {
    LaunchFlag* last = nullptr;
    for (auto& f : flags_)
        if (f.name == name) {
            f.used = true;
            last = &f;
        }
    return last;
}

bool FlagList::has(const std::string& name) {
    return find(name) != nullptr;
}

bool FlagList::flag(const std::string& name) {
    const LaunchFlag* f = find(name);
    if (!f)
        return false;
    if (!f->hasValue)
        return true;
    if (f->value == "true" || f->value == "True" || f->value == "1")
        return true;
    if (f->value == "false" || f->value == "False" || f->value == "0")
        return false;
    throwFlagError(*f, "true or false");
}

std::optional<std::string> FlagList::text(const std::string& name) {
    const LaunchFlag* f = find(name);
    if (!f)
        return std::nullopt;
    if (!f->hasValue)
        throwFlagError(*f, "a value");
    return f->value;
}

std::optional<std::int64_t> FlagList::integer(const std::string& name) {
    const LaunchFlag* f = find(name);
    if (!f)
        return std::nullopt;
    const std::string digits = withoutUnderscores(f->value);
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (!f->hasValue || digits.empty() || ec != std::errc{} || end != digits.data() + digits.size())
        throwFlagError(*f, "a whole number");
    if (v > kMaxFlagInteger || v < -kMaxFlagInteger)
        throwFlagError(*f, "a whole number of at most " + std::to_string(kMaxFlagInteger));
    return v;
}

std::optional<double> FlagList::number(const std::string& name) {
    const LaunchFlag* f = find(name);
    if (!f)
        return std::nullopt;
    const std::string digits = withoutUnderscores(f->value);
    try {
        std::size_t used = 0;
        const double v = std::stod(digits, &used);
        if (used == digits.size() && std::isfinite(v))
            return v;
    } catch (const std::exception&) {
    }
    throwFlagError(*f, "a number");
}

std::vector<std::string> FlagList::unused() const {
    std::vector<std::string> out;
    for (const auto& f : flags_)
        if (!f.used)
            out.push_back(f.name + (f.hasValue ? "=" + f.value : "") + " (line " +
                          std::to_string(f.line) + ")");
    return out;
}

std::string flagLocation(const LaunchFlag& flag) {
    return "line " + std::to_string(flag.line) + ", " + flag.name;
}

void throwFlagError(const LaunchFlag& flag, const std::string& expected, const std::string& hint) {
    const std::string found = flag.hasValue ? "\"" + flag.value + "\"" : "no value";
    throw InputError({"", flagLocation(flag), expected, found, hint});
}

void throwFlagError(FlagList& flags, const std::string& name, const std::string& expected,
                    const std::string& hint) {
    if (const LaunchFlag* flag = flags.find(name))
        throwFlagError(*flag, expected, hint);
    throw InputError({"", name, expected, "not given (the framework's default)", hint});
}

} // namespace podplanner::model::interop
