#pragma once
// Enough of the POSIX shell to read the launch scripts that frameworks ship (Megatron-LM's
// examples/*.sh, MaxText's configs/tpu/*.sh, an xpk command line): comments, quotes, line
// continuations, variable and array assignments, ${VAR}, ${VAR:-default}, ${ARR[@]} and
// $((arithmetic)). Nothing is executed: control flow is read as plain commands, and what the
// script cannot know without running ($1, $(command), unset variables) stays as a placeholder
// word such as "<$1>" so that flags keep their values' places.
#include <map>
#include <string>
#include <vector>

namespace podplanner::model::interop {

struct ShellWord {
    std::string text;
    int line = 0; // 1-based
};

struct ShellCommand {
    std::vector<ShellWord> words; // after expansion; never empty
};

struct ShellComment {
    std::string text; // after the '#', untrimmed
    int line = 0;
};

struct ShellScript {
    std::vector<ShellCommand> commands;
    std::vector<ShellComment> comments;
    // Each variable's value where the script ends (an exported LIBTPU_INIT_ARGS, for one).
    std::map<std::string, std::vector<std::string>> variables;
};

ShellScript readShellScript(const std::string& text);

// Splits a string into words with the shell's quoting rules and expands nothing (for the
// value of xpk's --command "..."). Words carry `line`.
std::vector<ShellWord> splitShellWords(const std::string& text, int line);

// The end of the shell name ([A-Za-z_][A-Za-z0-9_]*, as in NAME=value) that starts at `from`
// in `text`, or `from` when none starts there.
std::size_t shellNameEnd(const std::string& text, std::size_t from);

} // namespace podplanner::model::interop
