#pragma once
// The headless command line: `podplanner SUBCOMMAND ...`. Output goes to `out`, errors to `err`.
// Exit codes: 0 ok, 1 bad input, 2 usage.
#include "core/load_limits.h"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace podplanner::app {

inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput = 1;
inline constexpr int kExitUsage = 2;

// Thrown for a malformed command line: printed with a pointer to --help, exit 2.
struct UsageError {
    std::string message;
};

// True unless the arguments are empty or start with a project file to open in the GUI: a
// subcommand, an option, a mistyped command or a missing file all get their answer from runCli.
bool isCliInvocation(const std::vector<std::string>& args);
// `podplanner COMMAND ... --help`: answered by runCli before anything needs a display.
bool asksForHelp(const std::vector<std::string>& args);
int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// `podplanner presets [--json]`
int runPresets(bool json, std::ostream& out);

struct PerfRequest {
    std::string project;
    long job = -1; // -1: every job
    int top = 5;
    bool json = false;
    int trials = 1000;
    double days = 30;
    std::uint64_t seed = 1;
    bool allChips = false; // plan: only on the job's chips, never fewer
};
// `podplanner evaluate PROJECT [--job N] [--json]` and `podplanner plan PROJECT [--job N]
// [--top K] [--json]`. They throw model::InputError / std::exception like the other commands.
int runEvaluate(const PerfRequest& request, const model::LoadLimits& limits, std::ostream& out);
int runPlan(const PerfRequest& request, const model::LoadLimits& limits, std::ostream& out);
struct SweepRequest {
    std::string project;
    std::vector<std::string> params;
    std::string shard;
};
// `podplanner sweep PROJECT --param POINTER=LO:HI:STEP ... [--shard I/N] --csv`
int runSweep(const SweepRequest& request, const model::LoadLimits& limits, std::ostream& out,
             std::ostream& err);

struct SizeCliRequest {
    std::string project;
    long job = -1;
    std::vector<std::string> clusters; // presets or project files; none: the project's
    std::optional<double> deadlineDays;
    std::optional<double> budgetUsd;
    std::optional<double> budgetChipHours;
    std::vector<std::string> prices; // LABEL=USD per chip-hour
    std::vector<std::string> powers; // LABEL=W per chip
    int maxSpares = 16;
    int top = 12; // rows of the Pareto front shown
    bool json = false;
    bool shapes = false;    // the slice-shape study of the recommended size
    bool firstPass = false; // one shape per size only (what the GUI shows first)
    std::string output;     // -o: the recommended point as a project
    std::string report;     // --report FILE.md|FILE.html
};
// `podplanner size PROJECT [--job N] [--cluster ID|FILE ...] [--deadline-days D]
// [--budget-usd X] [--budget-chip-hours H] [--price LABEL=USD] [--power LABEL=W]
// [--max-spares N] [--shapes] [--json] [-o OUT] [--report FILE]`
int runSize(const SizeCliRequest& request, const model::LoadLimits& limits, std::ostream& out);

struct PackCliRequest {
    std::string project;
    int pod = 0;
    std::vector<std::string> priorities; // NAME=P (lower first)
    std::vector<std::string> minimums;   // NAME=CHIPS
    std::vector<std::string> wants;      // NAME=CHIPS
    int sharedSpares = 1;
    bool json = false;
    std::string output;
};
// `podplanner pack PROJECT [--pod N] [--priority NAME=P] [--min NAME=CHIPS] [--chips NAME=CHIPS]
// [--shared-spares N] [--json] [-o OUT]`
int runPack(const PackCliRequest& request, const model::LoadLimits& limits, std::ostream& out);

// `podplanner report PROJECT -o FILE.md|FILE.html`
int runReport(const std::string& project, const std::string& output,
              const model::LoadLimits& limits, std::ostream& out);

// `podplanner simulate PROJECT [--job N] [--trials N] [--days D] [--seed S] [--json]`
int runSimulate(const PerfRequest& request, const model::LoadLimits& limits, std::ostream& out);

struct InteropRequest {
    std::string format;  // export: --to; import: the first argument
    std::string project; // export: the project file
    std::string input;   // import: FILE or "-"
    std::string into;    // import: the project to add to
    std::string output;  // -o
    long job = -1;
    std::string shape;
    int slices = 0;
    int nodes = 0;
    std::string name;
    std::string chip;
};
// `podplanner export PROJECT --to FORMAT [--job N] [-o FILE]`
int runExport(const InteropRequest& request, const model::LoadLimits& limits, std::ostream& out);
// `podplanner import FORMAT FILE|- --into PROJECT [-o OUT] ...` and
// `podplanner import infragraph FILE.json|yaml (-o NEW | --into PROJECT)`
int runImport(const InteropRequest& request, const model::LoadLimits& limits, std::ostream& out,
              std::ostream& err);

} // namespace podplanner::app
