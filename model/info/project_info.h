#pragma once
// The summary behind `podplanner info --json`: counts of the cluster's parts and links, and for
// every job its slices, torus shape, wraparound, twist, hops and bisection.
#include "project/project.h"

#include <string>

namespace podplanner::model {

// JSON text (2-space indented). The topology is built from the project's cluster.
std::string projectInfoJson(const Project& project);

} // namespace podplanner::model
