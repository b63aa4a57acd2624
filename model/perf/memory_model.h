#pragma once
// HBM used per chip (docs/engine.md, "Memory"): weights, gradients and optimizer state of the
// chip's shard; activations kept for the backward pass under the recompute policy (Korthikanti
// et al. 2022, adapted to flash attention and no dropout); temporary buffers.
#include "perf/job_context.h"
#include "perf/mesh_mapping.h"

namespace podplanner::model::perf {

struct MemoryBreakdown {
    double weights = 0;
    double gradients = 0;
    double optimizer = 0;
    double activations = 0;
    double temporary = 0;

    double total() const { return weights + gradients + optimizer + activations + temporary; }
};

struct MemoryInputs {
    MeshSizes sizes{};
    int microbatches = 1;
    Recompute recompute = Recompute::Selective;
    bool sequenceParallel = true;
    int virtualStages = 1;
    double tokensPerMicrobatch = 0;
    bool fsdpPerStep = false;
    bool shardOptimizer = false;
};

// Parameters held by one chip (its shard), on the pipeline stage that holds the most.
double localParameters(const JobContext& ctx, const MeshSizes& sizes, int virtualStages);

MemoryBreakdown memoryPerChip(const JobContext& ctx, const MemoryInputs& in);

} // namespace podplanner::model::perf
