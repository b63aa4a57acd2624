#pragma once
// HBM used per chip (docs/engine.md, "Memory"): weights, gradients and optimizer state of the
// chip's shard in the framework's dtypes and ZeRO stage; the activations the recompute policy
// keeps, times the layer-microbatches the pipeline schedule holds; temporary buffers. The first
// and the last pipeline stage are both counted and the larger is reported.
#include "perf/activation_policy.h"
#include "perf/job_context.h"
#include "perf/mesh_mapping.h"

namespace podplanner::model::perf {

struct MemoryBreakdown {
    double weights = 0;
    double gradients = 0;
    double optimizer = 0;
    double activations = 0;
    double temporary = 0;
    double hostBytes = 0; // activations offloaded to host memory

    double total() const { return weights + gradients + optimizer + activations + temporary; }
};

struct MemoryInputs {
    MeshSizes sizes{};
    int microbatches = 1;
    int virtualStages = 1;
    double tokensPerMicrobatch = 0;
    bool fsdpPerStep = false;
    int zeroStage = 0;
};

// Context-parallel ranks hold the same weights and compute gradients on other tokens, so they
// join the data-parallel family: FSDP shards over fsdp x cp (torchtitan's dp_shard_cp), and
// without FSDP the gradients are reduced, and ZeRO shards, over dp x cp (Megatron's
// data-parallel group with context parallelism). torchtitan applies FSDP over dp_shard_cp
// whenever cp is on, even with dp_shard 1.
bool fsdpOverCp(const FrameworkTraits& f, const MeshSizes& sizes);
double weightShards(const FrameworkTraits& f, const MeshSizes& sizes);
double gradientReplicas(const FrameworkTraits& f, const MeshSizes& sizes);

// Parameters held by one chip (its tp/pp/ep/fsdp shard), and the experts' part of them.
struct ChipParameters {
    double all = 0;
    double experts = 0;
};
// The chip's parameters on the stage that holds the most.
ChipParameters localParameters(const JobContext& ctx, const MeshSizes& sizes, int virtualStages);
// The replicas ZeRO shards a parameter's state over: dp x cp (gradientReplicas), and for the
// non-expert parameters also ep when the framework's ZeRO group includes it (zeroOverEp).
double denseReplicas(const FrameworkTraits& f, const MeshSizes& sizes);
// The part of `p` one chip keeps when ZeRO shards it over its replicas.
double zeroShare(const FrameworkTraits& f, const MeshSizes& sizes, const ChipParameters& p);
// The largest weight matrix of a layer on one chip before FSDP sharding (fused K and V counted
// as one).
double largestWeightTensor(const JobContext& ctx, const MeshSizes& sizes);
// One layer's parameters on one chip before FSDP sharding (what a per-layer gather moves).
double layerParameters(const JobContext& ctx, const MeshSizes& sizes);

MemoryBreakdown memoryPerChip(const JobContext& ctx, const MemoryInputs& in, const LayerCost& layer,
                              const ActivationPlan& plan, const HeadCost& head);

} // namespace podplanner::model::perf
