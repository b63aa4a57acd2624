#include "cli_help.h"

#include "version.h"

namespace podplanner::app {

namespace {

constexpr std::size_t kDescriptionColumn = 39;

const char* kLimits = R"(Limits (raise them for very large inputs):
  --max-chips N          largest cluster accepted (default 2000000)
  --max-file-bytes N     largest project file accepted (default 67108864)
)";
const char* kExitCodes = "Exit codes: 0 ok, 1 bad input, 2 usage. Errors go to stderr.\n";

// Each line of `text` indented by `indent` spaces.
std::string indented(const std::string& text, std::size_t indent) {
    std::string out;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        const std::size_t stop = end == std::string::npos ? text.size() : end;
        out.append(indent, ' ').append(text, start, stop - start).append("\n");
        start = stop + 1;
    }
    return out;
}

// "podplanner NAME USAGE": a continuation of the usage goes on its own, indented line.
std::string usageLine(const CommandHelp& c, std::size_t continuationIndent) {
    std::string line = "podplanner " + c.name + (c.usage.empty() ? "" : " ");
    const std::size_t brk = c.usage.find('\n');
    line.append(c.usage, 0, brk);
    if (brk != std::string::npos)
        line.append("\n").append(indented(c.usage.substr(brk + 1), continuationIndent));
    return line;
}

} // namespace

const std::vector<CommandHelp>& commandHelp() {
    static const std::vector<CommandHelp> commands = {
        {"validate", "PROJECT", "check a project file; exit 0, or an error and exit 1\n"},
        {"info", "PROJECT [--json]",
         "counts of chips, hosts, cubes, OCS and links; every job's\n"
         "slice shape, wraparound, twist, hops and bisection\n"},
        {"format", "PROJECT [-o OUT]", "rewrite a project in canonical form (atomically)\n"},
        {"evaluate", "PROJECT [--job N] [--json]",
         "step time, MFU, memory and collectives of each job,\n"
         "and where one layer's time goes, operation by operation\n"},
        {"plan", "PROJECT [--job N] [--top K] [--all-chips] [--json]",
         "the best layouts of a job (default: the first) on its chips,\n"
         "or on fewer when that trains sooner or is the only split\n"
         "(the rest idle or hot spares; --all-chips: never fewer)\n"},
        {"size",
         "PROJECT [--job N] [--cluster ID|FILE ...] [--deadline-days D]\n"
         "[--budget-usd X] [--budget-chip-hours H] [--price LABEL=USD] [--power LABEL=W]\n"
         "[--max-spares N] [--shapes] [--top K] [--json] [-o OUT] [--report FILE.md|FILE.html]",
         "how many chips, which slices, spares and checkpoints train a\n"
         "job's tokens by a deadline at the lowest cost, on each\n"
         "candidate cluster (default: the project's); the Pareto front\n"
         "of time against cost with what limits each point, and the\n"
         "candidates side by side (docs/sizing.md); -o writes the\n"
         "recommended plan as a project\n"},
        {"pack",
         "PROJECT [--pod N] [--priority NAME=P] [--chips NAME=N] [--min NAME=N]\n"
         "[--shared-spares N] [--json] [-o OUT]",
         "pack the jobs of a pod onto its cubes in priority order:\n"
         "shapes, cubes in as few power rows as possible, shared\n"
         "spares; the largest slice still free, and what each job\n"
         "loses to sharing DCN, WAN and spares (docs/sizing.md)\n"},
        {"report", "PROJECT -o FILE.pdf|FILE.html|FILE.md [--letter] [--trials N] [--no-views]",
         "a report: cluster, jobs, metrics, badput and goodput-over-\n"
         "time charts, collectives, physical and logical views of\n"
         "each job (need a display: xvfb-run), the planner's\n"
         "alternatives and every figure's source\n"},
        {"render",
         "PROJECT -o FILE.png [--view physical|logical] [--job N] [--color MODE]\n"
         "[--size WxH] [--zoom F] [--every-chip] [--smooth-edges] [--fps-probe N]",
         "draw the 3D scene to a PNG (needs a display: xvfb-run);\n"
         "multisampled (4x) at rest; --smooth-edges also in motion;\n"
         "MODE: job, health, tp, fsdp, dp, pp, ep, cp,\n"
         "host, rack, powerRow or utilization\n"},
        {"sweep", "PROJECT --param POINTER=LO:HI:STEP ... [--shard I/N] --csv",
         "every combination of the parameters, evaluated; one CSV row\n"
         "per point and job; --shard I/N takes every N-th point from I\n"},
        {"simulate", "PROJECT [--job N] [--trials N] [--days D] [--seed S] [--json]",
         "Monte Carlo of failures and recovery: goodput percentiles\n"
         "and a sample timeline (defaults: 1000 trials, 30 days)\n"},
        {"export",
         "PROJECT --to maxtext|xpk|megatron|torchtitan [--job N] [-o FILE]\n"
         "PROJECT --to infragraph [-o FILE.json]",
         "the launch flags that run a job as planned, its mesh and\n"
         "what the framework cannot express (docs/interop.md); or the\n"
         "project's cluster as an InfraGraph document\n"},
        {"import",
         "maxtext|megatron|torchtitan FILE|- --into PROJECT [-o OUT]\n"
         "[--shape TOPOLOGY] [--slices N] [--nodes N] [--name NAME]\n"
         "infragraph FILE.json|yaml (-o NEW.podplanner | --into PROJECT) [--chip ID]",
         "add the job a launch script or config describes, listing the\n"
         "flags PodPlanner does not model; or a cluster from an\n"
         "InfraGraph document (JSON or YAML)\n",
         false},
        {"presets", "[--json]", "list built-in chips, clusters and models\n", false},
    };
    return commands;
}

std::vector<std::string> commandNames() {
    std::vector<std::string> names;
    for (const auto& c : commandHelp())
        names.push_back(c.name);
    return names;
}

std::string globalHelp() {
    std::string text = "PodPlanner " PODPLANNER_VERSION
                       " - plan ML training pods: topology, performance, goodput\n\nUsage:\n";
    text += "  podplanner [PROJECT]                 open the GUI (optionally with a project)\n";
    for (const auto& c : commandHelp()) {
        std::string usage = "  " + usageLine(c, 17);
        const bool fits =
            usage.find('\n') == std::string::npos && usage.size() + 1 < kDescriptionColumn;
        if (fits) {
            usage.append(kDescriptionColumn - usage.size(), ' ');
            const std::string rest = c.description.substr(c.description.find('\n') + 1);
            text += usage + c.description.substr(0, c.description.find('\n') + 1) +
                    indented(rest, kDescriptionColumn);
        } else {
            text += usage + (usage.back() == '\n' ? "" : "\n") +
                    indented(c.description, kDescriptionColumn);
        }
    }
    text += "  podplanner --version | --help\n";
    text += "  podplanner COMMAND --help            the options of one command\n\n";
    return text + kLimits + "\n" + kExitCodes;
}

std::optional<std::string> helpOfCommand(const std::string& name) {
    for (const auto& c : commandHelp()) {
        if (c.name != name)
            continue;
        std::string text = "Usage: " + usageLine(c, 7);
        if (text.back() != '\n')
            text += "\n";
        text.append("\n").append(indented(c.description, 2)).append("\n");
        if (c.readsProject)
            text += std::string(kLimits) + "\n";
        return text + kExitCodes;
    }
    return std::nullopt;
}

} // namespace podplanner::app
