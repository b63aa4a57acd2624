#pragma once
// The written report of a project (`podplanner report`): cluster, jobs and their layouts, the
// metrics table, the badput breakdown, collectives, the planner's best alternatives, and every
// built-in figure with its source. Markdown, or one self-contained HTML file.
#include "perf/evaluate.h"
#include "perf/planner.h"
#include "reliability/job_goodput.h"
#include "reliability/simulate.h"

#include <string>
#include <vector>

namespace podplanner::model::output {

// PrintableHtml: HTML for a page (Qt's PDF writer), without the screen's column width.
enum class ReportFormat { Markdown, Html, PrintableHtml };

// A picture drawn outside the model (charts and 3D views come from the Qt side), placed in its
// job's section. `source` is what the format links: a file name beside a Markdown report, a
// data: URI in a self-contained HTML one.
struct ReportFigure {
    std::size_t job = 0;
    std::string
        kind; // "badput" (replaces the text bars), "goodput-over-time", "physical", "logical"
    std::string caption;
    std::string source;
    int widthPx = 640; // shown width
    // What the colours mean, printed under the figure at text size: (label, "#rrggbb").
    std::vector<std::pair<std::string, std::string>> legend;
};

struct ReportInputs {
    const Project* project = nullptr;
    const perf::ProjectEvaluation* performance = nullptr;
    const std::vector<reliability::JobReliability>* reliability = nullptr;
    const std::vector<perf::PlanResult>* plans = nullptr; // one per job (may be empty)
    // Monte Carlo per job (may be empty): percentiles over trials, and goodput by day.
    const std::vector<reliability::SimulationResult>* simulations = nullptr;
    std::vector<ReportFigure> figures;
    std::string note;      // said under the title, e.g. why screenshots are missing
    std::string generator; // "PodPlanner 0.1.0"
};

std::string buildReport(const ReportInputs& inputs, ReportFormat format);

} // namespace podplanner::model::output
