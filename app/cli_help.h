#pragma once
// The help text of the command line: one entry per subcommand, shown together by `podplanner
// --help` and alone by `podplanner COMMAND --help`. No display and no project are needed.
#include <optional>
#include <string>
#include <vector>

namespace podplanner::app {

struct CommandHelp {
    std::string name;
    std::string usage;       // the arguments after the name; "\n" continues on an indented line
    std::string description; // lines, each ending in "\n"
    bool readsProject = true;
};

const std::vector<CommandHelp>& commandHelp();
std::vector<std::string> commandNames();
std::string globalHelp();
// `podplanner NAME --help`, or nothing when NAME is not a subcommand.
std::optional<std::string> helpOfCommand(const std::string& name);

} // namespace podplanner::app
