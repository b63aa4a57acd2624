// `podplanner export` and `podplanner import`: launch configs (model/interop/launch.h) and
// InfraGraph clusters (model/interop/infragraph.h).
#include "cli.h"

#include "core/atomic_file.h"
#include "core/input_error.h"
#include "core/message_text.h"
#include "interop/infragraph.h"
#include "interop/launch.h"
#include "project/project_io.h"

#include <iostream>
#include <iterator>
#include <sstream>

namespace podplanner::app {

namespace {

std::string readInput(const std::string& path, const model::LoadLimits& limits) {
    if (path != "-")
        return model::readWholeFile(path, limits.maxFileBytes);
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    if (text.size() > limits.maxFileBytes)
        throw std::runtime_error("standard input: larger than the limit of " +
                                 std::to_string(limits.maxFileBytes) + " bytes");
    return text;
}

void writeOutput(const std::string& path, const std::string& text, std::ostream& out) {
    if (path.empty() || path == "-") {
        out << text;
        return;
    }
    model::writeFileAtomically(path, text);
    out << "wrote " << path << "\n";
}

} // namespace

int runExport(const InteropRequest& r, const model::LoadLimits& limits, std::ostream& out) {
    const model::Project project = model::loadProjectFile(r.project, limits);
    if (r.format == "infragraph") {
        writeOutput(r.output, model::interop::exportInfraGraph(project), out);
        return kExitOk;
    }
    const auto format = model::interop::launchFormatByName(r.format);
    if (!format)
        throw UsageError{"--to expects maxtext, xpk, megatron, torchtitan or infragraph, got \"" +
                         r.format + "\""};
    if (project.jobs.empty())
        throw std::runtime_error(r.project + ": the project has no job to export");
    if (r.job < 0 && project.jobs.size() > 1)
        throw UsageError{"the project has " + std::to_string(project.jobs.size()) +
                         " jobs: choose one with --job N"};
    const std::size_t index = r.job < 0 ? 0 : static_cast<std::size_t>(r.job);
    try {
        writeOutput(r.output, model::interop::exportLaunch(project, index, *format), out);
    } catch (const model::InputError& e) {
        throw e.withFile(r.project);
    }
    return kExitOk;
}

int runImport(const InteropRequest& r, const model::LoadLimits& limits, std::ostream& out,
              std::ostream& err) {
    const std::string text = readInput(r.input, limits);
    const std::string inputName = r.input == "-" ? "standard input" : r.input;
    if (r.format == "infragraph") {
        model::interop::InfraGraphOptions options{r.chip, r.name};
        model::interop::InfraGraphImport imported;
        try {
            imported = model::interop::importInfraGraph(text, r.input, options);
        } catch (const model::InputError& e) {
            throw e.withFile(inputName);
        }
        model::Project project;
        std::string target = r.output;
        if (!r.into.empty()) {
            project = model::interop::withCluster(model::loadProjectFile(r.into, limits),
                                                  imported.clusterJson);
            target = target.empty() ? r.into : target;
        } else {
            if (target.empty())
                throw UsageError{"import infragraph needs -o NEW.podplanner or --into PROJECT"};
            project = model::interop::projectFromCluster(imported.name, imported.clusterJson);
        }
        model::saveProjectFile(project, target);
        out << "wrote " << target << ": cluster \"" << project.cluster.name << "\", "
            << project.cluster.chips() << " chips of " << project.cluster.chip.name << "\n";
        for (const auto& n : imported.notes)
            out << "  note: " << n << "\n";
        return kExitOk;
    }
    const auto format = model::interop::launchFormatByName(r.format);
    if (!format)
        throw UsageError{"import expects maxtext, megatron, torchtitan or infragraph, got \"" +
                         r.format + "\""};
    if (r.into.empty())
        throw UsageError{"import " + r.format + " needs --into PROJECT (the job is added to it)"};
    const model::Project project = model::loadProjectFile(r.into, limits);
    model::interop::ImportedJob imported;
    model::Project result;
    try {
        imported = model::interop::importLaunch(project, *format, text,
                                                {r.shape, r.slices, r.nodes, r.name});
    } catch (const model::InputError& e) {
        throw e.withFile(inputName);
    }
    if (imported.job.name.empty() && imported.extras.empty()) {
        const std::string base = r.input.substr(r.input.find_last_of('/') + 1);
        const std::string stem = base.substr(0, base.find('.'));
        // A path may hold any bytes; a project holds UTF-8 text only.
        imported.job.name =
            r.input == "-" || model::invalidUtf8At(stem) != std::string::npos ? "imported" : stem;
    }
    try {
        result = model::interop::withImportedJob(project, imported);
    } catch (const model::InputError& e) {
        throw model::InputError({r.into, e.info().location, e.info().expected, e.info().found,
                                 "the job read from " + inputName + " does not fit the project" +
                                     (e.info().hint.empty() ? "" : "; " + e.info().hint)});
    }
    const std::string target = r.output.empty() ? r.into : r.output;
    model::saveProjectFile(result, target);
    const auto& p = imported.job.parallelism;
    out << "added job " << result.jobs.size() << " \"" << imported.job.name << "\" to " << target
        << ": dp " << p.dp << " x fsdp " << p.fsdp << " x tp " << p.tp << " x pp " << p.pp
        << " x ep " << p.ep << " x cp " << p.cp << " = " << p.meshSize() << " chips, "
        << p.microbatches << " microbatch" << (p.microbatches == 1 ? "" : "es") << ", recompute "
        << imported.job.training.recompute << ", " << imported.job.training.precision << "\n";
    for (const auto& n : imported.notes)
        out << "  note: " << n << "\n";
    if (!imported.unmodelled.empty()) {
        err << "not modelled by PodPlanner (" << imported.unmodelled.size() << "):\n";
        for (const auto& u : imported.unmodelled)
            err << "  " << u << "\n";
    }
    return kExitOk;
}

} // namespace podplanner::app
