#pragma once
// The TOML that torchtitan's train_configs/*.toml use: [tables], [dotted.tables],
// key = value with strings, numbers, booleans and (possibly multi-line) arrays, comments.
// Each value becomes a flag "table.key" (value as text, arrays as "[a, b]").
#include "interop/launch_args.h"
#include "interop/shell_script.h"

#include <string>
#include <vector>

namespace podplanner::model::interop {

struct TomlDocument {
    FlagList values;
    std::vector<ShellComment> comments;
};

// Throws InputError ("line N: expected ..., found ...") for what it cannot read.
TomlDocument readToml(const std::string& text);

} // namespace podplanner::model::interop
