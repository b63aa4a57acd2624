#pragma once
// One job of a project as the engines see it with a given layout: step, goodput with its spares,
// days to train, energy and cost (docs/sizing.md). What the planner and the sizer compare.
#include "perf/step_model.h"
#include "project/project.h"
#include "reliability/job_goodput.h"

#include <optional>
#include <string>

namespace podplanner::model::sizing {

// The layout as a project file states it: mesh sizes, microbatches, schedule, recompute, ZeRO,
// FSDP gathers, tp overlap; the mapping left to the engine (it finds the planner's again).
void writeLayout(Job& job, const perf::Layout& layout);

struct JobOutlook {
    perf::JobEvaluation performance;
    reliability::JobReliability reliability;
    double trainDays() const { return reliability.goodput.timeToTrainDays; }
};

// Both engines on `project` (every job, so that shared links and spares are counted); nothing
// when the project cannot be evaluated, with the reason in `why`.
std::optional<JobOutlook> outlookOf(const Project& project, std::size_t job,
                                    std::string* why = nullptr);

} // namespace podplanner::model::sizing
