// `evaluate` and `plan`: the performance engine from the command line.
#include "cli.h"

#include "core/atomic_file.h"
#include "core/json_reader.h"
#include "output/evaluation_json.h"
#include "output/report.h"
#include "perf/accuracy.h"
#include "project/project_io.h"
#include "reliability/job_goodput.h"
#include "version.h"

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
        << r.computeS << ", exposed comm " << r.exposedCommS;
    if (r.hostWaitS > 0)
        out << ", host wait " << r.hostWaitS;
    out << ", bubble " << r.bubbleS << ", optimizer " << r.optimizerS;
    if (r.evalS > 0)
        out << ", evaluation " << r.evalS;
    out << ")\n"
        << std::setprecision(1) << "  MFU " << 100 * r.mfu << "%  HFU " << 100 * r.hfu
        << "%  tokens/s " << std::setprecision(0) << r.tokensPerS << "\n"
        << std::setprecision(1) << "  HBM " << r.memory.total() / gib << " of "
        << r.hbmCapacityBytes / gib << " GiB per chip" << (r.fits ? "" : "  DOES NOT FIT") << "\n"
        << std::defaultfloat << std::setprecision(6);
}

// Where a layer's time goes: each operation forward and backward (docs/engine.md, "Output").
void printLayer(const model::perf::LayerBreakdown& b, std::ostream& out) {
    out << std::fixed << std::setprecision(0) << "  a layer, one microbatch of "
        << b.tokensPerMicrobatch << " tokens: " << std::setprecision(2) << "forward "
        << 1e3 * b.layer.forward() << " ms, backward " << 1e3 * b.layer.backward()
        << " ms, recompute " << 1e3 * b.recomputeS << " ms; LM head " << 1e3 * b.head.forwardS
        << " + " << 1e3 * b.head.backwardS << " ms\n    forward/backward ms:";
    for (std::size_t op = 0; op < model::perf::kLayerOps; ++op)
        out << " " << model::perf::layerOpName(static_cast<model::perf::LayerOp>(op)) << " "
            << 1e3 * b.layer.forwardS[op] << "/" << 1e3 * b.layer.backwardS[op];
    out << "\n" << std::defaultfloat << std::setprecision(6);
}

// What the mesh text does not say: microbatches, schedule, recompute, ZeRO, gathers, overlap.
std::string layoutKnobs(const model::perf::Layout& l) {
    std::string out = std::to_string(l.microbatches) + " microbatches";
    if (l.virtualStages > 1)
        out += ", interleaved x" + std::to_string(l.virtualStages);
    out += std::string(", recompute ") + model::perf::recomputeName(l.recompute);
    if (l.zeroStage > 0)
        out += ", ZeRO-" + std::to_string(l.zeroStage);
    if (l.sizes[model::perf::kFsdp] > 1)
        out += l.fsdpPerStep ? ", fsdp gathered per step" : ", fsdp gathered per pass";
    if (l.sizes[model::perf::kTp] > 1) {
        out += l.sequenceParallel ? ", sequence parallel" : ", no sequence parallelism";
        out += l.tpOverlap ? ", tp overlapped" : "";
    }
    return out;
}

} // namespace

int runEvaluate(const PerfRequest& request, const model::LoadLimits& limits, std::ostream& out) {
    const model::Project project = model::loadProjectFile(request.project, limits);
    std::optional<std::size_t> only;
    if (request.job >= 0)
        only = checkedJob(project, request.job);
    const auto evaluation = model::perf::evaluateProject(project);
    const auto reliability = model::reliability::evaluateReliability(project, evaluation);
    if (request.json) {
        out << model::output::evaluationJson(evaluation, reliability, only);
        return kExitOk;
    }
    for (std::size_t j = 0; j < evaluation.jobs.size(); ++j) {
        if (only && *only != j)
            continue;
        const auto& e = evaluation.jobs[j];
        out << e.name << " on " << e.chips << " chips  [" << e.mappingText << "]\n";
        if (const auto& chip = project.cluster.chip; chip.powerLimitW > 0)
            out << std::fixed << std::setprecision(0) << "  capped at " << chip.powerLimitW
                << " W: compute at " << std::setprecision(1) << 100 * chip.computeRateAtPowerLimit()
                << "% of the uncapped rate\n"
                << std::defaultfloat << std::setprecision(6);
        printStep(e.step, out);
        if (const auto* band = model::perf::accuracyBand(e.accuracyClass))
            out << "  accuracy: " << model::perf::describeAccuracy(*band) << "\n";
        printLayer(e.layer, out);
        const auto& g = reliability[j].goodput;
        out << std::fixed << std::setprecision(1) << "  goodput " << 100 * g.expected << "%  ("
            << g.interruptionsPerDay << " interruptions/day, checkpoint every "
            << g.checkpointIntervalMin << " min)\n"
            << std::setprecision(1) << "  time to train " << g.timeToTrainDays << " days ("
            << e.timeToTrainDays << " without interruptions)\n"
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
    options.allowFewerChips = !request.allChips;
    const auto plan = model::perf::planJob(project, job, options);
    if (request.json) {
        out << model::output::planJson(plan);
        return kExitOk;
    }
    out << plan.job << " on " << plan.chips << " chips: " << plan.layoutsConsidered
        << " configurations considered, " << plan.evaluations << " timed, "
        << plan.prunedByTime + plan.prunedByMemory + plan.equivalent << " skipped by bounds, in "
        << std::fixed << std::setprecision(2) << plan.elapsedS << " s\n"
        << std::defaultfloat << std::setprecision(6);
    if (plan.fewer)
        out << "  fewer chips: " << plan.fewer->why << "\n";
    if (!plan.infeasibleReason.empty())
        out << "  " << plan.infeasibleReason << "\n";
    for (std::size_t i = 0; i < plan.top.size(); ++i)
        out << "#" << i + 1 << "  " << plan.top[i].mappingText << "\n    "
            << layoutKnobs(plan.top[i].layout) << "\n    " << plan.top[i].reason << "\n";
    return kExitOk;
}

int runSimulate(const PerfRequest& request, const model::LoadLimits& limits, std::ostream& out) {
    const model::Project project = model::loadProjectFile(request.project, limits);
    if (project.jobs.empty())
        model::throwInputError("/jobs", "at least one job to simulate", "none");
    const std::size_t job = checkedJob(project, request.job);
    const auto evaluation = model::perf::evaluateProject(project);
    const auto reliability = model::reliability::evaluateReliability(project, evaluation);
    const auto& r = reliability[job];
    model::reliability::SimulationOptions options;
    options.trials = request.trials;
    options.days = request.days;
    options.seed = request.seed;
    const auto result = model::reliability::simulateGoodput(
        r.exposure, project.jobs[job].reliability, r.inputs, options);
    if (request.json) {
        out << model::output::simulationJson(project.jobs[job].name, result, r.goodput);
        return kExitOk;
    }
    out << std::fixed << std::setprecision(1) << project.jobs[job].name << ": " << result.trials
        << " trials of " << result.days << " days, seed " << result.seed << "\n"
        << "  goodput P5 " << 100 * result.goodput.p5 << "%  P50 " << 100 * result.goodput.p50
        << "%  P95 " << 100 * result.goodput.p95 << "%  (closed form " << 100 * r.goodput.expected
        << "%)\n"
        << "  time to train P5 " << result.timeToTrainDays.p5 << "  P50 "
        << result.timeToTrainDays.p50 << "  P95 " << result.timeToTrainDays.p95 << " days\n"
        << std::defaultfloat << std::setprecision(6);
    return kExitOk;
}

int runReport(const std::string& projectPath, const std::string& output,
              const model::LoadLimits& limits, std::ostream& out) {
    const auto ends = [&output](const char* suffix) {
        const std::string s(suffix);
        return output.size() >= s.size() &&
               output.compare(output.size() - s.size(), s.size(), s) == 0;
    };
    model::output::ReportFormat format;
    if (ends(".md"))
        format = model::output::ReportFormat::Markdown;
    else if (ends(".html") || ends(".htm"))
        format = model::output::ReportFormat::Html;
    else
        model::throwInputError("-o",
                               "a report file ending in .md or .html (PDF comes with the GUI "
                               "report)",
                               output);
    const model::Project project = model::loadProjectFile(projectPath, limits);
    const auto performance = model::perf::evaluateProject(project);
    const auto reliability = model::reliability::evaluateReliability(project, performance);
    std::vector<model::perf::PlanResult> plans;
    for (std::size_t j = 0; j < project.jobs.size(); ++j)
        plans.push_back(model::perf::planJob(project, j, {3, nullptr}));
    model::output::ReportInputs inputs;
    inputs.project = &project;
    inputs.performance = &performance;
    inputs.reliability = &reliability;
    inputs.plans = &plans;
    inputs.generator = "PodPlanner " PODPLANNER_VERSION;
    const std::string text = model::output::buildReport(inputs, format);
    model::writeFileAtomically(output, text);
    out << "wrote " << output << "\n";
    return kExitOk;
}

} // namespace podplanner::app
