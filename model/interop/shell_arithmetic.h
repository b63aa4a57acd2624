#pragma once
// The shell's $(( )) over integers: + - * / % and parentheses, variables by name (unset or
// empty ones are 0, as in bash). Internal to shell_script.cpp.
#include <functional>
#include <optional>
#include <string>

namespace podplanner::model::interop {

using ShellLookup = std::function<std::optional<std::string>(const std::string&)>;

// `ok` turns false on a syntax error or a division by zero.
long long evaluateArithmetic(const std::string& expr, const ShellLookup& lookup, bool& ok);

} // namespace podplanner::model::interop
