// `evaluate` and `plan`: the performance engine from the command line.
#include "cli.h"

#include "core/json_reader.h"
#include "perf/evaluation_json.h"
#include "project/project_io.h"

#include <iomanip>
#include <ostream>

namespace podplanner::app {

namespace {

std::size_t checkedJob(const model::Project& project, long job) {
    if (job < 0)
        return 0;
    if (static_cast<std::size_t>(job) >= project.jobs.size())
        model::throwInputError("/jobs",
                               "a job number from 1 to " + std::to_string(project.jobs.size()),
                               std::to_string(job + 1));
    return static_cast<std::size_t>(job);
}

void printStep(const model::perf::StepResult& r, std::ostream& out) {
    constexpr double gib = 1024.0 * 1024.0 * 1024.0;
    out << std::fixed << std::setprecision(3) << "  step " << r.stepS << " s  (compute "
        << r.computeS << ", exposed comm " << r.exposedCommS << ", bubble " << r.bubbleS
        << ", optimizer " << r.optimizerS << ")\n"
        << std::setprecision(1) << "  MFU " << 100 * r.mfu << "%  HFU " << 100 * r.hfu
        << "%  tokens/s " << std::setprecision(0) << r.tokensPerS << "\n"
        << std::setprecision(1) << "  HBM " << r.memory.total() / gib << " of "
        << r.hbmCapacityBytes / gib << " GiB per chip" << (r.fits ? "" : "  DOES NOT FIT") << "\n"
        << std::defaultfloat << std::setprecision(6);
}

} // namespace

int runEvaluate(const PerfRequest& request, const model::LoadLimits& limits, std::ostream& out) {
    const model::Project project = model::loadProjectFile(request.project, limits);
    std::optional<std::size_t> only;
    if (request.job >= 0)
        only = checkedJob(project, request.job);
    const auto evaluation = model::perf::evaluateProject(project);
    if (request.json) {
        out << model::perf::evaluationJson(evaluation, only);
        return kExitOk;
    }
    for (std::size_t j = 0; j < evaluation.jobs.size(); ++j) {
        if (only && *only != j)
            continue;
        const auto& e = evaluation.jobs[j];
        out << e.name << " on " << e.chips << " chips  [" << e.mappingText << "]\n";
        printStep(e.step, out);
        out << std::setprecision(3) << "  time to train " << e.timeToTrainDays << " days\n"
            << std::defaultfloat << std::setprecision(6);
    }
    return kExitOk;
}

int runPlan(const PerfRequest& request, const model::LoadLimits& limits, std::ostream& out) {
    const model::Project project = model::loadProjectFile(request.project, limits);
    const std::size_t job = checkedJob(project, request.job);
    if (project.jobs.empty())
        model::throwInputError("/jobs", "at least one job to plan", "none");
    model::perf::PlanOptions options;
    options.top = request.top;
    const auto plan = model::perf::planJob(project, job, options);
    if (request.json) {
        out << model::perf::planJson(plan);
        return kExitOk;
    }
    out << plan.job << " on " << plan.chips << " chips: " << plan.layoutsEvaluated
        << " layouts timed of " << plan.layoutsConsidered << " considered in " << plan.elapsedS
        << " s\n";
    if (!plan.infeasibleReason.empty())
        out << "  " << plan.infeasibleReason << "\n";
    for (std::size_t i = 0; i < plan.top.size(); ++i)
        out << "#" << i + 1 << "  " << plan.top[i].mappingText << "\n    " << plan.top[i].reason
            << "\n";
    return kExitOk;
}

} // namespace podplanner::app
