#include "cli.h"

#include "core/input_error.h"
#include "core/load_limits.h"
#include "info/project_info.h"
#include "project/project_io.h"
#include "version.h"

#include <charconv>
#include <iostream>
#include <optional>

namespace podplanner::app {

namespace {

const char* kHelp =
    R"(PodPlanner )" PODPLANNER_VERSION R"( - plan ML training pods: topology, performance, goodput

Usage:
  podplanner [PROJECT]                 open the GUI (optionally with a project)
  podplanner validate PROJECT          check a project file; exit 0, or an error and exit 1
  podplanner info PROJECT [--json]     counts of chips, hosts, cubes, OCS and links; every job's
                                       slice shape, wraparound, twist, hops and bisection
    podplanner format PROJECT [-o OUT]   rewrite a project in canonical form (atomically)
  podplanner evaluate PROJECT [--job N] [--json]
                                       step time, MFU, memory and collectives of each job
  podplanner plan PROJECT [--job N] [--top K] [--json]
                                       the best layouts of a job (default: the first) on its chips
  podplanner report PROJECT -o FILE.pdf|FILE.html|FILE.md [--letter] [--trials N] [--no-views]
                                       a report: cluster, jobs, metrics, badput and goodput-over-
                                       time charts, collectives, physical and logical views of
                                       each job (need a display: xvfb-run), the planner's
                                       alternatives and every figure's source
  podplanner render PROJECT -o FILE.png [--view physical|logical] [--job N] [--color MODE]
                 [--size WxH] [--zoom F] [--every-chip] [--fps-probe N]
                                       MODE: job, health, tp, fsdp, dp, pp, ep, cp,
                                       host, rack, powerRow or utilization
                                       draw the 3D scene to a PNG (needs a display: xvfb-run)
  podplanner sweep PROJECT --param POINTER=LO:HI:STEP ... [--shard I/N] --csv
                                       every combination of the parameters, evaluated; one CSV row
                                       per point and job; --shard I/N takes every N-th point from I
  podplanner simulate PROJECT [--job N] [--trials N] [--days D] [--seed S] [--json]
                                       Monte Carlo of failures and recovery: goodput percentiles
                                       and a sample timeline (defaults: 1000 trials, 30 days)
  podplanner export PROJECT --to maxtext|xpk|megatron|torchtitan [--job N] [-o FILE]
                                       the launch flags that run a job as planned, its mesh
                                       and what the framework cannot express (docs/interop.md)
  podplanner export PROJECT --to infragraph [-o FILE.json]
                                       the project's cluster as an InfraGraph document
  podplanner import maxtext|megatron|torchtitan FILE|- --into PROJECT [-o OUT]
                 [--shape TOPOLOGY] [--slices N] [--nodes N] [--name NAME]
                                       add the job a launch script or config describes;
                                       lists the flags PodPlanner does not model
  podplanner import infragraph FILE.json (-o NEW.podplanner | --into PROJECT) [--chip ID]
                                       a cluster from an InfraGraph document (JSON)
  podplanner presets [--json]          list built-in chips, clusters and models
  podplanner --version | --help

Limits (raise them for very large inputs):
  --max-chips N          largest cluster accepted (default 2000000)
  --max-file-bytes N     largest project file accepted (default 67108864)

Exit codes: 0 ok, 1 bad input, 2 usage. Errors go to stderr.
)";

const std::vector<std::string> kSubcommands = {"validate", "info",   "format",   "presets",
                                               "evaluate", "plan",   "simulate", "sweep",
                                               "report",   "export", "import"};

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
        if (a == "--json")
            o.json = true;
        else if (a == "--csv")
            o.csv = true;
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
        else if (a == "--name")
            o.name = value();
        else if (a == "--chip")
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

} // namespace

bool isCliInvocation(const std::vector<std::string>& args) {
    if (args.empty())
        return false;
    const std::string& first = args.front();
    if (first == "--help" || first == "-h" || first == "--version")
        return true;
    for (const auto& s : kSubcommands)
        if (first == s)
            return true;
    // Anything else that looks like a command rather than a file is a usage error for the CLI.
    return first.rfind('-', 0) == 0;
}

int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.empty() || args.front() == "--help" || args.front() == "-h") {
        out << kHelp;
        return kExitOk;
    }
    if (args.front() == "--version") {
        out << "podplanner " << PODPLANNER_VERSION << "\n";
        return kExitOk;
    }
    try {
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
            const PerfRequest request{onlyProject(o), o.job,  o.top, o.json,
                                      o.trials,       o.days, o.seed};
            if (o.command == "evaluate")
                return runEvaluate(request, o.limits, out);
            if (o.command == "plan")
                return runPlan(request, o.limits, out);
            return runSimulate(request, o.limits, out);
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
        throw UsageError{"unknown command \"" + o.command + "\""};
    } catch (const UsageError& e) {
        err << "podplanner: " << e.message << "\nRun 'podplanner --help' for usage.\n";
        return kExitUsage;
    } catch (const model::InputError& e) {
        err << "error: " << e.what() << "\n";
        return kExitBadInput;
    } catch (const std::exception& e) {
        err << "error: " << e.what() << "\n";
        return kExitBadInput;
    }
}

} // namespace podplanner::app
