#pragma once
// The planner's search over one job on one fabric (docs/engine.md, "Planner"): every split of
// the chips into dp x fsdp x tp x pp x ep x cp, every microbatch count, interleave depth,
// recompute policy, sequence parallelism, tp overlap, ZeRO stage and FSDP gather schedule the
// framework offers. Branch and bound: configurations are grouped by what decides their compute
// (the mesh sizes less the dp/fsdp split, microbatches, interleaving, sequence parallelism), each
// group gets a lower bound on its step time from one timed probe, groups are expanded best
// bound first, and a group or policy whose bound cannot beat the kept candidates is counted and
// skipped; so is a split whose least-memory sibling does not fit.
#include "perf/activation_policy.h"
#include "perf/step_model.h"

#include <atomic>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace podplanner::model::perf {

// What the search varies beyond the mesh sizes.
struct SearchSpace {
    std::vector<Recompute> recompute; // recompute and activation-offload policies
    std::vector<int> zeroStages{0};   // tried where ZeRO shards anything (dp x cp > 1)
    bool sequenceParallelOff = true;  // also try tp without sequence parallelism
    bool tpOverlap = true;            // also try tp collectives overlapped with the matmuls
    bool fsdpPerStep = true;          // also try FSDP weights gathered once per step
    int maxVirtualStages = 8;         // interleave depth when pp > 1
    // Also deeper interleaving that gives every chunk the same whole number of layers, down to
    // one layer a chunk (Megatron's --num-layers-per-virtual-pipeline-stage), and the job's own.
    bool wholeLayerChunks = true;
    int ownVirtualStages = 1;
    bool everyMicrobatchCount = true; // every divisor of the batch; else pp x 2^j (quick)
    int maxTp = 0;                    // tp at most this (0: any)
};

// Full: everything the job's framework can run. Quick: a screening subset for sizing's pass
// over many placements (none, selective and full recompute; ZeRO 0 and one sharded stage;
// sequence parallelism on, no tp overlap, per-pass gathers; the fewest microbatches that fill
// the pipeline and three doublings; interleave 1 or 2); its finalists are planned in Full.
enum class SearchDepth { Full, Quick };
SearchSpace searchSpace(const JobContext& ctx, SearchDepth depth);

struct PlanCandidate {
    Layout layout;
    StepResult step;
    std::string mappingText;
    std::string reason; // why it ranks where it does
};

struct SearchCounts {
    std::int64_t considered = 0;      // configurations in the space (all of the below)
    std::int64_t prunedByTime = 0;    // their step-time lower bound cannot beat the kept ones
    std::int64_t prunedByMemory = 0;  // a sibling that needs no more HBM does not fit
    std::int64_t equivalent = 0;      // a policy the engine cannot tell from one timed already
    std::int64_t cannotRun = 0;       // layoutProblem refuses them (the enumeration avoids it)
    std::int64_t noMapping = 0;       // the mesh does not fit the physical axes
    std::int64_t overHbm = 0;         // timed, do not fit in HBM
    std::int64_t fit = 0;             // timed and fit
    std::int64_t evaluations = 0;     // evaluateLayout calls (probes included)
    double smallestOverHbmBytes = -1; // of the timed ones over HBM, the closest
};

struct SearchOptions {
    std::size_t keep = 20; // candidates kept, one per mesh (sizes, microbatches, interleave)
    bool prune = true;     // false: time every configuration (tests compare the two)
    // Only configurations with a shorter step are wanted (another placement of the same chips
    // already has one this fast): with pruning, the others are skipped by the same bounds.
    double mustBeat = std::numeric_limits<double>::infinity();
    const std::atomic<bool>* cancel = nullptr;
};

struct SearchResult {
    std::vector<PlanCandidate> best; // fastest first, greedy mapping (the caller refines)
    SearchCounts counts;
    bool cancelled = false;
};

SearchResult searchLayouts(const JobContext& ctx, const SearchSpace& space,
                           const SearchOptions& options);

} // namespace podplanner::model::perf
