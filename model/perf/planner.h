#pragma once
// The auto-planner (docs/engine.md, "Planner"): the best layouts of a job on its chips, from a
// branch-and-bound search (plan_search.h) over every split, microbatch count, interleave depth,
// recompute and offload policy, ZeRO stage, FSDP gather schedule, sequence parallelism and tp
// overlap, with the mesh mapping. When it is faster, more reliable (idle chips kept as spares)
// or the only way to split the batch, it plans the job on fewer chips than it was given and says
// how many it leaves and why.
#include "perf/evaluate.h"
#include "perf/plan_search.h"

#include <atomic>
#include <limits>
#include <string>
#include <vector>

namespace podplanner::model::perf {

struct PlanOptions {
    int top = 5;
    const std::atomic<bool>* cancel = nullptr; // checked between layouts
    // Also plan on fewer chips (a smaller slice, fewer nodes or slices) and keep the rest idle
    // or as hot spares when that trains sooner, counting failures and repairs.
    bool allowFewerChips = true;
    SearchDepth depth = SearchDepth::Full;
    bool prune = true; // false: time every configuration (tests compare)
    // Only layouts faster than this (sizing: another shape of the same chips has one).
    double mustBeat = std::numeric_limits<double>::infinity();
};

// Where the plan's layouts run when that is not the job's own placement.
struct FewerChips {
    PlacementSpec placement; // the smaller placement (pods, shape or nodes)
    std::int64_t chips = 0;
    std::int64_t idleChips = 0; // of the job's chips, left out of the mesh
    int spareUnits = 0;         // of those, cubes or nodes held as the job's hot spares
    // Days to train, with goodput, on the job's chips and on these (0: nothing fits there).
    double daysOnAll = 0;
    double daysOnFewer = 0;
    std::string why;
};

struct PlanResult {
    std::string job;
    std::int64_t chips = 0; // the chips the top layouts use
    std::vector<PlanCandidate> top;
    std::int64_t layoutsEvaluated = 0;  // timed layouts that fit
    std::int64_t layoutsConsidered = 0; // every configuration of the space
    std::int64_t rejectedInvalid = 0;   // cannot run (divisibility, batch, microbatches)
    std::int64_t rejectedNoMapping = 0; // mesh does not fit the physical axes
    std::int64_t rejectedMemory = 0;    // timed, does not fit in HBM
    std::int64_t prunedByTime = 0;      // step-time bound cannot beat the kept layouts
    std::int64_t prunedByMemory = 0;    // a sibling that needs no more HBM does not fit
    std::int64_t equivalent = 0;        // a recompute policy identical to one timed already
    std::int64_t evaluations = 0;       // layouts timed, bound probes included
    double smallestOverHbmBytes = 0;    // how far the best-fitting rejected layout was over
    std::string infeasibleReason;       // set when nothing fits
    std::int64_t chipsGiven = 0;        // the job's placement
    std::optional<FewerChips> fewer;    // set when the top layouts use fewer chips
    double elapsedS = 0;
    bool cancelled = false;
};

PlanResult planJob(const Project& project, std::size_t jobIndex, const PlanOptions& options);

// The layout search of one job on one placement, its finalists mapped with the full mapping
// search, ranked and explained. `chips` and counts are filled; no fewer-chips search.
PlanResult planPlacement(const Job& job, const ClusterSpec& cluster, const JobPlacement& placement,
                         const PlanOptions& options);

} // namespace podplanner::model::perf
