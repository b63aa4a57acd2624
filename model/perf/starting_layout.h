#pragma once
// A new job's first layout: what a practitioner starts from before planning. The caller gives
// the mesh (fully sharded data parallelism over the job's chips); this picks the fewest
// gradient-accumulation microbatches that fit in HBM, under the job's recompute policy, then
// selective, then full recompute. The Auto-plan dialog searches the whole space; this only makes
// the job a user adds one that runs.
#include "project/project.h"

namespace podplanner::model::perf {

// Sets `job`'s microbatches and recompute to the first candidate that fits, timed alone on
// `project`'s cluster (memory does not depend on which cubes or nodes it gets, nor on the other
// jobs), and returns true. When none fits (or the job cannot run at all), the job is left as it
// was and false is returned: the window then marks it over HBM and the user plans it.
bool fitStartingLayout(const Project& project, Job& job);

} // namespace podplanner::model::perf
