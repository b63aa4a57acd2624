#pragma once
// Goodput of every job of a project, on top of the performance engine's step time.
#include "perf/evaluate.h"
#include "reliability/goodput.h"
#include "reliability/simulate.h"

#include <vector>

namespace podplanner::model::reliability {

struct JobReliability {
    JobExposure exposure;
    GoodputInputs inputs;
    GoodputResult goodput;
};

// One entry per job, in project order.
std::vector<JobReliability> evaluateReliability(const Project& project,
                                                const perf::ProjectEvaluation& performance);

} // namespace podplanner::model::reliability
