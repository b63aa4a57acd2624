#pragma once
// Performance of every job of a project as it is laid out in the project file (docs/engine.md).
// Jobs that cross the WAN share it in proportion to their traffic.
#include "perf/layer_breakdown.h"
#include "perf/mapping_search.h"
#include "perf/step_model.h"
#include "project/project.h"

#include <string>
#include <vector>

namespace podplanner::model::perf {

struct JobEvaluation {
    std::string name;
    std::int64_t chips = 0;
    Layout layout;
    bool mappingFromProject = false;
    std::string mappingText;
    StepResult step;
    LayerBreakdown layer;       // one layer and the LM head, one microbatch on one chip
    double timeToTrainDays = 0; // at this step time, without interruptions
    double energyKwh = 0;       // chips x power x time to train (0 when power is unknown)
    double costUsd = 0;         // chips x price per chip-hour x time to train
    LinkShares shares;          // of the DCN uplinks and WAN, when other jobs use them too
    std::string accuracyClass;  // the kind of plan its step time's accuracy is read for
};

struct ProjectEvaluation {
    std::vector<JobEvaluation> jobs;
};

Layout layoutOf(const Job& job);

// Throws InputError (pointer into /jobs/N/parallelism) when a job's layout cannot run.
ProjectEvaluation evaluateProject(const Project& project);

} // namespace podplanner::model::perf
