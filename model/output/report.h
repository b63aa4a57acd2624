#pragma once
// The written report of a project (`podplanner report`): cluster, jobs and their layouts, the
// metrics table, the badput breakdown, collectives, the planner's best alternatives, and every
// built-in figure with its source. Markdown, or one self-contained HTML file.
#include "perf/evaluate.h"
#include "perf/planner.h"
#include "reliability/job_goodput.h"

#include <string>
#include <vector>

namespace podplanner::model::output {

enum class ReportFormat { Markdown, Html };

struct ReportInputs {
    const Project* project = nullptr;
    const perf::ProjectEvaluation* performance = nullptr;
    const std::vector<reliability::JobReliability>* reliability = nullptr;
    const std::vector<perf::PlanResult>* plans = nullptr; // one per job (may be empty)
    std::string generator;                                // "PodPlanner 0.1.0"
};

std::string buildReport(const ReportInputs& inputs, ReportFormat format);

} // namespace podplanner::model::output
