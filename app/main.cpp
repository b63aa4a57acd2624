// podplanner: with a subcommand it runs headless (cli.cpp); with nothing or a project file it
// opens the GUI. Help, usage errors, mistyped commands and missing files never start Qt.
#include "cli.h"

#include <iostream>
#include <string>
#include <vector>

#ifdef PODPLANNER_WITH_GUI
int runGui(int argc, char** argv);
int runRender(int argc, char** argv);
int runReportCommand(int argc, char** argv);
#endif

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
#ifdef PODPLANNER_WITH_GUI
    if (!args.empty() && !podplanner::app::asksForHelp(args)) {
        if (args.front() == "render")
            return runRender(argc, argv);
        if (args.front() == "report") // with charts, views and PDF
            return runReportCommand(argc, argv);
    }
#endif
    if (podplanner::app::isCliInvocation(args))
        return podplanner::app::runCli(args, std::cout, std::cerr);
#ifdef PODPLANNER_WITH_GUI
    return runGui(argc, argv);
#else
    std::cerr << "podplanner: this build has no GUI; use a subcommand (see --help)\n";
    return podplanner::app::kExitUsage;
#endif
}
