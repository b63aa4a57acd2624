#pragma once
// A sized point written into a project (docs/sizing.md, "Apply"): the candidate's cluster, the
// job's placement (pods, shape or nodes), its layout, hot spares, checkpoint policy and elastic
// choice. The GUI does it as one undo step; `podplanner size -o` saves it.
#include "project/project.h"
#include "sizing/size_search.h"

namespace podplanner::model::sizing {

// Writes `point` into job `job` of `project` (the cluster too when the candidate's differs).
// Throws InputError when the project can no longer be placed (another job does not fit the
// candidate's cluster).
void applyPoint(Project& project, std::size_t job, const Candidate& candidate,
                const SizePoint& point);

} // namespace podplanner::model::sizing
