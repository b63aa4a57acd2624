#include "cli.h"

#include "cli_help.h"
#include "core/atomic_file.h"
#include "core/input_error.h"
#include "core/load_limits.h"
#include "core/message_text.h"
#include "core/nearest_word.h"
#include "info/project_info.h"
#include "project/project_io.h"
#include "version.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <functional>
#include <iostream>
#include <optional>

namespace podplanner::app {

namespace {

struct Options {
    std::string command;
    std::vector<std::string> positional;
    bool json = false;
    std::string output;
    long job = -1;
    int top = 5;
    int trials = 1000;
    double days = 30;
    std::uint64_t seed = 1;
    std::vector<std::string> params;
    std::string shard;
    bool csv = false;
    bool allChips = false;
    SizeCliRequest size;
    PackCliRequest pack;
    std::string to, into, shape, name, chip;
    int slices = 0, nodes = 0;
    model::LoadLimits limits;
};

std::int64_t parseCount(const std::string& option, const std::string& text) {
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || value <= 0)
        throw UsageError{option + " expects a positive whole number, got \"" + text + "\""};
    return value;
}

// A whole number from 0 to `most`.
int countOrZero(const std::string& option, const std::string& text, int most) {
    if (text == "0")
        return 0;
    return static_cast<int>(std::min<std::int64_t>(parseCount(option, text), most));
}

double parsePositive(const std::string& option, const std::string& text) {
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || !(value > 0))
        throw UsageError{option + " expects a positive number, got \"" + text + "\""};
    return value;
}

// Options of `size` (and `pack`); false when `a` is none of them.
bool parseSizeOption(const std::string& a, const std::function<std::string()>& value,
                     SizeCliRequest& r) {
    if (a == "--cluster")
        r.clusters.push_back(value());
    else if (a == "--deadline-days")
        r.deadlineDays = parsePositive(a, value());
    else if (a == "--budget-usd")
        r.budgetUsd = parsePositive(a, value());
    else if (a == "--budget-chip-hours")
        r.budgetChipHours = parsePositive(a, value());
    else if (a == "--price")
        r.prices.push_back(value());
    else if (a == "--power")
        r.powers.push_back(value());
    else if (a == "--max-spares")
        r.maxSpares = countOrZero(a, value(), 64);
    else if (a == "--shapes")
        r.shapes = true;
    else if (a == "--first-pass")
        r.firstPass = true;
    else if (a == "--report")
        r.report = value();
    else
        return false;
    return true;
}

bool parsePackOption(const std::string& a, const std::function<std::string()>& value,
                     PackCliRequest& r) {
    if (a == "--pod")
        r.pod = countOrZero(a, value(), 1 << 20);
    else if (a == "--priority")
        r.priorities.push_back(value());
    else if (a == "--min")
        r.minimums.push_back(value());
    else if (a == "--chips")
        r.wants.push_back(value());
    else if (a == "--shared-spares")
        r.sharedSpares = countOrZero(a, value(), 1 << 20);
    else
        return false;
    return true;
}

Options parseOptions(const std::vector<std::string>& args) {
    Options o;
    o.command = args.front();
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= args.size())
                throw UsageError{a + " needs a value"};
            return args[++i];
        };
        if (parseSizeOption(a, value, o.size) || parsePackOption(a, value, o.pack))
            continue;
        if (a == "--json")
            o.json = true;
        else if (a == "--csv")
            o.csv = true;
        else if (a == "--all-chips")
            o.allChips = true;
        else if (a == "--param")
            o.params.push_back(value());
        else if (a == "--shard")
            o.shard = value();
        else if (a == "-o" || a == "--output")
            o.output = value();
        else if (a == "--job")
            o.job = static_cast<long>(parseCount(a, value()) - 1);
        else if (a == "--trials")
            o.trials = static_cast<int>(std::min<std::int64_t>(parseCount(a, value()), 10'000'000));
        else if (a == "--days")
            o.days = static_cast<double>(std::min<std::int64_t>(parseCount(a, value()), 36500));
        else if (a == "--seed")
            o.seed = static_cast<std::uint64_t>(parseCount(a, value()));
        else if (a == "--top")
            o.top = static_cast<int>(std::min<std::int64_t>(parseCount(a, value()), 1000));
        else if (a == "--to")
            o.to = value();
        else if (a == "--into")
            o.into = value();
        else if (a == "--shape")
            o.shape = value();
        else if (a == "--name") {
            o.name = value();
            // The name goes into a project file, which holds UTF-8 text only.
            if (model::invalidUtf8At(o.name) != std::string::npos)
                throw UsageError{"--name expects UTF-8 text, got \"" +
                                 model::escapeForMessage(o.name) + "\""};
        } else if (a == "--chip")
            o.chip = value();
        else if (a == "--slices")
            o.slices = static_cast<int>(std::min<std::int64_t>(parseCount(a, value()), 10000));
        else if (a == "--nodes")
            o.nodes = static_cast<int>(std::min<std::int64_t>(parseCount(a, value()), 1000000));
        else if (a == "--max-chips")
            o.limits.maxChips = parseCount(a, value());
        else if (a == "--max-file-bytes")
            o.limits.maxFileBytes = static_cast<std::size_t>(parseCount(a, value()));
        else if (a.size() > 1 && a[0] == '-')
            throw UsageError{"unknown option " + a};
        else
            o.positional.push_back(a);
    }
    return o;
}

const std::string& onlyProject(const Options& o) {
    if (o.positional.size() != 1)
        throw UsageError{o.command + " takes exactly one PROJECT file"};
    return o.positional.front();
}

int runValidate(const Options& o, std::ostream& out) {
    const std::string& path = onlyProject(o);
    const model::Project project = model::loadProjectFile(path, o.limits);
    out << path << ": ok (" << project.jobs.size() << " job"
        << (project.jobs.size() == 1 ? "" : "s") << " on " << project.cluster.chips()
        << " chips of " << project.cluster.chip.name << ")\n";
    return kExitOk;
}

int runInfo(const Options& o, std::ostream& out) {
    const model::Project project = model::loadProjectFile(onlyProject(o), o.limits);
    const std::string json = model::projectInfoJson(project);
    if (o.json) {
        out << json;
        return kExitOk;
    }
    // The human form is the same data; JSON is the stable interface.
    out << "Project: " << project.name << "\nCluster: " << project.cluster.name << "\n" << json;
    return kExitOk;
}

int runFormat(const Options& o, std::ostream& out) {
    const std::string& path = onlyProject(o);
    const model::Project project = model::loadProjectFile(path, o.limits);
    const std::string target = o.output.empty() ? path : o.output;
    model::saveProjectFile(project, target);
    out << "wrote " << target << "\n";
    return kExitOk;
}

bool isCommand(const std::string& word) {
    const auto names = commandNames();
    return std::find(names.begin(), names.end(), word) != names.end();
}

bool isRegularFile(const std::string& path) {
    std::error_code ec;
    return std::filesystem::is_regular_file(path, ec);
}

// The first word is neither a subcommand nor an option, nor a file the GUI can open: something
// that looks like a path gets the loader's error (exit 1), any other word is a mistyped command.
int explainNotACommand(const std::string& word, std::ostream& err) {
    std::error_code ec;
    if (word.find_first_of("/.") != std::string::npos || std::filesystem::exists(word, ec)) {
        (void)model::readWholeFile(word, model::LoadLimits{}.maxFileBytes); // throws if it cannot
        throw UsageError{"\"" + word + "\" is a file: without a subcommand it opens in the GUI"};
    }
    std::string message = "error: unknown command \"" + word + "\"";
    if (const auto near = model::nearestWord(word, commandNames())) {
        message += " (did you mean \"" + *near + "\"?)";
    } else {
        message += ", and no file of that name (commands: ";
        for (const auto& name : commandNames())
            message.append(name == commandNames().front() ? "" : ", ").append(name);
        message += ")";
    }
    err << model::escapeForMessage(message) << "\nRun 'podplanner --help' for usage.\n";
    return kExitUsage;
}

} // namespace

bool asksForHelp(const std::vector<std::string>& args) {
    if (args.empty() || !isCommand(args.front()))
        return false;
    return std::any_of(args.begin() + 1, args.end(),
                       [](const std::string& a) { return a == "--help" || a == "-h"; });
}

bool isCliInvocation(const std::vector<std::string>& args) {
    // Only a project file to open goes to the GUI; anything else gets an answer on stderr.
    if (args.empty())
        return false;
    const std::string& first = args.front();
    return isCommand(first) || first.rfind('-', 0) == 0 || !isRegularFile(first);
}

int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.empty() || args.front() == "--help" || args.front() == "-h") {
        out << globalHelp();
        return kExitOk;
    }
    if (args.front() == "--version") {
        out << "podplanner " << PODPLANNER_VERSION << "\n";
        return kExitOk;
    }
    if (asksForHelp(args)) {
        out << *helpOfCommand(args.front());
        return kExitOk;
    }
    try {
        if (args.front().rfind('-', 0) == 0)
            throw UsageError{"unknown option " + args.front()};
        if (!isCommand(args.front()))
            return explainNotACommand(args.front(), err);
        const Options o = parseOptions(args);
        if (o.command == "validate")
            return runValidate(o, out);
        if (o.command == "info")
            return runInfo(o, out);
        if (o.command == "format")
            return runFormat(o, out);
        if (o.command == "report") {
            if (o.output.empty())
                throw UsageError{"report needs -o FILE.md or -o FILE.html"};
            return runReport(onlyProject(o), o.output, o.limits, out);
        }
        if (o.command == "sweep") {
            if (o.params.empty())
                throw UsageError{"sweep needs at least one --param POINTER=LO:HI:STEP"};
            if (!o.csv)
                throw UsageError{"sweep writes CSV: add --csv"};
            return runSweep({onlyProject(o), o.params, o.shard}, o.limits, out, err);
        }
        if (o.command == "evaluate" || o.command == "plan" || o.command == "simulate") {
            const PerfRequest request{onlyProject(o), o.job,  o.top,  o.json,
                                      o.trials,       o.days, o.seed, o.allChips};
            if (o.command == "evaluate")
                return runEvaluate(request, o.limits, out);
            if (o.command == "plan")
                return runPlan(request, o.limits, out);
            return runSimulate(request, o.limits, out);
        }
        if (o.command == "size") {
            SizeCliRequest r = o.size;
            r.project = onlyProject(o);
            r.job = o.job;
            r.json = o.json;
            r.output = o.output;
            if (o.top != 5)
                r.top = o.top;
            return runSize(r, o.limits, out);
        }
        if (o.command == "pack") {
            PackCliRequest r = o.pack;
            r.project = onlyProject(o);
            r.json = o.json;
            r.output = o.output;
            return runPack(r, o.limits, out);
        }
        if (o.command == "export") {
            if (o.to.empty())
                throw UsageError{"export needs --to maxtext|xpk|megatron|torchtitan|infragraph"};
            InteropRequest r;
            r.format = o.to;
            r.project = onlyProject(o);
            r.output = o.output;
            r.job = o.job;
            return runExport(r, o.limits, out);
        }
        if (o.command == "import") {
            if (o.positional.size() != 2)
                throw UsageError{"import takes a FORMAT and a FILE (or - for standard input)"};
            InteropRequest r{o.positional[0], "",       o.positional[1], o.into, o.output, o.job,
                             o.shape,         o.slices, o.nodes,         o.name, o.chip};
            return runImport(r, o.limits, out, err);
        }
        if (o.command == "presets") {
            if (!o.positional.empty())
                throw UsageError{"presets takes no arguments"};
            return runPresets(o.json, out);
        }
        // The GUI build runs render itself (main.cpp); this one has no Qt Quick 3D.
        throw UsageError{o.command + " needs the GUI, which this build leaves out"};
    } catch (const UsageError& e) {
        err << "podplanner: " << model::escapeForMessage(e.message)
            << "\nRun 'podplanner --help' for usage.\n";
        return kExitUsage;
    } catch (const std::exception& e) { // model::InputError included
        err << "error: " << model::escapeForMessage(e.what()) << "\n";
        return kExitBadInput;
    }
}

} // namespace podplanner::app
