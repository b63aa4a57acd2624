#pragma once
// A PodPlanner project: a cluster and the training jobs placed on it (DESIGN.md, version 1).
#include "cluster/cluster_spec.h"
#include "project/job.h"

#include <string>
#include <vector>

namespace podplanner::model {

inline constexpr int kProjectFormatVersion = 1;

struct ViewSpec {
    std::string mode = "physical"; // physical | logical
    std::string color = "job";     // job | axis | health | utilization | failure_domain
};

struct Project {
    std::string name;
    // The "cluster" value exactly as written (compact JSON text), so that saving keeps a preset
    // reference and its overrides instead of expanding them.
    std::string clusterSource;
    ClusterSpec cluster; // resolved from clusterSource
    std::vector<Job> jobs;
    bool hasView = false;
    ViewSpec view;
};

} // namespace podplanner::model
