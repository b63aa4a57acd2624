// `size`: capacity planning from the command line (docs/sizing.md).
#include "cli.h"

#include "core/atomic_file.h"
#include "core/json_reader.h"
#include "core/text_format.h"
#include "project/project_io.h"
#include "sizing/shape_study.h"
#include "sizing/size_apply.h"
#include "sizing/size_json.h"
#include "sizing/size_ranking.h"
#include "sizing/size_report.h"

#include <charconv>
#include <cstdio>
#include <ostream>

namespace podplanner::app {

namespace {

using model::sizing::Candidate;
using model::sizing::SizePoint;
using model::sizing::SizeResult;

using model::formatNumber;

std::string fmt(const char* pattern, double value) {
    return formatNumber(pattern, value);
}

// "LABEL=VALUE" for --price and --power: the value applied to the candidate of that label.
void applyOverride(const std::string& option, const std::string& text,
                   std::vector<Candidate>& candidates, bool price) {
    const auto eq = text.rfind('=');
    double value = -1;
    if (eq != std::string::npos) {
        const char* begin = text.data() + eq + 1;
        const auto [end, ec] = std::from_chars(begin, text.data() + text.size(), value);
        if (ec != std::errc{} || end != text.data() + text.size())
            value = -1;
    }
    if (eq == std::string::npos || value < 0)
        throw UsageError{option + " expects LABEL=NUMBER (a --cluster or the project's), got \"" +
                         text + "\""};
    const std::string label = text.substr(0, eq);
    for (auto& c : candidates)
        if (c.label == label) {
            (price ? c.priceUsdPerChipHour : c.powerW) = value;
            (price ? c.priceSource : c.powerSource) = "given on the command line (" + option + ")";
            return;
        }
    std::string labels;
    for (const auto& c : candidates)
        labels += (labels.empty() ? "" : ", ") + c.label;
    throw UsageError{option + ": no candidate \"" + label + "\" (candidates: " + labels + ")"};
}

std::string money(const SizePoint& p, bool usd) {
    if (usd)
        return p.costUsd >= 1e6 ? fmt("$%.2fM", p.costUsd / 1e6) : fmt("$%.0f", p.costUsd);
    return p.chipHours >= 1e6 ? fmt("%.2fM chip-h", p.chipHours / 1e6)
                              : fmt("%.0f chip-h", p.chipHours);
}

std::string energy(const SizePoint& p) {
    return p.energyKwh < 0 ? "—" : fmt("%.0f MWh", p.energyKwh / 1000);
}

std::string spares(const SizePoint& p, const Candidate& c) {
    if (p.spares == 0)
        return "none";
    const bool gpu = c.cluster.pod.kind == model::PodKind::GpuFatTree;
    return std::to_string(p.spares) + (gpu ? " node" : " cube") + (p.spares == 1 ? "" : "s");
}

void printPoint(const SizePoint& p, const Candidate& c, bool usd, std::ostream& out) {
    out << "  " << c.label << ": " << p.option.text << ", " << p.option.chips << " chips, spares "
        << spares(p, c) << "\n"
        << "    " << fmt("%.1f days", p.trainDays) << " (" << fmt("%.1f", p.idealDays)
        << " without failures, goodput " << fmt("%.1f%%", 100 * p.goodput) << "), " << money(p, usd)
        << ", " << energy(p) << ", MFU " << fmt("%.1f%%", 100 * p.step.mfu) << "\n"
        << "    layout " << p.mappingText << "; " << p.layout.microbatches
        << " microbatches, recompute " << model::perf::recomputeName(p.layout.recompute) << "\n"
        << "    checkpoints " << p.checkpoint.text() << (p.elastic ? ", elastic" : "") << "\n"
        << "    limit: " << p.limitText << "\n";
}

void printText(const model::sizing::SizeRequest& request, const SizeResult& r, int top,
               std::ostream& out) {
    const auto& job = request.job;
    out << "Sizing " << job.name << ": "
        << fmt("%.3g", static_cast<double>(job.training.totalTokens)) << " tokens";
    if (request.deadlineDays)
        out << ", deadline " << *request.deadlineDays << " days";
    if (request.budgetUsd)
        out << ", budget $" << fmt("%.0f", *request.budgetUsd);
    if (request.budgetChipHours)
        out << ", budget " << fmt("%.0f", *request.budgetChipHours) << " chip-hours";
    out << "\n  " << request.candidates.size() << " candidate cluster"
        << (request.candidates.size() == 1 ? "" : "s") << ", " << r.placementsPlanned
        << " placements planned (" << r.placementsWithoutLayout << " with no layout, "
        << r.placementsDominated << " slower than another shape of the same chips), "
        << r.configurationsConsidered << " layout configurations considered, " << r.variantsScored
        << " spare and checkpoint variants scored, " << fmt("%.2f s", r.elapsedS) << "\n";
    for (const auto& note : r.notes)
        out << "  note: " << note << "\n";
    out << "\nRecommended: " << r.recommendation << "\n";
    if (r.recommended)
        printPoint(r.points[*r.recommended], request.candidates[r.points[*r.recommended].candidate],
                   r.costInUsd, out);

    out << "\nPareto front, time to train against cost (" << r.front.size() << " points):\n";
    out << "   days  cost           chips  spares     goodput  candidate, placement; limit\n";
    const std::size_t shown = std::min<std::size_t>(r.front.size(), static_cast<std::size_t>(top));
    for (std::size_t k = 0; k < shown; ++k) {
        const SizePoint& p = r.points[r.front[k]];
        const Candidate& c = request.candidates[p.candidate];
        char line[160];
        std::snprintf(line, sizeof line, "  %5.1f  %-13s %6lld  %-9s  %5.1f%%   ", p.trainDays,
                      money(p, r.costInUsd).c_str(), static_cast<long long>(p.option.chips),
                      spares(p, c).c_str(), 100 * p.goodput);
        out << line << (p.feasible() ? "" : "(misses) ") << c.label << ", " << p.option.text << "; "
            << p.limitText << "\n";
    }
    if (shown < r.front.size())
        out << "  ... " << r.front.size() - shown << " more (--top K, or --json)\n";

    out << "\nCandidates side by side (each one's best):\n";
    for (std::size_t c = 0; c < request.candidates.size(); ++c) {
        const Candidate& cand = request.candidates[c];
        out << "  " << cand.label << " (" << cand.cluster.chip.name << "): ";
        if (!r.bestPerCandidate[c]) {
            out << "no placement can train the job\n";
            continue;
        }
        const SizePoint& p = r.points[*r.bestPerCandidate[c]];
        out << p.option.chips << " chips, " << fmt("%.1f days", p.trainDays) << ", goodput "
            << fmt("%.1f%%", 100 * p.goodput) << ", " << energy(p) << ", "
            << (p.costUsd >= 0 ? money(p, true) : std::string("no price")) << "\n"
            << "    price: "
            << (cand.priceUsdPerChipHour > 0 ? fmt("$%.2f per chip-hour", cand.priceUsdPerChipHour)
                                             : std::string("unknown"))
            << " (" << cand.priceSource << ")\n    power: "
            << (cand.powerW > 0 ? fmt("%.0f W per chip", cand.powerW) : std::string("unknown"))
            << " (" << cand.powerSource << ")\n";
    }
}

} // namespace

int runSize(const SizeCliRequest& r, const model::LoadLimits& limits, std::ostream& out) {
    const model::Project project = model::loadProjectFile(r.project, limits);
    if (project.jobs.empty())
        model::throwInputError("/jobs", "a job to size", "none");
    const std::size_t jobIndex = r.job < 0 ? 0 : static_cast<std::size_t>(r.job);
    if (jobIndex >= project.jobs.size())
        model::throwInputError("/jobs",
                               "a job number from 1 to " + std::to_string(project.jobs.size()),
                               std::to_string(jobIndex + 1));
    model::sizing::SizeRequest request;
    request.job = project.jobs[jobIndex];
    request.deadlineDays = r.deadlineDays;
    request.budgetUsd = r.budgetUsd;
    request.budgetChipHours = r.budgetChipHours;
    request.maxSpares = r.maxSpares;
    if (r.clusters.empty())
        request.candidates.push_back(model::sizing::projectCandidate(project, jobIndex, "project"));
    for (const auto& spec : r.clusters)
        request.candidates.push_back(model::sizing::resolveCandidate(spec, limits));
    for (const auto& p : r.prices)
        applyOverride("--price", p, request.candidates, true);
    for (const auto& p : r.powers)
        applyOverride("--power", p, request.candidates, false);

    model::sizing::SizeOptions options;
    options.refine = !r.firstPass;
    const SizeResult result = model::sizing::sizeJob(request, options);
    std::optional<model::sizing::ShapeStudy> study;
    if (r.shapes && result.recommended) {
        const SizePoint& p = result.points[*result.recommended];
        study = model::sizing::studyShapes(request.job, request.candidates[p.candidate].cluster,
                                           p.option.chips / p.option.slices);
    }
    if (r.json)
        out << model::sizing::sizeJson(request, result, study ? &*study : nullptr);
    else {
        printText(request, result, r.top, out);
        if (study)
            out << "\n" << model::sizing::shapeStudyText(*study);
    }
    if (!r.report.empty()) {
        for (const auto& [path, text] :
             model::sizing::sizeReportFiles(request, result, study ? &*study : nullptr, r.report)) {
            model::writeFileAtomically(path, text);
            if (!r.json)
                out << "wrote " << path << "\n";
        }
    }
    if (!r.output.empty()) {
        if (!result.recommended)
            model::throwInputError("-o", "a recommended plan to write", "none: nothing can train");
        model::Project written = project;
        const SizePoint& p = result.points[*result.recommended];
        model::sizing::applyPoint(written, jobIndex, request.candidates[p.candidate], p);
        model::saveProjectFile(written, r.output);
        if (!r.json)
            out << "wrote " << r.output << "\n";
    }
    return kExitOk;
}

} // namespace podplanner::app
