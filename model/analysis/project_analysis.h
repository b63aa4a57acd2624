#pragma once
// Everything the GUI shows about a project in its current what-if state, computed in one pass
// so the topology is built once per edit: placement, the topology with the failed components
// marked, the performance and goodput engines, and each job's what-if state. A plain value that
// the GUI's worker thread hands back whole.
#include "perf/evaluate.h"
#include "project/placement.h"
#include "reliability/job_goodput.h"
#include "reliability/what_if.h"
#include "topology/topology.h"

#include <memory>
#include <string>
#include <vector>

namespace podplanner::model {

struct ProjectAnalysis {
    std::shared_ptr<const Topology> topology; // failures applied
    std::vector<JobPlacement> placements;
    std::vector<int> chipOwner; // job index per chip, -1 when free
    perf::ProjectEvaluation performance;
    std::vector<reliability::JobReliability> reliability; // of the healthy cluster
    std::vector<reliability::WhatIfResult> whatIf;        // one per job, with the failures
    // Why the engines have no numbers (a placement or layout that cannot run); empty when fine.
    std::string error;
    std::string errorPointer;
    double elapsedS = 0;

    bool hasNumbers() const { return error.empty(); }
};

// Never throws for bad plans: the reason lands in `error` and the topology is still returned
// when the cluster itself could be built.
ProjectAnalysis analyzeProject(const Project& project, const std::vector<Component>& failures);

} // namespace podplanner::model
