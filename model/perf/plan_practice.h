#pragma once
// Practice over a sliver of speed (docs/engine.md, "Planner"): tensor parallelism belongs on the
// fastest links, inside an NVLink node or a TPU slice. When the fastest layout's tp spans a
// slower level and a layout that keeps it inside runs within kMappingTolerance of it, that one
// ranks first: the engine cannot tell such a difference from its own error, and the layout
// practitioners run is the one whose cost is known.
#include "perf/plan_search.h"

namespace podplanner::model::perf {

// Chips joined by the fabric's fastest level: an NVLink node, a TPU slice's torus.
int fastestDomainChips(const JobFabric& fabric);

// Whether the mapped layout puts any of its tp group on a slower level than the fastest.
bool tpLeavesFastestLinks(const Layout& layout, const JobFabric& fabric);

// Reorders `ranked` (mapped, fastest first) so that the fastest layout keeping tp on the fastest
// links leads when it is within kMappingTolerance of #1's step (#1's mapping may itself be up to
// kMappingTolerance behind its mesh's fastest, by the mapping search's same rule); when none of
// `ranked` does, searches for one (tp at most the fastest domain), adds what it finds and ranks
// again. Nothing changes when that search is cancelled.
struct PracticeOutcome {
    bool reordered = false; // #1 is now a layout slower than the fastest, kept for its tp
    bool cancelled = false; // the second search was cancelled
};
PracticeOutcome preferPractice(const JobContext& ctx, const SearchSpace& space,
                               const SearchOptions& options, std::vector<PlanCandidate>& ranked);

} // namespace podplanner::model::perf
