#pragma once
// What-if: with some components marked failed in the topology, what state is each job in and
// what goodput does it have now and from here on (the GUI's click-to-fail uses this).
#include "reliability/job_goodput.h"
#include "topology/topology.h"

#include <string>
#include <vector>

namespace podplanner::model::reliability {

enum class JobState { Running, RecoveringOnSpare, Degraded, WaitingForRepair };
const char* jobStateName(JobState state);

struct WhatIfResult {
    JobState state = JobState::Running;
    int brokenSlices = 0;
    int sparesUsed = 0;         // spare cubes or nodes
    int spareHostsUsed = 0;     // spare hosts inside the broken nodes (NVL72 trays)
    double throughputNow = 1;   // share of the job's healthy throughput it runs at right now
    double goodputExpected = 0; // closed form from here on (spares used are gone until repaired)
    // Over the repair window (the longest repair of a part a spare stands in for): the recovery
    // happening now (swap or restarts, and the progress since the last checkpoint) counted
    // against the goodput from here on. What the GUI shows while something is failed.
    double windowH = 0;
    double goodputWindow = 0;
    std::vector<std::string> reasons;
};

// `topology` carries the failures; `reliability` is evaluateReliability() of the healthy project.
WhatIfResult whatIf(const Project& project, std::size_t job, const Topology& topology,
                    const std::vector<JobReliability>& reliability);

} // namespace podplanner::model::reliability
