#pragma once
// The auto-planner (docs/engine.md, "Planner"): every factorization of a job's chips into
// dp x fsdp x tp x pp x ep x cp, with microbatches, recompute policy, interleaving and the mesh
// mapping; layouts that cannot run or do not fit are dropped (and counted by reason); the rest
// are ranked by tokens per second.
#include "perf/evaluate.h"

#include <atomic>
#include <string>
#include <vector>

namespace podplanner::model::perf {

struct PlanOptions {
    int top = 5;
    const std::atomic<bool>* cancel = nullptr; // checked between layouts
};

struct PlanCandidate {
    Layout layout;
    StepResult step;
    std::string mappingText;
    std::string reason; // why it ranks where it does
};

struct PlanResult {
    std::string job;
    std::int64_t chips = 0;
    std::vector<PlanCandidate> top;
    std::int64_t layoutsEvaluated = 0;  // timed layouts
    std::int64_t layoutsConsidered = 0; // including those rejected before timing
    std::int64_t rejectedInvalid = 0;   // cannot run (divisibility, batch, microbatches)
    std::int64_t rejectedNoMapping = 0; // mesh does not fit the physical axes
    std::int64_t rejectedMemory = 0;    // does not fit in HBM
    double smallestOverHbmBytes = 0;    // how far the best-fitting rejected layout was over
    std::string infeasibleReason;       // set when nothing fits
    double elapsedS = 0;
    bool cancelled = false;
};

PlanResult planJob(const Project& project, std::size_t jobIndex, const PlanOptions& options);

} // namespace podplanner::model::perf
